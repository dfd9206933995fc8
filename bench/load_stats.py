"""The load bench's bookkeeping, pure Python: what one socket heard of its chains, and the
figures of one kind of action.

A push carries its chain's number (`seq`) and the number before it (`prev`), as
guerra/game/live/push.py numbers them; static/js/live.js re-fetches everything when `prev` is not
the last number it holds. The bench keeps the same count per socket and tells apart:
- a gap: a push came whose `prev` was not the last number held (the page would re-fetch all);
- late: a number of a gap that arrived afterwards after all (out of order);
- caught up: numbers a reconnection's hello counted that no push brought (the socket was
  being reconnected to new groups, as the page does when the alliances change);
- lost: numbers a connected socket never had, neither late nor caught up, including those past
  its last push when the run ends (no later push revealed them; the server's log says).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bench.serving import percentiles


@dataclass
class ChainTracker:
    """The numbers one socket holds of each chain it follows."""

    known: dict[str, int] = field(default_factory=dict)
    missing: dict[str, set[int]] = field(default_factory=dict)
    pushes: int = 0
    gaps: int = 0
    late: int = 0
    duplicates: int = 0
    caught_up: int = 0

    def hello(self, chains: dict[str, int]) -> None:
        """A (re)connection's hello: the last number of every chain followed from now on.
        Numbers it covers that no push brought are caught up, not lost; those already missing
        in a gap the socket saw while connected stay lost (unless they still come late)."""
        known = {}
        for chain, last in chains.items():
            held = self.known.get(chain)
            if held is not None and last > held:
                self.caught_up += last - held
            known[chain] = max(last, held or 0)
        self.known = known  # chains no longer followed (a past alliance) are not counted on

    def push(self, chain: str, seq: int, prev: int) -> None:
        self.pushes += 1
        held = self.known.get(chain, 0)
        holes = self.missing.setdefault(chain, set())
        if seq in holes:
            holes.discard(seq)
            self.late += 1
            return
        if seq <= held:
            self.duplicates += 1
            return
        if prev != held:
            self.gaps += 1
            holes.update(range(held + 1, seq))
        self.known[chain] = seq

    def lost(self, server_last: dict[str, int]) -> int:
        """Numbers never had: the holes of gaps, and what the server logged past the last
        number held, for the chains followed (`server_last`: chain -> its last number)."""
        holes = sum(len(h) for h in self.missing.values())
        tail = sum(
            max(0, server_last.get(chain, 0) - held) for chain, held in self.known.items()
        )
        return holes + tail


@dataclass
class KindFigures:
    """The figures of one kind of action over a run."""

    push: list[float] = field(default_factory=list)  # seconds, POST sent -> last receiver
    http: list[float] = field(default_factory=list)  # seconds, POST sent -> answer read
    count: int = 0
    errors: int = 0
    unheard: int = 0  # receivers that had nothing by the timeout

    def add(self, other: KindFigures) -> None:
        self.push += other.push
        self.http += other.http
        self.count += other.count
        self.errors += other.errors
        self.unheard += other.unheard


def ms(samples: list[float]) -> tuple[str, str]:
    """p50 and p99 in milliseconds, as table cells ("-" without samples)."""
    if not samples:
        return "-", "-"
    p50, p99 = percentiles(samples)
    return f"{p50 * 1000:.1f}", f"{p99 * 1000:.1f}"


HEADER = f"{'action':<12}{'n':>6}{'push p50':>10}{'p99':>8}{'http p50':>10}{'p99':>8}" \
    f"{'errors':>8}{'unheard':>8}"


def row(name: str, figures: KindFigures) -> str:
    push50, push99 = ms(figures.push)
    http50, http99 = ms(figures.http)
    return (
        f"{name:<12}{figures.count:>6}{push50:>10}{push99:>8}{http50:>10}{http99:>8}"
        f"{figures.errors:>8}{figures.unheard:>8}"
    )


def table(figures: dict[str, KindFigures]) -> tuple[list[str], KindFigures]:
    """The report's lines, one per kind of action and one for all; and the total."""
    total = KindFigures()
    lines = [HEADER]
    for name in sorted(figures):
        lines.append(row(name, figures[name]))
        total.add(figures[name])
    lines.append(row("all", total))
    return lines, total
