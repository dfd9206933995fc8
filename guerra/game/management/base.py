"""What every Guerra command shares: its help in Italian, like every line it prints."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser


class ItalianCommand(BaseCommand):
    """`help` (the class's and its arguments') may be a lazy msgid: argparse needs text, so it is
    read, in the active language, when the parser is made."""

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        self.help = str(self.help)
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        for action in parser._actions:
            if action.help is not None and not isinstance(action.help, str):
                action.help = str(action.help)
        return parser
