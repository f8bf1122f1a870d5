"""What one Lupus in Tabula seat knows and has heard, read incrementally from its views.

A :class:`Reader` goes through the events of a seat's view that it has not seen
yet and keeps:

- **what the seat knows for sure** (``facts``: seat -> is a Werewolf): its own
  effective role, the pack (a Werewolf), the other Freemason, the Seer's looks,
  the Medium's answers, what the Mythomaniac's choice revealed; and what
  everybody knows (``public_facts``): whoever dies at dawn is not a Werewolf
  (the pack kills humans, the Seer's look kills only the Werehamster, the Deadly
  Owl's pick dies only if human);
- **the table**: who is alive, the night deaths and the lynched, every claim
  (merged per seat, in the order spoken), the stage 1 ballots (aloud) and the
  stage 2 ballots (revealed after the vote), the suspects, the Owl's picks;
- **the seat's own night**: the pack's ballots tonight and its victim, whom the
  Bodyguard protected, whom the Owl and the Mythomaniac picked.

It reads only the events and the public fields of the view: never the match.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from loupgarou.core.events import JSON
from loupgarou.engine.views import SeatView

WOLF = "werewolf"

INFO_ROLES = ("seer", "medium", "mythomaniac", "bodyguard")
"""Claimed roles whose sightings are evidence (a Mythomaniac who became a Seer; a
Bodyguard whose protégé survived a night nobody died: the pack went for him)."""
UNIQUE_CLAIMS = ("seer", "medium", "bodyguard", "owl", "possessed", "werehamster", "mythomaniac")


@dataclass(slots=True)
class Said:
    """One seat's claims, merged over the day's statements."""

    role: str | None = None
    roles: set[str] = field(default_factory=set)
    """Every role this seat ever claimed (more than one: it changed its story)."""
    saw: dict[int, bool] = field(default_factory=dict)
    """Seat -> claimed to be a Werewolf (the latest word on each seat)."""
    first: int = 0
    """The index of the event of its first claim of a role whose sightings count."""
    did: tuple[str, int] | None = None
    overclaimed: bool = False
    """It once claimed more looks than its role could have had by then (a lie)."""


class Reader:
    """A seat's knowledge and the table's history (see the module docstring)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen = 0
        self.n = 0
        self.deadly_owl = False
        """Whether the Owl's pick dies at dawn at this table (the public table rule)."""
        self.card = ""
        self.role = ""
        self.deck: list[str] = []
        self.alive: set[int] = set()
        self.night = 0
        self.day = 0
        self.step = ""
        self.facts: dict[int, bool] = {}
        self.public_facts: dict[int, bool] = {}
        self.pack: set[int] = set()
        self.masons: set[int] = set()
        self.looks: list[tuple[int, bool]] = []
        self.medium: list[tuple[int, bool]] = []
        self.claims: dict[int, Said] = {}
        self.night_dead: list[tuple[int, list[int]]] = []
        self.lynched: list[tuple[int, int]] = []
        """(day, seat)"""
        self.stage1: list[tuple[int, int, int, int]] = []
        """(event index, day, voter, target)"""
        self.stage2: list[tuple[int, int, int, int, tuple[int, ...]]] = []
        """(event index, day, voter, target, suspects)"""
        self.suspects: tuple[int, ...] = ()
        self.order: list[int] = []
        """Today's stage 1 calling order (its ties go to the first met in it)."""
        self.owl_picks: list[tuple[int, int]] = []
        """(day, seat) announced at the suspects step."""
        self.pack_votes: dict[int, int] = {}
        self.victims: dict[int, int] = {}
        """Night -> the pack's victim (Werewolves only)."""
        self.protected: dict[int, int] = {}
        """Night -> whom this seat protected (the Bodyguard)."""
        self.owl: dict[int, int] = {}
        """Night -> whom this seat picked (the Owl)."""
        self.saved: set[int] = set()
        """Players this Bodyguard protected on a night nobody died (most likely attacked)."""
        self.hamster: int | None = None
        """A Werewolf's certainty: the player the pack attacked who survived without a
        Bodyguard to protect him (the Werehamster)."""
        self.guarded: dict[int, int] = {}
        """Night -> the pack's victim who survived while a Bodyguard may have saved him."""
        self.myth_target: int | None = None

    # --- reading ---------------------------------------------------------------------------

    def update(self, view: SeatView) -> None:
        pub = view.public
        self.n = len(view.players)
        self.deadly_owl = bool(pub.get("deadly_owl", self.n > 20))
        self.deck = [str(r) for r in _list(pub.get("deck"))]
        self.step = str(pub.get("step", ""))
        if not self.alive and self.seen == 0:
            self.alive = set(range(self.n))
        events = view.events
        for i in range(self.seen, len(events)):
            e = events[i]
            self._event(i, e.kind, e.data)
        self.seen = len(events)
        alive = pub.get("alive")
        if isinstance(alive, list):
            self.alive = {int(s) for s in alive}

    def _event(self, i: int, k: str, d: Mapping[str, JSON]) -> None:
        if k == "dealt":
            self.card = self.role = str(d["role"])
            self.facts[self.seat] = self.role == WOLF
            if self.role == WOLF:
                self.pack.add(self.seat)
        elif k == "became":
            self.role = str(d["role"])
            self.facts[self.seat] = self.role == WOLF
            target = self.myth_target
            if self.role == WOLF:
                self.pack.add(self.seat)
                if target is not None:
                    self.pack.add(target)
            if target is not None:
                self.facts[target] = self.role == WOLF
        elif k == "freemasons":
            self.masons = {int(s) for s in _list(d["seats"])} - {self.seat}
            for s in self.masons:
                self.facts[s] = False
        elif k == "seen":
            seat, wolf = int(d["seat"]), bool(d["werewolf"])
            self.looks.append((seat, wolf))
            self.facts[seat] = wolf
        elif k == "medium":
            seat, wolf = int(d["seat"]), bool(d["werewolf"])
            self.medium.append((seat, wolf))
            self.facts[seat] = wolf
        elif k == "pack":
            self.pack |= {int(s) for s in _list(d["seats"])}  # the dead stay Werewolves
            for s in range(self.n):
                self.facts[s] = s in self.pack or self.facts.get(s, False) is True
        elif k == "wolf_vote":
            self.pack_votes[int(d["seat"])] = int(d["target"])
        elif k == "victim":
            self.victims[self.night] = int(d["seat"])
        elif k == "protecting":
            self.protected[self.night] = int(d["seat"])
        elif k == "picked":
            self.owl[self.night] = int(d["seat"])
        elif k == "chose":
            self.myth_target = int(d["seat"])
        elif k == "night_begins":
            self.night = int(d["night"])
            self.pack_votes = {}
        elif k == "dawn":
            self._dawn([int(s) for s in _list(d["deaths"])])
        elif k == "day_begins":
            self.day = int(d["day"])
            self.suspects = ()
            self.order = [int(s) for s in _list(d.get("order"))]
        elif k == "vote" and d.get("stage") == 1:
            self.stage1.append((i, self.day, int(d["seat"]), int(d["target"])))
        elif k == "owl_pick":
            self.owl_picks.append((self.day, int(d["seat"])))
        elif k == "suspects":
            self.suspects = tuple(int(s) for s in _list(d["seats"]))
        elif k == "votes_revealed":
            for v, t in _pairs(d["ballots"]):
                self.stage2.append((i, self.day, v, t, self.suspects))
        elif k == "lynched":
            seat = int(d["seat"])
            self.lynched.append((self.day, seat))
            self.alive.discard(seat)
        elif k == "statement":
            self._statement(i, int(d["seat"]), d.get("claim"))

    def _dawn(self, deaths: list[int]) -> None:
        night = self.night
        self.night_dead.append((night, deaths))
        for s in deaths:
            self.alive.discard(s)
            self.public_facts[s] = False
            self.facts.setdefault(s, False)
        victim = self.victims.get(night)
        if victim is not None and victim not in deaths:
            if night == 1 or "bodyguard" not in self.deck:
                self.hamster = victim
            else:
                self.guarded[night] = victim
        mine = self.protected.get(night)
        if mine is not None and not deaths:
            self.saved.add(mine)

    def _statement(self, i: int, seat: int, raw: JSON) -> None:
        if not isinstance(raw, dict):
            return
        said = self.claims.get(seat)
        if said is None:
            said = self.claims[seat] = Said(first=i)
        role = raw.get("role")
        if isinstance(role, str) and role:
            if said.role != role and role in INFO_ROLES:
                said.first = i
            said.role = role
            said.roles.add(role)
        for s in _list(raw.get("saw")):
            if not isinstance(s, dict) or s.get("seat") is None:
                continue
            try:
                said.saw[int(s["seat"])] = str(s.get("role", "")) == WOLF
            except (TypeError, ValueError):
                continue
        looks = len([t for t in said.saw if t != seat])
        most = {
            "seer": self.night,
            "mythomaniac": max(0, self.night - 2),
            "medium": len(self.lynched),
        }.get(said.role or "")
        if most is not None and looks > most:
            said.overclaimed = True
        did = raw.get("did")
        if isinstance(did, dict) and did.get("players"):
            with contextlib.suppress(TypeError, ValueError, IndexError):
                said.did = (str(did.get("kind", "")), int(_list(did["players"])[0]))

    # --- questions -------------------------------------------------------------------------

    @property
    def wolf(self) -> bool:
        return self.role == WOLF

    @property
    def side(self) -> str:
        """``werewolves``, ``werehamster`` or ``humans``, from the effective role."""
        if self.role in (WOLF, "possessed"):
            return "werewolves"
        if self.role == "werehamster":
            return "werehamster"
        return "humans"

    def claimers(self, role: str, *, living: bool = True) -> list[int]:
        return sorted(
            s for s, c in self.claims.items() if c.role == role and (not living or s in self.alive)
        )

    def died_at_night(self, seat: int) -> bool:
        return self.public_facts.get(seat) is False

    def wolves_in_deck(self) -> int:
        return self.deck.count(WOLF)


def _list(value: JSON) -> list[JSON]:
    return value if isinstance(value, list) else []


def _pairs(value: JSON) -> list[tuple[int, int]]:
    out = []
    for item in _list(value):
        if isinstance(item, list) and len(item) == 2:
            out.append((int(str(item[0])), int(str(item[1]))))
    return out
