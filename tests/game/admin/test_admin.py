"""Scenarios in the admin: inlines validated as a whole, import and export."""

import dataclasses
import html
import json
from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from guerra.game.models import Game, Scenario, StartingPosition
from guerra.game.scenarios.io import SETTINGS_FIELDS, dumps, export_scenario
from guerra.game.scenarios.rules import scenario_grammar, scenario_rules
from guerra.game.text.messages import render_rules_message
from guerra.rules.game.events import PHASE_LABELS
from guerra.rules.game.scenario import scenario_problems
from guerra.rules.i18n import Message


@pytest.fixture
def admin_client_(make_user):
    user = make_user("capo", staff=True)
    user.is_superuser = True
    user.save()
    c = Client()
    c.force_login(user)
    return c


INLINES = {
    "powers": ["name", "article", "bare_in", "colour", "order", "home_links"],
    "regions": [
        "name",
        "article",
        "bare_in",
        "has_sea",
        "europe",
        "american",
        "trade_hub",
        "vp_first",
        "vp_second",
        "vp_third",
        "order",
        "label_x",
        "label_y",
    ],
    "land_links": ["region_a", "region_b"],
    "neutrals": ["region", "kind", "defence", "reward_kind", "amount"],
    "tiles": ["kind", "region", "count", "cost_gold", "cost_population", "cost_unrest"],
    "starting_positions": ["power", "region", "armies", "fleets", "forts", "control_markers"],
    "starting_tiles": ["power", "tile", "count"],
}
FOREIGN_KEYS = {"region", "power", "tile", "region_a", "region_b"}


def inline_post_data(scenario, change_positions=None, parts=tuple(INLINES)):
    """The change form as the browser would send it, optionally with edited positions.

    Only the inlines named in `parts` carry their rows; the others are sent empty (no row
    posted, so the admin changes none of theirs). A test of one part's check posts that part:
    the admin validates, saves and shows again only what is posted, and the whole scenario's
    rows made each post take seconds."""
    data: dict[str, object] = {}
    for field in ["name", "description", "procedure", *SETTINGS_FIELDS]:
        value = getattr(scenario, field)
        if value is True:
            data[field] = "on"
        elif value is not False:
            data[field] = value
    for prefix, fields in INLINES.items():
        rows = list(getattr(scenario, prefix).all()) if prefix in parts else []
        data[f"{prefix}-TOTAL_FORMS"] = len(rows)
        data[f"{prefix}-INITIAL_FORMS"] = len(rows)
        for i, row in enumerate(rows):
            data[f"{prefix}-{i}-id"] = row.pk
            data[f"{prefix}-{i}-scenario"] = scenario.pk
            for field in fields:
                if field == "home_links":
                    data[f"{prefix}-{i}-{field}"] = [r.pk for r in row.home_links.all()]
                    continue
                value = (
                    getattr(row, field + "_id", None)
                    if field in FOREIGN_KEYS
                    else getattr(row, field)
                )
                if isinstance(value, bool):
                    if value:
                        data[f"{prefix}-{i}-{field}"] = "on"
                elif value is not None:
                    data[f"{prefix}-{i}-{field}"] = value
    for (i, field), value in (change_positions or {}).items():
        data[f"starting_positions-{i}-{field}"] = value
    return data


def change_url(scenario):
    return reverse("admin:game_scenario_change", args=[scenario.pk])


def page_text(response):
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("name", ["Europa 1700", "Europa 1700 — partenza rapida"])
def test_the_unchanged_form_saves(admin_client_, name):
    scenario = Scenario.objects.get(name=name)
    before = dumps(export_scenario(scenario))
    response = admin_client_.post(change_url(scenario), inline_post_data(scenario))
    assert response.status_code == 302, response.context["errors"] if response.context else ""
    assert dumps(export_scenario(Scenario.objects.get(pk=scenario.pk))) == before


def test_no_fleet_in_a_region_without_sea(admin_client_, scenario):
    landlocked = scenario.regions.get(name="Europa Centrale")
    index = next(
        i for i, p in enumerate(scenario.starting_positions.all()) if p.region_id == landlocked.pk
    )
    response = admin_client_.post(
        change_url(scenario),
        inline_post_data(scenario, {(index, "fleets"): 2}, parts=["starting_positions"]),
    )
    assert response.status_code == 200
    assert "Europa Centrale non ha il mare" in response.content.decode()
    assert not StartingPosition.objects.filter(region=landlocked, fleets__gt=0).exists()


