"""Hypothesis strategies: any situation seed 004 may meet, any choices, any dice."""

from __future__ import annotations

from hypothesis import strategies as st

from guerra.rules.seed004.choices import Choices
from guerra.rules.seed004.declaration import refusal
from guerra.rules.seed004.inputs import LossKind
from guerra.rules.seed004.model import AllyForce, Force, Neutral, Region, Situation
from tests.rules.helpers import AT, ES, FR, GB, PR, RU

small = st.integers(min_value=0, max_value=3)


@st.composite
def forces(draw: st.DrawFn, power: str, gold: st.SearchStrategy[int]) -> Force:
    return Force(
        power=power, gold=draw(gold), armies=draw(small), fleets=draw(small), forts=draw(small),
        army_training=draw(st.integers(0, 2)), navy_training=draw(st.integers(0, 2)),
        alliance_tiles=draw(st.integers(0, 2)), control_markers=draw(small),
        markers_in_supply=draw(st.none() | st.integers(0, 2)),
    )


@st.composite
def allies(draw: st.DrawFn, names: tuple[str, ...]) -> tuple[AllyForce, ...]:
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    return tuple(AllyForce(name, draw(st.integers(0, 2)), draw(st.integers(0, 2)))
                 for name in chosen)


@st.composite
def situations(draw: st.DrawFn, *, gold: st.SearchStrategy[int] | None = None) -> Situation:
    """Mostly declarable situations; `gold` may widen the purse to get refusals too."""
    region = Region(draw(st.sampled_from(["Baltico", "Stati Tedeschi"])), draw(st.booleans()))
    attacker = draw(forces(FR, gold if gold is not None else st.integers(2, 5)))
    if draw(st.integers(0, 4)) == 0:
        neutral = Neutral(draw(st.integers(0, 5)), draw(st.sampled_from([None, "gold", "vp"])),
                          draw(st.none() | st.integers(0, 4)))
        return Situation(region, attacker, neutral=neutral)
    return Situation(region, attacker, draw(forces(RU, st.just(0))), None,
                     draw(allies((ES, AT))), draw(allies((PR, GB))))


def declarable() -> st.SearchStrategy[Situation]:
    """Situations that `declare` accepts (D1-D4, N0)."""
    return situations().filter(lambda s: refusal(s) is None)


@st.composite
def choices(draw: st.DrawFn, situation: Situation) -> Choices:
    a_tiles = situation.attacker.alliance_tiles
    d_tiles = situation.defender.alliance_tiles if situation.defender else 0
    kinds: list[LossKind] = draw(st.lists(st.sampled_from(["army", "fort"]), max_size=2))
    return Choices(draw(st.booleans()), draw(st.booleans()), draw(st.integers(0, a_tiles)),
                   draw(st.integers(0, d_tiles)), ((RU, tuple(kinds)),))


@st.composite
def commitments(draw: st.DrawFn, situation: Situation) -> dict[str, tuple[int, int]]:
    return {ally.power: (draw(st.integers(0, ally.armies)), draw(st.integers(0, ally.fleets)))
            for _side, ally in situation.invited()}


# An attack rolls at most 8 dice (two pairs per battle, two battles).
dice_faces = st.lists(st.integers(1, 6), min_size=8, max_size=8)
