"""Limits on abuse: sign-ups per address, new games per player, chat lines per player and game,
and the page a player sees when django-axes locks the login out.

Sign-ups, games and chat lines are counted here, on Django's cache, rather than with
django-ratelimit, because:
- a refusal must be HTTP 429 with an Italian line that says how long to wait; django-ratelimit
  raises `Ratelimited` (a 403 `PermissionDenied`) and leaves the answer to a middleware or a
  `RATELIMIT_VIEW` of our own, which would be the same code as here;
- the chat's key is the player *and the game*, known only once the view has loaded the game,
  while django-ratelimit's decorator keys on the request alone;
- what it would add is a fixed-window counter on the cache (`add` then `incr`): the same few
  lines, without one more dependency to keep current (its last release is from 2023).
The counters live in the `default` cache: memory of the one process on a laptop, Redis (shared
by every process) when REDIS_URL is set. A window is fixed (the clock's minute or hour), so a
burst across its edge may reach twice the limit for a moment: generous limits make that harmless.
Refused attempts are not counted, so a player who waits the time said can act again.

Logins are django-axes' (settings AXES_*), in the database: per account and address together,
so that nobody can lock another player out, and per address (LoginAttempts below).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import wraps
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

TOO_MANY_REQUESTS = 429


@dataclass(frozen=True)
class Limit:
    """At most `count` actions of one kind per key in `seconds`; a count of 0 means no limit."""

    name: str
    count: int
    seconds: int


def signup_limit() -> Limit:
    return Limit("signup", settings.GUERRA_SIGNUPS_PER_HOUR, 3600)


def game_create_limit() -> Limit:
    return Limit("game", settings.GUERRA_GAMES_PER_HOUR, 3600)


def chat_limit() -> Limit:
    return Limit("chat", settings.GUERRA_CHAT_LINES_PER_MINUTE, 60)


def client_address(request: HttpRequest) -> str:
    """The player's address: REMOTE_ADDR, or, behind GUERRA_TRUSTED_PROXIES reverse proxies, the
    address the outermost of them saw (X-Forwarded-For read from the right, so a client cannot
    choose it by sending the header itself). Also django-axes' AXES_CLIENT_IP_CALLABLE."""
    proxies = settings.GUERRA_TRUSTED_PROXIES
    if proxies > 0:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if len(forwarded) >= proxies:
            return str(forwarded[-proxies])
    return str(request.META.get("REMOTE_ADDR") or "")


# The longest username there is (Django's): a longer name in a login names no account.
MAX_LOGIN_NAME = 150


def login_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str:
    """The name a login attempt is counted under (django-axes' AXES_USERNAME_CALLABLE): what the
    form sent, cut to the longest username and without control characters. Axes stores it in a
    column of 255 characters, which a 5,000-character name overflowed (a 500 on PostgreSQL)."""
    raw = (credentials or {}).get("username")
    if raw is None and request is not None:
        raw = request.POST.get("username", "")
    text = "".join(ch for ch in str(raw or "") if ch.isprintable())
    return text[:MAX_LOGIN_NAME]


def clock() -> float:
    """The limits' clock (a test holds it still within one window)."""
    return time.time()


def hit(limit: Limit, key: object) -> int | None:
    """Count one action for `key`. None when it is allowed; otherwise the seconds to wait (the
    refused action is not counted)."""
    if limit.count <= 0:
        return None
    now = clock()
    window = int(now // limit.seconds)
    cache_key = f"guerra:limit:{limit.name}:{key}:{window}"
    if cache.add(cache_key, 1, timeout=limit.seconds + 5):
        count = 1
    else:
        try:
            count = cache.incr(cache_key)
        except ValueError:  # expired between add and incr: a new window
            cache.set(cache_key, 1, timeout=limit.seconds + 5)
            count = 1
    if count <= limit.count:
        return None
    with contextlib.suppress(ValueError):  # the window ended meanwhile
        cache.decr(cache_key)
    return max(1, math.ceil((window + 1) * limit.seconds - now))


def wait_text(seconds: int) -> str:
    """'45 secondi', '1 minuto', '15 minuti': how long to wait, in whole units rounded up."""
    if seconds < 60:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}


