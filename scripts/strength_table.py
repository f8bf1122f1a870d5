"""Measure play strength: each side sensible against random, against the all-random baseline.

For a few named scenarios per family, plays ``--games`` games in each of four
line-ups (everybody random; the village sensible and everyone else random; the
werewolf side sensible and everyone else random; everybody sensible) and
writes a Markdown table of each side's win rate with 95 % intervals between
the markers ``<!-- strength:begin -->`` and ``<!-- strength:end -->`` of
``docs/bots.md`` (or prints it with ``--print``).  Same seed, same table.

usage: .venv/bin/python scripts/strength_table.py [--games N] [--workers W] [--seed S] [--print]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from loupgarou.bots.registry import family_bots
from loupgarou.sim.runner import SimSpec, run
from loupgarou.sim.scenarios import table_spec
from loupgarou.sim.stats import Rate, summarise
from loupgarou.variants.registry import find_family

DOC = Path(__file__).resolve().parents[1] / "docs" / "bots.md"
SCENARIOS = (
    ("one-night", "premiere-nuit", 5),
    ("one-night", "benefice", 6),
    ("one-night", "incertitudes", 6),
    ("thiercelieux", "suggested", 8),
    ("thiercelieux", "suggested", 12),
    ("thiercelieux", "suggested-thief", 10),
)


CHEAP = 4
"""Line-ups whose sensible seats never call the One Night solver (all random, the werewolf
side sensible) are cheap: they play this many times more games, for tighter intervals."""


def lineups(family: str) -> list[tuple[str, tuple[tuple[str, str], ...], int]]:
    village, wolves = family_bots(family).sides[:2]
    return [
        ("all random", (("*", "random"),), CHEAP),
        (f"{village} sensible", (("*", "random"), (village, "sensible")), 1),
        (f"{wolves} sensible", (("*", "random"), (wolves, "sensible")), CHEAP),
        ("all sensible", (("*", "sensible"),), 1),
    ]


def cell(rate: Rate) -> str:
    lo, hi = rate.interval
    return f"{100 * rate.rate:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--print", action="store_true", help="print instead of writing docs/bots.md"
    )
    args = parser.parse_args(argv)
    lines = [
        f"{args.games} games per line-up ({CHEAP * args.games} for the all-random baseline and "
        f"for the werewolf side sensible, which are cheap), seed {args.seed}; win rate of each "
        "side with 95 % intervals. *sensible* seats play the sensible bot, the others the "
        "random bot; a seat's side is its starting card's.",
        "",
        "| scenario | side | all random | this side sensible, others random | all sensible | gain |",
        "|---|---|---|---|---|---|",
    ]
    started = time.perf_counter()
    for family, scenario, players in SCENARIOS:
        fam = find_family(family)
        table = table_spec(fam, players, scenario=scenario)
        village, wolves = family_bots(family).sides[:2]
        got = {}
        for name, bots, scale in lineups(family):
            spec = SimSpec(table, bots, games=args.games * scale, seed=args.seed)
            t0 = time.perf_counter()
            got[name] = summarise(name, run(spec, workers=args.workers), (village, wolves))
            print(
                f"{family} {table.label} {name}: {time.perf_counter() - t0:.1f} s", file=sys.stderr
            )
        for side in (village, wolves):
            base = got["all random"].teams[side]
            mine = got[f"{side} sensible"].teams[side]
            both = got["all sensible"].teams[side]
            gain = 100 * (mine.rate - base.rate)
            clear = mine.interval[0] > base.interval[1]
            lines.append(
                f"| {family} {table.label} | {side} | {cell(base)} | {cell(mine)} | {cell(both)} "
                f"| {gain:+.1f} pts{'' if clear else ' (intervals overlap)'} |"
            )
    lines.append("")
    lines.append(f"Measured in {time.perf_counter() - started:.0f} s with {args.workers} workers.")
    text = "\n".join(lines)
    if args.print:
        print(text)
        return 0
    doc = DOC.read_text(encoding="utf-8")
    new, count = re.subn(
        r"<!-- strength:begin -->.*<!-- strength:end -->",
        lambda _: f"<!-- strength:begin -->\n{text}\n<!-- strength:end -->",
        doc,
        flags=re.S,
    )
    if not count:
        print("docs/bots.md has no strength markers", file=sys.stderr)
        return 1
    DOC.write_text(new, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
