"""G7, G40 (tiles as hooks) and G41-G43 (taxation, payments, gold transfers)."""

from __future__ import annotations

import dataclasses

from guerra.rules.game.economy import economy_of, income_of
from guerra.rules.game.events import GoldTransferred, Taxed, TilePlayed, UnrestReduced
from guerra.rules.game.inputs import (
    Build,
    Colonise,
    Move,
    Pass,
    PlayTile,
    TakeTile,
    Tax,
    Transfer,
    UnitMove,
)
from guerra.rules.game.money import pay
from guerra.rules.game.options import menu, tiles
from guerra.rules.game.scenario import TileSpec
from guerra.rules.game.state import GameState, Pieces, TurnState
from guerra.rules.game.tiles import EFFECTS, held_effects
from tests.rules.game.helpers import in_rounds, of_type, play, refused, steps
from tests.rules.game.scenarios import BA, CA, FR, GB, PR, ST, tiny


def _holding(*tiles: tuple[str, int], **kwargs: object) -> dict[str, object]:
    return {"tiles": tuple(sorted(tiles)), **kwargs}


def test_G7_tile_costs_and_copies_are_scenario_data() -> None:
    dear = tiny(tiles=(TileSpec("bank", 1, gold=2, population=1, unrest=2),))
    state = in_rounds(scenario=dear)
    after = play(state, TakeTile(FR, state.step, "bank")).state
    holder = after.power(FR)
    assert (holder.gold, holder.population, holder.unrest) == (8, 4, 2)
    assert after.copies_left("bank") == 0


def test_G40_company_gives_3_gold_at_income_while_its_owner_holds_its_region() -> None:
    tiles = _holding(("company:Caraibi", 1))
    held = in_rounds(pieces=[Pieces(FR, CA, markers=1)], Francia=tiles)
    assert economy_of(held, FR).tiles == (("Company", 3),)
    lost = in_rounds(Francia=tiles)
    assert economy_of(lost, FR).tiles == ()


def test_G40_bank_gives_3_gold_at_each_income_per_tile() -> None:
    state = in_rounds(Francia=_holding(("bank", 2)))
    assert economy_of(state, FR).tiles == (("Bank", 6),)
    assert income_of(economy_of(state, FR), 3).income == 5 + 0 + 6


def test_G40_government_reform_takes_3_unrest_and_is_discarded() -> None:
    state = in_rounds(Francia={"unrest": 5})
    result = play(state, TakeTile(FR, state.step, "reform"))
    holder = result.state.power(FR)
    assert (holder.unrest, holder.gold, holder.tiles) == (2, 6, ())
    assert of_type(result.events, UnrestReduced) == [UnrestReduced(FR, 3)]
    calm = play(in_rounds(Francia={"unrest": 1}), TakeTile(FR, 0, "reform")).state
    assert calm.power(FR).unrest == 0  # never below 0


def test_G40_logistics_moves_three_units() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("logistics", 4, gold=3)))
    state = in_rounds(scenario=scenario, pieces=[Pieces(FR, None, armies=3)],
                      Francia=_holding(("logistics", 1)))
    three = Move(FR, 0, (UnitMove("army", None, ST),) * 3)
    assert play(state, three).state.pieces(FR, ST).armies == 3
    two = in_rounds(scenario=scenario, pieces=[Pieces(FR, None, armies=3)],
                    Francia=_holding(("logistics", 2)))
    assert refused(two, Move(FR, 0, (UnitMove("army", None, ST),) * 4)).render() == (
        "Un'azione Muovi sposta al massimo 3 unità.")


def test_G40_mercenaries_pay_one_build_per_war_in_gold() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("mercenaries", 4, gold=2)))
    state = in_rounds(scenario=scenario, Francia=_holding(("mercenaries", 1)))
    result = play(state, Build(FR, state.step, "army", with_gold=True))
    holder = result.state.power(FR)
    assert (holder.gold, holder.population, holder.used("mercenaries")) == (8, 5, 1)
    assert refused(result.state, Build(FR, result.state.step, "army", with_gold=True)).msgid == (
        "{power} has no unused Mercenaries tile in this war.")


def test_G40_colonial_office_colonises_without_population() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("colonial_office", 3, population=1)))
    state = in_rounds(scenario=scenario, face_up=(3,), population=0,
                      Francia=_holding(("colonial_office", 1)))
    assert play(state, Colonise(FR, state.step, 3)).state.pieces(FR, CA).markers == 1


def test_G40_war_ministry_gives_one_turn_of_three_actions_once_per_war() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("war_ministry", 3, gold=4, unrest=1)))
    state = in_rounds(scenario=scenario, Francia=_holding(("war_ministry", 1)))
    result = play(state, PlayTile(FR, state.step, "war_ministry"))
    assert result.state.turn == TurnState(FR, actions=3, ministry=True)
    assert of_type(result.events, TilePlayed) == [TilePlayed(FR, "war_ministry", "War Ministry")]
    after = steps(result.state, Pass(FR, 0), Pass(FR, 0))
    assert after.turn is not None and after.turn.power == FR  # a third action is left
    after = steps(after, Pass(FR, 0))
    assert after.turn == TurnState(PR)
    again = dataclasses.replace(after, turn=TurnState(FR))
    assert refused(again, PlayTile(FR, again.step, "war_ministry")).msgid == (
        "This tile has already been used in this war.")


