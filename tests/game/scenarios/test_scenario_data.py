"""The shipped scenarios hold the numbers game-rules.md marks as *data*, and `scenario_rules()`
hands them to the rules package as its frozen `ScenarioRules`."""

from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from guerra.game.models import (
    REGION_TILE_KINDS,
    Scenario,
    ScenarioLandLink,
    ScenarioNeutral,
    ScenarioTile,
    TileKind,
)
from guerra.game.scenarios.checks import scenario_check
from guerra.game.scenarios.io import export_scenario, import_scenario
from guerra.game.scenarios.rules import scenario_grammar, scenario_rules
from guerra.rules.game.scenario import (
    FixedPosition,
    FixedTile,
    PowerSpec,
    ScenarioRules,
    StartValues,
    Supply,
    scenario_problems,
)
from guerra.rules.game.tiles import EFFECTS
from guerra.rules.i18n import DEFAULT_NAMES, Grammar

CLASSIC = "Europa 1700"
QUICK_START = "Europa 1700 — partenza rapida"
BOTH = pytest.mark.parametrize("name", [CLASSIC, QUICK_START])

EUROPE = ["Stati Tedeschi", "Europa Centrale", "Baltico", "Mediterraneo", "Impero Ottomano"]
COLONIES = ["Nord America", "Caraibi", "Sud America", "Africa", "India", "Indie Orientali"]
AMERICAS = {"Nord America", "Caraibi", "Sud America"}


def rules_of(name: str) -> ScenarioRules:
    return scenario_rules(Scenario.objects.get(name=name))


@BOTH
def test_both_shipped_scenarios_pass_the_rules_own_check(db, name):
    rules = rules_of(name)
    assert isinstance(rules, ScenarioRules)
    assert scenario_problems(rules) == []


@BOTH
def test_G5_default_vp_table(db, name):
    rules = rules_of(name)
    assert {r.name: r.vp for r in rules.regions} == {
        "Stati Tedeschi": (8, 5, 3),
        "Mediterraneo": (7, 4, 2),
        "Baltico": (6, 4, 2),
        "Europa Centrale": (6, 4, 2),
        "Impero Ottomano": (5, 3, 1),
        "India": (5, 3, 0),
        "Indie Orientali": (4, 2, 0),
        "Nord America": (4, 2, 0),
        "Caraibi": (4, 2, 0),
        "Sud America": (4, 2, 0),
        "Africa": (3, 2, 0),
    }
    # The map's order is kept: Europe first, then the colonies.
    assert [r.name for r in rules.regions] == EUROPE + COLONIES


@BOTH
def test_G5_europe_colonies_sea_american_block_and_trade_hub(db, name):
    regions = rules_of(name).regions
    assert [r.name for r in regions if r.europe] == EUROPE
    assert {r.name: r.places for r in regions} == {
        **{n: 3 for n in EUROPE},
        **{n: 2 for n in COLONIES},
    }
    assert {r.name for r in regions if not r.has_sea} == {"Stati Tedeschi", "Europa Centrale"}
    assert {r.name for r in regions if r.american} == AMERICAS
    assert [r.name for r in regions if r.trade_hub] == ["Africa"]


@BOTH
def test_G6_default_counter_pool_has_65_counters_of_three_kinds(db, name):
    counters = rules_of(name).counters
    assert len(counters) == 65
    assert [c.id for c in counters] == list(range(1, 66))
    kinds = Counter((c.region, c.kind) for c in counters)
    expected = Counter(
        {
            **{(r, "numbered"): 4 for r in EUROPE},
            **{(r, "numbered"): 3 for r in COLONIES},
            **{(r, "population"): 3 for r in COLONIES},
            **{(r, "trade"): 3 for r in AMERICAS},
        }
    )
    assert kinds == expected
    assert Counter(c.kind for c in counters) == {"numbered": 38, "population": 18, "trade": 9}
    for c in counters:
        if c.kind != "numbered":
            assert (c.defence, c.reward, c.amount) == (0, None, 0)
        elif c.region in EUROPE:
            assert 3 <= c.defence <= 5
        else:
            assert 1 <= c.defence <= 4


