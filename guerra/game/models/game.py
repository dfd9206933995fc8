"""A game in play: the game, its seats and the alliances of each war. Copied from a scenario when
it starts; the board's pieces are in board.py, the event log and score sheets in history.py."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from guerra.game.models.scenario import Scenario, procedure_choices
from guerra.runtime.prepared import Prepared


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class GameStatus(models.TextChoices):
    LOBBY = "lobby", _("waiting for players")
    RUNNING = "running", _("in progress")
    FINISHED = "finished", _("finished")


class Game(models.Model):
    name = models.CharField(_("name"), max_length=80)
    scenario = models.ForeignKey(
        Scenario,
        on_delete=models.SET_NULL,
        null=True,
        related_name="games",
        verbose_name=_("scenario"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="created_games",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    is_private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(
        _("invitation code"), max_length=32, unique=True, default=new_invite_token
    )
    status = models.CharField(
        _("status"),
        max_length=8,
        choices=GameStatus.choices,
        default=GameStatus.LOBBY,
        db_index=True,
    )
    # The rules' state of the whole game (guerra.rules.game.GameState as JSON), from the start:
    # the truth of the game. It holds a copy of the scenario, so editing the scenario never
    # changes a running game; the board's rows below and in the other tables are read models
    # the services rewrite from it in the same transaction.
    rules = models.JSONField(_("rules state"), default=dict, blank=True)
    # The rules state's step: a write guard.
    step = models.PositiveIntegerField(_("step"), default=0)
    phase = models.CharField(_("phase"), max_length=12, blank=True)
    wars = models.PositiveSmallIntegerField(_("wars"), default=0)
    rounds_per_war = models.PositiveSmallIntegerField(_("rounds per war"), default=0)
    control_markers_per_power = models.PositiveSmallIntegerField(
        _("control markers per power"), default=0
    )
    # G34: the combat system of the game's attacks, chosen at creation (the scenario's unless
    # the creator chose another); copied into the rules state when the game starts.
    procedure = models.CharField(_("combat system"), max_length=40, default="seed004",
                                 choices=procedure_choices)
    # Every decision (placement, auction call, action, an ally's answer) has this long.
    deadline_seconds = models.PositiveIntegerField(
        _("time for each decision (seconds)"), default=120
    )
    # When the decision awaited now times out (None: nothing awaited).
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True, db_index=True)
    # When a computer player awaited now answers (None: no computer player is awaited).
    bot_due = models.DateTimeField(_("computer player answers at"), null=True, blank=True,
                                   db_index=True)
    current_war = models.PositiveSmallIntegerField(_("current war"), default=0)
    current_round = models.PositiveSmallIntegerField(_("current round"), default=0)
    # Dice players can trust: the seed stays secret until the game ends, its hash is public.
    dice_seed = models.CharField(_("dice seed"), max_length=64, blank=True)
    dice_seed_hash = models.CharField(_("dice seed hash"), max_length=64, blank=True)
    next_roll = models.PositiveIntegerField(_("next roll number"), default=0)
    last_event_seq = models.PositiveIntegerField(_("last event number"), default=0)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="lobby") | Q(dice_seed=""), name="game_lobby_has_no_seed"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("game_board", args=[self.pk])

    @staticmethod
    def new_seed() -> tuple[str, str]:
        seed = secrets.token_hex(32)
        return seed, hashlib.sha256(bytes.fromhex(seed)).hexdigest()

    @property
    def seed_revealed(self) -> bool:
        return self.status == GameStatus.FINISHED

    @property
    def combat_system(self) -> str:
        """The name of the game's combat system, for the pages."""
        return str(self.get_procedure_display())

    # What a request reads of the table, once per loaded game: the access check, the viewer
    # and the board all need the seats and the war's sides. A writer has its own instance,
    # loaded under the game's lock, and `project` updates its seats in place; a whole
    # `refresh_from_db` reads them again.

    def refresh_from_db(self, using: str | None = None, fields: Any = None,
                        from_queryset: Any = None) -> None:
        """Read again; after a whole refresh, what was read once is read again when asked."""
        if fields is None:
            for memo in ("_table_seats", "_war_sides", "_attacks_under_way"):
                self.__dict__.pop(memo, None)
        super().refresh_from_db(using=using, fields=fields, from_queryset=from_queryset)

    def table_seats(self) -> tuple[Seat, ...]:
        """The seats, with their users, in the order the database keeps them."""
        seats: tuple[Seat, ...] | None = self.__dict__.get("_table_seats")
        if seats is None:
            seats = tuple(_TABLE_SEATS.all(self.pk))
            for seat in seats:
                seat.game = self  # as the game's own `seats` would: no query to come back
            self.__dict__["_table_seats"] = seats
        return seats

    def war_sides(self) -> dict[int, int]:
        """Seat id -> side (1 or 2) in the current war; empty before its auction."""
        sides: dict[int, int] | None = self.__dict__.get("_war_sides")
        if sides is None:
            sides = dict(_WAR_SIDES.all(self.pk, self.current_war))
            self.__dict__["_war_sides"] = sides
        return sides


