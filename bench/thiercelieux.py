"""Thiercelieux benchmark: complete games through the engine, against a peer engine, in one run.

Plays 9-player games (Werewolf ×2, Seer, Witch, Hunter, Cupid, Villager ×3)
through the engine's public API (``new_match``, ``Match.pending``,
``Match.submit``) until the game is over, every decision answered with a
uniformly random legal option, except that a Werewolf always wakes (with
``--uniform-wake`` the wake/sleep choice is random too: the pack then starves on
a quarter of the nights).  It reports games per second, the mean game length
in nights, the peak memory and the win split.

In the same run, in interleaved rounds, it runs the peer engine
``werewolf-engine==0.1.0`` with ``peer_werewolf_engine.py`` (in the team's shared bench folder beside a checkout, not in this repository) (9
players: Villager ×3, Werewolf ×2, Seer, Doctor, Witch, Hunter; random legal
actions) in a subprocess, with the interpreter given by ``--peer-python``: the
peer lives in a scratch virtual environment outside the repository and is
never a dependency of the project.  Without ``--peer-python`` the script says
how to get one and prints our figures only.

usage: .venv/bin/python bench/thiercelieux.py [--games N] [--seed S] [--rounds R]
       [--peer-python PATH] [--uniform-wake] [--profile]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

from loupgarou.core.actions import Action
from loupgarou.core.chance import ChanceSource, SeededChance
from loupgarou.engine import new_match
from loupgarou.variants.thiercelieux import VARIANT
from measure import build_name, describe_run, max_rss_mib, print_profile, timed

PLAYERS = ("Ana", "Bruno", "Céline", "Dédé", "Élise", "Fanfan", "Gégé", "Hugo", "Inès")
DECK = (
    "werewolf",
    "werewolf",
    "seer",
    "witch",
    "hunter",
    "cupid",
    "villager",
    "villager",
    "villager",
)
PEER = Path(__file__).resolve().parents[2] / "shared" / "bench" / "peer_werewolf_engine.py"
PEER_PACKAGE = "werewolf-engine==0.1.0"
HOW_TO_PEER = (
    "python3 -m venv ~/peer-venv && ~/peer-venv/bin/pip install "
    f"{PEER_PACKAGE}, then add --peer-python ~/peer-venv/bin/python"
)
WAKE = Action("wake")
TARGET_RATIO = 2.0
"""Issue 17: twice the peer's games per second or better at 9 players (1 before it)."""


# --- our side -------------------------------------------------------------------------------------


class EnginePlayer:
    """Plays benchmark games through the public API with uniformly random legal choices."""

    def __init__(self, seed: int, *, uniform_wake: bool = False) -> None:
        self.rng = random.Random(seed)
        self.chance: ChanceSource = SeededChance(seed)
        self.uniform_wake = uniform_wake
        self.nights = 0

    def play(self) -> str:
        match = new_match(VARIANT, PLAYERS, DECK, chance=self.chance)
        choice = self.rng.choice
        always_wake = not self.uniform_wake
        pending = match.pending()
        while pending:
            decision = pending[0]
            if always_wake and decision.kind == "werewolf_wake":
                action = WAKE
            else:
                action = choice(decision.options)
            match.submit(decision.seat, action)
            pending = match.pending()
        outcome = match.outcome
        assert outcome is not None, "no decision is pending, yet the game is not over"
        self.nights += int(match.variant.public(match.state)["night"])
        return "+".join(sorted(outcome.teams)) or "nobody"


# --- the peer -------------------------------------------------------------------------------------


PEAK = "peak-rss-kib"
WRAPPER = f"""
import runpy, sys
script = sys.argv[1]
sys.argv = sys.argv[1:]
try:
    runpy.run_path(script, run_name="__main__")
finally:
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    sys.stderr.write("{PEAK} " + line.split()[1] + "\\n")
    except OSError:
        pass
"""
"""Runs the peer's script and reports its own peak RSS (``VmHWM``, Linux only): the
``ru_maxrss`` of a child also counts the pages of the parent it was forked from."""


