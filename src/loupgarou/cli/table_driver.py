"""The terminal's driver of a table game master: real time, printing, speech and the keyboard.

Contract: :func:`drive` runs a :class:`~loupgarou.tablemaster.TableMaster` (Thiercelieux or
Lupus in Tabula) to the end and returns the finished match.  It serves each request of
the game master (:mod:`loupgarou.tablemaster.requests`) with the collaborators it is
given: a :class:`Say` is shown on the :class:`TableOutput` and spoken by the
:class:`~loupgarou.cli.narrate_runtime.Speaker`, a :class:`Note` and a :class:`Tick` are
shown, a :class:`Wait` sleeps on the :class:`~loupgarou.cli.narrate_runtime.Clock` (the
schedule is absolute, so slow output never drifts), and an :class:`Ask` is put to the
:class:`Prompter`, whose answer goes back with the time it came.  Times are seconds since
:func:`drive` began.  The end of the input (``EOFError``) is the error
``narrate.input_ended`` (in the game master's language); Ctrl-C (``KeyboardInterrupt``) goes through to the caller, who
finds the match so far in the game master (``master.match``).  Tests pass a fake clock,
a recording output and scripted answers, and play a whole game instantly.
"""

from __future__ import annotations

from typing import Protocol

from loupgarou.cli.narrate_runtime import Clock, Silent, Speaker
from loupgarou.core.errors import ScriptError
from loupgarou.engine.match import Match
from loupgarou.narration import Cue, Locale
from loupgarou.tablemaster import (
    Answer,
    Ask,
    Note,
    Request,
    Say,
    Sent,
    Session,
    TableMaster,
    Tick,
    Wait,
)


class TableOutput(Protocol):
    """Where the game master's words are shown: cues, the countdown, notes for the narrator."""

    def cue(self, at: float, cue: Cue) -> None:
        """A cue said to the table, ``at`` seconds after the game started."""

    def tick(self, left: float) -> None:
        """The discussion has ``left`` seconds to go."""

    def note(self, text: str) -> None:
        """Something for the narrator's eyes only (never read aloud)."""

    def close(self) -> None: ...


class Prompter(Protocol):
    """Asks the narrator one question and returns the answer typed (raises EOFError at the end)."""

    def ask(self, question: str) -> str: ...


def drive(
    master: TableMaster,
    *,
    clock: Clock,
    output: TableOutput,
    prompter: Prompter,
    speaker: Speaker | None = None,
) -> Match:
    """Play ``master``'s whole game in real time; return the finished match."""
    voice: Speaker = speaker or Silent()
    start = clock.now()
    session = Session(master)
    while session.request is not None:
        sent = _serve(
            session.request,
            clock=clock,
            start=start,
            output=output,
            prompter=prompter,
            speaker=voice,
            locale=master.locale,
        )
        session.send(sent)
    output.close()
    voice.close()
    assert session.result is not None
    return session.result


def _serve(
    request: Request,
    *,
    clock: Clock,
    start: float,
    output: TableOutput,
    prompter: Prompter,
    speaker: Speaker,
    locale: Locale,
) -> Sent:
    """Do what ``request`` asks; return the value the game master is resumed with."""
    if isinstance(request, Say):
        output.cue(request.at, request.cue)
        speaker.say(request.cue.text)
        return None
    if isinstance(request, Note):
        output.note(request.text)
        return None
    if isinstance(request, Tick):
        output.tick(request.left)
        return None
    if isinstance(request, Wait):
        delay = request.until - (clock.now() - start)
        if delay > 0:
            clock.sleep(delay)
        return clock.now() - start
    assert isinstance(request, Ask)
    try:
        text = prompter.ask(request.typed_question())
    except EOFError:
        raise ScriptError("narrate.input_ended", locale.text("cli.input_ended")) from None
    return Answer(text, clock.now() - start)
