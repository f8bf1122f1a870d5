"""The adjudicator's report (the verdict) and its stable JSON form.

Contract: a :class:`Verdict` is plain immutable data; :meth:`Verdict.to_json`
gives the document described in ``docs/adjudicate-json.md`` (``format:
loupgarou-verdict``, ``version: 1``).  Keys are never renamed or removed
within a version; new keys may be added.  Seats are always given with the
player's name next to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from loupgarou.core.actions import Action
from loupgarou.core.errors import SetupWarning
from loupgarou.core.events import JSON
from loupgarou.core.outcome import Reason

VERDICT_FORMAT = "loupgarou-verdict"
VERDICT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Line:
    """One event told as a sentence.  ``step`` is the step that caused it (None: set-up)."""

    step: int | None
    kind: str
    audience: JSON
    """'everyone', 'moderator' or the list of seats that learned it."""
    text: str
    data: Mapping[str, JSON]


@dataclass(frozen=True, slots=True)
class PlayedStep:
    """An accepted step: its number, kind, a sentence, and the record inputs it made."""

    number: int
    kind: str
    text: str
    inputs: tuple[JSON, ...]
    note: str = ""
    declined: tuple[int, ...] = ()
    """The seats whose optional decision the script moved past in silence (declined)."""


@dataclass(frozen=True, slots=True)
class Rejection:
    """The first step the game refused; nothing of it (nor after it) was applied."""

    number: int
    kind: str
    text: str
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one player learned, in order: the events addressed to them alone or to a few."""

    seat: int
    dealt: str | None
    learned: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Death:
    """A death: the seat, its cause, who caused it (if one player did), and when.

    ``when`` is ``(phase, number)``, e.g. ``("night", 2)``, for families that count
    nights and days; None for a family played in one night and one day.
    """

    seat: int
    cause: str
    by: int | None = None
    when: tuple[str, int] | None = None


@dataclass(frozen=True, slots=True)
class FinalCard:
    """The card in front of ``seat`` at the end and the role it stands for."""

    seat: int
    card: str
    effective: str
    team: str


@dataclass(frozen=True, slots=True)
class Copy:
    """What a Doppelgänger copied, and where her card ended (a seat, or a centre slot)."""

    seat: int
    copied: str
    holder: int | None
    centre: int | None


@dataclass(frozen=True, slots=True)
class Ending:
    """The end of a finished game."""

    cards: tuple[FinalCard, ...]
    centre: tuple[str, ...]
    copies: tuple[Copy, ...]
    deaths: tuple[Death, ...]
    winners: tuple[int, ...]
    teams: tuple[str, ...]
    reasons: tuple[Reason, ...]


@dataclass(frozen=True, slots=True)
class TableNow:
    """Where the cards lie at this moment (the moderator's knowledge)."""

    cards: tuple[str, ...]
    centre: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pending:
    seat: int
    kind: str
    optional: bool
    default: Action
    options: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """The state the script left the game in."""

    over: bool
    phase: str | None
    alive: tuple[int, ...]
    dead: tuple[int, ...]
    pending: tuple[Pending, ...]
    table: TableNow | None