def test_starting_positions_must_fit_the_supply(admin_client_, scenario):
    response = admin_client_.post(
        change_url(scenario),
        inline_post_data(scenario, {(0, "armies"): 30}, parts=["starting_positions"]),
    )
    assert response.status_code == 200
    # The first row is Gran Bretagna's, with 5 armies more elsewhere.
    assert "Posizioni iniziali della Gran Bretagna: 35 armate, più della riserva di 14." in (
        response.content.decode())
    assert StartingPosition.objects.filter(armies=30).count() == 0


def test_a_neutral_defence_outside_1_to_9_is_refused(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["neutrals"])
    data["neutrals-0-defence"] = 12
    response = admin_client_.post(change_url(scenario), data)
    assert response.status_code == 200
    assert not scenario.neutrals.filter(defence=12).exists()


def _refused(admin_client_, scenario, data, message):
    """The admin answers with the form again, shows `message`, and saves nothing at all."""
    before = dumps(export_scenario(scenario))
    logged = LogEntry.objects.count()
    response = admin_client_.post(change_url(scenario), data)
    assert response.status_code == 200
    assert message in page_text(response)
    assert dumps(export_scenario(Scenario.objects.get(pk=scenario.pk))) == before
    assert LogEntry.objects.count() == logged
    return page_text(response)


def _other_region(name="Baltico"):
    return Scenario.objects.get(name="Europa 1700").regions.get(name=name)


def test_G32_a_land_link_to_a_region_of_another_scenario_is_refused(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["land_links"])
    data["land_links-0-region_b"] = _other_region().pk
    _refused(admin_client_, scenario, data, "Scegli una regione di questo scenario.")


def test_G32_a_home_link_to_a_region_of_another_scenario_is_refused(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["powers"])
    data["powers-0-home_links"] = [_other_region().pk]
    _refused(admin_client_, scenario, data, "Scegli solo regioni di questo scenario.")


def _add_land_links(data, scenario, *pairs):
    for a, b in pairs:
        i = data["land_links-TOTAL_FORMS"]
        data["land_links-TOTAL_FORMS"] += 1
        data[f"land_links-{i}-scenario"] = scenario.pk
        data[f"land_links-{i}-region_a"] = scenario.regions.get(name=a).pk
        data[f"land_links-{i}-region_b"] = scenario.regions.get(name=b).pk


def test_G32_a_land_link_is_entered_once_whichever_way_round(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["land_links"])
    _add_land_links(data, scenario, ("Europa Centrale", "Stati Tedeschi"))
    _refused(admin_client_, scenario, data, "Queste due regioni sono già collegate.")


def test_G32_two_new_land_links_of_one_pair_are_refused(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["land_links"])
    _add_land_links(
        data, scenario, ("Stati Tedeschi", "Mediterraneo"), ("Mediterraneo", "Stati Tedeschi")
    )
    _refused(
        admin_client_,
        scenario,
        data,
        "Il collegamento via terra Mediterraneo – Stati Tedeschi è elencato due volte.",
    )


def test_G32_a_region_is_not_linked_to_itself(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["land_links"])
    data["land_links-0-region_b"] = data["land_links-0-region_a"]
    _refused(admin_client_, scenario, data, "Una regione non è collegata a se stessa.")


def test_G6_a_counter_in_a_region_of_another_scenario_is_refused(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["neutrals"])
    data["neutrals-0-region"] = _other_region().pk
    _refused(admin_client_, scenario, data, "Scegli una regione di questo scenario.")


def test_G6_a_population_counter_has_no_defence(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["neutrals"])
    index = next(i for i, n in enumerate(scenario.neutrals.all()) if n.kind == "population")
    data[f"neutrals-{index}-defence"] = 3
    _refused(
        admin_client_, scenario, data, "Una pedina popolazione o commercio non ha difesa."
    )


def test_G7_a_tile_of_a_region_of_another_scenario_is_refused(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["tiles"])
    index = next(i for i, t in enumerate(scenario.tiles.all()) if t.region_id)
    data[f"tiles-{index}-region"] = _other_region().pk
    _refused(admin_client_, scenario, data, "Scegli una regione di questo scenario.")


