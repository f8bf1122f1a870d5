"""Measure play strength: each side sensible against random, against the all-random baseline.

For a few named scenarios per family, plays ``--games`` games in each of four
line-ups (everybody random; the village sensible and everyone else random; the
werewolf side sensible and everyone else random; everybody sensible) and
writes a Markdown table of each side's win rate with 95 % intervals between
the markers ``<!-- strength:begin -->`` and ``<!-- strength:end -->`` of
``docs/bots.md`` (or prints it with ``--print``).  Same seed, same table.

``--family F`` (repeatable) measures only that family's scenarios; written to
``docs/bots.md``, its rows replace the rows of the same scenario and side and
the other families' rows stay as they were.

Every table is a named scenario of ``loupgarou.sim.scenarios`` (what
``loupgarou simulate -s`` plays).  Lupus in Tabula's are ours, since its rules
name none: ``basic`` (the default deck: 2 Werewolves, the Seer, Villagers),
``specials`` (the same with the Medium, the Possessed, the Bodyguard and the
Owl) and ``everything`` (every special character, the Werehamster, the
Mythomaniac and the Freemasons included).

usage: .venv/bin/python scripts/strength_table.py [--games N] [--workers W] [--seed S]
       [--family F ...] [--print]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from loupgarou.bots.registry import family_bots
from loupgarou.sim.runner import SimSpec, stream
from loupgarou.sim.scenarios import TableSpec, table_spec
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
    ("lupus", "basic", 8),
    ("lupus", "specials", 12),
    ("lupus", "everything", 13),
)


def table_for(family: str, scenario: str, players: int) -> TableSpec:
    return table_spec(find_family(family), players, scenario=scenario)


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
        "--family",
        action="append",
        default=[],
        help="measure only this family's scenarios (repeatable); their rows replace theirs",
    )
    parser.add_argument(
        "--print", action="store_true", help="print instead of writing docs/bots.md"
    )
    args = parser.parse_args(argv)
    chosen = [s for s in SCENARIOS if not args.family or s[0] in args.family]
    if not chosen:
        print(f"no scenarios for {', '.join(args.family)}", file=sys.stderr)
        return 2
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
    rows: list[str] = []
    for family, scenario, players in chosen:
        table = table_for(family, scenario, players)
        village, wolves = family_bots(family).sides[:2]
        got = {}
        for name, bots, scale in lineups(family):
            spec = SimSpec(table, bots, games=args.games * scale, seed=args.seed)
            t0 = time.perf_counter()
            got[name] = summarise(name, stream(spec, workers=args.workers), (village, wolves))
            print(
                f"{family} {table.label} {name}: {time.perf_counter() - t0:.1f} s", file=sys.stderr
            )
        for side in (village, wolves):
            base = got["all random"].teams[side]
            mine = got[f"{side} sensible"].teams[side]
            both = got["all sensible"].teams[side]
            gain = 100 * (mine.rate - base.rate)
            clear = mine.interval[0] > base.interval[1]
            rows.append(
                f"| {family} {table.label} | {side} | {cell(base)} | {cell(mine)} | {cell(both)} "
                f"| {gain:+.1f} pts{'' if clear else ' (intervals overlap)'} |"
            )
    seconds = time.perf_counter() - started
    lines += rows
    lines.append("")
    lines.append(f"Measured in {seconds:.0f} s with {args.workers} workers.")
    text = "\n".join(lines)
    if args.print:
        print(text)
        return 0
    doc = DOC.read_text(encoding="utf-8")
    if args.family:
        merged = merge(doc, rows, f"{', '.join(args.family)} re-measured in {seconds:.0f} s.")
        if merged is None:
            print("docs/bots.md has no strength table to merge into", file=sys.stderr)
            return 1
        DOC.write_text(merged, encoding="utf-8")
        print("\n".join(rows))
        return 0
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


def merge(doc: str, rows: list[str], note: str) -> str | None:
    """``doc`` with ``rows`` in its strength table: a row replaces the row of the same
    scenario and side, or is added after the last row; ``note`` joins the closing line."""
    found = re.search(r"<!-- strength:begin -->\n(.*?)\n<!-- strength:end -->", doc, flags=re.S)
    if found is None:
        return None
    lines = found.group(1).split("\n")
    last = max((i for i, line in enumerate(lines) if line.startswith("| ")), default=-1)
    if last < 0:
        return None

    def key(line: str) -> tuple[str, ...]:
        return tuple(cell.strip() for cell in line.split("|")[1:3])

    for row in rows:
        same = [
            i for i, line in enumerate(lines) if line.startswith("| ") and key(line) == key(row)
        ]
        if same:
            lines[same[0]] = row
        else:
            last += 1
            lines.insert(last, row)
    if lines and lines[-1].startswith("Measured"):
        family = note.split(" re-measured", maxsplit=1)[0]
        old = re.sub(rf" {re.escape(family)} re-measured in \d+ s\.", "", lines[-1].rstrip())
        lines[-1] = f"{old} {note}"
    block = "\n".join(lines)
    return f"{doc[: found.start(1)]}{block}{doc[found.end(1) :]}"


if __name__ == "__main__":
    sys.exit(main())
