"""Lupus in Tabula benchmark: complete 12-player games with uniformly random legal choices.

Plays whole games, from the deal to the verdict, through the engine's public API
(``new_match``, ``Match.pending``, ``Match.submit``) in two configurations:

- ``basic``: the default deck for 12 players, ``default_deck(12)`` (2 Werewolves,
  the Seer, 9 Villagers);
- ``specials``: ``default_deck(12, SPECIALS)``: 2 Werewolves, the Seer, the Medium,
  the Possessed, the Bodyguard, the Owl, the Werehamster, the Mythomaniac and 3
  Villagers (every special character but the Freemasons, who are suggested from
  13 players), so that every night call but theirs, both chance draws and all
  three sides occur.

The policy: the first pending decision (in seat order) is answered with an
action drawn uniformly from its options (``PASS`` included where the call may be
declined).  No timeouts, no statements: they do not change how a game resolves.
Chance (the deal, the pack's tie-breaks, the Welcome card) comes from
``SeededChance(seed)``, the choices from ``random.Random(seed)``.

The script prints the machine, games (and decisions) per second, the mean game
length, the win split per side with 99 % Wilson intervals, and the peak memory.

usage: .venv/bin/python bench/lupus.py [--games N] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass, field

from loupgarou.core.chance import ChanceSource, SeededChance
from loupgarou.engine import new_match
from loupgarou.variants.lupus import VARIANT, default_deck
from measure import build_name, describe_run, interval99, max_rss_mib, print_profile

PLAYERS = (
    "Ada",
    "Bruno",
    "Carla",
    "Dario",
    "Elena",
    "Fabio",
    "Gina",
    "Ivo",
    "Lara",
    "Marco",
    "Nina",
    "Olga",
)
SPECIALS = ("medium", "possessed", "bodyguard", "owl", "werehamster", "mythomaniac")
CONFIGS: dict[str, tuple[str, ...]] = {
    "basic": default_deck(len(PLAYERS)),
    "specials": default_deck(len(PLAYERS), SPECIALS),
}
SIDES = ("humans", "werewolves", "werehamster")
CONFIG_SIDES: dict[str, frozenset[str]] = {
    name: frozenset(SIDES[:2] if "werehamster" not in deck else SIDES)
    for name, deck in CONFIGS.items()
}
"""The sides a configuration can produce (shown even when they never win)."""
TRACED_GAMES = 300
"""Games per configuration in the (slow) tracemalloc pass."""
PROFILED_GAMES = 1000
"""Games per configuration under cProfile."""


# --- playing --------------------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """What a run of games of one configuration came to."""

    games: int = 0
    decisions: int = 0
    days: int = 0
    nights: int = 0
    seconds: float = 0.0
    """Wall-clock time (``time.perf_counter``)."""
    cpu_seconds: float = 0.0
    """Processor time of the process (``time.process_time``): less sensitive to a busy machine."""
    wins: Counter[str] = field(default_factory=Counter)


class RandomPlayer:
    """Plays games of one deck through the public API, every choice uniform among the options."""

    def __init__(self, deck: tuple[str, ...], seed: int) -> None:
        self.deck = deck
        self.rng = random.Random(seed)
        self.chance: ChanceSource = SeededChance(seed)

    def play(self, tally: Tally) -> None:
        """One complete game, added to ``tally`` (the time is not: see :func:`timed`)."""
        match = new_match(VARIANT, PLAYERS, self.deck, chance=self.chance)
        choose = self.rng.choice
        submit = match.submit
        decisions = 0
        pending = match.pending()
        while pending:
            decision = pending[0]
            submit(decision.seat, choose(decision.options))
            decisions += 1
            pending = match.pending()
        outcome = match.outcome
        assert outcome is not None, "no decision is pending, yet the game is not over"
        public = VARIANT.public(match.state)  # the view every seat has, not the hidden state
        tally.games += 1
        tally.decisions += decisions
        tally.days += public["day"]
        tally.nights += public["night"]
        tally.wins["+".join(sorted(outcome.teams)) or "nobody"] += 1


def timed(player: RandomPlayer, games: int, tally: Tally) -> None:
    gc.collect()
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(games):
        player.play(tally)
    tally.seconds += time.perf_counter() - start
    tally.cpu_seconds += time.process_time() - cpu_start


# --- reporting ------------------------------------------------------------------------------------


def describe(deck: tuple[str, ...]) -> str:
    counts = Counter(deck)
    return ", ".join(name if k == 1 else f"{name} x{k}" for name, k in counts.items())


def split_line(name: str, tally: Tally) -> str:
    n = tally.games
    sides = [*SIDES, *sorted(set(tally.wins) - set(SIDES))]
    parts = []
    for side in sides:
        k = tally.wins[side]
        if k == 0 and side not in CONFIG_SIDES[name]:
            continue
        lo, hi = interval99(k, n)
        parts.append(f"{side} {100 * k / n:5.2f} % [{100 * lo:5.2f}, {100 * hi:5.2f}]")
    return f"  {name:<9} " + "  ".join(parts)


def profile(games: int, seed: int) -> None:
    def play_every_configuration() -> None:
        for deck in CONFIGS.values():
            player, tally = RandomPlayer(deck, seed), Tally()
            for _ in range(games):
                player.play(tally)

    print_profile(play_every_configuration, f"{games} games per configuration", 25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3000, help="games per configuration (3000)")
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the chance and the choices (0)"
    )
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of the games")
    args = parser.parse_args(argv)
    games = max(1, args.games)

    print(describe_run())
    print(f"games: {games} per configuration, {len(PLAYERS)} players, seed {args.seed}")
    for name, deck in CONFIGS.items():
        print(f"  {name:<9} {describe(deck)}")

    tallies: dict[str, Tally] = {}
    for name, deck in CONFIGS.items():
        tallies[name] = tally = Tally()
        timed(RandomPlayer(deck, args.seed), games, tally)
    rss = max_rss_mib()

    # Peak Python allocations while games are played (tracemalloc slows them: a separate pass).
    traced_games = min(games, TRACED_GAMES)
    traced_peaks: dict[str, float] = {}
    for name, deck in CONFIGS.items():
        player, scratch = RandomPlayer(deck, args.seed + 1), Tally()
        tracemalloc.start()
        for _ in range(traced_games):
            player.play(scratch)
        traced_peaks[name] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()

    result: dict[str, object] = {"build": build_name(), "games": games, "seed": args.seed}
    print("\nspeed:")
    for name, tally in tallies.items():
        rate = tally.games / tally.seconds
        print(
            f"  {name:<9} {rate:8,.0f} games/s  {tally.decisions / tally.seconds:9,.0f} "
            f"decisions/s  ({tally.seconds:.2f} s wall; per CPU second: "
            f"{tally.games / tally.cpu_seconds:,.0f} games/s)"
        )
    print("\ngame length (means per game):")
    for name, tally in tallies.items():
        n = tally.games
        print(
            f"  {name:<9} {tally.days / n:5.2f} days (stage 1 held), {tally.nights / n:5.2f} "
            f"nights, {tally.decisions / n:6.1f} decisions"
        )
    print("\nwin split (99 % Wilson intervals):")
    for name, tally in tallies.items():
        print(split_line(name, tally))
    print("\nmemory:")
    print(
        f"  max RSS of the process (resource.getrusage ru_maxrss, interpreter and every "
        f"timed game included): {rss:.1f} MiB"
    )
    for name, peak in traced_peaks.items():
        print(
            f"  tracemalloc peak of Python allocations over {traced_games} {name} games: "
            f"{peak:.2f} MiB"
        )

    for name, tally in tallies.items():
        n = tally.games
        result[name] = {
            "games_per_sec": round(n / tally.seconds, 1),
            "games_per_cpu_sec": round(n / tally.cpu_seconds, 1),
            "decisions_per_sec": round(tally.decisions / tally.seconds, 1),
            "mean_days": round(tally.days / n, 3),
            "mean_nights": round(tally.nights / n, 3),
            "mean_decisions": round(tally.decisions / n, 2),
            "wins": dict(tally.wins),
            "tracemalloc_peak_mib": round(traced_peaks[name], 3),
        }
    result["max_rss_mib"] = round(rss, 2)
    print("\n" + json.dumps(result))
    if args.profile:
        profile(min(games, PROFILED_GAMES), args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
