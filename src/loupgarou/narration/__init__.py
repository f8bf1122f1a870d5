"""Narration: the narrator's script as data, in French or English, for the three families.

Contract: everything here is a pure function producing data (it only reads
the package's own JSON files: locales and themes).  It never sleeps, prints,
speaks or imports :mod:`loupgarou.cli`; the real-time runner of One Night lives in
:mod:`loupgarou.cli.narrate_runtime`, and the table game masters of Thiercelieux and
Lupus in Tabula, which ask and wait through their driver, in :mod:`loupgarou.tablemaster`.

- :mod:`~loupgarou.narration.cues`: :class:`Cue`, the unit of a script, and timing helpers;
- :mod:`~loupgarou.narration.locale`: texts and role names per language and family;
- :mod:`~loupgarou.narration.themes`: role renaming files (one file may rename several families);
- :mod:`~loupgarou.narration.script`: :func:`build_script`, from a One Night deck to its cues;
- :mod:`~loupgarou.narration.thiercelieux`: :func:`night_script` (a Thiercelieux night from
  the deck and the night's number) and the day's fixed parts;
- :mod:`~loupgarou.narration.lupus`: the same for Lupus in Tabula (its own ``night_script``,
  the discussion and the call to stage 1, each voter's call, the defence, stage 2);
- :mod:`~loupgarou.narration.answers`: reading what the narrator types at a prompt.

Example::

    locale = load_theme("pirates").apply(load_locale("fr"))
    cues = build_script(deck, locale, timing=Timing(step_seconds=8))
    night_2 = night_script(deck, 2, load_locale("en", "thiercelieux"))
    lupus_night_2 = lupus.night_script(lupus_deck, 2, load_locale("fr", "lupus"))
"""

from loupgarou.narration.cues import (
    Cue,
    CueKind,
    call_durations,
    clock_time,
    script_lines,
    timeline,
    total_seconds,
)
from loupgarou.narration.locale import FAMILIES, LANGUAGES, Locale, RoleName, load_locale
from loupgarou.narration.script import Timing, build_script, possible_roles
from loupgarou.narration.themes import Theme, load_theme, theme_names
from loupgarou.narration.thiercelieux import (
    day_script,
    election_script,
    lynch_script,
    night_script,
    revote_script,
)

__all__ = [
    "FAMILIES",
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
    "day_script",
    "election_script",
    "load_locale",
    "load_theme",
    "lynch_script",
    "night_script",
    "possible_roles",
    "revote_script",
    "script_lines",
    "theme_names",
    "timeline",
    "total_seconds",
]
