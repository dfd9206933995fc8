"""The decisions of "finestre" on the pages: what each form shows (its `Control`) and the
input a submitted form makes, read against the attack's state.

- a call in a window (W3): one button per card of the caller's hand it may play now, and
  "Passo" (a power with nothing playable is asked all the same: being asked reveals
  nothing); a Cambio al comando names an ally (W6). Cards are posted by their row in the
  deck (`card`, 0: Passo), the ally by its row among those it may name (`ally`);
- the attacker's tactic (W4), the defender's position (W5), the tiles (W9a, W9d);
- the kind of each loss its owner chooses (W15).

Every form also shows the caller's own hand (and only its own: the others' as their size).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from guerra.game.procedures.base import Control, Decision, FormField, Undecidable
from guerra.game.procedures.finestre.words import (
    deck_rows,
    tactic_word,
    unit_word,
    window_label,
)
from guerra.rules.finestre import graph as g
from guerra.rules.finestre import losses
from guerra.rules.finestre import windows as w
from guerra.rules.finestre.boxes import usable_training
from guerra.rules.finestre.cards import MAX_CARDS
from guerra.rules.finestre.inputs import TACTICS, LoseUnit, Play, Position, Tactic, UseTiles
from guerra.rules.finestre.state import FinestreState
from guerra.rules.forces import ATTACKER, DEFENDER, Side

PARTIALS = "game/procedures/finestre"
CALL_FORM = f"{PARTIALS}/_call.html"
TACTIC_FORM = f"{PARTIALS}/_tactic.html"
POSITION_FORM = f"{PARTIALS}/_position.html"
TILES_FORM = f"{PARTIALS}/_tiles.html"
LOSS_FORM = f"{PARTIALS}/_loss.html"

CALL, TACTIC, POSITION, TILES, LOSS = (
    "finestre_call", "finestre_tactic", "finestre_position", "finestre_tiles", "finestre_loss")
KINDS = (CALL, TACTIC, POSITION, TILES, LOSS)
REQUIRED = {TACTIC: "tactic", POSITION: "from_forts", LOSS: "unit_kind"}
NO_TACTIC = "none"
# W3: "each call its own short deadline (default: pass)": a quarter of the game's time for a
# decision, CALL_FLOOR seconds at least (never more than a decision's time): 30 s in a live game
# (2 minutes a decision), 15 minutes at 1 hour, 6 hours at a day. The announcements (W4, W5,
# W9) and the losses (W15) have the whole time.
CALL_SHARE = 4
CALL_FLOOR = 30
MAX_ALLIES = 12
MAX_TILES = 9

FORM_FIELDS: tuple[FormField, ...] = (
    FormField("card", gettext_lazy("Card"), high=MAX_CARDS),
    FormField("ally", gettext_lazy("Ally named"), high=MAX_ALLIES),
    FormField("tactic", gettext_lazy("Tactic"), choices=(NO_TACTIC, *TACTICS)),
    FormField("from_forts", gettext_lazy("Position"), choices=("1", "0")),
    FormField("alliance_tiles", gettext_lazy("Alliance tiles"), high=MAX_TILES),
    FormField("army_training", gettext_lazy("Army Training"), choices=("1", "0")),
    FormField("unit_kind", gettext_lazy("Unit to lose"), choices=("army", "fleet", "fort")),
)


def hand_rows(state: FinestreState, power: str) -> list[dict[str, Any]]:
    """W1: `power`'s own hand (for its eyes only), each card with whether it may play it now
    and what it does."""
    rows = {row["name"]: row for row in deck_rows(state.situation.deck)}
    playable = set(w.playable(state, power)) if _calling(state, power) else set()
    return [{**rows.get(card, {"name": card, "row": 0, "effect": ""}),
             "playable": card in playable} for card in state.hand(power)]


def hand_sizes(state: FinestreState, viewer: str | None) -> list[dict[str, Any]]:
    """W1: how many cards each other power holds (public); never which."""
    powers = list(dict.fromkeys((*state.situation.turn_order, *(p for p, _h in state.hands))))
    return [{"power": p, "size": len(state.hand(p))} for p in powers if p != viewer]


def _calling(state: FinestreState, power: str) -> bool:
    window = state.window
    return window is not None and window.announced and not window.closed \
        and window.caller == power and not state.finished


def awaits_call(state: FinestreState) -> bool:
    """A call of a window is awaited (W3), not an announcement nor a loss's kind."""
    window = state.window
    return not state.finished and state.cursor.node != g.LOSS_CHOICE and window is not None \
        and window.announced and not window.closed


