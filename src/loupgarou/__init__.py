"""loupgarou: a game master for the Werewolf family of hidden-role games.

The package is layered; each layer imports only the ones below it::

    core  <-  variants  <-  engine  <-  narration / bots / sim  <-  cli

``core`` holds the family-independent vocabulary (seats, actions, events with
their audience, decisions, chance, outcomes, errors).  ``variants`` holds one
pure rules module per family.  ``engine`` drives a game: it asks the rules what
is pending, draws chance from an injected source, validates and applies
decisions, and keeps the event log that is the game's record.
"""

from __future__ import annotations

from pathlib import Path

__version__ = "0.1.0"


def compiled_build() -> Path | None:
    """The folder of the compiled build this process runs (mypyc's C extensions of the
    hot modules, see ``docs/compiled-build.md``), or None when it runs the source."""
    import importlib.machinery

    from loupgarou.engine import match

    where = match.__file__ or ""
    if where.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        return Path(where).parents[2]
    return None


def build_description() -> str:
    """Which build runs, in words: ``compiled with mypyc (...)`` or ``interpreted (...)``;
    what ``loupgarou --version`` says after the version."""
    import platform

    python = f"{platform.python_implementation()} {platform.python_version()}"
    folder = compiled_build()
    if folder is None:
        return f"interpreted (pure Python), {python}"
    return f"compiled with mypyc, {python}, from {folder}"
