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
from loupgarou.core.errors import LoupGarouError, RecordError
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
    """Rebuild a game from its record; raise :class:`RecordError` if it does not replay."""
    record = load_record(obj)
    try:
        cfg = record["config"]
        config = GameConfig(
            str(cfg["family"]),
            tuple(cfg["players"]),
            tuple(cfg["deck"]),
            dict(cfg.get("options", {})),
        )
        inputs = list(record["inputs"])
        chances = [(str(i["label"]), i["value"]) for i in inputs if i["type"] == "chance"]
    except (KeyError, TypeError) as exc:
        raise RecordError("record.malformed", f"the record is missing a field: {exc}") from exc
    try:
        match = Match(find_family(config.family), config, _Replayed(chances))
        for entry in inputs:
            kind = entry["type"]
            if kind == "action":
                match.submit(int(entry["seat"]), Action.from_json(entry["action"]))
            elif kind == "timeout":
                match.timeout(int(entry["seat"]))
            elif kind == "statement":
                match.say(int(entry["seat"]), Statement.from_json(entry["statement"]))
    except RecordError:
        raise
    except LoupGarouError as exc:
        raise RecordError(
            "record.does_not_replay", f"the record does not replay: {exc.message}"
        ) from exc
    if check_events and "events" in record:
        expected = [Event.from_json(e).to_json() for e in record["events"]]
        actual = [e.to_json() for e in match.events]
        if expected != actual:
            raise RecordError("record.events_differ", "replaying the inputs gives different events")
    return match
