"""One Night benchmark: the engine against the bare-rules floor, in the same run.

Plays 5-player games (werewolf, werewolf, seer, robber, troublemaker, drunk,
insomniac, villager) through the engine's public API (``new_match``,
``Match.pending``, ``Match.submit``) with exactly the random policy of
``shared/bench/floor_one_night.py``:

- a lone Werewolf peeks at a random centre card;
- the Seer looks at one random other player or two random centre cards, 50/50;
- the Robber and the Troublemaker act with probability 0.9, else pass;
- the Drunk always takes a random centre card;
- every vote is uniform over the other players.

The floor (a hand-written loop: no engine, records or views) runs in the same
process, in interleaved rounds so that both see the same machine load.  The
script prints games per second for both and their ratio, the peak memory, both
win splits and whether they agree within sampling error.

usage: .venv/bin/python bench/one_night.py [--games N] [--seed S] [--rounds R] [--profile]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import tracemalloc
from collections import Counter
from collections.abc import Callable
from functools import partial

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceSource, SeededChance
from loupgarou.engine import new_match
from loupgarou.variants.one_night import VARIANT
from measure import (
    FLOOR,
    Z99,
    build_name,
    describe_run,
    interval99,
    load_floor,
    max_rss_mib,
    print_profile,
    timed,
)

PLAYERS = ("Ana", "Bruno", "Céline", "Dédé", "Élise")
DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")
OUTCOMES = ("village", "werewolf", "nobody")
TARGET_RATIO = 0.5
"""Issue 17: the engine at half the floor's speed or better (0.3 before it)."""
TARGET_PEAK_MIB = 40.0


# --- the engine side ------------------------------------------------------------------------------

Chooser = Callable[[random.Random], Action]


def _chooser(decision: Decision) -> Chooser:
    """The floor's policy for one decision, as a function of the generator."""
    options = decision.options
    kind = decision.kind
    at_players = [a for a in options if a.kind != "pass" and a.players and not a.centre]
    at_centre = [a for a in options if a.kind != "pass" and a.centre and not a.players]
    passes = [a for a in options if a.kind == "pass"]
    if kind == "lone_wolf":
        return lambda rng: rng.choice(at_centre)
    if kind == "seer":
        return lambda rng: rng.choice(at_players) if rng.random() < 0.5 else rng.choice(at_centre)
    if kind in ("robber", "troublemaker"):
        skip = passes[0]
        return lambda rng: rng.choice(at_players) if rng.random() < 0.9 else skip
    if kind in ("drunk", "vote"):
        return lambda rng: rng.choice(options)
    raise ValueError(f"the benchmark deck has no '{kind}' decision")


