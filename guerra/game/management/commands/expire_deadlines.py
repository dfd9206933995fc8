"""Deadlines hold even with every browser closed. The server applies them by itself (its own
timer, see guerra/game/live/timer.py); this command does it from outside, for deployments whose
server processes run without the timer: run it from cron, or keep it running with --every. It
sends the e-mail reminders and daily summaries due as well, as the timer does."""

import time
from typing import Any, cast

from django.core.management.base import CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from guerra.game.management.base import ItalianCommand
from guerra.game.services.notices import scan
from guerra.game.services.play import expire_due


class Command(ItalianCommand):
    help = cast(
        str,
        gettext_lazy(
            "Apply the default of every decision (placement, auction call, action, an ally's "
            "answer) whose deadline has passed."
        ),
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--every",
            type=float,
            default=0,
            metavar=_("SECONDS"),
            help=cast(
                str, gettext_lazy("Keep running, checking every SECONDS (0: check once and exit).")
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        every: float = options["every"]
        while True:
            expired = expire_due()
            scan()  # the e-mail reminders and daily summaries due
            if expired or options["verbosity"] > 1:
                self.stdout.write(
                    ngettext("%(count)d deadline applied.", "%(count)d deadlines applied.", expired)
                    % {"count": expired}
                    if expired
                    else _("No deadline has passed.")
                )
            if every <= 0:
                return
            time.sleep(every)
