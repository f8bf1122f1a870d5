"""The story of a Lupus in Tabula game in short, read from its events.

Contract: :func:`chronicle` walks the moderator's events of a game (all of
them, in order) and returns a :class:`Chronicle`: every vote (the pack's
nightly vote, stage 1 in calling order with its Ghosts, stage 2 revealed
together) with its ballots, counts, the tie that had to be settled and how;
every holder of the Welcome card; the Seer's and the Medium's answers, the
Bodyguard's protections, the Owl's picks, the Mythomaniac's choice, the
Freemasons; what each dawn announced; every death with its cause, who caused
it (the Seer who found the Werehamster, the Deadly Owl) and when (``night N``:
during night N, found at the next dawn; ``day N``: lynched that day).  Causes
come from the moderator's ``night_result`` events: dawn announces deaths
without a cause.  Pure: reads events, never the rules.

:func:`cut_tie` is the tie rule both stages use (RULINGS §3.3): ties go to the
tied player met first going clockwise from where the day's count starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from loupgarou.core.events import Event
from loupgarou.scripting.verdict import Death

When = tuple[str, int]


def ranked(counts: Mapping[int, int], candidates: Sequence[int], start: int, n: int) -> list[int]:
    """``candidates`` by most votes, ties to the first met clockwise from ``start``."""
    return sorted(candidates, key=lambda c: (-counts.get(c, 0), (c - start) % n))


def cut_tie(
    counts: Mapping[int, int], candidates: Sequence[int], start: int, n: int, places: int
) -> list[int]:
    """The players tied across the cut when the ``places`` most voted are taken: those
    sharing the count of the last one taken, when the first one left out has it too (in
    clockwise order from ``start``, so the first of them are the ones taken); else []."""
    order = ranked(counts, candidates, start, n)
    if len(order) <= places:
        return []
    last = counts.get(order[places - 1], 0)
    if counts.get(order[places], 0) != last:
        return []
    return [c for c in order if counts.get(c, 0) == last]


@dataclass(slots=True)
class Vote:
    """One vote: the pack's (``pack``), stage 1 (``stage1``) or stage 2 (``stage2``).

    ``ballots`` are (voter, target, voter was a Ghost), in the order they were cast
    (stage 1: the calling order; stage 2: seat order, revealed together).
    ``counts`` are (target, votes), most votes first, ties in the order the rules
    settle them (the pack: seat order; the day: clockwise from the start).  ``tied``
    the tie that had to be settled, else [].  ``outcome``: ``victim`` or ``drawn``
    (the pack), ``suspects`` (stage 1), ``lynched`` (stage 2), or ``clockwise`` for a
    day vote whose tie went to the first met clockwise; None while not settled.
    """

    vote: str
    when: When
    candidates: tuple[int, ...] | None
    holder: int | None = None
    order: tuple[int, ...] = ()
    ballots: list[tuple[int, int, bool]] = field(default_factory=list)
    counts: list[tuple[int, int]] = field(default_factory=list)
    tied: list[int] = field(default_factory=list)
    leaders: tuple[int, ...] = ()
    owl_pick: int | None = None
    replaced: int | None = None
    suspects: tuple[int, ...] = ()
    outcome: str | None = None
    chosen: int | None = None


@dataclass(frozen=True, slots=True)
class Welcome:
    """A holder of the Welcome card: from dawn after night ``night``; ``among`` the
    night's dead it was drawn between (empty when the holder was the only death)."""

    seat: int
    night: int
    among: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """A night power used on a player: the Seer's or the Medium's answer (``werewolf``),
    the Bodyguard's protection, the Owl's pick (``werewolf`` None)."""

    when: When
    by: int
    seat: int
    werewolf: bool | None = None


@dataclass(frozen=True, slots=True)
class Transformation:
    """The Mythomaniac ``by`` chose ``seat`` on night ``night`` and became ``became``."""

    night: int
    by: int
    seat: int
    became: str | None


@dataclass(frozen=True, slots=True)
class Dawn:
    """What the dawn after night ``night`` announced (``deaths``), and the pack's attack:
    its ``victim`` and, when the victim lived, why (``bodyguard`` or ``werehamster``)."""

    night: int
    deaths: tuple[int, ...]
    victim: int | None = None
    saved: str | None = None


