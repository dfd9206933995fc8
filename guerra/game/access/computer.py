"""Who may hand a seat to the computer and take it back, and which accounts are the computer's.

The computer's accounts, one per seat it may take in a game, have a name with a space, which
no sign-up accepts; no password; and are never active: nobody logs in as the computer.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from guerra.game.models import BotLevel, Game, Seat
from guerra.rules.bots import levels

ACCOUNT = "Computer %d"
MAX_ACCOUNTS = 7
ACCOUNTS = frozenset(ACCOUNT % n for n in range(1, MAX_ACCOUNTS + 1))
# Deadlines a player misses in a row before the creator may hand the seat to the computer.
HAND_OVER_AFTER = 2

User = AbstractBaseUser | AnonymousUser


def is_account(user: AbstractBaseUser) -> bool:
    """Whether the account is one of the computer's."""
    return (not user.is_active and not user.has_usable_password()
            and user.get_username() in ACCOUNTS)


def _staff(user: User) -> bool:
    return bool(getattr(user, "is_staff", False))


def may_hand_over(game: Game, seat: Seat, user: User) -> bool:
    """A player's seat goes to the computer at the player's own word, at staff's, or at the
    creator's once the player has missed HAND_OVER_AFTER deadlines in a row."""
    if seat.bot or is_account(seat.user):
        return False
    if seat.user_id == user.pk or _staff(user):
        return True
    return game.created_by_id == user.pk and seat.missed >= HAND_OVER_AFTER


def may_take_back(game: Game, seat: Seat, user: User) -> bool:
    """A seat handed to the computer goes back to its player: at the player's word, the
    creator's or staff's."""
    if not seat.bot or is_account(seat.user):
        return False
    return user.pk in (seat.user_id, game.created_by_id) or _staff(user)


def offered_levels() -> list[tuple[str, str]]:
    """The levels a seat may be given now, with their Italian names, easiest first."""
    names = dict(BotLevel.choices)
    return [(level, str(names[level])) for level in levels.levels() if level in names]


def default_level() -> str:
    """The level offered first: the Esperto, once there is one."""
    offered = [level for level, _name in offered_levels()]
    return "esperto" if "esperto" in offered else offered[0]
