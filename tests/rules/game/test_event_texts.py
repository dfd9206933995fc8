"""The line every event writes in the game's log (`describe()`), read in English.

The web layer logs and pushes these lines; the Italian catalogue translates the same msgids.
Each expected line is written by hand from the event's fields: who, what, how many (singular
and plural forms where the text has both), and where.
"""

from __future__ import annotations

import pytest

from guerra.rules.events import Event, UnitKind
from guerra.rules.game.events import (
    ActionPassed,
    AlliancesFormed,
    AttackBegan,
    BidRaised,
    Built,
    CallPassed,
    CivilDisorder,
    CountersDrawn,
    CounterTaken,
    GameWon,
    GoldTransferred,
    IncomeReport,
    LostAtSea,
    Moved,
    PenaltyApplied,
    PhaseBegan,
    PopulationGrew,
    ProposalMade,
    ProposalWon,
    RegionScored,
    RoundBegan,
    SeatingDrawn,
    SetupMarker,
    StormRolled,
    Taxed,
    TilePlayed,
    TileTaken,
    TurnBegan,
    UnitPlaced,
    UnrestReduced,
    WarEnded,
    gold_text,
    unit_text,
    unrest_text,
)

FR, GB, PR, AT = "Francia", "Gran Bretagna", "Prussia", "Austria"

