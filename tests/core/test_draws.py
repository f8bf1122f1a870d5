"""The compiled draws give exactly what ``random.Random``'s own methods give, and leave
the generator in the same state: a seeded game is the same game whichever draws it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from loupgarou.core import draws

seeds = st.one_of(st.integers(min_value=0, max_value=2**64), st.text(max_size=12))


@given(seeds, st.lists(st.integers(min_value=1, max_value=2**40), min_size=1, max_size=20))
def test_below_is_randrange(seed: int | str, bounds: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [draws.below(ours, n) for n in bounds] == [theirs.randrange(n) for n in bounds]
    assert ours.getstate() == theirs.getstate()


@given(seeds, st.lists(st.lists(st.integers(), min_size=1, max_size=30), min_size=1, max_size=8))
def test_pick_is_choice(seed: int | str, seqs: list[list[int]]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [draws.pick(ours, s) for s in seqs] == [theirs.choice(s) for s in seqs]
    assert [draws.pick(ours, tuple(s)) for s in seqs] == [theirs.choice(tuple(s)) for s in seqs]
    assert ours.getstate() == theirs.getstate()


@given(seeds, st.lists(st.integers(min_value=0, max_value=60), min_size=1, max_size=6))
def test_shuffle_is_shuffle(seed: int | str, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in sizes:
        a, b = list(range(size)), list(range(size))
        draws.shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
    assert ours.getstate() == theirs.getstate()


def test_an_empty_range_or_sequence_is_refused_without_drawing() -> None:
    rng = random.Random(7)
    before = rng.getstate()
    with pytest.raises(ValueError, match="empty range"):
        draws.below(rng, 0)
    with pytest.raises(IndexError, match="empty sequence"):
        draws.pick(rng, [])
    assert rng.getstate() == before


@given(st.text(max_size=40))
def test_seeded_is_random_of_a_string(seed: str) -> None:
    ours, theirs = draws.seeded(seed), random.Random(seed)
    assert type(ours) is random.Random
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(5)] == [theirs.random() for _ in range(5)]
    assert ours.gauss(0.0, 1.0) == theirs.gauss(0.0, 1.0)
    assert ours.getstate() == theirs.getstate()
