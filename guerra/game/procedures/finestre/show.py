"""What the pages show of a "finestre" attack beside its decisions: the forces (one row per
power of each side, its main power first), the facts of the combat so far (tactic, position,
who strikes first, totals), and its events drawn in the flowchart's boxes: each window's calls
in order with the cards that stand and those countered (W3), the totals before and after the
modifiers (W11, W12), the losses before and after the escapes (W13, W14).

Everything here is public: the calls and the cards played, never a hand (W1)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from guerra.game.procedures.chart import Visit, text_lines
from guerra.game.procedures.finestre.words import tactic_word
from guerra.rules.finestre import graph as g
from guerra.rules.finestre.state import Closed, FinestreState
from guerra.rules.forces import ATTACKER, DEFENDER

PARTIALS = "game/procedures/finestre"
EVENT_TEMPLATES = {"window_closed": f"{PARTIALS}/_event_window.html",
                   "standing_rolled": f"{PARTIALS}/_event_standing.html",
                   "combat_resolved": f"{PARTIALS}/_event_resolved.html"}
COLUMNS = {"army": "armies", "fleet": "fleets", "fort": "forts"}
ESCAPES = (g.W14A, g.W14D)


def _row(power: str, side: str, ally: bool, *units: int) -> dict[str, Any]:
    armies, fleets, forts = units
    return {"power": power, "side": side, "ally": ally, "armies": armies, "fleets": fleets,
            "forts": forts}


def forces(state: FinestreState) -> list[dict[str, Any]]:
    """Each side's powers, its main power first, with their units that count (an ally's
    committed ones; forts count only for the defender's main power, W5)."""
    return [_row(m.power, side, i > 0, m.armies, m.fleets, m.forts if i == 0 else 0)
            for side in (ATTACKER, DEFENDER) for i, m in enumerate(state.members(side))]


def _events(visits: Iterable[Visit]) -> Iterable[Mapping[str, Any]]:
    for visit in visits:
        yield from visit.events


def past_forces(state: FinestreState, visits: list[Visit]) -> list[dict[str, Any]]:
    """The forces after the given visits: as declared, the main powers changed (W6) and the
    units lost (W15) by then."""
    sit = state.situation
    rows: list[dict[str, Any]] = [_row(sit.attacker.power, ATTACKER, False, sit.attacker.armies,
                                       sit.attacker.fleets, 0)]
    rows += [_row(a.power, ATTACKER, True, a.armies, a.fleets, 0) for a in sit.attacker_allies]
    if sit.defender is not None:
        rows.append(_row(sit.defender.power, DEFENDER, False, sit.defender.armies,
                         sit.defender.fleets, sit.defender.forts))
        rows += [_row(a.power, DEFENDER, True, a.armies, a.fleets, 0)
                 for a in sit.defender_allies]
    by_power = {row["power"]: row for row in rows}
    for event in _events(visits):
        kind = event.get("type")
        if kind == "main_power_changed":
            for power, ally in ((event.get("new"), False), (event.get("former"), True)):
                if isinstance(power, str) and power in by_power:
                    by_power[power]["ally"] = ally
        elif kind == "unit_lost":
            row = by_power.get(str(event.get("power")))
            column = COLUMNS.get(str(event.get("kind")))
            if row is not None and column is not None:
                row[column] = max(0, row[column] - int(event.get("count", 1)))
    return sorted(rows, key=lambda r: (r["side"] != ATTACKER, r["ally"]))


def notes(state: FinestreState) -> list[str]:
    """The combat's facts so far (all public): the tactic, the position, who strikes first,
    the totals; and what the odds assume."""
    found: list[str] = []
    done = {c.name.split(".")[0] for c in state.windows}
    if "W4" in done:
        found.append(_("Tactic: %(tactic)s.") % {"tactic": tactic_word(state.tactic)})
    if "W5" in done:
        found.append(_("The defender fights from its forts.") if state.from_forts
                     else _("The defender does not fight from its forts."))
    if "W7d" in done or ("W7a" in done and state.situation.neutral is not None):
        strikes = {ATTACKER: _("The attacker strikes first."),
                   DEFENDER: _("The defender strikes first.")}
        found.append(strikes[state.first_strike] if state.first_strike is not None
                     else _("Nobody strikes first: the strikes are simultaneous."))
    if state.standing:
        found.append(_("Forces in the field: the attacker %(a)d, the defender %(d)d.")
                     % {"a": state.standing[0], "d": state.standing[1]})
    if state.winner is not None and state.totals:
        found.append(_("Totals after the modifiers: the attacker %(a)d, the defender %(d)d.")
                     % {"a": state.totals[0], "d": state.totals[1]})
    return found


