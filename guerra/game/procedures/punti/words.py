"""The words of "punti" on the pages: units, places and groups, in the reader's language,
with the articles and prepositions the rest of the game uses ("nel Baltico", "dalla
Francia")."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from guerra.game.text.grammar import art
from guerra.rules.punti.state import Unit


def kind_word(kind: str) -> str:
    """A kind of unit, capitalised, for a row of a form or a box."""
    return {"army": _("Army"), "fleet": _("Fleet"), "fort": _("Fort")}.get(kind, kind)


def place_in(source: str | None) -> str:
    """Where units stand: "nel Baltico", or "in madrepatria" (None: the owner's home)."""
    return _("at home") if source is None else art(source, "in")


def place_from(source: str | None) -> str:
    """Where units come from: "dal Baltico", or "dalla madrepatria"."""
    return _("from home") if source is None else art(source, "da")


def units_words(armies: int, fleets: int) -> str:
    """ "2 armate e 1 flotta", "1 armata", "nessuna unità"."""
    parts = []
    if armies:
        parts.append(ngettext("%(n)d army", "%(n)d armies", armies) % {"n": armies})
    if fleets:
        parts.append(ngettext("%(n)d fleet", "%(n)d fleets", fleets) % {"n": fleets})
    if not parts:
        return _("no unit")
    return _("%(first)s and %(second)s") % {"first": parts[0], "second": parts[1]} \
        if len(parts) == 2 else parts[0]


def unit_owner(unit: Unit, region: str) -> str:
    """Whose a unit is and, for a unit fighting from elsewhere, where it stands: "Francia",
    "Spagna, nel Baltico"; a neutral's army is the neutral country's."""
    owner = unit.power if unit.power is not None else _("Neutral country")
    if unit.source == region:
        return owner
    return _("%(power)s, %(place)s") % {"power": owner, "place": place_in(unit.source)}


def unit_label(unit: Unit, region: str) -> str:
    """ "Armata D1 (Francia)", "Armata R1.1 (Spagna, nel Baltico)"."""
    return _("%(kind)s %(id)s (%(owner)s)") % {"kind": kind_word(unit.kind), "id": unit.id,
                                                "owner": unit_owner(unit, region)}
