"""The `war-end` and `auction` commands of game-rules.md section 5, on JSON files.

Neither is a second implementation: `war-end` runs the machine's income, scoring and
end-of-game functions on the snapshot, `auction` replays the calls through the machine's
auction and pays the winners as the game does (G42's automatic taxation included).
"""

from __future__ import annotations

from collections.abc import Mapping

from guerra.rules.game.auction import Called, call, open_auction
from guerra.rules.game.economy import Economy, income_of
from guerra.rules.game.money import pay
from guerra.rules.game.scoring import Final, score_region, standings
from guerra.rules.game.state import AuctionState, Proposal
from guerra.rules.i18n import Message, _
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import (
    DataError,
    Obj,
    as_int,
    as_obj,
    as_str,
    get_bool,
    get_int,
    get_list,
    get_obj,
    get_str,
)

DEFAULT_GROWTH = 3  # G53


def _names(items: list[object], key: str, where: str) -> list[Obj]:
    """Objects of a list, each with a distinct non-empty `key`."""
    seen: set[str] = set()
    objects = []
    for i, item in enumerate(items):
        obj = as_obj(item, f"{where}[{i}]")
        name = get_str(obj, key, f"{where}[{i}]")
        if name in seen:
            raise DataError(_("“{name}” appears twice in “{field}”.", name=name, field=where))
        seen.add(name)
        objects.append(obj)
    return objects


def _regions(case: Obj) -> dict[str, tuple[bool, tuple[int, ...]]]:
    regions = {}
    for i, obj in enumerate(_names(get_list(case, "regions"), "name", "regions")):
        where = f"regions[{i}]"
        vp = tuple(as_int(v, f"{where}.vp") for v in get_list(obj, "vp", where))
        if not 1 <= len(vp) <= 3:
            raise DataError(_("Field “{field}” lists the VP of 1st, 2nd (and 3rd) place.",
                              field=f"{where}.vp"))
        regions[get_str(obj, "name")] = (get_bool(obj, "europe", where), vp)
    return regions


def war_end(case: Obj) -> dict[str, JSON]:
    """Phases 4-6 of one war (G50-G57), and G60-G62 after the last."""
    last_war = get_bool(case, "last_war", default=False)
    growth = get_int(case, "population_growth", default=DEFAULT_GROWTH)
    regions = _regions(case)
    powers = _names(get_list(case, "powers"), "power", "powers")
    results: dict[str, dict[str, JSON]] = {}
    markers: dict[str, dict[str, int]] = {}
    for i, obj in enumerate(powers):
        where = f"powers[{i}]"
        name = get_str(obj, "power", where)
        markers[name] = _markers(obj, regions, where)
        units = sum(get_int(obj, kind, where) for kind in ("armies", "fleets", "forts"))
        economy = Economy(name, get_int(obj, "gold", where), get_int(obj, "population", where),
                          get_int(obj, "unrest", where), units, sum(markers[name].values()),
                          (("tile income", get_int(obj, "tile_income", where, default=0)),))
        income = income_of(economy, growth)
        results[name] = {
            "income": income.income, "maintenance": income.maintenance,
            "taxed_unrest": income.taxed_unrest, "gold": income.gold,
            "population": income.population, "unrest": income.unrest,
            "vp": get_int(obj, "vp", where), "scores": {},
        }
    for region, (europe, vp) in regions.items():
        counts = {power: m[region] for power, m in markers.items() if m.get(region)}
        for power, _count, _place, points in score_region(vp, 3 if europe else 2, counts):
            if points:
                _add(results[power], region, points)
    if last_war:
        finals = [Final(p, _int(r["vp"]), _int(r["unrest"]), _int(r["gold"]))
                  for p, r in results.items()]
        for row in standings(finals):
            results[row.power].update(vp=row.vp, penalty=row.penalty, revolution=row.revolution,
                                      rank=row.rank)
    return {"powers": dict(results)}


def _int(value: JSON) -> int:
    assert isinstance(value, int)
    return value


def _add(result: dict[str, JSON], region: str, points: int) -> None:
    scores = result["scores"]
    assert isinstance(scores, dict)
    scores[region] = points
    result["vp"] = _int(result["vp"]) + points


def _markers(obj: Obj, regions: Mapping[str, object], where: str) -> dict[str, int]:
    raw = obj.get("markers")
    found = {}
    for region, count in (as_obj(raw, f"{where}.markers") if raw is not None else {}).items():
        if region not in regions:
            raise DataError(_("“{region}” in “{field}” is not one of the snapshot's regions.",
                              region=region, field=f"{where}.markers"))
        found[region] = as_int(count, f"{where}.markers.{region}")
    return found


def auction(case: Obj) -> dict[str, JSON]:
    """One war's auction replayed call by call (G21-G27)."""
    seating = tuple(as_str(p, "seating") for p in get_list(case, "seating"))
    if len(set(seating)) != len(seating) or len(seating) < 2:
        raise DataError(_("“seating” lists at least two different powers."))
    first = get_str(case, "first_opener")
    if first not in seating:
        raise DataError(_("“{power}” is not a power of this game.", power=first))
    gold = dict.fromkeys(seating, 0)
    raw_gold = case.get("gold")
    for power, amount in (as_obj(raw_gold, "gold") if raw_gold is not None else {}).items():
        if power not in gold:
            raise DataError(_("“{power}” is not a power of this game.", power=power))
        gold[power] = as_int(amount, f"gold.{power}")
    paid, unrest = dict.fromkeys(seating, 0), dict.fromkeys(seating, 0)
    table = open_auction(seating, first)
    for i, raw in enumerate(get_list(case, "calls")):
        called = _call(table, as_obj(raw, f"calls[{i}]"), f"calls[{i}]")
        if isinstance(called, Message):
            raise DataError(_("Call {number}: {reason}", number=i + 1, reason=called))
        table = called.auction
        if called.closed is not None:
            winner, bid = called.closed.power, called.closed.bid
            payment = pay(gold[winner], bid)
            gold[winner] = payment.gold
            paid[winner] += bid
            unrest[winner] += payment.taxed_unrest
    next_call: JSON = None
    if not table.finished:
        if table.proposal is None:
            next_call = {"power": table.opener, "call": "propose"}
        else:
            next_call = {"power": table.caller, "call": "raise_or_pass", "bid": table.bid}
    return {
        "slots": [power for power, _side in table.slots],
        "alliances": {side: [p for p, s in table.slots if s == side] for side in ("A", "B")},
        "paid": dict(paid), "unrest": dict(unrest), "next": next_call,
    }


def _call(table: AuctionState, obj: Obj, where: str) -> Called | Message:
    power = get_str(obj, "power", where)
    if obj.get("pass") is True:
        if "propose" in obj or "bid" in obj:
            raise DataError(_("A pass names no proposal and no bid ({field}).", field=where))
        return call(table, power, passes=True)
    proposal = None
    if obj.get("propose") is not None:
        sides = get_obj(obj, "propose", where)
        unknown = set(sides) - {"A", "B"}
        if unknown or not sides:
            raise DataError(_("Field “{field}” names powers for “A” and “B”.",
                              field=f"{where}.propose"))
        proposal = Proposal(*(as_str(sides[k], f"{where}.propose.{k}") if k in sides else None
                              for k in ("A", "B")))
    bid = obj.get("bid")
    amount = None if bid is None else as_int(bid, f"{where}.bid")
    if proposal is None and amount is None:
        raise DataError(_("A call passes, proposes or raises ({field}).", field=where))
    return call(table, power, proposal=proposal, bid=amount)
