"""The attack page's forms, per combat system: what the load bench POSTs for a decision the
rules' random player made at a box of the attack under way (bench/load_tables.py).

One function per combat system, in FORMS under the procedure's name: it takes the input and
the attack's own state and returns the report's kind and the form's fields (besides `kind` and
`step`, which the caller adds). A combat system with no entry here cannot be played by the bench:
its first decision stops the run with a message naming this file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guerra.game.procedures.finestre import controls as finestre_forms
from guerra.game.procedures.piano import controls as piano_forms
from guerra.game.procedures.punti import controls as punti_forms
from guerra.rules.allocation import Allocation
from guerra.rules.d10 import inputs as d10_inputs
from guerra.rules.finestre import inputs as finestre_inputs
from guerra.rules.finestre import windows as finestre_windows
from guerra.rules.finestre.state import FinestreState
from guerra.rules.forces import DEFENDER, SIDES
from guerra.rules.piano import inputs as piano_inputs
from guerra.rules.piano.losses import full_order
from guerra.rules.piano.state import PianoState
from guerra.rules.punti import inputs as punti_inputs
from guerra.rules.punti.state import PuntiState
from guerra.rules.seed004 import inputs as seed004_inputs

Form = tuple[str, str, dict[str, Any]]  # the report's kind, the form's `kind`, its other fields


def seed004_form(choice: object, _attack: object) -> Form:
    match choice:
        case seed004_inputs.AllyAnswer(armies=armies, fleets=fleets):
            return "ally", "ally", {"armies": armies, "fleets": fleets}
        case seed004_inputs.NavalDecision(fight=fight):
            return "naval", "naval", {"fight": "1" if fight else "0"}
        case seed004_inputs.NavalTiles(tiles=tiles):
            return "sea_tiles", "tiles", {"tiles": tiles}
        case seed004_inputs.LossChoice(kind=loss):
            return "loss", "loss", {"loss": loss}
    raise ValueError(f"no form of seed004 sends {choice!r}")


def d10_form(choice: object, _attack: object) -> Form:
    match choice:
        case d10_inputs.Reinforce(armies=armies, fleets=fleets):
            return "reinforce", "reinforce", {"armies": armies, "fleets": fleets}
        case Allocation():
            return "losses", "losses", {"armies": choice.of("army"),
                                        "fleets": choice.of("fleet")}
    raise ValueError(f"no form of d10 sends {choice!r}")


def punti_form(choice: object, attack: object) -> Form:
    """punti's forms post groups, units and places by their row in the form
    (guerra/game/procedures/punti/controls.py): the rows are found as the page draws them."""
    assert isinstance(attack, PuntiState)
    match choice:
        case punti_inputs.Name(groups=groups):
            side = punti_forms.NAMING[attack.cursor.node]
            rows = {(c.power, c.source): i for i, c in enumerate(
                attack.situation.candidates_of(side)[:punti_forms.MAX_GROUPS], start=1)}
            data: dict[str, Any] = {}
            for group in groups:
                row = rows[(group.power, group.source)]
                data[f"armies_{row}"], data[f"fleets_{row}"] = group.armies, group.fleets
            return "name", punti_forms.NAME, data
        case punti_inputs.Consent(agrees=agrees):
            return "consent", punti_forms.CONSENT, {"consent": "1" if agrees else "0"}
        case Allocation(parts=parts):
            side = punti_forms.DAMAGED[attack.cursor.node]
            units = punti_forms.damage_units(attack, side)
            points = dict(parts)
            kind = "damage" if side == DEFENDER else "counter_damage"
            return kind, punti_forms.DAMAGE, {f"points_{i}": points.get(unit.id, 0)
                                              for i, unit in enumerate(units, start=1)}
        case punti_inputs.Retreat(target=target):
            options = attack.situation.retreat_options()
            return "retreat", punti_forms.RETREAT, {"retreat_to": options.index(target)}
        case punti_inputs.CounterAttack(attacks=attacks):
            return "counter", punti_forms.COUNTER, {"counter": "1" if attacks else "0"}
    raise ValueError(f"no form of punti sends {choice!r}")


def finestre_form(choice: object, attack: object) -> Form:
    """finestre's forms post a card by its row in the deck (W2's order, 0: "Passo") and the
    ally a Cambio al comando names by its row among the eligible allies
    (guerra/game/procedures/finestre/controls.py)."""
    assert isinstance(attack, FinestreState)
    match choice:
        case finestre_inputs.Play(power=power, card=card, ally=ally):
            names = [c.name for c in attack.situation.deck.cards]
            data: dict[str, Any] = {"card": names.index(card) + 1 if card else 0}
            side = attack.side_of(power)
            if ally is not None and side is not None:
                data["ally"] = finestre_windows.eligible_allies(attack, side).index(ally) + 1
            return ("call" if card is None else "card"), finestre_forms.CALL, data
        case finestre_inputs.Tactic(tactic=tactic):
            return "tactic", finestre_forms.TACTIC, {
                "tactic": tactic or finestre_forms.NO_TACTIC}
        case finestre_inputs.Position(from_forts=from_forts):
            return "position", finestre_forms.POSITION, {"from_forts": "1" if from_forts else "0"}
        case finestre_inputs.UseTiles(alliance_tiles=tiles, army_training=training):
            return "tiles", finestre_forms.TILES, {"alliance_tiles": tiles,
                                                   "army_training": "1" if training else "0"}
        case finestre_inputs.LoseUnit(kind=kind):
            return "loss", finestre_forms.LOSS, {"unit_kind": kind}
    raise ValueError(f"no form of finestre sends {choice!r}")


def piano_form(choice: object, attack: object) -> Form:
    """piano's forms (guerra/game/procedures/piano/controls.py): the plan's rows, a checkbox
    per die rolled again, per step the die's number (0: none) or "best", the loss order."""
    assert isinstance(attack, PianoState)
    match choice:
        case piano_inputs.Plan(steps=steps):
            data: dict[str, Any] = {}
            for i, step in enumerate(steps, start=1):
                data[f"piano_step_{i}"], data[f"piano_char_{i}"] = (step.action,
                                                                    step.characteristic)
            return "plan", piano_forms.PLAN, data
        case piano_inputs.Reroll(dice=dice):
            return "reroll", piano_forms.REROLL, {f"piano_reroll_{i + 1}": "1" for i in dice}
        case piano_inputs.Assign(dice=None):
            return "assign", piano_forms.ASSIGN, {"piano_best": "1"}
        case piano_inputs.Assign(dice=dice):
            assert dice is not None
            return "assign", piano_forms.ASSIGN, {f"piano_die_{i}": 0 if d is None else d + 1
                                                  for i, d in enumerate(dice, start=1)}
        case piano_inputs.LossOrder(power=power, kinds=kinds):
            member = next(m for side in SIDES for m in attack.members(side) if m.power == power)
            return "losses", piano_forms.LOSSES, {"piano_order": "-".join(
                full_order(member, kinds))}
    raise ValueError(f"no form of piano sends {choice!r}")


FORMS: dict[str, Callable[[object, object], Form]] = {
    "seed004": seed004_form,
    "d10": d10_form,
    "punti": punti_form,
    "finestre": finestre_form,
    "piano": piano_form,
}


def attack_form(procedure: str, choice: object, attack: object) -> Form:
    """The form that sends `choice` at the attack (`attack`: its procedure's own state)."""
    form = FORMS.get(procedure)
    if form is None:
        raise ValueError(f"the load bench sends no form of the combat system {procedure!r}: "
                         "add its forms to bench/load_forms.py")
    return form(choice, attack)