@BOTH
def test_G6_numbered_counters_reward_nothing_gold_about_their_defence_or_1_2_vp(db, name):
    numbered = [c for c in rules_of(name).counters if c.kind == "numbered"]
    assert Counter(c.reward for c in numbered) == {"gold": 19, "vp": 11, None: 8}
    for c in numbered:
        if c.reward == "gold":
            assert c.amount == c.defence
        elif c.reward == "vp":
            assert c.amount in (1, 2)
        else:
            assert c.amount == 0


def test_G6_counters_are_numbered_in_region_order_then_in_creation_order(scenario):
    baltic = scenario.regions.get(name="Baltico")
    ScenarioNeutral.objects.create(scenario=scenario, region=baltic, defence=9, amount=0)
    rules = scenario_rules(scenario)
    order = [r.name for r in rules.regions]
    assert [order.index(c.region) for c in rules.counters] == sorted(
        order.index(c.region) for c in rules.counters
    )
    in_baltic = [c for c in rules.counters if c.region == "Baltico"]
    assert in_baltic[-1].defence == 9
    assert in_baltic[-1].id == 13  # 4 + 4 counters before it, then the Baltic's 4 and the new one


@BOTH
def test_G3_default_supply(db, name):
    scenario = Scenario.objects.get(name=name)
    supply = (
        scenario.armies_per_power,
        scenario.fleets_per_power,
        scenario.forts_per_power,
        scenario.control_markers_per_power,
    )
    assert supply == (14, 7, 2, 21)
    assert scenario_rules(scenario).supply == Supply(armies=14, fleets=7, forts=2, markers=21)


@BOTH
def test_G4_default_start_values(db, name):
    rules = rules_of(name)
    assert rules.start == StartValues(gold=10, population=5, unrest=0, vp=0)
    assert (rules.wars, rules.population_growth, rules.build_cost, rules.storms) == (3, 3, 1, True)
    assert (rules.counters_per_war, rules.setup_counters, rules.setup_units) == (10, 5, 5)


def test_G4_start_values_are_editable_data(scenario):
    Scenario.objects.filter(pk=scenario.pk).update(
        starting_gold=7, starting_population=2, population_growth=4, build_cost=2, storms=False
    )
    scenario.refresh_from_db()
    rules = scenario_rules(scenario)
    assert rules.start == StartValues(gold=7, population=2)
    assert (rules.population_growth, rules.build_cost, rules.storms) == (4, 2, False)


def test_G7_tile_costs_and_copies_are_editable_data(scenario):
    bank = scenario.tiles.get(kind="bank")
    bank.count, bank.cost_gold, bank.cost_population, bank.cost_unrest = 9, 1, 2, 3
    bank.save()
    spec = scenario_rules(scenario).tile_by_key["bank"]
    assert (spec.copies, spec.gold, spec.population, spec.unrest) == (9, 1, 2, 3)
    exported = export_scenario(scenario)
    assert next(t for t in exported["tiles"] if t["kind"] == "bank") == {
        "kind": "bank",
        "region": None,
        "count": 9,
        "cost": {"gold": 1, "population": 2, "unrest": 3},
    }
    exported["tiles"] = [
        t | {"count": 1, "cost": {"gold": 0, "population": 7, "unrest": 0}}
        if t["kind"] == "reform"
        else t
        for t in exported["tiles"]
    ]
    import_scenario(exported)
    reform = scenario_rules(scenario).tile_by_key["reform"]
    assert (reform.copies, reform.gold, reform.population) == (1, 0, 7)


