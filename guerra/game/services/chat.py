"""Negotiation: messages to one's alliance or to one other player.

Each message is also an event on the chains of its readers (the alliance's, or each of the two
players' own), so it takes a sequence number and its push can be checked for gaps like any other.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from guerra.game.errors import GameError
from guerra.game.models import (
    MAX_CHAT_LENGTH,
    ChatKind,
    ChatMessage,
    Game,
    GameStatus,
    Seat,
    Visibility,
)
from guerra.game.services.events import EventBatch, log_event
from guerra.game.services.locks import locked_game
from guerra.game.services.retry import retried
from guerra.game.text.parsing import BadInput, clean_text
from guerra.runtime import prepared


def _clean_text(text: str) -> str:
    try:
        text = clean_text(text, multiline=True).strip()
    except BadInput as bad:
        raise GameError(bad.message) from None
    if not text:
        raise GameError(_("Write something before sending."))
    if len(text) > MAX_CHAT_LENGTH:
        raise GameError(
            _("A message can be at most %(max)s characters long (this one has %(n)s).")
            % {"max": MAX_CHAT_LENGTH, "n": len(text)}
        )
    return text


def _running_game_and_seat(game_id: int, user: User | AnonymousUser) -> tuple[Game, Seat]:
    # The game's row first, as every writer takes it (one lock order, no deadlock).
    game = locked_game(game_id)
    seat = (next((s for s in game.table_seats() if s.user_id == user.pk), None)
            if user.is_authenticated else None)
    if seat is None:
        raise GameError(_("Only the players of this game can write here."), status=403)
    if game.status != GameStatus.RUNNING:
        raise GameError(_("The game is not in progress: the chats are closed."), status=409)
    return game, seat


@retried
@transaction.atomic
def chat_post_alliance(*, game_id: int, user: User | AnonymousUser, text: str,
                       war: int | None = None, side: int | None = None) -> ChatMessage:
    """Write to one's own alliance of the current war. The enemy never hears of it. `war` and
    `side`: the alliance the writer's page shows; if the game has moved on since (a war ended,
    new alliances), the words are refused rather than told to whoever the allies are now."""
    game, seat = _running_game_and_seat(game_id, user)
    text = _clean_text(text)
    own_side = game.war_sides().get(seat.pk)
    if war is not None and war != game.current_war:
        raise GameError(
            _("War %(war)s is over: its alliance chat can only be read now.") % {"war": war},
            status=409)
    if own_side is None:
        raise GameError(_("You are in no alliance in this war."), status=403)
    if side is not None and side != own_side:
        raise GameError(_("You can write only in your own alliance's chat."), status=403)
    side = own_side
    (message,) = prepared.insert([ChatMessage(
        game=game, kind=ChatKind.ALLIANCE, war=game.current_war, side=side, sender=seat, text=text
    )])
    log_event(
        game,
        "chat_alliance",
        {"message": message.pk},
        visibility=Visibility.ALLIANCE,
        side=side,
        actor=seat,
    )
    return message


@retried
@transaction.atomic
def chat_post_private(
    *, game_id: int, user: User | AnonymousUser, recipient_seat_id: int, text: str
) -> ChatMessage:
    """Write to one other player of the game; only the two of them (and staff) can read it."""
    game, seat = _running_game_and_seat(game_id, user)
    text = _clean_text(text)
    recipient = game.seats.filter(pk=recipient_seat_id).first()
    if recipient is None:
        raise GameError(_("That player is not in this game."), status=404)
    if recipient.pk == seat.pk:
        raise GameError(_("You cannot write to yourself."))
    (message,) = prepared.insert([ChatMessage(
        game=game,
        kind=ChatKind.PRIVATE,
        war=game.current_war,
        sender=seat,
        recipient=recipient,
        text=text,
    )])
    # One event per reader: each power chain is private to its power.
    log = EventBatch(game)
    for reader, other in ((seat, recipient), (recipient, seat)):
        log.add("chat_private", {"message": message.pk, "with": other.pk},
                visibility=Visibility.POWER, seat=reader, actor=seat)
    log.write()
    return message
