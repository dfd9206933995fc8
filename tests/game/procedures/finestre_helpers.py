"""The table of the "finestre" web tests, its fixtures and helpers.

The table: Francia and Prussia (Alleanza A) against Gran Bretagna and Austria (Alleanza B), in
that turn order. In the German States Gran Bretagna (3 armies) attacks Francia (2 armies, a
fort and a control marker); Austria (2 armies, Gran Bretagna's ally) and Prussia (1 army and 1
fleet, Francia's ally) are committed there too (finestre's A rules: every ally's units in the
region). The hands each attack starts with are the test's (`dealt`): the game's own dealing
at the war's start (W1) is tested apart.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from guerra.game import services
from guerra.game.models import Attack, Game
from guerra.rules import frozen
from guerra.rules.finestre.cards import DEFAULT_DECK
from guerra.rules.finestre.procedure import FINESTRE_PROCEDURE
from tests.game.attack_helpers import declare, rig, seat, text  # noqa: F401 (text: for the tests)
from tests.game.play_helpers import edit_state, finish_auction, set_pieces

__all__ = ["declare", "rig"]  # the fixture, for the test modules that import this one

REGION = "Stati Tedeschi"
POWERS = ("Francia", "Gran Bretagna", "Prussia", "Austria")
ROW = {card.name: i for i, card in enumerate(DEFAULT_DECK.cards, start=1)}  # W2's order
ADAPTER_PATH = "guerra.game.procedures.finestre.ADAPTER"

# The hands of the first attack: a tactic countered and the counter countered (W4), a change
# of combatants (W6), an Imboscata (W7), a Rinforzo (W12), a Salvataggio (W14).
FIRST_HANDS = {
    "Gran Bretagna": ("Contrordine", "Imboscata", "Salvataggio"),
    "Francia": ("Contrordine", "Cambio al comando", "Artiglieria"),
    "Prussia": ("Salvataggio", "Contrordine"),
    "Austria": ("Contrordine", "Rinforzo"),
}
# The second: Francia holds a Ritirata.
SECOND_HANDS = {"Francia": ("Ritirata",), "Gran Bretagna": ("Rinforzo",)}


def client_of(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def player(game: Game, power: str) -> Client:
    return client_of(seat(game, power).user)


def page(attack: Attack, power: str | None, **query: str) -> str:
    c = Client() if power is None else player(attack.game, power)
    return c.get(attack.get_absolute_url(), query).content.decode()


def board(game: Game, power: str | None) -> str:
    c = Client() if power is None else player(game, power)
    return c.get(reverse("game_board", args=[game.pk])).content.decode()


def post(attack: Attack, power: str, kind: str, **values: object):
    attack.refresh_from_db()
    data = {"kind": kind, "step": values.pop("step", attack.step), **values}
    return player(attack.game, power).post(
        reverse("attack_decide", args=[attack.game_id, attack.number]), data)


def call(attack: Attack, power: str, card: str | None = None, ally: int = 0):
    """W3: `power`'s call: a card of W2's deck by name, or a pass."""
    values: dict[str, object] = {"card": ROW[card] if card else 0}
    if ally:
        values["ally"] = ally
    return post(attack, power, "finestre_call", **values)


def awaited(attack: Attack) -> str:
    attack.refresh_from_db()
    assert len(attack.awaiting) == 1, attack.awaiting
    return str(attack.awaiting[0])


def play_calls(attack: Attack, node: str, plays: dict[str, str] | None = None) -> list[str]:
    """Every call of the window `node` until it closes: each power plays its card of `plays`
    (once), the others pass; the callers in order."""
    plays = dict(plays or {})
    callers = []
    attack.refresh_from_db()
    while attack.node == node and not attack.finished:
        power = awaited(attack)
        callers.append(power)
        response = call(attack, power, plays.pop(power, None))
        assert response.status_code == 302, (power, response.content.decode()[:300])
        attack.refresh_from_db()
    assert not plays, f"never called: {plays}"
    return callers


def give_alliance_tiles(game: Game, power: str, count: int, region: str = REGION) -> None:
    """`power` holds `count` Alliance tiles for `region` (W9: +1 each to its side)."""

    def change(state):
        key = next(key for key, tile in state.scenario.tile_by_key.items()
                   if tile.effect == "alliance" and tile.region == region)
        tiles = dict(state.power(power).tiles)
        tiles[key] = count
        return state.with_power(power, tiles=tuple(sorted(tiles.items())))

    edit_state(game, change)


@pytest.fixture
def finestre_registered(settings):
    """The combat system among the game's (its one registry line)."""
    settings.GUERRA_PROCEDURES = {**settings.GUERRA_PROCEDURES, "finestre": ADAPTER_PATH}