@pytest.mark.parametrize("kind", ["alliance", "company"])
def test_G7_an_alliance_or_company_tile_names_its_region(admin_client_, scenario, kind):
    data = inline_post_data(scenario, parts=["tiles"])
    index = next(i for i, t in enumerate(scenario.tiles.all()) if t.kind == kind)
    del data[f"tiles-{index}-region"]
    _refused(
        admin_client_,
        scenario,
        data,
        "Una tessera Alleanza o Compagnia indica la sua regione.",
    )


def test_G7_only_alliance_and_company_tiles_name_a_region(admin_client_, scenario):
    data = inline_post_data(scenario, parts=["tiles"])
    index = next(i for i, t in enumerate(scenario.tiles.all()) if t.kind == "bank")
    data[f"tiles-{index}-region"] = scenario.regions.get(name="Baltico").pk
    _refused(
        admin_client_,
        scenario,
        data,
        "Solo le tessere Alleanza e Compagnia indicano una regione.",
    )


def test_the_rules_own_check_refuses_an_unplayable_scenario(admin_client_, scenario):
    """A region loses its sea in the same save that keeps fleets there: each row is fine on its
    own, the rules' `scenario_problems` sees the whole and the save is undone."""
    data = inline_post_data(scenario, parts=["regions"])
    index = next(i for i, r in enumerate(scenario.regions.all()) if r.name == "Baltico")
    del data[f"regions-{index}-has_sea"]
    rules = scenario_rules(scenario)
    without_sea = dataclasses.replace(
        rules,
        regions=tuple(
            dataclasses.replace(r, has_sea=False) if r.name == "Baltico" else r
            for r in rules.regions
        ),
    )
    problems = scenario_problems(without_sea)
    assert set(problems) == {
        Message("{region} has no sea: no fleet can be placed there.", (("region", "Baltico"),))}
    expected = render_rules_message(problems[0], scenario_grammar(scenario))
    page = _refused(admin_client_, scenario, data, expected)
    # Three powers keep fleets there: the same problem is said once.
    assert page.count(expected) == 1


def test_a_new_scenario_is_added_and_checked_as_a_whole(admin_client_):
    data = {
        "name": "Prova vuota",
        "description": "",
        "procedure": "seed004",  # the select's first option, as the browser sends it
        **{
            field: Scenario._meta.get_field(field).get_default()
            for field in SETTINGS_FIELDS
            if field != "storms"
        },
        **{f"{prefix}-TOTAL_FORMS": 0 for prefix in INLINES},
        **{f"{prefix}-INITIAL_FORMS": 0 for prefix in INLINES},
    }
    response = admin_client_.post(reverse("admin:game_scenario_add"), data)
    assert response.status_code == 302
    created = Scenario.objects.get(name="Prova vuota")
    assert (created.rounds_per_war, created.rounds_per_war_many, created.storms) == (6, 5, False)


def test_scenario_names_are_unique(admin_client_, scenario):
    response = admin_client_.post(
        reverse("admin:game_scenario_add"),
        {
            **inline_post_data(scenario),
            "name": "Europa 1700",
            **{f"{prefix}-TOTAL_FORMS": 0 for prefix in INLINES},
            **{f"{prefix}-INITIAL_FORMS": 0 for prefix in INLINES},
        },
    )
    assert response.status_code == 200
    assert Scenario.objects.count() == 2


def test_the_export_action_downloads_the_json(admin_client_, scenario):
    response = admin_client_.post(
        reverse("admin:game_scenario_changelist"),
        {"action": "export_json", "_selected_action": [scenario.pk]},
    )
    assert response["Content-Type"].startswith("application/json")
    assert json.loads(response.content) == export_scenario(scenario)
    # Named after the scenario ("Europa 1700 — partenza rapida"), in ASCII any system takes.
    assert response["Content-Disposition"] == (
        'attachment; filename="europa-1700-partenza-rapida.json"')


