"""What the pages show of a "piano" attack beside its decisions: the forces (one row per power
of each side, its main power first), the facts of the battle so far (each side's ratings,
strength and weakness; the damage), and its events drawn in the flowchart's boxes: both plans
step by step once revealed (K3), the dice before and after the rerolls (K5), which die went to
which step (K6), each step's success or failure and its damage (K7-K9).

Everything here is public: it reads the events (nothing secret is in one before it is
revealed, K3) and the public parts of the state (the members, their ratings); never a side's
plan, rerolls or assignment while their box is open."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from math import ceil
from typing import Any

from django.utils.translation import gettext as _

from guerra.game.procedures.chart import Visit, text_lines
from guerra.game.procedures.piano.controls import side_facts
from guerra.game.procedures.piano.words import action_word, characteristic_word
from guerra.rules.forces import ATTACKER, DEFENDER, SIDES, Side, other
from guerra.rules.piano import battle
from guerra.rules.piano.state import Member, PianoState

PARTIALS = "game/procedures/piano"
EVENT_TEMPLATES = {"plans_revealed": f"{PARTIALS}/_event_plans.html",
                   "dice_rolled": f"{PARTIALS}/_event_dice.html",
                   "dice_rerolled": f"{PARTIALS}/_event_rerolled.html",
                   "dice_assigned": f"{PARTIALS}/_event_assigned.html",
                   "steps_taken": f"{PARTIALS}/_event_steps.html"}
COLUMNS = {"army": "armies", "fleet": "fleets", "fort": "forts"}
DICE_PER_LINE = 8  # six-sided dice glyphs beside a side's name in a 200px box


def _row(member: Member, side: str, ally: bool) -> dict[str, Any]:
    return {"power": member.power, "side": side, "ally": ally, "armies": member.armies,
            "fleets": member.fleets, "forts": member.forts}


def _declared(state: PianoState) -> list[dict[str, Any]]:
    return [_row(m, side, i > 0) for side in SIDES
            for i, m in enumerate(state.members(side)) if m.power is not None]


def forces(state: PianoState) -> list[dict[str, Any]]:
    """Each side's powers, its main power first, with their units in the battle less those
    lost (K2, once the result is in)."""
    rows = _declared(state)
    by_power = {row["power"]: row for row in rows}
    for loss in state.losses:
        row = by_power.get(loss.power)
        column = COLUMNS.get(loss.kind)
        if row is not None and column is not None:
            row[column] = max(0, row[column] - loss.count)
    return rows


def _events(visits: Iterable[Visit]) -> Iterable[Mapping[str, Any]]:
    for visit in visits:
        yield from visit.events


def past_forces(state: PianoState, visits: list[Visit]) -> list[dict[str, Any]]:
    """The forces after the given visits: as declared, less the units lost by then."""
    rows = _declared(state)
    by_power = {row["power"]: row for row in rows}
    for event in _events(visits):
        if event.get("type") != "unit_lost":
            continue
        row = by_power.get(str(event.get("power")))
        column = COLUMNS.get(str(event.get("kind")))
        if row is not None and column is not None:
            row[column] = max(0, row[column] - int(event.get("count", 1)))
    return rows


def side_words(side: str) -> str:
    return _("The attacker") if side == ATTACKER else _("The defender")


def notes(state: PianoState) -> list[str]:
    """Each side's ratings, strength and weakness (K1, K7: public); the damage once dealt
    (K10); what the plans' secrecy means for the page (K3)."""
    found = []
    for side in SIDES:
        facts = side_facts(state, side)
        if not facts["ratings"]:
            found.append(_("%(side)s has no unit in the battle: it plans and rolls nothing.")
                         % {"side": side_words(side)})
            continue
        ratings = ", ".join(f"{r['word']} {r['value']}" for r in facts["ratings"])
        found.append(_("%(side)s: %(ratings)s; strength %(strength)s, weakness %(weakness)s.")
                     % {"side": side_words(side), "ratings": ratings,
                        "strength": facts["strength"], "weakness": facts["weakness"]})
    if not state.plans_revealed and not state.finished:
        found.append(_("Each side's plan stays secret until both are in."))
    if state.assigned:
        found.append(_("Damage taken: the attacker %(a)d, the defender %(d)d.")
                     % {"a": state.attacker.taken, "d": state.defender.taken})
    return found


# --- events in the flowchart's boxes ------------------------------------------------------------


def _side(event: Mapping[str, Any]) -> Side:
    return DEFENDER if event.get("side") == DEFENDER else ATTACKER


def _steps(state: PianoState, side: Side, steps: Iterable[Any]) -> list[dict[str, Any]]:
    theirs = state.side(other(side)).ratings
    strong, weak = battle.strength(theirs), battle.weakness(theirs)
    found = []
    for i, pair in enumerate(steps, start=1):
        action, name = (str(pair[0]), str(pair[1])) if len(pair) == 2 else ("", "")
        found.append({"row": i, "word": action_word(action), "ch": characteristic_word(name),
                      "mark": _("the opponent's strength") if name in strong
                      else _("the opponent's weakness") if name in weak else ""})
    return found


def plans_details(event: Mapping[str, Any], state: PianoState) -> dict[str, Any]:
    """K3: both plans step by step, each side with its strength and weakness (K7)."""
    sides = []
    for side in SIDES:
        facts = side_facts(state, side)
        sides.append({"caption": side_words(side), "power": state.main_power(side) or "",
                      "strength": facts["strength"], "weakness": facts["weakness"],
                      "steps": _steps(state, side, event.get(side, []))})
    return {"sides": sides}


