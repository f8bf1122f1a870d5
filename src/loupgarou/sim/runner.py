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
independently; the results are put back in game order before anything is
counted.  The same seed therefore gives the same results,
to the last digit, whatever the number of workers.

Bots sit by *side*: a kind for every seat (``*``), for a starting side
(``village``, ``werewolf`` ...; the seat's side is its dealt card's, which the
game master knows once the cards are dealt; the bot itself only ever gets its
seat's view), or for a seat number.
"""

from __future__ import annotations

import multiprocessing
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from loupgarou.bots.protocol import Bot
from loupgarou.bots.registry import factory, family_bots
from loupgarou.core.chance import SeededChance
from loupgarou.core.errors import ScriptError
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.sim.scenarios import TableSpec
from loupgarou.sim.stats import GameResult
from loupgarou.sim.table import Table
from loupgarou.variants.registry import find_family


@dataclass(frozen=True, slots=True)
class SimSpec:
    """A simulation (plain values only: it travels to worker processes)."""

    table: TableSpec
    bots: tuple[tuple[str, str], ...] = (("*", "random"),)
    """``(where, kind)``: ``where`` is ``*``, a side name or a seat number."""
    games: int = 1000
    seed: int = 0
    agent_timeout: float = 5.0


def parse_bots(text: str) -> tuple[tuple[str, str], ...]:
    """``sensible`` or ``village=sensible,werewolf=random,0=agent:./bot``."""
    items: list[tuple[str, str]] = []
    for part in _split(text):
        where, eq, kind = part.partition("=")
        if not eq:
            where, kind = "*", part
        where, kind = where.strip(), kind.strip()
        if not where or not kind:
            raise ScriptError("script.bad_bots", f"cannot read the bot assignment {part!r}")
        items.append((where, kind))
    if not items:
        raise ScriptError("script.bad_bots", "give at least one bot kind")
    return tuple(items)


def _split(text: str) -> list[str]:
    """Split on commas, except inside an ``agent:`` command (which runs to the end)."""
    out: list[str] = []
    rest = text
    while rest:
        head, _, tail = rest.partition(",")
        if "agent:" in head:
            out.append(rest)
            break
        out.append(head)
        rest = tail
    return [p for p in (x.strip() for x in out) if p]


def check_bots(spec: SimSpec) -> None:
    """Refuse unknown kinds, sides and seats before any game is played."""
    entry = family_bots(spec.table.family)
    n = spec.table.players
    for where, kind in spec.bots:
        factory(spec.table.family, kind, agent_timeout=spec.agent_timeout)
        if where == "*" or where in entry.sides:
            continue
        if where.isdigit() and int(where) < n:
            continue
        raise ScriptError(
            "script.bad_bots",
            f"'{where}' is not a seat (0 to {n - 1}), a side ({', '.join(entry.sides)}) or '*'",
        )


def kind_for(spec: SimSpec, seat: int, side: str) -> str:
    """A seat number beats a side, which beats ``*``; the last mention wins."""
    chosen = "random"
    rank = -1
    for where, kind in spec.bots:
        r = 2 if where == str(seat) else 1 if where == side else 0 if where == "*" else -1
        if r >= rank and r >= 0:
            chosen, rank = kind, r
    return chosen


def new_game(spec: SimSpec, index: int) -> Match:
    t = spec.table
    config = GameConfig(
        t.family, tuple(f"P{i + 1}" for i in range(t.players)), t.deck, dict(t.options)
    )
    return Match(find_family(t.family), config, SeededChance(f"{spec.seed}:{index}:chance"))


def starting_roles(match: Match) -> tuple[str, ...]:
    """Each seat's dealt card, from the record (the game master's knowledge)."""
    roles = ["?"] * len(match.players)
    for e in match.events:
        if e.kind == "dealt" and not e.audience.everyone and len(e.audience.seats) == 1:
            (seat,) = e.audience.seats
            if roles[seat] == "?":
                roles[seat] = str(e.data["role"])
    return tuple(roles)


def play_game(spec: SimSpec, index: int) -> GameResult:
    """Play game ``index`` of ``spec`` (a pure function of the two)."""
    match = new_game(spec, index)
    entry = family_bots(spec.table.family)
    roles = starting_roles(match)
    sides = tuple(entry.side_of(r) for r in roles)
    kinds = tuple(kind_for(spec, s, sides[s]) for s in range(len(roles)))
    rng = random.Random(f"{spec.seed}:{index}:table")
    bots: list[Bot] = [
        factory(spec.table.family, k, agent_timeout=spec.agent_timeout)(s, rng)
        for s, k in enumerate(kinds)
    ]
    table = Table(match, bots, rng=rng, entry=entry)
    try:
        table.play()
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if close is not None:
                close()
    outcome = match.outcome
    assert outcome is not None
    nights = sum(1 for e in match.events if e.kind == "night_begins")
    decisions = sum(1 for i in match.inputs if i.type in ("action", "timeout"))
    return GameResult(
        index=index,
        teams=tuple(sorted(outcome.teams)),
        winners=tuple(sorted(outcome.winners)),
        roles=roles,
        sides=sides,
        kinds=kinds,
        nights=nights,
        decisions=decisions,
        statements=table.log.statements,
        timeouts=table.log.timeouts,
    )


def play_chunk(spec: SimSpec, start: int, stop: int) -> list[GameResult]:
    """A work unit: games ``start`` to ``stop - 1``."""
    return [play_game(spec, i) for i in range(start, stop)]


def _chunk(args: tuple[SimSpec, int, int]) -> list[GameResult]:
    return play_chunk(*args)


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(500, games // max(1, workers * 8)))
    return [(s, min(games, s + size)) for s in range(0, games, size)]


Progress = Callable[[int, int], None]


def run(spec: SimSpec, *, workers: int = 1, progress: Progress | None = None) -> list[GameResult]:
    """Play every game of ``spec``; the results in game order (see the module docstring)."""
    if spec.games < 0:
        raise ScriptError("script.bad_games", "the number of games cannot be negative")
    if workers < 1:
        raise ScriptError("script.bad_workers", "give at least one worker process")
    check_bots(spec)
    parts = chunks(spec.games, workers)
    results: list[GameResult] = []
    done = 0
    if workers == 1 or len(parts) == 1:
        for start, stop in parts:
            results.extend(play_chunk(spec, start, stop))
            done += stop - start
            if progress is not None:
                progress(done, spec.games)
        return results
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers) as pool:
        for batch in pool.imap(_chunk, [(spec, a, b) for a, b in parts]):
            results.extend(batch)
            done += len(batch)
            if progress is not None:
                progress(done, spec.games)
    results.sort(key=lambda r: r.index)
    return results


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