@pytest.mark.parametrize(("name", "filename"), [
    ("Europa 1700", "europa-1700.json"),
    ("Guerra di successione: Spagna & Austria", "guerra-di-successione-spagna-austria.json"),
    ("Città \"nuove\"/../è", "citta-nuove-e.json"),
    ("Ωμέγα", "scenario.json"),
])
def test_an_exported_scenario_s_file_is_named_after_it(name, filename):
    from guerra.game.scenarios.export import export_filename

    assert export_filename(Scenario(name=name)) == filename


def test_the_import_page_creates_and_reports_bad_files(admin_client_, scenario):
    url = reverse("admin:game_scenario_import")
    assert admin_client_.get(url).status_code == 200
    data = export_scenario(scenario)
    data["name"] = "Europa 1756"
    upload = SimpleUploadedFile("s.json", dumps(data).encode(), "application/json")
    response = admin_client_.post(url, {"file": upload})
    assert response.status_code == 302
    assert Scenario.objects.filter(name="Europa 1756").exists()

    data["neutrals"][0]["defence"] = 0
    data["name"] = "Europa 1763"
    upload = SimpleUploadedFile("s.json", dumps(data).encode(), "application/json")
    response = admin_client_.post(url, {"file": upload})
    assert response.status_code == 400
    assert "da 1 a 9" in response.content.decode()
    assert not Scenario.objects.filter(name="Europa 1763").exists()


def test_the_import_page_is_for_staff_only(client, make_user, scenario):
    c = Client()
    c.force_login(make_user("anna"))
    response = c.get(reverse("admin:game_scenario_import"))
    assert response.status_code == 302  # the admin's own login page