# --- events in the flowchart's boxes ------------------------------------------------------------


def _closed(state: FinestreState, name: str) -> Closed | None:
    return next((c for c in state.windows if c.name == name), None)


def window_details(event: Mapping[str, Any], state: FinestreState) -> dict[str, Any]:
    """W3: the window's calls in order (passes too), the cards standing and those countered;
    after the escapes (W14), the losses left."""
    name = str(event.get("window", ""))
    closed = _closed(state, name)
    calls = [] if closed is None else [
        {"power": c.power, "card": c.card, "ally": c.ally} for c in closed.calls]
    details: dict[str, Any] = {
        "calls": calls, "standing_text": ", ".join(event.get("standing", [])),
        "countered_text": ", ".join(event.get("countered", []))}
    last_escape = name == g.W14D or (name == g.W14A and state.situation.neutral is not None)
    if last_escape and state.losses_after:
        details["losses_after"] = _("Losses after the escapes: the attacker %(a)d, the "
                                    "defender %(d)d.") % {"a": state.losses_after[0],
                                                          "d": state.losses_after[1]}
    return details


def standing_details(event: Mapping[str, Any]) -> dict[str, Any]:
    return {"caption": _("Forces in the field (W11): the attacker %(a)d (die %(ad)d), the "
                         "defender %(d)d (die %(dd)d).") % {
        "a": int(event.get("attacker_total", 0)), "ad": int(event.get("attacker_die", 0)),
        "d": int(event.get("defender_total", 0)), "dd": int(event.get("defender_die", 0))},
        "faces": [int(event.get("attacker_die", 0)), int(event.get("defender_die", 0))]}


def resolved_details(event: Mapping[str, Any]) -> dict[str, Any]:
    winner = str(event.get("winner"))
    said = {"attacker": _("the attacker wins"), "defender": _("the defender wins")}.get(
        winner, _("a tie"))
    return {
        "totals_text": _("Totals after the modifiers: %(a)d to %(d)d: %(winner)s.") % {
            "a": int(event.get("attacker_total", 0)), "d": int(event.get("defender_total", 0)),
            "winner": said},
        "losses_text": _("Losses before the escapes: the attacker %(a)d, the defender "
                         "%(d)d.") % {"a": int(event.get("attacker_losses", 0)),
                                      "d": int(event.get("defender_losses", 0))}}


def event_details(event: Mapping[str, Any], state: FinestreState) -> dict[str, Any]:
    kind = event.get("type")
    if kind == "window_closed":
        return window_details(event, state)
    if kind == "standing_rolled":
        return standing_details(event)
    if kind == "combat_resolved":
        return resolved_details(event)
    return {}


def _calls_text(calls: list[dict[str, Any]]) -> str:
    """The calls as the box writes them ("Gran Bretagna passa · Francia Contrordine"), for
    their height."""
    return " · ".join(f"{c['power']} {c['card'] or 'passa'}"
                      + (f" ({c['ally']})" if c.get("ally") else "") for c in calls)


def event_lines(event: Mapping[str, Any]) -> int | None:
    kind = event.get("type")
    if kind == "window_closed":
        calls = f"Finestra {event.get('window', '')}: {_calls_text(event.get('calls', []))}"
        lines = text_lines(calls)
        for key, words in (("standing_text", "Restano in gioco: "), ("countered_text",
                                                                      "Annullate: ")):
            if event.get(key):
                lines += text_lines(words + str(event[key]))
        if event.get("losses_after"):
            lines += text_lines(str(event["losses_after"]))
        return lines + 1
    if kind == "standing_rolled":
        return 2 + text_lines(str(standing_details(event)["caption"]))
    if kind == "combat_resolved":
        details = resolved_details(event)
        return text_lines(details["totals_text"]) + text_lines(details["losses_text"])
    return None


__all__ = ["EVENT_TEMPLATES", "event_details", "event_lines", "forces", "notes",
           "past_forces"]
