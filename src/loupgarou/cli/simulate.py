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
from collections.abc import Iterable, Sequence
from typing import Any

from loupgarou.bots.registry import family_bots
from loupgarou.cli.bounds import (
    MAX_AGENT_SECONDS,
    MAX_GAMES,
    MAX_PLAYERS,
    MAX_SEED,
    MAX_WORKERS,
    seconds,
    whole,
)
from loupgarou.cli.files import check_writable, write_atomically
from loupgarou.core.errors import ScriptError, SetupError
from loupgarou.core.events import JSON
from loupgarou.core.variant import GameConfig, Variant
from loupgarou.sim.bots_flag import bots_from_flag, show_bots
from loupgarou.sim.runner import SimSpec, progress_bar, run, stream

__all__ = ["default_players", "handle", "register", "run", "suited_players"]
from loupgarou.sim.scenarios import find_lupus_scenario, lupus_deck, lupus_player_range, table_spec
from loupgarou.sim.stats import Tally, as_csv, as_json, as_table
from loupgarou.variants.registry import find_family

FAMILY_HELP = "one-night (default), thiercelieux, or lupus (also lupus-in-tabula)"

SCENARIO_HELP = (
    "a named table. One Night: a box scenario, premiere-nuit (the default), pleine-lune, "
    "nuit-solitaire, confusion, benefice, mysterieux-compagnons, incertitudes, alliance, "
    "revenants, anarchie, basic or bag. Thiercelieux: suggested (the default) or "
    "suggested-thief. Lupus in Tabula: basic (the default), specials or everything. "
    "'loupgarou scenarios --family F' shows their decks"
)

BOTS_EPILOG = (
    "Bots: --bots sensible (every seat), or a comma list of WHERE=KIND. WHERE is '*', a seat "
    "number (from 1, as play counts: 1 is the first seat clockwise), a player's name (play) or the side of a seat's dealt card: village, werewolf or tanner in One "
    "Night; village or werewolves in Thiercelieux; humans, werewolves or werehamster in Lupus "
    "in Tabula (the Possessed sits with the werewolves, the Mythomaniac with the humans). A "
    "seat beats a side, a side beats '*'. KIND is random, sensible, or agent:COMMAND (an "
    "external program, see docs/bots.md; it must come last). Examples: "
    "--bots village=sensible,werewolf=random ; lupus --bots humans=sensible,werewolves=random ; "
    "--bots '*=random,1=agent:python3 examples/agents/first_option.py'"
)

DEFAULT_PLAYERS = {"one-night": 5, "thiercelieux": 8, "lupus": 8}
"""The player count when none is given, before a scenario moves it into its range."""

PLAYERS_HELP = (
    "player count (default: what --deck is made for, as its cards minus the 3 centre ones "
    "for one-night; else 5 for one-night, 8 for thiercelieux and lupus; a named scenario "
    "meant for more starts at its smallest suggested table, as lupus specials at 12 and "
    "everything at 13, and one meant for fewer at its largest, as nuit-solitaire at 4)"
)


def suited_players(family: Variant, scenario: str | None) -> tuple[int, int]:
    """The table sizes ``scenario`` is meant for (the family's own range without one,
    or for a name the family does not know: :func:`table_spec` then says what is wrong).

    One Night: the box scenario's player counts.  Thiercelieux: the suggested decks'
    8 to 18.  Lupus in Tabula (``basic`` without a scenario): from the smallest table
    whose deck the rules play without a warning (the Owl is suggested from 12 players,
    the Freemasons from 13) to the largest the deck fits.
    """
    if family.name == "one-night" and scenario:
        from loupgarou.variants.one_night.scenarios import find_scenario

        try:
            counts = find_scenario(scenario).player_counts
        except SetupError:
            return family.min_players, family.max_players
        return counts[0], counts[-1]
    if family.name == "thiercelieux":
        from loupgarou.variants.thiercelieux.setup import SUGGESTED_PLAYERS

        return SUGGESTED_PLAYERS
    if family.name == "lupus":
        from loupgarou.variants.lupus.setup import parse_deck, validate_deck

        try:
            found = find_lupus_scenario(scenario or "basic")
        except SetupError:
            return family.min_players, family.max_players
        low, high = lupus_player_range(found)
        for n in range(low, high + 1):
            if not validate_deck(parse_deck(lupus_deck(found, n)), n):
                return n, high
        return low, high
    return family.min_players, family.max_players


def players_for_deck(family: Variant, deck: Sequence[str]) -> int | None:
    """The one table size ``deck`` has the right number of cards for (a One Night deck
    holds three centre cards, a Thiercelieux deck with a Thief two set-aside cards), or
    None when the family's set-up accepts the count of no size or of several."""
    fits = []
    for n in range(family.min_players, family.max_players + 1):
        config = GameConfig(family.name, tuple(f"p{i}" for i in range(n)), tuple(deck), {})
        try:
            family.setup(config)
        except SetupError as error:
            if error.code == "setup.card_count":
                continue
        fits.append(n)
    return fits[0] if len(fits) == 1 else None


