"""What staff may read of a game's secrets: everything once the game is over, and while it runs
only what a spectator may know of its combat system's secrets (finestre's W1: "nobody but the
owner, and staff after the game, sees a hand"). The procedure says what that is
(`Procedure.memory_seen_by`, `Procedure.seen_by`), so this knows no combat system by name."""

from __future__ import annotations

import json
from typing import Any

from guerra.game.models import Attack, Game, GameStatus
from guerra.rules.flowchart import get_procedure
from guerra.rules.jsonvalue import DataError


def _procedure(name: object) -> Any:
    try:
        return get_procedure(str(name))
    except LookupError:
        return None


def _attack_state(procedure: Any, data: object) -> object:
    """An attack's state as a spectator may know it (what the procedure hides left out)."""
    if procedure is None or not isinstance(data, dict):
        return data
    try:
        return procedure.seen_by(procedure.state_from_dict(data), None).to_dict()
    except (DataError, KeyError, TypeError, ValueError):
        return {}


def rules_for_staff(game: Game) -> dict[str, Any]:
    """The game's rules state as staff may read it now."""
    data: dict[str, Any] = dict(game.rules or {})
    if game.status == GameStatus.FINISHED or not data:
        return data
    scenario = data.get("scenario")
    procedure = _procedure(scenario.get("procedure", "seed004")
                           if isinstance(scenario, dict) else "seed004")
    memory = data.get("combat_memory")
    if procedure is not None and isinstance(memory, str) and memory not in ("", "{}"):
        try:
            seen = procedure.memory_seen_by(json.loads(memory), None)
        except (DataError, KeyError, TypeError, ValueError):
            seen = {}
        data["combat_memory"] = json.dumps(seen, sort_keys=True, separators=(",", ":"))
    attack = data.get("attack")
    if isinstance(attack, dict) and "state" in attack:
        data["attack"] = {**attack, "state": _attack_state(procedure, attack["state"])}
    return data


def attack_state_for_staff(attack: Attack) -> object:
    """An attack's state as staff may read it now."""
    if attack.game.status == GameStatus.FINISHED:
        return attack.state
    return _attack_state(_procedure(attack.procedure), attack.state)