def too_many(
    request: HttpRequest, template: str, context: dict[str, Any], wait: int
) -> HttpResponse:
    """A page (or htmx part) refused with 429 and the Retry-After header."""
    response = render(request, template, context, status=TOO_MANY_REQUESTS)
    response["Retry-After"] = str(wait)
    return response


def signup_refusal(wait: int) -> str:
    return _("Too many accounts created from this address: try again in %(wait)s.") % {
        "wait": wait_text(wait)
    }


def game_create_refusal(wait: int) -> str:
    return _("You have created too many games: try again in %(wait)s.") % {"wait": wait_text(wait)}


def chat_refusal(wait: int) -> str:
    return _("You are writing too fast: try again in %(wait)s.") % {"wait": wait_text(wait)}


def chat_rate_limited(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """For a chat view under `for_the_table` (called with the request and the game): a POST past
    GUERRA_CHAT_LINES_PER_MINUTE lines of this player in this game is refused with 429, shown in
    the chat form's error box like any other refusal."""

    @wraps(view)
    def limited(request: HttpRequest, game: Any, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST":
            wait = hit(chat_limit(), f"{request.user.pk}:{game.pk}")
            if wait is not None:
                htmx = getattr(request, "htmx", False)
                template = "game/error.html#message" if htmx else "game/error.html"
                return too_many(request, template, {"message": chat_refusal(wait)}, wait)
        return view(request, game, *args, **kwargs)

    return limited


# Logins: django-axes counts the failures (per account *and* address, AXES_LOCKOUT_PARAMETERS);
# LoginAttempts adds the limit per address across accounts; login_locked_out answers a lockout.


def cool_off() -> timedelta:
    value = settings.AXES_COOLOFF_TIME
    return value if isinstance(value, timedelta) else timedelta(hours=float(value))


def address_failures(address: str) -> int:
    """The failed logins from this address on any accounts within the cool-off."""
    from axes.models import AccessAttempt

    recent = AccessAttempt.objects.filter(
        ip_address=address, attempt_time__gte=timezone.now() - cool_off()
    )
    return int(recent.aggregate(total=Sum("failures_since_start"))["total"] or 0)


def address_locked(address: str) -> bool:
    limit = settings.GUERRA_LOGIN_FAILURES_PER_ADDRESS
    return bool(address) and limit > 0 and address_failures(address) >= limit


class LoginAttempts(AxesDatabaseHandler):  # type: ignore[misc]  # axes has no type hints
    """django-axes' database handler (AXES_HANDLER), with one more limit. Axes counts under one
    limit per set of parameters; locking the pair of account and address alone would let one
    address try a few passwords on every account, and adding the address alone to the
    parameters, under the same limit, would lock it before any pair. So an address past
    GUERRA_LOGIN_FAILURES_PER_ADDRESS failures counts as past the pairs' limit."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        pair = int(super().get_failures(request, credentials))
        if address_locked(getattr(request, "axes_ip_address", "") or ""):
            return max(pair, int(get_failure_limit(request, credentials)))
        return pair


def login_wait(request: HttpRequest, username: str) -> int:
    """Seconds until the lockout of this account from this address, or of the whole address,
    ends: the cool-off from the latest failure that counts against it (at most the whole
    cool-off)."""
    from axes.models import AccessAttempt

    address = client_address(request)
    counted = AccessAttempt.objects.filter(ip_address=address)
    if not address_locked(address):
        counted = counted.filter(username=username)
    latest = counted.aggregate(latest=Max("attempt_time"))["latest"]
    if latest is None:
        return math.ceil(cool_off().total_seconds())
    left = (latest + cool_off() - timezone.now()).total_seconds()
    return int(max(1, min(math.ceil(left), math.ceil(cool_off().total_seconds()))))


def login_locked_out(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """The login page again, with the Italian lockout line and status 429. (django-axes calls it
    with the request and, depending on the path, the original response and the credentials.)"""
    username = login_username(request, None)  # the name axes counted the failures under
    wait = login_wait(request, username)
    form = AuthenticationForm(request, initial={"username": username})
    message = _("Too many login attempts: try again in %(wait)s.") % {"wait": wait_text(wait)}
    context = {
        "form": form,
        "locked_out": message,
        "next": request.POST.get("next") or request.GET.get("next", ""),
    }
    return too_many(request, "registration/login.html", context, wait)
