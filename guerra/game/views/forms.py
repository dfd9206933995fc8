from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.core.exceptions import ValidationError
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from guerra.game.access import usernames
from guerra.game.models import Scenario
from guerra.game.models.scenario import procedure_choices
from guerra.game.text.parsing import MAX_ID, MAX_STEP, BadInput, clean_text, row_id, whole_number

if TYPE_CHECKING:
    from guerra.game.procedures import Decision


class SignupUsernameField(UsernameField):
    """Django's username field (NFKC, then its validator), refusing first, with their own
    message, the control and invisible characters a reader could not see."""

    def to_python(self, value: Any) -> Any:
        name = super().to_python(value)
        if isinstance(name, str) and usernames.has_control_or_invisible(name):
            raise forms.ValidationError(
                _("A username cannot contain invisible or control characters."),
                code="invisible",
            )
        return name


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    """A new account. Beyond Django's checks (NFKC, letters and digits, no case-insensitive
    duplicate), the name may not be a look-alike of an existing one
    (guerra/game/access/usernames.py)."""

    class Meta(UserCreationForm.Meta):
        field_classes = {"username": SignupUsernameField}
        # Django's Italian text lacks a space after "meno."; ours also says what is refused.
        help_texts = {
            "username": _(
                "Required: at most 150 characters. Letters, digits and @ . + - _ only; not a "
                "look-alike of another player's name."
            )
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Django joins the password rules with no space between them ("personali.La tua"): as
        # text (a screen reader's, a copy, a mail) they ran together. One rule a line.
        rules = password_validation.password_validators_help_texts()
        self.fields["password1"].help_text = format_html(
            "<ul>\n{}\n</ul>", format_html_join("\n", "<li>{}</li>", ((r,) for r in rules))
        )

    def clean_username(self) -> str:
        name = super().clean_username()  # None (whatever the stubs say): a duplicate but for case
        if name and usernames.look_alike_taken(name):
            raise forms.ValidationError(
                _("This username looks too much like another player's: choose another one."),
                code="look_alike",
            )
        return name


def no_control_characters(value: str) -> None:
    try:
        clean_text(value)
    except BadInput as bad:
        raise ValidationError(bad.message, code="control_characters") from None


class TextField(forms.CharField):
    """One line of text: no NUL, no other control character (parsing.clean_text)."""

    default_validators = [no_control_characters]


class NumberField(forms.Field):
    """A whole number of ASCII digits from `low` to `high` (parsing.whole_number); unlike
    forms.IntegerField, "١٢" (Arabic-Indic digits, which `int` reads as 12) is refused too."""

    def __init__(self, *, low: int = 0, high: int = MAX_STEP, **kwargs: Any) -> None:
        self.low, self.high = low, high
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return whole_number(str(value), name=str(self.label), low=self.low, high=self.high)
        except BadInput:
            if self.high >= MAX_ID:  # an id: its range says nothing to a player
                raise ValidationError(_("Enter a whole number."), code="invalid") from None
            raise ValidationError(
                _("Enter a whole number from %(low)d to %(high)d."),
                code="invalid",
                params={"low": self.low, "high": self.high},
            ) from None


class CreateGameForm(forms.Form):
    name = TextField(label=_("Name of the game"), max_length=80)
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
    procedure = forms.ChoiceField(
        label=_("Combat system"), required=False,
        help_text=_("How every attack of the game is fought; the scenario's unless you choose."),
    )
    is_private = forms.BooleanField(
        label=_("Private game (only who has the invite link can join)"), required=False
    )

    # What a change of scenario re-draws the form with (an htmx GET carrying the whole form):
    # everything the player typed or chose, so nothing is lost; the powers follow the scenario.
    KEPT = ("name", "scenario", "power", "pace", "procedure")

    @classmethod
    def redrawn(cls, typed: Mapping[str, str], *, name: str) -> CreateGameForm:
        """The form again, unbound (no errors shown while it is being filled), holding what
        `typed` holds, or `name` and the defaults on a first visit."""
        initial: dict[str, Any] = {"name": name}
        initial.update({key: typed[key] for key in cls.KEPT if key in typed})
        # An unchecked box is not sent: a re-draw (it names the scenario) without it is unchecked.
        initial["is_private"] = typed.get("is_private") == "on"
        return cls(initial=initial)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        scenario = self._chosen_scenario()
        powers = list(scenario.powers.values_list("name", flat=True)) if scenario else []
        self.fields["power"].choices = [(p, p) for p in powers]  # type: ignore[attr-defined]
        # The first choice, the one left as it is, follows the scenario, whichever it becomes.
        own = dict(procedure_choices()).get(scenario.procedure, "") if scenario else ""
        self.fields["procedure"].choices = [  # type: ignore[attr-defined]
            ("", _("%(name)s (the scenario's)") % {"name": own}), *procedure_choices()
        ]

    def clean_pace(self) -> str:
        return self.cleaned_data.get("pace") or "live"

    def clean_procedure(self) -> str:
        """The scenario's combat system unless the creator chose another."""
        chosen = self.cleaned_data.get("procedure")
        scenario = self.cleaned_data.get("scenario") or self._chosen_scenario()
        return str(chosen or (scenario.procedure if scenario is not None else "seed004"))

    def _chosen_scenario(self) -> Scenario | None:
        key = str(
            (self.data.get("scenario") if self.is_bound else self.initial.get("scenario")) or ""
        )
        scenarios = Scenario.objects.all()
        pk = row_id(key)
        chosen = scenarios.filter(pk=pk).first() if pk is not None else None
        return chosen or scenarios.first()


class FirstErrorForm(forms.Form):
    def first_error(self) -> str:
        """The first problem, with the field it concerns, for a one-line refusal."""
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else None
            return f"{label}: {errors[0]}" if label else str(errors[0])
        return str(_("The request is not valid."))


class DeclareForm(FirstErrorForm):
    regione = NumberField(label=_("Region"), low=1, high=MAX_ID)
    obiettivo = TextField(label=_("Target"), max_length=40)
    passo = NumberField(label=_("Step"), required=False)


def _decision_kinds() -> list[tuple[str, str]]:
    from guerra.game.procedures import decision_kinds

    return decision_kinds()


class DecisionForm(FirstErrorForm):
    """The forms of the attack page's boxes, for every combat system: the kind and the step,
    then the fields the procedures' adapters declare, in their words (`FormField`); which
    count depends on `kind` (the procedure's adapter reads them)."""

    kind = forms.ChoiceField(label=_("Decision"), choices=_decision_kinds)
    step = NumberField(label=_("Step"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from guerra.game.procedures import decision_fields

        super().__init__(*args, **kwargs)
        for spec in decision_fields():
            self.fields[spec.name] = forms.ChoiceField(
                label=spec.label, choices=[(c, c) for c in spec.choices], required=False,
            ) if spec.choices else NumberField(label=spec.label, high=spec.high, required=False)

    def clean(self) -> dict[str, Any]:
        from guerra.game.procedures import required_field

        data = super().clean() or {}
        needed = required_field(data.get("kind", ""))
        if needed and data.get(needed) in (None, ""):
            self.add_error(needed, _("This field is required."))
        return data

    def decision(self) -> Decision:
        from guerra.game.procedures import Decision

        data = self.cleaned_data
        values = {name: data.get(name) for name in self.fields if name not in ("kind", "step")}
        return Decision(kind=data["kind"], step=data["step"], **values)
