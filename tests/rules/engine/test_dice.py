"""Dice: verifiable HMAC dice (rejection sampling, no modulo bias), scripted dice."""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter

import pytest

from guerra.rules import dice as dice_module
from guerra.rules.dice import DiceExhausted, HmacDice, RandomDice, ScriptedDice, die_face


def test_a_roll_is_the_first_accepted_byte_of_the_hmac_mod_6_plus_1() -> None:
    seed = b"partita-42"
    digest = hmac.new(seed, b"7", hashlib.sha256).digest()
    first = next(b for b in digest if b < 252)
    assert die_face(seed, 7) == first % 6 + 1


def test_bytes_252_to_255_are_rejected() -> None:
    # Find a seed whose roll 0 starts with a rejected byte, and whose first accepted byte
    # gives another face than the rejected one would: the face must come from the accepted one.
    for i in range(5000):
        seed = f"seed-{i}".encode()
        digest = hmac.new(seed, b"0", hashlib.sha256).digest()
        accepted = next(b for b in digest if b < 252)
        if digest[0] >= 252 and accepted % 6 != digest[0] % 6:
            break
    else:
        pytest.fail("no seed found")
    assert die_face(seed, 0) == accepted % 6 + 1
    assert die_face(seed, 0) != digest[0] % 6 + 1  # what taking the rejected byte would give


def test_when_all_32_bytes_are_rejected_the_roll_continues_with_n_colon_k(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_new = hmac.new
    messages: list[bytes] = []

    class Rejected:
        def digest(self) -> bytes:
            return bytes([255] * 32)

    def fake_new(key: bytes, msg: bytes, digestmod: object) -> object:
        messages.append(msg)
        return Rejected() if msg in (b"5", b"5:1") else real_new(key, msg, hashlib.sha256)

    monkeypatch.setattr(dice_module.hmac, "new", fake_new)
    face = die_face(b"s", 5)
    assert messages == [b"5", b"5:1", b"5:2"]
    expected = next(b for b in real_new(b"s", b"5:2", hashlib.sha256).digest() if b < 252)
    assert face == expected % 6 + 1


def test_faces_are_uniform_over_many_rolls() -> None:
    counts = Counter(die_face(b"uniform", n) for n in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 <= c <= 1150 for c in counts.values())  # ~1000 each; fixed seed, no flake


def test_hmac_dice_record_their_rolls_and_continue_from_the_saved_counter() -> None:
    first = HmacDice(b"g", next_roll=10)
    faces = [first.roll() for _ in range(3)]
    assert first.rolls == [(10, faces[0]), (11, faces[1]), (12, faces[2])]
    assert first.next_roll == 13
    again = HmacDice(b"g", next_roll=first.next_roll)
    assert again.roll() == die_face(b"g", 13)
    assert [die_face(b"g", n) for n in (10, 11, 12)] == faces


def test_scripted_dice_run_out_with_a_specific_error() -> None:
    dice = ScriptedDice([3, 4])
    assert (dice.roll(), dice.roll(), dice.remaining) == (3, 4, 0)
    with pytest.raises(DiceExhausted):
        dice.roll()


@pytest.mark.parametrize("face", [0, 7, -1, True])
def test_scripted_dice_refuse_impossible_faces(face: int) -> None:
    with pytest.raises(ValueError, match=f"a die shows 1..6, not {face!r}"):
        ScriptedDice([face])


def test_random_dice_are_reproducible_with_a_seed() -> None:
    one, two = RandomDice(5), RandomDice(5)
    assert [one.roll() for _ in range(20)] == [two.roll() for _ in range(20)]
    with pytest.raises(ValueError, match="roll numbers start at 0"):
        die_face(b"x", -1)


@pytest.mark.parametrize("sides", [1, 2, 6, 7, 10, 16, 17, 256, 300])
def test_random_dice_roll_what_randint_rolls(sides: int) -> None:
    """`RandomDice.roll` writes out `random.Random`'s draw: the same faces as `randint`, so
    a seed gives the benches and Monte Carlo odds the dice it always gave."""
    dice, rng = RandomDice(11), random.Random(11)
    assert [dice.roll(sides) for _ in range(300)] == [rng.randint(1, sides) for _ in range(300)]


def test_random_dice_of_a_subclassed_generator_draw_with_it() -> None:
    """A generator that draws its own way (a subclass) is asked for each face."""

    class Counting(random.Random):
        calls = 0

        def randint(self, a: int, b: int) -> int:
            Counting.calls += 1
            return super().randint(a, b)

    dice, plain = RandomDice(Counting(3)), random.Random(3)
    assert [dice.roll() for _ in range(5)] == [plain.randint(1, 6) for _ in range(5)]
    assert Counting.calls == 5
