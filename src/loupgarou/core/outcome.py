"""The result of a finished game: who won, which teams, and why."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from loupgarou.core.events import JSON


@dataclass(frozen=True, slots=True)
class Reason:
    """One sentence of the verdict: a stable ``code`` and an English ``text``."""

    code: str
    text: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """``winners`` are seats; dead members of a winning team are included.

    ``teams`` names every team that won (possibly several, possibly none).
    """

    winners: frozenset[int]
    teams: frozenset[str]
    reasons: tuple[Reason, ...]

    def to_json(self) -> dict[str, JSON]:
        return {
            "winners": sorted(self.winners),
            "teams": sorted(self.teams),
            "reasons": [{"code": r.code, "text": r.text} for r in self.reasons],
        }

    @staticmethod
    def from_json(obj: Mapping[str, JSON]) -> Outcome:
        return Outcome(
            frozenset(int(w) for w in obj["winners"]),
            frozenset(str(t) for t in obj["teams"]),
            tuple(Reason(str(r["code"]), str(r["text"])) for r in obj["reasons"]),
        )