@pytest.fixture
def dealt(monkeypatch):
    """dealt(hands): the hands the next attacks start with (one dict per attack, in order)."""
    queue: list[dict[str, tuple[str, ...]]] = []
    original = FINESTRE_PROCEDURE.from_engagement

    def from_engagement(engagement):
        situation = original(engagement)
        if not queue:
            return situation
        hands = queue.pop(0)
        return frozen.replace(situation, hands=tuple(hands.items()))

    monkeypatch.setattr(FINESTRE_PROCEDURE, "from_engagement", from_engagement)
    return lambda *hands: queue.extend(hands)


@pytest.fixture
def finestre_game(make_user, scenario, finestre_registered):
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=scenario, name="Finestre",
                                is_private=False, power="Francia", procedure="finestre")
    for name, power in (("bruno", "Gran Bretagna"), ("carla", "Prussia"), ("dario", "Austria")):
        services.game_join(game_id=game.pk, user=make_user(name), power=power)
    game = services.game_start(game_id=game.pk, user=anna)
    finish_auction(game, [("Francia", "Gran Bretagna"), ("Prussia", "Austria")])
    for power in POWERS:
        set_pieces(game, power, None, armies=0, fleets=0)
        for region in ("Europa Centrale", "Baltico", REGION):
            set_pieces(game, power, region, armies=0, fleets=0, forts=0, markers=0)
    set_pieces(game, "Gran Bretagna", REGION, armies=3)
    set_pieces(game, "Francia", REGION, armies=2, forts=1, markers=1)
    set_pieces(game, "Prussia", REGION, armies=1, fleets=1)
    set_pieces(game, "Austria", REGION, armies=2)
    game.refresh_from_db()
    return game


@pytest.fixture
def declared(finestre_game, dealt):
    dealt(FIRST_HANDS)
    return declare(finestre_game, "Gran Bretagna", REGION, "Francia")


# A deck of 24 cards of names no page says unless a hand shows them or a card is played (the
# secrecy tests): "Cifra 01" to "Cifra 24", counters, modifiers and escapes in turn.
SECRET_KINDS = ("counter", "modifier", "escape")
SECRET_DECK = {"hand_size": 5, "deck": [
    {"name": f"Cifra {i:02d}", "copies": 1, "kind": SECRET_KINDS[i % 3],
     **({"value": 1} if SECRET_KINDS[i % 3] == "modifier" else {})} for i in range(1, 25)]}


@pytest.fixture
def secret_scenario(scenario):
    """The scenario with the secret deck (copied into the game when it starts)."""
    scenario.combat_data = {**(scenario.combat_data or {}), "finestre": SECRET_DECK}
    scenario.save()
    return scenario


def play_first_attack(attack: Attack, rig) -> Attack:
    """The first attack (FIRST_HANDS) to its end, as test_finestre_play checks it step by
    step: Assalto, countered by Francia, the counter countered by Austria; Francia fights from
    its fort; its Cambio al comando hands the command to Prussia; no tactic in W4.2; Gran
    Bretagna's Imboscata; dice 6 and 1; Austria's Rinforzo; Prussia's Salvataggio; Prussia
    loses its fleet."""
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="assalto").status_code == 302
    play_calls(attack, "W4", {"Francia": "Contrordine", "Austria": "Contrordine"})
    assert post(attack, "Francia", "finestre_position", from_forts="1").status_code == 302
    play_calls(attack, "W5")
    assert call(attack, "Francia", "Cambio al comando", ally=1).status_code == 302
    play_calls(attack, "W6")
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="none").status_code == 302
    play_calls(attack, "W4")
    play_calls(attack, "W6")
    play_calls(attack, "W7a", {"Gran Bretagna": "Imboscata"})
    rig([6, 1])
    for node in ("W7d", "W8a", "W8d", "W9a", "W9d", "W10a", "W10d"):
        play_calls(attack, node)
    play_calls(attack, "W12", {"Austria": "Rinforzo"})
    play_calls(attack, "W14a", {"Prussia": "Salvataggio"})
    play_calls(attack, "W14d")
    assert post(attack, "Prussia", "finestre_loss", unit_kind="fleet").status_code == 302
    attack.refresh_from_db()
    assert attack.finished
    return attack