def test_staff_see_games_without_the_secret_seed(admin_client_, running_game):
    response = admin_client_.get(reverse("admin:game_game_change", args=[running_game.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert running_game.dice_seed_hash in html
    assert running_game.dice_seed not in html


def test_staff_read_attacks_and_dice_but_cannot_change_them(admin_client_, running_game):
    from tests.game.attack_helpers import declare
    from tests.game.play_helpers import show_counter

    neutral = show_counter(running_game, "Nord America", reward="gold")
    attack = declare(running_game, "Gran Bretagna", "Nord America", neutral)
    listing = admin_client_.get(reverse("admin:game_attack_changelist"))
    assert listing.status_code == 200 and "Nord America" in listing.content.decode()
    assert admin_client_.get(reverse("admin:game_diceroll_changelist")).status_code == 200
    page = admin_client_.get(reverse("admin:game_attack_change", args=[attack.pk]))
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()


def test_the_change_page_shows_every_part_of_the_scenario(admin_client_, scenario):
    page = page_text(admin_client_.get(change_url(scenario)))
    for title in [
        "Guerre e round",
        "Inizio della partita",
        "Riserva di ogni potenza",
        "Economia e movimento",
        "Collegamenti via terra",
        "Pedine neutrali",
        "Tipi di tessera",
        "Posizioni iniziali",
        "madrepatria collegata via terra a",
        "blocco americano",
        "snodo commerciale",
        "copie nel mercato",
        "costo in insoddisfazione",
    ]:
        assert title.lower() in page.lower(), title
    assert page.count('name="powers-0-home_links"') == 11  # one box per region of this scenario


@pytest.mark.parametrize("model", ["holding", "neutral", "region", "tileholding"])
def test_a_game_s_board_rows_are_shown_not_changed_behind_its_state(admin_client_, running_game,
                                                                     model):
    """The rows the board shows are the projection of the game's rules state (read by the
    pages once a step): the admin lists and shows them, and refuses to add or change one."""
    from guerra.game import models
    from tests.game.play_helpers import set_power, state_of

    tiles = state_of(running_game).power("Francia").tiles
    set_power(running_game, "Francia", tiles=tuple(sorted((*tiles, ("alliance:Nord America", 1)))))
    row = getattr(models, {"holding": "Holding", "neutral": "Neutral", "region": "Region",
                           "tileholding": "TileHolding"}[model]).objects.filter(
        game=running_game).first()
    assert row is not None
    assert admin_client_.get(reverse(f"admin:game_{model}_changelist")).status_code == 200
    url = reverse(f"admin:game_{model}_change", args=[row.pk])
    page = admin_client_.get(url)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert admin_client_.post(url, {}).status_code == 403
    assert admin_client_.get(reverse(f"admin:game_{model}_add")).status_code == 403


def test_a_running_game_s_state_is_shown_not_changed_in_the_admin(admin_client_, running_game,
                                                                   make_user):
    """The rules state, the step, the war and each power's gold, unrest and VP are shown and
    not changed behind the game's step (its pages keep what a step shows); who plays a power
    may still change, and the alliances of a war are shown only."""
    from guerra.game.models import AllianceMembership

    url = reverse("admin:game_game_change", args=[running_game.pk])
    form = admin_client_.get(url).context["adminform"].form
    for field in ("rules", "step", "phase", "current_war", "current_round"):
        assert field not in form.fields
    seats = list(running_game.seats.order_by("pk"))
    substitute = make_user("sostituto")
    data = {name: value for name, value in form.initial.items()
            if name in form.fields and value is not None}
    data.update({"scenario": running_game.scenario_id, "created_by": running_game.created_by_id,
                 "rules": "{}", "step": 999, "current_war": 3})
    data.pop("deadline", None)
    if data.get("is_private") is False:
        data.pop("is_private")
    data.update({"seats-TOTAL_FORMS": len(seats), "seats-INITIAL_FORMS": len(seats)})
    for i, seat in enumerate(seats):
        data.update({f"seats-{i}-id": seat.pk, f"seats-{i}-game": running_game.pk,
                     f"seats-{i}-user": substitute.pk if i == 0 else seat.user_id,
                     f"seats-{i}-gold": seat.gold + 50, f"seats-{i}-vp": seat.vp + 9})
    response = admin_client_.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    game = Game.objects.get(pk=running_game.pk)
    assert (game.rules, game.step, game.current_war) == (
        running_game.rules, running_game.step, running_game.current_war)
    after = list(game.seats.order_by("pk"))
    assert [(s.gold, s.vp) for s in after] == [(s.gold, s.vp) for s in seats]
    assert after[0].user_id == substitute.pk  # a player replaced by staff
    membership = AllianceMembership.objects.filter(game=game).first() or (
        AllianceMembership.objects.create(game=game, war=game.current_war, seat=after[1],
                                          side=1, slot=1))
    side = membership.side
    member_url = reverse("admin:game_alliancemembership_change", args=[membership.pk])
    assert admin_client_.get(member_url).status_code == 200
    assert admin_client_.post(member_url, {"side": 3 - side}).status_code == 403
    membership.refresh_from_db()
    assert membership.side == side


def test_a_running_game_s_seats_are_neither_added_nor_deleted_in_the_admin(admin_client_,
                                                                           lobby_game, request):
    """Before the start staff may add and remove seats; once the game runs its powers are its
    rules state's, so the admin offers neither, and a form that asks anyway changes nothing.
    The rules state is shown indented, one key a line."""
    url = reverse("admin:game_game_change", args=[lobby_game.pk])
    [seats] = admin_client_.get(url).context["inline_admin_formsets"]
    assert seats.has_add_permission and seats.has_delete_permission
    request.getfixturevalue("running_game")  # the same game, started
    response = admin_client_.get(url)
    [seats] = response.context["inline_admin_formsets"]
    assert not seats.has_add_permission and not seats.has_delete_permission
    game = Game.objects.get(pk=lobby_game.pk)
    shown = html.unescape(response.content.decode())
    assert f'\n "step": {game.rules["step"]},' in shown
    with translation.override("it"):  # the phase in words, not the rules' own name
        assert render_rules_message(PHASE_LABELS[game.phase]) in shown
    form = response.context["adminform"].form
    data = {name: value for name, value in form.initial.items()
            if name in form.fields and value is not None}
    data.update({"scenario": game.scenario_id, "created_by": game.created_by_id})
    data.pop("deadline", None)
    if data.get("is_private") is False:
        data.pop("is_private")
    before = list(game.seats.order_by("pk").values_list("pk", "power"))
    data.update({"seats-TOTAL_FORMS": len(before) + 1, "seats-INITIAL_FORMS": len(before)})
    for i, (pk, _power) in enumerate(before):
        data.update({f"seats-{i}-id": pk, f"seats-{i}-game": game.pk,
                     f"seats-{i}-user": game.seats.get(pk=pk).user_id, f"seats-{i}-DELETE": "on"})
    data.update({f"seats-{len(before)}-power": "Spagna",
                 f"seats-{len(before)}-user": game.created_by_id})
    admin_client_.post(url, data)
    assert list(game.seats.order_by("pk").values_list("pk", "power")) == before


# --- a running game's change form, field by field ------------------------------------------

# What staff may still change once a game has started; the rest is shown, not edited.
EDITABLE_WHILE_RUNNING = {"name", "created_by", "is_private", "status", "deadline_seconds",
                          "deadline"}
SHOWN_ONLY = ["scenario", "procedure", "wars", "rounds_per_war", "control_markers_per_power"]


def game_post_data(client, game):
    """The game's change form as the browser sends it unchanged, its seats included."""
    url = reverse("admin:game_game_change", args=[game.pk])
    form = client.get(url).context["adminform"].form
    data = {name: value for name, value in form.initial.items()
            if name in form.fields and value is not None and value is not False}
    data.pop("deadline", None)
    if game.deadline is not None:
        local = timezone.localtime(game.deadline)
        data.update({"deadline_0": local.strftime("%Y-%m-%d"),
                     "deadline_1": local.strftime("%H:%M:%S")})
    seats = list(game.seats.order_by("order", "pk"))
    data.update({"seats-TOTAL_FORMS": len(seats), "seats-INITIAL_FORMS": len(seats)})
    for i, seat in enumerate(seats):
        data.update({f"seats-{i}-id": seat.pk, f"seats-{i}-game": game.pk,
                     f"seats-{i}-user": seat.user_id})
    return url, data


def test_a_running_game_s_form_edits_only_what_can_still_change(admin_client_, running_game):
    """Scenario, combat system, wars, rounds per war and control markers are the rules state's
    once the game started: shown, not offered (before, "Guerre" was accepted and ignored)."""
    url = reverse("admin:game_game_change", args=[running_game.pk])
    response = admin_client_.get(url)
    assert set(response.context["adminform"].form.fields) == EDITABLE_WHILE_RUNNING
    shown = page_text(response)
    for label in ("Scenario", "Sistema di combattimento", "Guerre", "Round per guerra"):
        assert label in shown
    _url, data = game_post_data(admin_client_, running_game)
    data.update({"wars": 9, "rounds_per_war": 9, "control_markers_per_power": 1,
                 "scenario": Scenario.objects.exclude(pk=running_game.scenario_id).first().pk})
    assert admin_client_.post(url, data).status_code == 302
    game = Game.objects.get(pk=running_game.pk)
    assert [getattr(game, f) for f in SHOWN_ONLY] == [getattr(running_game, f) for f in SHOWN_ONLY]


@pytest.mark.parametrize("field", ["name", "created_by", "is_private", "deadline_seconds",
                                   "deadline"])
def test_a_running_game_s_editable_field_is_saved(admin_client_, running_game, make_user, field):
    """Each field offered is saved as given: none is accepted and ignored."""
    url, data = game_post_data(admin_client_, running_game)
    later = timezone.localtime(running_game.deadline + timedelta(hours=5)).replace(microsecond=0)
    new = {"name": "Rinominata", "created_by": make_user("nuovo").pk, "is_private": True,
           "deadline_seconds": 3600, "deadline": later}[field]
    if field == "deadline":
        data.update({"deadline_0": later.strftime("%Y-%m-%d"),
                     "deadline_1": later.strftime("%H:%M:%S")})
    else:
        data[field] = "on" if new is True else new
    response = admin_client_.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    game = Game.objects.get(pk=running_game.pk)
    assert getattr(game, field + "_id" if field == "created_by" else field) == new
    assert (game.rules, game.step) == (running_game.rules, running_game.step)


def test_a_new_deadline_is_the_attack_s_too(admin_client_, running_game):
    from tests.game.attack_helpers import declare

    attack = declare(running_game, "Gran Bretagna", "Stati Tedeschi", "Francia")
    assert attack.awaiting == ["Prussia"]  # an ally's answer, with its deadline
    game = Game.objects.get(pk=running_game.pk)
    url, data = game_post_data(admin_client_, game)
    assert game.deadline is not None
    later = timezone.localtime(game.deadline + timedelta(hours=1)).replace(microsecond=0)
    data.update({"deadline_0": later.strftime("%Y-%m-%d"),
                 "deadline_1": later.strftime("%H:%M:%S")})
    assert admin_client_.post(url, data).status_code == 302
    attack.refresh_from_db()
    assert attack.deadline == later == Game.objects.get(pk=game.pk).deadline


@pytest.mark.parametrize("seconds", [0, 5, 7 * 24 * 3600 + 1])
def test_a_decision_time_outside_10_seconds_to_7_days_is_refused(admin_client_, running_game,
                                                                  seconds):
    url, data = game_post_data(admin_client_, running_game)
    data["deadline_seconds"] = seconds
    response = admin_client_.post(url, data)
    assert response.status_code == 200
    assert "Ogni decisione ha da 10 secondi a 7 giorni." in page_text(response)
    assert Game.objects.get(pk=running_game.pk).deadline_seconds == running_game.deadline_seconds


def test_a_running_game_cannot_go_back_to_waiting_for_players(admin_client_, running_game):
    """Before, "in attesa di giocatori" answered 500 (the dice seed's check constraint): now the
    form says why, in Italian, and nothing changes."""
    url, data = game_post_data(admin_client_, running_game)
    data.update({"status": "lobby", "name": "Non salvata"})
    response = admin_client_.post(url, data)
    assert response.status_code == 200
    assert "Una partita in corso non può tornare in attesa di giocatori" in page_text(response)
    game = Game.objects.get(pk=running_game.pk)
    assert (game.status, game.name, game.dice_seed) == ("running", running_game.name,
                                                        running_game.dice_seed)


def test_a_running_game_is_ended_from_its_status_as_from_its_board(admin_client_, running_game):
    url, data = game_post_data(admin_client_, running_game)
    data["status"] = "finished"
    assert admin_client_.post(url, data).status_code == 302
    game = Game.objects.get(pk=running_game.pk)
    assert game.status == "finished" and game.ended_at is not None and game.deadline is None
    ended = game.events.get(kind="game_ended")
    assert ended.payload["seed"] == game.dice_seed  # made public
    page = admin_client_.get(url)
    assert set(page.context["adminform"].form.fields) == {"name", "created_by", "is_private"}


def test_a_new_player_for_a_power_writes_over_nothing_a_step_changed(admin_client_, running_game,
                                                                     make_user, monkeypatch):
    """A step taken while the admin saves stays: the admin writes the columns it changed (the
    game's name, a seat's player), not the step, state and gold it had read."""
    from guerra.game.admin.game import GameAdmin
    from guerra.game.models import Seat

    url, data = game_post_data(admin_client_, running_game)
    seat = running_game.seats.order_by("order", "pk").first()
    gold = seat.gold
    read = GameAdmin.get_object

    def read_then_a_step(self, request, object_id, from_field=None):
        game = read(self, request, object_id, from_field)
        Game.objects.filter(pk=running_game.pk).update(step=running_game.step + 1)
        Seat.objects.filter(pk=seat.pk).update(gold=gold + 7)
        return game

    monkeypatch.setattr(GameAdmin, "get_object", read_then_a_step)
    data.update({"name": "Rinominata", "seats-0-user": make_user("sostituta").pk})
    assert admin_client_.post(url, data).status_code == 302
    seat.refresh_from_db()
    game = Game.objects.get(pk=running_game.pk)
    assert (game.name, game.step) == ("Rinominata", running_game.step + 1)
    assert (seat.user.username, seat.gold) == ("sostituta", gold + 7)


def test_a_game_added_by_staff_waits_for_players(admin_client_, scenario, make_user):
    """A game started other than by its creator's "Avvia" would have no rules state: the add
    form offers no status (nor deadline, nor wars), and the game waits for players."""
    url = reverse("admin:game_game_add")
    form = admin_client_.get(url).context["adminform"].form
    assert set(form.fields) == {"name", "scenario", "created_by", "is_private",
                                "deadline_seconds"}
    response = admin_client_.post(url, {
        "name": "Aggiunta", "scenario": scenario.pk, "created_by": make_user("anna").pk,
        "deadline_seconds": 3600, "status": "running",
        "seats-TOTAL_FORMS": 0, "seats-INITIAL_FORMS": 0})
    assert response.status_code == 302
    game = Game.objects.get(name="Aggiunta")
    assert (game.status, game.deadline_seconds) == ("lobby", 3600)
