"""The sensible Lupus in Tabula player (see :mod:`loupgarou.bots.lupus` for what it does)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.statements import Statement
from loupgarou.engine.views import SeatView

from .beliefs import Beliefs, credibility, hamster_odds, suspicion
from .reader import INFO_ROLES, Reader
from .talk import statement

INFORMED = ("seer", "mythomaniac")
"""Claims the pack hunts first: a Seer (or a Mythomaniac who became one) tells the truth."""


class SensibleLupus:
    """A sensible Lupus in Tabula player for one seat."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.r = Reader(seat)
        self._beliefs: dict[bool, tuple[int, Beliefs]] = {}
        self.shared = 0
        """How many of its own results this seat has shared."""
        self.rivals = 0
        """How many rival claimants of its role it had heard of when it last spoke."""
        self.mason_said = False
        self.lie: dict[int, bool] = {}
        """The sightings of a fake Seer (a Werewolf or the Possessed), in the order told."""
        self.lie_night = 0

    # --- beliefs --------------------------------------------------------------------------

    def read(self, view: SeatView) -> Beliefs:
        """Read what is new in ``view``; the seat's beliefs now."""
        self.r.update(view)
        return self.beliefs()

    def beliefs(self, private: bool = True) -> Beliefs:
        """Each seat's chance of being a Werewolf, from the seat's knowledge (``private``) or
        from what the whole table knows."""
        cached = self._beliefs.get(private)
        if cached is not None and cached[0] == self.r.seen:
            return cached[1]
        got = suspicion(self.r, private=private)
        self._beliefs[private] = (self.r.seen, got)
        return got

    def _best(self, seats: Sequence[int], *keys: Callable[[int], float], low: bool = False) -> int:
        """The seat with the highest keys (the lowest with ``low``), ties drawn at random."""
        sign = -1.0 if low else 1.0
        jitter = {s: self.rng.random() for s in seats}
        return max(seats, key=lambda s: (*(sign * round(k(s), 3) for k in keys), jitter[s]))

    def _tally(self) -> Counter[int]:
        r = self.r
        return Counter(t for _, day, _, t in r.stage1 if day == r.day)

    def _informed(self, *, least: float = 0.5) -> list[int]:
        """Living claimants of the Seer (or a Mythomaniac turned Seer) the seat believes at
        least ``least``, most credible first."""
        r = self.r
        cred = credibility(r, r.facts, self.seat, self.beliefs())
        seers = [s for s in cred if cred[s] >= least and s in r.alive and s != self.seat]
        seers = [s for s in seers if self._informs(s)]
        return sorted(seers, key=lambda s: -cred[s])

    def _informs(self, seat: int) -> bool:
        """Whether ``seat`` claims to be the Seer (or a Mythomaniac who became one)."""
        said = self.r.claims.get(seat)
        return said is not None and (
            said.role == "seer" or (said.role in INFORMED and bool(said.saw))
        )

    def _friends(self) -> set[int]:
        """For a Werewolf: claimants whose sightings the pack knows to be false (most likely
        the Possessed, who lies for the Werewolves without knowing them)."""
        r = self.r
        out = set()
        for s, said in r.claims.items():
            if s in r.pack or said.role not in INFO_ROLES:
                continue
            if any((t in r.pack) != wolf for t, wolf in said.saw.items() if t != s):
                out.add(s)
        return out

    # --- decisions ------------------------------------------------------------------------

    def decide(self, view: SeatView, decision: Decision) -> Action:
        r = self.r
        r.update(view)
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        by_target = {a.players[0]: a for a in opts if a.players}
        targets = sorted(by_target)
        if not targets:
            return decision.default
        kind = decision.kind
        choose = {
            "seer": self._seer,
            "bodyguard": self._bodyguard,
            "werewolves": self._hunt,
            "owl": self._owl,
            "mythomaniac": self._mythomaniac,
            "stage1": self._stage1,
            "stage2": self._stage2,
        }.get(kind)
        if choose is None:
            return decision.default
        target = choose(targets)
        if target is None and PASS in opts:
            return PASS
        found = by_target.get(target) if target is not None else None
        return found if found is not None else decision.default

    def _seer(self, targets: list[int]) -> int | None:
        r = self.r
        p = self.beliefs()
        unknown = [t for t in targets if t not in r.facts]
        if not unknown:
            return None
        return self._best(unknown, lambda t: p[t])

    def _bodyguard(self, targets: list[int]) -> int | None:
        r = self.r
        p = self.beliefs()
        pub = self.beliefs(private=False)
        safe = [t for t in targets if p[t] < 0.5] or targets
        for t in self._informed(least=0.3):
            if t in safe:
                return t
        for role in ("medium", "freemason"):
            claimed = [t for t in r.claimers(role) if t in safe and p[t] < 0.3]
            if claimed:
                return self._best(claimed, lambda t: -p[t])
        return self._best(safe, lambda t: pub[t], lambda t: p[t], low=True)

    def _hunt(self, targets: list[int]) -> int | None:
        r = self.r
        cast = Counter(t for s, t in r.pack_votes.items() if s != self.seat and t in targets)
        if cast:
            return cast.most_common(1)[0][0]
        friends = self._friends()
        pool = [t for t in targets if t != r.hamster and t not in friends] or targets
        spared = r.guarded.get(r.night - 1)
        if spared in pool and len(pool) > 1 and self.rng.random() < 0.6:
            pool = [t for t in pool if t != spared]
        seers = [t for t in pool if self._informs(t)]
        if seers:
            return self._best(seers, lambda t: len(r.claims[t].saw))
        for roles in (("medium",), ("freemason", "bodyguard", "owl")):
            claimed = [t for t in pool if t in r.claims and r.claims[t].role in roles]
            if claimed:
                return self._best(claimed, lambda t: len(r.claims[t].saw))
        pub = self.beliefs(private=False)
        against = Counter(v for _, _, v, t in r.stage1 if t in r.pack)
        return self._best(pool, lambda t: pub[t] - 0.05 * against[t], low=True)

    def _owl(self, targets: list[int]) -> int | None:
        r = self.r
        p = self.beliefs()
        unknown = [t for t in targets if t not in r.facts] or targets
        best = self._best(unknown, lambda t: p[t])
        mean = sum(p[t] for t in unknown) / len(unknown)
        if r.deadly_owl:
            return best if p[best] >= 0.5 else None
        return best if p[best] > 1.25 * mean + 0.02 else None

    def _mythomaniac(self, targets: list[int]) -> int | None:
        p = self.beliefs()
        for t in self._informed():
            if t in targets:
                return t
        return self._best(targets, lambda t: p[t], low=True)

    def _stage1(self, targets: list[int]) -> int | None:
        r = self.r
        tally = self._tally()
        if r.wolf:
            return self._push(targets, tally)
        p = self.beliefs()
        if r.role == "possessed":
            return self._betray(targets, tally)
        hamster = self._hamster_first(targets)
        if hamster is not None:
            return self._best(targets, lambda t: hamster[t], lambda t: tally[t])
        return self._best(targets, lambda t: p[t], lambda t: tally[t])

    def _hamster_first(self, targets: list[int]) -> Beliefs | None:
        """For the humans: the Werehamster's odds, when it is time to hunt him first.  He
        alone wins if he is alive when the last Werewolf dies, so when the next lynch would
        likely end the game, he is probably alive, and the village can afford a day, the
        village lynches its best guess at the Werehamster first."""
        r = self.r
        if r.side != "humans" or "werehamster" not in r.deck:
            return None
        p = self.beliefs()
        living = sorted(r.alive)
        wolves = sum(p[s] for s in living)
        top = max(targets, key=lambda t: p[t])
        if p[top] < 0.6 or wolves - p[top] > 0.4 or len(living) < 2 * wolves + 4:
            return None
        odds = hamster_odds(r, p)
        if sum(odds[s] for s in living) < 0.5:
            return None
        return odds

    def _betray(self, targets: list[int], tally: Counter[int]) -> int:
        """The Possessed's ballot: the player he trusts most among those who claimed nothing
        with sightings (a claimant may be a Werewolf posing as the Seer)."""
        r = self.r
        p = self.beliefs()
        quiet = [t for t in targets if t not in r.claims or r.claims[t].role not in INFO_ROLES]
        return self._best(quiet or targets, lambda t: -p[t], lambda t: tally[t])

    def _push(self, targets: list[int], tally: Counter[int]) -> int:
        """A Werewolf's stage 1 ballot: the pack agrees on a human the table suspects."""
        r = self.r
        place = {s: i for i, s in enumerate(r.order)}
        ranked = sorted(r.alive, key=lambda s: (-tally[s], place.get(s, len(place))))
        exposed = [s for s in ranked[:2] if s in r.pack]
        if exposed and tally[exposed[0]] > 0:
            # a packmate would be a suspect: lift the human closest to overtaking him
            humans = [t for t in ranked[2:] if t in targets and t not in r.pack]
            if humans:
                return humans[0]
        mates = [t for _, day, v, t in r.stage1 if day == r.day and v in r.pack and v != self.seat]
        mates = [t for t in mates if t in targets and t not in r.pack]
        if mates:
            return mates[-1]
        if r.hamster in targets and r.hamster is not None:
            return r.hamster
        friends = self._friends()
        pool = [t for t in targets if t not in r.pack and t not in friends]
        pool = pool or [t for t in targets if t not in r.pack] or targets
        pub = self.beliefs(private=False)
        return self._best(pool, lambda t: pub[t], lambda t: tally[t])

    def _stage2(self, targets: list[int]) -> int | None:
        r = self.r
        tally = self._tally()
        if r.wolf:
            pub = self.beliefs(private=False)
            humans = [t for t in targets if t not in r.pack]
            if len(humans) == 2:
                humans = [t for t in humans if t not in self._friends()] or humans
            if len(humans) == 1:
                return humans[0]
            if not humans:
                return self._best(targets, lambda t: pub[t])
            if r.hamster in humans:
                return r.hamster
            seers = [t for t in humans if self._informs(t) and t not in self._friends()]
            if seers:
                return seers[0]
            return self._best(humans, lambda t: pub[t], lambda t: tally[t])
        if r.role == "possessed":
            return self._betray(targets, tally)
        p = self.beliefs()
        hamster = self._hamster_first(sorted(r.alive - {self.seat}))
        if hamster is not None:
            return self._best(targets, lambda t: hamster[t], lambda t: tally[t])
        return self._best(targets, lambda t: p[t], lambda t: tally[t])

    # --- talk -----------------------------------------------------------------------------

    def speak(self, view: SeatView) -> Statement | None:
        r = self.r
        r.update(view)
        if self.seat not in r.alive:
            return None
        defence = r.step == "defence" and self.seat in r.suspects
        players = view.players
        if r.wolf or r.role == "possessed":
            lie = self._lie(players, defence)
            if lie is None and defence:
                return statement("villager", players)
            return lie
        if r.role == "seer":
            claim = "mythomaniac" if r.card == "mythomaniac" else "seer"
            return self._share(players, claim, r.looks, defence)
        if r.role == "medium":
            return self._share(players, "medium", r.medium, defence)
        if r.role == "freemason" and r.masons:
            others = [s for s in r.claimers("freemason", living=False) if s != self.seat]
            if defence or (others and not self.mason_said):
                self.mason_said = True
                return statement("freemason", players, partner=min(r.masons))
            return None
        if r.role == "bodyguard":
            return self._guard_talk(players, defence)
        if not defence:
            return None
        if r.role == "owl":
            return statement("owl", players)
        if r.card == "mythomaniac":
            return statement("mythomaniac", players)
        return statement("villager", players)

    def _guard_talk(self, players: Sequence[str], defence: bool) -> Statement | None:
        """The Bodyguard keeps quiet, unless he is a suspect, or a player he saved (the pack
        went for them the night nobody died) claims to be the Seer and is being accused."""
        r = self.r
        saved = sorted(r.saved)
        accused = [
            t
            for t in saved
            if t in r.alive and self._informs(t) and any(c.saw.get(t) for c in r.claims.values())
        ]
        if not defence and not (accused and len(saved) > self.shared):
            return None
        self.shared = len(saved)
        last = max(r.protected.items())[1] if r.protected else None
        did = Action("protect", (last,)) if last is not None else None
        return statement("bodyguard", players, [(t, False) for t in saved], did=did)

    def _share(
        self, players: Sequence[str], role: str, seen: list[tuple[int, bool]], defence: bool
    ) -> Statement | None:
        """A Seer or a Medium shares everything it learnt, when it pays: it found a living
        Werewolf, a rival claims its role, it is a suspect, it has spoken before, or the
        game is near its end."""
        r = self.r
        rivals = len([s for s in r.claimers(role, living=False) if s != self.seat])
        new = len(seen) > self.shared
        fresh = seen[self.shared :]
        found = any(wolf and (t in r.alive or role == "medium") for t, wolf in fresh)
        claimed_about = any(
            t in said.saw or t in r.claims for t, _ in fresh for said in r.claims.values()
        )
        pays = (
            defence
            or rivals > self.rivals
            or (new and (found or self.shared > 0 or len(r.alive) <= 6))
            or (new and role == "medium" and claimed_about)
        )
        if not pays or (not seen and not defence and rivals <= self.rivals):
            return None
        self.shared = len(seen)
        self.rivals = rivals
        return statement(role, players, seen)

    def _lie(self, players: Sequence[str], defence: bool) -> Statement | None:
        """A Werewolf or the Possessed may pose as the Seer: one of the pack at most, to
        answer a Seer's claim, to defend itself as a suspect, or now and then unprompted;
        once started it keeps going, one new "look" a night (a suspect repeats its word)."""
        r = self.r
        rng = self.rng
        friends = self._friends() if r.wolf else set()
        rivals = [
            s for s in r.claimers("seer") if s != self.seat and s not in r.pack and s not in friends
        ]
        rivals.sort(key=lambda s: r.claims[s].first)
        if not self.lie:
            mates = [s for s in r.pack if s != self.seat and s in r.claims]
            if any(r.claims[s].role == "seer" for s in mates):
                return None
            leader = not r.wolf or min(s for s in r.pack if s in r.alive) == self.seat
            if rivals:
                chance = 0.75 if leader else 0.2
            elif defence:
                chance = 0.6
            else:
                chance = (0.1 if r.wolf else 0.2) if leader else 0.0
            if rng.random() >= chance:
                return None
        if self.lie_night < r.night:
            target = self._frame(rivals, defence)
            if target is not None:
                self.lie[target[0]] = target[1]
                self.lie_night = r.night
        if not self.lie or (self.lie_night < r.night and not defence):
            return None
        return statement("seer", players, list(self.lie.items()))

    def _frame(self, rivals: list[int], defence: bool) -> tuple[int, bool] | None:
        """A fake Seer's next "look".  A Werewolf names the first rival Seer, else the other
        suspect, else the human the table already doubts.  The Possessed, who does not know
        the pack, names the first rival (most likely the real Seer) and then vouches for the
        others (most likely Werewolves), else names a player he trusts."""
        r = self.r
        told = set(self.lie)
        living = [s for s in r.alive if s != self.seat and s not in told]
        if r.wolf:
            friends = self._friends()
            living = [s for s in living if s not in r.pack and s not in friends]
        if not r.wolf:
            named = any(self.lie.get(s) for s in r.claimers("seer", living=False))
            for s in rivals:
                if s in living:
                    return s, not named
        for s in rivals:
            if s in living:
                return s, True
        if defence:
            others = [s for s in r.suspects if s != self.seat and s in living]
            if others:
                return others[0], True
        if not living:
            return None
        if r.wolf:
            if r.hamster in living and r.hamster is not None:
                return r.hamster, True
            pub = self.beliefs(private=False)
            return self._best(living, lambda t: pub[t]), True
        p = self.beliefs()
        return self._best(living, lambda t: p[t], low=True), True