def test_G40_every_default_effect_is_a_hook_with_a_plain_italian_text() -> None:
    assert set(EFFECTS) == {"alliance", "army_training", "navy_training", "company", "bank",
                            "reform", "logistics", "mercenaries", "colonial_office",
                            "war_ministry"}
    assert EFFECTS["company"].income is not None and EFFECTS["bank"].income is not None
    assert EFFECTS["reform"].on_take is not None and not EFFECTS["reform"].kept
    assert [n for n, e in EFFECTS.items() if e.once_per_war] == ["mercenaries", "war_ministry"]
    assert [n for n, e in EFFECTS.items() if e.attack] == ["alliance", "army_training",
                                                          "navy_training"]


def test_G41_taxation_gives_2_gold_per_unrest_and_an_odd_amount_rounds_up() -> None:
    state = in_rounds(gold=0)
    even = play(state, Tax(FR, state.step, 4))
    assert (even.state.power(FR).gold, even.state.power(FR).unrest) == (4, 2)
    odd = play(state, Tax(FR, state.step, 3)).state
    assert (odd.power(FR).gold, odd.power(FR).unrest) == (3, 2)
    assert of_type(even.events, Taxed) == [Taxed(FR, 4, 2, automatic=False)]


def test_G41_taxation_is_free_and_only_in_ones_own_turn() -> None:
    state = in_rounds()
    taxed = play(state, Tax(FR, state.step, 2)).state
    assert taxed.turn == state.turn  # no action used
    assert refused(state, Tax(PR, state.step, 2)).msgid == (
        "A power taxes in its own turn, or when its call comes in the auction.")
    assert refused(state, Tax(FR, state.step, 0)).msgid == "Tax at least 1 gold."


def test_G41_a_free_action_must_name_the_current_step() -> None:
    state = in_rounds()
    taxed = play(state, Tax(FR, state.step, 2)).state
    assert refused(taxed, Tax(FR, state.step, 2)).msgid.startswith("This was sent for step")


def test_G42_a_cost_short_of_gold_is_refused_with_the_taxation_it_needs() -> None:
    state = in_rounds(gold=2)
    reason = refused(state, TakeTile(FR, state.step, "bank"))
    assert reason.render() == (
        "Questo costa 5 ori e la Francia ne ha 2: prima riscuoti le tasse (3 ori per "
        "2 punti di insoddisfazione).")
    assert menu(state, FR)[4] == ("tile", None)  # Army Training (3) is still payable...
    poor = in_rounds(gold=0)
    assert [t.tile for t in tiles(poor, FR)] == ["alliance:Baltico"]  # ...with 0 gold: free ones
    gone = dataclasses.replace(poor, market=tuple((k, 0 if k.startswith("alliance") else n)
                                                  for k, n in poor.market))
    name, why = menu(gone, FR)[4]
    assert name == "tile" and why is not None
    assert why.msgid == "No tile left in the market that {power} can pay for now."


def test_G42_a_payment_that_cannot_wait_taxes_exactly_the_missing_gold() -> None:
    assert pay(5, 3) == pay(5, 3).__class__(gold=2, taxed_gold=0, taxed_unrest=0)
    assert (pay(1, 4).gold, pay(1, 4).taxed_gold, pay(1, 4).taxed_unrest) == (0, 3, 2)
    assert (pay(0, 2).gold, pay(0, 2).taxed_unrest) == (0, 1)


def test_G43_gold_transfers_are_free_public_and_conserve_gold() -> None:
    state = in_rounds()
    result = play(state, Transfer(PR, state.step, GB, 4))  # not Prussia's turn: still allowed
    assert (result.state.power(PR).gold, result.state.power(GB).gold) == (6, 14)
    assert sum(p.gold for p in result.state.powers) == sum(p.gold for p in state.powers)
    assert of_type(result.events, GoldTransferred) == [GoldTransferred(PR, GB, 4)]
    assert result.state.turn == state.turn


def test_G43_only_gold_one_has_and_only_to_another_power() -> None:
    state = in_rounds(gold=3)
    assert refused(state, Transfer(FR, state.step, PR, 4)).msgid == "{power} has only {count} gold."
    assert refused(state, Transfer(FR, state.step, FR, 1)).msgid == (
        "A power cannot give gold to itself.")
    assert refused(state, Transfer(FR, state.step, "Atlantide", 1)).param("power") == "Atlantide"
    auction = dataclasses.replace(state, phase="auction")
    assert refused(auction, Transfer(FR, state.step, PR, 1)).msgid == (
        "Gold is given only during the action rounds.")


