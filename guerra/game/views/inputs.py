"""The small forms that read the POSTs of a game's pages: the phases' decisions (setup, auction,
turn), one for each POST of views/play.py; a seat taken in the waiting room.

As every form of the views (forms.py), a field reads its value with text/parsing.py, and a
value the page could not have sent is refused by the form: the view answers with the first
problem in Italian and a 400, and changes nothing. The field names are those the pages post.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from guerra.game.models import Game, Region, Seat
from guerra.game.read.phases import parse_place
from guerra.game.text.parsing import row_id
from guerra.game.views.forms import FirstErrorForm, NumberField, TextField, no_control_characters

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

UNIT_KINDS = ("army", "fleet", "fort")
MOBILE_KINDS = ("army", "fleet")


def one_of(values: tuple[str, ...], message: StrOrPromise) -> forms.ChoiceField:
    """A field holding one of `values`; missing or anything else is refused with `message`."""
    return forms.ChoiceField(
        choices=[(v, v) for v in values],
        error_messages={"required": message, "invalid_choice": message},
    )


class PhaseForm(FirstErrorForm):
    """A decision taken at step `passo` of `game`; the other fields name its regions (by id, or
    the home) and its seats (by id)."""

    passo = NumberField(label=_("Step"))

    def __init__(self, data: QueryDict, *, game: Game, regions: dict[int, Region]) -> None:
        super().__init__(data)
        self.game, self.regions = game, regions

    def place(self, value: str) -> str | None:
        """A region's name, or None for the home."""
        try:
            return parse_place(value, self.regions)
        except ValueError:
            raise ValidationError(_("Choose a place on the map.")) from None

    def seat_name(self, value: str) -> str | None:
        """The power of one of the game's seats; None when left blank."""
        if value == "":
            return None
        pk = row_id(value)
        seat = self.game.seats.filter(pk=pk).first() if pk is not None else None
        if seat is None:
            raise ValidationError(_("Choose powers of this game."))
        return seat.power


class PlaceForm(PhaseForm):
    """G13: a unit placed in the setup."""

    tipo = one_of(UNIT_KINDS, _("Choose an army, a fleet or a fort."))
    luogo = TextField(required=False)

    def clean_luogo(self) -> str | None:
        return self.place(self.cleaned_data["luogo"])


class BidForm(PhaseForm):
    """G24: a raise of the bid on the table."""

    offerta = NumberField(label=_("Bid"), high=999)


class ProposeForm(BidForm):
    """G22-G24: a pair of powers (`a`, `b`), or the single last power (`sola`) and the alliance
    it joins (`lato`), with a bid. After cleaning, `a` and `b` are the two alliances' powers."""

    a = TextField(required=False)
    b = TextField(required=False)
    sola = TextField(required=False)
    lato = TextField(required=False)

    def clean_a(self) -> str | None:
        return self.seat_name(self.cleaned_data["a"])

    def clean_b(self) -> str | None:
        return self.seat_name(self.cleaned_data["b"])

    def clean_sola(self) -> str | None:
        return self.seat_name(self.cleaned_data["sola"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("sola"):
            if data.get("lato") not in ("A", "B"):
                raise ValidationError(_("Choose the alliance it joins."))
            power = data["sola"]
            data["a"], data["b"] = (power, None) if data["lato"] == "A" else (None, power)
        return data


class BuildForm(PhaseForm):
    """G30: `costruzione` is kind@place, and kind@place@oro for Mercenaries; cleaned, it is
    (kind, place, paid in gold)."""

    costruzione = TextField(required=False)

    def clean_costruzione(self) -> tuple[str, str | None, bool]:
        parts = self.cleaned_data["costruzione"].split("@")
        if len(parts) not in (2, 3) or parts[2:] not in ([], ["oro"]):
            raise ValidationError(_("Choose what to build."))
        if parts[0] not in UNIT_KINDS:
            raise ValidationError(_("Choose an army, a fleet or a fort."))
        return parts[0], self.place(parts[1]), parts[2:] == ["oro"]


class MoveForm(PhaseForm):
    """G31: up to three `unita` values, each kind@from>to; cleaned, (kind, from, to) each."""

    unita = forms.Field(widget=forms.MultipleHiddenInput, required=False)

    def clean_unita(self) -> list[tuple[str, str | None, str | None]]:
        moves = []
        for raw in self.cleaned_data["unita"] or []:
            if not raw:
                continue
            no_control_characters(raw)
            kind, _at, route = raw.partition("@")
            source, arrow, target = route.partition(">")
            if not arrow or kind not in MOBILE_KINDS:
                raise ValidationError(_("Choose the units to move."))
            moves.append((kind, self.place(source), self.place(target)))
        if not moves or len(moves) > 3:
            raise ValidationError(_("Choose from one to three units to move."))
        return moves


class TileForm(PhaseForm):
    """G38, G40: `tessera` is a tile key of the market (the service says if it is not)."""

    tessera = TextField(max_length=60, required=False)


class CounterForm(PhaseForm):
    """G36, G37: `pedina` is the number of a counter on the map."""

    pedina = NumberField(label=_("Counter"))


class TaxForm(PhaseForm):
    """G41: the gold raised by taxation."""

    oro = NumberField(label=_("Gold"), low=1, high=99)


class TransferForm(PhaseForm):
    """G43: gold given to the power of seat `a`."""

    a = TextField(required=False)
    oro = NumberField(label=_("Gold"), low=1, high=999)

    def clean_a(self) -> str:
        power = self.seat_name(self.cleaned_data["a"])
        if power is None:
            raise ValidationError(_("Choose the power that receives the gold."))
        return power


class JoinForm(FirstErrorForm):
    """A seat taken in a game's waiting room: the power's name (the service says if the game
    has no such power)."""

    power = TextField(max_length=60, required=False)


LAST_ROW_ID = 2**63 - 1  # a database's largest row id: the lines of a long-lived server too


class ChatForm(FirstErrorForm):
    """A chat's request, a refresh (GET) or a line written (POST): `dopo`, the last line the
    page holds (only the lines after it are sent back), and the line written, which the service
    checks as it checks every chat line (its length, its characters)."""

    dopo = NumberField(label=_("Last line"), high=LAST_ROW_ID, required=False)
    text = forms.Field(required=False)  # as sent: the service refuses what no chat may hold

    def clean_text(self) -> str:
        return str(self.cleaned_data["text"] or "")


class CorrectionForm(FirstErrorForm):
    """A staff correction of one power's gold and VP, with a note for the log."""

    seat = forms.TypedChoiceField(label=_("Power"), coerce=row_id)
    gold = NumberField(label=_("Gold"), high=999)
    vp = NumberField(label=_("VP"), high=999)
    note = TextField(label=_("Note"), max_length=200, required=False)

    def __init__(self, *args: Any, seats: tuple[Seat, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(s.pk, s.power) for s in seats]  # type: ignore[attr-defined]


class BotSeatForm(FirstErrorForm):
    """A computer player seated at a free power of the waiting room, or handed a player's seat
    (`potenza` then unused): its level (the service says if there is no such level)."""

    power = TextField(max_length=60, required=False)
    level = TextField(max_length=20, required=False)


class AgainstComputerForm(FirstErrorForm):
    """"Partita contro il computer": the player's power, the number of computer players and
    their level, on the lobby's default scenario unless another is named."""

    scenario = TextField(max_length=20, required=False)
    power = TextField(max_length=60, required=False)
    level = TextField(max_length=20, required=False)
    opponents = NumberField(low=1, high=6, required=False)
