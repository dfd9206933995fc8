"""Italian with articles and prepositions: every name of the shipped scenarios, and a table of
the messages players read most, as an Italian would write them ("Tocca alla Francia", "nei
Caraibi", "nell'Impero Ottomano", "in Africa")."""

from __future__ import annotations

import pytest
from django.utils import translation

from guerra.game.models import ScenarioPower, ScenarioRegion
from guerra.game.read.log import DESCRIBERS
from guerra.game.text import grammar
from guerra.game.text.messages import render_rules_message
from guerra.rules.events import UnitKind, UnitLost, UnrestGained
from guerra.rules.i18n import _ as rules_message
from guerra.rules.i18n import ngettext as rules_ngettext

pytestmark = pytest.mark.django_db

# name: (il / Il, a, di, in): written by hand.
FORMS = {
    "Francia": ("La Francia", "alla Francia", "della Francia", "in Francia"),
    "Gran Bretagna": ("La Gran Bretagna", "alla Gran Bretagna", "della Gran Bretagna",
                      "in Gran Bretagna"),
    "Spagna": ("La Spagna", "alla Spagna", "della Spagna", "in Spagna"),
    "Prussia": ("La Prussia", "alla Prussia", "della Prussia", "in Prussia"),
    "Russia": ("La Russia", "alla Russia", "della Russia", "in Russia"),
    "Austria": ("L'Austria", "all'Austria", "dell'Austria", "in Austria"),
    "Province Unite": ("Le Province Unite", "alle Province Unite", "delle Province Unite",
                       "nelle Province Unite"),
    "Stati Tedeschi": ("Gli Stati Tedeschi", "agli Stati Tedeschi", "degli Stati Tedeschi",
                       "negli Stati Tedeschi"),
    "Europa Centrale": ("L'Europa Centrale", "all'Europa Centrale", "dell'Europa Centrale",
                        "in Europa Centrale"),
    "Baltico": ("Il Baltico", "al Baltico", "del Baltico", "nel Baltico"),
    "Mediterraneo": ("Il Mediterraneo", "al Mediterraneo", "del Mediterraneo",
                     "nel Mediterraneo"),
    "Impero Ottomano": ("L'Impero Ottomano", "all'Impero Ottomano", "dell'Impero Ottomano",
                        "nell'Impero Ottomano"),
    "Nord America": ("Il Nord America", "al Nord America", "del Nord America",
                     "in Nord America"),
    "Sud America": ("Il Sud America", "al Sud America", "del Sud America", "in Sud America"),
    "Caraibi": ("I Caraibi", "ai Caraibi", "dei Caraibi", "nei Caraibi"),
    "Africa": ("L'Africa", "all'Africa", "dell'Africa", "in Africa"),
    "India": ("L'India", "all'India", "dell'India", "in India"),
    "Indie Orientali": ("Le Indie Orientali", "alle Indie Orientali", "delle Indie Orientali",
                        "nelle Indie Orientali"),
}


@pytest.fixture(autouse=True)
def italian():
    grammar.forget_names()
    with translation.override("it"):
        yield
    grammar.forget_names()


def test_every_name_of_the_shipped_scenarios_has_its_italian_forms():
    stored = set(ScenarioPower.objects.values_list("name", flat=True)) | set(
        ScenarioRegion.objects.values_list("name", flat=True))
    assert stored == set(FORMS)  # a new name needs its row in this table
    for name, (the, to, of, in_) in FORMS.items():
        got = tuple(grammar.art(name, spec) for spec in ("Il", "a", "di", "in"))
        assert got == (the, to, of, in_), name


def test_the_grammar_is_scenario_data_an_edit_is_used_at_once():
    assert grammar.art("Caraibi", "in") == "nei Caraibi"
    for region in ScenarioRegion.objects.filter(name="Caraibi"):  # in each shipped scenario
        region.article, region.bare_in = "le", False
        region.save()
    assert grammar.art("Caraibi", "in") == "nelle Caraibi"
    assert grammar.art("Nessuno", "a") == "a Nessuno"  # a name nobody describes: as it is


def rules(msgid: str, **params: object) -> str:
    return render_rules_message(rules_message(msgid, **params))  # type: ignore[arg-type]


def rules_n(singular: str, plural: str, count: int, **params: object) -> str:
    return render_rules_message(rules_ngettext(singular, plural, count, **params))  # type: ignore[arg-type]


LOSSES: list[tuple[str, UnitKind, str]] = [
    ("Spagna", "army", "L7"), ("Spagna", "army", "N7"), ("Spagna", "army", "L6"),
    ("Spagna", "fleet", "L7"), ("Francia", "fleet", "L7"), ("Francia", "fleet", "L7"),
]


