"""The ``narrate`` command: read the One Night narrator's script aloud, in real time.

Contract: :func:`register` adds the ``narrate`` sub-command.  Its handler
turns the command line into a deck (a scenario, or ``--deck``), builds the
script with :func:`loupgarou.narration.build_script` and either prints it all
at once with cumulative timings (``--dry-run``) or plays it in real time with
:func:`run`: each cue is printed (and spoken with ``espeak-ng`` under
``--speak``) when it is due, with a live countdown during the discussion on
a terminal.  Bad input raises a :class:`~loupgarou.core.errors.LoupGarouError`.

The real-time runner only talks to a :class:`Clock`, an :class:`Output` and a
:class:`Speaker`, so tests run it instantly with a fake clock.  Ctrl-C stops
it cleanly (exit code 130).
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from loupgarou.core.errors import ScriptError, SetupError, SetupWarning
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
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.scenarios import find_scenario
from loupgarou.variants.one_night.setup import CENTRE, MIN_PLAYERS, parse_deck, validate_deck
from loupgarou.variants.one_night.variant import EDITIONS

DEFAULT_SCENARIO = "premiere-nuit"
DEFAULT_PLAYERS = 5
ESPEAK = "espeak-ng"
SPEAK_HINT = (
    f"--speak: {ESPEAK} was not found on PATH, so the narration is text only. "
    f"To hear it, install {ESPEAK} (Debian/Ubuntu: sudo apt-get install {ESPEAK}; "
    f"Fedora: sudo dnf install {ESPEAK}; macOS: brew install {ESPEAK}) and run again."
)
TICKING = frozenset({CueKind.DISCUSSION, CueKind.COUNTDOWN})
"""Cues during which the terminal shows the discussion's time left, second by second."""


# --- the real-time runner's collaborators --------------------------------------------------


class Clock(Protocol):
    """Monotonic time in seconds, and a way to wait."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


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

    def close(self) -> None:
        self._erase()

    def _erase(self) -> None:
        if self._ticking:
            self.stream.write("\r\033[K")
            self._ticking = False


class Speaker(Protocol):
    def say(self, text: str) -> None: ...

    def stop(self) -> None:
        """Cut any speech short (on Ctrl-C)."""

    def close(self) -> None:
        """Let the last text finish."""


class Silent:
    def say(self, text: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


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


def timing_from_args(args: argparse.Namespace) -> Timing:
    """The durations asked for on the command line, checked."""
    for flag, value in (
        ("--step-seconds", args.step_seconds),
        ("--discussion-minutes", args.discussion_minutes),
    ):
        if not (math.isfinite(value) and value > 0):
            raise ScriptError("narrate.bad_duration", f"{flag} must be positive, not {value:g}")
    return Timing(step_seconds=args.step_seconds, discussion_seconds=args.discussion_minutes * 60)


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


def _narrate(args: argparse.Namespace) -> int:
    table = table_from_args(args)
    for warning in table.warnings:
        print(f"warning [{warning.code}]: {warning.message}", file=sys.stderr)
    timing = timing_from_args(args)
    lone_wolf_peek: bool = (
        args.lone_wolf_peek
        if args.lone_wolf_peek is not None
        else bool(EDITIONS[args.edition]["lone_wolf_peek"])
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


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "narrate",
        help="narrate a One Night game: the night's calls, the discussion and the vote",
        description=(
            "Narrate a One Night game in real time (or print the script with --dry-run). "
            "Every role in the deck is called, for the same time, whether a player or the "
            "centre holds it, so the timing gives nothing away."
        ),
    )
    source = p.add_mutually_exclusive_group()
    source.add_argument(
        "--scenario",
        metavar="KEY",
        help=f"a scenario by key, French name or English title (default: {DEFAULT_SCENARIO}); "
        "for a drawn deck (anarchie, bag) every role that could be drawn is called",
    )
    source.add_argument(
        "--deck",
        metavar="ROLE,ROLE,...",
        help="the cards, comma-separated, in English or French "
        "(e.g. werewolf,werewolf,seer,robber,villager,villager)",
    )
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"number of players (default: {DEFAULT_PLAYERS}; with --deck, the deck's size - 3)",
    )
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    p.add_argument(
        "--theme", metavar="NAME_OR_FILE", help="rename the roles: a shipped theme or a JSON file"
    )
    p.add_argument(
        "--step-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help="length of every role call (default: 10)",
    )
    p.add_argument(
        "--discussion-minutes",
        type=float,
        default=5.0,
        metavar="M",
        help="length of the day's discussion (default: 5)",
    )
    p.add_argument(
        "--edition",
        choices=tuple(EDITIONS),
        default="ravensburger",
        help="rulebook defaults: ravensburger (a lone wolf peeks) or bezier (no peek)",
    )
    p.add_argument(
        "--lone-wolf-peek",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="whether a lone werewolf may look at a centre card (default: the edition's)",
    )
    p.add_argument(
        "--dry-run", action="store_true", help="print the whole script with timings, no waiting"
    )
    p.add_argument(
        "--speak", action="store_true", help=f"read the script aloud with {ESPEAK}, if installed"
    )
    p.set_defaults(func=handle)