def run_peer(python: str, script: Path, games: int, seed: int) -> dict[str, Any]:
    """One batch of the peer in a subprocess: its own timing of the games loop, in JSON,
    plus ``peak_rss_mib`` when the system reports it."""
    done = subprocess.run(
        [python, "-c", WRAPPER, str(script), str(games), str(seed)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(
            f"the peer failed (exit {done.returncode}): {done.stderr.strip()[-500:]}\n"
            f"to install it: {HOW_TO_PEER}"
        )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    for line in done.stderr.splitlines():
        if line.startswith(PEAK):
            result["peak_rss_mib"] = int(line.split()[1]) / 1024
    return result


# --- the run --------------------------------------------------------------------------------------


def split_line(name: str, wins: Counter[str]) -> str:
    n = sum(wins.values())
    parts = [f"{key} {100 * k / n:5.2f} %" for key, k in sorted(wins.items())]
    return f"  {name:<5} " + "  ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=6_000, help="games per side (6000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of both sides (0)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (3)")
    parser.add_argument(
        "--peer-python",
        metavar="PATH",
        help=f"a Python interpreter with {PEER_PACKAGE} installed (outside the repository)",
    )
    parser.add_argument(
        "--peer-script", metavar="PATH", default=str(PEER), help="the peer's driver script"
    )
    parser.add_argument(
        "--uniform-wake",
        action="store_true",
        help="let each Werewolf wake or sleep at random too (default: always wake)",
    )
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of ours")
    args = parser.parse_args(argv)
    games, rounds = args.games, max(1, args.rounds)

    print(describe_run())
    print(f"games: {games} per side, seed {args.seed}, {rounds} interleaved rounds")
    print(
        f"ours: 9 players, {', '.join(DECK)}; wake: {'random' if args.uniform_wake else 'always'}"
    )
    peer_script = Path(args.peer_script)
    peer_python = args.peer_python
    if peer_python is None:
        print(f"peer: no --peer-python given: our figures only.  To compare: {HOW_TO_PEER}")
    elif not peer_script.is_file():
        print(f"peer: {peer_script} is absent: our figures only")
        peer_python = None
    else:
        print(f"peer: {PEER_PACKAGE} via {peer_script.name}, run by {peer_python}")

    ours = EnginePlayer(args.seed, uniform_wake=args.uniform_wake)
    our_wins: Counter[str] = Counter()
    peer_wins: Counter[str] = Counter()
    our_time = peer_time = 0.0
    peer_rounds = 0.0
    peer_peak: float | None = None
    per_round = [games // rounds + (r < games % rounds) for r in range(rounds)]
    for r, share in enumerate(per_round):
        our_time += timed(ours.play, share, our_wins)
        if peer_python is not None and share:
            batch = run_peer(peer_python, peer_script, share, args.seed + r)
            peer_time += float(batch["seconds"])
            peer_rounds += float(batch["mean_rounds"]) * share
            peer_wins.update({str(k): int(v) for k, v in batch["wins"].items()})
            if "peak_rss_mib" in batch:
                peer_peak = max(peer_peak or 0.0, float(batch["peak_rss_mib"]))
    rss = max_rss_mib()

    # Peak Python allocations while ours plays (tracemalloc slows it: a separate pass).
    traced_games = min(games, 1_000)
    traced = EnginePlayer(args.seed + 1, uniform_wake=args.uniform_wake)
    tracemalloc.start()
    for _ in range(traced_games):
        traced.play()
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    our_rate = games / our_time
    nights = ours.nights / games
    print("\nspeed:")
    print(f"  ours  {our_rate:10,.0f} games/s  ({our_time:.2f} s)")
    result: dict[str, object] = {
        "build": build_name(),
        "games": games,
        "ours_games_per_sec": round(our_rate, 1),
        "ours_mean_nights": round(nights, 3),
        "ours_wins": dict(our_wins),
    }
    if peer_python is not None:
        peer_rate = games / peer_time
        ratio = our_rate / peer_rate
        print(f"  peer  {peer_rate:10,.0f} games/s  ({peer_time:.2f} s, its own timing)")
        mark = "meets" if ratio >= TARGET_RATIO else "misses"
        print(f"  ratio {ratio:10.3f} (ours / peer; {mark} the target >= {TARGET_RATIO:g})")
        result |= {
            "peer_games_per_sec": round(peer_rate, 1),
            "ratio": round(ratio, 4),
            "peer_mean_rounds": round(peer_rounds / games, 3),
            "peer_wins": dict(peer_wins),
        }

    print("\ngame length:")
    print(f"  ours  {nights:.3f} nights per game on average")
    if peer_python is not None:
        print(f"  peer  {peer_rounds / games:.3f} rounds per game on average")

    print("\nmemory:")
    print(
        f"  ours: max RSS of this process (ru_maxrss, interpreter included): {rss:.1f} MiB; "
        f"tracemalloc peak over {traced_games} games: {traced_peak / 2**20:.2f} MiB"
    )
    result |= {"max_rss_mib": round(rss, 2), "tracemalloc_peak_mib": round(traced_peak / 2**20, 3)}
    if peer_python is not None and peer_peak is not None:
        print(
            f"  peer: peak RSS of its subprocess (VmHWM, interpreter included): {peer_peak:.1f} MiB"
        )
        result["peer_max_rss_mib"] = round(peer_peak, 2)
    elif peer_python is not None:
        print("  peer: its peak RSS is not reported on this system (no /proc)")

    print("\nwin split (the decks differ: Cupid here, the Doctor in the peer's game):")
    print(split_line("ours", our_wins))
    if peer_python is not None:
        print(split_line("peer", peer_wins))
    print("\n" + json.dumps(result))
    if args.profile:
        player = EnginePlayer(args.seed, uniform_wake=args.uniform_wake)
        profiled = min(games, 3_000)
        print_profile(lambda: [player.play() for _ in range(profiled)], f"{profiled} games", 25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
