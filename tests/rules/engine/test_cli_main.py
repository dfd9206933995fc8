"""`cli.main`, the command line, called in this process: its arguments (from `sys.argv` when
none are given), its exit statuses, the JSON it prints and each Italian line a file that cannot
be read gives, the path named in full.

tests/rules/engine/test_cli.py and test_cli_hostile.py run the same command as a subprocess and
check the gist of these lines; here each line is checked whole.
"""

from __future__ import annotations

import codecs
import io
import json
import sys
from pathlib import Path

import pytest

from guerra.rules import cli

USAGE = ("Uso: python -m guerra.rules resolve|odds CASO.json, war-end SITUAZIONE.json "
         "oppure auction ASTA.json\n")

# An auction before any call, between two powers whose names are not ASCII; no "gold".
AUCTION = {"seating": ["Città", "Ducato"], "first_opener": "Città", "calls": []}
AUCTION_OUTPUT = """\
{
  "slots": [],
  "alliances": {
    "A": [],
    "B": []
  },
  "paid": {
    "Città": 0,
    "Ducato": 0
  },
  "unrest": {
    "Città": 0,
    "Ducato": 0
  },
  "next": {
    "power": "Città",
    "call": "propose"
  }
}
"""


def main(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(args), out, err)
    return status, out.getvalue(), err.getvalue()


def write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "case.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_main_prints_indented_json_with_the_names_as_written(tmp_path: Path) -> None:
    path = write(tmp_path, json.dumps(AUCTION))
    assert main("auction", str(path)) == (0, AUCTION_OUTPUT, "")


def test_main_reads_sys_argv_after_the_program_name(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, json.dumps(AUCTION))
    monkeypatch.setattr(sys, "argv", ["guerra.rules", "auction", str(path)])
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(stdout=out, stderr=err) == 0
    assert (out.getvalue(), err.getvalue()) == (AUCTION_OUTPUT, "")


@pytest.mark.parametrize(
    "args", [[], ["war-end"], ["simulate", "case.json"], ["auction", "a.json", "b.json"]],
    ids=["nothing", "no-file", "unknown-command", "two-files"])
def test_main_a_wrong_command_line_prints_the_usage(args: list[str]) -> None:
    assert main(*args) == (2, "", USAGE)


def test_main_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, b'{"a": "\xe8"}')
    assert main("war-end", str(path)) == (2, "", f"{path} non è testo UTF-8.\n")


def test_the_case_file_is_read_as_utf8_whatever_the_locale() -> None:
    """The file is decoded as UTF-8 even where the locale's encoding is another."""
    encodings: list[str | None] = []

    class Recorded:
        def read_text(self, encoding: str | None = None) -> str:
            encodings.append(encoding)
            return "{}"

    assert cli._load(Recorded()) == {}  # type: ignore[arg-type]
    assert len(encodings) == 1
    assert encodings[0] is not None and codecs.lookup(encodings[0]).name == "utf-8"


def test_main_a_file_that_cannot_be_read_says_why(tmp_path: Path) -> None:
    """A directory: Linux's own words for the error follow the path."""
    folder = tmp_path / "cases"
    folder.mkdir()
    assert main("auction", str(folder)) == (
        2, "", f"Impossibile leggere {folder}: [Errno 21] Is a directory: '{folder}'\n")


def test_main_a_file_nested_too_deeply_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert main("war-end", str(path)) == (
        2, "", f"{path} è annidato troppo in profondità per essere un file di caso.\n")


def test_main_a_lone_surrogate_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, '{"seating": ["Francia\\ud800", "Prussia"]}')
    assert main("auction", str(path)) == (
        2, "", f"{path} contiene testo che non è Unicode valido (un surrogato isolato).\n")


def test_main_a_number_too_long_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, '{"gold": {"Francia": ' + "9" * 5000 + "}}")
    assert main("auction", str(path)) == (
        2, "", f"{path} contiene un numero troppo lungo da leggere.\n")


def test_main_a_case_recursing_too_deeply_is_bad_input_naming_the_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A recursion beyond the reading of the file (in a command) is still bad input, status 2,
    with the path as given on the command line."""
    def recursing(command: str, path: Path) -> dict[str, object]:
        raise RecursionError

    monkeypatch.setattr(cli, "run", recursing)
    assert main("odds", "deep/case.json") == (
        2, "", "deep/case.json è annidato troppo in profondità per essere un file di caso.\n")
