"""The signed tokens of the links in e-mails (django.core.signing, with the site's SECRET_KEY):
the one-click unsubscribe of every notice, and the confirmation of a new address. Each kind has
a salt of its own, so one kind of token is never taken for the other."""

from __future__ import annotations

from django.core import signing

UNSUBSCRIBE_SALT = "guerra.notices.unsubscribe"
CONFIRM_SALT = "guerra.notices.confirm-address"
# A confirmation link works for three days.
CONFIRM_MAX_AGE = 3 * 24 * 3600


def unsubscribe_token(user_id: int) -> str:
    return signing.dumps({"u": user_id}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribed_user(token: str) -> int | None:
    """The user an unsubscribe token names; None for a bad or forged one."""
    data = _loads(token, UNSUBSCRIBE_SALT, None)
    user = data.get("u") if isinstance(data, dict) else None
    return user if isinstance(user, int) and not isinstance(user, bool) else None


def confirm_token(user_id: int, address: str) -> str:
    return signing.dumps({"u": user_id, "a": address}, salt=CONFIRM_SALT, compress=True)


def confirmed_address(token: str) -> tuple[int, str] | None:
    """(user, address) of a confirmation token; None for a bad, forged or expired one."""
    data = _loads(token, CONFIRM_SALT, CONFIRM_MAX_AGE)
    if not isinstance(data, dict):
        return None
    user, address = data.get("u"), data.get("a")
    if not isinstance(user, int) or isinstance(user, bool) or not isinstance(address, str):
        return None
    return user, address


def _loads(token: str, salt: str, max_age: int | None) -> object:
    if len(token) > 500:
        return None
    try:
        return signing.loads(token, salt=salt, max_age=max_age)
    except (signing.BadSignature, ValueError, UnicodeError):
        return None
