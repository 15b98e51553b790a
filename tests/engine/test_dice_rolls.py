"""Dice draws and rolls use ``dice.below``, which must give exactly the numbers
``random.Random.randrange`` gives from the same state: seeded games, replays and sim
results recorded before it existed stay the same."""

from __future__ import annotations

from random import Random

from teambuilder.engine.dice import below


def test_below_gives_what_randrange_gives_from_the_same_state() -> None:
    ours, theirs = Random(2024), Random(2024)
    for n in [1, 2, 3, 5, 6, 7, 8, 13, 16, 17, 100, 2**31 + 5] * 50:
        assert below(ours, n) == theirs.randrange(n)
    assert ours.getstate() == theirs.getstate()


def test_below_covers_every_face_of_a_die() -> None:
    rng = Random(1)
    assert {below(rng, 6) for _ in range(500)} == set(range(6))
