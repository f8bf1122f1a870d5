"""From the command line to a Thiercelieux or Lupus in Tabula table, for ``loupgarou narrate``.

Contract: ``thiercelieux_table_from_args`` and ``lupus_table_from_args`` check the
players (``--players``, ``--players-names``), the deck (``--deck``, the suggested or the
default deck, ``--specials``) and the options, and return the table to run, or raise a
:class:`~loupgarou.core.errors.LoupGarouError` that says what is wrong (in the locale's
language); the
``*_header`` and ``*_dry_run`` functions give the lines printed before a game and by
``--dry-run``.  Nothing here runs a game or touches the terminal.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass

from loupgarou.core.errors import ScriptError, SetupWarning
from loupgarou.core.events import JSON
from loupgarou.core.names import check_names
from loupgarou.core.variant import GameConfig
from loupgarou.narration import (
    Cue,
    Locale,
    Theme,
    Timing,
    clock_time,
    script_lines,
    total_seconds,
)
from loupgarou.narration import lupus as lupus_narration
from loupgarou.narration.answers import fold
from loupgarou.narration.locale import LUPUS, THIERCELIEUX
from loupgarou.narration.thiercelieux import (
    day_script,
    deck_text,
    night_script,
)
from loupgarou.tablemaster import owl_is_deadly
from loupgarou.variants.lupus import VARIANT as LUPUS_VARIANT
from loupgarou.variants.lupus import default_deck as lupus_default_deck
from loupgarou.variants.lupus import variant as lupus_variant
from loupgarou.variants.lupus.roles import Role as LupusRole
from loupgarou.variants.lupus.setup import parse_deck as parse_lupus_deck
from loupgarou.variants.thiercelieux import VARIANT as THIERCELIEUX_VARIANT
from loupgarou.variants.thiercelieux import setup as thiercelieux_setup
from loupgarou.variants.thiercelieux import variant as thiercelieux_variant
from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole

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


def parse_names(text: str, locale: Locale) -> tuple[str, ...]:
    """``--players-names Ann,Bob,...``: non-empty, distinct, and not seat numbers."""
    names = tuple(name.strip() for name in text.split(","))
    check_names(name for name in names if name)  # no control or direction characters
    folded = [fold(name) for name in names]
    for name, key in zip(names, folded, strict=True):
        if not key:
            raise ScriptError("narrate.bad_names", locale.text("cli.names_empty"))
        if key.isdigit():
            raise ScriptError("narrate.bad_names", locale.text("cli.names_number", name=name))
        if folded.count(key) > 1:
            raise ScriptError("narrate.bad_names", locale.text("cli.names_twice", name=name))
    return names


def parse_options(items: Sequence[str], locale: Locale) -> dict[str, JSON]:
    """``--option KEY=VALUE`` (repeatable): the value is JSON (true, 0.5, ...) or a word."""
    out: dict[str, JSON] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip() or not raw.strip():
            raise ScriptError("narrate.bad_option", locale.text("cli.option_form", option=item))
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
            text = locale.text("cli.players_needed", family=family)
            raise ScriptError("narrate.players_needed", text)
    if names and len(names) != players:
        text = locale.text("cli.names_count", count=len(names), total=players)
        raise ScriptError("narrate.bad_names", text)
    if names:
        return names, True
    return tuple(locale.text("player.default", count=k + 1) for k in range(players)), False


def thiercelieux_table_from_args(args: argparse.Namespace, locale: Locale) -> ThiercelieuxTable:
    """Players, names, deck (given or suggested) and options, checked by the rules' set-up."""
    names = parse_names(args.players_names, locale) if args.players_names else ()
    deck = None
    if args.deck is not None:
        if args.thief:
            raise ScriptError("narrate.bad_option", locale.text("cli.thief_deck"))
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
    options = parse_options(args.option or [], locale)
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
    return lines + theme_and_timing(locale, theme, timing, **timing_params)


def theme_and_timing(
    locale: Locale, theme: Theme | None, timing: Timing, **timing_params: object
) -> list[str]:
    """The lines every narrate header has after the deck: the theme, if any, and the
    timing (a call's and the discussion's length, with the family's ``timing_params``)."""
    lines = []
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
    names = parse_names(args.players_names, locale) if args.players_names else ()
    deck = None
    if args.deck is not None:
        if args.specials:
            raise ScriptError("narrate.bad_option", locale.text("cli.specials_deck"))
        deck = parse_lupus_deck([n for n in args.deck.split(",") if n.strip()])
    names, named = _seated(args, locale, names, None if deck is None else len(deck), LUPUS)
    players = len(names)
    if deck is None:
        specials = [n for n in (args.specials or "").split(",") if n.strip()]
        deck = tuple(LupusRole(r) for r in lupus_default_deck(players, specials))
    options = parse_options(args.option or [], locale)
    if args.discussion_minutes is not None:
        given = options.get("discussion_minutes")
        if given is not None and given != args.discussion_minutes:
            value = locale.number(args.discussion_minutes)
            text = locale.text("cli.discussion_disagree", value=value, given=given)
            raise ScriptError("narrate.bad_option", text)
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
