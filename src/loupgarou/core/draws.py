"""Draws from a ``random.Random``, number for number the ones its own methods make.

``Random.choice``, ``Random.randrange(n)`` and ``Random.shuffle`` are Python code in the
standard library: called from the compiled build, each runs in the interpreter, several
thousand instructions for one number.  These functions draw the same way (the
generator's ``getrandbits``, used as the library's ``_randbelow`` uses it, in the same
order), in code the compiled build compiles, so a seeded game is the same game whichever
of the two draws it.  ``tests/core/test_draws.py`` compares them with the library's
methods.  They also pin the way a seeded game draws, should a later Python draw
otherwise.

The caller owns the generator: this module holds no state and no randomness of its own.
"""

from __future__ import annotations

import random
from _random import Random as _MersenneTwister
from collections.abc import Sequence
from hashlib import sha512
from typing import TypeVar

T = TypeVar("T")


def seeded(seed: str) -> random.Random:
    """``random.Random(seed)`` for a string seed: the same generator, state for state.

    The standard library's constructor runs two Python methods (``__init__``, ``seed``)
    around the C seeding; called from the compiled build, a few thousand instructions of a
    simulated game (two generators a game).  Seeding version 2 of a string seeds the
    Mersenne Twister with the integer of its UTF-8 bytes followed by their SHA-512 digest,
    as done here; ``tests/core/test_draws.py`` compares the states."""
    rng = random.Random.__new__(random.Random)  # the C allocation only: nothing drawn
    data = seed.encode()
    _MersenneTwister.seed(rng, int.from_bytes(data + sha512(data).digest()))
    setattr(rng, "gauss_next", None)  # noqa: B010 - set by ``Random.seed``, not in the stubs
    return rng


def below(rng: random.Random, n: int) -> int:
    """A whole number in ``range(n)`` (``n > 0``): ``rng.randrange(n)``."""
    if n <= 0:
        raise ValueError("empty range for below()")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """One item of a non-empty sequence: ``rng.choice(seq)``."""
    if not len(seq):
        raise IndexError("cannot pick from an empty sequence")
    return seq[below(rng, len(seq))]


def shuffle(rng: random.Random, x: list[T]) -> None:
    """Shuffle ``x`` in place: ``rng.shuffle(x)``."""
    # ``below`` inlined, the generator's method bound once: compiled, each draw called
    # ``getrandbits`` by name, a method look-up (about 200 instructions) a number.
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
