""""finestre" assembled: its graph, one function per box, its dice, odds and players."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence

from guerra.rules import frozen
from guerra.rules.dice import Dice
from guerra.rules.events import LOGGED_EFFECTS, Event
from guerra.rules.explore import Policy
from guerra.rules.finestre import boxes, cards, hands, losses, sample
from guerra.rules.finestre import graph as g
from guerra.rules.finestre import windows as w
from guerra.rules.finestre.declaration import initial_state, refusal
from guerra.rules.finestre.events import NARRATIVE
from guerra.rules.finestre.inputs import TACTICS, LoseUnit, Play, Position, Tactic, UseTiles
from guerra.rules.finestre.model import Ally, Situation
from guerra.rules.finestre.state import HIDDEN, PROCEDURE_NAME, FinestreState
from guerra.rules.flowchart import Node, Outcome, Procedure, Refused
from guerra.rules.forces import ATTACKER, DEFENDER, Engagement
from guerra.rules.i18n import N_, Message
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import Obj

OUTCOMES = ("attacker_wins", "tie", "defender_wins", "ended_by_retreat")


class Finestre(Procedure[FinestreState, Situation]):
    """Response windows until everyone passes, battle cards (procedures/finestre.md)."""

    boxes_read_cursor = False  # its boxes read the windows and the sides, never the cursor
    logged_events = LOGGED_EFFECTS | NARRATIVE
    outcome_labels = {"ended_by_retreat": N_("The combat ended by a Ritirata")}

    def __init__(self) -> None:
        super().__init__(
            name=PROCEDURE_NAME,
            label=N_("Response windows"),
            nodes=g.NODES,
            edges=g.EDGES,
            start_node=g.DECLARED,
            auto={g.DECLARED: boxes.declared, g.STANDING: boxes.standing,
                  g.RESOLVE: boxes.resolve, g.LOSSES: losses.losses,
                  g.CONTROL: losses.control},
            decisions={**{node: boxes.WindowBox(node) for node in g.WINDOWS},
                       g.LOSS_CHOICE: losses.LossBox()},
            ends={g.ENDED: losses.ended, g.ENDED_BY_RETREAT: losses.ended_by_retreat},
            escapes=(g.ENDED_BY_RETREAT,),
        )

    def declare(self, situation: Situation, dice: Dice) -> Outcome[FinestreState]:
        state = initial_state(situation)
        if not isinstance(state, FinestreState):
            return Refused(state)
        return self.start(state, dice)

    def state_from_dict(self, data: Obj) -> FinestreState:
        return FinestreState.from_dict(data)

    def read_data(self, data: Obj) -> dict[str, JSON]:
        """W2: the deck and the hand size (`cards.read_data`)."""
        return cards.read_data(data)

    def case_commands(self) -> dict[str, Callable[[Obj], dict[str, JSON]]]:
        """procedures/finestre.md's case files (imported when asked: pages never need them)."""
        from guerra.rules.finestre.case import odds_case, resolve_case

        return {"resolve": resolve_case, "odds": odds_case}

    def refusal(self, situation: Situation) -> Message | None:
        return refusal(situation)

    def from_engagement(self, engagement: Engagement) -> Situation:
        """The main forces, the allies with their units in the region (slot order, as
        committed), the war's turn order, the deck of the scenario's data and every power's
        hand as the game's combat memory holds it (W1, `hands`)."""
        return Situation(
            engagement.region, engagement.attacker, engagement.defender, engagement.neutral,
            attacker_allies=tuple(Ally(a.power, a.armies, a.fleets,
                                       markers_in_supply=engagement.markers_of(a.power))
                                  for a in engagement.allies_of(ATTACKER)),
            defender_allies=tuple(Ally(a.power, a.armies, a.fleets,
                                       markers_in_supply=engagement.markers_of(a.power))
                                  for a in engagement.allies_of(DEFENDER)),
            turn_order=engagement.turn_order, hands=hands.hands_of(engagement.memory),
            deck=cards.deck_of(engagement.procedure_data),
            defender_is_ally=engagement.defender_is_ally)

    # --- W1: the hands through the game (the game's combat memory, `hands`) ---------------
    def war_begins(self, data: Obj, memory: Obj, powers: tuple[str, ...], dice: Dice
                   ) -> dict[str, JSON]:
        return hands.deal(cards.deck_of(data), memory, powers, dice)

    def remember(self, memory: Obj, events: Sequence[Event]) -> dict[str, JSON]:
        return hands.discard(memory, events)

    def memory_seen_by(self, memory: Obj, power: str | None) -> dict[str, JSON]:
        return hands.seen_by(memory, power)

    def memory_known_to(self, memory: Obj, power: str) -> dict[str, JSON]:
        return hands.known_to(memory, power, HIDDEN)

    def memory_sampled(self, data: Obj, memory: Obj, running: FinestreState | None, power: str,
                       rng: random.Random) -> tuple[dict[str, JSON], FinestreState | None]:
        return sample.memory_sampled(data, memory, running, power, rng)

    def outcomes(self) -> tuple[str, ...]:
        return OUTCOMES

    def winner(self, state: FinestreState, outcome: str) -> str | None:
        if outcome == "attacker_wins":
            return state.main_power(ATTACKER)
        return state.main_power(DEFENDER) if outcome == "defender_wins" else None

    def seen_by(self, state: FinestreState, power: str | None) -> FinestreState:
        """W1: a hand is secret (its size shows, each card as `HIDDEN`); a played card is
        public (the windows' calls)."""
        def hide(hands: tuple[tuple[str, tuple[str, ...]], ...]
                 ) -> tuple[tuple[str, tuple[str, ...]], ...]:
            return tuple((p, h if p == power else (HIDDEN,) * len(h)) for p, h in hands)

        situation = frozen.replace(state.situation, hands=hide(state.situation.hands))
        return frozen.replace(state, hands=hide(state.hands), situation=situation)

    # --- dice and odds --------------------------------------------------------------------
    def odds_key(self, node: Node, faces: tuple[int, ...]) -> object:
        """W11-W13 read the two dice only through their difference: 11 classes, not 36."""
        return faces[0] - faces[1] if node.id == g.STANDING else faces

    def odds_memo_key(self, state: FinestreState) -> Hashable | None:
        return None

    # --- players --------------------------------------------------------------------------
    def bot_answers(self, state: FinestreState, power: str) -> tuple[object, ...]:
        """Each card the power may play now and a pass (W3); each tactic (W4); fighting from
        the forts or not (W5); every tile or none (W9); each kind a loss may take (W15)."""
        node, step = state.cursor.node, state.cursor.step
        if node == g.LOSS_CHOICE:
            found = losses.next_loss(state)
            return () if found is None else tuple(LoseUnit(power, step, kind)
                                                  for kind in found[2])
        window = state.window
        if window is None:
            return ()
        if not window.announced:
            if node == g.W4:
                return tuple(Tactic(power, step, tactic) for tactic in (None, *TACTICS))
            if node == g.W5:
                return (Position(power, step, True), Position(power, step, False))
            main = state.main(ATTACKER if node == g.W9A else DEFENDER)
            if main is None:
                return ()
            side = ATTACKER if node == g.W9A else DEFENDER
            training = boxes.usable_training(state, side)
            return tuple(dict.fromkeys((UseTiles(power, step, main.alliance_tiles, training),
                                        UseTiles(power, step, 0, False))))
        plays: list[object] = [Play(power, step)]
        for card in w.playable(state, power):
            ally = None
            if state.situation.deck.kind_of(card) == "combatants":
                side_of = state.side_of(power)
                allies = w.eligible_allies(state, side_of) if side_of is not None else ()
                if not allies:
                    continue
                ally = allies[0]
            plays.append(Play(power, step, card, ally))
        return tuple(plays)

    def random_policy(self, rng: random.Random) -> Policy[FinestreState]:
        """A seeded random player, legal moves only: a random announcement, a random card it
        may play (or a pass, half the time), a random kind for each loss it chooses."""

        def answer(state: FinestreState, power: str) -> object:
            node, step = state.cursor.node, state.cursor.step
            if node == g.LOSS_CHOICE:
                found = losses.next_loss(state)
                assert found is not None
                return LoseUnit(power, step, rng.choice(found[2]))
            window = state.window
            assert window is not None
            if not window.announced:
                return random_announcement(state, node, power, step, rng)
            allowed = w.playable(state, power)
            if not allowed or rng.random() < 0.5:
                return Play(power, step)
            card = rng.choice(allowed)
            ally = None
            if state.situation.deck.kind_of(card) == "combatants":
                side = state.side_of(power)
                assert side is not None
                ally = rng.choice(w.eligible_allies(state, side))
            return Play(power, step, card, ally)

        return answer


def random_announcement(state: FinestreState, node: str, power: str, step: int,
                        rng: random.Random) -> object:
    if node == g.W4:
        return Tactic(power, step, rng.choice((None, *TACTICS)))
    if node == g.W5:
        return Position(power, step, rng.random() < 0.7)
    side = ATTACKER if node == g.W9A else DEFENDER
    main = state.main(side)
    assert main is not None
    return UseTiles(power, step, rng.randint(0, main.alliance_tiles),
                    boxes.usable_training(state, side) and rng.random() < 0.8)


FINESTRE_PROCEDURE = Finestre()

__all__ = ["FINESTRE_PROCEDURE", "Finestre"]
