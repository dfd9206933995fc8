"""The flowchart's boxes are filled from the attack's steps (guerra/game/procedures/chart.py)."""

from __future__ import annotations

from typing import Any

from guerra.game.procedures.chart import Visit, visits_from_steps


def test_G34_a_box_shows_what_happened_there_but_not_the_games_own_bookkeeping() -> None:
    roll = {"type": "attack_rolled", "dice": [5, 2], "target": 5, "hits": 1}
    engaged = {"type": "units_engaged", "power": "Francia", "place": "Stati Tedeschi",
               "armies": 2, "fleets": 0, "rule": "E3"}
    steps: list[list[dict[str, Any]]] = [
        [{"type": "node_entered", "node": "declared"}],
        [{"type": "node_entered", "node": "attack_roll"}, engaged, roll,
         {"type": "node_entered", "node": "result"}, {"type": "attack_ended"}],
    ]
    assert visits_from_steps(steps) == [
        Visit("declared", ()), Visit("attack_roll", (roll,)), Visit("result", ())]