TEXTS: list[tuple[Event, str]] = [
    # G10-G14: setup
    (SeatingDrawn((PR, FR, GB)), "Seating order drawn: Prussia, Francia, Gran Bretagna."),
    (CountersDrawn(2, (4,), ("Baltico",)), "1 neutral counter is placed on the map for war 2."),
    (CountersDrawn(3, (4, 7, 9), ("Baltico", "India", "Africa")),
     "3 neutral counters are placed on the map for war 3."),
    (SetupMarker(FR, "India", 12), "Francia draws a counter of India and places a control marker "
                                   "there."),
    (UnitPlaced(FR, "army", None), "Francia places 1 army at home."),
    (UnitPlaced(GB, "fleet", "Baltico"), "Gran Bretagna places 1 fleet in Baltico."),
    (UnitPlaced(PR, "fort", "Stati Tedeschi", timed_out=True),
     "Prussia places 1 fort in Stati Tedeschi."),
    # G20, G28, G29: phases, rounds, turns
    (PhaseBegan("setup", 1), "The game begins: setup."),
    (PhaseBegan("game_over", 3), "The last war is over: final scores."),
    (PhaseBegan("auction", 2), "War 2: alliance auction."),
    (PhaseBegan("counters", 1), "War 1: new counters."),
    (PhaseBegan("rounds", 3), "War 3: action rounds."),
    (PhaseBegan("income", 1), "War 1: income."),
    (PhaseBegan("scoring", 2), "War 2: scoring."),
    (PhaseBegan("end_of_war", 2), "War 2: end of the war."),
    (RoundBegan(1, 4, 6), "Round 4 of 6."),
    (TurnBegan(AT, 2), "It is Austria's turn."),
    # G21-G27: the auction
    (ProposalMade(FR, FR, GB, 3, False), "Francia proposes Francia (alliance A, plays first) "
                                         "against Gran Bretagna (alliance B) and bids 3 gold."),
    (ProposalMade(PR, AT, None, 1, True), "Prussia proposes Austria in alliance A and bids "
                                          "1 gold."),
    (ProposalMade(PR, None, AT, 0, False), "Prussia proposes Austria in alliance B and bids "
                                           "0 gold."),
    (BidRaised(GB, 1), "Gran Bretagna raises the bid to 1 gold."),
    (BidRaised(GB, 4), "Gran Bretagna raises the bid to 4 gold."),
    (CallPassed(PR), "Prussia passes."),
    (CallPassed(PR, timed_out=True), "Prussia did not call in time: it passes."),
    (ProposalWon(FR, 1, ((1, FR, "A"), (2, GB, "B"))),
     "Francia wins the proposal for 1 gold: 1. Francia (A), 2. Gran Bretagna (B)."),
    (ProposalWon(FR, 5, ((3, PR, "A"),)), "Francia wins the proposal for 5 gold: 3. Prussia (A)."),
    (AlliancesFormed(2, (FR, PR), (GB,), (FR, GB, PR)),
     "Alliances of war 2: A Francia, Prussia; B Gran Bretagna. "
     "Turn order: Francia, Gran Bretagna, Prussia."),
    # G41-G43: gold
    (Taxed(FR, 2, 1, False), "Francia taxes: 2 gold for 1 unrest point."),
    (Taxed(FR, 1, 3, True), "Francia lacks gold and is taxed: 1 gold for 3 unrest points."),
    (GoldTransferred(GB, PR, 1), "Gran Bretagna gives 1 gold to Prussia."),
    (GoldTransferred(GB, PR, 6), "Gran Bretagna gives 6 gold to Prussia."),
    # G30-G33: building and moving
    (Built(FR, "army", None, 1, 0), "Francia builds 1 army at home for 1 population."),
    (Built(FR, "fleet", "India", 2, 0), "Francia builds 1 fleet in India for 2 population."),
    (Built(GB, "fort", "Baltico", 0, 3), "Gran Bretagna builds 1 fort in Baltico for 3 gold."),
    (Built(GB, "army", None, 0, 1), "Gran Bretagna builds 1 army at home for 1 gold."),
    (Moved(FR, "army", None, "Baltico", False, False), "Francia moves 1 army from home to "
                                                       "Baltico."),
    (Moved(FR, "fleet", "India", None, True, True), "Francia brings 1 fleet home from India."),
    (Moved(GB, "army", "Baltico", "Stati Tedeschi", True, False),
     "Gran Bretagna moves 1 army from Baltico to Stati Tedeschi."),
    (LostAtSea(GB, "fleet", "Caraibi", 1), "Storm: Gran Bretagna loses 1 fleet at sea (die: 1)."),
    (StormRolled(GB, "army", 5), "Gran Bretagna crosses the ocean safely with 1 army (die: 5)."),
    # G29, G35-G40: actions
    (ActionPassed(AT), "Austria passes an action."),
    (CivilDisorder(AT, 1), "Civil disorder: Austria did not play in time and passes 1 action."),
    (CivilDisorder(AT, 2), "Civil disorder: Austria did not play in time and passes 2 actions."),
    (TileTaken(FR, "alliance:Baltico", "Alliance", "Baltico"),
     "Francia takes the Alliance tile of Baltico."),
    (TileTaken(FR, "bank", "Bank", None), "Francia takes the Bank tile."),
    (TilePlayed(PR, "mercenaries", "Mercenaries"), "Prussia plays its Mercenaries tile."),
    (UnrestReduced(PR, 1), "Prussia loses 1 unrest point."),
    (UnrestReduced(PR, 2), "Prussia loses 2 unrest points."),
    (CounterTaken(FR, 7, "India", "trade", 0), "Francia trades in India and places a control "
                                               "marker there."),
    (CounterTaken(FR, 8, "Africa", "colonise", 2), "Francia colonises Africa and places a "
                                                   "control marker there."),
    (AttackBegan(1, FR, "Baltico", GB, None), "Francia attacks Gran Bretagna in Baltico."),
    (AttackBegan(2, FR, "India", None, 7), "Francia attacks a neutral country in India."),
    # G50-G62: the end of a war and of the game
    (IncomeReport(FR, (("population", 5), ("maintenance", -3)), 0, 0, 7),
     "Francia: +5 population, −3 maintenance; now 7 gold."),
    (IncomeReport(GB, (), 0, 0, 1), "Gran Bretagna: nothing; now 1 gold."),
    (PopulationGrew(PR, 3, 8), "Prussia's population grows by 3."),
    (RegionScored(1, "Baltico", ()), "Nobody scores in Baltico."),
    (RegionScored(1, "India", ((GB, 3, 1, 5), (FR, 1, 2, 2))),
     "Scoring of India: 1. Gran Bretagna (5), 2. Francia (2)."),
    (WarEnded(2), "War 2 is over."),
    (PenaltyApplied(AT, 1, False), "Austria loses 1 victory point for its unrest."),
    (PenaltyApplied(AT, 4, False), "Austria loses 4 victory points for its unrest."),
    (PenaltyApplied(AT, 9, True), "Revolution in Austria: it loses all its victory points."),
    (GameWon((FR,)), "Francia wins the game."),
    (GameWon((FR, PR)), "The game ends in a tie between Francia, Prussia."),
]


