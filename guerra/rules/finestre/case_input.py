"""Reading the case files of procedures/finestre.md: a seed-004 case without `choices`, with the
allies (and what counts if they take command), `turn_order`, `hands`, `announce`, `windows`,
`losses` and `dice`. Every mistake is a `DataError` naming the field, in Italian."""

from __future__ import annotations

from dataclasses import dataclass, field

from guerra.rules.casefile import read_defender, read_region
from guerra.rules.finestre.cards import DEFAULT_DECK, read_deck
from guerra.rules.finestre.graph import WINDOWS
from guerra.rules.finestre.inputs import TACTICS
from guerra.rules.finestre.model import Ally, Situation
from guerra.rules.forces import Force, Neutral
from guerra.rules.i18n import _
from guerra.rules.jsonvalue import (
    DataError,
    Obj,
    as_bool,
    as_int,
    as_list,
    as_obj,
    as_str,
    get_int,
    get_list,
    get_obj,
    get_opt_int,
    get_str,
)

REPEATED = ("W4.2", "W5.2", "W6.2", "W4.3", "W5.3")
WINDOW_NAMES = (*WINDOWS, *REPEATED)
ANNOUNCED = ("W4", "W5", "W9a", "W9d", "W4.2", "W5.2", "W4.3", "W5.3")


@dataclass(frozen=True)
class CaseCall:
    card: str | None = None
    ally: str | None = None


@dataclass(frozen=True)
class Announcement:
    tactic: str | None = None
    from_forts: bool = True
    alliance_tiles: int | None = None
    army_training: bool | None = None


@dataclass(frozen=True)
class Case:
    situation: Situation
    powers: tuple[str, ...]
    announce: dict[str, Announcement] = field(default_factory=dict)
    windows: dict[str, tuple[CaseCall, ...]] = field(default_factory=dict)
    losses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dice: tuple[int, ...] = ()


def read_ally(data: Obj, where: str) -> Ally:
    return Ally(get_str(data, "power", where), get_int(data, "armies", where, 0),
                get_int(data, "fleets", where, 0), get_int(data, "forts", where, 0),
                get_int(data, "army_training", where, 0),
                get_int(data, "alliance_tiles", where, 0),
                get_int(data, "control_markers", where, 0),
                get_opt_int(data, "markers_in_supply", where))


def _allies(case: Obj, key: str) -> tuple[Ally, ...]:
    return tuple(read_ally(as_obj(item, f"{key}[{i}]"), f"{key}[{i}]")
                 for i, item in enumerate(get_list(case, key, optional=True)))


def _strings(value: object, where: str) -> tuple[str, ...]:
    return tuple(as_str(item, f"{where}[{i}]") for i, item in enumerate(as_list(value, where)))


def read_call(value: object, where: str) -> CaseCall:
    if value == "pass":
        return CaseCall()
    if isinstance(value, str) and value.strip():
        return CaseCall(value)
    if isinstance(value, dict):
        data = as_obj(value, where)
        return CaseCall(get_str(data, "card", where), get_str(data, "ally", where))
    raise DataError(_("Each call of “{field}” must be “pass”, a card's name or "
                      "{{\"card\": ..., \"ally\": ...}}.", field=where))


def read_announce(case: Obj) -> dict[str, Announcement]:
    found: dict[str, Announcement] = {}
    raw = case.get("announce")
    for name, value in (as_obj(raw, "announce") if raw is not None else {}).items():
        where = f"announce.{name}"
        if name not in ANNOUNCED:
            raise DataError(_("“{field}” is no window with an announcement (W4, W5, W9a, W9d, "
                              "W4.2, W5.2, W4.3, W5.3).", field=where))
        if name.startswith("W4"):
            if value is not None and value not in TACTICS:
                raise DataError(_("Field “{field}” must be “assalto”, “assedio”, "
                                  "“schermaglia” or null.", field=where))
            found[name] = Announcement(tactic=None if value is None else str(value))
        elif name.startswith("W5"):
            found[name] = Announcement(from_forts=as_bool(value, where))
        else:
            data = as_obj(value, where)
            tiles = data.get("alliance_tiles")
            training = data.get("army_training")
            found[name] = Announcement(
                alliance_tiles=None if tiles is None else as_int(tiles, f"{where}.alliance_tiles"),
                army_training=None if training is None
                else as_bool(training, f"{where}.army_training"))
    return found


def read_windows(case: Obj) -> dict[str, tuple[CaseCall, ...]]:
    raw = case.get("windows")
    found: dict[str, tuple[CaseCall, ...]] = {}
    for name, value in (as_obj(raw, "windows") if raw is not None else {}).items():
        if name not in WINDOW_NAMES:
            raise DataError(_("Unknown window “{name}” in “windows”.", name=name))
        where = f"windows.{name}"
        found[name] = tuple(read_call(item, f"{where}[{i}]")
                            for i, item in enumerate(as_list(value, where)))
    return found


def read_losses(case: Obj, powers: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    raw = case.get("losses")
    found: dict[str, tuple[str, ...]] = {}
    for power, value in (as_obj(raw, "losses") if raw is not None else {}).items():
        if power not in powers:
            raise DataError(_("“{power}” in “losses” is not a power of this case.",
                              power=power))
        kinds = _strings(value, f"losses.{power}")
        for i, kind in enumerate(kinds):
            if kind not in ("army", "fleet", "fort"):
                raise DataError(_("Field “{field}” must list “army”, “fleet” or “fort”.",
                                  field=f"losses.{power}[{i}]"))
        found[power] = kinds
    return found


def read_dice(case: Obj) -> tuple[int, ...]:
    """The attacker's die, then the defender's: `[3, 5]` (a pair in a list, `[[3, 5]]`, too)."""
    faces: list[int] = []
    for i, item in enumerate(get_list(case, "dice")):
        values = item if isinstance(item, list) else [item]
        for face in values:
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise DataError(_("Each entry of “dice” must be a number from 1 to 6 "
                                  "(entry {index}).", index=i + 1))
            faces.append(face)
    return tuple(faces)


def read_case(case: Obj, *, need_dice: bool = True) -> Case:
    region = read_region(case)
    attacker = Force.from_dict(get_obj(case, "attacker"), "attacker")
    attacker_allies = _allies(case, "attacker_allies")
    defender_allies = _allies(case, "defender_allies")
    neutral, defender = case.get("neutral"), None
    if neutral is not None:
        if case.get("defender") is not None or attacker_allies or defender_allies:
            raise DataError(_("With a neutral target the case has no defender and no allies."))
    else:
        defender = read_defender(case)
    turn_order = _strings(case.get("turn_order", []), "turn_order")
    hands_raw = case.get("hands")
    hands = tuple((power, _strings(cards, f"hands.{power}")) for power, cards in
                  (as_obj(hands_raw, "hands") if hands_raw is not None else {}).items())
    deck_data = {key: case[key] for key in ("deck", "hand_size") if key in case}
    deck = read_deck(deck_data) if deck_data else DEFAULT_DECK
    situation = Situation(
        region, attacker, defender,
        None if neutral is None else Neutral.from_dict(as_obj(neutral, "neutral")),
        attacker_allies, defender_allies, turn_order, hands, deck)
    powers = [attacker.power]
    if defender is not None:
        powers.append(defender.power)
    for power in (*(a.power for a in attacker_allies + defender_allies), *turn_order,
                  *(p for p, _h in hands)):
        if power not in powers:
            powers.append(power)
    return Case(situation, tuple(powers), read_announce(case), read_windows(case),
                read_losses(case, tuple(powers)), read_dice(case) if need_dice else ())
