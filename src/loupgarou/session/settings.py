"""A room's settings: what a host chooses, checked before anything is stored.

Contract: :func:`parse_settings` turns the JSON a device sends into :class:`Settings`, or
raises :class:`SettingsError` with a stable code and a message a person can act on.  It
asks the engine itself whether the table can be set up (:func:`check_table`), so the
rules of each family stay in one place.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from loupgarou.core.errors import LoupGarouError, SetupError, SetupWarning
from loupgarou.core.events import JSON
from loupgarou.narration.themes import theme_names
from loupgarou.sim.scenarios import TableSpec, scenario_names, table_spec
from loupgarou.variants.registry import find_family

MODES: Final = ("phones", "narrated")
LANGUAGES: Final = ("en", "fr")
BOT_LEVELS: Final = ("random", "sensible")
TIMER_BOUNDS: Final = (1.0, 604800.0)
"""Every timer lies between one second and a week."""
DEFAULT_TIMERS: Final[Mapping[str, float]] = {
    "call": 10.0,
    "pack": 30.0,
    "discussion": 300.0,
    "vote": 60.0,
}
"""Seconds: a night call; the call where the pack agrees on a victim (Thiercelieux, Lupus in
Tabula: it wakes, finds its members and votes, which takes people longer than one role's
tap); the day's discussion; each vote or decision.  What a new room is offered (the
catalog's defaults).  Settings without a ``pack`` timer give the pack the call's clock, as
every room had before that timer existed, so that their stored logs replay as played."""
MAX_SEATS: Final = 40
"""The most seats a served room holds (the engine plays more; a room of phones stops here)."""


class SettingsError(LoupGarouError):
    """Settings that cannot make a room."""


@dataclass(frozen=True, slots=True)
class Timers:
    call: float = 10.0
    discussion: float = 300.0
    vote: float = 60.0
    pack: float = 10.0
    """The call where the pack agrees on a victim (``Variant.victim_call``); given no value,
    the call's (see :data:`DEFAULT_TIMERS`)."""

    def to_json(self) -> dict[str, JSON]:
        return {
            "call": self.call,
            "pack": self.pack,
            "discussion": self.discussion,
            "vote": self.vote,
        }


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything a room is created with (see docs/protocol.md, *Room settings*)."""

    family: str = "one-night"
    scenario: str | None = "premiere-nuit"
    deck: tuple[str, ...] = ()
    players: int = 5
    options: Mapping[str, JSON] = field(default_factory=dict)
    mode: str = "phones"
    lang: str = "en"
    theme: str | None = None
    timers: Timers = Timers()
    bots: str = "sensible"
    dead_see_all: bool = False

    def to_json(self) -> dict[str, JSON]:
        return {
            "family": self.family,
            "scenario": self.scenario,
            "deck": list(self.deck) if self.deck else None,
            "players": self.players,
            "options": dict(self.options),
            "mode": self.mode,
            "lang": self.lang,
            "theme": self.theme,
            "timers": self.timers.to_json(),
            "bots": self.bots,
            "dead_see_all": self.dead_see_all,
        }

    def with_players(self, players: int) -> Settings:
        return replace(self, players=players)


def _bad(code: str, message: str, data: Mapping[str, JSON] | None = None) -> SettingsError:
    return SettingsError(code, message, data)


def _text(obj: Mapping[str, JSON], key: str, default: str | None) -> str | None:
    value = obj.get(key, default)
    if value is None or isinstance(value, str):
        return value
    raise _bad("settings.bad_value", f"'{key}' must be text, not {type(value).__name__}")


def _choice(obj: Mapping[str, JSON], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = obj.get(key, default)
    if value not in allowed:
        raise _bad("settings.bad_value", f"'{key}' must be one of {', '.join(allowed)}")
    return str(value)


def _timer(obj: Mapping[str, JSON], key: str, default: float) -> float:
    value = obj.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _bad("settings.bad_timer", f"the '{key}' timer must be a number of seconds")
    low, high = TIMER_BOUNDS
    if not low <= value <= high:
        raise _bad(
            "settings.bad_timer",
            f"the '{key}' timer must be between {low:g} second and {high:g} seconds (a week)",
        )
    return float(value)


def _timers(obj: Mapping[str, JSON]) -> Timers:
    call = _timer(obj, "call", DEFAULT_TIMERS["call"])
    return Timers(
        call=call,
        pack=_timer(obj, "pack", call),
        discussion=_timer(obj, "discussion", DEFAULT_TIMERS["discussion"]),
        vote=_timer(obj, "vote", DEFAULT_TIMERS["vote"]),
    )


def parse_settings(obj: JSON) -> Settings:
    """Settings from JSON; :class:`SettingsError` (or the engine's ``setup.*``) if bad."""
    if not isinstance(obj, Mapping):
        raise _bad("settings.bad_value", "the settings must be a JSON object")
    known = set(Settings.__dataclass_fields__)
    unknown = sorted(set(obj) - known)
    if unknown:
        raise _bad("settings.unknown_key", f"unknown setting(s): {', '.join(unknown)}")
    family = _text(obj, "family", "one-night") or "one-night"
    try:
        find_family(family)
    except LoupGarouError as exc:
        raise _bad("settings.bad_family", exc.message) from None
    players = obj.get("players", 5)
    if isinstance(players, bool) or not isinstance(players, int):
        raise _bad("settings.bad_value", "'players' must be a whole number")
    if not 1 <= players <= MAX_SEATS:
        raise _bad(
            "settings.bad_players", f"a room holds 1 to {MAX_SEATS} players", {"max": MAX_SEATS}
        )
    deck_json = obj.get("deck")
    deck: tuple[str, ...] = ()
    if deck_json is not None:
        if not isinstance(deck_json, list) or not all(isinstance(c, str) for c in deck_json):
            raise _bad("settings.bad_value", "'deck' must be a list of card names")
        if len(deck_json) > 3 * MAX_SEATS:
            raise _bad("settings.bad_value", "that deck has too many cards")
        deck = tuple(deck_json)
    options = obj.get("options", {})
    if not isinstance(options, Mapping):
        raise _bad("settings.bad_value", "'options' must be an object")
    timers_json = obj.get("timers", {})
    if not isinstance(timers_json, Mapping):
        raise _bad("settings.bad_value", "'timers' must be an object")
    extra = sorted(set(timers_json) - set(DEFAULT_TIMERS))
    if extra:
        raise _bad("settings.unknown_key", f"unknown timer(s): {', '.join(extra)}")
    theme = _text(obj, "theme", None)
    if theme is not None and theme not in theme_names():
        raise _bad("settings.bad_theme", f"no theme '{theme}'; known: {', '.join(theme_names())}")
    dead_see_all = obj.get("dead_see_all", False)
    if not isinstance(dead_see_all, bool):
        raise _bad("settings.bad_value", "'dead_see_all' must be true or false")
    # neither a scenario nor a deck: the family's first table (for Thiercelieux and Lupus in
    # Tabula the very deck the engine deals given none, so a stored room replays the same;
    # the pages then name it rather than call it the host's own deck)
    default_scenario = next(iter(scenario_names(find_family(family))), None)
    settings = Settings(
        family=family,
        scenario=_text(obj, "scenario", None if deck else default_scenario),
        deck=deck,
        players=players,
        options=dict(options),
        mode=_choice(obj, "mode", MODES, "phones"),
        lang=_choice(obj, "lang", LANGUAGES, "en"),
        theme=theme,
        timers=_timers(timers_json),
        bots=_choice(obj, "bots", BOT_LEVELS, "sensible"),
        dead_see_all=dead_see_all,
    )
    spec(settings)  # a scenario or deck that does not exist is refused now
    return settings


def spec(settings: Settings) -> TableSpec:
    """The engine's table for these settings (:class:`SetupError` if there is none)."""
    variant = find_family(settings.family)
    return table_spec(
        variant,
        settings.players,
        scenario=settings.scenario or None,
        deck=settings.deck,
        options=tuple(settings.options.items()),
    )


def check_table(settings: Settings) -> tuple[SetupWarning, ...]:
    """Set the table up as the engine would (names do not matter): its warnings, or
    :class:`SetupError`."""
    from loupgarou.core.variant import GameConfig

    table = spec(settings)
    variant = find_family(settings.family)
    names = tuple(f"seat {i + 1}" for i in range(table.players))
    config = GameConfig(variant.name, names, table.deck, dict(table.options))
    _state, warnings = variant.setup(config)
    return tuple(warnings)


__all__ = [
    "BOT_LEVELS",
    "LANGUAGES",
    "MAX_SEATS",
    "MODES",
    "Settings",
    "SettingsError",
    "SetupError",
    "Timers",
    "check_table",
    "parse_settings",
    "spec",
]
