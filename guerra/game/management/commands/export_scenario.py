from typing import Any, cast

from django.core.management.base import CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from guerra.game.management.base import ItalianCommand
from guerra.game.models import Scenario
from guerra.game.scenarios.io import dumps, export_scenario


class Command(ItalianCommand):
    help = cast(str, gettext_lazy("Print a scenario as JSON (the format import_scenario reads)."))

    def fail(self, message: str) -> int:
        # One Italian line, no class name or traceback: the admin reads it as it is.
        self.stderr.write(message)
        return 1

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "name", metavar=_("NAME"), help=cast(str, gettext_lazy("The scenario's name."))
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            scenario = Scenario.objects.get(name=options["name"])
        except Scenario.DoesNotExist:
            raise SystemExit(
                self.fail(_("No scenario is named “%(name)s”.") % {"name": options["name"]})
            ) from None
        self.stdout.write(dumps(export_scenario(scenario)), ending="")
