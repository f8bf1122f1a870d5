"""The story of a Thiercelieux game in short, read from its events.

Contract: :func:`chronicle` walks the moderator's events of a game (all of
them, in order) and returns a :class:`Chronicle`: every death with its cause,
who caused it and when (the night's deaths are dated by the night, a lynch or a
Hunter's shot by the day, grief by the death it follows), every Captain with
how they got the title, the Lovers and their Cupid, and every vote with its
ballots, counts, tie and how it was settled (the day votes and the pack's
nightly vote).  Causes come from the rules' own list (``State.deaths``): dawn
announces deaths without a cause.  Pure: reads events, never the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from loupgarou.core.events import Event
from loupgarou.scripting.verdict import Death

When = tuple[str, int]


@dataclass(slots=True)
class Vote:
    """One vote: a day vote (``captain_election``, ``lynch`` ...) or the pack's (``pack``).

    ``ballots`` are (voter, target) with None for the pack's "no victim";
    ``counts`` (target, votes) sorted by votes then seat; ``tied`` the targets
    sharing the top count when there is a tie.  ``outcome`` is how the vote was
    settled: ``elected``, ``lynched``, ``victim``, ``no_victim`` (a clear result),
    ``revote`` (a tie sent to a second round), ``drawn`` (a tie drawn at random),
    ``captain_vote`` (a lynch tie settled by the Captain's own ballot),
    ``captain_pick`` (the Captain picked among the tied), ``no_lynch`` (a second
    tie: nobody is lynched); None while it is not settled.
    """

    vote: str
    when: When
    candidates: tuple[int, ...] | None
    ballots: list[tuple[int, int | None]] = field(default_factory=list)
    counts: list[tuple[int | None, int]] = field(default_factory=list)
    tied: list[int | None] = field(default_factory=list)
    outcome: str | None = None
    chosen: int | None = None
    by: int | None = None


@dataclass(frozen=True, slots=True)
class Captaincy:
    """A Captain: ``how`` is ``elected``, ``drawn`` or ``named`` (by ``by``, the dying Captain)."""

    seat: int
    how: str
    by: int | None
    when: When


@dataclass(frozen=True, slots=True)
class Chronicle:
    deaths: tuple[Death, ...]
    captains: tuple[Captaincy, ...]
    votes: tuple[Vote, ...]
    lovers: tuple[int, ...]
    cupid: int | None


def _tally(
    ballots: Sequence[tuple[int, int | None]],
) -> tuple[list[tuple[int | None, int]], list[int | None]]:
    """Counts (most votes first, seats in order, no victim last) and the tied targets."""
    counter = Counter(t for _, t in ballots)
    counts = sorted(counter.items(), key=lambda c: (-c[1], c[0] is None, c[0] or 0))
    top = counts[0][1] if counts else 0
    tied = [t for t, k in counts if k == top]
    return counts, tied if len(tied) > 1 else []


class _Walk:
    """The state of the walk through the events."""

    def __init__(self, cause_of: Mapping[int, str]) -> None:
        self.cause_of = cause_of
        self.when: When = ("night", 0)
        self.deaths: list[Death] = []
        self.died: dict[int, When] = {}
        self.poisoner: dict[int, int] = {}
        self.captains: list[Captaincy] = []
        self.votes: list[Vote] = []
        self.open: Vote | None = None
        self.lovers: tuple[int, ...] = ()
        self.cupid: int | None = None

    def die(self, seat: int, when: When, by: int | None = None) -> None:
        if seat in self.died:
            return
        cause = self.cause_of.get(seat, "")
        if by is None and cause == "poisoned":
            by = self.poisoner.get(seat)
        self.deaths.append(Death(seat, cause, by, when))
        self.died[seat] = when

    def settle(self, outcome: str, chosen: int | None, by: int | None = None) -> None:
        vote = self.open
        if vote is not None and vote.outcome is None:
            vote.outcome, vote.chosen, vote.by = outcome, chosen, by
        if outcome != "revote":
            self.open = None

    def see(self, event: Event) -> None:
        kind, d = event.kind, event.data
        seats = sorted(event.audience.seats)
        actor = seats[0] if len(seats) == 1 else None
        day = self.when[1]
        if kind == "night_begins":
            self.when = ("night", int(d["night"]))
        elif kind == "dawn":
            night = int(d["day"])
            self.when = ("day", night)
            for s in d["deaths"]:
                self.die(int(s), ("night", night))
        elif kind == "starved":
            for s in d["seats"]:
                self.die(int(s), self.when)
        elif kind == "grief":
            lover = int(d["lover"])
            self.die(int(d["seat"]), self.died.get(lover, self.when), lover)
        elif kind == "lynched":
            self.settle("lynched", int(d["seat"]))
            self.die(int(d["seat"]), ("day", day))
        elif kind == "shot":
            self.die(int(d["seat"]), ("day", day), int(d["hunter"]))
        elif kind == "poisoned" and actor is not None:
            self.poisoner[int(d["seat"])] = actor
        elif kind == "paired":
            self.cupid = actor
            self.lovers = tuple(int(s) for s in d["seats"])
        elif kind == "lovers":
            self.lovers = tuple(int(s) for s in d["seats"])
        elif kind == "captain_elected":
            seat = int(d["seat"])
            how = "drawn" if d.get("how") == "draw" else "elected"
            self.captains.append(Captaincy(seat, how, None, ("day", day)))
            self.settle(how, seat)
        elif kind == "captain_named":
            self.captains.append(Captaincy(int(d["seat"]), "named", int(d["by"]), ("day", day)))
        elif kind == "vote_opens":
            if self.open is not None:
                self.settle("revote", None)
            candidates = tuple(int(s) for s in d["candidates"])
            self.open = Vote(str(d["vote"]), ("day", day), candidates)
            self.votes.append(self.open)
        elif kind == "votes" and self.open is not None:
            vote = self.open
            vote.ballots = [(int(v), int(t)) for v, t in d["ballots"]]
            counts = sorted(((int(t), int(k)) for t, k in d["counts"]), key=lambda c: (-c[1], c[0]))
            vote.counts = list(counts)
            top = counts[0][1]
            tied = [t for t, k in counts if k == top]
            vote.tied = list(tied) if len(tied) > 1 else []
        elif kind == "captain_decides":
            by, seat = int(d["by"]), int(d["seat"])
            own = self.open is not None and dict(self.open.ballots).get(by) in self.open.tied
            self.settle("captain_vote" if own else "captain_pick", seat, by)
        elif kind == "lynch_drawn":
            self.settle("drawn", int(d["seat"]))
        elif kind == "no_lynch":
            self.settle("no_lynch", None)
        elif kind == "pack":
            self.votes.append(Vote("pack", self.when, None))
        elif kind == "pack_vote" and self.votes and self.votes[-1].vote == "pack":
            target = d["target"]
            self.votes[-1].ballots.append((int(d["seat"]), None if target is None else int(target)))
        elif kind == "pack_victim" and self.votes and self.votes[-1].vote == "pack":
            vote = self.votes[-1]
            vote.counts, vote.tied = _tally(vote.ballots)
            chosen = None if d["seat"] is None else int(d["seat"])
            if d.get("drawn_among"):
                vote.outcome = "drawn"
            else:
                vote.outcome = "no_victim" if chosen is None else "victim"
            vote.chosen = chosen


def chronicle(events: Sequence[Event], cause_of: Mapping[int, str]) -> Chronicle:
    """See the module docstring; ``cause_of`` maps each dead seat to its cause."""
    walk = _Walk(cause_of)
    for event in events:
        walk.see(event)
    return Chronicle(
        tuple(walk.deaths), tuple(walk.captains), tuple(walk.votes), walk.lovers, walk.cupid
    )
