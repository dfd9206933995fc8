"""What the load bench (bench/load.py) measured at one point of its curve, and its report: the
figures per kind of action, what was heard and lost, what the servers handed the channel layer
and asked the database (their counts: bench/serving.py), their CPU and garbage collections, and
whether the point holds the target."""

from __future__ import annotations

import argparse
import subprocess
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from bench.load_player import Player
from bench.load_stats import KindFigures, row, table
from bench.serving import percentiles, read_collections, server_counts

TARGET_P99 = 0.050


@dataclass
class Point:
    """What one point of the curve measured."""

    tables: int
    figures: dict[str, KindFigures] = field(default_factory=lambda: defaultdict(KindFigures))
    scheduled: int = 0  # actions due in the measured window (a table's first comes at random)
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    errors_seen: list[str] = field(default_factory=list)
    holds: bool = False
    client_stall: float = 0.0  # the bench's own loop, late by at most this (seconds)
    games_over: int = 0  # tables whose game is over (its final standings reached)
    refetched: KindFigures | None = None  # with --refetch: every GET of the run
    collection_logs: list[Path] = field(default_factory=list)  # each server's collections
    wall_window: tuple[float, float] = (0.0, 0.0)  # the measured window, wall-clock
    counted: dict[str, int] = field(default_factory=dict)  # the servers' counts in the window


def counts_of(servers: list[tuple[subprocess.Popen[bytes], int]]) -> dict[str, int]:
    """The servers' counts (bench/serving.py), summed."""
    total: dict[str, int] = defaultdict(int)
    for _server, port in servers:
        for name, value in server_counts(port).items():
            total[name] += value
    return dict(total)


def report(point: Point, players: list[Player], truth: dict[int, dict[str, int]],
           window: tuple[float, float], args: argparse.Namespace) -> bool:
    lines, total = table(point.figures)
    if point.refetched is not None:
        lines.insert(-1, row("refetch", point.refetched))
    for line in lines:
        print("  " + line)
    trackers = [p.tracker for p in players]
    lost = sum(p.tracker.lost(truth[p.game_id]) for p in players)
    print(f"  pushes heard {sum(t.pushes for t in trackers)}, gaps {sum(t.gaps for t in trackers)}"
          f", late {sum(t.late for t in trackers)}, caught up at reconnection "
          f"{sum(t.caught_up for t in trackers)}, lost {lost}; reconnections "
          f"{sum(p.reconnections for p in players)}")
    actions = max(total.count, 1)
    received = {kind: [sum(p.received.get(kind, [0, 0])[i] for p in players) / actions
                       for i in (0, 1)] for kind in ("parts", "push")}
    print("  received by the sockets per action (the window's actions and their last pushes): "
          + ", ".join(f"{kind} {n:.1f} messages {size / 1024:.1f} kB"
                      for kind, (n, size) in received.items()))
    if counted := point.counted:
        print(f"  through the channel layer per action: {counted['layer_messages'] / actions:.1f}"
              f" messages, {counted['layer_bytes'] / actions / 1024:.1f} kB; database queries"
              f" per action: {counted['queries'] / actions:.1f}")
    start, end = window
    drops = [at for p in players for at in p.drops]
    in_window = sum(start <= at < end for at in drops)
    print(f"  sockets the server closed: {len(drops)} ({in_window} in the measured window)")
    print(f"  actions {total.count} of {point.scheduled} scheduled; server CPU "
          f"{point.server_cpu:.1f} s = {point.server_cpu / actions * 1000:.1f} ms/action "
          f"({point.server_cpu / args.seconds * 100:.0f}% of one core); bench's own CPU "
          f"{point.client_cpu:.1f} s, its loop late by {point.client_stall * 1000:.0f} ms at most")
    if point.games_over:
        print(f"  games played to their end: {point.games_over} of {point.tables} tables")
    collections(point)
    for error in sorted(set(point.errors_seen))[:5]:
        print(f"  error: {error}")
    p99 = percentiles(total.push)[1] if total.push else float("inf")
    failures = [f for p in players for f in p.failures]
    down = sum(not p.ready.is_set() for p in players)
    if failures or down:
        reasons = "; ".join(sorted(set(failures))[:3])
        print(f"  reconnections failed {len(failures)} times ({reasons}), sockets down at the "
              f"end {down}")
    # Judged on the measured window: a process idle while the bench connects or winds down may
    # close sockets too (printed above, not counted here).
    dropped = in_window + len(failures) + down
    point.holds = (p99 < TARGET_P99 and total.errors == 0 and lost == 0 and total.unheard == 0
                   and dropped == 0 and total.count >= 0.95 * point.scheduled)
    print(f"  target (push p99 < 50 ms, no error or dropped socket, nothing lost, pace kept): "
          f"{'holds' if point.holds else 'missed'}")
    return point.holds


def collections(point: Point) -> None:
    """The servers' garbage collections in the window: each stops every request in flight."""
    paused = [c for log in point.collection_logs for c in read_collections(log, point.wall_window)]
    full = sorted(ms for generation, ms, _walked in paused if generation == 2)
    young = sorted(ms for generation, ms, _walked in paused if generation < 2)
    walked = max((w for _g, _ms, w in paused), default=0)
    longest = (f"the longest {full[-1]:.0f} ms, p50 {full[len(full) // 2]:.0f} ms, up to "
               f"{walked:,} objects" if full else "-")
    print(f"  server's collections: {len(full)} full ({longest}), {len(young)} young (the "
          f"longest {max(young, default=0):.1f} ms); {sum(full) + sum(young):.0f} ms in all")
