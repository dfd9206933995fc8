"""The decisions of "punti" on the pages: what each form shows (its `Control`) and the input
a submitted form makes, read against the attack's state (units and groups are posted by their
row: `armies_3`, `points_5`).

- naming (E4/E5): a row per group of units that may reinforce the side, in the region and in
  the linked regions within range, each with its armies and fleets (0: not named);
- an ally's answer (E4/E5): agree or refuse, for the group named;
- the damage (E8, E10): a row per unit that may take it, with the default spread filled in;
- the retreat (E9): one button per place the armies may go;
- the counter-attack (E10): yes or no.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from guerra.game.procedures.base import Control, Decision, FormField, Undecidable
from guerra.game.procedures.punti.words import (
    kind_word,
    place_in,
    unit_owner,
    units_words,
)
from guerra.rules.allocation import Allocation
from guerra.rules.flowchart import Procedure
from guerra.rules.forces import ATTACKER, DEFENDER, Side
from guerra.rules.punti import graph as g
from guerra.rules.punti.battle import attacker_speed, counter_dice
from guerra.rules.punti.inputs import Consent, CounterAttack, Group, Name, Retreat
from guerra.rules.punti.model import Candidate, Situation
from guerra.rules.punti.procedure import next_to_ask
from guerra.rules.punti.state import PuntiState, Unit

PARTIALS = "game/procedures/punti"
NAME_FORM = f"{PARTIALS}/_name.html"
CONSENT_FORM = f"{PARTIALS}/_consent.html"
CONSENT_PROMPT = f"{PARTIALS}/_consent_prompt.html"  # the same, in the prompt of every page
DAMAGE_FORM = f"{PARTIALS}/_damage.html"
RETREAT_FORM = f"{PARTIALS}/_retreat.html"
COUNTER_FORM = f"{PARTIALS}/_counter.html"

NAME, CONSENT, DAMAGE, RETREAT, COUNTER = (
    "name_groups", "consent", "damage", "retreat", "counter_attack")
KINDS = (NAME, CONSENT, DAMAGE, RETREAT, COUNTER)
REQUIRED = {CONSENT: "consent", RETREAT: "retreat_to", COUNTER: "counter"}

# The rows a form may post: groups that may reinforce one side, units that may take damage.
MAX_GROUPS = 16
MAX_UNITS = 32
MAX_PLACES = 12


def _numbered(name: str, words: Any, count: int) -> tuple[FormField, ...]:
    return tuple(FormField(f"{name}_{i}", format_lazy(words, n=i), high=MAX_UNITS)
                 for i in range(1, count + 1))


FORM_FIELDS: tuple[FormField, ...] = (
    FormField("consent", gettext_lazy("Your answer"), choices=("1", "0")),
    FormField("counter", gettext_lazy("Counter-attack"), choices=("1", "0")),
    FormField("retreat_to", gettext_lazy("Where the armies retreat"), high=MAX_PLACES),
    *_numbered("armies", gettext_lazy("Armies, row {n}"), MAX_GROUPS),
    *_numbered("fleets", gettext_lazy("Fleets, row {n}"), MAX_GROUPS),
    *_numbered("points", gettext_lazy("Damage, row {n}"), MAX_UNITS),
)

NAMING = {g.ATTACK_REINFORCEMENTS: ATTACKER, g.DEFENCE_REINFORCEMENTS: DEFENDER}
CONSENTING = {g.ATTACK_CONSENT: ATTACKER, g.DEFENCE_CONSENT: DEFENDER}
DAMAGED = {g.DAMAGE: DEFENDER, g.COUNTER_DAMAGE: ATTACKER}


def candidate_rows(situation: Situation, side: Side) -> list[dict[str, Any]]:
    """E3: the groups `side` may name, in the order the rules offer them, each a row of the
    form (its number, whose, where, how many of each kind)."""
    region = situation.region.name
    main = situation.main_power(side)
    return [{"row": i, "power": c.power, "ally": c.power != main,
             "here": c.source == region, "place": place_in(c.source),
             "armies": c.armies, "fleets": c.fleets}
            for i, c in enumerate(situation.candidates_of(side)[:MAX_GROUPS], start=1)]


def damage_units(state: PuntiState, side: Side) -> list[Unit]:
    """The units of the side hit that a point may go on (E8: all its units standing, the
    primary stack first; E10: the primary attacker's only)."""
    return [u for u in state.standing(side) if u.primary or side == DEFENDER][:MAX_UNITS]


def unit_rows(state: PuntiState, side: Side, spread: dict[str, int]) -> list[dict[str, Any]]:
    region = state.situation.region.name
    return [{"row": i, "id": u.id, "kind": kind_word(u.kind), "owner": unit_owner(u, region),
             "primary": u.primary, "left": u.left, "health": u.health,
             "points": spread.get(u.id, 0)}
            for i, u in enumerate(damage_units(state, side), start=1)]


def retreat_rows(state: PuntiState, default: str | None) -> list[dict[str, Any]]:
    options = state.situation.retreat_options()[:MAX_PLACES]
    return [{"row": i, "home": place is None, "place": place_in(place),
             "default": place == default} for i, place in enumerate(options)]


def control_for(procedure: Procedure[PuntiState, Situation], state: PuntiState, power: str
                ) -> Control | None:
    """The decision `power` has at the current box, with what its partial shows."""
    if state.finished or power not in state.awaiting:
        return None
    node, step = state.cursor.node, state.step
    if node in NAMING:
        side = NAMING[node]
        return Control(NAME, step, NAME_FORM, side=side,
                       extra={"rows": candidate_rows(state.situation, side)})
    if node in CONSENTING:
        asked = next_to_ask(state, CONSENTING[node])
        if asked is None or asked.power != power:
            return None
        return Control(CONSENT, step, CONSENT_FORM, max_armies=asked.armies,
                       max_fleets=asked.fleets, side=asked.side,
                       extra={"number": asked.number, "place": place_in(asked.source),
                              "units": units_words(asked.armies, asked.fleets),
                              "named_by": state.main_power(asked.side) or ""})
    if node in DAMAGED:
        side = DAMAGED[node]
        strike = state.attack if side == DEFENDER else state.counter
        default = procedure.default_input(state, power)
        if strike is None or not isinstance(default, Allocation):
            return None
        spread = dict(default.parts)
        return Control(DAMAGE, step, DAMAGE_FORM, side=side, extra={
            "units": unit_rows(state, side, spread), "hits": strike.hits,
            "total": sum(spread.values()), "counter": side == ATTACKER})
    if node == g.RETREAT:
        default = procedure.default_input(state, power)
        target = default.target if isinstance(default, Retreat) else None
        return Control(RETREAT, step, RETREAT_FORM, side=DEFENDER,
                       extra={"options": retreat_rows(state, target)})
    if node == g.COUNTER_ATTACK:
        return Control(COUNTER, step, COUNTER_FORM, side=DEFENDER,
                       extra={"dice": counter_dice(state), "speed": attacker_speed(state)})
    return None


def _candidates(state: PuntiState, power: str) -> tuple[Side, tuple[Candidate, ...]]:
    side = NAMING.get(state.cursor.node)
    if side is None or state.main_power(side) != power:
        # Not this power's naming: the engine says why (another's box, a stale step).
        side = ATTACKER if state.main_power(ATTACKER) == power else DEFENDER
    return side, state.situation.candidates_of(side)[:MAX_GROUPS]


def input_from(state: PuntiState, decision: Decision, power: str) -> object:
    """The rules' input for a submitted form: rows become groups, units and places."""
    kind, step = decision.kind, decision.step
    if kind == NAME:
        _side, candidates = _candidates(state, power)
        if any(decision.number(f"{field}_{i}") for field in ("armies", "fleets")
               for i in range(len(candidates) + 1, MAX_GROUPS + 1)):
            raise Undecidable(kind)  # a row the form never offered
        groups = []
        for i, c in enumerate(candidates, start=1):
            armies, fleets = decision.number(f"armies_{i}"), decision.number(f"fleets_{i}")
            if armies or fleets:
                groups.append(Group(c.power, c.source, armies, fleets))
        return Name(power, step, tuple(groups))
    if kind == CONSENT:
        return Consent(power, step, decision.value("consent", "") in (True, "1"))
    if kind == COUNTER:
        return CounterAttack(power, step, decision.value("counter", "") in (True, "1"))
    if kind == RETREAT:
        options = state.situation.retreat_options()
        row = decision.number("retreat_to")
        # A row the form never offered is a place the rules refuse, in their words.
        return Retreat(power, step, options[row] if row < len(options) else f"#{row}")
    if kind == DAMAGE:
        side = DAMAGED.get(state.cursor.node, DEFENDER)
        units = damage_units(state, side)
        # A row beyond the units shown names no unit of the battle: the rules say so.
        ids = [u.id for u in units] + [f"#{i}" for i in range(len(units) + 1, MAX_UNITS + 1)]
        parts = ((unit_id, decision.number(f"points_{i}"))
                 for i, unit_id in enumerate(ids, start=1))
        return Allocation(power, step, tuple(part for part in parts if part[1]))
    raise Undecidable(kind)
