"""Many games, reproducibly, in parallel.

A simulation is a :class:`SimSpec` (a table, which bot kind sits where, how many
games, a seed).  Game ``i`` draws everything from two generators seeded by
``(seed, i)`` alone: one for its chance outcomes (the deal ...), so that game
``i`` is dealt the same cards whichever bots play it, and one that the table
(its speaking order) and every seat's bot share, in the order they draw (one
shared generator rather than one a seat: seeding one costs a few percent of a
simulated One Night game; see ``docs/simulation.md``).  Games are cut into
chunks of consecutive indices (plain, picklable work units) that worker
processes (the ``spawn`` start method, so it works the same everywhere) play
independently; the results come back in game order before anything is
counted, one at a time (:func:`stream`; nothing keeps the list of games unless the
caller asks for it with :func:`run`).  The same seed therefore gives the same results, to the last digit,
whatever the number of workers.  One game is :func:`~loupgarou.sim.game.play_game`
(compiled in the compiled build, where this module, which handles processes and
pickled values, is not); the names of :mod:`loupgarou.sim.game` and
:mod:`loupgarou.sim.spec` are also found here.

Bots sit by *side*: a kind for every seat (``*``), for a starting side
(``village``, ``werewolf`` ...; the seat's side is its dealt card's, which the
game master knows once the cards are dealt; the bot itself only ever gets its
seat's view), or for a seat.  :class:`SimSpec` holds the data form, seats counted from 0
like every program-facing format; the ``--bots`` flag, which counts seats from 1 as people
do, is read by :mod:`loupgarou.sim.bots_flag` (whose :func:`parse_bots` is also found here).
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final, TextIO

from loupgarou.bots.registry import factory, family_bots
from loupgarou.core.errors import ScriptError
from loupgarou.sim.bots_flag import parse_bots
from loupgarou.sim.game import kind_for, new_game, play_game, play_match, starting_roles
from loupgarou.sim.spec import SimSpec
from loupgarou.sim.stats import GameResult

__all__ = [
    "SimSpec",
    "check_bots",
    "chunks",
    "fewer_collections",
    "kind_for",
    "new_game",
    "parse_bots",
    "play_chunk",
    "play_game",
    "play_match",
    "progress_bar",
    "run",
    "starting_roles",
    "stream",
]


def check_bots(spec: SimSpec) -> None:
    """Refuse unknown kinds, sides and seats before any game is played (the data form:
    a seat is its index, from 0; the ``--bots`` flag is checked in people's terms by
    :func:`~loupgarou.sim.bots_flag.bots_from_flag` before)."""
    entry = family_bots(spec.table.family)
    n = spec.table.players
    for where, kind in spec.bots:
        factory(spec.table.family, kind, agent_timeout=spec.agent_timeout)
        if where == "*" or where in entry.sides:
            continue
        if where.isdecimal() and len(where) <= 9 and int(where) < n:
            continue
        raise ScriptError(
            "script.bad_bots",
            f"'{where}' is not a seat index (0 to {n - 1}, counted from 0), a side "
            f"({', '.join(entry.sides)}) or '*'",
        )


def play_chunk(spec: SimSpec, start: int, stop: int) -> list[GameResult]:
    """A work unit: games ``start`` to ``stop - 1`` (with :func:`fewer_collections`)."""
    with fewer_collections():
        return [play_game(spec, i) for i in range(start, stop)]


YOUNG_THRESHOLD: Final = 50_000
"""The cyclic garbage collector's first threshold while games are played (CPython's
default is 700): see :func:`fewer_collections`."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the cyclic garbage collector about seventy times less often, then restore its
    thresholds (even on error).

    A simulated game leaves no reference cycles (``gc.get_stats()`` counts nothing
    collected over thousands of games), so a collection during a run finds nothing; but
    it walks the long-lived objects, the solver's memos among them, again and again: 4 %
    of a five-player One Night game with sensible bots, measured.  Memory is freed by
    reference counting as before.  A threshold already higher, or 0 (automatic collection
    off), is left as it is."""
    old = gc.get_threshold()
    if old[0] == 0 or old[0] >= YOUNG_THRESHOLD:
        yield
        return
    gc.set_threshold(YOUNG_THRESHOLD, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _chunk(args: tuple[SimSpec, int, int]) -> list[GameResult]:
    return play_chunk(*args)


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(500, games // max(1, workers * 8)))
    return [(s, min(games, s + size)) for s in range(0, games, size)]


Progress = Callable[[int, int], None]


def stream(
    spec: SimSpec, *, workers: int = 1, progress: Progress | None = None
) -> Iterator[GameResult]:
    """Play every game of ``spec`` and yield the results in game order, as they come: only
    the chunks being played or waiting to be read are in memory, whatever the number of
    games (see the module docstring).  Unknown bots are refused before any game."""
    if spec.games < 0:
        raise ScriptError("script.bad_games", "the number of games cannot be negative")
    if workers < 1:
        raise ScriptError("script.bad_workers", "give at least one worker process")
    check_bots(spec)
    return _stream(spec, workers, progress)


def _stream(spec: SimSpec, workers: int, progress: Progress | None) -> Iterator[GameResult]:
    parts = chunks(spec.games, workers)
    done = 0
    if workers == 1 or len(parts) == 1:
        for start, stop in parts:
            yield from play_chunk(spec, start, stop)
            done += stop - start
            if progress is not None:
                progress(done, spec.games)
        return
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers) as pool:
        # ``imap`` hands the chunks back in the order they were given: game order.
        for batch in pool.imap(_chunk, [(spec, a, b) for a, b in parts]):
            yield from batch
            done += len(batch)
            if progress is not None:
                progress(done, spec.games)


def run(spec: SimSpec, *, workers: int = 1, progress: Progress | None = None) -> list[GameResult]:
    """Every game of ``spec``: the results in game order, in one list (see :func:`stream`
    to count them without keeping them)."""
    return list(stream(spec, workers=workers, progress=progress))


def progress_bar(stream: TextIO | None = None, width: int = 30) -> Progress:
    """A one-line text progress bar on ``stream`` (standard error by default)."""
    out = stream if stream is not None else sys.stderr

    def show(done: int, total: int) -> None:
        frac = done / total if total else 1.0
        filled = int(width * frac)
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if done >= total else ""
        print(f"\r[{bar}] {done}/{total} games", end=end, file=out, flush=True)

    return show
