"""What players send to a "finestre" attack: each input names its power and the step it was
made for. `guerra.rules.flowchart.Timeout(step)` stands for a deadline (the box's default)."""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules import frozen

TACTICS = ("assalto", "assedio", "schermaglia")


@frozen.record
@dataclass(frozen=True)
class Play:
    """W3: a call: play `card` (None: pass); a Cambio al comando names `ally` (W6)."""

    power: str
    step: int
    card: str | None = None
    ally: str | None = None


@frozen.record
@dataclass(frozen=True)
class Tactic:
    """W4: the attacker's tactic, or None (no tactic)."""

    power: str
    step: int
    tactic: str | None = None


@frozen.record
@dataclass(frozen=True)
class Position:
    """W5: whether the defender fights from its forts."""

    power: str
    step: int
    from_forts: bool = True


@frozen.record
@dataclass(frozen=True)
class UseTiles:
    """W9: the Alliance tiles (for this region) and whether the Army Training tile is used."""

    power: str
    step: int
    alliance_tiles: int = 0
    army_training: bool = False


@frozen.record
@dataclass(frozen=True)
class LoseUnit:
    """W15: the kind of unit ("army", "fleet" or "fort") the owner of a loss loses."""

    power: str
    step: int
    kind: str