def test_G40_alliance_tiles_name_their_region() -> None:
    state = in_rounds(Francia=_holding(("alliance:Baltico", 1)))
    assert state.held(FR, "alliance", BA) == 1 and state.held(FR, "alliance", ST) == 0


def _ministry_game(**changes: object) -> GameState:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("war_ministry", 3, gold=4, unrest=1)))
    return in_rounds(scenario=scenario, **changes)  # type: ignore[arg-type]


def test_G40_only_a_tile_held_is_played() -> None:
    state = _ministry_game(Francia=_holding(("bank", 1)))
    for key in ("war_ministry", "atlantis"):  # in the market but not held; no such tile
        reason = refused(state, PlayTile(FR, state.step, key))
        assert reason.render("en") == "Francia does not hold this tile."


def test_G40_a_tile_that_acts_by_itself_is_not_played() -> None:
    state = _ministry_game(Francia=_holding(("bank", 1)))
    reason = refused(state, PlayTile(FR, state.step, "bank"))
    assert reason.render("en") == "This tile is not played on its own: it acts by itself."


def test_G40_one_war_ministry_per_turn_even_holding_two() -> None:
    state = _ministry_game(Francia=_holding(("war_ministry", 2)))
    played = play(state, PlayTile(FR, state.step, "war_ministry")).state
    assert played.power(FR).used("war_ministry") == 1
    reason = refused(played, PlayTile(FR, played.step, "war_ministry"))
    assert reason.render("en") == "A turn takes at most one War Ministry."
    assert refused(state, PlayTile(PR, state.step, "war_ministry")).render("en") == (
        "A tile is played in one's own turn.")


def test_G41_taxing_a_single_gold_is_allowed_and_costs_1_unrest() -> None:
    state = in_rounds(gold=0)
    taxed = play(state, Tax(FR, state.step, 1)).state
    assert (taxed.power(FR).gold, taxed.power(FR).unrest) == (1, 1)  # 1 gold: 1/2 rounded up


def test_G43_a_power_may_give_a_single_gold_or_every_gold_it_has() -> None:
    state = in_rounds(gold=3)
    one = play(state, Transfer(FR, state.step, PR, 1)).state
    assert (one.power(FR).gold, one.power(PR).gold) == (2, 4)  # 3 - 1, 3 + 1
    everything = play(state, Transfer(FR, state.step, PR, 3)).state
    assert (everything.power(FR).gold, everything.power(PR).gold) == (0, 6)  # 3 - 3, 3 + 3


def test_G43_a_refused_transfer_says_why_in_italian_and_in_english() -> None:
    state = in_rounds(gold=3)
    stranger = refused(state, Transfer(FR, state.step, "Atlantide", 1))
    assert stranger.render("en") == "“Atlantide” is not a power of this game."
    assert stranger.render() == "“Atlantide” non è una potenza di questa partita."
    nothing = refused(state, Transfer(FR, state.step, PR, 0))
    assert (nothing.render("en"), nothing.render()) == ("Give at least 1 gold.",
                                                        "Dai almeno 1 oro.")
    short = refused(state, Transfer(FR, state.step, PR, 4))
    assert short.render("en") == "Francia has only 3 gold."
    assert short.render() == "La Francia ha solo 3 ori."


def test_G40_a_once_per_war_tile_is_played_only_in_ones_own_turn() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("war_ministry", 3, gold=4, unrest=1)))
    state = in_rounds(scenario=scenario, Prussia=_holding(("war_ministry", 1)))
    others = refused(state, PlayTile(PR, state.step, "war_ministry"))  # Francia's turn
    assert others.render("en") == "A tile is played in one's own turn."
    auction = dataclasses.replace(state, phase="auction", turn=None)  # no turn at all
    assert refused(auction, PlayTile(PR, state.step, "war_ministry")).render("en") == (
        "A tile is played in one's own turn.")


def test_G42_the_taxation_a_refused_cost_needs_is_told_in_english_too() -> None:
    state = in_rounds(gold=2)
    reason = refused(state, TakeTile(FR, state.step, "bank"))  # 5 gold, 2 in the purse
    assert reason.render("en") == (
        "This costs 5 gold and Francia has 2: tax first (3 gold for 2 unrest points).")
    exact = play(in_rounds(gold=5), TakeTile(FR, state.step, "bank")).state
    assert exact.power(FR).gold == 0  # exactly the cost in the purse: paid, nothing taxed


def test_G40_a_tile_held_zero_times_is_not_held() -> None:
    scenario = tiny(tiles=(*tiny().tiles, TileSpec("logistics", 4, gold=3)))
    state = in_rounds(scenario=scenario, pieces=[Pieces(FR, None, armies=3)],
                      Francia=_holding(("bank", 1), ("logistics", 0)))
    assert held_effects(state, FR) == (("bank", EFFECTS["bank"], 1),)
    three = Move(FR, 0, (UnitMove("army", None, ST),) * 3)
    assert refused(state, three).render("en") == "A Move moves at most 2 units."
