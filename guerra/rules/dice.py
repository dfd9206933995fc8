"""Dice: a protocol, a verifiable implementation for games, a scripted one for tests.

A die has any number of sides: seed 004 rolls six-sided dice two at a time, the "d10"
procedure one ten-sided die per unit. The procedures only ever call `roll(sides)`, so the same
code runs with the server's verifiable dice, with random dice in benchmarks and Monte Carlo
odds, and with scripted dice in tests and case files. `DiceSpec` says what a box rolls.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

T = TypeVar("T")

SIDES = 6  # the default die
MAX_SIDES = 256  # one byte of the HMAC per attempt (see `die_face`)
# 252 = 42 * 6 is the largest multiple of 6 not above 256: bytes 252..255 are rejected so that
# every face keeps exactly 42 accepted byte values (no modulo bias).
_ACCEPT_BELOW = 252


def accept_below(sides: int) -> int:
    """The bytes a die of `sides` faces accepts: below the largest multiple of `sides` that
    fits in a byte (252 for a d6, 250 for a d10), so that every face has as many bytes."""
    if not 2 <= sides <= MAX_SIDES:
        raise ValueError(f"a die has 2 to {MAX_SIDES} sides, not {sides}")
    return MAX_SIDES - MAX_SIDES % sides


@dataclass(frozen=True)
class DiceSpec:
    """What a ROLL box rolls: `count` dice of `sides` faces each (the count may come from the
    state, as one die per unit in the fight)."""

    sides: int = SIDES
    count: int = 0


class Dice(Protocol):
    def roll(self, sides: int = SIDES) -> int:
        """One die of `sides` faces: 1..sides (a six-sided die unless told)."""
        ...


def die_face(seed: bytes, n: int, sides: int = SIDES) -> int:
    """The face of roll number `n` of a game whose secret seed is `seed`, on a die of `sides`
    faces (six unless told).

    Exactly, so that anyone can recompute it once the seed is revealed:
    1. digest = HMAC-SHA256(key=seed, message=str(n) encoded in ASCII), e.g. b"0", b"17";
    2. read the 32 bytes of the digest in order; the first byte b below the largest multiple
       of `sides` not above 256 (252 = 6 * 42 for a d6, 250 = 10 * 25 for a d10) gives the
       face b % sides + 1, so each face has the same number of byte values;
    3. if all 32 bytes are rejected (for a d6, probability 2**-128), take
       HMAC-SHA256(key=seed, message=f"{n}:{k}") for k = 1, 2, ... and repeat step 2.
    """
    if n < 0:
        raise ValueError("roll numbers start at 0")
    limit = _ACCEPT_BELOW if sides == SIDES else accept_below(sides)
    k = 0
    while True:
        message = str(n) if k == 0 else f"{n}:{k}"
        digest = hmac.new(seed, message.encode("ascii"), hashlib.sha256).digest()
        for byte in digest:
            if byte < limit:
                return byte % sides + 1
        k += 1


class HmacDice:
    """The game's dice: roll number `next_roll`, then the next, ... (see `die_face`).

    `rolls` records (roll number, face) for the event log and the verification page, and
    `sides` the size of each of those dice, in the same order; `next_roll` is what the game
    persists so the next action continues the sequence.
    """

    def __init__(self, seed: bytes, next_roll: int = 0) -> None:
        if next_roll < 0:
            raise ValueError("roll numbers start at 0")
        self._seed = seed
        self.next_roll = next_roll
        self.rolls: list[tuple[int, int]] = []
        self.sides: list[int] = []

    def roll(self, sides: int = SIDES) -> int:
        face = die_face(self._seed, self.next_roll, sides)
        self.rolls.append((self.next_roll, face))
        self.sides.append(sides)
        self.next_roll += 1
        return face


class DiceExhausted(Exception):
    """A scripted sequence ran out: the case or the test gave too few dice."""

    def __init__(self, used: int) -> None:
        super().__init__(f"only {used} dice were scripted")
        self.used = used


class ScriptedDice:
    """Faces given in advance, consumed in order (tests and case files). `sides` is the
    largest die the script is for (six unless told); each roll checks its face fits the die
    rolled, so a script for d6s cannot feed a 9 to a d6."""

    def __init__(self, faces: Iterable[int], sides: int = SIDES) -> None:
        self._faces = scripted = tuple(faces)
        # Exact odds script one roll per class of faces: plain ints in range are let through
        # at once; anything else is looked at face by face (the first wrong one is named).
        if scripted and not (set(map(type, scripted)) == {int}
                             and min(scripted) >= 1 and max(scripted) <= sides):
            for face in scripted:
                if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
                    raise ValueError(f"a die shows 1..{sides}, not {face!r}")
        self.used = 0

    @property
    def remaining(self) -> int:
        return len(self._faces) - self.used

    def roll(self, sides: int = SIDES) -> int:
        if self.used >= len(self._faces):
            raise DiceExhausted(self.used)
        face = self._faces[self.used]
        if face > sides:
            raise ValueError(f"a die of {sides} sides shows 1..{sides}, not {face!r}")
        self.used += 1
        return face


class RandomDice:
    """Pseudo-random dice for benchmarks and Monte Carlo odds (never for real games)."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self._rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        # A plain generator's draw is written out in `roll`; a subclass may draw otherwise.
        self._bits = self._rng.getrandbits if type(self._rng) is random.Random else None

    def roll(self, sides: int = SIDES) -> int:
        # `randint(1, sides)` as `random.Random` draws it (`_randbelow`): as many random bits
        # as `sides` has, drawn again while out of range, the face 1 + that. Written out: the
        # same dice for the same seed without its three calls per die (Monte Carlo odds roll
        # hundreds of thousands).
        bits = self._bits
        if bits is None or sides < 1:
            return self._rng.randint(1, sides)
        width = sides.bit_length()
        face = bits(width)
        while face >= sides:
            face = bits(width)
        return face + 1


def below(dice: Dice, k: int) -> int:
    """A number in 0..k-1, every value equally likely, from six-sided dice only.

    The dice are read as the digits of a base-6 number with enough digits to reach k; a number
    beyond the largest multiple of k is rejected and rolled again (no modulo bias), so a
    shuffle drawn from the game's dice is as verifiable as the dice themselves.
    """
    if k < 1:
        raise ValueError("below() needs k >= 1")
    if k == 1:
        return 0
    digits, span = 1, SIDES
    while span < k:
        digits, span = digits + 1, span * SIDES
    limit = span - span % k
    while True:
        value = 0
        for _ in range(digits):
            value = value * SIDES + dice.roll() - 1
        if value < limit:
            return value % k


def shuffled(items: tuple[T, ...], dice: Dice) -> tuple[T, ...]:
    """Fisher-Yates with `below`: G10's seating order, G11's counter pool."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = below(dice, i + 1)
        result[i], result[j] = result[j], result[i]
    return tuple(result)