@pytest.mark.parametrize(("event", "text"), TEXTS, ids=[f"{e.type}-{i}" for i, (e, _t)
                                                        in enumerate(TEXTS)])
def test_every_event_writes_its_line_in_the_log(event: Event, text: str) -> None:
    assert event.describe().render("en") == text


@pytest.mark.parametrize(("amount", "gold", "unrest"), [
    (1, "1 gold", "1 unrest point"), (2, "2 gold", "2 unrest points"),
])
def test_gold_and_unrest_amounts_agree_in_number(amount: int, gold: str, unrest: str) -> None:
    assert gold_text(amount).render("en") == gold
    assert unrest_text(amount).render("en") == unrest



# The same lines in Italian, the language players read: the catalogue has a singular and a
# plural form for each amount, and articles and verbs agree with the power's name.
ITALIAN: list[tuple[Event, str]] = [
    (BidRaised(GB, 1), "La Gran Bretagna rilancia a 1 oro."),
    (BidRaised(GB, 4), "La Gran Bretagna rilancia a 4 ori."),
    (ProposalWon(FR, 5, ((3, PR, "A"),)), "La Francia si aggiudica la proposta per 5 ori: "
                                          "3. Prussia (A)."),
    (GoldTransferred(GB, PR, 6), "La Gran Bretagna dà 6 ori alla Prussia."),
    (Built(GB, "fort", "Baltico", 0, 3), "La Gran Bretagna costruisce 1 fortino nel Baltico per "
                                         "3 ori."),
    (Built(FR, "fleet", "India", 2, 0), "La Francia costruisce 1 flotta in India per 2 "
                                        "popolazione."),
    (IncomeReport(FR, (("population", 5),), 0, 0, 7), "La Francia: +5 popolazione; ora ha 7 ori."),
    (PopulationGrew(PR, 3, 8), "La popolazione della Prussia cresce di 3."),
    (AlliancesFormed(2, (FR,), (GB, PR), (FR, GB, PR)),
     "Alleanze della guerra 2 — Alleanza A: Francia; Alleanza B: Gran Bretagna, Prussia. "
     "Ordine di turno: Francia, Gran Bretagna, Prussia."),
]


@pytest.mark.parametrize(("event", "text"), ITALIAN, ids=[f"{e.type}-{i}" for i, (e, _t)
                                                          in enumerate(ITALIAN)])
def test_every_event_writes_its_line_in_italian(event: Event, text: str) -> None:
    assert event.describe().render() == text


@pytest.mark.parametrize(
    ("kind", "one", "two", "uno", "due"),
    [("army", "1 army", "2 armies", "1 armata", "2 armate"),
     ("fleet", "1 fleet", "2 fleets", "1 flotta", "2 flotte"),
     ("fort", "1 fort", "2 forts", "1 fortino", "2 fortini")],
)
def test_unit_counts_agree_in_number(kind: UnitKind, one: str, two: str, uno: str,
                                     due: str) -> None:
    assert (unit_text(kind).render("en"), unit_text(kind, 2).render("en")) == (one, two)
    assert (unit_text(kind).render(), unit_text(kind, 2).render()) == (uno, due)