# Read by nearly every request of a game: compiled once per connection (see prepared.py).
_TABLE_SEATS = Prepared(lambda game: Seat.objects.filter(game_id=game).select_related("user"), int)
_WAR_SIDES = Prepared(
    lambda game, war: AllianceMembership.objects.filter(game_id=game, war=war)
    .values_list("seat_id", "side"),
    int, int,
)


class BotLevel(models.TextChoices):
    """The computer players (guerra.rules.bots.levels), easiest first."""

    NOVICE = "principiante", _("Beginner")
    EXPERT = "esperto", _("Expert")
    STRATEGIST = "stratega", _("Strategist")


class Seat(models.Model):
    """A user playing one power in one game; or the computer, on a seat of its own (its user
    one of the computer's accounts) or on a player's seat handed to it while they are away."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="seats", verbose_name=_("game")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="seats",
        verbose_name=_("user"),
    )
    power = models.CharField(_("power"), max_length=60)
    colour = models.CharField(_("colour"), max_length=7)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    turn_position = models.PositiveSmallIntegerField(
        _("place in the turn order"), null=True, blank=True
    )
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)
    gold = models.IntegerField(_("gold"), default=0)
    population = models.IntegerField(_("population"), default=0)
    unrest = models.IntegerField(_("unrest"), default=0)
    vp = models.IntegerField(_("victory points"), default=0)
    # The level of the computer player who plays this seat now ("": its player).
    bot = models.CharField(_("computer player"), max_length=12, blank=True, default="",
                           choices=BotLevel.choices)
    # Deadlines passed in a row with this seat awaited (its answer a default).
    missed = models.PositiveSmallIntegerField(_("deadlines missed in a row"), default=0)

    class Meta:
        ordering = ["order", "pk"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "power"], name="seat_one_per_power"),
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_user"),
            models.CheckConstraint(condition=Q(gold__gte=0), name="seat_gold_not_negative"),
            models.CheckConstraint(
                condition=Q(population__gte=0), name="seat_population_not_negative"
            ),
            models.CheckConstraint(condition=Q(unrest__gte=0), name="seat_unrest_not_negative"),
            models.CheckConstraint(condition=Q(vp__gte=0), name="seat_vp_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.power} ({self.user})"


class AllianceMembership(models.Model):
    """Which of the two alliances a seat belongs to in one war (1 = A, 2 = B), and its slot in
    the alliance table, which is also its place in the war's turn order (G21)."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("game")
    )
    war = models.PositiveSmallIntegerField(_("war"))
    seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("seat")
    )
    side = models.PositiveSmallIntegerField(_("alliance"), choices=[(1, "1"), (2, "2")])
    slot = models.PositiveSmallIntegerField(_("place in the alliance table"), null=True, blank=True)

    class Meta:
        verbose_name = _("alliance membership")
        verbose_name_plural = _("alliance memberships")
        constraints = [
            models.UniqueConstraint(fields=["game", "war", "seat"], name="membership_one_per_war"),
            models.CheckConstraint(condition=Q(side__in=[1, 2]), name="membership_side_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"{self.seat_id} → {self.side}"