@dataclass(frozen=True, slots=True)
class Chronicle:
    deaths: tuple[Death, ...]
    votes: tuple[Vote, ...]
    welcome: tuple[Welcome, ...]
    seer: tuple[Answer, ...]
    medium: tuple[Answer, ...]
    bodyguard: tuple[Answer, ...]
    owl: tuple[Answer, ...]
    mythomaniac: Transformation | None
    freemasons: tuple[int, ...]
    dawns: tuple[Dawn, ...]


class _Walk:
    """The state of the walk through the events."""

    def __init__(self) -> None:
        self.n = 0
        self.night = 0
        self.day = 0
        self.phase = "night"
        self.dead: list[int] = []
        self.holder: int | None = None
        self.deaths: list[Death] = []
        self.votes: list[Vote] = []
        self.welcome: list[Welcome] = []
        self.answers: dict[str, list[Answer]] = {
            "seer": [],
            "medium": [],
            "bodyguard": [],
            "owl": [],
        }
        self.chose: tuple[int, int] | None = None
        self.mythomaniac: Transformation | None = None
        self.freemasons: tuple[int, ...] = ()
        self.dawns: list[Dawn] = []
        self.causes: dict[int, str] = {}
        self.attack: tuple[int | None, int | None] = (None, None)
        self.seers_of: dict[int, int] = {}
        self.owls: list[int] = []
        self.stage1: Vote | None = None
        self.stage2: Vote | None = None

    @property
    def when(self) -> When:
        return ("night", self.night) if self.phase == "night" else ("day", self.day)

    def living(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s not in self.dead)

    def start(self) -> int:
        return 0 if self.holder is None else (self.holder + 1) % self.n

    def answer(self, kind: str, event: Event, werewolf: bool | None = None) -> int:
        by = min(event.audience.seats)
        seat = int(event.data["seat"])
        self.answers[kind].append(Answer(self.when, by, seat, werewolf))
        return by

    def see(self, event: Event) -> None:
        kind, d = event.kind, event.data
        if kind == "game_begins":
            self.n = int(d["players"])
        elif kind == "night_begins":
            self.night, self.phase = int(d["night"]), "night"
            self.seers_of, self.owls, self.causes = {}, [], {}
            self.attack = (None, None)
        elif kind == "freemasons":
            self.freemasons = tuple(int(s) for s in d["seats"])
        elif kind == "seen":
            by = self.answer("seer", event, bool(d["werewolf"]))
            self.seers_of[int(d["seat"])] = by
        elif kind == "medium":
            self.answer("medium", event, bool(d["werewolf"]))
        elif kind == "protecting":
            self.answer("bodyguard", event)
        elif kind == "picked":
            self.owls.append(self.answer("owl", event))
        elif kind == "chose":
            self.chose = (min(event.audience.seats), int(d["seat"]))
        elif kind == "became" and self.chose is not None:
            by, seat = self.chose
            self.mythomaniac = Transformation(self.night, by, seat, str(d["role"]))
        elif kind == "pack":
            self.votes.append(Vote("pack", self.when, None))
        elif kind == "wolf_vote" and self.votes and self.votes[-1].vote == "pack":
            self.votes[-1].ballots.append((int(d["seat"]), int(d["target"]), False))
        elif kind == "victim" and self.votes and self.votes[-1].vote == "pack":
            self._victim(self.votes[-1], int(d["seat"]), [int(s) for s in d.get("tied", ())])
        elif kind == "night_result":
            self.causes = {int(s): str(c) for s, c in d["deaths"]}
            victim, protected = d["victim"], d["protected"]
            self.attack = (
                None if victim is None else int(victim),
                None if protected is None else int(protected),
            )
        elif kind == "dawn":
            self._dawn(tuple(int(s) for s in d["deaths"]))
        elif kind == "welcome_card":
            self.holder = int(d["seat"])
            among = tuple(int(s) for s in d.get("among", ()))
            self.welcome.append(Welcome(self.holder, self.night, among))
        else:
            self._day(event)

    def _victim(self, vote: Vote, victim: int, tied: list[int]) -> None:
        counter: dict[int, int] = {}
        for _, target, _ in vote.ballots:
            counter[target] = counter.get(target, 0) + 1
        vote.counts = sorted(counter.items(), key=lambda c: (-c[1], c[0]))
        vote.tied = tied
        vote.outcome = "drawn" if tied else "victim"
        vote.chosen = victim

    def _dawn(self, dead: tuple[int, ...]) -> None:
        victim, protected = self.attack
        saved = None
        if victim is not None and victim not in dead:
            saved = "bodyguard" if victim == protected else "werehamster"
        self.dawns.append(Dawn(self.night, dead, victim, saved))
        for s in dead:
            cause = self.causes.get(s, "")
            by: int | None = None
            if "owl" in cause.split("+") and self.owls:
                by = self.owls[0]
            elif cause == "seen":
                by = self.seers_of.get(s)
            self.deaths.append(Death(s, cause, by, ("night", self.night)))
            self.dead.append(s)
        self.phase = "day"

    def _day(self, event: Event) -> None:
        kind, d = event.kind, event.data
        if kind == "day_begins":
            self.day, self.phase = int(d["day"]), "day"
            self.stage1 = Vote(
                "stage1",
                self.when,
                self.living(),
                self.holder,
                tuple(int(s) for s in d["order"]),
            )
            self.votes.append(self.stage1)
        elif kind == "vote" and self.stage1 is not None:
            voter = int(d["seat"])
            self.stage1.ballots.append((voter, int(d["target"]), voter in self.dead))
        elif kind == "stage1_counted" and self.stage1 is not None:
            vote = self.stage1
            counts = {int(s): int(k) for s, k in d["counts"]}
            assert vote.candidates is not None
            order = ranked(counts, vote.candidates, self.start(), self.n)
            vote.counts = [(s, counts[s]) for s in order if counts.get(s, 0)]
            vote.tied = cut_tie(counts, vote.candidates, self.start(), self.n, 2)
            vote.leaders = tuple(int(s) for s in d["leaders"])
        elif kind == "owl_pick" and self.stage1 is not None:
            self.stage1.owl_pick = int(d["seat"])
            replaced = d.get("replaced")
            self.stage1.replaced = None if replaced is None else int(replaced)
        elif kind == "suspects" and self.stage1 is not None:
            vote = self.stage1
            vote.suspects = tuple(int(s) for s in d["seats"])
            vote.outcome = "clockwise" if vote.tied else "suspects"
        elif kind == "stage2_begins":
            suspects = tuple(int(s) for s in d["suspects"])
            self.stage2 = Vote("stage2", self.when, suspects, self.holder)
            self.votes.append(self.stage2)
        elif kind == "votes_revealed" and self.stage2 is not None:
            vote = self.stage2
            vote.ballots = [(int(v), int(t), False) for v, t in d["ballots"]]
            counts = {int(s): int(k) for s, k in d["counts"]}
            assert vote.candidates is not None
            order = ranked(counts, vote.candidates, self.start(), self.n)
            vote.counts = [(s, counts.get(s, 0)) for s in order]
            vote.tied = cut_tie(counts, vote.candidates, self.start(), self.n, 1)
        elif kind == "lynched":
            seat = int(d["seat"])
            if self.stage2 is not None:
                self.stage2.outcome = "clockwise" if self.stage2.tied else "lynched"
                self.stage2.chosen = seat
            self.deaths.append(Death(seat, "lynched", None, ("day", self.day)))
            self.dead.append(seat)


def chronicle(events: Sequence[Event]) -> Chronicle:
    """See the module docstring."""
    walk = _Walk()
    for event in events:
        walk.see(event)
    return Chronicle(
        deaths=tuple(walk.deaths),
        votes=tuple(walk.votes),
        welcome=tuple(walk.welcome),
        seer=tuple(walk.answers["seer"]),
        medium=tuple(walk.answers["medium"]),
        bodyguard=tuple(walk.answers["bodyguard"]),
        owl=tuple(walk.answers["owl"]),
        mythomaniac=walk.mythomaniac,
        freemasons=walk.freemasons,
        dawns=tuple(walk.dawns),
    )
