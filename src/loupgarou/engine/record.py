"""The game record: a versioned JSON document that rebuilds a game exactly.

A record holds the configuration (family, players, deck, options), the ordered
inputs (chance outcomes, actions, timeouts, statements), the resulting events
with their audience, and the outcome.  :func:`replay` rebuilds the game from
the configuration and the inputs alone, then checks that it produces the same
events; no random generator is involved.  The format is documented in
``docs/record-format.md``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from loupgarou.core.actions import Action
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import LoupGarouError, RecordError, ScriptError
from loupgarou.core.events import JSON, Event
from loupgarou.core.statements import Statement
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.variants.registry import find_family

RECORD_FORMAT = "loupgarou-record"
RECORD_VERSION = 1


def to_record(match: Match) -> dict[str, JSON]:
    outcome = match.outcome
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "config": match.config.to_json(),
        "inputs": [i.to_json() for i in match.inputs],
        "events": [e.to_json() for e in match.events],
        "outcome": None if outcome is None else outcome.to_json(),
    }


class _Replayed:
    """Chance outcomes in the recorded order; a label out of place is an error."""

    def __init__(self, entries: list[tuple[str, JSON]]) -> None:
        self._queue = deque(entries)

    def left(self) -> int:
        return len(self._queue)

    def draw(self, request: ChanceRequest) -> JSON:
        if not self._queue:
            raise RecordError(
                "record.missing_chance", f"the record has no outcome for '{request.label}'"
            )
        label, value = self._queue.popleft()
        if label != request.label:
            raise RecordError(
                "record.chance_mismatch",
                f"the record gives '{label}' where the game draws '{request.label}'",
            )
        return value


def load_record(obj: Any) -> dict[str, Any]:
    """Check the envelope of a record (format and version)."""
    if not isinstance(obj, Mapping) or obj.get("format") != RECORD_FORMAT:
        raise RecordError("record.not_a_record", f"this is not a {RECORD_FORMAT} document")
    if obj.get("version") != RECORD_VERSION:
        raise RecordError(
            "record.version",
            f"record version {obj.get('version')!r} is not supported (this build reads {RECORD_VERSION})",
        )
    return dict(obj)


def replay(obj: Any, *, check_events: bool = True) -> Match:
    """Rebuild a game from its record; raise :class:`RecordError` if it does not replay.

    Every input must be used: an unknown input type, a chance outcome the game
    never draws, different events or a different outcome are all refused.
    """
    record = load_record(obj)
    try:
        cfg = record["config"]
        config = GameConfig(
            str(cfg["family"]),
            tuple(str(p) for p in cfg["players"]),
            tuple(_text(c) for c in cfg["deck"]),
            dict(cfg.get("options", {})),
        )
        inputs = list(record["inputs"])
        chances = [(str(i["label"]), i["value"]) for i in inputs if i["type"] == "chance"]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(
            "record.malformed", f"the record's configuration is malformed: {exc}"
        ) from exc
    source = _Replayed(chances)
    try:
        match = Match(find_family(config.family), config, source)
        for number, entry in enumerate(inputs, start=1):
            _replay_input(match, number, entry)
    except (RecordError, ScriptError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError("record.malformed", f"the record is malformed: {exc.message}") from exc
    except LoupGarouError as exc:
        raise RecordError(
            "record.does_not_replay", f"the record does not replay: {exc.message}"
        ) from exc
    if source.left():
        raise RecordError(
            "record.extra_chance",
            f"the record holds {source.left()} chance outcome(s) the game never draws",
        )
    if check_events and "events" in record:
        try:
            expected = [Event.from_json(e).to_json() for e in record["events"]]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(
                "record.malformed", f"the record's events are malformed: {exc}"
            ) from exc
        actual = [e.to_json() for e in match.events]
        if expected != actual:
            raise RecordError("record.events_differ", "replaying the inputs gives different events")
    outcome = match.outcome
    if "outcome" in record and record["outcome"] != (
        None if outcome is None else outcome.to_json()
    ):
        raise RecordError(
            "record.outcome_differs", "the record's outcome is not what its game gives"
        )
    return match


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a card name")
    return value


def _replay_input(match: Match, number: int, entry: Any) -> None:
    try:
        kind = entry["type"]
        if kind == "chance":
            return  # drawn by the match when the game reaches it
        seat = entry["seat"]
        if type(seat) is not int:
            raise TypeError(f"seat {seat!r} is not a whole number")
        if kind == "action":
            match.submit(seat, Action.from_json(entry["action"]))
        elif kind == "timeout":
            match.timeout(seat)
        elif kind == "statement":
            match.say(seat, Statement.from_json(entry["statement"]))
        else:
            raise RecordError("record.malformed", f"input {number} has an unknown type {kind!r}")
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError("record.malformed", f"input {number} is malformed: {exc}") from exc