def test_G7_tile_kinds_are_the_rules_effects(db):
    assert list(TileKind.values) == list(EFFECTS)
    assert set(REGION_TILE_KINDS) == {n for n, e in EFFECTS.items() if e.needs_region}
    labels = {k.value: str(k.label) for k in TileKind}
    assert labels == {
        "alliance": "Alleanza",
        "army_training": "Addestramento Esercito",
        "navy_training": "Addestramento Marina",
        "company": "Compagnia",
        "bank": "Banca",
        "reform": "Riforma di Governo",
        "logistics": "Logistica",
        "mercenaries": "Mercenari",
        "colonial_office": "Ufficio Coloniale",
        "war_ministry": "Ministero della Guerra",
    }


@BOTH
def test_G40_default_market(db, name):
    market = {
        t.key: (t.copies, t.gold, t.population, t.unrest) for t in rules_of(name).tiles
    }
    alliance_st = 2 if name == QUICK_START else 1
    assert market == {
        **{f"alliance:{r}": (1, 0, 0, 0) for r in EUROPE + COLONIES},
        "alliance:Stati Tedeschi": (alliance_st, 0, 0, 0),
        "army_training": (6, 3, 0, 0),
        "navy_training": (6, 3, 0, 0),
        **{f"company:{r}": (1, 4, 0, 0) for r in COLONIES},
        "bank": (3, 5, 0, 0),
        "reform": (4, 4, 0, 0),
        "logistics": (4, 3, 0, 0),
        "mercenaries": (4, 2, 0, 0),
        "colonial_office": (3, 0, 1, 0),
        "war_ministry": (3, 4, 0, 1),
    }
    assert len(market) == 10 - 2 + len(EUROPE + COLONIES) + len(COLONIES)


def test_G14_the_default_scenario_uses_the_draw(db):
    rules = rules_of(CLASSIC)
    assert rules.fixed_positions == ()
    assert rules.fixed_tiles == ()
    assert not rules.fixed_setup


def test_G14_quick_start_scenario_has_fixed_positions(db):
    rules = rules_of(QUICK_START)
    assert rules.fixed_setup
    assert len(rules.fixed_positions) == 26
    assert FixedPosition("Prussia", "Baltico", armies=1, fleets=3, markers=1) in (
        rules.fixed_positions
    )
    for power in rules.powers:
        mine = [p for p in rules.fixed_positions if p.power == power.name]
        totals = tuple(
            sum(getattr(p, f) for p in mine) for f in ("armies", "fleets", "forts", "markers")
        )
        assert totals == (6, 3, 2, 4), power.name
        assert all(p.region is not None for p in mine)
    assert len(rules.fixed_tiles) == 14
    assert FixedTile("Francia", "alliance:Stati Tedeschi") in rules.fixed_tiles
    assert FixedTile("Prussia", "alliance:Stati Tedeschi") in rules.fixed_tiles
    assert FixedTile("Gran Bretagna", "navy_training") in rules.fixed_tiles
    # Every power holds one Alliance and one training tile, within the market's copies.
    held = Counter(t.tile for t in rules.fixed_tiles)
    assert all(held[key] <= rules.tile_by_key[key].copies for key in held)
    for power in rules.powers:
        keys = sorted(t.tile.split(":")[0] for t in rules.fixed_tiles if t.power == power.name)
        assert keys[0] == "alliance" and keys[1] in ("army_training", "navy_training")


def test_G28_rounds_by_player_count_are_data(scenario):
    rules = scenario_rules(scenario)
    assert (rules.rounds, rules.rounds_many, rules.many_players) == (6, 5, 6)
    assert [rules.rounds_for(n) for n in range(2, 8)] == [6, 6, 6, 6, 5, 5]
    Scenario.objects.filter(pk=scenario.pk).update(
        rounds_per_war=4, rounds_per_war_many=3, many_players=4
    )
    scenario.refresh_from_db()
    assert [scenario_rules(scenario).rounds_for(n) for n in (3, 4)] == [4, 3]
    assert [scenario.rounds_for(n) for n in (3, 4)] == [4, 3]