def test_the_messages_players_read_most_say_the_articles():
    table = [
        (rules_n("{power} loses {count} army.", "{power} loses {count} armies.", 1,
                 power="Francia"), "La Francia perde 1 armata."),
        (rules_n("{power} loses {count} army.", "{power} loses {count} armies.", 2,
                 power="Province Unite"), "Le Province Unite perdono 2 armate."),
        (rules_n("{power} takes {count} unrest point.", "{power} takes {count} unrest points.",
                 1, power="Austria"), "L'Austria prende 1 punto di insoddisfazione."),
        (rules("{power} places a control marker in {region}.", power="Gran Bretagna",
               region="Caraibi"), "La Gran Bretagna piazza una pedina controllo nei Caraibi."),
        (rules("{power} places a control marker in {region}.", power="Spagna",
               region="Africa"), "La Spagna piazza una pedina controllo in Africa."),
        (rules("{power} cannot attack {target}: they are allies in this war.", power="Francia",
               target="Prussia"),
         "La Francia non può attaccare la Prussia: sono alleate in questa guerra."),
        (rules("{target} has no units and no control markers in {region}: it cannot be attacked"
               " there.", target="Prussia", region="Stati Tedeschi"),
         "La Prussia non ha unità né pedine controllo negli Stati Tedeschi: lì non può essere "
         "attaccata."),
        (rules("{power} wants a naval battle.", power="Russia"),
         "La Russia vuole il combattimento navale."),
        (rules("No decision is awaited from {power} now.", power="Spagna"),
         "Ora non si attende nessuna decisione dalla Spagna."),
        # A verb before its subject agrees with it too.
        (rules("The attack is over: {winner} wins (attacker).", winner="Province Unite"),
         "L'attacco è concluso: vincono le Province Unite (attaccante)."),
        (rules("The attack is over: {winner} wins (defender).", winner="Russia"),
         "L'attacco è concluso: vince la Russia (difensore)."),
        (rules("{power} needs at least one army or fleet in {region} to attack.",
               power="Province Unite", region="Caraibi"),
         "Per attaccare, le Province Unite devono avere almeno un'armata o una flotta nei "
         "Caraibi."),
        (rules("No decision is awaited from {power} now: {awaited} decides.", power="Spagna",
               awaited="Province Unite"),
         "Ora non si attende una decisione dalla Spagna: decidono le Province Unite."),
        (DESCRIBERS["seat_taken"]({"user": "anna", "power": "Francia"}),
         "anna prende la Francia."),
        (DESCRIBERS["ally_invited"]({"friend": "Francia", "attack": 3,
                                     "region": "Impero Ottomano"}),
         # Told alike to the invited player and to staff (no "Sei invitato", whose agreement
         # is the player's and whose "you" is not staff's).
         "Invito ad aiutare la Francia nell'attacco n. 3 nell'Impero Ottomano."),
        (DESCRIBERS["staff_corrected"]({"power": "Stati Tedeschi", "gold": [1, 2], "vp": [0, 0]}),
         "Lo staff corregge gli Stati Tedeschi: oro 1 → 2, PV 0 → 0."),
        # After the attack's number and its colon, the first sentence's article is lower case;
        # the next sentences keep their capital.
        (DESCRIBERS["attack_step"]({"attack": 3, "events": [
            {"type": "gold", "message": rules_ngettext(
                "{power} pays {count} gold.", "{power} pays {count} gold.", 2,
                power="Austria").to_dict()},
            {"type": "naval_decision", "message": rules_message(
                "{power} wants a naval battle.", power="Russia").to_dict()}]}),
         "Attacco n. 3: l'Austria paga 2 ori. La Russia vuole il combattimento navale."),
        (DESCRIBERS["attack_step"]({"attack": 4, "events": [
            {"type": "naval_decision", "message": rules_message(
                "{power} wants a naval battle.", power="Province Unite").to_dict()}]}),
         "Attacco n. 4: le Province Unite vogliono il combattimento navale."),
        # One unrest point a unit lost: a power's points in a row are told once, summed.
        (DESCRIBERS["game_step"]({"events": [
            UnrestGained(power, points, "L10").to_dict()
            for power, points in [("Prussia", 1), ("Prussia", 1), ("Russia", 1), ("Prussia", 2)]
        ]}),
         "La Prussia prende 2 punti di insoddisfazione. La Russia prende 1 punto di "
         "insoddisfazione. La Prussia prende 2 punti di insoddisfazione."),
        # So are the units a power loses one at a time; a 7's extra loss keeps its sentence.
        (DESCRIBERS["attack_step"]({"attack": 2, "events": [
            UnitLost(power, kind, 1, rule).to_dict()
            for power, kind, rule in LOSSES
        ]}),
         "Attacco n. 2: la Spagna perde 2 armate. È uscito un 7: la Spagna perde un'armata in "
         "più. La Spagna perde 1 flotta. La Francia perde 2 flotte."),
    ]
    for got, expected in table:
        assert got == expected


def test_a_damaged_count_in_the_log_is_told_as_it_is_not_summed():
    first, second = (UnrestGained("Prussia", 1, "L10").to_dict() for _ in range(2))
    second["amount"] = "2"  # a stored event damaged by hand: its own sentence still stands
    with translation.override("it"):
        told = DESCRIBERS["game_step"]({"events": [first, second]})
    assert told == ("La Prussia prende 1 punto di insoddisfazione. "
                    "La Prussia prende 1 punto di insoddisfazione.")
