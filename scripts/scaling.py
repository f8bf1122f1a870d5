"""How the cost of a game grows with the table: cost per game and per decision, by player count.

For every family, complete games through the public engine API with random legal choices
(the first pending decision each time, a Werewolf always wakes, as ``bench/thiercelieux.py``
plays), and for every family's sensible bots, simulated games through ``loupgarou.sim``
(the engine, the table, the bots), at several table sizes:

- One Night: the box's *Incertitudes* (4 to 10 players);
- Thiercelieux: the suggested deck (8 to 18 players);
- Lupus in Tabula: the default deck (8 to 24 players).

Each cell is timed in CPU seconds of this process (``time.process_time``: on a shared
machine the wall clock also counts the other jobs' turns), after a few warm-up games, for
at least ``--seconds`` (or ``--min-games`` games).  The last column of each family, the
cost per decision at the largest table over the smallest, is what "flat per decision"
means.  ``--write`` puts the table in ``docs/performance.md`` and the short one in the
README, between their ``scaling`` markers.

usage: build/installed/bin/python scripts/scaling.py [--seconds S] [--write]
       (`make scaling`: on the installed compiled wheel, then --write)
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from loupgarou import build_description
from loupgarou.core.actions import Action
from loupgarou.core.chance import SeededChance
from loupgarou.engine import new_match
from loupgarou.sim.runner import SimSpec, fewer_collections, parse_bots, play_game
from loupgarou.sim.scenarios import TableSpec, table_spec
from loupgarou.variants.registry import find_family

ROOT = Path(__file__).resolve().parents[1]
WAKE = Action("wake")
NAMES = tuple(f"p{i}" for i in range(40))


@dataclass(frozen=True)
class Row:
    """One family (or bots) at one table size: the sizes' costs."""

    what: str
    players: int
    games: int
    us_game: float
    us_decision: float
    decisions: float


@dataclass(frozen=True)
class Line:
    """What is measured: a family's random games or its bots, and at which sizes."""

    what: str
    family: str
    scenario: str
    sizes: tuple[int, ...]
    bots: bool


LINES = (
    Line("One Night, random choices", "one-night", "incertitudes", (4, 5, 7, 10), False),
    Line("Thiercelieux, random choices", "thiercelieux", "suggested", (8, 9, 12, 15, 18), False),
    Line("Lupus in Tabula, random choices", "lupus", "basic", (8, 12, 16, 24), False),
    Line("One Night, sensible bots", "one-night", "incertitudes", (4, 5, 7, 10), True),
    Line("Thiercelieux, sensible bots", "thiercelieux", "suggested", (8, 12, 18), True),
    Line("Lupus in Tabula, sensible bots", "lupus", "basic", (8, 12, 16, 24), True),
)


def random_games(table: TableSpec) -> Callable[[int], int]:
    """Plays game ``i`` of ``table`` with random legal choices; its number of decisions."""
    family = find_family(table.family)
    names = NAMES[: table.players]
    options = dict(table.options)

    def play(i: int) -> int:
        rng = random.Random(i)
        match = new_match(family, names, table.deck, options=options, chance=SeededChance(i))
        decisions = 0
        pending = match.pending()
        while pending:
            decision = pending[0]
            if decision.kind == "werewolf_wake":
                action = WAKE
            else:
                action = decision.options[rng.randrange(len(decision.options))]
            match.submit(decision.seat, action)
            decisions += 1
            pending = match.pending()
        return decisions

    return play


def bot_games(table: TableSpec) -> Callable[[int], int]:
    """Plays game ``i`` of a simulation of ``table`` with sensible bots in every seat."""
    spec = SimSpec(table, parse_bots("sensible"), games=1 << 30, seed=1)
    return lambda i: play_game(spec, i).decisions


def measure(line: Line, players: int, seconds: float, min_games: int) -> Row:
    table = table_spec(find_family(line.family), players, scenario=line.scenario)
    play = bot_games(table) if line.bots else random_games(table)
    with fewer_collections():  # as the simulator plays (see sim/runner.py)
        for i in range(5):  # warm-up: the rules' memos, the bots' caches
            play(1_000_000 + i)
        games = decisions = 0
        start = time.process_time()
        spent = 0.0
        while spent < seconds or games < min_games:
            decisions += play(games)
            games += 1
            spent = time.process_time() - start
    return Row(
        line.what,
        players,
        games,
        spent / games * 1e6,
        spent / decisions * 1e6,
        decisions / games,
    )


def _us(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def full_table(rows: list[Row]) -> str:
    out = [
        "| what | players | µs a game | decisions a game | µs a decision | per decision, vs the smallest table |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    first: dict[str, Row] = {}
    for r in rows:
        base = first.setdefault(r.what, r)
        out.append(
            f"| {r.what} | {r.players} | {_us(r.us_game)} | {r.decisions:.1f} | "
            f"{_us(r.us_decision)} | {r.us_decision / base.us_decision:.2f}× |"
        )
    return "\n".join(out)


def short_table(rows: list[Row]) -> str:
    out = [
        "| what | µs a decision, smallest → largest table | µs a game, smallest → largest |",
        "|---|---|---|",
    ]
    groups: dict[str, list[Row]] = {}
    for r in rows:
        groups.setdefault(r.what, []).append(r)
    for what, rs in groups.items():
        a, b = rs[0], rs[-1]
        out.append(
            f"| {what} | {_us(a.us_decision)} ({a.players} players) → {_us(b.us_decision)} "
            f"({b.players}): {b.us_decision / a.us_decision:.2f}× | "
            f"{_us(a.us_game)} → {_us(b.us_game)} |"
        )
    return "\n".join(out)


def replace_block(path: Path, text: str) -> None:
    """Put ``text`` between the ``<!-- scaling:begin -->`` and ``<!-- scaling:end -->``
    markers of ``path``."""
    old = path.read_text(encoding="utf-8")
    pattern = re.compile(r"(<!-- scaling:begin -->\n).*?(<!-- scaling:end -->)", re.DOTALL)
    if not pattern.search(old):
        raise SystemExit(f"{path} has no scaling markers")
    path.write_text(pattern.sub(lambda m: m[1] + text + "\n" + m[2], old), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.6, help="CPU seconds a cell (0.6)")
    parser.add_argument("--min-games", type=int, default=20, help="games a cell, at least (20)")
    parser.add_argument("--write", action="store_true", help="update docs/performance.md, README")
    args = parser.parse_args()
    load = ""
    with contextlib.suppress(OSError):
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    header = (
        f"loupgarou {build_description().split(', from')[0]}; {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {load} at the start; "
        f"{time.strftime('%Y-%m-%d', time.gmtime())}"
    )
    print(header, flush=True)
    rows = []
    for line in LINES:
        for players in line.sizes:
            row = measure(line, players, args.seconds, args.min_games)
            print(
                f"{row.what:<32} {players:>2}: {row.games:>6} games, {_us(row.us_game):>7} µs a "
                f"game, {row.decisions:6.1f} decisions, {_us(row.us_decision):>6} µs a decision",
                flush=True,
            )
            rows.append(row)
    with contextlib.suppress(OSError):
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    full = f"{full_table(rows)}\n\n_{header}; load average {load} at the end._\n"
    print()
    print(full)
    print(short_table(rows))
    if args.write:
        replace_block(ROOT / "docs" / "performance.md", full)
        replace_block(ROOT / "README.md", f"{short_table(rows)}\n\n_{header}._\n")
        print("written: docs/performance.md, README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
