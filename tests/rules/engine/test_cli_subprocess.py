"""Some of the command-line tests again, with `python -m guerra.rules` a real child process, as a
user runs it: its `__main__`, its exit status through `sys.exit`, its stdout and stderr encoded
and decoded. The rest of those tests answer the command in this process (tests/rules/commands.py);
here each command's good case, its refusals and its hostile files, one of each kind."""

from __future__ import annotations

import subprocess
from typing import Any

from tests.rules.commands import COMMAND, run_in_process
from tests.rules.engine import test_cli, test_cli_hostile
from tests.rules.game import test_commands


def test_the_command_really_runs_in_a_child_process() -> None:
    assert subprocess.run is not run_in_process
    done = subprocess.run([*COMMAND, "simulate"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("Uso: python -m guerra.rules ")
    assert done.stdout == ""


# Collected here a second time (pytest collects every test function a module holds), without
# their modules' `cli_in_process` mark: real child processes.
CHOSEN: dict[Any, tuple[str, ...]] = {
    test_cli: ("test_resolve_prints_the_outcome_of_the_example_case",
               "test_odds_prints_probabilities_that_sum_to_one",
               "test_malformed_json_names_the_line_and_column",
               "test_a_missing_file_and_a_wrong_command_are_explained"),
    test_cli_hostile: ("test_bytes_that_are_not_utf8_are_said_so_in_italian",
                       "test_a_lone_surrogate_is_explained",
                       "test_deep_nesting_is_explained"),
    test_commands: ("test_G21_G26_the_spec_example_auction",
                    "test_G23_the_opener_must_propose_a_pass_as_first_call_is_refused",
                    "test_auction_malformed_json_is_refused_in_one_line",
                    "test_G50_G57_the_spec_example_snapshot"),
}
for _module, _names in CHOSEN.items():
    for _name in _names:
        globals()[_name] = getattr(_module, _name)
