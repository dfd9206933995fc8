"""Accounts: signing up (logging in and out are Django's own views), and the request of a
logged-in player that the other views receive."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django_htmx.middleware import HtmxDetails

from guerra.game.access import ratelimits
from guerra.game.views.forms import SignupForm


class PlayerRequest(HttpRequest):
    """A request past @login_required, with django-htmx's details."""

    user: User
    htmx: HtmxDetails


def signup(request: HttpRequest) -> HttpResponse:
    """A new account, at most GUERRA_SIGNUPS_PER_HOUR from one address (429 past it)."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        wait = ratelimits.hit(ratelimits.signup_limit(), ratelimits.client_address(request))
        if wait is not None:
            context = {"form": form, "refusal": ratelimits.signup_refusal(wait)}
            return ratelimits.too_many(request, "registration/signup.html", context, wait)
        user = form.save()
        login(request, user, backend="guerra.game.access.auth_backend.ModelBackend")
        messages.success(request, _("Welcome, %(name)s!") % {"name": user.get_username()})
        return redirect("lobby")
    return render(
        request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200
    )
