# ruff: noqa: F811 (the fixtures imported from finestre_helpers are the tests' parameters)
"""W1: a hand is seen by its owner only (never by staff observing, nor by a spectator), on
every channel: every part of the attack page and
of the board (what the sockets make each viewer re-fetch), the log and the odds; the others
see its size. A card played is seen by all. The hands are the game's own, dealt at the war's
start from a deck of 24 cards whose names no page says unless a hand shows them ("Cifra 01"
to "Cifra 24")."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from django.urls import reverse

from guerra.game.models import Game, GameEvent, Seat, Visibility
from guerra.game.procedures import adapter
from guerra.game.read.log import describe
from guerra.game.services import game_create, game_join, game_start
from guerra.rules.finestre.procedure import FINESTRE_PROCEDURE
from tests.game.attack_helpers import declare
from tests.game.play_helpers import finish_auction, set_pieces, state_of
from tests.game.procedures.finestre_helpers import (  # noqa: F401 (fixtures)
    POWERS,
    REGION,
    SECRET_DECK,
    awaited,
    finestre_registered,
    player,
    post,
    secret_scenario,
    text,
)

DECK: list[dict[str, Any]] = SECRET_DECK["deck"]  # type: ignore[assignment]
ROWS = {card["name"]: i for i, card in enumerate(DECK, start=1)}
KIND = {card["name"]: card["kind"] for card in DECK}


def parts(attack, c: Client) -> dict[str, str]:
    """Every part of the attack page and the board as the client's user reads it."""
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


def hands_of(game) -> dict[str, list[str]]:
    memory = json.loads(state_of(game).combat_memory)
    return {power: list(cards) for power, cards in memory["hands"]}


def secret_game(make_user, scenario) -> Game:
    """The table with the secret deck, the hands dealt at the war's start (W1)."""
    anna = make_user("anna")
    game = game_create(user=anna, scenario=scenario, name="Segreti", is_private=False,
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
    return game


def test_W1_a_hand_is_seen_by_its_owner_only_on_every_part_a_card_played_by_all(
        make_user, secret_scenario, finestre_registered):
    staff = Client()
    staff.force_login(make_user("eva", staff=True))  # staff: no seat, sees what all see
    spectator = Client()
    spectator.force_login(make_user("spettatore"))  # watching the public game
    game = secret_game(make_user, secret_scenario)
    hands = hands_of(game)  # W1: dealt at the war's start, 5 each
    assert sorted(hands) == sorted(POWERS) and all(len(h) == 5 for h in hands.values())
    attack = declare(game, "Gran Bretagna", REGION, "Francia")
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    viewers: dict[str | None, Client] = {**{p: player(game, p) for p in POWERS}, None: staff,
                                         "spettatore": spectator}

    def check(played: set[str]) -> None:
        for viewer, c in viewers.items():
            seen = parts(attack, c)
            assert seen["attack"] and seen["panel"] and seen["board"]
            for owner, cards in hands.items():
                for card in cards:
                    if owner == viewer or card in played:
                        continue
                    for name, html in seen.items():
                        assert card not in html, (viewer, owner, card, name)
            if viewer in POWERS:  # its own hand, on the attack page and the board
                for card in hands[viewer]:
                    if card not in played:
                        assert card in seen["attack"] and card in seen["board"], (viewer, card)
                assert "Coperte nelle altre mani:" in text(seen["board"])
            for card in played:
                assert card in seen["attack"], (viewer, card)

    check(set())
    # The odds read no other hand: the same for Gran Bretagna whatever the others hold.
    state = adapter("finestre").state(attack.state)
    other = state.with_hand("Francia", tuple(hands["Austria"]))  # another hand of 5
    seen_a = FINESTRE_PROCEDURE.seen_by(state, "Gran Bretagna")
    assert seen_a == FINESTRE_PROCEDURE.seen_by(other, "Gran Bretagna")
    assert dict(seen_a.hands)["Francia"] == ("?",) * 5
    assert adapter("finestre").current_odds(seen_a).rows == \
        adapter("finestre").current_odds(FINESTRE_PROCEDURE.seen_by(other, "Gran Bretagna")).rows

    # A card played is seen by all: the first caller holding a counter answers the tactic.
    played = None
    while played is None:
        caller = awaited(attack)
        counter = next((c for c in hands[caller] if KIND[c] == "counter"), None)
        response = post(attack, caller, "finestre_call", card=ROWS[counter] if counter else 0)
        assert response.status_code == 302
        played = counter
    check({played})
    told = " ".join(describe(e) for e in GameEvent.objects.filter(game=game))
    assert f"gioca {played} (W4)" in told
    assert all(card not in told for cards in hands.values() for card in cards
               if card != played)


def test_W1_no_push_nor_log_line_tells_a_hand_to_another_power_or_a_spectator(
        make_user, secret_scenario, finestre_registered, pushes,
        django_capture_on_commit_callbacks, *, settings):
    """What the sockets receive: a seat's frame of parts (its prompts, its turn panel, the
    log's lines, rendered as that seat sees them) goes to that seat's sockets alone (the
    consumer drops it for any other, observers and spectators included), and tells no other
    power's hand; a doorbell (heard by spectators too) tells no hand at all. The log's events,
    each as stored for its audience, tell a hand to nobody but its owner."""
    settings.GUERRA_PUSHED_PARTS = True  # the frames too, whatever the run's switches
    game = secret_game(make_user, secret_scenario)
    hands = hands_of(game)
    power_of = dict(Seat.objects.filter(game=game).values_list("pk", "power"))
    with django_capture_on_commit_callbacks(execute=True):
        attack = declare(game, "Gran Bretagna", REGION, "Francia")
        assert post(attack, "Gran Bretagna", "finestre_tactic",
                    tactic="assalto").status_code == 302
        # Every call of W4 but one card: the first caller holding a counter plays it.
        played: set[str] = set()
        attack.refresh_from_db()
        while attack.node == "W4" and not played:
            caller = awaited(attack)
            counter = next((c for c in hands[caller] if KIND[c] == "counter"), None)
            response = post(attack, caller, "finestre_call", card=ROWS[counter] if counter else 0)
            assert response.status_code == 302
            played |= {counter} if counter else set()
            attack.refresh_from_db()
    assert played and pushes.frames and pushes
    secret = {owner: [c for c in cards if c not in played] for owner, cards in hands.items()}
    # Whose hand reaches whom: each seat's frames show its own hand (its prompt), nobody else's.
    shown = set()
    for _group, message in pushes.frames:
        viewer = power_of[message["to"]]
        words = json.dumps(message, ensure_ascii=False)
        for owner, cards in secret.items():
            for card in cards:
                if owner != viewer:
                    assert card not in words, (viewer, owner, card)
                elif card in words:
                    shown.add(viewer)
    assert shown, "a caller's frame shows its own hand (its prompt): the check can fail"
    for group, message in pushes:  # the doorbells: spectators' and alliances' groups too
        words = json.dumps(message, ensure_ascii=False)
        assert not any(card in words for cards in secret.values() for card in cards), group
    for event in GameEvent.objects.filter(game=game):
        words = json.dumps(event.payload, ensure_ascii=False) + describe(event)
        seat_id = event.seat_id if event.visibility == Visibility.POWER else None
        audience = None if seat_id is None else power_of.get(seat_id)
        for power, cards in secret.items():
            if power != audience:
                assert not any(card in words for card in cards), (event.kind, power)
