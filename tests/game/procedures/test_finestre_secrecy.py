# ruff: noqa: F811 (the fixtures imported from finestre_helpers are the tests' parameters)
"""W1: a hand is seen by its owner only, on every channel: every part of the attack page and
of the board (what the sockets make each viewer re-fetch), the log and the odds; the others
see its size. A card played is seen by all. The secret deck adds two cards whose names no page
says unless a hand shows them ("Lettera cifrata", "Sigillo nero")."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from guerra.game.models import GameEvent
from guerra.game.procedures import adapter
from guerra.game.read.log import describe
from guerra.game.services import game_create, game_join, game_start
from guerra.rules.finestre.procedure import FINESTRE_PROCEDURE
from tests.game.attack_helpers import declare
from tests.game.play_helpers import finish_auction, set_pieces
from tests.game.procedures.finestre_helpers import (  # noqa: F401 (fixtures)
    POWERS,
    REGION,
    call,
    dealt,
    finestre_registered,
    player,
    post,
    secret_scenario,
    text,
)

SECRET_HANDS = {"Gran Bretagna": ("Lettera cifrata", "Contrordine"),
                "Francia": ("Sigillo nero", "Contrordine"), "Prussia": ("Contrordine",)}
SECRETS = {"Gran Bretagna": "Lettera cifrata", "Francia": "Sigillo nero"}


SPECTATOR: list[Client] = []


def parts(attack, power: str | None) -> dict[str, str]:
    """Every part of the attack page and the board as `power` (None: a spectator) reads it."""
    c = SPECTATOR[0] if power is None else player(attack.game, power)
    g, n = attack.game_id, attack.number
    urls = {"attack": reverse("attack_page", args=[g, n]),
            "panel": reverse("attack_panel", args=[g, n]),
            "attacks": reverse("attack_list", args=[g]),
            "board": reverse("game_board", args=[g]),
            "board part": reverse("game_board_part", args=[g]),
            "log": reverse("game_log_part", args=[g]),
            "turn": reverse("game_turn_part", args=[g]),
            "prompts": reverse("ally_prompts_part", args=[g]),
            "regions": reverse("game_regions_part", args=[g])}
    found = {}
    for name, url in urls.items():
        response = c.get(url)
        found[name] = response.content.decode() if response.status_code == 200 else ""
    return found


def test_W1_a_hand_is_seen_by_its_owner_only_on_every_part_a_card_played_by_all(
        make_user, secret_scenario, finestre_registered, dealt):
    anna = make_user("anna")
    spectator = Client()
    spectator.force_login(make_user("eva", staff=True))  # staff: no seat
    SPECTATOR[:] = [spectator]
    game = game_create(user=anna, scenario=secret_scenario, name="Segreti", is_private=False,
                       power="Francia", procedure="finestre")
    for name, power in (("bruno", "Gran Bretagna"), ("carla", "Prussia"), ("dario", "Austria")):
        game_join(game_id=game.pk, user=make_user(name), power=power)
    game = game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    for power in POWERS:
        for region in ("Europa Centrale", "Baltico", REGION):
            set_pieces(game, power, region, armies=0, fleets=0, forts=0, markers=0)
    set_pieces(game, "Gran Bretagna", REGION, armies=3)
    set_pieces(game, "Francia", REGION, armies=2, forts=1, markers=1)
    set_pieces(game, "Prussia", REGION, armies=1)
    dealt(SECRET_HANDS)
    attack = declare(game, "Gran Bretagna", REGION, "Francia")
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    attack.refresh_from_db()
    assert attack.awaiting == ["Gran Bretagna"]  # its call: its hand in its form

    for viewer in (*POWERS, None):
        seen = parts(attack, viewer)
        assert seen["attack"] and seen["panel"] and seen["board"]
        for owner, card in SECRETS.items():
            for name, html in seen.items():
                if owner == viewer:
                    continue
                assert card not in html, (viewer, owner, name)
        if viewer in SECRETS:  # its own hand, on the attack page
            assert SECRETS[viewer] in seen["attack"] and SECRETS[viewer] in seen["panel"]
        if viewer is not None:  # the others' hands as their size
            assert "Coperte nelle altre mani:" in text(seen["attack"])
    assert "Francia 2" in text(parts(attack, "Gran Bretagna")["attack"])

    # The odds read no other hand: the same for Gran Bretagna whatever Francia holds.
    state = adapter("finestre").state(attack.state)
    other = state.with_hand("Francia", ("Contrordine", "Contrordine"))
    seen_a = FINESTRE_PROCEDURE.seen_by(state, "Gran Bretagna")
    seen_b = FINESTRE_PROCEDURE.seen_by(other, "Gran Bretagna")
    assert seen_a == seen_b
    assert dict(seen_a.hands)["Francia"] == ("?", "?")
    assert dict(seen_a.hands)["Gran Bretagna"] == SECRET_HANDS["Gran Bretagna"]
    gb = adapter("finestre").current_odds(seen_a)
    assert gb.rows == adapter("finestre").current_odds(seen_b).rows

    # A card played is seen by all: Francia's Contrordine answers the tactic.
    assert call(attack, "Gran Bretagna").status_code == 302
    assert call(attack, "Francia", "Contrordine").status_code == 302
    for viewer in (*POWERS, None):
        seen = parts(attack, viewer)
        assert "Contrordine" in text(seen["attack"])
        for owner, card in SECRETS.items():
            if owner != viewer:
                assert all(card not in html for html in seen.values()), (viewer, owner)
    told = " ".join(describe(e) for e in GameEvent.objects.filter(game=game))
    assert "la Francia gioca Contrordine (W4)" in told
    assert all(card not in told for card in SECRETS.values())
