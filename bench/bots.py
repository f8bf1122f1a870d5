"""Bots benchmark: sensible One Night games per second, the solver's time, two workers.

1. Five-player One Night games (deck: werewolf x2, seer, robber, troublemaker,
   drunk, insomniac, villager, as in ``shared/bench/floor_one_night.py``) with a
   sensible bot in every seat, through the engine and the bot protocol, against
   the bare-rules floor run in the same process (interleaved rounds): games per
   second and the ratio.  The target is 5,000 sensible games per second per core.
2. The solver's time per call (median and worst, how many answers were exact) at
   5, 7 and 10 players, on the situations the sensible bots meet at the vote (every
   seat has claimed), and at 5 players before anyone has spoken.
3. The speed-up of ``loupgarou simulate`` with 2 worker processes over 1.

usage: .venv/bin/python bench/bots.py [--games N] [--calls N] [--quick]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

from loupgarou.bots.one_night import bot as one_night_bot
from loupgarou.bots.one_night.knowledge import ClaimKey, NightKnowledge
from loupgarou.bots.one_night.solver import Posterior, Solver, solver_for
from loupgarou.sim.runner import SimSpec, parse_bots, run
from loupgarou.sim.scenarios import TableSpec, table_spec
from loupgarou.variants.registry import find_family

FLOOR = Path(__file__).resolve().parents[2] / "shared" / "bench" / "floor_one_night.py"
DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")
TARGET = 5000.0


def load_floor() -> Callable[[random.Random], str] | None:
    if not FLOOR.is_file():
        return None
    spec = importlib.util.spec_from_file_location("floor_one_night", FLOOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cast(Callable[[random.Random], str], module.play_py)


def games_per_second(games: int, rounds: int) -> tuple[float, float | None]:
    table = TableSpec("one-night", 5, DECK, (), "bench deck (5)")
    floor = load_floor()
    rng = random.Random(0)
    engine_time = floor_time = 0.0
    done = 0
    per = max(1, games // rounds)
    for r in range(rounds):
        spec = SimSpec(table, parse_bots("sensible"), games=per, seed=r)
        t0 = time.perf_counter()
        run(spec)
        engine_time += time.perf_counter() - t0
        done += per
        if floor is not None:
            t0 = time.perf_counter()
            for _ in range(per * 20):
                floor(rng)
            floor_time += (time.perf_counter() - t0) / 20
    rate = done / engine_time
    return rate, (done / floor_time if floor is not None else None)


Situation = tuple[Solver, NightKnowledge, dict[int, ClaimKey]]


def vote_situations(scenario: str, players: int, count: int) -> list[Situation]:
    """The (solver, knowledge, claims) of sensible bots at the vote, from real games."""
    table = table_spec(find_family("one-night"), players, scenario=scenario)
    seen: list[Situation] = []
    original = one_night_bot.SensibleOneNight.posterior

    def grab(self: one_night_bot.SensibleOneNight) -> Posterior:
        r = self.reader
        seen.append((solver_for(r.deck, r.n), r.knowledge(), dict(r.claims)))
        return original(self)

    one_night_bot.SensibleOneNight.posterior = grab  # type: ignore[method-assign]
    try:
        index = 0
        while len(seen) < count:
            run(SimSpec(table, parse_bots("sensible"), games=1, seed=1000 + index))
            index += 1
    finally:
        one_night_bot.SensibleOneNight.posterior = original  # type: ignore[method-assign]
    return seen[:count]


def time_solver(situations: list[Situation], no_claims: bool) -> dict[str, float]:
    times = []
    exact = 0
    errors = []
    for solver, knowledge, claims in situations:
        solver._cache.clear()
        t0 = time.perf_counter()
        post = solver.posterior(knowledge, {} if no_claims else claims)
        times.append(time.perf_counter() - t0)
        exact += post.exact
        if not post.exact:
            errors.append(post.error)
    return {
        "calls": len(times),
        "median_ms": round(1000 * statistics.median(times), 3),
        "max_ms": round(1000 * max(times), 3),
        "exact": exact,
        "max_error": round(max(errors), 4) if errors else 0.0,
    }


def speedup(games: int) -> tuple[float, float, float]:
    table = table_spec(find_family("one-night"), 5, scenario="premiere-nuit")
    spec = SimSpec(table, parse_bots("sensible"), games=games, seed=7)
    t0 = time.perf_counter()
    one = run(spec, workers=1)
    t1 = time.perf_counter() - t0
    t0 = time.perf_counter()
    two = run(spec, workers=2)
    t2 = time.perf_counter() - t0
    assert one == two, "2 workers gave other results than 1"
    return t1, t2, t1 / t2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3000, help="sensible games timed (3000)")
    parser.add_argument("--calls", type=int, default=40, help="solver calls per size (40)")
    parser.add_argument("--quick", action="store_true", help="a smaller run")
    args = parser.parse_args(argv)
    games = 300 if args.quick else args.games
    calls = 10 if args.quick else args.calls
    print(
        f"machine: {platform.platform()}; {os.cpu_count()} CPUs; Python {platform.python_version()}"
    )
    result: dict[str, object] = {}

    rate, floor = games_per_second(games, 3)
    print("\n1. five-player One Night games, sensible bots in every seat:")
    print(
        f"  sensible  {rate:10,.0f} games/s  (target {TARGET:,.0f}: {'met' if rate >= TARGET else 'missed'})"
    )
    result["sensible_games_per_sec"] = round(rate, 1)
    if floor is not None:
        print(f"  floor     {floor:10,.0f} games/s  (shared/bench/floor_one_night.py, same run)")
        print(f"  ratio     {rate / floor:10.4f}  (sensible / floor)")
        result |= {"floor_games_per_sec": round(floor, 1), "ratio_to_floor": round(rate / floor, 5)}

    print("\n2. the solver, per call (situations met by sensible bots at the vote):")
    solver_rows: dict[str, object] = {}
    for scenario, players in (("premiere-nuit", 5), ("confusion", 7), ("incertitudes", 10)):
        situations = vote_situations(scenario, players, calls)
        row = time_solver(situations, no_claims=False)
        solver_rows[f"{players}p"] = row
        print(
            f"  {players:2d} players ({scenario}): median {row['median_ms']:8.2f} ms, worst "
            f"{row['max_ms']:8.2f} ms, exact {row['exact']}/{row['calls']}"
            + (f", largest stated error {row['max_error']}" if row["exact"] != row["calls"] else "")
        )
        if players == 5:
            quiet = time_solver(situations, no_claims=True)
            solver_rows["5p_no_claims"] = quiet
            print(
                f"   5 players, before anyone speaks: median {quiet['median_ms']:8.2f} ms, worst "
                f"{quiet['max_ms']:8.2f} ms, exact {quiet['exact']}/{quiet['calls']}"
            )
    result["solver"] = solver_rows

    print("\n3. simulate with 2 worker processes:")
    t1, t2, gain = speedup(200 if args.quick else 1000)
    print(f"  1 worker {t1:.2f} s, 2 workers {t2:.2f} s: speed-up {gain:.2f}x (same results)")
    result["speedup_2_workers"] = round(gain, 3)
    print("\n" + json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
