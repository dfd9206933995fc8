"""One Italian sentence per logged event, for the event log a player reads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from guerra.game.models import BotLevel, GameEvent
from guerra.game.procedures import adapters
from guerra.game.text.grammar import art
from guerra.game.text.messages import render_rules_message
from guerra.rules.events import SEVEN_RULES, UNIT_KINDS, Event, UnitLost, UnrestGained


def _game_created(p: dict[str, Any]) -> str:
    return _("Game “%(name)s” created from the scenario %(scenario)s.") % {
        "name": p.get("name", ""),
        "scenario": p.get("scenario", ""),
    }


def _seat_taken(p: dict[str, Any]) -> str:
    return _("%(user)s takes %(power)s.") % {"user": p.get("user", ""),
                                              "power": art(p.get("power", ""), "il")}


def _seat_left(p: dict[str, Any]) -> str:
    return _("%(user)s leaves %(power)s.") % {
        "user": p.get("user", ""),
        "power": art(p.get("power", ""), "il"),
    }


def _level_name(level: object) -> str:
    return str(dict(BotLevel.choices).get(str(level), level))


def _bot_seated(p: dict[str, Any]) -> str:
    return _("The computer (%(level)s) takes %(power)s.") % {
        "level": _level_name(p.get("level")), "power": art(p.get("power", ""), "il")}


def _seat_to_bot(p: dict[str, Any]) -> str:
    return _("The computer (%(level)s) plays %(power)s in place of %(user)s.") % {
        "level": _level_name(p.get("level")), "power": art(p.get("power", ""), "il"),
        "user": p.get("user", "")}


def _seat_from_bot(p: dict[str, Any]) -> str:
    return _("%(user)s plays %(power)s again.") % {
        "user": p.get("user", ""), "power": art(p.get("power", ""), "il")}


def _game_started(p: dict[str, Any]) -> str:
    return _("The game begins: the seating order, the counters and the setup are drawn.")


def _game_ended(p: dict[str, Any]) -> str:
    return _("The game is over. The dice seed is now public: %(seed)s") % {
        "seed": p.get("seed", "")
    }


def _staff_corrected(p: dict[str, Any]) -> str:
    gold, vp = p.get("gold", [0, 0]), p.get("vp", [0, 0])
    text = _(
        "Staff correct %(power)s: gold %(gold_before)s → %(gold)s, VP %(vp_before)s → %(vp)s."
    ) % {
        "power": art(p.get("power", ""), "il"),
        "gold_before": gold[0],
        "gold": gold[1],
        "vp_before": vp[0],
        "vp": vp[1],
    }
    if p.get("note"):
        text += " " + _("Note: %(note)s") % {"note": p["note"]}
    return text


def _rules_events(p: dict[str, Any]) -> str:
    """A step of the game: its events' own sentences, in order."""
    return " ".join(
        render_rules_message(event["message"]) for event in _told(p.get("events", []))
    ) or _("The game goes on.")


def _told(events: list[Any]) -> list[dict[str, Any]]:
    """A step's events with a sentence, as the log tells them: what the rules count one unit
    at a time (the units a power loses, the unrest it takes for them) told once for a run of
    them, summed."""
    told: list[dict[str, Any]] = []
    for event in _losses_then_unrest(events):
        if not isinstance(event, dict) or not isinstance(event.get("message"), dict):
            continue
        summed = _summed(told[-1], event) if told else None
        if summed is None:
            told.append(event)
        else:
            told[-1] = {**told[-1], "message": summed.describe().to_dict()}
    return told


LOSS_TYPES = frozenset({UnitLost.type, UnrestGained.type})


