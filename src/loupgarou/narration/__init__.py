"""Narration: the narrator's script of a One Night game, as data, in French or English.

Contract: everything here is a pure function producing data (it only reads
the package's own JSON files: locales and themes).  It never sleeps, prints,
speaks or imports :mod:`loupgarou.cli`; the real-time runner that does lives
in :mod:`loupgarou.cli.narrate`.

- :mod:`~loupgarou.narration.cues`: :class:`Cue`, the unit of a script, and timing helpers;
- :mod:`~loupgarou.narration.locale`: texts and role names per language;
- :mod:`~loupgarou.narration.themes`: role renaming files;
- :mod:`~loupgarou.narration.script`: :func:`build_script`, from a deck to its cues.

Example::

    locale = load_theme("pirates").apply(load_locale("fr"))
    cues = build_script(deck, locale, timing=Timing(step_seconds=8))
"""

from loupgarou.narration.cues import (
    Cue,
    CueKind,
    call_durations,
    clock_time,
    timeline,
    total_seconds,
)
from loupgarou.narration.locale import LANGUAGES, Locale, RoleName, load_locale
from loupgarou.narration.script import Timing, build_script, possible_roles
from loupgarou.narration.themes import Theme, load_theme, theme_names

__all__ = [
    "LANGUAGES",
    "Cue",
    "CueKind",
    "Locale",
    "RoleName",
    "Theme",
    "Timing",
    "build_script",
    "call_durations",
    "clock_time",
    "load_locale",
    "load_theme",
    "possible_roles",
    "theme_names",
    "timeline",
    "total_seconds",
]
