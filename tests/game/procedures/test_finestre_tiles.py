# ruff: noqa: F811 (the fixtures imported from finestre_helpers are the tests' parameters)
"""W9 through the pages: the attacker announces the Alliance tiles it uses on its form (fewer
than it holds, here), the defender lets its deadline pass (the default: every tile it may use);
both count in W11's standing. No cards in any hand: every window closes at once. The table:
tests/game/procedures/finestre_helpers.py (Gran Bretagna 3 armies and Austria 2 against Francia
2 armies and a fort and Prussia 1 army)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from guerra.game.models import Attack
from guerra.game.services.play import expire_due
from guerra.rules.finestre.procedure import FINESTRE_PROCEDURE
from guerra.rules.finestre.state import FinestreState, Tiles
from guerra.rules.forces import ATTACKER, DEFENDER
from tests.game.procedures.finestre_helpers import (  # noqa: F401 (fixtures)
    REGION,
    dealt,
    declare,
    finestre_game,
    finestre_registered,
    give_alliance_tiles,
    page,
    post,
    rig,
    text,
)

pytestmark = pytest.mark.django_db


def state_of(attack: Attack) -> FinestreState:
    attack.refresh_from_db()
    return FINESTRE_PROCEDURE.state_from_dict(attack.state)


def test_W9_the_tiles_announced_on_the_form_and_the_defenders_default_count(
        finestre_game, dealt, rig):
    game = finestre_game
    give_alliance_tiles(game, "Gran Bretagna", 1)
    give_alliance_tiles(game, "Francia", 2)
    dealt({})
    attack = declare(game, "Gran Bretagna", REGION, "Francia")
    assert post(attack, "Gran Bretagna", "finestre_tactic", tactic="none").status_code == 302
    assert post(attack, "Francia", "finestre_position", from_forts="1").status_code == 302
    attack.refresh_from_db()
    assert (attack.node, attack.awaiting) == ("W9a", ["Gran Bretagna"])
    # The form, for the attacker only: its 1 tile offered.
    form = page(attack, "Gran Bretagna")
    assert 'name="kind" value="finestre_tiles"' in form
    assert 'name="alliance_tiles" min="0" max="1" value="1"' in form
    assert "Annuncia le tessere che usi" in text(form)
    assert 'value="finestre_tiles"' not in page(attack, "Francia")
    # More tiles than it holds: refused in Italian, nothing changed.
    response = post(attack, "Gran Bretagna", "finestre_tiles", alliance_tiles=3)
    assert response.status_code == 400
    assert "La Gran Bretagna ha solo 1 tessera Alleanza per questa regione." in text(
        response.content.decode())
    assert state_of(attack).cursor.node == "W9a"
    # It uses none of its tile; then Francia's announcement waits for it.
    assert post(attack, "Gran Bretagna", "finestre_tiles", alliance_tiles=0).status_code == 302
    attack.refresh_from_db()
    assert (attack.node, attack.awaiting) == ("W9d", ["Francia"])
    assert state_of(attack).attacker_tiles == Tiles(0, False)
    # Francia's deadline passes: every tile it may use (W9's default), a whole decision's time.
    rig([6, 1])
    game.refresh_from_db()
    assert expire_due(game_id=game.pk, now=timezone.now() + timedelta(seconds=60)) == 0
    later = timezone.now() + timedelta(seconds=game.deadline_seconds + 5)
    assert expire_due(game_id=game.pk, now=later) == 1
    state = state_of(attack)
    francia, britain = state.main(DEFENDER), state.main(ATTACKER)
    assert francia is not None and britain is not None
    assert francia.army_training > britain.army_training  # the scenario's: its +1 usable
    assert state.defender_tiles == Tiles(2, True)
    # W11: Gran Bretagna 3 + Austria 2 + die 6 (its tile unused); Francia 2 + Prussia 1 + its
    # fort 2 + its 2 Alliance tiles + Army Training 1 + die 1.
    assert state.standing == (3 + 2 + 6, 2 + 1 + 2 + 2 + 1 + 1)
