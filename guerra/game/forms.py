from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import Scenario

if TYPE_CHECKING:
    from .services.attacks import Decision


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    pass


class CreateGameForm(forms.Form):
    name = forms.CharField(label=_("Name of the game"), max_length=80)
    scenario = forms.ModelChoiceField(
        label=_("Scenario"), queryset=Scenario.objects.all(), empty_label=None
    )
    power = forms.ChoiceField(label=_("Your power"))
    pace = forms.ChoiceField(
        label=_("Time for each decision"),
        choices=[
            ("live", _("2 minutes (a game played live)")),
            ("slow", _("1 hour")),
            ("mail", _("24 hours (a game by correspondence)")),
        ],
        initial="live",
        required=False,
    )

    def clean_pace(self) -> str:
        return self.cleaned_data.get("pace") or "live"
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


class FirstErrorForm(forms.Form):
    def first_error(self) -> str:
        """The first problem, with the field it concerns, for a one-line refusal."""
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else None
            return f"{label}: {errors[0]}" if label else str(errors[0])
        return str(_("The request is not valid."))


class DeclareForm(FirstErrorForm):
    regione = forms.IntegerField(label=_("Region"), min_value=1)
    obiettivo = forms.CharField(label=_("Target"), max_length=40)
    passo = forms.IntegerField(label=_("Step"), min_value=0, required=False)


class DecisionForm(FirstErrorForm):
    """The forms of the attack page's boxes; which fields count depends on `kind`."""

    kind = forms.ChoiceField(
        label=_("Decision"),
        choices=[("ally", "ally"), ("naval", "naval"), ("tiles", "tiles"), ("loss", "loss")],
    )
    step = forms.IntegerField(label=_("Step"), min_value=0)
    armies = forms.IntegerField(label=_("Armies"), min_value=0, max_value=99, required=False)
    fleets = forms.IntegerField(label=_("Fleets"), min_value=0, max_value=99, required=False)
    tiles = forms.IntegerField(label=_("Alliance tiles"), min_value=0, max_value=99, required=False)
    fight = forms.TypedChoiceField(
        label=_("Naval battle"),
        choices=[("1", "1"), ("0", "0")],
        coerce=lambda v: v == "1",
        required=False,
    )
    loss = forms.ChoiceField(
        label=_("Unit to lose"), choices=[("army", "army"), ("fort", "fort")], required=False
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        needed = {"naval": "fight", "loss": "loss"}.get(data.get("kind", ""))
        if needed and data.get(needed) in (None, ""):
            self.add_error(needed, _("This field is required."))
        return data

    def decision(self) -> Decision:
        from .services.attacks import Decision

        data = self.cleaned_data
        return Decision(
            kind=data["kind"],
            step=data["step"],
            armies=data.get("armies") or 0,
            fleets=data.get("fleets") or 0,
            tiles=data.get("tiles") or 0,
            fight=data.get("fight") is True,
            loss="fort" if data.get("loss") == "fort" else "army",
        )
