"""The state codec (frozen dataclasses to JSON and back): a corrupt saved state fails with a
`DataError` naming the field; what the codec was never meant to hold is a programming error."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

from guerra.rules.codec import decode, encode, register_custom
from guerra.rules.jsonvalue import DataError, as_int


@dataclass(frozen=True)
class Inner:
    kind: Literal["army", "fleet"]
    pair: tuple[int, str]
    nothing: None = None


@dataclass(frozen=True)
class Outer:
    name: str
    inner: Inner
    many: tuple[int, ...] = ()
    maybe: int | str | None = None
    flag: bool = False
    extra: tuple[str, ...] = field(default_factory=tuple)


GOOD = {"name": "x", "inner": {"kind": "army", "pair": [1, "a"], "nothing": None},
        "many": [1, 2], "maybe": "s", "flag": True, "extra": ["e"]}


def test_a_state_round_trips_through_json() -> None:
    value = Outer("x", Inner("army", (1, "a")), (1, 2), "s", True, ("e",))
    assert encode(value) == GOOD
    assert decode(Outer, GOOD) == value
    assert decode(Outer, {"name": "y", "inner": {"kind": "fleet", "pair": (2, "b")}}) == Outer(
        "y", Inner("fleet", (2, "b")))
    assert decode(Outer, {**GOOD, "maybe": None}).maybe is None
    assert decode(Outer, {**GOOD, "maybe": -3}).maybe == -3


def with_inner(**changes: object) -> dict[str, object]:
    inner = dict(GOOD["inner"])  # type: ignore[call-overload]
    inner.update(changes)
    return {**GOOD, "inner": inner}


@pytest.mark.parametrize(("data", "message"), [
    ([], "Field “state” must be an object."),
    ({**GOOD, "inner": 3}, "Field “inner” must be an object."),
    ({"inner": GOOD["inner"]}, "Field “name” is missing."),
    (with_inner(kind="fort"), "Field “inner.kind” has an invalid value."),
    (with_inner(kind=True), "Field “inner.kind” has an invalid value."),
    (with_inner(pair=[1]), "Field “inner.pair” has an invalid value."),
    (with_inner(pair=[1, "a", 2]), "Field “inner.pair” has an invalid value."),
    (with_inner(pair=["1", "a"]), "Field “inner.pair[0]” must be a whole number."),
    (with_inner(pair=[1, ""]), "Field “inner.pair[1]” must be a non-empty text."),
    (with_inner(pair="1a"), "Field “inner.pair” must be a list."),
    (with_inner(nothing=0), "Field “inner.nothing” has an invalid value."),
    ({**GOOD, "many": [1, "2"]}, "Field “many[1]” must be a whole number."),
    ({**GOOD, "maybe": True}, "Field “maybe” must be a non-empty text."),
    ({**GOOD, "flag": 1}, "Field “flag” must be true or false."),
    ({**GOOD, "extra": [""]}, "Field “extra[0]” must be a non-empty text."),
])
def test_a_corrupt_state_names_the_field(data: object, message: str) -> None:
    with pytest.raises(DataError) as raised:
        decode(Outer, data)
    assert str(raised.value) == message


def test_a_nested_path_names_where_the_state_sits() -> None:
    with pytest.raises(DataError) as raised:
        decode(Inner, [], "game.inner")
    assert str(raised.value) == "Field “game.inner” must be an object."


def test_values_the_codec_does_not_hold_are_programming_errors() -> None:
    with pytest.raises(TypeError, match=r"^cannot encode 1\.5$"):
        encode(1.5)
    with pytest.raises(TypeError, match=r"^cannot decode type <class 'float'>$"):
        decode(float, 1.5)


def test_a_field_left_out_takes_its_default_and_the_next_fields_are_still_read() -> None:
    """"many" and "maybe" are left out (defaults), "flag" and "extra" after them are read."""
    data = {"name": "x", "inner": GOOD["inner"], "flag": True, "extra": ["e"]}
    assert decode(Outer, data) == Outer("x", Inner("army", (1, "a")), flag=True, extra=("e",))


@dataclass(frozen=True)
class NoneFirst:
    value: None | int  # noqa: RUF036 - the order this test is about


def test_an_optional_written_none_first_is_decoded() -> None:
    assert decode(NoneFirst, {"value": 3}) == NoneFirst(3)
    assert decode(NoneFirst, {"value": None}) == NoneFirst(None)


class Point:
    """A type with a JSON form of its own, like the attack's state."""

    def __init__(self, x: int) -> None:
        self.x = x

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Point) and other.x == self.x

    def __hash__(self) -> int:
        return self.x


@dataclass(frozen=True)
class Holder:
    point: Point


def test_a_registered_type_is_written_and_read_by_its_own_functions() -> None:
    register_custom(Point, lambda p: {"at": p.x}, lambda data: Point(as_int(data["at"], "at")))
    assert encode(Holder(Point(4))) == {"point": {"at": 4}}
    assert decode(Holder, {"point": {"at": 4}}) == Holder(Point(4))
    with pytest.raises(DataError) as raised:
        decode(Holder, {"point": [4]}, "game")
    assert str(raised.value) == "Field “game.point” must be an object."
