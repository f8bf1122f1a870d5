"""``loupgarou tournament RECORD...``: standings over a series of One Night games.

Each file is a game record (``loupgarou adjudicate SCRIPT --record FILE`` writes
one), replayed and checked before it counts; players are matched by name across
games, since people change seats.  ``--format points`` (default) is the race to
``--target`` points; ``--format double`` is double elimination (out after
``--lives`` losses).  The rules of both are in
:mod:`loupgarou.variants.one_night.tournament`.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from loupgarou.cli.bounds import MAX_TARGET, whole
from loupgarou.core.errors import RecordError, ScriptError
from loupgarou.core.events import JSON
from loupgarou.core.limits import MAX_DEPTH, MAX_RECORD_BYTES, check_shape, check_size
from loupgarou.engine.record import replay
from loupgarou.variants.one_night.tournament import (
    DEFAULT_LIVES,
    DEFAULT_TARGET,
    DoubleElimination,
    PointsRace,
    TournamentError,
    winners_by_name,
)

T = TypeVar("T")


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "tournament",
        help="standings of a One Night tournament from its game records",
        description=(
            "Read the records of a tournament's games, in the order they were played, and "
            "print the standings: points (first to the target; a tie at the top plays on) "
            "or double elimination (out after two losses)."
        ),
    )
    parser.add_argument("records", nargs="+", type=Path, help="game records, in playing order")
    parser.add_argument("--format", choices=("points", "double"), default="points")
    parser.add_argument(
        "--target", type=whole(1, MAX_TARGET), default=DEFAULT_TARGET, help="points to reach"
    )
    parser.add_argument(
        "--lives", type=whole(1, MAX_TARGET), default=DEFAULT_LIVES, help="losses that put out"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _game(path: Path) -> tuple[tuple[str, ...], frozenset[str]]:
    """The seating and the winners (by name) of one finished game record."""
    if "\x00" in str(path):
        raise ScriptError("script.not_found", f"there is no record {str(path)!a} (a NUL character)")
    try:
        if path.is_file():
            check_size(path.stat().st_size, MAX_RECORD_BYTES, f"the record {path}")
        record = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScriptError("script.unreadable", f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise RecordError("record.not_a_record", f"{path} is not UTF-8 text") from exc
    except json.JSONDecodeError as exc:
        raise RecordError("record.not_a_record", f"{path} is not JSON: {exc.msg}") from exc
    except RecursionError as exc:
        raise ScriptError(
            "script.too_deep", f"{path} nests lists or mappings more than {MAX_DEPTH} deep"
        ) from exc
    except ValueError as exc:
        raise RecordError("record.not_a_record", f"{path} is not JSON: {exc}") from exc
    check_shape(record, f"the record {path}")
    match = replay(record)
    outcome = match.outcome
    if outcome is None:
        raise RecordError("record.unfinished", f"{path}: the game is not over, so it cannot count")
    if match.variant.name != "one-night":
        raise RecordError("record.wrong_family", f"{path}: only One Night games count here")
    return match.players, winners_by_name(outcome, match.players)


def run(args: argparse.Namespace) -> int:
    games = [(path, *_game(path)) for path in args.records]
    everyone = tuple(dict.fromkeys(name for _, seating, _ in games for name in seating))
    lines: list[str] = []
    result: dict[str, JSON]
    if args.format == "points":
        race = PointsRace.start(everyone, args.target)
        for path, seating, winners in games:
            race = _counted(path, partial(race.record, winners))
            scorers = [p for p in seating if p in winners]  # in seat order, every run
            verb = "scores" if len(scorers) == 1 else "score"
            if not scorers:
                lines.append(f"  game {race.games} ({path.name}): nobody scores")
            else:
                lines.append(f"  game {race.games} ({path.name}): {_names(scorers)} {verb}")
        result = {
            "format": "points",
            "target": race.target,
            "games": race.games,
            "standings": [{"player": p, "points": n} for p, n in race.standings()],
            "champion": race.champion,
            "tied_at_top": race.tied_at_top,
        }
        verdict = (
            f"{race.champion} wins the tournament"
            if race.champion
            else "tied at the top: play another game"
            if race.tied_at_top
            else f"nobody has {race.target} points yet: play on"
        )
        table = [f"  {p:<16} {n} point{'s' if n != 1 else ''}" for p, n in race.standings()]
    else:
        event = DoubleElimination.start(everyone, args.lives)
        for path, seating, winners in games:
            event = _counted(path, partial(event.record, winners, seating))
            losers = [p for p in seating if p not in winners]
            verb = "loses" if len(losers) <= 1 else "lose"
            lines.append(f"  game {event.games} ({path.name}): {_names(losers)} {verb}")
        result = {
            "format": "double",
            "lives": event.lives,
            "games": event.games,
            "standings": [
                {"player": p, "losses": n, "out": p not in event.remaining}
                for p, n in event.standings()
            ],
            "champions": sorted(event.champions),
        }
        verdict = (
            f"{_names(sorted(event.champions))} won the event"
            if event.over
            else f"{len(event.remaining)} players still in: play on"
        )
        table = [
            f"  {p:<16} {n} loss{'es' if n != 1 else ''}"
            + ("" if p in event.remaining else "  (out)")
            for p, n in event.standings()
        ]
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    print("Games:")
    print("\n".join(lines))
    print("Standings:")
    print("\n".join(table))
    print(verdict[0].upper() + verdict[1:] + ".")
    return 0


def _counted(path: Path, record: Callable[[], T]) -> T:
    """Record one game, naming its file if the tournament refuses it."""
    try:
        return record()
    except TournamentError as exc:
        raise TournamentError(exc.code, f"{path.name}: {exc.message}") from exc


def _names(names: Iterable[str]) -> str:
    listed = list(names)
    if not listed:
        return "nobody"
    if len(listed) == 1:
        return str(listed[0])
    return ", ".join(listed[:-1]) + " and " + listed[-1]
