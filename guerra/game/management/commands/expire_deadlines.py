"""A3: deadlines hold even with every browser closed. Run it from cron, or with --every."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from guerra.game.services.attacks import expire_due


class Command(BaseCommand):
    help = "Apply the default answer of every attack decision whose deadline has passed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--every",
            type=float,
            default=0,
            help="Keep running, checking every SECONDS (0: check once and exit).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        every: float = options["every"]
        while True:
            expired = expire_due()
            if expired or options["verbosity"] > 1:
                self.stdout.write(f"expired: {expired}")
            if every <= 0:
                return
            time.sleep(every)
