"""Bots benchmark: sensible One Night games per second, the solver's time, two workers.

1. Five-player One Night games (deck: werewolf x2, seer, robber, troublemaker,
   drunk, insomniac, villager, as in ``shared/bench/floor_one_night.py``) with a
   sensible bot in every seat, through ``loupgarou.sim`` (engine, table, bot
   protocol), against the bare-rules floor run in the same process (interleaved
   rounds): games per second and the ratio.  The target is 8,000 sensible games
   per second per core.  The same games with random bots in every seat, through
   the same path, show what the engine and the table cost without any bot work.
   The solver keeps bounded caches (per seat and claim, per set of claims, per
   answer): a warm-up of a few games is played first and not timed.
2. The solver's time per call, cold (every cache emptied before each call), at
   5, 7 and 10 players on the situations the sensible bots meet at the vote (every
   seat has claimed), and at 5 players before anyone has spoken; then what the
   vote costs a whole table: every village seat of a game asking in turn
   (``Solver.vote``, which shares one enumeration between them), caches emptied
   before each game.
   Then the same cold ``posterior`` call at the vote for every Ravensburger scenario
   (Anarchie's drawn decks included) at 5, 6, 8 and 10 players where it is played.
3. The pack's question (:mod:`loupgarou.bots.one_night.pack`: what a spectator who heard
   one candidate claim believes), cold, on the strength table's scenarios: the old way
   (``Solver.posterior`` with no knowledge, the pack's budget) and ``Solver.spectator``
   (exact, the seats nobody names dealt as a multiset), side by side.
4. The speed-up of ``loupgarou simulate`` with 2 worker processes over 1.

usage: .venv/bin/python bench/bots.py [--games N] [--calls N] [--quick] [--profile]
       [--no-scenarios]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from loupgarou.bots.one_night import pack
from loupgarou.bots.one_night.bot import BOT_BUDGET, BOT_SAMPLES, SensibleOneNight
from loupgarou.bots.one_night.knowledge import ClaimKey, NightKnowledge
from loupgarou.bots.one_night.solver import Solver, role_numbers, solver_for
from loupgarou.bots.registry import family_bots
from loupgarou.core.actions import Action, Decision
from loupgarou.core.errors import SetupError
from loupgarou.core.statements import Statement
from loupgarou.engine.views import SeatView
from loupgarou.sim.runner import SimSpec, new_game, parse_bots, run
from loupgarou.sim.scenarios import TableSpec, table_spec
from loupgarou.sim.table import Table
from loupgarou.variants.one_night.scenarios import SCENARIO_BY_KEY, SCENARIOS
from loupgarou.variants.registry import find_family
from measure import build_name, describe_run, load_floor, print_profile

DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")
TARGET = 8000.0
"""Sensible five-player games a second (issue 17; it was 5,000)."""
WARM_UP = 20
BENCH_TABLE = TableSpec("one-night", 5, DECK, (), "bench deck (5)")


def games_per_second(games: int, rounds: int) -> dict[str, float]:
    """Sensible, random (same path) and floor games per second, in interleaved rounds."""
    floor = load_floor()
    rng = random.Random(0)
    run(SimSpec(BENCH_TABLE, parse_bots("sensible"), games=WARM_UP, seed=999))  # warm-up
    spent = {"sensible": 0.0, "random": 0.0, "floor": 0.0}
    done = 0
    per = max(1, games // rounds)
    for r in range(rounds):
        for kind in ("sensible", "random"):
            spec = SimSpec(BENCH_TABLE, parse_bots(kind), games=per, seed=r)
            t0 = time.perf_counter()
            run(spec)
            spent[kind] += time.perf_counter() - t0
        done += per
        if floor is not None:
            t0 = time.perf_counter()
            for _ in range(per * 20):
                floor(rng)
            spent["floor"] += (time.perf_counter() - t0) / 20
    return {kind: done / t for kind, t in spent.items() if t > 0.0}


Situation = tuple[Solver, NightKnowledge, dict[int, ClaimKey]]


class Watching:
    """A sensible bot that records its (solver, knowledge, claims) each time it asks the
    solver at the vote.  It wraps the bot rather than patching its class: a compiled class
    cannot be patched (the compiled build would go on calling the original)."""

    def __init__(self, bot: SensibleOneNight, seen: list[Situation]) -> None:
        self.bot = bot
        self.seen = seen

    def decide(self, view: SeatView, decision: Decision) -> Action:
        asked = self.bot.last
        action = self.bot.decide(view, decision)
        if self.bot.last is not asked:  # it asked the solver (its ``odds``)
            r = self.bot.reader
            self.seen.append((solver_for(r.deck, r.n), r.knowledge(), dict(r.claims)))
        return action

    def speak(self, view: SeatView) -> Statement | None:
        return self.bot.speak(view)


def vote_situations(scenario: str, players: int, count: int) -> list[list[Situation]]:
    """The (solver, knowledge, claims) of the sensible bots at the vote, from real games
    (the games ``simulate`` plays with seeds 1000, 1001 ...), grouped by game (``count``
    situations at least)."""
    table = table_spec(find_family("one-night"), players, scenario=scenario)
    entry = family_bots("one-night")
    games: list[list[Situation]] = []
    seed = 1000
    while sum(len(g) for g in games) < count:
        seen: list[Situation] = []
        match = new_game(SimSpec(table, parse_bots("sensible"), games=1, seed=seed), 0)
        bots = [
            Watching(SensibleOneNight(s, random.Random(f"{seed}:0:seat{s}")), seen)
            for s in range(players)
        ]
        Table(match, bots, rng=random.Random(f"{seed}:0:table"), entry=entry).play()
        games.append(seen)
        seed += 1
    return [g for g in games if g]


def forget(solver: Solver) -> None:
    """Empty every cache of a solver (a cold call)."""
    solver.clear_caches()


def time_solver(games: list[list[Situation]], count: int, no_claims: bool) -> dict[str, float]:
    """Cold :meth:`Solver.posterior` calls (the seat's own claim left out, as the solver does)."""
    times = []
    exact = 0
    errors = []
    for solver, knowledge, claims in [s for g in games for s in g][:count]:
        forget(solver)
        t0 = time.perf_counter()
        post = solver.posterior(knowledge, {} if no_claims else claims)
        times.append(time.perf_counter() - t0)
        exact += post.exact
        if not post.exact:
            errors.append(post.error)
    return {
        "calls": len(times),
        "median_ms": round(1000 * statistics.median(times), 3),
        "mean_ms": round(1000 * statistics.mean(times), 3),
        "max_ms": round(1000 * max(times), 3),
        "exact": exact,
        "max_error": round(max(errors), 4) if errors else 0.0,
    }


def time_votes(games: list[list[Situation]]) -> dict[str, float]:
    """Every asking seat of a game in turn, as the bots do it (``Solver.vote`` with the bot's
    budget), caches emptied before each game: time per game and per call."""
    per_game = []
    calls = 0
    exact = 0
    for game in games:
        forget(game[0][0])
        t0 = time.perf_counter()
        for solver, knowledge, claims in game:
            v = solver.vote(
                knowledge,
                claims,
                budget=BOT_BUDGET,
                samples=BOT_SAMPLES,
            )
            exact += v.exact
        per_game.append(time.perf_counter() - t0)
        calls += len(game)
    return {
        "games": len(per_game),
        "calls": calls,
        "median_ms_per_game": round(1000 * statistics.median(per_game), 3),
        "ms_per_game": round(1000 * statistics.mean(per_game), 3),
        "ms_per_call": round(1000 * sum(per_game) / calls, 3),
        "max_ms_per_game": round(1000 * max(per_game), 3),
        "exact": exact,
    }


SIZES = (5, 6, 8, 10)
"""Table sizes of the per-scenario solver measure (where the scenario is played)."""


def every_scenario(calls: int) -> dict[str, dict[str, float]]:
    """Cold ``posterior`` calls at the vote for every Ravensburger scenario at :data:`SIZES`."""
    out: dict[str, dict[str, float]] = {}
    for sc in SCENARIOS:
        if sc.key in ("basic", "bag"):  # the basic set-up is premiere-nuit's deck
            continue
        for players in SIZES:
            if players not in sc.player_counts:
                continue
            situations = vote_situations(sc.key, players, calls)
            row = time_solver(situations, calls, no_claims=False)
            out[f"{sc.key} {players}"] = row
            print(
                f"  {sc.key:22s} {players:2d} players: median {row['median_ms']:9.3f} ms, "
                f"mean {row['mean_ms']:9.3f} ms, worst {row['max_ms']:9.3f} ms, "
                f"exact {row['exact']}/{row['calls']}"
                + (
                    f", largest stated error {row['max_error']}"
                    if row["exact"] != row["calls"]
                    else ""
                ),
                flush=True,
            )
            if players == max(SIZES):
                # What a game's votes cost at the largest table (a shared vote table answers
                # the honest seats, each other seat its own posterior).
                votes = time_votes(situations)
                out[f"{sc.key} {players} votes"] = votes
                print(
                    f"  {'':22s} {players:2d} players, every asking seat of a game "
                    f"(Solver.vote): median {votes['median_ms_per_game']:9.3f} ms a game, "
                    f"{votes['ms_per_call']:.3f} ms a call, exact {votes['exact']}/{votes['calls']}",
                    flush=True,
                )
    return out


PACK_TABLES = (
    ("premiere-nuit", 5),
    ("benefice", 6),
    ("incertitudes", 6),
    ("incertitudes", 7),
    ("revenants", 8),  # a deck with a Doppelgänger (:mod:`loupgarou.bots.one_night.doppel`)
)


def pack_questions(
    players_deck: tuple[str, int],
) -> tuple[Solver, list[tuple[dict[int, ClaimKey], frozenset[int]]]]:
    """The pack's canonical questions at one table: every candidate claim of a Werewolf with
    a partner, a lone Werewolf that peeked at a Villager, the Tanner, each uncontested and
    contested."""
    scenario, players = players_deck
    deck = role_numbers(SCENARIO_BY_KEY[scenario].deck_for(players))
    solver = solver_for(deck, players)
    counts: dict[int, int] = {}
    for r in deck:
        counts[r] = counts.get(r, 0) + 1
    out = []
    for liar, partners, seen in ((1, {2}, {}), (1, set(), {0: 9}), (11, set(), {})):
        for claim in pack.candidates(0, players, counts, {}, partners, set(), seen, liar):
            canon, names = pack.canonical(claim, 0)
            for rival in (-1, len(names)):
                claims = {0: canon}
                if rival > 0:
                    claims[rival] = ClaimKey(canon.role, None, frozenset())
                question = (claims, frozenset(names.values()) - {0})
                if question not in out:
                    out.append(question)
    return solver, out


def time_pack() -> dict[str, dict[str, float]]:
    """The pack's questions, cold, the old way and the new, side by side."""
    out: dict[str, dict[str, float]] = {}
    for table in PACK_TABLES:
        solver, questions = pack_questions(table)
        old: list[float] = []
        new: list[float] = []
        worst_error = 0.0
        inexact = 0
        for claims, named in questions:
            forget(solver)
            t0 = time.perf_counter()
            post = solver.posterior(
                None, claims, budget=pack.VIEW_BUDGET, samples=pack.VIEW_SAMPLES
            )
            old.append(time.perf_counter() - t0)
            if not post.exact:
                worst_error = max(worst_error, post.error)
            forget(solver)
            t0 = time.perf_counter()
            got = solver.spectator(
                claims, named, budget=pack.VIEW_BUDGET, samples=pack.VIEW_SAMPLES
            )
            new.append(time.perf_counter() - t0)
            inexact += not got.exact
        row = {
            "questions": len(questions),
            "posterior_median_ms": round(1000 * statistics.median(old), 3),
            "posterior_max_ms": round(1000 * max(old), 3),
            "posterior_largest_error": round(worst_error, 4),
            "spectator_median_ms": round(1000 * statistics.median(new), 3),
            "spectator_max_ms": round(1000 * max(new), 3),
            "ratio_of_medians": round(statistics.median(old) / statistics.median(new), 1),
            "spectator_exact": len(questions) - inexact,
        }
        out[f"{table[0]} {table[1]}"] = row
        print(
            f"  {table[0]} ({table[1]}), {row['questions']} questions: posterior median "
            f"{row['posterior_median_ms']:.2f} ms (worst {row['posterior_max_ms']:.2f}"
            + (f", sampled, error up to {worst_error:.3f}" if worst_error else ", exact")
            + f"), spectator median {row['spectator_median_ms']:.3f} ms (worst "
            f"{row['spectator_max_ms']:.3f}, exact {row['spectator_exact']}/{len(questions)}): "
            f"{row['ratio_of_medians']}x",
            flush=True,
        )
    return out


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


def profile(games: int) -> None:
    """A cProfile of sensible games (top 30 by own time)."""
    run(SimSpec(BENCH_TABLE, parse_bots("sensible"), games=WARM_UP, seed=999))
    spec = SimSpec(BENCH_TABLE, parse_bots("sensible"), games=games, seed=0)
    print_profile(lambda: run(spec), f"{games} sensible games", 30)


def only_one_table(table: str, calls: int) -> int:
    """``--only``: the solver's two measures at one table, and nothing else (a quick way to
    compare two builds on the same situations, each in a process of its own)."""
    scenario, _, players = table.partition(":")
    if not players.isdigit():
        print(f"--only wants SCENARIO:PLAYERS, e.g. revenants:10 (got {table!r})")
        return 2
    try:
        situations = vote_situations(scenario, int(players), calls)
    except SetupError as e:
        print(f"--only: {e.message}")
        return 2
    print(describe_run())
    row = time_solver(situations, calls, no_claims=False)
    votes = time_votes(situations)
    print(
        f"  {scenario} {players} players, posterior at the vote, cold: median "
        f"{row['median_ms']:.3f} ms, mean {row['mean_ms']:.3f} ms, worst {row['max_ms']:.3f} ms, "
        f"exact {row['exact']}/{row['calls']}"
    )
    print(
        f"  every asking seat of a game (Solver.vote): {votes['ms_per_call']:.3f} ms a call, "
        f"median {votes['median_ms_per_game']:.3f} ms a game, exact {votes['exact']}/{votes['calls']}"
    )
    print(json.dumps({"build": build_name(), "posterior": row, "votes": votes}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3000, help="sensible games timed (3000)")
    parser.add_argument("--calls", type=int, default=40, help="solver calls per size (40)")
    parser.add_argument("--quick", action="store_true", help="a smaller run")
    parser.add_argument("--profile", action="store_true", help="add a cProfile of the games")
    parser.add_argument(
        "--no-scenarios", action="store_true", help="skip the solver on every scenario"
    )
    parser.add_argument(
        "--only",
        metavar="SCENARIO:PLAYERS",
        help="only the solver at one table (e.g. revenants:10): cold posterior calls at "
        "the vote and a game's votes, as printed for every scenario",
    )
    args = parser.parse_args(argv)
    if args.only:
        return only_one_table(args.only, args.calls)
    games = 600 if args.quick else args.games
    calls = 10 if args.quick else args.calls
    print(describe_run())
    result: dict[str, object] = {"build": build_name()}

    rates = games_per_second(games, 3)
    rate = rates["sensible"]
    print(f"\n1. five-player One Night games (after {WARM_UP} warm-up games, not timed):")
    print(
        f"  sensible  {rate:10,.0f} games/s  (target {TARGET:,.0f}: "
        f"{'met' if rate >= TARGET else 'missed'})"
    )
    rnd = rates["random"]
    print(f"  random    {rnd:10,.0f} games/s  (same path: engine, table, runner; no bot work)")
    bots_us = 1e6 * (1 / rate - 1 / rnd)
    print(f"  the sensible bots' own time: {bots_us:,.0f} microseconds a game")
    result |= {
        "sensible_games_per_sec": round(rate, 1),
        "random_games_per_sec": round(rnd, 1),
        "sensible_bots_us_per_game": round(bots_us, 1),
        "warm_up_games": WARM_UP,
    }
    floor = rates.get("floor")
    if floor is not None:
        print(f"  floor     {floor:10,.0f} games/s  (shared/bench/floor_one_night.py, same run)")
        print(f"  ratio     {rate / floor:10.4f}  (sensible / floor)")
        result |= {"floor_games_per_sec": round(floor, 1), "ratio_to_floor": round(rate / floor, 5)}

    print("\n2. the solver, cold (every cache emptied before each call):")
    solver_rows: dict[str, object] = {}
    for scenario, players in (("premiere-nuit", 5), ("confusion", 7), ("incertitudes", 10)):
        situations = vote_situations(scenario, players, calls)
        row = time_solver(situations, calls, no_claims=False)
        solver_rows[f"{players}p"] = row
        print(
            f"  {players:2d} players ({scenario}), posterior at the vote: median "
            f"{row['median_ms']:8.3f} ms, mean {row['mean_ms']:8.3f} ms, worst "
            f"{row['max_ms']:8.3f} ms, exact {row['exact']}/{row['calls']}"
            + (f", largest stated error {row['max_error']}" if row["exact"] != row["calls"] else "")
        )
        if players == 5:
            quiet = time_solver(situations, calls, no_claims=True)
            solver_rows["5p_no_claims"] = quiet
            print(
                f"   5 players, posterior before anyone speaks: median {quiet['median_ms']:8.3f} ms, "
                f"mean {quiet['mean_ms']:8.3f} ms, worst {quiet['max_ms']:8.3f} ms, "
                f"exact {quiet['exact']}/{quiet['calls']}"
            )
        votes = time_votes(situations)
        solver_rows[f"{players}p_votes"] = votes
        print(
            f"  {players:2d} players, every asking seat of a game (Solver.vote): median "
            f"{votes['median_ms_per_game']:8.3f} ms a game, mean {votes['ms_per_game']:.3f} ms "
            f"({votes['calls']} calls in {votes['games']} games, {votes['ms_per_call']:.3f} ms "
            f"a call; worst game {votes['max_ms_per_game']:.3f} ms), "
            f"exact {votes['exact']}/{votes['calls']}"
        )
    if not args.no_scenarios:
        print("\n   every scenario, posterior at the vote, cold:")
        solver_rows["scenarios"] = every_scenario(calls)
    result["solver"] = solver_rows

    print("\n3. the pack's question (a spectator who heard one claim), cold:")
    result["pack"] = time_pack()

    print("\n4. simulate with 2 worker processes:")
    t1, t2, gain = speedup(1000 if args.quick else 5000)
    print(f"  1 worker {t1:.2f} s, 2 workers {t2:.2f} s: speed-up {gain:.2f}x (same results)")
    result["speedup_2_workers"] = round(gain, 3)
    if args.profile:
        print("\n5. profile of 1000 sensible games:")
        profile(1000)
    print("\n" + json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
