"""What an attack of a given shape tends to bring, in any combat system: a small seeded Monte
Carlo of the procedure itself, every decision its default, kept per shape for the process.

The Esperto reads these sketches to see where its armies could win a control marker (which
regions are worth moving to, which targets are worth a closer look); it weighs the attack it
actually declares on the game itself (`playout`). A shape is the region's sea, the two sides'
units and tiles, or the neutral counter: no power's name, no allies, no hands of cards, so
one sketch serves every game of the scenario's combat system.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from guerra.rules import frozen
from guerra.rules.dice import RandomDice
from guerra.rules.events import ControlPlaced, NeutralRemoved, UnitLost, UnitLostElsewhere
from guerra.rules.explore import play_on
from guerra.rules.flowchart import FlowchartError, Refused, RefusedError, get_procedure
from guerra.rules.forces import Engagement, Force, Neutral, Region
from guerra.rules.jsonvalue import Obj

SAMPLES = 48  # battles per shape: a sketch, not odds (about ±7 points)
ATTACKER, DEFENDER = "attaccante", "difensore"  # names no power has


@dataclass(frozen=True)
class Side:
    """One side's units and tiles in the region (the attacker's forts never count)."""

    armies: int = 0
    fleets: int = 0
    forts: int = 0
    army_training: int = 0
    navy_training: int = 0
    alliance_tiles: int = 0

    def capped(self) -> Side:
        """The same side with its numbers capped: six units of a kind, two tiles of one
        kind (one Alliance tile per region): beyond, a sketch would change little."""
        return Side(min(self.armies, 6), min(self.fleets, 4), min(self.forts, 2),
                    min(self.army_training, 2), min(self.navy_training, 2),
                    min(self.alliance_tiles, 1))


@dataclass(frozen=True)
class Shape:
    """An attack, as a sketch tells one from another."""

    procedure: str
    has_sea: bool
    attacker: Side
    defender: Side | None = None  # a power with one control marker there, or...
    defence: int = 0  # ...a neutral counter's defence (with `defender` None; its reward
    # changes no battle: the caller adds it to the prize)


@dataclass(frozen=True)
class Sketch:
    """Averages over the samples: how often the attacker took control (a marker placed, or
    the neutral counter removed), its units lost, the defender's units lost."""

    win: float
    lost: float
    killed: float


def shape_of(procedure: str, has_sea: bool, attacker: Side, defender: Side | None = None,
             defence: int = 0) -> Shape:
    """A shape with its sides capped (`Side.capped`) and its tiles as the rules read them, so
    that attacks alike share a sketch: training counts only as "more than the other side"
    (M1, L2, W9; one tile is as good as two against a neutral, N2, where no naval battle is
    fought and Navy Training counts for nothing)."""
    mine = attacker.capped()
    if defender is None:
        return Shape(procedure, has_sea, frozen.replace(
            mine, army_training=min(1, mine.army_training), navy_training=0), defence=defence)
    theirs = defender.capped()

    def more(a: int, b: int) -> int:
        return 1 if a > b else 0

    mine, theirs = (
        frozen.replace(mine, army_training=more(mine.army_training, theirs.army_training),
                       navy_training=more(mine.navy_training, theirs.navy_training)),
        frozen.replace(theirs, army_training=more(theirs.army_training, mine.army_training),
                       navy_training=more(theirs.navy_training, mine.navy_training)))
    return Shape(procedure, has_sea, mine, theirs)


_SKETCHES: dict[tuple[Shape, str], Sketch | None] = {}


def sketch(shape: Shape, data: Obj | None = None) -> Sketch | None:
    """The sketch of `shape` (None: the procedure refuses such a declaration). `data` is the
    scenario's data of the combat system (its key in the cache is its text)."""
    key = (shape, repr(sorted((data or {}).items())))
    if key not in _SKETCHES:
        try:
            _SKETCHES[key] = _measure(shape, data or {})
        except (NotImplementedError, LookupError, ValueError, FlowchartError, RefusedError):
            _SKETCHES[key] = None  # a combat system that cannot be sketched: no first look
    return _SKETCHES[key]


def _force(power: str, side: Side, markers: int) -> Force:
    return Force(power=power, gold=99, armies=side.armies, fleets=side.fleets, forts=side.forts,
                 army_training=side.army_training, navy_training=side.navy_training,
                 alliance_tiles=side.alliance_tiles, control_markers=markers,
                 markers_in_supply=20)


def _measure(shape: Shape, data: Obj) -> Sketch | None:
    procedure = get_procedure(shape.procedure)
    region = Region("?", shape.has_sea)
    attacker = _force(ATTACKER, shape.attacker, 0)
    if shape.defender is None:
        neutral = Neutral(shape.defence)
        engagement = Engagement(region, attacker, neutral=neutral, turn_order=(ATTACKER,),
                                procedure_data=data)
    else:
        engagement = Engagement(region, attacker, _force(DEFENDER, shape.defender, 1),
                                turn_order=(ATTACKER, DEFENDER), procedure_data=data)
    situation = procedure.from_engagement(engagement)
    if procedure.refusal(situation) is not None:
        return None
    def policy(state: Any, power: str) -> object:
        """The procedure's first answer worth weighing for the attacker (a plan that can win
        where the default cannot), every other answer its default."""
        if power == ATTACKER:
            answers = procedure.bot_answers(state, power)
            if answers:
                return answers[0]
        return procedure.default_input(state, power)

    # Seeded by the shape itself: the same sketch in every process, whatever asked first.
    dice = RandomDice(random.Random(repr(shape)))
    won = lost = killed = 0
    for _sample in range(SAMPLES):
        declared = procedure.declare(situation, dice)
        if isinstance(declared, Refused):
            return None
        played = play_on(procedure, declared.state, policy, dice)
        events = (*declared.events, *played.events)
        won += any(isinstance(event, NeutralRemoved) or (isinstance(event, ControlPlaced)
                   and event.power == ATTACKER) for event in events)
        for event in events:
            if isinstance(event, UnitLost | UnitLostElsewhere):
                if event.power == ATTACKER:
                    lost += event.count
                else:
                    killed += event.count
    return Sketch(won / SAMPLES, lost / SAMPLES, killed / SAMPLES)
