"""What a table game master asks of its driver, and what the driver sends back.

Contract: a game master (:meth:`~loupgarou.tablemaster.base.TableMaster.play`) is a
generator.  Each value it yields is a *request*; the driver does what the request
says, then resumes the generator with ``send`` and the value the request calls for:

=====================  ==========================================  ==========================
request                what the driver does                        value sent back
=====================  ==========================================  ==========================
:class:`Say`           say ``cue`` to the table (print, speak)     ``None``
:class:`Note`          show ``text`` to the narrator only          ``None``
:class:`Tick`          show the discussion's countdown (``left``)  ``None``
:class:`Wait`          let time pass until ``until``               the time now (a number)
:class:`Ask`           ask the narrator ``question``               an :class:`Answer`
=====================  ==========================================  ==========================

Times are seconds since the game started, on the driver's clock: the game master reads
no clock, it only knows the times it is sent (after a :class:`Wait`, and with every
:class:`Answer`).  A time earlier than the one the game master already knows (or, after
a :class:`Wait`, earlier than ``until``) is taken as that time, so a driver whose clock
rounds a hair short does no harm.  When the game is over the generator returns the
finished :class:`~loupgarou.engine.match.Match` (``StopIteration.value``).

Everything here is plain immutable data; :func:`check` says whether a value may be sent
for a request, and :func:`sent_to_json` / :func:`sent_from_json` store what was sent (a
game is rebuilt from that log: :func:`loupgarou.tablemaster.session.replay`).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from loupgarou.core.events import JSON
from loupgarou.narration import Cue

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Say:
    """A cue said to the table, ``at`` seconds after the game started.  Send back ``None``."""

    at: float
    cue: Cue


@dataclass(frozen=True, slots=True)
class Note:
    """Something for the narrator's eyes only, never read aloud.  Send back ``None``.

    A refused answer is followed by a note that says why, then the same :class:`Ask`.
    """

    text: str


@dataclass(frozen=True, slots=True)
class Tick:
    """The discussion has ``left`` seconds to go (once a second).  Send back ``None``."""

    left: float


@dataclass(frozen=True, slots=True)
class Wait:
    """The game master goes on at ``until`` (seconds since the start).  Send back the time
    it is when the driver resumes it (``>= until``)."""

    until: float


@dataclass(frozen=True, slots=True)
class Ask:
    """A question for the narrator.  Send back an :class:`Answer`.

    ``key`` names the question (the locale key, ``ask.seer``); ``question`` is its text in
    the game's language.  ``choices`` are answers a page may offer as buttons: the
    players who may be chosen (by name), the word for "nobody" when nobody is allowed,
    yes and no, the cards still to deal, ...; ``pick`` of them, sent together and
    separated by commas, are an answer the game master understands (one, but Cupid's two
    Lovers), or with ``upto`` any number from one to ``pick`` (the Werewolves who kept
    their eyes shut); a choice of ``alone`` ("nobody") is an answer by itself, never sent
    with others.  It is empty when only free text fits (every ballot of a vote may also be
    typed, as a list).  ``typed`` is for a narrator who types: how to give an answer no
    choice names ("(Enter: nobody)": an empty line); a page with buttons leaves it out.
    """

    key: str
    question: str
    choices: tuple[str, ...] = ()
    pick: int = 1
    upto: bool = False
    alone: tuple[str, ...] = ()
    typed: str = ""

    def typed_question(self) -> str:
        """The question as a terminal asks it: with what to type for the unnamed answer."""
        return f"{self.question} {self.typed}" if self.typed else self.question


@dataclass(frozen=True, slots=True)
class Answer:
    """The narrator's ``text`` for an :class:`Ask`, given at ``now`` (seconds since the
    start)."""

    text: str
    now: float

    def to_json(self) -> dict[str, JSON]:
        return {"text": self.text, "now": self.now}


Request: TypeAlias = Say | Note | Tick | Wait | Ask
"""Anything a game master yields."""

Sent: TypeAlias = Answer | float | None
"""Anything a driver sends back: ``None``, a time, or an :class:`Answer`."""

Steps: TypeAlias = Generator[Request, Sent, T]
"""A game master's generator (or one of its parts), returning ``T``."""


def is_time(value: object) -> bool:
    """Whether ``value`` is a finite number of seconds (not a bool)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def check(request: Request, value: Sent) -> str | None:
    """Why ``value`` cannot be sent for ``request`` (``None`` when it can)."""
    if isinstance(request, Wait):
        return None if is_time(value) else f"a Wait is resumed with the time, not {value!r}"
    if isinstance(request, Ask):
        if isinstance(value, Answer) and isinstance(value.text, str) and is_time(value.now):
            return None
        return f"an Ask is resumed with an Answer(text, now), not {value!r}"
    if value is not None:
        return f"a {type(request).__name__} is resumed with None, not {value!r}"
    return None


def sent_to_json(value: Sent) -> JSON:
    """One sent value as JSON: ``null``, a number, or ``{"text": ..., "now": ...}``."""
    if isinstance(value, Answer):
        return value.to_json()
    return value


def sent_from_json(data: JSON) -> Sent:
    """The value :func:`sent_to_json` wrote."""
    if data is None:
        return None
    if isinstance(data, Mapping):
        text, now = data.get("text"), data.get("now")
        if isinstance(text, str) and isinstance(now, int | float) and is_time(now):
            return Answer(text, float(now))
    elif is_time(data):
        return float(data)
    raise ValueError(f"not a value sent to a game master: {data!r}")
