"""The page "Notifiche": a player's e-mail notices on or off by kind, a daily summary instead,
the address that gets them (confirmed by a link sent to it); and the two links of the e-mails,
which need no login: the address's confirmation and the one-click unsubscribe."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from guerra.game.access import ratelimits
from guerra.game.access.mail_tokens import confirmed_address, unsubscribed_user
from guerra.game.errors import GameError
from guerra.game.read.notices import prefs_for
from guerra.game.services.notice_prefs import (
    notices_address_ask,
    notices_address_confirm,
    notices_save,
    notices_unsubscribe,
)
from guerra.game.views.accounts import PlayerRequest
from guerra.game.views.errors import error_response
from guerra.game.views.notice_forms import SWITCHES, AddressForm, NoticeSwitchesForm

# Links asked for a new address, per player and hour: each sends a message to the address typed.
CONFIRMATIONS = ratelimits.Limit("confirm-address", 5, 3600)


def _page(request: PlayerRequest, switches: NoticeSwitchesForm | None = None,
          address: AddressForm | None = None, status: int = 200) -> HttpResponse:
    prefs = prefs_for(request.user.pk)
    context = {"prefs": prefs, "switches": switches or NoticeSwitchesForm.of(prefs),
               "address_form": address or AddressForm()}
    return render(request, "game/notices.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def notices(request: PlayerRequest) -> HttpResponse:
    if request.method == "GET":
        return _page(request)
    form = NoticeSwitchesForm(request.POST)
    if not form.is_valid():
        return _page(request, switches=form, status=400)
    notices_save(user=request.user, switches={name: form.cleaned_data[name] for name in SWITCHES})
    messages.success(request, _("Your notice preferences are saved."))
    return redirect("notices")


@login_required
@require_POST
def notices_address(request: PlayerRequest) -> HttpResponse:
    form = AddressForm(request.POST)
    if not form.is_valid():
        return _page(request, address=form, status=400)
    wait = ratelimits.hit(CONFIRMATIONS, request.user.pk)
    if wait is not None:
        form.add_error("address", _("Too many confirmation links asked for: try again in "
                                    "%(wait)s.") % {"wait": ratelimits.wait_text(wait)})
        return _page(request, address=form, status=ratelimits.TOO_MANY_REQUESTS)
    address = form.cleaned_data["address"]
    notices_address_ask(user=request.user, address=address)
    messages.success(request, _("We have sent a link to %(address)s: follow it to confirm the "
                                "address.") % {"address": address})
    return redirect("notices")


def notices_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link sent to a new address (no login needed: the token names the player)."""
    found = confirmed_address(token)
    if found is None:
        return _bad_link(request, _("This confirmation link is not valid or has expired: ask "
                                    "for a new one on the page Notifiche."))
    user_id, address = found
    try:
        notices_address_confirm(user_id=user_id, address=address)
    except GameError as error:
        return error_response(request, error)
    return render(request, "game/notices_done.html", {
        "title": _("Address confirmed"),
        "text": _("Your notices will be sent to %(address)s.") % {"address": address}})


@csrf_exempt  # the token is the proof; mail programs post here in one click (RFC 8058)
@require_http_methods(["GET", "POST"])
def notices_unsubscribe_view(request: HttpRequest, token: str) -> HttpResponse:
    """GET: a page with one button; POST (that button, or the mail program's own): every
    e-mail notice off."""
    user_id = unsubscribed_user(token)
    if user_id is None:
        return _bad_link(request, _("This unsubscribe link is not valid: turn the notices off "
                                    "on the page Notifiche."))
    if request.method == "GET":
        return render(request, "game/notices_unsubscribe.html", {"token": token})
    try:
        notices_unsubscribe(user_id=user_id)
    except GameError as error:
        return error_response(request, error)
    return render(request, "game/notices_done.html", {
        "title": _("Unsubscribed"),
        "text": _("You will get no more e-mail notices. You can turn them on again on the page "
                  "Notifiche.")})


def _bad_link(request: HttpRequest, message: str) -> HttpResponse:
    return error_response(request, GameError(message, status=400))
