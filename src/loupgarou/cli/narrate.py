"""The ``narrate`` command: the narrator of a One Night, Thiercelieux or Lupus table, in real time.

Contract: :func:`register` adds the ``narrate`` sub-command.  ``--family``
chooses the rules (default ``one_night``).

One Night: the handler turns the command line into a deck (a scenario, or
``--deck``), builds the script with :func:`loupgarou.narration.build_script`
and either prints it all at once with cumulative timings (``--dry-run``) or
plays it in real time with :func:`run`: each cue is printed (and spoken with
``espeak-ng`` under ``--speak``) when it is due, with a live countdown during
the discussion on a terminal.

Thiercelieux: the handler checks the table (``--players``, ``--players-names``,
``--deck`` or the suggested deck, ``--option``) and either prints the script of
the first two nights and the day between (``--dry-run``) or runs a whole game
with :class:`loupgarou.tablemaster.GameMaster`, driven in real time by
:func:`loupgarou.cli.table_driver.drive`, which asks the narrator at the keyboard
what happens at the table (a :class:`TerminalPrompter`) and feeds it to the game
master; ``--record`` saves the game's record.

Lupus in Tabula: the same, with the default deck for the table
(:func:`loupgarou.variants.lupus.default_deck`, ``--specials``) or ``--deck``,
the ``discussion_minutes`` option (``--discussion-minutes``, 3 by default) and
:class:`loupgarou.tablemaster.LupusGameMaster`; ``--dry-run`` prints the
first two nights (and the day's fixed parts between them).

Bad input raises a :class:`~loupgarou.core.errors.LoupGarouError`.  The
real-time runners only talk to a :class:`Clock`, an :class:`Output` (with
``note`` for the game master) and a :class:`Speaker`, so tests run them
instantly with a fake clock (:func:`make_clock` is the one place the real clock
is made).  Ctrl-C stops them cleanly (exit code 130); a Thiercelieux or Lupus game
stopped before its end (Ctrl-C, or the end of the input) saves the record of what was
played (to ``--record``, or a new file in the current folder) and says where.  The
real collaborators and the runner are in :mod:`loupgarou.cli.narrate_runtime`, the
driver of a table game master in :mod:`loupgarou.cli.table_driver`; reading a
Thiercelieux or Lupus in Tabula table from the command line is
:mod:`loupgarou.cli.narrate_tables`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from loupgarou.cli.bounds import MAX_MINUTES, MAX_PLAYERS, MAX_SEED, MAX_STEP_SECONDS, whole
from loupgarou.cli.files import write_atomically
from loupgarou.cli.narrate_runtime import (
    ESPEAK,
    Clock,
    Silent,
    SystemClock,
    TerminalOutput,
    TerminalPrompter,
    find_speaker,
    run,
    seconds_to_say,
)
from loupgarou.cli.narrate_tables import (
    lupus_dry_run,
    lupus_header,
    lupus_table_from_args,
    theme_and_timing,
    thiercelieux_dry_run,
    thiercelieux_header,
    thiercelieux_table_from_args,
)
from loupgarou.cli.table_driver import drive
from loupgarou.core.errors import ScriptError, SetupError, SetupWarning
from loupgarou.core.events import JSON
from loupgarou.engine.record import to_record
from loupgarou.narration import (
    LANGUAGES,
    Cue,
    Locale,
    Theme,
    Timing,
    build_script,
    clock_time,
    load_locale,
    load_theme,
    possible_roles,
    script_lines,
    total_seconds,
)
from loupgarou.narration import lupus as lupus_narration
from loupgarou.narration.fit import fit_timing
from loupgarou.narration.locale import LUPUS, ONE_NIGHT, THIERCELIEUX
from loupgarou.narration.thiercelieux import (
    DEFAULT_STEP_SECONDS,
)
from loupgarou.narration.thiercelieux import night_script as thiercelieux_night
from loupgarou.tablemaster import GameMaster, LupusGameMaster, LupusTable, TableMaster
from loupgarou.tablemaster import Table as GameTable
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.scenarios import find_scenario
from loupgarou.variants.one_night.setup import CENTRE, MIN_PLAYERS, parse_deck, validate_deck
from loupgarou.variants.one_night.variant import EDITIONS
from loupgarou.variants.registry import find_family

DEFAULT_SCENARIO = "premiere-nuit"
DEFAULT_PLAYERS = 5
DEFAULT_EDITION = "ravensburger"
ONE_NIGHT_STEP_SECONDS = 10.0
DISCUSSION_MINUTES = 5.0
"""One Night's and Thiercelieux's discussion (Lupus: its ``discussion_minutes`` option, 3)."""


# --- from the command line to a deck -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """What the narration is for: the deck (or every role a draw could give)."""

    deck: tuple[Role, ...]
    players: int
    drawn: bool
    scenario_en: str = ""
    scenario_fr: str = ""
    warnings: tuple[SetupWarning, ...] = ()


def table_from_args(args: argparse.Namespace, locale: Locale) -> Table:
    """The deck to narrate: ``--deck`` (checked), or the scenario's for ``--players``;
    ``locale`` says what is wrong."""
    if args.deck is not None:
        names = [name for name in args.deck.split(",") if name.strip()]
        deck = parse_deck(names)
        players = args.players
        if players is None:
            if len(deck) < MIN_PLAYERS + CENTRE:
                text = locale.text(
                    "cli.card_count",
                    count=MIN_PLAYERS + CENTRE,
                    players=MIN_PLAYERS,
                    centre=CENTRE,
                    total=len(deck),
                )
                raise SetupError("setup.card_count", text)
            players = len(deck) - CENTRE
        return Table(deck, players, False, warnings=validate_deck(deck, players))
    scenario = find_scenario(args.scenario or DEFAULT_SCENARIO)
    players = args.players if args.players is not None else DEFAULT_PLAYERS
    deck = scenario.deck_for(players)
    title_en = scenario.title_en
    if scenario.name_fr.lower() != title_en.lower():
        title_en += f" — {scenario.name_fr}" if "(" in title_en else f" ({scenario.name_fr})"
    if scenario.draw != "fixed":
        return Table(possible_roles(scenario.draw), players, True, title_en, scenario.name_fr)
    warnings = validate_deck(deck, players)
    return Table(deck, players, False, title_en, scenario.name_fr, warnings)


def fit_for_voice(
    args: argparse.Namespace,
    locale: Locale,
    timing: Timing,
    build: Callable[[Timing], Sequence[Cue]],
) -> Timing:
    """Under ``--speak``: ``timing`` lengthened so that espeak-ng's every line fits its cue
    (measured in this language's voice; see :mod:`loupgarou.narration.fit`)."""
    program = shutil.which(ESPEAK) if args.speak else None
    if program is None:
        return timing
    try:
        fitted = fit_timing(build, timing, seconds_to_say(program, locale.voice))
    except (OSError, subprocess.SubprocessError) as exc:
        print(locale.text("cli.speak_broken", path=program, reason=exc), file=sys.stderr)
        return timing
    if fitted.step_seconds > timing.step_seconds:
        print(
            locale.text("cli.speak_fitted", seconds=locale.number(fitted.step_seconds)),
            file=sys.stderr,
        )
    return fitted


def timing_from_args(
    args: argparse.Namespace, locale: Locale, default_step: float = ONE_NIGHT_STEP_SECONDS
) -> Timing:
    """The durations asked for on the command line, checked (``locale`` says what is
    wrong)."""
    step = default_step if args.step_seconds is None else args.step_seconds
    election = 1.0 if args.election_minutes is None else args.election_minutes
    discussion = DISCUSSION_MINUTES if args.discussion_minutes is None else args.discussion_minutes
    defence = 60.0 if args.defence_seconds is None else args.defence_seconds
    for flag, value, most in (
        ("--step-seconds", step, MAX_STEP_SECONDS),
        ("--discussion-minutes", discussion, MAX_MINUTES),
        ("--election-minutes", election, MAX_MINUTES),
        ("--defence-seconds", defence, MAX_STEP_SECONDS),
    ):
        if not (math.isfinite(value) and value > 0):
            text = locale.text("cli.bad_duration", flag=flag, value=locale.number(value))
            raise ScriptError("narrate.bad_duration", text)
        if value > most:
            text = locale.text(
                "cli.long_duration", flag=flag, value=locale.number(value), most=locale.number(most)
            )
            raise ScriptError("narrate.bad_duration", text)
    return Timing(
        step_seconds=step,
        discussion_seconds=discussion * 60,
        election_seconds=election * 60,
        defence_seconds=defence,
    )


def header(
    table: Table,
    locale: Locale,
    *,
    theme: Theme | None,
    timing: Timing,
    lone_wolf_peek: bool,
    cues: Sequence[Cue],
) -> list[str]:
    """The lines shown before the script, in the narration's language."""
    if table.scenario_en:
        name = table.scenario_fr if locale.language == "fr" else table.scenario_en
        lines = [locale.text("header.scenario", name=name)]
    else:
        lines = [locale.text("header.custom_deck")]
    lines.append(locale.text("header.players", count=table.players))
    counts = Counter(table.deck)
    cards = ", ".join(
        locale.role(role) + (f" ×{counts[role]}" if counts[role] > 1 and not table.drawn else "")
        for role in Role
        if role in counts
    )
    lines.append(locale.text("header.deck", cards=cards))
    if table.drawn:
        lines.append(locale.text("header.drawn"))
    lines += theme_and_timing(locale, theme, timing)
    lines.append(locale.text("header.lone_wolf_on" if lone_wolf_peek else "header.lone_wolf_off"))
    lines.append(locale.text("header.total", total=clock_time(total_seconds(cues))))
    return lines


# --- the command ---------------------------------------------------------------------------


def make_clock() -> Clock:
    """The clock of real-time runs (tests replace it with a fake)."""
    return SystemClock()


def handle(args: argparse.Namespace) -> int:
    """Run ``loupgarou narrate``; returns the exit code (130 when stopped with Ctrl-C)."""
    try:
        return _narrate(args)
    except BrokenPipeError:  # e.g. ``loupgarou narrate --dry-run | head``
        _discard_stdout()
        return 0


def _discard_stdout() -> None:
    """Send what is left of stdout to /dev/null, so exiting does not fail on the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


FAMILY_FLAGS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("scenario", "--scenario", (ONE_NIGHT,)),
    ("edition", "--edition", (ONE_NIGHT,)),
    ("lone_wolf_peek", "--lone-wolf-peek", (ONE_NIGHT,)),
    ("thief", "--thief", (THIERCELIEUX,)),
    ("election_minutes", "--election-minutes", (THIERCELIEUX,)),
    ("players_names", "--players-names", (THIERCELIEUX, LUPUS)),
    ("option", "--option", (THIERCELIEUX, LUPUS)),
    ("seed", "--seed", (THIERCELIEUX, LUPUS)),
    ("record", "--record", (THIERCELIEUX, LUPUS)),
    ("specials", "--specials", (LUPUS,)),
    ("defence_seconds", "--defence-seconds", (LUPUS,)),
)
"""The options that only some families take: (argument, flag, families)."""


def _given(args: argparse.Namespace, name: str) -> bool:
    value = getattr(args, name)
    if name == "lone_wolf_peek":  # --no-lone-wolf-peek gives False
        return value is not None
    return value not in (None, [], False)


def _refuse_flags(args: argparse.Namespace, family: str, locale: Locale) -> None:
    """``narrate.wrong_family`` for an option another family's narration takes."""
    either = f" {locale.text('cli.or')} "
    given = [
        locale.text("cli.wrong_family_flag", flag=flag, families=either.join(families))
        for name, flag, families in FAMILY_FLAGS
        if family not in families and _given(args, name)
    ]
    if given:
        flags = locale.text("cli.semicolon").join(given)
        text = locale.text("cli.wrong_family", flags=flags, family=family)
        raise ScriptError("narrate.wrong_family", text)


def _narrate(args: argparse.Namespace) -> int:
    family = ONE_NIGHT if args.family is None else find_family(args.family).name
    _refuse_flags(args, family, load_locale(args.lang, family))
    if family == THIERCELIEUX:
        return _narrate_thiercelieux(args)
    if family == LUPUS:
        return _narrate_lupus(args)
    locale = load_locale(args.lang)
    table = table_from_args(args, locale)
    for warning in table.warnings:
        print(f"warning [{warning.code}]: {warning.message}", file=sys.stderr)
    timing = timing_from_args(args, locale)
    lone_wolf_peek: bool = (
        args.lone_wolf_peek
        if args.lone_wolf_peek is not None
        else bool(EDITIONS[args.edition or DEFAULT_EDITION]["lone_wolf_peek"])
    )
    theme = load_theme(args.theme) if args.theme else None
    if theme is not None:
        locale = theme.apply(locale)
    timing = fit_for_voice(
        args,
        locale,
        timing,
        lambda t: build_script(
            table.deck, locale, timing=t, lone_wolf_peek=lone_wolf_peek, drawn=table.drawn
        ),
    )
    cues = build_script(
        table.deck, locale, timing=timing, lone_wolf_peek=lone_wolf_peek, drawn=table.drawn
    )
    for line in header(
        table, locale, theme=theme, timing=timing, lone_wolf_peek=lone_wolf_peek, cues=cues
    ):
        print(line)
    print(flush=True)
    if args.dry_run:
        if args.speak:
            print(locale.text("cli.speak_dry_run"), file=sys.stderr)
        for line in script_lines(cues):
            print(line)
        return 0
    speaker = find_speaker(locale, sys.stderr) if args.speak else Silent()
    output = TerminalOutput(sys.stdout, live=sys.stdout.isatty())
    try:
        run(cues, make_clock(), output, speaker)
    except KeyboardInterrupt:
        speaker.stop()
        output.close()
        print(f"\n{locale.text('cli.stopped')}", file=sys.stderr)
        return 130
    return 0


def _narrate_thiercelieux(args: argparse.Namespace) -> int:
    locale = load_locale(args.lang, THIERCELIEUX)
    theme = load_theme(args.theme) if args.theme else None
    if theme is not None:
        locale = theme.apply(locale)
    table = thiercelieux_table_from_args(args, locale)
    for warning in table.warnings:
        print(f"warning [{warning.code}]: {warning.message}", file=sys.stderr)
    timing = timing_from_args(args, locale, DEFAULT_STEP_SECONDS)
    timing = fit_for_voice(
        args, locale, timing, lambda t: thiercelieux_night(table.deck, 1, locale, timing=t)
    )
    header = thiercelieux_header(table, locale, theme=theme, timing=timing)
    return _run_table(
        args,
        locale,
        header,
        lambda: thiercelieux_dry_run(table, locale, timing),
        lambda seed: GameMaster(
            GameTable(table.names, table.deck, locale, timing, table.options), seed=seed
        ),
    )


def _narrate_lupus(args: argparse.Namespace) -> int:
    locale = load_locale(args.lang, LUPUS)
    theme = load_theme(args.theme) if args.theme else None
    if theme is not None:
        locale = theme.apply(locale)
    timing = timing_from_args(args, locale, lupus_narration.DEFAULT_STEP_SECONDS)
    table = lupus_table_from_args(args, locale)
    for warning in table.warnings:
        print(f"warning [{warning.code}]: {warning.message}", file=sys.stderr)
    timing = replace(timing, discussion_seconds=table.discussion_minutes * 60)
    timing = fit_for_voice(
        args,
        locale,
        timing,
        lambda t: lupus_narration.night_script(table.deck, 1, locale, timing=t),
    )
    header = lupus_header(table, locale, theme=theme, timing=timing)
    return _run_table(
        args,
        locale,
        header,
        lambda: lupus_dry_run(table, locale, timing),
        lambda seed: LupusGameMaster(
            LupusTable(table.names, table.deck, locale, timing, table.options), seed=seed
        ),
    )


def _run_table(
    args: argparse.Namespace,
    locale: Locale,
    header: Sequence[str],
    dry_run: Callable[[], list[str]],
    master: Callable[[int], TableMaster],
) -> int:
    """Print the ``header``, then the ``dry_run``'s lines (``--dry-run``), or play a whole
    game with the game master ``master(seed)`` makes (``--seed``, or a seed drawn here),
    driven in real time, and save its record (``--record``).  Ctrl-C stops the game: exit
    code 130.  A game stopped before its end (Ctrl-C, or the end of the input) saves the
    record of what was played, to ``--record`` or to a new file in the current folder,
    and says where."""
    for line in header:
        print(line)
    print(flush=True)
    if args.dry_run:
        if args.speak:
            print(locale.text("cli.speak_dry_run"), file=sys.stderr)
        for line in dry_run():
            print(line)
        return 0
    speaker = find_speaker(locale, sys.stderr) if args.speak else Silent()
    output = TerminalOutput(sys.stdout, live=sys.stdout.isatty())
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    game = master(seed)
    try:
        match = drive(
            game, clock=make_clock(), output=output, prompter=make_prompter(), speaker=speaker
        )
    except KeyboardInterrupt:
        speaker.stop()
        output.close()
        stopped = locale.text("cli.stopped") + locale.text("cli.semicolon")
        print(f"\n{stopped}{_save_unfinished(args.record, game)}", file=sys.stderr)
        return 130
    except ScriptError as exc:
        if exc.code != "narrate.input_ended":
            raise
        output.close()
        why = exc.message + locale.text("cli.semicolon")
        raise ScriptError(exc.code, why + _save_unfinished(args.record, game)) from None
    if args.record:
        _write_record(args.record, to_record(match), locale)
    return 0


def _save_unfinished(path: str | None, game: TableMaster) -> str:
    """Save the record of a game stopped before its end, to ``path`` (``--record``) or to a
    new file in the current folder; say where the record is, or why there is none (in the
    game's language)."""
    locale = game.locale
    if game.match is None:
        return locale.text("cli.nothing_to_save")
    if path is None:
        stamp = make_timestamp()
        path = f"loupgarou-{game.family}-{stamp}.json"
        for k in range(2, 100):
            if not Path(path).exists():
                break
            path = f"loupgarou-{game.family}-{stamp}-{k}.json"
    try:
        _dump(path, to_record(game.match))
    except (OSError, ScriptError) as exc:
        reason = exc.message if isinstance(exc, ScriptError) else exc
        return locale.text("cli.not_saved", path=path, reason=reason)
    return locale.text("cli.saved_so_far", path=path)


def make_timestamp() -> str:
    """The local time, for the name of a record file (tests replace it)."""
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def make_prompter() -> TerminalPrompter:
    """The narrator's keyboard (tests replace it with scripted answers)."""
    return TerminalPrompter(sys.stdin, sys.stdout)


def _dump(path: str, record: dict[str, JSON]) -> None:
    text = json.dumps(record, ensure_ascii=False, indent=2) + "\n"
    write_atomically(path, text, what="the record")


def _write_record(path: str, record: dict[str, JSON], locale: Locale) -> None:
    try:
        _dump(path, record)
    except (OSError, ScriptError) as exc:
        reason = exc.message if isinstance(exc, ScriptError) else exc
        text = locale.text("cli.cannot_write", path=path, reason=reason)
        raise ScriptError("narrate.cannot_write", text) from exc
    print(locale.text("cli.record_written", path=path), file=sys.stderr)


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "narrate",
        help="narrate a game: One Night (the night's calls, the discussion, the vote), "
        "Thiercelieux or Lupus in Tabula (a whole game master for a table with physical cards)",
        description=(
            "Narrate a One Night game in real time (or print the script with --dry-run), or, "
            "with --family thiercelieux or --family lupus, run a whole game at a table with "
            "physical cards: the night's calls on time, the narrator's answers at a prompt, and "
            "the engine's dawn, votes and verdict. Every role in the deck is called, for the "
            "same time, whoever holds it, so the timing gives nothing away."
        ),
    )
    p.add_argument(
        "--family",
        metavar="FAMILY",
        help="the rules: one_night (default), thiercelieux (also: loups-garous, werewolves) or "
        "lupus (also: lupus-in-tabula, tabula)",
    )
    source = p.add_mutually_exclusive_group()
    source.add_argument(
        "--scenario",
        metavar="KEY",
        help=f"One Night: a scenario by key, French name or English title (default: "
        f"{DEFAULT_SCENARIO}); for a drawn deck (anarchie, bag) every role that could be drawn "
        "is called",
    )
    source.add_argument(
        "--deck",
        metavar="ROLE,ROLE,...",
        help="the cards, comma-separated, in English or French "
        "(e.g. werewolf,werewolf,seer,robber,villager,villager); Thiercelieux: default the "
        "suggested deck for --players; Lupus: default the rules' deck for --players "
        "(see --specials)",
    )
    p.add_argument(
        "--players",
        type=whole(1, MAX_PLAYERS),
        metavar="N",
        help=f"number of players (One Night default: {DEFAULT_PLAYERS}; with --deck, the deck's "
        "size - 3; Thiercelieux and Lupus: the number of --players-names, or the deck's size)",
    )
    p.add_argument(
        "--players-names",
        metavar="NAME,NAME,...",
        help="Thiercelieux and Lupus: the players' names, clockwise from seat 1 (default: "
        "Player 1, ...)",
    )
    p.add_argument(
        "--thief",
        action="store_true",
        help="Thiercelieux: put the Thief (and two cards to set aside) in the suggested deck",
    )
    p.add_argument(
        "--specials",
        metavar="ROLE,ROLE,...",
        help="Lupus: special characters to put in the default deck, e.g. medium,owl "
        "(from 9 players; they take Villagers' places)",
    )
    p.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="Thiercelieux and Lupus: a table option, e.g. captain=false, captain_mode=random, "
        "deadly_owl=always (repeatable; 'loupgarou rules FAMILY' lists them)",
    )
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    p.add_argument(
        "--theme", metavar="NAME_OR_FILE", help="rename the roles: a shipped theme or a JSON file"
    )
    p.add_argument(
        "--step-seconds",
        type=float,
        default=None,
        metavar="S",
        help=f"length of every role call (default: {ONE_NIGHT_STEP_SECONDS:g}; Thiercelieux and "
        f"Lupus {DEFAULT_STEP_SECONDS:g})",
    )
    p.add_argument(
        "--discussion-minutes",
        type=float,
        default=None,
        metavar="M",
        help=f"length of the day's discussion (default: {DISCUSSION_MINUTES:g}; Lupus: its "
        f"discussion_minutes option, {lupus_narration.DEFAULT_DISCUSSION_MINUTES:g})",
    )
    p.add_argument(
        "--defence-seconds",
        type=float,
        default=None,
        metavar="S",
        help="Lupus: how long each suspect speaks in their defence (default: 60)",
    )
    p.add_argument(
        "--election-minutes",
        type=float,
        default=None,
        metavar="M",
        help="Thiercelieux: time to make one's case before the Captain's election (default: 1)",
    )
    p.add_argument(
        "--edition",
        choices=tuple(EDITIONS),
        default=None,
        help=f"One Night rulebook defaults: {DEFAULT_EDITION} (default: a lone werewolf "
        "peeks) or bezier (no peek)",
    )
    p.add_argument(
        "--lone-wolf-peek",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="whether a lone werewolf may look at a centre card (default: the edition's)",
    )
    p.add_argument(
        "--seed",
        type=whole(-MAX_SEED, MAX_SEED),
        metavar="N",
        help="Thiercelieux and Lupus: seed the game master's random draws (a tie that stays "
        "tied, a Captain drawn at random, the Welcome card among several dead)",
    )
    p.add_argument(
        "--record",
        metavar="FILE",
        help="Thiercelieux and Lupus: save the game's record (JSON, replayable) when it is over, "
        "or when it is stopped (Ctrl-C, end of input; without --record, a stopped game is "
        "saved to loupgarou-FAMILY-DATE-TIME.json in the current folder)",
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="print the whole script with timings, no waiting (Thiercelieux and Lupus: the "
        "first two nights and the day between)",
    )
    p.add_argument(
        "--speak", action="store_true", help=f"read the script aloud with {ESPEAK}, if installed"
    )
    p.set_defaults(func=handle)