def _losses_then_unrest(events: list[Any]) -> list[Any]:
    """The rules give each unit lost its unrest point at once (lost, 1 unrest, lost, 1 unrest):
    within such a run of one power's events, its losses are told first and its unrest after,
    so that each is summed once ("loses 2 armies. takes 2 unrest points")."""
    ordered: list[Any] = []
    run: list[dict[str, Any]] = []

    def close() -> None:
        ordered.extend(e for e in run if e.get("type") == UnitLost.type)
        ordered.extend(e for e in run if e.get("type") != UnitLost.type)
        run.clear()

    for event in events:
        if (isinstance(event, dict) and event.get("type") in LOSS_TYPES
                and (not run or run[0].get("power") == event.get("power"))):
            run.append(event)
            continue
        close()
        if isinstance(event, dict) and event.get("type") in LOSS_TYPES:
            run.append(event)
        else:
            ordered.append(event)
    close()
    return ordered


def _summed(last: dict[str, Any], event: dict[str, Any]) -> Event | None:
    """One event for two in a row that say the same of one power (None: told apart). A unit
    lost to a 7 keeps its own sentence."""
    kind, power, rule = event.get("type"), str(event.get("power")), str(last.get("rule", ""))
    if kind != last.get("type") or power != last.get("power"):
        return None
    if kind == UnrestGained.type:
        total = _sum(last.get("amount"), event.get("amount"))
        return None if total is None else UnrestGained(power, total, rule)
    unit = event.get("kind")
    if (kind == UnitLost.type and unit in UNIT_KINDS and last.get("kind") == unit
            and not {rule, event.get("rule")} & SEVEN_RULES):
        total = _sum(last.get("count"), event.get("count"))
        return None if total is None else UnitLost(power, unit, total, rule)
    return None


def _sum(*counts: object) -> int | None:
    """The counts' sum; None when one is not a whole number (an event stored damaged)."""
    whole = [n for n in counts if isinstance(n, int) and not isinstance(n, bool)]
    return sum(whole) if len(whole) == len(counts) else None


def step_events() -> frozenset[str]:
    """What an attack step changed, told by its events (the flowchart tells the rest): the
    effects every procedure shares, and each procedure's own (`Procedure.logged_events`)."""
    return frozenset().union(*(system.procedure.logged_events for system in adapters()))


# An Italian sentence that starts with an article (a power or a region named first).
ARTICLES = ("Il ", "Lo ", "La ", "I ", "Gli ", "Le ", "L'", "L\u2019")


def _after_colon(sentence: str) -> str:
    """A sentence written after a colon: its article in lower case, as Italian wants it
    ("Attacco n. 3: la Russia paga 2 ori.")."""
    return sentence[0].lower() + sentence[1:] if sentence.startswith(ARTICLES) else sentence


def _attack_step(p: dict[str, Any]) -> str:
    kinds = step_events()
    facts = [
        render_rules_message(event["message"])
        for event in _told([e for e in p.get("events", [])
                            if isinstance(e, dict) and e.get("type") in kinds])
    ]
    head = _("Attack #%(number)s:") % {"number": p.get("attack", "?")}
    if not facts:
        return head + " " + _("the attack goes on.")
    return " ".join([head, _after_colon(facts[0]), *facts[1:]])


def _ally_invited(p: dict[str, Any]) -> str:
    return _("You are invited to help %(friend)s in attack #%(number)s %(region)s.") % {
        "friend": art(p.get("friend", ""), "il"),
        "number": p.get("attack", "?"),
        "region": art(p.get("region", ""), "in"),
    }


DESCRIBERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "game_step": _rules_events,
    # The unrest once told to its power alone, in the logs of games played before it became
    # public (no new event has this kind).
    "game_private": _rules_events,
    "attack_step": _attack_step,
    "ally_invited": _ally_invited,
    "game_created": _game_created,
    "seat_taken": _seat_taken,
    "seat_left": _seat_left,
    "bot_seated": _bot_seated,
    "seat_to_bot": _seat_to_bot,
    "seat_from_bot": _seat_from_bot,
    "game_started": _game_started,
    "game_ended": _game_ended,
    "staff_corrected": _staff_corrected,
}


def describe(event: GameEvent) -> str:
    describer = DESCRIBERS.get(event.kind)
    if describer is None:
        # A kind added without its sentence still shows up, rather than vanishing from the log.
        return _("Event “%(kind)s”.") % {"kind": event.kind}
    return describer(event.payload or {})
