"""A Thiercelieux or Lupus table with physical cards, run by the table game master.

Contract: :class:`NarratedTable` drives a :mod:`loupgarou.tablemaster` game master for a
room, as a pure state machine (time comes with each input).  The game master's own
time is *script time*: seconds of the game's script since the start, without pauses.
Between two questions the game master needs nothing from anyone, so its cues and notes
are run ahead at once (each ``Wait`` answered with its own time) and handed to the
narrator's device as a timed script, which it plays on its own (and keeps playing if
its connection drops).  A question falls due when the script reaches it; the narrator's
answer is sent in at the script time it came (never before the question's own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from loupgarou.core.events import JSON, plain
from loupgarou.engine.match import Match
from loupgarou.narration.script import Timing
from loupgarou.session.narrated import ScriptClock, narration_locale
from loupgarou.session.phones import GameError
from loupgarou.session.settings import Settings, spec
from loupgarou.tablemaster import (
    Ask,
    GameMaster,
    LupusGameMaster,
    LupusTable,
    Note,
    Say,
    Session,
    Table,
    Tick,
    Wait,
)
from loupgarou.variants.lupus.roles import Role as LupusRole
from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole

KEEP_CUES: Final = 400
"""The most cues a state carries (those still to come, and a few before)."""


class NarratedTable(ScriptClock):
    """A narrated Thiercelieux or Lupus game (see the module docstring)."""

    def __init__(self, settings: Settings, names: Sequence[str], seed: int, now: float) -> None:
        table = spec(settings)
        timing = Timing(
            step_seconds=settings.timers.call,
            discussion_seconds=settings.timers.discussion,
        )
        options = dict(table.options)
        if settings.family == "lupus":
            locale = narration_locale(settings, "lupus")
            deck_l = tuple(LupusRole(c) for c in table.deck)
            master: GameMaster | LupusGameMaster = LupusGameMaster(
                LupusTable(tuple(names), deck_l, locale, timing, options), seed=seed
            )
        else:
            locale = narration_locale(settings, "thiercelieux")
            deck_t = tuple(ThiercelieuxRole(c) for c in table.deck)
            master = GameMaster(Table(tuple(names), deck_t, locale, timing, options), seed=seed)
        self.session = Session(master)
        super().__init__(now)
        self.cues: list[dict[str, JSON]] = []
        self.notes: list[str] = []
        self.notes_at: list[float] = []  # each note's script time: shown when its line comes
        self.asks = 0
        self.ask_at = 0.0
        self.stage = "night"
        self._run()

    # --- running the game master ahead --------------------------------------------------------

    def _run(self) -> None:
        """Feed the game master until it asks a question or ends."""
        session = self.session
        while (request := session.request) is not None:
            if isinstance(request, Ask):
                self.asks += 1
                self.ask_at = session.now
                return
            if isinstance(request, Say):
                cue = request.cue
                self.cues.append(
                    {
                        "at": request.at,
                        "seconds": cue.seconds,
                        "kind": str(cue.kind),
                        "step": cue.step,
                        "key": cue.key,
                        "text": cue.text,
                    }
                )
                session.send(None)
            elif isinstance(request, Note):
                self.notes.append(request.text)
                self.notes_at.append(session.now)  # the game master's clock: its line's time
                session.send(None)
            elif isinstance(request, Tick):
                session.send(None)
            elif isinstance(request, Wait):
                session.send(request.until)
            else:  # pragma: no cover - the requests are those four and Ask
                raise AssertionError(f"unknown request {request!r}")
        self.stage = "over"

    # --- inputs -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.session.request is None

    @property
    def match(self) -> Match | None:
        return self.session.result or self.session.match

    @property
    def deadline(self) -> float | None:
        return None  # the game master waits for the narrator; the device keeps the time

    def tick(self, now: float) -> None:
        pass

    def skip(self, now: float) -> None:
        """Jump the script ahead to the next question (or its end)."""
        if self.paused_at is not None:
            raise GameError("narrate.cannot_skip", "resume the game before skipping")
        late = self.ask_at - self.script_time(now)
        if late > 0:
            self.origin -= late

    def answer(self, ask: JSON, text: JSON, now: float) -> None:
        if self.over:
            raise GameError("action.game_over", "the game is over")
        if ask != self.asks:
            raise GameError("task.stale", "that question has passed; answer the current one")
        if not isinstance(text, str) or not text.strip() or len(text) > 500:
            raise GameError("narrate.bad_answer", "give an answer of 1 to 500 characters")
        at = max(self.script_time(now), self.ask_at)
        self.session.answer(text, at)
        self._run()  # a refused answer: a note says why, and the question comes again

    # --- what devices see ---------------------------------------------------------------------

    def narrator_json(self) -> dict[str, JSON]:
        request = self.session.request
        ask: JSON = None
        if isinstance(request, Ask):
            ask = {
                "id": self.asks,
                "key": request.key,
                "question": request.question,
                "choices": list(request.choices),
                "pick": request.pick,
                "upto": request.upto,
                "alone": list(request.alone),
                "at": self.ask_at,
            }
        return {
            "origin": self.origin,
            "paused_at": self.paused_at,
            "cues": self.cues[-KEEP_CUES:],
            "notes": self.notes[-50:],
            "notes_at": self.notes_at[-50:],
            "ask": ask,
        }

    def game_json(self, seat: int | None) -> dict[str, JSON]:
        """Every device's ``game``: the public events of the game so far (the narrator
        sees everything: the cards are in their hands, and they typed the deal)."""
        match = self.match
        view: JSON = None
        if match is not None:
            events = [e.to_json() for e in match.events if e.audience.everyone or self.over]
            view = {
                "seat": seat,
                "players": list(match.players),
                "family": match.variant.name,
                "public": plain(match.variant.public(match.state)),
                "events": events,
                "outcome": None if match.outcome is None else match.outcome.to_json(),
            }
        phase = "night"
        if match is not None:
            phase = str(match.variant.public(match.state).get("phase", "night"))
        return {
            "phase": "over" if self.over else phase,
            "stage": "over" if self.over else "narrated",
            "night": None,
            "call": None,
            "deadline": None,
            "paused": self.paused_at is not None,
            "task": None,
            "done": [],
            "ready": [],
            "view": view,
        }
