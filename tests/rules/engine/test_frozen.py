"""The rules' fast copy of a frozen dataclass (`guerra.rules.frozen.replace`)."""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import ClassVar

import pytest

from guerra.rules import frozen
from guerra.rules.cursor import Cursor
from guerra.rules.game.state import GameState
from guerra.rules.seed004.model import AllyForce, Neutral
from guerra.rules.seed004.state import AttackState, Holding
from tests.rules.bots.helpers import started
from tests.rules.helpers import ES, LAND, attacker, defender, situation


@pytest.fixture(autouse=True)
def _fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are the fast copy's and the fast `__init__`'s, whatever GUERRA_FAST_RECORDS
    says (tests/runtime/test_stock.py checks the stock way)."""
    monkeypatch.setattr(frozen, "FAST", True)


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

    assert frozen._plain_fields(Checked) is None
    with pytest.raises(ValueError, match="negative"):
        frozen.replace(Checked(1), value=-1)


def test_a_copy_leaves_out_the_values_the_cached_properties_kept() -> None:
    @dataclasses.dataclass(frozen=True)
    class Cached:
        value: int
        other: int = 0

        @cached_property
        def double(self) -> int:
            return 2 * self.value

    first = Cached(1)
    assert first.double == 2 and "double" in first.__dict__
    for copy in (frozen.replace(first, value=5), frozen.replace_field(first, "value", 5)):
        assert copy.__dict__ == {"value": 5, "other": 0}  # what dataclasses.replace builds
        assert copy.double == 10
    assert frozen.replace(first, other=3).double == 2
    assert first.double == 2 and first.value == 1


def test_a_game_state_takes_the_fast_copy_and_makes_its_lookups_afresh() -> None:
    state = started()
    assert frozen._plain_fields(GameState) is not None
    power = state.seating[0]
    assert state.power(power).gold == state.powers[0].gold  # the lookup by name is kept
    richer = state.with_power(power, gold=99)
    assert richer.power(power).gold == 99 and state.power(power).gold != 99
    assert frozen.replace(richer, step=7) == dataclasses.replace(richer, step=7)


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


# --- frozen.replace_field: one field, the same copy ------------------------------------------


def test_one_field_replaced_is_what_replace_builds() -> None:
    cursor = Cursor(node="allies", step=2, path=("declared", "allies"))
    copy = frozen.replace_field(cursor, "awaiting", ("Spagna",))
    assert copy == frozen.replace(cursor, awaiting=("Spagna",))
    assert list(copy.__dict__) == list(cursor.__dict__)  # the fields keep their order
    assert cursor.awaiting == () and type(copy) is Cursor
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.step = 3  # type: ignore[misc]


def test_one_unknown_field_is_refused_and_other_classes_fall_back() -> None:
    with pytest.raises(TypeError, match=r"Cursor has no field colour$"):
        frozen.replace_field(Cursor(node="x"), "colour", "red")
    s = situation(attacker(armies=2), defender(armies=1), region=LAND,
                  a_allies=[AllyForce(ES, 1, 0)])
    assert s.invited()
    assert frozen.replace_field(s, "neutral", Neutral(2)).invited() == ()  # computed again


# --- frozen.record: the dataclass's own __init__, made faster ----------------------------


def _records() -> list[type]:
    """Every class of the rules whose __init__ `frozen.record` made."""
    import importlib
    import pkgutil

    import guerra.rules

    found = []
    for module in pkgutil.walk_packages(guerra.rules.__path__, "guerra.rules."):
        if module.name.endswith("__main__"):
            continue
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and value.__module__ == module.name \
                    and value in frozen.RECORDS:
                found.append(value)
    return found


def test_the_engines_records_and_events_are_records() -> None:
    from guerra.rules.events import NodeEntered
    from guerra.rules.flowchart import Accepted
    from guerra.rules.seed004.events import DiceRolled

    records = _records()
    for cls in (Cursor, AttackState, Holding, Accepted, NodeEntered, DiceRolled):
        assert cls in records, cls


@pytest.mark.parametrize("cls", _records(), ids=lambda cls: cls.__qualname__)
def test_a_record_is_built_as_its_dataclass_builds_it(cls: type) -> None:
    """Same parameters, same defaults, same dict (values and order) as the dataclass's own
    __init__, which `frozen.record` keeps as `__wrapped__` (or leaves, with the switch off)."""
    import inspect

    installed = cls.__dict__["__init__"]
    own = getattr(installed, "__wrapped__", installed)
    assert (installed is not own) is frozen._on("GUERRA_FAST_RECORDS")
    init = frozen.fast_init(cls)
    assert init.__wrapped__ is own
    assert inspect.signature(cls) == inspect.signature(own).replace(
        parameters=list(inspect.signature(own).parameters.values())[1:])
    parameters = list(inspect.signature(own).parameters.values())[1:]
    for with_defaults in (False, True):
        args = {p.name: object() for p in parameters
                if p.default is p.empty or not with_defaults}
        positional = [args.pop(p.name) for p in parameters
                      if p.kind is p.POSITIONAL_OR_KEYWORD and p.name in args]
        fast = object.__new__(cls)
        init(fast, *positional, **args)
        slow = object.__new__(cls)
        own(slow, *positional, **args)
        assert list(fast.__dict__.items()) == list(slow.__dict__.items())


def test_a_record_keeps_defaults_keyword_only_fields_and_fields_outside_init() -> None:
    @frozen.record
    @dataclasses.dataclass(frozen=True)
    class Sample:
        kind: ClassVar[str] = "sample"
        first: int
        second: str = "two"
        fixed: bool = dataclasses.field(default=True, init=False)
        named: tuple[int, ...] = dataclasses.field(default=(), kw_only=True)

    sample = Sample(1, named=(3,))
    assert sample.__dict__ == {"first": 1, "second": "two", "named": (3,)}  # as the dataclass
    assert sample.fixed is True
    assert sample == Sample(1, "two", named=(3,)) and hash(sample) == hash(Sample(1, named=(3,)))
    assert repr(sample).endswith("Sample(first=1, second='two', fixed=True, named=(3,))")
    with pytest.raises(TypeError):
        Sample(1, "two", (3,))  # type: ignore[call-arg]  # `named` is keyword-only
    with pytest.raises(TypeError):
        Sample()  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        sample.first = 2  # type: ignore[misc]


def test_what_a_record_would_build_differently_is_refused() -> None:
    class Plain:
        value: int = 0

    @dataclasses.dataclass
    class Mutable:
        value: int

    @dataclasses.dataclass(frozen=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        value: int

    @dataclasses.dataclass(frozen=True)
    class Factory:
        values: tuple[int, ...] = dataclasses.field(default_factory=tuple)

    @dataclasses.dataclass(frozen=True)
    class WithInitVar:
        value: int
        scale: dataclasses.InitVar[int] = 1

    @dataclasses.dataclass(frozen=True)
    class Unset:
        value: int = dataclasses.field(init=False)

    for cls in (Plain, Mutable, Checked, Slotted, Factory, WithInitVar, Unset):
        with pytest.raises(TypeError):
            frozen.record(cls)


# --- the switch: GUERRA_FAST_RECORDS, or GUERRA_STOCK for every speed-up ---------------------


@pytest.mark.parametrize(("stock", "own", "on"), [
    (None, None, True), ("1", None, False), ("0", None, True), ("yes", "1", True),
    (None, "0", False), (None, "off", False), ("true", None, False), ("on", "TRUE", True),
    (None, " 1 ", True), ("no", None, True),
])
def test_the_switch_is_its_own_variable_else_not_guerra_stock(
        monkeypatch: pytest.MonkeyPatch, stock: str | None, own: str | None, on: bool) -> None:
    for name, value in (("GUERRA_STOCK", stock), ("GUERRA_FAST_RECORDS", own)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert frozen._on("GUERRA_FAST_RECORDS") is on


def test_with_the_switch_off_copies_are_dataclasses_replace_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frozen, "FAST", False)
    cursor = Cursor(node="x")
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        frozen.replace(cursor, colour="red")  # dataclasses.replace's own refusal
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        frozen.replace_field(cursor, "colour", "red")
    assert frozen.replace_field(cursor, "step", 2) == dataclasses.replace(cursor, step=2)


def test_with_the_switch_off_a_record_keeps_its_dataclass_s_init(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frozen, "FAST", False)

    @dataclasses.dataclass(frozen=True)
    class Stock:
        value: int

    own = Stock.__init__
    assert frozen.record(Stock) is Stock and Stock.__init__ is own
    assert Stock in frozen.RECORDS
    with pytest.raises(TypeError):
        frozen.record(dataclasses.dataclass(type("Mutable", (), {"__annotations__": {"v": int}})))
