"""G41-G43: taxation, payments that cannot wait, gold transfers."""

from __future__ import annotations

from dataclasses import dataclass

from guerra.rules.events import Event, GoldChanged
from guerra.rules.game.events import GoldTransferred, Taxed, gold_text, unrest_text
from guerra.rules.game.state import GameState
from guerra.rules.i18n import Message, _, ngettext


def tax_unrest(gold: int) -> int:
    """G41: 2 gold for each unrest point; an odd amount of gold rounds the unrest up."""
    return (gold + 1) // 2


@dataclass(frozen=True)
class Payment:
    """G42: a payment that cannot wait; exactly the missing gold is taxed."""

    gold: int  # the purse after paying
    taxed_gold: int
    taxed_unrest: int


def pay(gold: int, amount: int) -> Payment:
    short = max(0, amount - gold)
    return Payment(gold + short - amount, short, tax_unrest(short))


def pay_now(state: GameState, power: str, amount: int, rule: str
            ) -> tuple[GameState, tuple[Event, ...]]:
    """Pay `amount` gold, taxing the shortfall automatically (auction bids, maintenance)."""
    holder = state.power(power)
    payment = pay(holder.gold, amount)
    events: list[Event] = []
    if payment.taxed_gold:
        events.append(Taxed(power, payment.taxed_gold, payment.taxed_unrest, automatic=True))
    if amount:
        events.append(GoldChanged(power, -amount, rule))
    state = state.with_power(power, gold=payment.gold,
                             unrest=holder.unrest + payment.taxed_unrest)
    return state, tuple(events)


def cannot_pay(state: GameState, power: str, gold: int) -> Message | None:
    """G42: a cost the power cannot pay is refused with a message that offers taxation."""
    have = state.power(power).gold
    if have >= gold:
        return None
    short = gold - have
    return ngettext(
        "This costs {count} gold and {power} has {have}: tax first ({gold} for {unrest}).",
        "This costs {count} gold and {power} has {have}: tax first ({gold} for {unrest}).",
        gold, power=power, have=have, gold=gold_text(short),
        unrest=unrest_text(tax_unrest(short)))


def spend(state: GameState, power: str, gold: int) -> GameState:
    """Take gold the power is known to have (checked by `cannot_pay`)."""
    return state.with_power(power, gold=state.power(power).gold - gold) if gold else state


def tax(state: GameState, power: str, gold: int) -> tuple[GameState, tuple[Event, ...]] | Message:
    """G41: a power raises `gold` gold by taking unrest."""
    if gold < 1:
        return _("Tax at least 1 gold.")
    holder = state.power(power)
    unrest = tax_unrest(gold)
    state = state.with_power(power, gold=holder.gold + gold, unrest=holder.unrest + unrest)
    return state, (Taxed(power, gold, unrest, automatic=False),)


def transfer(state: GameState, power: str, to: str, gold: int
             ) -> tuple[GameState, tuple[Event, ...]] | Message:
    """G43: gold, and nothing else, from one power to another; public."""
    if not state.is_power(to):
        return _("“{power}” is not a power of this game.", power=to)
    if to == power:
        return _("A power cannot give gold to itself.")
    if gold < 1:
        return _("Give at least 1 gold.")
    have = state.power(power).gold
    if gold > have:
        return ngettext("{power} has only {count} gold.", "{power} has only {count} gold.",
                        have, power=power)
    state = state.with_power(power, gold=have - gold)
    state = state.with_power(to, gold=state.power(to).gold + gold)
    return state, (GoldTransferred(power, to, gold),)
