"""Each combat system's own part of a scenario ("combat_data": {"punti": {"profiles": ...}}):
checked by its procedure (`Procedure.read_data`) when a file is imported, as the admin's form
checks it (`guerra.game.procedures.data`). A system's data equal to its defaults is not kept,
so a scenario that never changed them exports no entry for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from guerra.game.models.scenario import procedure_choices
from guerra.game.scenarios.reader import Reader, ScenarioFileError
from guerra.game.text.messages import render_rules_message
from guerra.rules.flowchart import get_procedure
from guerra.rules.jsontype import JSON
from guerra.rules.jsonvalue import DataError


def kept(name: str, checked: dict[str, JSON]) -> bool:
    """Whether a system's checked data is worth keeping: it differs from the defaults."""
    return checked != get_procedure(name).read_data({})


def read_combat_data(root: Reader) -> dict[str, Any]:
    """The file's "combat_data", each entry checked by its combat system; an unknown system or
    data it refuses is one Italian line that says where."""
    value = root.data.get("combat_data", {})
    if not isinstance(value, Mapping):
        raise root.bad("combat_data", _("an object {…} with one entry per combat system"))
    names = dict(procedure_choices())
    found: dict[str, Any] = {}
    for name in sorted(value):
        where = f"{root.where} › combat_data"
        if name not in names:
            raise Reader(value, where).bad(name, _("the name of a combat system (%(names)s)") % {
                "names": ", ".join(f"“{known}”" for known in names)})
        entry = Reader(value[name], f"{where} › {name}")
        try:
            checked = get_procedure(name).read_data(entry.data)
        except DataError as exc:
            raise ScenarioFileError(
                f"{entry.where}: {render_rules_message(exc.message)}") from None
        if kept(name, checked):
            found[name] = checked
    return found