class EnginePlayer:
    """Plays benchmark games through the public API, with the floor's policy."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.chance: ChanceSource = SeededChance(seed)
        # A decision's options depend on its kind and seat only (5 players): sort them once.
        self._choosers: dict[tuple[str, int], Chooser] = {}

    def play(self) -> str:
        match = new_match(VARIANT, PLAYERS, DECK, chance=self.chance)
        rng = self.rng
        choosers = self._choosers
        pending = match.pending()
        while pending:
            # The night asks one seat at a time; the day's votes are simultaneous, and
            # each stays pending (and legal) until its seat votes: answer them all.
            for decision in pending:
                key = (decision.kind, decision.seat)
                choose = choosers.get(key)
                if choose is None:
                    choose = choosers[key] = _chooser(decision)
                match.submit(decision.seat, choose(rng))
            pending = match.pending()
        outcome = match.outcome
        assert outcome is not None, "no decision is pending, yet the game is not over"
        if "village" in outcome.teams:
            return "village"
        return "werewolf" if "werewolf" in outcome.teams else "nobody"


# --- the floor side -------------------------------------------------------------------------------


# --- statistics -----------------------------------------------------------------------------------


def z_two_proportions(k1: int, n1: int, k2: int, n2: int) -> float:
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return 0.0 if se == 0 else (k1 / n1 - k2 / n2) / se


def chi2_homogeneity(a: Counter[str], b: Counter[str]) -> tuple[float, float]:
    """Chi-square test that two 3-way splits come from one distribution: (statistic, p)."""
    na, nb = sum(a.values()), sum(b.values())
    stat = 0.0
    for key in OUTCOMES:
        total = a[key] + b[key]
        for observed, n in ((a[key], na), (b[key], nb)):
            expected = total * n / (na + nb)
            if expected > 0:
                stat += (observed - expected) ** 2 / expected
    return stat, math.exp(-stat / 2)  # 2 degrees of freedom: the survival function is exact


# --- the run --------------------------------------------------------------------------------------


def split_line(name: str, wins: Counter[str]) -> str:
    n = sum(wins.values())
    parts = []
    for key in OUTCOMES:
        lo, hi = interval99(wins[key], n)
        parts.append(f"{key} {100 * wins[key] / n:5.2f} % [{100 * lo:5.2f}, {100 * hi:5.2f}]")
    return f"  {name:<7} " + "  ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=30_000, help="games per side (30000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of both sides (0)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument(
        "--profile", action="store_true", help="also print a cProfile of the engine"
    )
    args = parser.parse_args(argv)
    games, rounds = args.games, max(1, args.rounds)

    print(describe_run())
    print(f"games: {games} per side, seed {args.seed}, {rounds} interleaved rounds")
    floor = load_floor()
    if floor is None:
        print(f"floor: {FLOOR} is absent: no ratio and no win-split comparison")

    engine = EnginePlayer(args.seed)
    floor_play = None if floor is None else partial(floor, random.Random(args.seed))
    engine_wins: Counter[str] = Counter()
    floor_wins: Counter[str] = Counter()
    engine_time = floor_time = 0.0
    per_round = [games // rounds + (r < games % rounds) for r in range(rounds)]
    for share in per_round:
        engine_time += timed(engine.play, share, engine_wins)
        if floor_play is not None:
            floor_time += timed(floor_play, share, floor_wins)
    rss = max_rss_mib()
    if "none" in floor_wins:  # the floor says "none" for nobody
        floor_wins["nobody"] += floor_wins.pop("none")

    # Peak Python allocations while the engine plays (tracemalloc slows it: a separate pass).
    traced_games = min(games, 3_000)
    traced = EnginePlayer(args.seed + 1)
    tracemalloc.start()
    for _ in range(traced_games):
        traced.play()
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    engine_rate = games / engine_time
    print("\nspeed:")
    print(f"  engine  {engine_rate:10,.0f} games/s  ({engine_time:.2f} s)")
    result: dict[str, object] = {
        "build": build_name(),
        "engine_games_per_sec": round(engine_rate, 1),
        "engine_wins": dict(engine_wins),
    }
    verdict = 0
    if floor is not None:
        floor_rate = games / floor_time
        ratio = engine_rate / floor_rate
        print(f"  floor   {floor_rate:10,.0f} games/s  ({floor_time:.2f} s)")
        mark = "meets" if ratio >= TARGET_RATIO else "misses"
        print(f"  ratio   {ratio:10.3f} (engine / floor; {mark} the target >= {TARGET_RATIO})")
        result |= {
            "floor_games_per_sec": round(floor_rate, 1),
            "ratio": round(ratio, 4),
            "floor_wins": dict(floor_wins),
        }

    print("\nmemory:")
    mark = "meets" if rss < TARGET_PEAK_MIB else "misses"
    print(
        f"  max RSS of the process (resource.getrusage ru_maxrss, interpreter included): "
        f"{rss:.1f} MiB ({mark} the target < {TARGET_PEAK_MIB:.0f} MiB)"
    )
    print(
        f"  tracemalloc peak of Python allocations over {traced_games} engine games: "
        f"{traced_peak / 2**20:.2f} MiB"
    )
    result |= {"max_rss_mib": round(rss, 2), "tracemalloc_peak_mib": round(traced_peak / 2**20, 3)}

    print("\nwin split (99 % Wilson intervals):")
    print(split_line("engine", engine_wins))
    if floor is not None:
        print(split_line("floor", floor_wins))
        stat, p = chi2_homogeneity(engine_wins, floor_wins)
        zs = {
            key: z_two_proportions(engine_wins[key], games, floor_wins[key], games)
            for key in OUTCOMES
        }
        z_text = ", ".join(f"{key} {z:+.2f}" for key, z in zs.items())
        agree = p >= 0.01 and all(abs(z) < Z99 for z in zs.values())
        print(f"  two-proportion z: {z_text} (|z| < {Z99:.3f} at 99 %)")
        print(f"  chi-square (2 df): {stat:.2f}, p = {p:.3f}")
        print(
            "  the splits agree within sampling error"
            if agree
            else "  THE SPLITS DISAGREE: the engine does not play the floor's game"
        )
        result |= {"chi2_p": round(p, 4), "splits_agree": agree}
        verdict = 0 if agree else 1
    print("\n" + json.dumps(result))
    if args.profile:
        player, profiled = EnginePlayer(args.seed), min(games, 20_000)
        print_profile(
            lambda: [player.play() for _ in range(profiled)], f"{profiled} engine games", 20
        )
    return verdict


if __name__ == "__main__":
    sys.exit(main())