def dice_details(event: Mapping[str, Any], state: PianoState) -> dict[str, Any]:
    """K5: each side's dice, in roll order."""
    return {"sides": [{"caption": side_words(side), "faces": [int(f) for f in
                                                              event.get(side, [])]}
                      for side in SIDES]}


def rerolled_details(event: Mapping[str, Any], state: PianoState) -> dict[str, Any]:
    """K5: which dice were rolled again, each before and after, and the side's dice now."""
    side = _side(event)
    before = state.side(side).rolls
    indices = [int(i) for i in event.get("indices", [])]
    faces = [int(f) for f in event.get("faces", [])]
    changed = [{"number": i + 1, "before": before[i] if i < len(before) else 0, "after": f}
               for i, f in zip(indices, faces, strict=False)]
    return {"caption": side_words(side), "power": str(event.get("power", "")),
            "changed": changed,
            "dice": [int(f) for f in event.get("dice", [])]}


def assigned_details(event: Mapping[str, Any], state: PianoState) -> dict[str, Any]:
    """K6: per step of the side's plan, the die it took (its number and face) or none."""
    side = _side(event)
    plan = state.side(side).plan or ()
    dice, faces = list(event.get("dice", [])), list(event.get("faces", []))
    rows = []
    for i, step in enumerate(plan):
        die = dice[i] if i < len(dice) else None
        rows.append({"row": i + 1, "word": action_word(step.action),
                     "ch": characteristic_word(step.characteristic),
                     "number": None if die is None else int(die) + 1,
                     "face": None if die is None or i >= len(faces) else int(faces[i])})
    return {"caption": side_words(side), "rows": rows, "best": bool(event.get("best"))}


def steps_details(event: Mapping[str, Any], state: PianoState) -> dict[str, Any]:
    """K7-K9: each step in order, what it counted as, its die, success or failure and why,
    the damage it dealt (a failed step costs its own side 1)."""
    side = _side(event)
    reasons = {"weakness": _("the opponent's weakness"), "strength":
               _("the opponent's strength"), "no_die": _("no die"),
               "approach_failed": _("the approach failed")}
    rows = []
    columns = zip(event.get("counts_as", []), event.get("characteristics", []),
                  event.get("faces", []), event.get("successes", []),
                  event.get("reasons", []), event.get("damage", []), strict=False)
    for i, (action, name, face, success, reason, damage) in enumerate(columns, start=1):
        rows.append({"row": i, "word": action_word(str(action)),
                     "ch": characteristic_word(str(name)),
                     "face": None if face is None else int(face), "success": bool(success),
                     "why": reasons.get(str(reason), ""), "damage": int(damage)})
    return {"caption": side_words(side), "rows": rows}


DETAILS = {"plans_revealed": plans_details, "dice_rolled": dice_details,
           "dice_rerolled": rerolled_details, "dice_assigned": assigned_details,
           "steps_taken": steps_details}


def event_details(event: Mapping[str, Any], state: PianoState) -> dict[str, Any]:
    found = DETAILS.get(str(event.get("type")))
    return found(event, state) if found is not None else {}


def _dice_lines(count: int) -> int:
    return max(1, ceil(count / DICE_PER_LINE))


def _step_text(r: Mapping[str, Any]) -> str:
    """A step's line as _event_steps.html writes it (a die's glyph about two characters)."""
    return (f"{r['row']}. {r['word']} ({r['ch']}){' ⚅ ' if r['face'] else ''}: "
            + ("riesce" if r["success"] else "fallisce")
            + (f" ({r['why']})" if r["why"] else "")
            + (f", {r['damage']} danni inflitti" if r["damage"] else "")
            + ("" if r["success"] else ", 1 danno alla propria parte"))


def event_lines(event: Mapping[str, Any]) -> int | None:
    """How tall each drawn event is, in lines of the box: each line it draws as its words
    wrap in a box (a die's glyph about two characters), and one line to spare."""
    kind = event.get("type")
    if kind == "plans_revealed":
        return 1 + sum(
            1 + text_lines(f"{s['caption']} ({s['power']}): punto forte {s['strength']}, "
                           f"punto debole {s['weakness']}")
            + sum(text_lines(f"{r['row']}. {r['word']} ({r['ch']}) — {r['mark']}")
                  for r in s["steps"]) for s in event.get("sides", []))
    if kind == "dice_rolled":
        return 1 + sum(text_lines(f"{s['caption']}: {'⚅ ' * len(s['faces'])} "
                                  f"{' '.join(map(str, s['faces']))}")
                       for s in event.get("sides", []))
    if kind == "dice_rerolled":
        return 2 + len(event.get("changed", [])) + _dice_lines(len(event.get("dice", [])))
    if kind == "dice_assigned":
        return 2 + sum(text_lines(f"{r['row']}. {r['word']} ({r['ch']}): "
                                  + ("dado 8 (6) ⚅" if r["number"] else "nessun dado"))
                       for r in event.get("rows", []))
    if kind == "steps_taken":
        return 1 + sum(text_lines(_step_text(r)) for r in event.get("rows", []))
    return None


__all__ = ["EVENT_TEMPLATES", "event_details", "event_lines", "forces", "notes",
           "past_forces"]
