"""The push of every service action: one test per action (named after it), each checking that
the change reaches, once committed, every page that shows it (the parts rung: board and panels,
the phase panel, the log, an attack, a chat...) and only the audience that may see it.

A page part re-fetches when its part name is rung (see guerra/game/live/push.py); a change
whose push misses a part, or goes to the wrong chain, leaves another player's page showing the
old state (issue 25: a tax left the other pages on the old gold)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from guerra.game import services
from guerra.game.models import Attack, Game, Scenario
from guerra.rules.game.machine import pending
from tests.game.attack_helpers import decide, declare, rig  # noqa: F401 (rig: a fixture)
from tests.game.play_helpers import (
    seat_of,
    set_pieces,
    set_power,
    show_counter,
    state_of,
)

# What a step of the game changes for everyone: the board (map, the powers' panels: gold,
# unrest, VP, tiles; the market page), the phase panel (whose turn, the auction), the log.
GAME_STEP = {"board", "turn", "log"}
# The services that are no action: means every action below goes through, and what only reads.
MEANS = {"game_play", "log_event", "default_game_name"}

Heard = dict[str, set[str]]


@pytest.fixture
def act(pushes, django_capture_on_commit_callbacks) -> Callable[..., Heard]:
    """act(game, action): run the action, commit, and return the parts each audience chain of
    the game heard ("all", "alliance-<war>-<side>", "power-<seat id>")."""

    def run(game: Game | None, action: Callable[[], object]) -> Heard:
        pushes.clear()
        with django_capture_on_commit_callbacks(execute=True):
            result = action()
        if game is None:
            assert isinstance(result, Game)
            game = result
        prefix = f"game-{game.pk}."
        heard: Heard = {}
        for group, message in pushes:
            assert group.startswith(prefix), group  # never another game's audience
            heard.setdefault(group.removeprefix(prefix), set()).update(message["parts"])
        return heard

    return run


def user_of(game: Game, power: str) -> Any:
    return seat_of(game, power).user


def step(game: Game) -> int:
    return state_of(game).step


def test_every_service_action_has_its_push_test() -> None:
    """A new action in guerra.game.services gets its test here, or this fails."""
    actions = [name for name in services.__all__
               if re.fullmatch(r"[a-z]+(_[a-z]+)+", name) and name not in MEANS]
    tests = [name for name in globals() if name.startswith("test_")]
    missing = [a for a in actions if not any(t.startswith(f"test_{a}_") for t in tests)]
    assert actions and missing == []


# --- the waiting room --------------------------------------------------------------------------


def test_game_create_rings_the_new_games_log(act, make_user, scenario) -> None:
    heard = act(None, lambda: services.game_create(
        user=make_user("anna"), scenario=scenario, name="Nuova", is_private=False,
        power="Francia"))
    assert heard == {"all": {"seats", "log"}}


def test_game_join_rings_the_waiting_rooms_seats(act, lobby_game, make_user) -> None:
    heard = act(lobby_game, lambda: services.game_join(
        game_id=lobby_game.pk, user=make_user("bruno"), power="Gran Bretagna"))
    assert heard == {"all": {"seats", "log"}}


def test_game_leave_rings_the_waiting_rooms_seats(act, lobby_game, make_user) -> None:
    bruno = make_user("bruno")
    services.game_join(game_id=lobby_game.pk, user=bruno, power="Gran Bretagna")
    heard = act(lobby_game, lambda: services.game_leave(game_id=lobby_game.pk, user=bruno))
    assert heard == {"all": {"seats", "log"}}


def test_game_start_reloads_every_page(act, lobby_game, make_user) -> None:
    services.game_join(game_id=lobby_game.pk, user=make_user("bruno"), power="Gran Bretagna")
    heard = act(lobby_game, lambda: services.game_start(
        game_id=lobby_game.pk, user=lobby_game.created_by))
    assert "page" in heard["all"]


def test_game_end_reloads_every_page(act, running_game, make_user) -> None:
    heard = act(running_game, lambda: services.game_end(
        game_id=running_game.pk, user=make_user("capo", staff=True)))
    assert heard == {"all": {"page"}}


# --- the setup and the auction -----------------------------------------------------------------


@pytest.fixture
def setup_game(make_user) -> Game:
    """Europa 1700 (drawn setup): it starts with the placements (G13)."""
    anna, bruno = make_user("anna"), make_user("bruno")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name="Europa 1700"),
                                name="Sorteggio", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    return services.game_start(game_id=game.pk, user=anna)


def test_unit_place_rings_the_board_for_everyone(act, setup_game) -> None:
    game = setup_game
    power = pending(state_of(game)).powers[0]
    heard = act(game, lambda: services.unit_place(
        game_id=game.pk, user=user_of(game, power), step=step(game), kind="fleet",
        region="Baltico"))
    assert heard == {"all": GAME_STEP}


@pytest.fixture
def auction_game(lobby_game, make_user) -> Game:
    services.game_join(game_id=lobby_game.pk, user=make_user("bruno"), power="Gran Bretagna")
    services.game_join(game_id=lobby_game.pk, user=make_user("carla"), power="Prussia")
    return services.game_start(game_id=lobby_game.pk, user=lobby_game.created_by)


def propose(game: Game, bid: int = 1) -> tuple[str, str]:
    """The opener proposes the two others at `bid`; returns (opener, the first called)."""
    state = state_of(game)
    opener = state.auction.opener
    others = [p for p in state.seating if p != opener]
    services.auction_propose(game_id=game.pk, user=user_of(game, opener), step=state.step,
                             a=others[0], b=others[1], bid=bid)
    return opener, str(state_of(game).auction.awaited)


def test_auction_propose_rings_the_table_for_everyone(act, auction_game) -> None:
    heard = act(auction_game, lambda: propose(auction_game))
    assert heard == {"all": GAME_STEP}  # the bid paid shows on the opener's panel


def test_auction_raise_rings_the_table_for_everyone(act, auction_game) -> None:
    _opener, caller = propose(auction_game)
    heard = act(auction_game, lambda: services.auction_raise(
        game_id=auction_game.pk, user=user_of(auction_game, caller), step=step(auction_game),
        bid=2))
    assert heard == {"all": GAME_STEP}


def test_auction_pass_rings_the_table_for_everyone(act, auction_game) -> None:
    _opener, caller = propose(auction_game)
    heard = act(auction_game, lambda: services.auction_pass(
        game_id=auction_game.pk, user=user_of(auction_game, caller), step=step(auction_game)))
    assert heard == {"all": GAME_STEP}


# --- a turn's actions and the free actions (running_game: Francia's turn) ---------------------


def test_unit_build_rings_the_board_for_everyone(act, running_game) -> None:
    g = running_game
    heard = act(g, lambda: services.unit_build(
        game_id=g.pk, user=user_of(g, "Francia"), step=step(g), kind="army", region=None))
    assert heard == {"all": GAME_STEP}


def test_units_move_rings_the_board_for_everyone(act, running_game) -> None:
    g = running_game
    heard = act(g, lambda: services.units_move(
        game_id=g.pk, user=user_of(g, "Francia"), step=step(g),
        moves=[("army", "Stati Tedeschi", None)]))
    assert heard == {"all": GAME_STEP}


def test_action_pass_rings_the_turn_for_everyone(act, running_game) -> None:
    g = running_game
    heard = act(g, lambda: services.action_pass(
        game_id=g.pk, user=user_of(g, "Francia"), step=step(g)))
    assert heard == {"all": GAME_STEP}


def test_tile_take_rings_the_board_and_the_market_for_everyone(act, running_game) -> None:
    g = running_game
    heard = act(g, lambda: services.tile_take(
        game_id=g.pk, user=user_of(g, "Francia"), step=step(g), tile="bank"))
    assert heard == {"all": GAME_STEP}  # the market page listens to "board"


def test_tile_play_rings_the_board_for_everyone(act, running_game) -> None:
    g = running_game
    set_power(g, "Francia", tiles=(("war_ministry", 1),))
    heard = act(g, lambda: services.tile_play(
        game_id=g.pk, user=user_of(g, "Francia"), step=step(g), tile="war_ministry"))
    assert heard == {"all": GAME_STEP}


def test_counter_colonise_rings_the_board_for_everyone(act, running_game) -> None:
    g = running_game
    colony = show_counter(g, "Caraibi", kind="population")
    heard = act(g, lambda: services.counter_colonise(
        game_id=g.pk, user=user_of(g, "Francia"), step=step(g), counter=colony.number))
    assert heard == {"all": GAME_STEP}


def test_counter_trade_rings_the_board_for_everyone(act, running_game) -> None:
    g = running_game
    trade = show_counter(g, "Nord America", kind="trade")
    set_pieces(g, "Francia", "Africa", fleets=1)  # G37: a fleet in the trade hub
    heard = act(g, lambda: services.counter_trade(
        game_id=g.pk, user=user_of(g, "Francia"), step=step(g), counter=trade.number))
    assert heard == {"all": GAME_STEP}


def test_gold_tax_rings_the_board_for_everyone(act, running_game) -> None:
    """G41, issue 25: the gold and the unrest of a tax show on every page at once (the tax
    used to be told to its power alone, and the others kept the old gold)."""
    g = running_game
    heard = act(g, lambda: services.gold_tax(
        game_id=g.pk, user=user_of(g, "Francia"), step=step(g), gold=4))
    assert heard == {"all": GAME_STEP}


def test_gold_transfer_rings_the_board_for_everyone(act, running_game) -> None:
    """G43: out of turn too (Prussia gives during Francia's turn)."""
    g = running_game
    heard = act(g, lambda: services.gold_transfer(
        game_id=g.pk, user=user_of(g, "Prussia"), step=step(g), to="Francia", gold=3))
    assert heard == {"all": GAME_STEP}


# --- attacks -----------------------------------------------------------------------------------


def test_attack_declare_rings_the_board_and_the_attack_for_everyone(act, running_game) -> None:
    g = running_game
    heard = act(g, lambda: declare(g, "Gran Bretagna", "Nord America", "Francia"))
    number = Attack.objects.get(game=g).number
    # The 2 gold paid (the panels), the region taken up (the map), the attack list and page.
    assert heard == {"all": GAME_STEP | {"invitations", f"attack-{number}"}}


def test_attack_decide_rings_the_attack_for_everyone(act, running_game) -> None:
    g = running_game
    attack = declare(g, "Gran Bretagna", "Nord America", "Francia")
    heard = act(g, lambda: decide(attack, "Gran Bretagna", "naval", fight=True))
    # A decision that changes nothing on the board leaves it alone (test_live.py).
    assert heard == {"all": {"turn", "log", "invitations", f"attack-{attack.number}"}}


# --- deadlines ---------------------------------------------------------------------------------


def past_deadline(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def test_game_expire_rings_the_default_for_everyone(act, running_game) -> None:
    g = running_game
    past_deadline(g)
    heard = act(g, lambda: services.game_expire(game_id=g.pk))
    # A missed deadline also rings the seats: one may now be handed to the computer.
    assert heard == {"all": GAME_STEP | {"seats"}}


def test_expire_due_rings_the_default_for_everyone(act, running_game) -> None:
    """The server's timer: no request at all, and every page still hears the default."""
    g = running_game
    past_deadline(g)
    heard = act(g, services.expire_due)
    # A missed deadline also rings the seats: one may now be handed to the computer.
    assert heard == {"all": GAME_STEP | {"seats"}}


def test_an_attacks_expired_decision_rings_the_seats_too(act, running_game) -> None:
    """A decision of an attack missed is a deadline missed: the seat tools refresh."""
    g = running_game
    attack = declare(g, "Gran Bretagna", "Nord America", "Francia")
    past_deadline(g)
    heard = act(g, lambda: services.game_expire(game_id=g.pk))
    assert "seats" in heard["all"]
    assert f"attack-{attack.number}" in heard["all"]


# --- staff -------------------------------------------------------------------------------------


def test_seat_correct_rings_the_board_for_everyone(act, running_game, make_user) -> None:
    g = running_game
    prussia = seat_of(g, "Prussia")
    heard = act(g, lambda: services.seat_correct(
        game_id=g.pk, user=make_user("capo", staff=True), seat_id=prussia.pk, gold=3, vp=1))
    assert heard == {"all": GAME_STEP}


# --- the computer at the table -----------------------------------------------------------------


def test_seat_bot_add_rings_the_waiting_rooms_seats(act, lobby_game) -> None:
    heard = act(lobby_game, lambda: services.seat_bot_add(
        game_id=lobby_game.pk, user=lobby_game.created_by, power="Spagna", level="principiante"))
    assert heard == {"all": {"seats", "log"}}


def test_seat_bot_remove_rings_the_waiting_rooms_seats(act, lobby_game) -> None:
    seat = services.seat_bot_add(game_id=lobby_game.pk, user=lobby_game.created_by,
                                 power="Spagna", level="principiante")
    heard = act(lobby_game, lambda: services.seat_bot_remove(
        game_id=lobby_game.pk, user=lobby_game.created_by, seat_id=seat.pk))
    assert heard == {"all": {"seats", "log"}}


def test_game_against_computer_rings_a_new_page(act, make_user, scenario) -> None:
    heard = act(None, lambda: services.game_against_computer(
        user=make_user("anna"), scenario=scenario, power="Francia", level="principiante",
        opponents=2))
    assert "page" in heard["all"]


def test_seat_hand_over_rings_the_seats_and_the_board(act, running_game, make_user) -> None:
    g = running_game
    heard = act(g, lambda: services.seat_hand_over(
        game_id=g.pk, user=make_user("capo", staff=True), seat_id=seat_of(g, "Prussia").pk,
        level="principiante"))
    assert heard == {"all": {"seats", "board", "log"}}


def test_seat_take_back_rings_the_seats_and_the_board(act, running_game, make_user) -> None:
    g = running_game
    capo = make_user("capo", staff=True)
    prussia = seat_of(g, "Prussia")
    services.seat_hand_over(game_id=g.pk, user=capo, seat_id=prussia.pk, level="principiante")
    heard = act(g, lambda: services.seat_take_back(game_id=g.pk, user=capo, seat_id=prussia.pk))
    assert heard == {"all": {"seats", "board", "log"}}


# --- negotiation -------------------------------------------------------------------------------


def test_chat_post_alliance_rings_the_alliance_only(act, running_game) -> None:
    g = running_game
    heard = act(g, lambda: services.chat_post_alliance(
        game_id=g.pk, user=user_of(g, "Gran Bretagna"), text="ciao"))
    assert heard == {"alliance-1-2": {"chat-alliance-2"}}


def test_chat_post_private_rings_the_two_players_and_notifies_the_addressee(
    act, running_game
) -> None:
    """The addressee's pages also hear who wrote (a notice on whatever page of the game they
    are); the writer's pages do not notify their own message."""
    g = running_game
    anna, bruno = seat_of(g, "Francia"), seat_of(g, "Gran Bretagna")
    heard = act(g, lambda: services.chat_post_private(
        game_id=g.pk, user=anna.user, recipient_seat_id=bruno.pk, text="psst"))
    assert heard == {
        f"power-{anna.pk}": {f"chat-private-{bruno.pk}", "chat-contacts"},
        f"power-{bruno.pk}": {f"chat-private-{anna.pk}", "chat-contacts",
                              f"chat-notice-{anna.pk}"},
    }


def page_listening(game: Game, power: str, view: str, element: str, part: str):
    """A Django test client logged in as `power`, and the page `view` of the game, after checking
    that its element `element` re-fetches itself when `part` rings."""
    from django.test import Client
    from django.urls import reverse

    client = Client()
    client.force_login(user_of(game, power))
    url = reverse(view, args=[game.pk])
    listening = re.search(rf'<div id="{element}"[^>]*hx-trigger="([^"]*)"',
                          client.get(url).content.decode())
    assert listening is not None and f"live:{part} from:body" in listening.group(1)
    return client, url


def test_attack_declare_and_the_attacks_end_show_on_every_players_attack_list(
    act, running_game, rig  # noqa: F811 (the fixture)
) -> None:
    """The attack list page re-fetches its list when "board" rings, as a declaration and an
    attack's end do (it used to show only what was there when it was opened)."""
    g = running_game
    prussia, url = page_listening(g, "Prussia", "attack_list", "attack-list", "board")
    neutral = show_counter(g, "Nord America", reward="gold")
    rig([2, 2, 1, 2])  # a tie against the neutral: the attack ends at once (N4)
    heard = act(g, lambda: declare(g, "Gran Bretagna", "Nord America", neutral))
    assert "board" in heard["all"]
    listed = prussia.get(url).content.decode()
    assert "Nord America" in listed and "in corso" not in listed


def test_attack_decide_rolls_show_on_every_players_dice_page(
    act, running_game, rig  # noqa: F811 (the fixture)
) -> None:
    """The dice page re-fetches its rolls when "log" rings, as every step that rolls does."""
    g = running_game
    prussia, url = page_listening(g, "Prussia", "dice_check", "dice-rolls", "log")
    attack = declare(g, "Gran Bretagna", "Nord America", "Francia")
    decide(attack, "Gran Bretagna", "naval", fight=True)
    decide(attack, "Francia", "naval", fight=True)
    rig([3, 5, 2, 2, 1, 5, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1])
    heard = act(g, lambda: decide(attack, "Gran Bretagna", "tiles", tiles=0))  # the battles
    assert "log" in heard["all"]
    assert f"attacco n. {attack.number}" in prussia.get(url).content.decode()
