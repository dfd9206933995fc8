"""Computer players through the services: seated before the start, answering as a person does
(the same service, lock and step guard), a player's seat handed over and given back, a failing
or refused choice replaced by the decision's default."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from guerra.game import services
from guerra.game.models import Game, GameEvent, GameStatus, Scenario, Seat
from guerra.game.services import bots
from guerra.game.services.play import expire_due
from guerra.rules.game.machine import pending
from tests.game.play_helpers import seat_of, state_of

QUICK = "Europa 1700 — partenza rapida"


def bot_game(make_user, *, powers=("Spagna", "Austria", "Prussia"), level="principiante",
             scenario=QUICK) -> Game:
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=scenario),
                                name="Contro il computer", is_private=False, power="Francia")
    for power in powers:
        bots.seat_bot_add(game_id=game.pk, user=anna, power=power, level=level)
    return services.game_start(game_id=game.pk, user=anna)


def awaited(game: Game) -> tuple[str, ...]:
    return pending(state_of(game)).powers


def test_a_computer_player_sits_on_an_account_of_its_own_that_nobody_logs_in_as(make_user):
    game = bot_game(make_user)
    seats = {seat.power: seat for seat in Seat.objects.filter(game=game).select_related("user")}
    assert seats["Spagna"].bot == "principiante"
    assert seats["Francia"].bot == ""
    accounts = [seats[p].user for p in ("Spagna", "Austria", "Prussia")]
    assert len({a.pk for a in accounts}) == 3
    assert all(bots.is_account(a) and not a.is_active and not a.has_usable_password()
               for a in accounts)
    assert not bots.is_account(seats["Francia"].user)


def test_only_the_creator_seats_the_computer_and_only_at_a_free_power(make_user):
    anna, bruno = make_user("anna"), make_user("bruno")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK),
                                name="Prova", is_private=False, power="Francia")
    with pytest.raises(services.GameError) as refused:
        bots.seat_bot_add(game_id=game.pk, user=bruno, power="Spagna", level="principiante")
    assert refused.value.status == 403
    with pytest.raises(services.GameError) as taken:
        bots.seat_bot_add(game_id=game.pk, user=anna, power="Francia", level="principiante")
    assert taken.value.status == 409
    with pytest.raises(services.GameError) as level:
        bots.seat_bot_add(game_id=game.pk, user=anna, power="Spagna", level="genio")
    assert "livello" in level.value.message
    assert Seat.objects.filter(game=game).count() == 1


def test_the_creator_takes_a_computer_player_away_before_the_start(make_user):
    anna = make_user("anna")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK),
                                name="Prova", is_private=False, power="Francia")
    seat = bots.seat_bot_add(game_id=game.pk, user=anna, power="Spagna", level="principiante")
    own = seat_of(game, "Francia")
    with pytest.raises(services.GameError):
        bots.seat_bot_remove(game_id=game.pk, user=anna, seat_id=own.pk)  # a person's seat
    bots.seat_bot_remove(game_id=game.pk, user=anna, seat_id=seat.pk)
    assert list(Seat.objects.filter(game=game).values_list("power", flat=True)) == ["Francia"]


def test_computer_players_answer_until_a_person_is_awaited(make_user):
    game = bot_game(make_user)
    made = bots.play_until_people(game.pk)
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    assert awaited(game) == ("Francia",) or made == 0
    assert game.bot_due is None
    # Every step the computer made is in the log as its seat's, like a person's.
    actors = set(GameEvent.objects.filter(game=game, kind="game_step")
                 .values_list("actor__power", flat=True))
    assert actors & {"Spagna", "Austria", "Prussia"} or made == 0


def test_a_whole_game_of_one_person_and_three_computer_players_reaches_its_standings(make_user):
    game = bot_game(make_user)
    anna = seat_of(game, "Francia").user
    for _turn in range(2000):
        bots.play_until_people(game.pk)
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        # The person lets each decision's deadline pass: its default answers.
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert expire_due(game_id=game.pk) == 1
    assert game.status == GameStatus.FINISHED
    assert len(state_of(game).standings) == 4
    assert anna is not None


def let_deadline_pass(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert expire_due(game_id=game.pk) == 1
    game.refresh_from_db()


def test_a_computer_player_is_due_after_the_delay_and_not_before(make_user, settings):
    settings.GUERRA_BOT_DELAY = 30
    game = bot_game(make_user, powers=("Spagna",))
    while awaited(game) != ("Spagna",):
        let_deadline_pass(game)
    assert game.bot_due is not None
    assert 29 <= (game.bot_due - timezone.now()).total_seconds() <= 30
    step = state_of(game).step
    assert bots.answer_due(now=game.bot_due - timedelta(seconds=1)) == 0
    assert state_of(game).step == step
    assert bots.answer_due(now=game.bot_due) == 1
    assert state_of(game).step > step


def test_a_person_cannot_play_a_seat_the_computer_holds(make_user):
    game = bot_game(make_user, powers=("Spagna",))
    spagna = seat_of(game, "Spagna")
    state = state_of(game)
    with pytest.raises(services.GameError) as refused:
        services.unit_place(game_id=game.pk, user=spagna.user, step=state.step, kind="army",
                            region=None)
    assert refused.value.status == 409
    assert state_of(game).step == state.step


def test_the_creator_hands_over_a_seat_only_after_two_deadlines_missed_in_a_row(make_user):
    anna, bruno = make_user("anna"), make_user("bruno")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK),
                                name="Assenze", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    game = services.game_start(game_id=game.pk, user=anna)
    spagna = seat_of(game, "Spagna")
    with pytest.raises(services.GameError) as early:
        bots.seat_hand_over(game_id=game.pk, user=anna, seat_id=spagna.pk, level="principiante")
    assert early.value.status == 403
    while Seat.objects.get(pk=spagna.pk).missed < 2:
        let_deadline_pass(game)
    bots.seat_hand_over(game_id=game.pk, user=anna, seat_id=spagna.pk, level="principiante")
    spagna.refresh_from_db()
    assert (spagna.bot, spagna.missed) == ("principiante", 0)
    assert GameEvent.objects.filter(game=game, kind="seat_to_bot").count() == 1
    # The computer now answers for Spagna whenever the game waits for it.
    while awaited(game) != ("Spagna",):
        let_deadline_pass(game)
    step = state_of(game).step
    assert bots.play_until_people(game.pk) >= 1
    assert state_of(game).step > step
    # Bruno is back: his seat is his again, his own inputs count.
    bots.seat_take_back(game_id=game.pk, user=bruno, seat_id=spagna.pk)
    spagna.refresh_from_db()
    assert spagna.bot == ""
    assert GameEvent.objects.filter(game=game, kind="seat_from_bot").count() == 1


def test_a_player_who_answers_again_has_missed_no_deadline(make_user):
    anna, bruno = make_user("anna"), make_user("bruno")
    game = services.game_create(user=anna, scenario=Scenario.objects.get(name=QUICK),
                                name="Ritorno", is_private=False, power="Francia")
    services.game_join(game_id=game.pk, user=bruno, power="Spagna")
    game = services.game_start(game_id=game.pk, user=anna)
    while awaited(game) != ("Spagna",):
        let_deadline_pass(game)
    let_deadline_pass(game)
    while awaited(game) != ("Spagna",):
        let_deadline_pass(game)
    assert seat_of(game, "Spagna").missed >= 1
    state = state_of(game)
    if state.phase == "rounds":
        services.action_pass(game_id=game.pk, user=bruno, step=state.step)
    elif state.auction is not None and state.auction.proposal is not None:
        services.auction_pass(game_id=game.pk, user=bruno, step=state.step)
    else:
        assert state.auction is not None
        a, b = state.auction.unplaced[:2]
        services.auction_propose(game_id=game.pk, user=bruno, step=state.step, a=a, b=b, bid=0)
    assert seat_of(game, "Spagna").missed == 0


def test_a_failing_computer_player_answers_with_the_default_and_is_logged(make_user,
                                                                          monkeypatch, caplog):
    game = bot_game(make_user, powers=("Spagna",))
    while awaited(game) != ("Spagna",):
        let_deadline_pass(game)

    def broken(level, seed):
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(bots.levels, "make", broken)
    step = state_of(game).step
    assert bots.answer(game_id=game.pk, now=timezone.now() + timedelta(seconds=5)) == 1
    assert state_of(game).step > step
    assert "failed" in caplog.text and "Spagna" in caplog.text


def test_a_choice_the_rules_refuse_is_replaced_by_the_default(make_user, monkeypatch, caplog):
    game = bot_game(make_user, powers=("Spagna",))
    while awaited(game) != ("Spagna",):
        let_deadline_pass(game)

    class Wrong:
        def choose(self, state, power):
            return "not an input"

    monkeypatch.setattr(bots.levels, "make", lambda level, seed: Wrong())
    step = state_of(game).step
    assert bots.answer(game_id=game.pk, now=timezone.now() + timedelta(seconds=5)) == 1
    assert state_of(game).step > step
    assert "refused" in caplog.text


def test_a_computer_players_late_choice_is_refused_by_the_step_guard(make_user, monkeypatch):
    """The computer and the deadline race for one decision: the deadline's default lands
    first, the computer's choice, made for the old step, changes nothing."""
    game = bot_game(make_user, powers=("Spagna",))
    while awaited(game) != ("Spagna",):
        let_deadline_pass(game)
    chosen = bots.choose

    def slow(game_row, seat, state):
        choice = chosen(game_row, seat, state)
        let_deadline_pass(game)  # meanwhile, the deadline passes and its default applies
        return choice

    monkeypatch.setattr(bots, "choose", slow)
    step = state_of(game).step
    assert bots.answer(game_id=game.pk, now=timezone.now() + timedelta(seconds=5)) == 0
    assert state_of(game).step == step + 1  # the default's step alone


def test_a_stratega_seat_answers_thinking_as_long_as_the_setting_says(make_user, settings,
                                                                       monkeypatch, caplog):
    settings.GUERRA_STRATEGA_BUDGET = 0.05
    made = []
    make = bots.levels.make

    def kept(level, seed, budget=None):
        made.append(make(level, seed, budget=budget))
        return made[-1]

    monkeypatch.setattr(bots.levels, "make", kept)
    game = bot_game(make_user, level="stratega")
    while awaited(game) == ("Francia",):  # the seating may put the person first
        let_deadline_pass(game)
    assert bots.play_until_people(game.pk) > 0
    game.refresh_from_db()
    assert awaited(game) == ("Francia",)
    assert made and {bot.budget for bot in made} == {0.05}
    assert {type(bot).__name__ for bot in made} == {"Stratega"}
    assert "failed" not in caplog.text and "refused" not in caplog.text
