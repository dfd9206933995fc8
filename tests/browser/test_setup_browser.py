"""G13 in a browser: the setup's placement forms offer only what the rules accept (issue 25: a
fleet was offered in the German States, which have no sea, and then refused), on a desktop and
on a phone, and a placement chosen there is made."""

from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from guerra.game import services
from guerra.game.models import Holding, Scenario
from guerra.rules.game.machine import pending
from tests.browser.conftest import settled
from tests.game.play_helpers import state_of


def setup_game(first: str, second: str):
    game = services.game_create(user=User.objects.get(username=first),
                                scenario=Scenario.objects.get(name="Europa 1700"),
                                name="Sorteggio", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=User.objects.get(username=second), power="Spagna")
    return services.game_start(game_id=game.pk, user=User.objects.get(username=first))


def options(page: Page, kind: str) -> list[str]:
    return page.locator(f"form.place-{kind} select[name=luogo] option").all_inner_texts()


def test_G13_the_placement_forms_offer_only_legal_places_and_place_what_is_chosen(player, shot):
    pages = {"anna": player("anna"), "bruno": player("bruno", phone=True)}
    game = setup_game("anna", "bruno")
    placer = pending(state_of(game)).powers[0]
    name = next(s.user.username for s in game.seats.all() if s.power == placer)
    page = pages[name]
    page.goto(f"/partite/{game.pk}/")
    expect(page.locator("form.place-fleet")).to_be_visible()
    fleet = options(page, "fleet")
    assert "nella tua madrepatria" in fleet and "nel Baltico" in fleet
    assert "negli Stati Tedeschi" not in fleet  # no sea there
    assert "negli Stati Tedeschi" in options(page, "army")
    assert "nella tua madrepatria" not in options(page, "fort")
    shot(page, f"setup-{'phone' if name == 'bruno' else 'desktop'}")

    page.select_option("form.place-fleet select[name=luogo]", label="nel Baltico")
    settled(page)
    page.click("form.place-fleet button")
    expect(page.locator("form.place-fleet")).to_have_count(0)  # the other power's turn now
    assert Holding.objects.get(game=game, seat__power=placer, region__name="Baltico").fleets == 1

    # The other player, on the other device, now sees its own forms.
    other = pages["anna" if name == "bruno" else "bruno"]
    other.goto(f"/partite/{game.pk}/")
    expect(other.locator("form.place-army")).to_be_visible()
    assert "negli Stati Tedeschi" not in options(other, "fleet")
    shot(other, f"setup-{'phone' if name == 'anna' else 'desktop'}")
