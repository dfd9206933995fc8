"""`python -m guerra.rules resolve|odds CASE.json`: check an attack on its own;
`python -m guerra.rules war-end SNAPSHOT.json` and `auction AUCTION.json`: the end of a war
and an alliance auction (game-rules.md section 5).

Output is JSON on stdout. Any problem with the input (unreadable file, malformed JSON,
missing fields, impossible numbers, too few dice, a declaration or choice the rules refuse)
prints exactly one Italian line on stderr and exits with status 2; no traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from guerra.rules.flowchart import RefusedError, get_procedure
from guerra.rules.i18n import Message, _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError, Obj

BAD_INPUT = 2
INTERNAL_ERROR = 3
DEFAULT_PROCEDURE = "seed004"

CaseHandler = Callable[[Obj], dict[str, JSON]]


def _handlers(procedure: str) -> dict[str, CaseHandler] | None:
    """The case-file commands of a registered procedure (`Procedure.case_commands`)."""
    try:
        found = get_procedure(procedure)
    except LookupError:
        return None
    commands: dict[str, CaseHandler] = found.case_commands()
    return commands or None


def _load(path: Path) -> object:
    """The case file's JSON. Every way reading and decoding can fail is bad input, said in
    Italian: bytes that are not UTF-8, JSON nested deeper than Python recurses, a number of
    more than 4300 digits, an escaped lone surrogate (which could not be printed back)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(_("File not found: {path}", path=str(path))) from None
    except UnicodeDecodeError:
        raise DataError(_("{path} is not UTF-8 text.", path=str(path))) from None
    except OSError as error:
        raise DataError(_("Cannot read {path}: {error}", path=str(path),
                          error=str(error))) from None
    try:
        data = json.loads(text)
        json.dumps(data, ensure_ascii=False).encode("utf-8")  # "\ud800" decodes, never encodes
    except json.JSONDecodeError as error:
        raise DataError(_("{path} is not valid JSON (line {line}, column {column}).",
                          path=str(path), line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise DataError(_("{path} is nested too deeply to be a case file.",
                          path=str(path))) from None
    except UnicodeEncodeError:
        raise DataError(_("{path} holds text that is not valid Unicode (a lone surrogate).",
                          path=str(path))) from None
    except ValueError:  # a number of more than 4300 digits
        raise DataError(_("{path} holds a number too long to read.", path=str(path))) from None
    return data


def _game_commands() -> dict[str, CaseHandler]:
    from guerra.rules.game.commands import auction, war_end

    return {"war-end": war_end, "auction": auction}


COMMANDS = ("resolve", "odds", "war-end", "auction")


def run(command: str, path: Path) -> dict[str, JSON]:
    data = _load(path)
    if not isinstance(data, dict):
        raise DataError(_("The case file must be a JSON object."))
    if command in ("war-end", "auction"):
        return _game_commands()[command](data)
    name = data.get("procedure", DEFAULT_PROCEDURE)
    handlers = _handlers(name) if isinstance(name, str) else None
    if handlers is None or command not in handlers:
        raise DataError(_("Unknown procedure “{name}”.", name=str(name)))
    return handlers[command](data)


def _fail(message: Message, stderr: TextIO, status: int) -> int:
    # One line, whatever the message contains.
    print(" ".join(message.render().split()), file=stderr)
    return status


def main(argv: list[str] | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out, err = stdout or sys.stdout, stderr or sys.stderr
    if len(args) != 2 or args[0] not in COMMANDS:
        return _fail(_("Usage: python -m guerra.rules resolve|odds CASE.json, "
                       "war-end SNAPSHOT.json or auction AUCTION.json"), err, BAD_INPUT)
    try:
        result = run(args[0], Path(args[1]))
    except DataError as error:
        return _fail(error.message, err, BAD_INPUT)
    except RefusedError as error:
        return _fail(error.reason, err, BAD_INPUT)
    except RecursionError:  # only a case nested deeply enough recurses this far
        return _fail(_("{path} is nested too deeply to be a case file.", path=args[1]), err,
                     BAD_INPUT)
    except Exception as error:  # a bug: still one line, but a distinct status
        return _fail(_("Unexpected error: {error}", error=repr(error)), err, INTERNAL_ERROR)
    print(json.dumps(result, ensure_ascii=False, indent=2), file=out)
    return 0
