from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import Scenario, Seat


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    pass


class CreateGameForm(forms.Form):
    name = forms.CharField(label=_("Name of the game"), max_length=80)
    scenario = forms.ModelChoiceField(
        label=_("Scenario"), queryset=Scenario.objects.all(), empty_label=None
    )
    power = forms.ChoiceField(label=_("Your power"))
    is_private = forms.BooleanField(
        label=_("Private game (only who has the invite link can join)"), required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        scenario = self._chosen_scenario()
        powers = list(scenario.powers.values_list("name", flat=True)) if scenario else []
        self.fields["power"].choices = [(p, p) for p in powers]  # type: ignore[attr-defined]

    def _chosen_scenario(self) -> Scenario | None:
        key = str(
            (self.data.get("scenario") if self.is_bound else self.initial.get("scenario")) or ""
        )
        scenarios = Scenario.objects.all()
        chosen = scenarios.filter(pk=int(key)).first() if key.isdigit() else None
        return chosen or scenarios.first()


class StartGameForm(forms.Form):
    """One choice per seat: which of the two alliances of the first war it joins."""

    def __init__(self, *args: Any, seats: list[Seat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        for index, seat in enumerate(seats):
            self.fields[f"side_{seat.pk}"] = forms.TypedChoiceField(
                label=seat.power,
                choices=[(1, _("Alliance 1")), (2, _("Alliance 2"))],
                coerce=int,
                initial=1 + index % 2,
                widget=forms.RadioSelect,
            )

    def sides(self) -> dict[int, int]:
        return {seat.pk: self.cleaned_data[f"side_{seat.pk}"] for seat in self.seats}
