"""The load bench's bookkeeping: how it counts what a socket heard, and its percentiles."""

from __future__ import annotations

import pytest

from bench.load_stats import ChainTracker, KindFigures, table
from bench.serving import cpu_seconds, percentiles


def heard(*pushes: tuple[str, int, int], hello: dict[str, int] | None = None) -> ChainTracker:
    tracker = ChainTracker()
    tracker.hello(hello or {"all": 0})
    for chain, seq, prev in pushes:
        tracker.push(chain, seq, prev)
    return tracker


def test_pushes_in_order_leave_no_gap_and_nothing_lost():
    tracker = heard(("all", 1, 0), ("all", 2, 1), ("all", 3, 2))
    assert (tracker.pushes, tracker.gaps, tracker.lost({"all": 3})) == (3, 0, 0)


def test_a_push_whose_prev_is_not_the_last_number_held_is_a_gap_and_its_holes_are_lost():
    tracker = heard(("all", 1, 0), ("all", 4, 3))
    assert tracker.gaps == 1
    assert tracker.lost({"all": 4}) == 2  # 2 and 3 never came


def test_a_number_of_a_gap_that_comes_late_is_no_longer_lost():
    tracker = heard(("all", 1, 0), ("all", 3, 2), ("all", 2, 1))
    assert (tracker.gaps, tracker.late, tracker.lost({"all": 3})) == (1, 1, 0)


def test_the_numbers_the_server_logged_past_the_last_push_are_lost():
    tracker = heard(("all", 1, 0), ("alliance-1-1", 1, 0), hello={"all": 0, "alliance-1-1": 0})
    assert tracker.lost({"all": 3, "alliance-1-1": 1, "power-9": 5}) == 2  # power-9: not followed


def test_a_repeated_push_is_counted_once():
    tracker = heard(("all", 1, 0), ("all", 1, 0))
    assert (tracker.duplicates, tracker.gaps, tracker.lost({"all": 1})) == (1, 0, 0)


def test_a_reconnections_hello_catches_up_without_loss_and_drops_the_chains_left():
    tracker = heard(("all", 1, 0), hello={"all": 0, "alliance-1-1": 2})
    tracker.hello({"all": 4, "alliance-2-2": 1})
    assert tracker.caught_up == 3
    assert tracker.known == {"all": 4, "alliance-2-2": 1}
    assert tracker.lost({"all": 4, "alliance-1-1": 7, "alliance-2-2": 1}) == 0


def test_the_hello_does_not_heal_a_hole_seen_while_connected():
    tracker = heard(("all", 1, 0), ("all", 3, 2))
    tracker.hello({"all": 5})
    assert tracker.lost({"all": 5}) == 1


def test_percentiles_of_a_hundred_and_one_samples_are_the_51st_and_the_100th():
    samples = [float(n) for n in range(101)]
    assert percentiles(samples) == (50.0, 99.0)
    assert percentiles([7.0]) == (7.0, 7.0)


def test_the_report_adds_every_kind_into_all():
    chat = KindFigures(push=[0.010], http=[0.020], count=1)
    move = KindFigures(push=[0.030], http=[0.040], count=2, errors=1)
    lines, total = table({"move": move, "chat": chat})
    assert (total.count, total.errors, sorted(total.push)) == (3, 1, [0.010, 0.030])
    assert [line.split()[0] for line in lines] == ["action", "chat", "move", "all"]
    assert lines[1].split()[1:4] == ["1", "10.0", "10.0"]


def test_cpu_seconds_reads_a_process_of_this_machine():
    import os

    spent = cpu_seconds(os.getpid())
    assert spent > 0
    with pytest.raises(FileNotFoundError):
        cpu_seconds(2**22 + 1)  # above Linux's largest process id


def test_a_player_reads_the_last_chat_line_it_holds_from_the_lines_the_server_sent():
    from bench.load_player import LINE

    html = b'<article class="chat-line mine" data-line="41">a</article>\n<article data-line="42">'
    assert [int(n) for n in LINE.findall(html)] == [41, 42]


def test_importing_the_benches_leaves_the_environment_alone() -> None:
    """The suite imports the benches' modules: a secret key set in the environment then would
    reach the servers other tests start, which would no longer read the suite's sessions."""
    import subprocess
    import sys
    from pathlib import Path

    check = ("import os; before = dict(os.environ); import bench.serving, bench.load_stats; "
             "print(dict(os.environ) == before)")
    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in __import__("os").environ.items() if k != "DJANGO_SECRET_KEY"}
    done = subprocess.run([sys.executable, "-c", check], cwd=root, env=env, text=True,
                          capture_output=True, check=True)
    assert done.stdout.strip() == "True", done.stderr
