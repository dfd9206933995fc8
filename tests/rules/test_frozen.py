"""The rules' fast copy of a frozen dataclass (`guerra.rules.frozen.replace`)."""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import ClassVar

import pytest

from guerra.rules import frozen
from guerra.rules.cursor import Cursor
from guerra.rules.seed004.model import AllyForce, Neutral
from guerra.rules.seed004.state import AttackState, Holding
from tests.rules.helpers import ES, LAND, attacker, defender, situation


def test_a_copy_equals_what_dataclasses_replace_builds_and_leaves_the_original() -> None:
    cursor = Cursor(node="land_battle", step=4, path=("declared", "land_battle"))
    copy = frozen.replace(cursor, step=5, awaiting=("Francia",))
    assert copy == dataclasses.replace(cursor, step=5, awaiting=("Francia",))
    assert copy == Cursor(node="land_battle", step=5, awaiting=("Francia",),
                          path=("declared", "land_battle"))
    assert cursor.step == 4 and cursor.awaiting == ()
    assert type(copy) is Cursor and hash(copy) == hash(dataclasses.replace(copy))


def test_a_copy_stays_frozen() -> None:
    holding = frozen.replace(Holding("Francia", "attacker", ally=False, armies=2), armies=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        holding.armies = 3  # type: ignore[misc]


def test_an_unknown_field_is_refused_as_dataclasses_replace_refuses_it() -> None:
    with pytest.raises(TypeError, match="no field colour"):
        frozen.replace(Cursor(node="x"), colour="red")


def test_a_class_with_a_cached_value_is_rebuilt_so_the_value_is_computed_again() -> None:
    s = situation(attacker(armies=2), defender(armies=1), region=LAND,
                  a_allies=[AllyForce(ES, 1, 0)])
    assert [ally.power for _side, ally in s.invited()] == [ES]
    against_a_neutral = frozen.replace(s, defender=None, neutral=Neutral(2))
    assert against_a_neutral.invited() == ()  # A1: nobody is invited against a neutral


def test_other_classes_fall_back_to_dataclasses_replace() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")

    @dataclasses.dataclass(frozen=True)
    class Cached:
        value: int

        @cached_property
        def double(self) -> int:
            return 2 * self.value

    with pytest.raises(ValueError, match="negative"):
        frozen.replace(Checked(1), value=-1)
    first = Cached(1)
    assert first.double == 2
    assert frozen.replace(first, value=5).double == 10


def test_the_engines_records_take_the_fast_copy() -> None:
    for cls in (Cursor, Holding, AttackState):
        assert frozen._plain_fields(cls) is not None, cls  # the copy without __init__
    assert frozen._plain_fields(Cursor) == frozenset(
        {"node", "step", "opened_at", "awaiting", "path", "finished", "outcome"})


def test_what_a_dict_copy_would_get_wrong_is_built_by_dataclasses_replace() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:  # no __dict__ to copy
        value: int

    @dataclasses.dataclass
    class Mutable:  # not frozen
        value: int

    @dataclasses.dataclass(frozen=True)
    class Derived:  # a field __init__ computes
        value: int
        double: int = dataclasses.field(init=False, default=0)

    @dataclasses.dataclass(frozen=True)
    class Tagged:  # a pseudo-field beside the fields
        kind: ClassVar[str] = "tag"
        value: int

    for cls in (Slotted, Mutable, Derived, Tagged):
        assert frozen._plain_fields(cls) is None, cls
    assert frozen.replace(Slotted(1), value=2) == Slotted(2)
    assert frozen.replace(Mutable(1), value=2) == Mutable(2)
    assert frozen.replace(Tagged(1), value=2) == Tagged(2)


def test_something_not_a_dataclass_is_refused_as_dataclasses_replace_refuses_it() -> None:
    with pytest.raises(TypeError, match="dataclass"):
        frozen.replace(object())


def test_every_unknown_field_is_named() -> None:
    with pytest.raises(TypeError, match=r"Cursor has no field colour, size$"):
        frozen.replace(Cursor(node="x"), size=3, colour="red")