def default_players(family: Variant, scenario: str | None, deck: Sequence[str] = ()) -> int:
    """The player count when ``--players`` is not given: the size ``deck`` is made for
    (see :func:`players_for_deck`), else the family's usual table
    (:data:`DEFAULT_PLAYERS`), moved into the range ``scenario`` is meant for."""
    if deck:
        fitted = players_for_deck(family, deck)
        if fitted is not None:
            return fitted
    low, high = suited_players(family, scenario)
    usual = DEFAULT_PLAYERS.get(family.name, family.min_players)
    return min(max(usual, low), high)


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "simulate",
        help="play many games with bots and report win rates",
        description=(
            "Play many games with bots in every seat and report each team's and each "
            "starting role's win rate (95 % intervals), draws and mean game length."
        ),
        epilog=BOTS_EPILOG,
    )
    parser.add_argument("family", nargs="?", default="one-night", help=FAMILY_HELP)
    parser.add_argument("--scenario", "-s", help=SCENARIO_HELP)
    parser.add_argument("--deck", help="comma-separated cards, instead of a scenario")
    parser.add_argument("--players", "-p", type=whole(1, MAX_PLAYERS), help=PLAYERS_HELP)
    parser.add_argument(
        "--bots", "-b", default="sensible", help="which bots sit where (sensible; see below)"
    )
    parser.add_argument(
        "--games",
        "-n",
        type=whole(1, MAX_GAMES, code="script.bad_games", flag="--games"),
        default=1000,
        help=f"number of games (1000; at most {MAX_GAMES:,})",
    )
    parser.add_argument(
        "--seed", type=whole(-MAX_SEED, MAX_SEED), default=0, help="seed of the whole run (0)"
    )
    parser.add_argument(
        "--workers",
        "-j",
        type=whole(0, MAX_WORKERS, code="script.bad_workers", flag="--workers"),
        default=1,
        help=f"worker processes (1; 0: one per CPU; at most {MAX_WORKERS})",
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
        "--plot",
        metavar="FILE.png",
        help="draw the win rates to an image, .png, .svg or .pdf (needs matplotlib)",
    )
    parser.add_argument(
        "--agent-timeout",
        type=seconds(MAX_AGENT_SECONDS),
        default=5.0,
        help=f"seconds an external agent has per answer (5; at most {MAX_AGENT_SECONDS:g})",
    )
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress", action="store_true", default=None, help="always show the progress bar"
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show it"
    )
    parser.set_defaults(func=handle)


def teams_in_play(family: str, deck: Sequence[str], dealt: Iterable[str]) -> tuple[str, ...]:
    """The teams a report lists even when they never win: the family's main two, and each
    other side only when a card of the deck (or, for a drawn deck, a dealt card: ``dealt``
    are the starting sides the games had, :attr:`Tally.sides`) is on it: no Tanner row
    without a Tanner."""
    entry = family_bots(family)
    present = {entry.side_of(card) for card in deck}
    present.update(dealt)
    return tuple(s for i, s in enumerate(entry.sides) if i < 2 or s in present)


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
    if args.plot:
        from loupgarou.sim.plot import check_plot

        check_plot(args.plot)  # before the games: a missing extra is no surprise at the end
    if args.output:
        check_writable(args.output, "the report")
    if args.games < 1:
        raise ScriptError("script.bad_games", "give at least one game (--games)")
    deck = tuple(c.strip() for c in args.deck.split(",") if c.strip()) if args.deck else ()
    options = tuple(parse_option(o) for o in args.option)
    scenario = args.scenario
    if not scenario and not deck and family.name == "one-night":
        scenario = "premiere-nuit"
    players = args.players if args.players is not None else default_players(family, scenario, deck)
    table = table_spec(family, players, scenario=scenario, deck=deck, options=options)
    workers = args.workers if args.workers > 0 else (os.cpu_count() or 1)
    workers = max(1, min(workers, MAX_WORKERS, args.games))
    spec = SimSpec(
        table,
        bots_from_flag(args.bots, family.name, table.players),
        games=args.games,
        seed=args.seed,
        agent_timeout=args.agent_timeout,
    )
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    # Each game is counted as it comes, never kept: memory does not grow with --games.
    tally = Tally()
    for result in stream(spec, workers=workers, progress=progress_bar() if show else None):
        tally.add(result)
    bots = show_bots(spec.bots)
    summary = tally.summary(
        f"{family.name} {table.label}, bots {bots}, seed {args.seed}",
        teams_in_play(family.name, table.deck, tally.sides),
    )
    fmt = "json" if args.json else args.format
    text = {"table": as_table, "json": as_json, "csv": as_csv}[fmt](summary)
    if args.output:
        write_atomically(
            args.output, text + ("" if text.endswith("\n") else "\n"), what="the report"
        )
    else:
        print(text.rstrip("\n"))
    if args.plot:
        from loupgarou.sim.plot import plot_summary

        plot_summary(summary, args.plot)
    return 0
