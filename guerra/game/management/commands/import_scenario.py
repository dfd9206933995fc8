from pathlib import Path
from typing import Any, cast

from django.core.management.base import CommandParser
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from guerra.game.management.base import ItalianCommand
from guerra.game.scenarios.io import ScenarioFileError, import_scenario, parse


class Command(ItalianCommand):
    help = cast(
        str,
        gettext_lazy("Create a scenario from a JSON file, or replace the one with the same name."),
    )

    def fail(self, message: str) -> int:
        # One Italian line, no class name or traceback: the admin reads it as it is.
        self.stderr.write(message)
        return 1

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", metavar=_("FILE"), help=cast(str, gettext_lazy("The scenario's JSON file."))
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            data = parse(path.read_bytes())
            scenario, replaced = import_scenario(data)
        except OSError:
            raise SystemExit(
                self.fail(_("Cannot read the file “%(file)s”.") % {"file": options["file"]})
            ) from None
        except ScenarioFileError as exc:
            raise SystemExit(self.fail(str(exc))) from None
        text = _("Scenario “%(name)s” replaced.") if replaced else _("Scenario “%(name)s” created.")
        self.stdout.write(text % {"name": scenario.name})