def call_seconds(state: FinestreState, seconds: int) -> int:
    """The time of the decision awaited at `state`: a call's (CALL_SHARE, CALL_FLOOR), the
    game's `seconds` for any other."""
    if not awaits_call(state):
        return seconds
    return min(seconds, max(CALL_FLOOR, seconds // CALL_SHARE))


def call_time_words() -> str:
    """What the call's form says of its deadline."""
    return _("Each call has a quarter of the time for a decision, at least %(floor)s seconds: "
             "when it runs out, you pass.") % {"floor": CALL_FLOOR}


def _side_of(state: FinestreState, power: str) -> Side | None:
    return state.side_of(power)


def call_rows(state: FinestreState) -> list[dict[str, Any]]:
    """W3: the calls of the open window so far, in order (public)."""
    window = state.window
    if window is None:
        return []
    return [{"power": c.power, "card": c.card, "ally": c.ally} for c in window.calls]


def _common(state: FinestreState, power: str) -> dict[str, Any]:
    node = state.cursor.node
    window = state.window
    return {"hand": hand_rows(state, power), "others": hand_sizes(state, power),
            "window": window.name if window is not None else "", "label": window_label(node),
            "calls": call_rows(state)}


def control_for(state: FinestreState, power: str) -> Control | None:
    """The decision `power` has at the current box, with what its partial shows."""
    if state.finished or power not in state.awaiting:
        return None
    node, step = state.cursor.node, state.step
    extra = _common(state, power)
    if node == g.LOSS_CHOICE:
        found = losses.next_loss(state)
        if found is None:
            return None
        side, _index, kinds = found
        return Control(LOSS, step, LOSS_FORM, side=side, extra={
            **extra, "kinds": [{"kind": k, "word": unit_word(k)} for k in kinds],
            "due": state.losses_due[0 if side == ATTACKER else 1]})
    window = state.window
    if window is None:
        return None
    if not window.announced:
        if node == g.W4:
            options = [{"value": NO_TACTIC, "word": tactic_word(None)},
                       *({"value": t, "word": tactic_word(t)} for t in TACTICS)]
            return Control(TACTIC, step, TACTIC_FORM, side=ATTACKER,
                           extra={**extra, "options": options})
        if node == g.W5:
            main = state.main(DEFENDER)
            return Control(POSITION, step, POSITION_FORM, side=DEFENDER,
                           extra={**extra, "forts": main.forts if main else 0})
        tiles_side: Side = ATTACKER if node == g.W9A else DEFENDER
        main = state.main(tiles_side)
        return Control(TILES, step, TILES_FORM, side=tiles_side, extra={
            **extra, "alliance": main.alliance_tiles if main else 0,
            "training": usable_training(state, tiles_side)})
    rows = {row["name"]: row for row in deck_rows(state.situation.deck)}
    cards = [rows[c] for c in w.playable(state, power) if c in rows]
    my_side = _side_of(state, power)
    allies = [] if my_side is None else [
        {"row": i, "power": p} for i, p in enumerate(w.eligible_allies(state, my_side), 1)]
    return Control(CALL, step, CALL_FORM, side=my_side or "", extra={
        **extra, "cards": cards, "allies": allies, "time": call_time_words()})


def _card(state: FinestreState, row: int) -> str | None:
    cards = state.situation.deck.cards
    if row == 0:
        return None
    # A row the form never offered names no card of the hand: the rules say so.
    return cards[row - 1].name if row <= len(cards) else f"#{row}"


def _ally(state: FinestreState, power: str, row: int) -> str | None:
    if row == 0:
        return None
    side = state.side_of(power)
    allies = w.eligible_allies(state, side) if side is not None else ()
    return allies[row - 1] if row <= len(allies) else f"#{row}"


def input_from(state: FinestreState, decision: Decision, power: str) -> object:
    """The rules' input for a submitted form; the rules check the rest (their refusal, in
    Italian, tells the player what is wrong)."""
    kind, step = decision.kind, decision.step
    if kind == CALL:
        return Play(power, step, _card(state, decision.number("card")),
                    _ally(state, power, decision.number("ally")))
    if kind == TACTIC:
        tactic = decision.value("tactic", NO_TACTIC)
        return Tactic(power, step, None if tactic == NO_TACTIC else str(tactic))
    if kind == POSITION:
        return Position(power, step, decision.value("from_forts", "1") == "1")
    if kind == TILES:
        return UseTiles(power, step, decision.number("alliance_tiles"),
                        decision.value("army_training", "0") == "1")
    if kind == LOSS:
        return LoseUnit(power, step, str(decision.value("unit_kind", "")))
    raise Undecidable(kind)

