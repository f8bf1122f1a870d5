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
with :class:`loupgarou.cli.game_master.GameMaster`, which asks the narrator at
the keyboard what happens at the table (a :class:`TerminalPrompter`) and feeds
it to the engine; ``--record`` saves the game's record.

Lupus in Tabula: the same, with the default deck for the table
(:func:`loupgarou.variants.lupus.default_deck`, ``--specials``) or ``--deck``,
the ``discussion_minutes`` option (``--discussion-minutes``, 3 by default) and
:class:`loupgarou.cli.game_master.LupusGameMaster`; ``--dry-run`` prints the
first two nights (and the day's fixed parts between them).

Bad input raises a :class:`~loupgarou.core.errors.LoupGarouError`.  The
real-time runners only talk to a :class:`Clock`, an :class:`Output` (with
``note`` for the game master) and a :class:`Speaker`, so tests run them
instantly with a fake clock.  Ctrl-C stops them cleanly (exit code 130).
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
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, TextIO

from loupgarou.cli.game_master import (
    Clock,
    GameMaster,
    LupusGameMaster,
    LupusTable,
    Silent,
    Speaker,
    owl_is_deadly,
)
from loupgarou.cli.game_master import Table as GameTable
from loupgarou.core.errors import ScriptError, SetupError, SetupWarning
from loupgarou.core.events import JSON
from loupgarou.core.variant import GameConfig
from loupgarou.engine.record import to_record
from loupgarou.narration import (
    LANGUAGES,
    Cue,
    CueKind,
    Locale,
    Theme,
    Timing,
    build_script,
    clock_time,
    load_locale,
    load_theme,
    possible_roles,
    timeline,
    total_seconds,
)
from loupgarou.narration import lupus as lupus_narration
from loupgarou.narration.answers import fold
from loupgarou.narration.locale import LUPUS, ONE_NIGHT, THIERCELIEUX
from loupgarou.narration.thiercelieux import (
    DEFAULT_STEP_SECONDS,
    day_script,
    deck_text,
    night_script,
)
from loupgarou.variants.lupus import VARIANT as LUPUS_VARIANT
from loupgarou.variants.lupus import default_deck as lupus_default_deck
from loupgarou.variants.lupus import variant as lupus_variant
from loupgarou.variants.lupus.roles import Role as LupusRole
from loupgarou.variants.lupus.setup import parse_deck as parse_lupus_deck
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.scenarios import find_scenario
from loupgarou.variants.one_night.setup import CENTRE, MIN_PLAYERS, parse_deck, validate_deck
from loupgarou.variants.one_night.variant import EDITIONS
from loupgarou.variants.registry import find_family
from loupgarou.variants.thiercelieux import VARIANT as THIERCELIEUX_VARIANT
from loupgarou.variants.thiercelieux import setup as thiercelieux_setup
from loupgarou.variants.thiercelieux import variant as thiercelieux_variant
from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole

DEFAULT_SCENARIO = "premiere-nuit"
DEFAULT_PLAYERS = 5
DEFAULT_EDITION = "ravensburger"
ONE_NIGHT_STEP_SECONDS = 10.0
DISCUSSION_MINUTES = 5.0
"""One Night's and Thiercelieux's discussion (Lupus: its ``discussion_minutes`` option, 3)."""
ESPEAK = "espeak-ng"
SPEAK_HINT = (
    f"--speak: {ESPEAK} was not found on PATH, so the narration is text only. "
    f"To hear it, install {ESPEAK} (Debian/Ubuntu: sudo apt-get install {ESPEAK}; "
    f"Fedora: sudo dnf install {ESPEAK}; macOS: brew install {ESPEAK}) and run again."
)
TICKING = frozenset({CueKind.DISCUSSION, CueKind.COUNTDOWN})
"""Cues during which the terminal shows the discussion's time left, second by second."""


# --- the real-time runner's collaborators --------------------------------------------------


class SystemClock:
    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class Output(Protocol):
    """Where the runner shows the cues."""

    def cue(self, at: float, cue: Cue) -> None: ...

    def tick(self, left: float) -> None:
        """The discussion has ``left`` seconds to go."""

    def close(self) -> None: ...


class TerminalOutput:
    """Prints each cue on its own line; ``live`` adds a self-erasing countdown line."""

    def __init__(self, stream: TextIO, *, live: bool) -> None:
        self.stream = stream
        self.live = live
        self._ticking = False

    def cue(self, at: float, cue: Cue) -> None:
        self._erase()
        print(f"[{clock_time(at)}] {cue.text}", file=self.stream, flush=True)

    def tick(self, left: float) -> None:
        if self.live:
            self.stream.write(f"\r    {clock_time(left)} ")
            self.stream.flush()
            self._ticking = True

    def note(self, text: str) -> None:
        """For the game master's narrator only: marked, never read aloud."""
        self._erase()
        print(f"    » {text}", file=self.stream, flush=True)

    def close(self) -> None:
        self._erase()

    def _erase(self) -> None:
        if self._ticking:
            self.stream.write("\r\033[K")
            self._ticking = False


class Espeak:
    """Speaks through ``espeak-ng``, one text after the other (never two at once)."""

    def __init__(self, program: str, voice: str, err: TextIO) -> None:
        self.program = program
        self.voice = voice
        self.err = err
        self._proc: subprocess.Popen[bytes] | None = None
        self._broken = False

    def say(self, text: str) -> None:
        if self._broken:
            return
        self.close()
        try:
            self._proc = subprocess.Popen(
                [self.program, "-v", self.voice, text],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError as exc:
            self._broken = True
            print(f"--speak: cannot run {self.program} ({exc}); text only", file=self.err)

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            self._proc.wait()
        self._proc = None

    def close(self) -> None:
        if self._proc is not None:
            self._proc.wait()
            self._proc = None


def find_speaker(voice: str, err: TextIO) -> Speaker:
    """``espeak-ng`` when it is installed; otherwise print how to get it and stay silent."""
    program = shutil.which(ESPEAK)
    if program is None:
        print(SPEAK_HINT, file=err)
        return Silent()
    return Espeak(program, voice, err)


class TerminalPrompter:
    """Asks the narrator at the terminal.  When the answers come from a pipe or a file
    (not a terminal), each answer is echoed after its question, so the output reads
    like the session it was."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.echo = not stdin.isatty()

    def ask(self, question: str) -> str:
        prompt = f"  ? {question} "
        if not self.echo and self.stdin is sys.stdin and self.stdout is sys.stdout:
            return input(prompt)  # a terminal: line editing; EOFError on Ctrl-D
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise EOFError
        answer = line.rstrip("\r\n")
        if self.echo:
            self.stdout.write(f"{answer}\n")
        return answer


def _wait_until(clock: Clock, moment: float) -> None:
    delay = moment - clock.now()
    if delay > 0:
        clock.sleep(delay)


_EPSILON = 1e-6


def _count_down(clock: Clock, output: Output, vote_at: float, left: float, until: float) -> None:
    """Tick from ``left`` seconds before the vote (due at ``vote_at``) down to ``until``,
    once per whole second."""
    while left > until + _EPSILON:
        output.tick(left)
        left = max(until, math.ceil(left - _EPSILON) - 1.0)
        _wait_until(clock, vote_at - left)


def run(cues: Sequence[Cue], clock: Clock, output: Output, speaker: Speaker | None = None) -> None:
    """Play ``cues`` in real time: each cue when it is due, on an absolute schedule.

    Waiting is measured from the start, so slow output or speech never makes
    the schedule drift.  During the discussion, ``output.tick`` is called
    every second with the time left before the vote.
    """
    speaker = speaker or Silent()
    start = clock.now()
    day_end = next((at for at, cue in timeline(cues) if cue.kind is CueKind.VOTE), None)
    for at, cue in timeline(cues):
        _wait_until(clock, start + at)
        output.cue(at, cue)
        speaker.say(cue.text)
        if cue.kind in TICKING and day_end is not None:
            left = day_end - at
            _count_down(clock, output, start + day_end, left, left - cue.seconds)
    _wait_until(clock, start + total_seconds(cues))
    output.close()
    speaker.close()


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


def table_from_args(args: argparse.Namespace) -> Table:
    """The deck to narrate: ``--deck`` (checked), or the scenario's for ``--players``."""
    if args.deck is not None:
        names = [name for name in args.deck.split(",") if name.strip()]
        deck = parse_deck(names)
        players = args.players
        if players is None:
            if len(deck) < MIN_PLAYERS + CENTRE:
                raise SetupError(
                    "setup.card_count",
                    f"a deck needs at least {MIN_PLAYERS + CENTRE} cards ({MIN_PLAYERS} players "
                    f"and {CENTRE} in the centre); this one has {len(deck)}",
                )
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


def timing_from_args(
    args: argparse.Namespace, default_step: float = ONE_NIGHT_STEP_SECONDS
) -> Timing:
    """The durations asked for on the command line, checked."""
    step = default_step if args.step_seconds is None else args.step_seconds
    election = 1.0 if args.election_minutes is None else args.election_minutes
    discussion = DISCUSSION_MINUTES if args.discussion_minutes is None else args.discussion_minutes
    defence = 60.0 if args.defence_seconds is None else args.defence_seconds
    for flag, value in (
        ("--step-seconds", step),
        ("--discussion-minutes", discussion),
        ("--election-minutes", election),
        ("--defence-seconds", defence),
    ):
        if not (math.isfinite(value) and value > 0):
            raise ScriptError("narrate.bad_duration", f"{flag} must be positive, not {value:g}")
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
    if theme is not None:
        lines.append(locale.text("header.theme", title=theme.title(locale.language)))
    lines.append(
        locale.text(
            "header.timing",
            step=locale.duration(timing.step_seconds),
            duration=locale.duration(timing.discussion_seconds),
        )
    )
    lines.append(locale.text("header.lone_wolf_on" if lone_wolf_peek else "header.lone_wolf_off"))
    lines.append(locale.text("header.total", total=clock_time(total_seconds(cues))))
    return lines


def script_lines(cues: Sequence[Cue]) -> list[str]:
    """The whole script with each cue's start time and duration (for ``--dry-run``)."""
    times = timeline(cues)
    tenths = any(not float(at).is_integer() for at, _ in times)
    width = 8 if tenths else 6
    return [
        f"{clock_time(at, tenths=tenths):>{width}}  {cue.seconds:>4g}s  {cue.text}"
        for at, cue in times
    ]


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


def _refuse_flags(args: argparse.Namespace, family: str) -> None:
    """``narrate.wrong_family`` for an option another family's narration takes."""
    given = [
        f"{flag}: only for --family {' or '.join(families)}"
        for name, flag, families in FAMILY_FLAGS
        if family not in families and _given(args, name)
    ]
    if given:
        raise ScriptError("narrate.wrong_family", f"{'; '.join(given)}, not {family}")


def _narrate(args: argparse.Namespace) -> int:
    family = ONE_NIGHT if args.family is None else find_family(args.family).name
    _refuse_flags(args, family)
    if family == THIERCELIEUX:
        return _narrate_thiercelieux(args)
    if family == LUPUS:
        return _narrate_lupus(args)
    table = table_from_args(args)
    for warning in table.warnings:
        print(f"warning [{warning.code}]: {warning.message}", file=sys.stderr)
    timing = timing_from_args(args)
    lone_wolf_peek: bool = (
        args.lone_wolf_peek
        if args.lone_wolf_peek is not None
        else bool(EDITIONS[args.edition or DEFAULT_EDITION]["lone_wolf_peek"])
    )
    locale = load_locale(args.lang)
    theme = load_theme(args.theme) if args.theme else None
    if theme is not None:
        locale = theme.apply(locale)
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
            print("--speak: nothing is read aloud in a dry run", file=sys.stderr)
        for line in script_lines(cues):
            print(line)
        return 0
    speaker = find_speaker(locale.voice, sys.stderr) if args.speak else Silent()
    output = TerminalOutput(sys.stdout, live=sys.stdout.isatty())
    try:
        run(cues, make_clock(), output, speaker)
    except KeyboardInterrupt:
        speaker.stop()
        output.close()
        print("\nnarration stopped", file=sys.stderr)
        return 130
    return 0


# --- Thiercelieux ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThiercelieuxTable:
    """A Thiercelieux table as the command line gives it (checked by the rules' set-up)."""

    names: tuple[str, ...]
    named: bool
    """Whether the names were given (``--players-names``) or are the defaults."""
    deck: tuple[ThiercelieuxRole, ...]
    options: dict[str, JSON]
    warnings: tuple[SetupWarning, ...]


def parse_names(text: str) -> tuple[str, ...]:
    """``--players-names Ann,Bob,...``: non-empty, distinct, and not seat numbers."""
    names = tuple(name.strip() for name in text.split(","))
    folded = [fold(name) for name in names]
    for name, key in zip(names, folded, strict=True):
        if not key:
            raise ScriptError("narrate.bad_names", "--players-names: a name is empty")
        if key.isdigit():
            raise ScriptError(
                "narrate.bad_names",
                f"--players-names: '{name}' looks like a seat number; give names with letters",
            )
        if folded.count(key) > 1:
            raise ScriptError(
                "narrate.bad_names", f"--players-names: '{name}' is given twice; names must differ"
            )
    return names


def parse_options(items: Sequence[str]) -> dict[str, JSON]:
    """``--option KEY=VALUE`` (repeatable): the value is JSON (true, 0.5, ...) or a word."""
    out: dict[str, JSON] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip() or not raw.strip():
            raise ScriptError(
                "narrate.bad_option",
                f"--option '{item}': write KEY=VALUE, e.g. captain=false or captain_mode=random",
            )
        try:
            value: JSON = json.loads(raw)
        except ValueError:
            value = raw.strip()
        out[key.strip()] = value
    return out


def _seated(
    args: argparse.Namespace,
    locale: Locale,
    names: tuple[str, ...],
    deck_players: int | None,
    family: str,
) -> tuple[tuple[str, ...], bool]:
    """The players' names and whether they were given: ``names`` (``--players-names``), or
    the locale's defaults for ``--players`` or, failing that, the deck's ``deck_players``."""
    players = args.players
    if players is None:
        if names:
            players = len(names)
        elif deck_players is not None:
            players = deck_players
        else:
            raise ScriptError(
                "narrate.players_needed",
                f"--family {family} needs the table: --players N, --players-names or --deck",
            )
    if names and len(names) != players:
        raise ScriptError(
            "narrate.bad_names",
            f"--players-names gives {len(names)} names for {players} players",
        )
    if names:
        return names, True
    return tuple(locale.text("player.default", count=k + 1) for k in range(players)), False


def thiercelieux_table_from_args(args: argparse.Namespace, locale: Locale) -> ThiercelieuxTable:
    """Players, names, deck (given or suggested) and options, checked by the rules' set-up."""
    names = parse_names(args.players_names) if args.players_names else ()
    deck = None
    if args.deck is not None:
        if args.thief:
            raise ScriptError(
                "narrate.bad_option",
                "--thief adds the Thief to the suggested deck; with --deck, list 'thief' "
                "among the cards (and two more cards to set aside)",
            )
        deck = thiercelieux_setup.parse_deck([n for n in args.deck.split(",") if n.strip()])
    size = None
    if deck is not None:
        size = len(deck) - (thiercelieux_setup.SET_ASIDE if ThiercelieuxRole.THIEF in deck else 0)
    names, named = _seated(args, locale, names, size, THIERCELIEUX)
    players = len(names)
    if deck is None:
        deck = tuple(
            ThiercelieuxRole(r)
            for r in thiercelieux_setup.suggested_deck(players, thief=args.thief)
        )
    options = parse_options(args.option or [])
    config = GameConfig(THIERCELIEUX, names, tuple(r.value for r in deck), options)
    _, warnings = THIERCELIEUX_VARIANT.setup(config)
    return ThiercelieuxTable(names, named, deck, options, warnings)


def _table_header(
    names: Sequence[str],
    named: bool,
    cards: str,
    locale: Locale,
    *,
    theme: Theme | None,
    timing: Timing,
    **timing_params: object,
) -> list[str]:
    """The header's lines every table game shares: the family, the players (and their
    names, when ``named``), the deck (``cards``), the theme and the timing (with the
    family's ``timing_params``)."""
    lines = [
        locale.text("header.family"),
        locale.text("header.players", count=len(names)),
    ]
    if named:
        seats = ", ".join(f"{k}. {name}" for k, name in enumerate(names, start=1))
        lines.append(locale.text("header.names", names=seats))
    lines.append(locale.text("header.deck", cards=cards))
    if theme is not None:
        lines.append(locale.text("header.theme", title=theme.title(locale.language)))
    lines.append(
        locale.text(
            "header.timing",
            step=locale.duration(timing.step_seconds),
            duration=locale.duration(timing.discussion_seconds),
            **timing_params,
        )
    )
    return lines


def _parts_lines(locale: Locale, parts: Sequence[tuple[str, int, Sequence[Cue]]]) -> list[str]:
    """A dry run's parts, each ``(header key, number, cues)``: its header with the total
    time, then its cues with their timings, a blank line between parts."""
    lines: list[str] = []
    for key, number, cues in parts:
        total = clock_time(total_seconds(cues))
        lines += [locale.text(key, count=number, total=total), *script_lines(cues), ""]
    return lines[:-1]


def thiercelieux_header(
    table: ThiercelieuxTable, locale: Locale, *, theme: Theme | None, timing: Timing
) -> list[str]:
    """The lines shown before a Thiercelieux game or its script."""
    cards = deck_text(table.deck, locale)
    lines = _table_header(table.names, table.named, cards, locale, theme=theme, timing=timing)
    options = thiercelieux_variant.resolve(dict(table.options))
    if not options.captain:
        lines.append(locale.text("header.captain_off"))
    elif options.captain_mode == "random":
        lines.append(locale.text("header.captain_random"))
    else:
        duration = locale.duration(timing.election_seconds)
        lines.append(locale.text("header.captain_elected", duration=duration))
    return lines


def thiercelieux_dry_run(table: ThiercelieuxTable, locale: Locale, timing: Timing) -> list[str]:
    """Night 1, the fixed parts of day 1, and night 2, each with its timings."""
    options = thiercelieux_variant.resolve(dict(table.options))
    election = options.captain and options.captain_mode == "elected"
    parts = (
        ("header.night", 1, night_script(table.deck, 1, locale, timing=timing)),
        (
            "header.day_election" if election else "header.day",
            1,
            day_script(locale, election=election, timing=timing),
        ),
        ("header.night", 2, night_script(table.deck, 2, locale, timing=timing)),
    )
    return _parts_lines(locale, parts)


def _narrate_thiercelieux(args: argparse.Namespace) -> int:
    locale = load_locale(args.lang, THIERCELIEUX)
    theme = load_theme(args.theme) if args.theme else None
    if theme is not None:
        locale = theme.apply(locale)
    table = thiercelieux_table_from_args(args, locale)
    for warning in table.warnings:
        print(f"warning [{warning.code}]: {warning.message}", file=sys.stderr)
    timing = timing_from_args(args, DEFAULT_STEP_SECONDS)
    header = thiercelieux_header(table, locale, theme=theme, timing=timing)
    return _run_table(
        args,
        locale,
        header,
        lambda: thiercelieux_dry_run(table, locale, timing),
        lambda **io: GameMaster(
            GameTable(table.names, table.deck, locale, timing, table.options), **io
        ),
    )


# --- Lupus in Tabula ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LupusCliTable:
    """A Lupus table as the command line gives it (checked by the rules' set-up)."""

    names: tuple[str, ...]
    named: bool
    """Whether the names were given (``--players-names``) or are the defaults."""
    deck: tuple[LupusRole, ...]
    options: dict[str, JSON]
    warnings: tuple[SetupWarning, ...]
    discussion_minutes: float
    deadly_owl: bool


def lupus_table_from_args(args: argparse.Namespace, locale: Locale) -> LupusCliTable:
    """Players, names, deck (given, or the default with ``--specials``) and options,
    checked by the rules' set-up.  ``--discussion-minutes`` sets the ``discussion_minutes``
    option."""
    names = parse_names(args.players_names) if args.players_names else ()
    deck = None
    if args.deck is not None:
        if args.specials:
            raise ScriptError(
                "narrate.bad_option",
                "--specials adds special characters to the default deck; with --deck, list "
                "them among the cards",
            )
        deck = parse_lupus_deck([n for n in args.deck.split(",") if n.strip()])
    names, named = _seated(args, locale, names, None if deck is None else len(deck), LUPUS)
    players = len(names)
    if deck is None:
        specials = [n for n in (args.specials or "").split(",") if n.strip()]
        deck = tuple(LupusRole(r) for r in lupus_default_deck(players, specials))
    options = parse_options(args.option or [])
    if args.discussion_minutes is not None:
        given = options.get("discussion_minutes")
        if given is not None and given != args.discussion_minutes:
            raise ScriptError(
                "narrate.bad_option",
                f"--discussion-minutes {args.discussion_minutes:g} and --option "
                f"discussion_minutes={given} disagree: give one of them",
            )
        options["discussion_minutes"] = args.discussion_minutes
    config = GameConfig(LUPUS, names, tuple(r.value for r in deck), options)
    _, warnings = LUPUS_VARIANT.setup(config)
    minutes = lupus_variant.resolve(options).discussion_minutes
    deadly = owl_is_deadly(len(names), deck, options)
    return LupusCliTable(names, named, deck, options, warnings, minutes, deadly)


def lupus_header(
    table: LupusCliTable, locale: Locale, *, theme: Theme | None, timing: Timing
) -> list[str]:
    """The lines shown before a Lupus game or its script."""
    cards = lupus_narration.deck_text(table.deck, locale)
    defence = locale.duration(timing.defence_seconds)
    lines = _table_header(
        table.names, table.named, cards, locale, theme=theme, timing=timing, defence=defence
    )
    if LupusRole.OWL in table.deck:
        lines.append(locale.text("header.owl_deadly" if table.deadly_owl else "header.owl"))
    return lines


def lupus_dry_run(table: LupusCliTable, locale: Locale, timing: Timing) -> list[str]:
    """Night 1, the fixed parts of day 1, and night 2, each with its timings."""

    def night(number: int) -> Sequence[Cue]:
        return lupus_narration.night_script(
            table.deck, number, locale, timing=timing, deadly_owl=table.deadly_owl
        )

    parts = (
        ("header.night", 1, night(1)),
        ("header.day", 1, lupus_narration.day_script(locale, timing=timing)),
        ("header.night", 2, night(2)),
    )
    return _parts_lines(locale, parts)


def _narrate_lupus(args: argparse.Namespace) -> int:
    locale = load_locale(args.lang, LUPUS)
    theme = load_theme(args.theme) if args.theme else None
    if theme is not None:
        locale = theme.apply(locale)
    timing = timing_from_args(args, lupus_narration.DEFAULT_STEP_SECONDS)
    table = lupus_table_from_args(args, locale)
    for warning in table.warnings:
        print(f"warning [{warning.code}]: {warning.message}", file=sys.stderr)
    timing = replace(timing, discussion_seconds=table.discussion_minutes * 60)
    header = lupus_header(table, locale, theme=theme, timing=timing)
    return _run_table(
        args,
        locale,
        header,
        lambda: lupus_dry_run(table, locale, timing),
        lambda **io: LupusGameMaster(
            LupusTable(table.names, table.deck, locale, timing, table.options), **io
        ),
    )


def _run_table(
    args: argparse.Namespace,
    locale: Locale,
    header: Sequence[str],
    dry_run: Callable[[], list[str]],
    master: Callable[..., GameMaster | LupusGameMaster],
) -> int:
    """Print the ``header``, then the ``dry_run``'s lines (``--dry-run``), or play a whole
    game with the game master ``master(clock=, output=, prompter=, speaker=, rng=)`` makes
    and save its record (``--record``).  Ctrl-C stops the game: exit code 130."""
    for line in header:
        print(line)
    print(flush=True)
    if args.dry_run:
        if args.speak:
            print("--speak: nothing is read aloud in a dry run", file=sys.stderr)
        for line in dry_run():
            print(line)
        return 0
    speaker = find_speaker(locale.voice, sys.stderr) if args.speak else Silent()
    output = TerminalOutput(sys.stdout, live=sys.stdout.isatty())
    game = master(
        clock=make_clock(),
        output=output,
        prompter=make_prompter(),
        speaker=speaker,
        rng=random.Random(args.seed),
    )
    try:
        match = game.play()
    except KeyboardInterrupt:
        speaker.stop()
        output.close()
        print("\nnarration stopped", file=sys.stderr)
        return 130
    if args.record:
        _write_record(args.record, to_record(match))
    return 0


def make_prompter() -> TerminalPrompter:
    """The narrator's keyboard (tests replace it with scripted answers)."""
    return TerminalPrompter(sys.stdin, sys.stdout)


def _write_record(path: str, record: dict[str, JSON]) -> None:
    try:
        Path(path).write_text(
            json.dumps(record, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
    except OSError as exc:
        raise ScriptError(
            "narrate.cannot_write", f"cannot write the record to {path}: {exc}"
        ) from exc
    print(f"record written to {path}", file=sys.stderr)


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
        type=int,
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
        type=int,
        metavar="N",
        help="Thiercelieux and Lupus: seed the game master's random draws (a tie that stays "
        "tied, a Captain drawn at random, the Welcome card among several dead)",
    )
    p.add_argument(
        "--record",
        metavar="FILE",
        help="Thiercelieux and Lupus: save the game's record (JSON, replayable) when it is over",
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
