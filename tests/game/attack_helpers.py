"""Helpers for attack tests: seats by power, rigged dice, quick declarations and decisions."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import unescape

import pytest
from django.utils.translation import gettext

from guerra.game import services
from guerra.game.models import Attack, Game, Holding, Neutral, Region, Seat

__all__ = ["give_turn"]
from guerra.game.services.attacks import Decision
from guerra.game.text.messages import render_rules_message
from guerra.rules.i18n import Message
from tests.game.play_helpers import give_turn


class RiggedDice:
    """Stands in for HmacDice with faces chosen by the test (same attributes)."""

    faces: list[int] = []

    def __init__(self, seed: bytes, next_roll: int = 0) -> None:
        self.next_roll = next_roll
        self.rolls: list[tuple[int, int]] = []
        self.sides: list[int] = []

    def roll(self, sides: int = 6) -> int:
        if not RiggedDice.faces:
            raise AssertionError("the test rolled more dice than it rigged")
        face = RiggedDice.faces.pop(0)
        if not 1 <= face <= sides:
            raise AssertionError(f"a rigged {face} on a die of {sides} sides")
        self.rolls.append((self.next_roll, face))
        self.sides.append(sides)
        self.next_roll += 1
        return face


@pytest.fixture
def rig(monkeypatch):
    """rig([a1, a2, d1, d2, ...]): the next dice the server rolls."""

    def set_faces(faces: Iterable[int]) -> None:
        RiggedDice.faces = list(faces)

    monkeypatch.setattr("guerra.game.services.play.HmacDice", RiggedDice)
    yield set_faces
    RiggedDice.faces = []


def seat(game: Game, power: str) -> Seat:
    return Seat.objects.get(game=game, power=power)


def region(game: Game, name: str) -> Region:
    return Region.objects.get(game=game, name=name)


def holding(game: Game, power: str, region_name: str) -> Holding:
    return Holding.objects.get(region__game=game, region__name=region_name, seat__power=power)


def declare(game: Game, attacker: str, region_name: str, target: str | Neutral) -> Attack:
    give_turn(game, attacker)
    place = region(game, region_name)
    key = (
        f"neutral-{target.pk}" if isinstance(target, Neutral) else f"power-{seat(game, target).pk}"
    )
    return services.attack_declare(
        game_id=game.pk, user=seat(game, attacker).user, region_id=place.pk, target=key
    )


def decide(attack: Attack, power: str, kind: str, **values: object) -> Attack:
    attack.refresh_from_db()
    decision = Decision(kind=kind, step=values.pop("step", attack.step), **values)  # type: ignore[arg-type]
    return services.attack_decide(
        game_id=attack.game_id,
        number=attack.number,
        user=seat(attack.game, power).user,
        decision=decision,
    )


def rules_text(msgid: str, *, plural: str | None = None, count: int | None = None,
               **params: str | int) -> str:
    """One refusal of the rules (its msgid and parameters) as the player reads it: the refusal
    the test names, and no other, whatever its Italian wording."""
    return render_rules_message(Message(msgid, tuple(params.items()), plural, count))


def rules_says(msgid: str, *, plural: str | None = None, count: int | None = None,
               **params: str | int) -> str:
    """`rules_text` as a `match` pattern for pytest.raises."""
    return re.escape(rules_text(msgid, plural=plural, count=count, **params))


def site_says(msgid: str) -> str:
    """The `match` pattern of one refusal of the site (a Django msgid) in the active language."""
    return re.escape(gettext(msgid))


def text(html: str) -> str:
    """The page's words, tags dropped, entities read and spaces joined."""
    return " ".join(unescape(re.sub(r"<[^>]*>", " ", html)).split())


def box(html: str, node: str) -> str:
    """The words of one box of the flowchart (the drawn chart's, not the phone's list)."""
    found = re.search(rf'id="node-{node}".*?(?=<div class="box |</div>\s*</div>\s*<ol)', html,
                      re.S)
    assert found is not None, node
    return text(found.group(0))