@dataclass(frozen=True, slots=True)
class Verdict:
    source: str
    title: str
    family: str
    scenario: str | None
    players: tuple[str, ...]
    deck: tuple[str, ...]
    options: Mapping[str, JSON]
    warnings: tuple[SetupWarning, ...]
    steps_total: int
    played: tuple[PlayedStep, ...]
    rejected: Rejection | None
    timeline: tuple[Line, ...]
    knowledge: tuple[Knowledge, ...]
    ending: Ending | None
    standing: Standing
    story: Mapping[str, JSON] | None = None
    """The family's summary (Thiercelieux: Lovers, Captains, votes, deaths), or None."""
    state_extra: Mapping[str, JSON] = field(default_factory=dict)
    """Keys the family adds to ``state`` (Thiercelieux: night, day, Captain ...)."""

    @property
    def status(self) -> str:
        """'rejected' (a step was refused), 'finished' or 'incomplete' (all accepted)."""
        if self.rejected is not None:
            return "rejected"
        return "finished" if self.standing.over else "incomplete"

    @property
    def exit_code(self) -> int:
        return 1 if self.rejected is not None else 0

    # --- JSON ------------------------------------------------------------------------------

    def who(self, seat: int) -> dict[str, JSON]:
        name = self.players[seat] if 0 <= seat < len(self.players) else None
        return {"seat": seat, "name": name}

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "format": VERDICT_FORMAT,
            "version": VERDICT_VERSION,
            "status": self.status,
            "script": {
                "source": self.source,
                "title": self.title,
                "family": self.family,
                "scenario": self.scenario,
            },
            "players": [self.who(s) for s in range(len(self.players))],
            "deck": list(self.deck),
            "options": dict(self.options),
            "warnings": [w.to_json() for w in self.warnings],
            "steps": {
                "total": self.steps_total,
                "accepted": len(self.played),
                "played": [
                    {**_played(p), "declined": [self.who(s) for s in p.declined]}
                    for p in self.played
                ],
            },
            "rejected": None if self.rejected is None else _rejected(self.rejected),
            "timeline": [_line(li) for li in self.timeline],
            "learned": [
                {
                    **self.who(k.seat),
                    "dealt": k.dealt,
                    "events": [_line(li) for li in k.learned],
                }
                for k in self.knowledge
            ],
            "result": None if self.ending is None else self._ending(self.ending),
            "state": {**self._standing(self.standing), **_plain(dict(self.state_extra))},
        }
        if self.story is not None:
            out["story"] = _plain(dict(self.story))
        return out

    def death(self, d: Death) -> dict[str, JSON]:
        """A death as JSON; ``when`` only for families that count nights and days."""
        out: dict[str, JSON] = {
            **self.who(d.seat),
            "cause": d.cause,
            "by": None if d.by is None else self.who(d.by),
        }
        if d.when is not None:
            out["when"] = {"phase": d.when[0], "number": d.when[1]}
        return out

    def _ending(self, e: Ending) -> dict[str, JSON]:
        return {
            "cards": [
                {**self.who(c.seat), "card": c.card, "effective": c.effective, "team": c.team}
                for c in e.cards
            ],
            "centre": list(e.centre),
            "doppelganger": [
                {
                    **self.who(c.seat),
                    "copied": c.copied,
                    "card_held_by": None if c.holder is None else self.who(c.holder),
                    "card_in_centre": c.centre,
                }
                for c in e.copies
            ],
            "deaths": [self.death(d) for d in e.deaths],
            "winners": [self.who(s) for s in e.winners],
            "teams": list(e.teams),
            "reasons": [{"code": r.code, "text": r.text} for r in e.reasons],
        }

    def _standing(self, s: Standing) -> dict[str, JSON]:
        return {
            "over": s.over,
            "phase": s.phase,
            "alive": [self.who(x) for x in s.alive],
            "dead": [self.who(x) for x in s.dead],
            "pending": [
                {
                    **self.who(p.seat),
                    "kind": p.kind,
                    "optional": p.optional,
                    "default": p.default.to_json(),
                    "options": [a.to_json() for a in p.options],
                }
                for p in s.pending
            ],
            "table": None
            if s.table is None
            else {"cards": list(s.table.cards), "centre": list(s.table.centre)},
        }


def _line(li: Line) -> dict[str, JSON]:
    return {
        "step": li.step,
        "kind": li.kind,
        "audience": li.audience,
        "text": li.text,
        "data": _plain(li.data),
    }


def _played(p: PlayedStep) -> dict[str, JSON]:
    return {
        "step": p.number,
        "kind": p.kind,
        "text": p.text,
        "note": p.note,
        "inputs": list(p.inputs),
    }


def _rejected(r: Rejection) -> dict[str, JSON]:
    return {"step": r.number, "kind": r.kind, "text": r.text, "code": r.code, "message": r.message}


def _plain(value: JSON) -> JSON:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [_plain(v) for v in value]
    return value
