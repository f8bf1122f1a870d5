"""``loupgarou simulate``: many games of bots, with win rates and intervals.

Choose a family, a scenario or a deck, a player count, which bots sit where
(``--bots``), the number of games, a seed and the worker processes.  The report
gives each team's and each starting role's win rate with a 95 % interval, the
draws and the mean game length, as a table, JSON or CSV; ``--plot FILE.png``
draws the win rates (needs the ``plot`` extra).  The same seed gives the same
report whatever the number of workers.  A progress bar shows on a terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from loupgarou.bots.registry import family_bots
from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON
from loupgarou.sim.runner import SimSpec, parse_bots, progress_bar, run
from loupgarou.sim.scenarios import table_spec
from loupgarou.sim.stats import as_csv, as_json, as_table, summarise
from loupgarou.variants.registry import find_family


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "simulate",
        help="play many games with bots and report win rates",
        description=(
            "Play many games with bots in every seat and report each team's and each "
            "starting role's win rate (95 % intervals), draws and mean game length."
        ),
        epilog=(
            "Bots: --bots sensible (every seat), or a comma list of WHERE=KIND, WHERE being "
            "'*', a starting side (village, werewolf ...) or a seat number; KIND is random, "
            "sensible, or agent:COMMAND (an external program, see docs/bots.md; it must come "
            "last). Examples: --bots village=sensible,werewolf=random ; "
            "--bots '*=random,0=agent:python3 examples/agents/first_option.py'"
        ),
    )
    parser.add_argument(
        "family", nargs="?", default="one-night", help="one-night (default), thiercelieux ..."
    )
    parser.add_argument(
        "--scenario",
        "-s",
        help="a named scenario (One Night: premiere-nuit, the default ...; Thiercelieux: suggested, the default, or suggested-thief)",
    )
    parser.add_argument("--deck", help="comma-separated cards, instead of a scenario")
    parser.add_argument("--players", "-p", type=int, default=5, help="player count (5)")
    parser.add_argument("--bots", "-b", default="sensible", help="which bots sit where (sensible)")
    parser.add_argument("--games", "-n", type=int, default=1000, help="number of games (1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (0)")
    parser.add_argument(
        "--workers", "-j", type=int, default=1, help="worker processes (1; 0: one per CPU)"
    )
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option (repeatable)",
    )
    parser.add_argument(
        "--format", choices=("table", "json", "csv"), default="table", help="report format (table)"
    )
    parser.add_argument("--json", action="store_true", help="same as --format json")
    parser.add_argument("--output", help="write the report to this file instead of standard output")
    parser.add_argument(
        "--plot", metavar="FILE.png", help="draw the win rates to an image (needs matplotlib)"
    )
    parser.add_argument(
        "--agent-timeout",
        type=float,
        default=5.0,
        help="seconds an external agent has per answer (5)",
    )
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress", action="store_true", default=None, help="always show the progress bar"
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show it"
    )
    parser.set_defaults(func=handle)


def parse_option(text: str) -> tuple[str, JSON]:
    name, eq, raw = text.partition("=")
    if not eq or not name.strip():
        raise ScriptError("script.bad_option", f"an option is NAME=VALUE, got {text!r}")
    value: JSON
    low = raw.strip().lower()
    if low in ("true", "on", "yes"):
        value = True
    elif low in ("false", "off", "no"):
        value = False
    else:
        try:
            value = int(raw)
        except ValueError:
            try:
                value = float(raw)
            except ValueError:
                value = raw.strip()
    return name.strip(), value


def handle(args: argparse.Namespace) -> int:
    family = find_family(args.family)
    if args.games < 1:
        raise ScriptError("script.bad_games", "give at least one game (--games)")
    deck = tuple(c.strip() for c in args.deck.split(",") if c.strip()) if args.deck else ()
    options = tuple(parse_option(o) for o in args.option)
    scenario = args.scenario
    if not scenario and not deck and family.name == "one-night":
        scenario = "premiere-nuit"
    table = table_spec(family, args.players, scenario=scenario, deck=deck, options=options)
    workers = args.workers if args.workers > 0 else (os.cpu_count() or 1)
    spec = SimSpec(
        table,
        parse_bots(args.bots),
        games=args.games,
        seed=args.seed,
        agent_timeout=args.agent_timeout,
    )
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    results = run(spec, workers=workers, progress=progress_bar() if show else None)
    bots = ", ".join(f"{w}={k}" for w, k in spec.bots)
    summary = summarise(
        f"{family.name} {table.label}, bots {bots}, seed {args.seed}",
        results,
        family_bots(family.name).sides,
    )
    fmt = "json" if args.json else args.format
    text = {"table": as_table, "json": as_json, "csv": as_csv}[fmt](summary)
    if args.output:
        try:
            Path(args.output).write_text(
                text + ("" if text.endswith("\n") else "\n"), encoding="utf-8"
            )
        except OSError as exc:
            raise ScriptError("script.cannot_write", f"cannot write {args.output}: {exc}") from exc
    else:
        print(text.rstrip("\n"))
    if args.plot:
        from loupgarou.sim.plot import plot_summary

        plot_summary(summary, args.plot)
    return 0