def test_G28_a_started_game_copies_the_rounds_for_its_player_count(running_game):
    assert running_game.seats.count() == 3
    assert running_game.rounds_per_war == 6


@BOTH
def test_G32_default_land_links(db, name):
    rules = rules_of(name)
    assert {frozenset(link) for link in rules.land_links} == {
        frozenset({"Stati Tedeschi", "Europa Centrale"}),
        frozenset({"Stati Tedeschi", "Baltico"}),
        frozenset({"Europa Centrale", "Baltico"}),
        frozenset({"Europa Centrale", "Impero Ottomano"}),
    }
    assert len(rules.land_links) == 4
    assert rules.powers == (
        PowerSpec("Gran Bretagna", ("Stati Tedeschi",)),
        PowerSpec("Francia", ("Stati Tedeschi", "Mediterraneo")),
        PowerSpec("Spagna", ("Mediterraneo",)),
        PowerSpec(
            "Austria", ("Stati Tedeschi", "Europa Centrale", "Mediterraneo", "Impero Ottomano")
        ),
        PowerSpec("Prussia", ("Stati Tedeschi", "Europa Centrale", "Baltico")),
        PowerSpec("Russia", ("Europa Centrale", "Baltico", "Impero Ottomano")),
        PowerSpec("Province Unite", ("Stati Tedeschi",)),
    )


@BOTH
def test_names_carry_their_italian_articles(db, name):
    grammar = scenario_grammar(Scenario.objects.get(name=name))
    assert grammar == DEFAULT_NAMES
    assert grammar["Africa"] == Grammar("l'", bare_in=True)
    assert grammar["Caraibi"] == Grammar("i")
    assert grammar["Francia"] == Grammar("la", bare_in=True)
    assert grammar["Province Unite"] == Grammar("le")
    assert len(grammar) == 18


def test_scenario_rules_reads_the_whole_scenario_in_few_queries(
    scenario, django_assert_max_num_queries
):
    with django_assert_max_num_queries(10):
        scenario_rules(scenario)


def test_G32_a_land_link_stays_inside_its_scenario(scenario):
    other = Scenario.objects.get(name=CLASSIC).regions.get(name="Baltico")
    link = ScenarioLandLink(
        scenario=scenario, region_a=scenario.regions.get(name="India"), region_b=other
    )
    with pytest.raises(ValidationError) as error:
        link.full_clean()
    assert error.value.message_dict == {
        "region_b": ["La regione appartiene a un altro scenario."]
    }


def test_G6_a_counter_stays_inside_its_scenario(scenario):
    other = Scenario.objects.get(name=CLASSIC).regions.get(name="Baltico")
    counter = ScenarioNeutral(scenario=scenario, region=other, defence=3)
    with pytest.raises(ValidationError) as error:
        counter.full_clean()
    assert error.value.message_dict == {"region": ["La regione appartiene a un altro scenario."]}


def test_G7_a_tile_stays_inside_its_scenario(scenario):
    other = Scenario.objects.get(name=CLASSIC).regions.get(name="Baltico")
    tile = ScenarioTile(scenario=scenario, kind="company", region=other)
    with pytest.raises(ValidationError) as error:
        tile.full_clean()
    assert error.value.message_dict == {"region": ["La regione appartiene a un altro scenario."]}


def test_G32_the_whole_scenario_check_finds_links_into_another_scenario(scenario):
    other = Scenario.objects.get(name=CLASSIC).regions.get(name="Baltico")
    ScenarioLandLink.objects.create(
        scenario=scenario, region_a=scenario.regions.get(name="India"), region_b=other
    )
    scenario.powers.get(name="Spagna").home_links.add(other)
    assert scenario_check(scenario) == [
        "Il collegamento via terra India – Baltico unisce una regione di un altro scenario.",
        "La madrepatria della potenza Spagna è collegata a una regione di un altro scenario.",
    ]
    assert scenario_check(Scenario.objects.get(name=CLASSIC)) == []
