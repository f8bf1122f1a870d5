"""Thiercelieux bots: the sensible player, and the family's registration.

The sensible player keeps, from its view alone, what its seat knows for sure
(its card, the Thief's new card, the Seer's looks, the pack, what the Little
Girl spied, the Lovers, every card revealed at death) and reads the table:
claims (a Seer or Little Girl naming a Werewolf or clearing someone), claims
that contradict a card later revealed, two players claiming the same unique
role, and who voted for a lynched player whose card turned out to be a
Werewolf or not.  From these it gives each living player a suspicion (a
probability of being a Werewolf: the base rate of Werewolves among the unknown,
moved by the evidence in log-odds).

- The **Seer** looks at the most suspected player she has not seen; she claims
  and shares everything she saw once it pays: when she found a living Werewolf,
  or when someone else claims to be the Seer.
- The **Little Girl** spies until she has seen the pack, then names them.
- The **Witch** heals a victim who matters (herself, a claimed Seer, the first
  night's victim) and poisons a player once she is fairly sure of a Werewolf.
- The **Hunter** shoots the most suspected player.
- The **Werewolves** always wake, hunt the claimed Seer first (then the Little
  Girl, the Witch, the Captain, the most trusted player), agree on one victim
  (they follow a ballot already cast), and in the day vote together for the
  non-Werewolf the table suspects most.  One of them sometimes claims to be the
  Seer and accuses a villager.
- Votes (Captain, lynch, ties, a successor): the village votes for the most
  suspected and trusts the least suspected (equals drawn at random); the Werewolves
  push a villager, all the same one (a draw the whole pack makes alike).
"""

from __future__ import annotations

import math
import random
from collections import Counter

from loupgarou.bots.random_bot import RandomBot
from loupgarou.bots.registry import FamilyBots, register
from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.draws import pick, seeded
from loupgarou.core.statements import Claim, Sighting, Statement
from loupgarou.engine.views import SeatView

WOLF = "werewolf"
UNIQUE_CLAIMS = ("seer", "little_girl", "witch", "hunter", "cupid", "thief")
_POWER = {"seer": 5, "witch": 4, "hunter": 3, "little_girl": 2, "cupid": 1}
_CREDIBLE = 0.3
"""A claimant the village would elect Captain must be less suspected than this."""
_TRUST = ("captain_election", "captain_revote", "captain_successor", "captain_result")
"""The decisions that name whom to trust (``captain_result``: the table's voice names the
Captain, with ``narrator_knows: results``)."""


def side_of(role: str) -> str:
    """The side of a starting Thiercelieux card (an outcome team name)."""
    return "werewolves" if role == WOLF else "village"


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


class Reader:
    """What a Thiercelieux seat knows and has heard, read incrementally from its views."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen_events = 0
        self.role = ""
        self.set_aside: list[str] = []
        self.known: dict[int, str] = {}
        """Seats whose card this seat knows (its own looks, the revealed dead)."""
        self.wolves: set[int] = set()
        """Seats known to hold a Werewolf card."""
        self.lovers: tuple[int, ...] = ()
        self.claims: dict[int, Claim] = {}
        self.claim_order: list[int] = []
        self.lynch_votes: list[tuple[int, list[int]]] = []
        """(lynched seat, seats that voted for it)."""
        self.night_victims: list[int] = []
        self.victim_shown: int | None = None
        self.night = 0
        self.spied = False
        self.caught_tried = False
        self.deck: list[str] = []
        self.alive: list[int] = []
        self.captain: int | None = None
        self.pack_votes: dict[int, int | None] = {}
        self.players = 0

    def update(self, view: SeatView) -> None:
        pub = view.public
        self.alive = [int(s) for s in pub.get("alive", [])]
        cap = pub.get("captain")
        self.captain = None if cap is None else int(cap)
        self.deck = [str(r) for r in pub.get("deck", [])]
        self.players = len(view.players)
        for item in pub.get("revealed", []):
            self._learn(int(item["seat"]), str(item["role"]))
        events = view.events
        pending_lynch: int | None = None
        last_ballots: list[list[int]] = []
        for i in range(self.seen_events, len(events)):
            e = events[i]
            k = e.kind
            d = e.data
            if k == "dealt":
                self.role = str(d["role"])
                self._learn(self.seat, self.role)
            elif k == "set_aside_seen":
                self.set_aside = [str(r) for r in d["roles"]]
            elif k == "took":
                self.role = str(d["role"])
                self._learn(self.seat, self.role)
            elif k == "lovers":
                self.lovers = tuple(int(s) for s in d["seats"])
            elif k == "card_seen":
                self._learn(int(d["seat"]), str(d["role"]))
            elif k == "pack":
                for s in d["seats"]:
                    self.wolves.add(int(s))
                self.pack_votes = {}
            elif k == "pack_vote":
                t = d.get("target")
                self.pack_votes[int(d["seat"])] = None if t is None else int(t)
            elif k == "spied":
                self.spied = True
                for s in d["seats"]:
                    self.wolves.add(int(s))
            elif k == "victim_shown":
                v = d.get("seat")
                self.victim_shown = None if v is None else int(v)
            elif k == "night_begins":
                self.night = int(d["night"])
                self.victim_shown = None
            elif k == "dawn":
                self.night_victims.extend(int(s) for s in d["deaths"])
            elif k == "card_revealed":
                self._learn(int(d["seat"]), str(d["role"]))
            elif k == "statement":
                raw = d.get("claim")
                if raw is not None:
                    claim = _claim(raw)
                    if claim is not None:
                        s = int(d["seat"])
                        self.claims[s] = claim
                        self.claim_order.append(s)
            elif k == "votes" and str(d.get("vote", "")).startswith("lynch"):
                last_ballots = [[int(v), int(t)] for v, t in d["ballots"]]
            elif k in ("lynched", "captain_decides") and k == "lynched":
                pending_lynch = int(d["seat"])
                self.lynch_votes.append(
                    (pending_lynch, [v for v, t in last_ballots if t == pending_lynch])
                )
        self.seen_events = len(events)

    def _learn(self, seat: int, role: str) -> None:
        self.known[seat] = role
        if role == WOLF:
            self.wolves.add(seat)
        else:
            self.wolves.discard(seat)

    # --- beliefs -------------------------------------------------------------------------

    def suspicion(self, *, private: bool = True) -> dict[int, float]:
        """Each living player's chance of holding a Werewolf card (the seat itself included,
        from the table's point of view when ``private`` is False)."""
        known = self.known if private else self._public_known()
        wolves_total = self.deck.count(WOLF)
        living = self.alive
        dead_wolves = sum(1 for s, r in known.items() if r == WOLF and s not in living)
        known_alive_wolves = [s for s in living if known.get(s) == WOLF]
        unknown = [s for s in living if s not in known]
        left = max(0.0, wolves_total - dead_wolves - len(known_alive_wolves))
        if self.set_aside and private:
            left = max(0.0, left - self.set_aside.count(WOLF))
        base = min(0.95, max(0.02, left / len(unknown))) if unknown else 0.0
        logit0 = math.log(base / (1.0 - base)) if unknown else 0.0
        score = dict.fromkeys(unknown, 0.0)
        self._claims_evidence(score, known)
        for victim, voters in self.lynch_votes:
            role = known.get(victim)
            if role is None:
                continue
            for v in voters:
                if v in score:
                    score[v] += -0.4 if role == WOLF else 0.4
        out: dict[int, float] = {}
        for s in living:
            if s in known:
                out[s] = 1.0 if known[s] == WOLF else 0.0
            else:
                out[s] = _sigmoid(logit0 + score[s])
        return out

    def _public_known(self) -> dict[int, str]:
        """The cards everybody knows: the revealed dead."""
        return {s: r for s, r in self.known.items() if s not in self.alive}

    def _claims_evidence(self, score: dict[int, float], known: dict[int, str]) -> None:
        by_role = Counter(c.role for c in self.claims.values() if c.role)
        for claimer, claim in self.claims.items():
            cred = 1.0
            contradicted = False
            confirmed = False
            for s in claim.saw:
                if s.seat is None:
                    continue
                truth = known.get(s.seat)
                if truth is not None and truth != self.known.get(claimer, truth):
                    pass
                if truth is not None:
                    if (truth == WOLF) != (s.role == WOLF):
                        contradicted = True
                    else:
                        confirmed = True
            if claim.role in UNIQUE_CLAIMS and by_role[claim.role] > 1:
                cred = 0.5
                if claimer in score:
                    score[claimer] += 1.0
            if claim.role == WOLF and claimer in score:
                score[claimer] += 3.0
            if contradicted:
                cred = 0.0
                if claimer in score:
                    score[claimer] += 3.0
            elif confirmed:
                cred = 1.0
                if claimer in score:
                    score[claimer] -= 1.5
            if known.get(claimer) == WOLF:
                cred = 0.0
            for s in claim.saw:
                if s.seat is None or s.seat not in score:
                    continue
                score[s.seat] += cred * (2.5 if s.role == WOLF else -1.5)


def _claim(raw: object) -> Claim | None:
    if not isinstance(raw, dict):
        return None
    try:
        return Claim(
            role=None if raw.get("role") is None else str(raw["role"]),
            did=None,
            saw=tuple(
                Sighting(
                    str(s["role"]),
                    None if s.get("seat") is None else int(s["seat"]),
                    None if s.get("centre") is None else int(s["centre"]),
                )
                for s in raw.get("saw", ())
            ),
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


class SensibleThiercelieux:
    """A sensible Thiercelieux player for one seat (see the module docstring)."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.r = Reader(seat)
        self.shared = 0
        self.fake_seer = False
        self.fake_saw: list[tuple[int, str]] = []

    # --- helpers ----------------------------------------------------------------------

    @property
    def wolf(self) -> bool:
        return self.r.role == WOLF

    def _targets(self, decision: Decision) -> list[int]:
        return [a.players[0] for a in decision.options if a.players]

    def _pick(
        self,
        options: list[int],
        key: dict[int, float],
        high: bool = True,
        rng: random.Random | None = None,
    ) -> int:
        """The option with the highest ``key`` (the lowest with ``high`` False); equals are
        drawn with ``rng`` (the seat's own by default).  A fixed order among equals made a
        table that knew nothing vote in a ring, each for the next seat."""
        sign = 1.0 if high else -1.0
        best = max(sign * key.get(t, 0.5) for t in options)
        tied = [t for t in options if sign * key.get(t, 0.5) == best]
        return tied[0] if len(tied) == 1 else pick(rng or self.rng, tied)

    def _pack_draws(self) -> random.Random:
        """Draws every Werewolf of the pack makes alike: seeded by what they share (who they
        are, the night), so they vote together by day without a word, and nothing the village
        can read (a seat order) decides their ballot."""
        return seeded(f"pack {sorted(self.r.wolves)} night {self.r.night}")

    def _claimed(self, role: str) -> list[int]:
        return [s for s, c in self.r.claims.items() if c.role == role and s in self.r.alive]

    # --- decisions --------------------------------------------------------------------

    def decide(self, view: SeatView, decision: Decision) -> Action:
        r = self.r
        r.update(view)
        kind = decision.kind
        opts = decision.options
        if kind == "thief":
            return self._thief(decision)
        if kind == "cupid":
            others = [s for s in r.alive if s != self.seat]
            pair = tuple(sorted((self.seat, pick(self.rng, others)))) if others else None
            for a in opts:
                if pair is not None and a.players == pair:
                    return a
            return pick(self.rng, opts)
        if kind == "seer":
            susp = r.suspicion()
            unseen = [t for t in self._targets(decision) if t not in r.known]
            if not unseen:
                return PASS
            return Action("look", (self._pick(unseen, susp),))
        if kind == "werewolf_wake":
            return Action("wake")
        if kind in ("werewolf_vote", "pack_choice"):  # a ballot, or the pack's voice
            return self._hunt(decision)
        if kind == "little_girl":
            if r.spied or self.rng.random() < 0.4:
                return PASS
            return Action("spy")
        if kind == "witch":
            return self._witch(decision)
        if kind == "hunter":
            targets = self._targets(decision)
            if not targets:
                return PASS
            if self.wolf:
                pool = [t for t in targets if t not in r.wolves] or targets
                return Action("shoot", (self._pick(pool, r.suspicion(private=False)),))
            return Action("shoot", (self._pick(targets, r.suspicion()),))
        targets = self._targets(decision)
        if not targets:
            return opts[0]
        verb = opts[0].kind
        if kind in _TRUST:
            return Action(verb, (self._trusted(targets),))
        # lynch, lynch_revote, captain_pick, lynch_result (the table's voice: its own pick)
        return Action(verb, (self._lynch(targets),))

    def _thief(self, decision: Decision) -> Action:
        roles = self.r.set_aside
        takes = [a for a in decision.options if a.kind == "take"]
        if len(takes) == len(decision.options):  # both Werewolves: must take one
            return takes[0]
        best, best_value = None, 0
        for a in takes:
            role = roles[a.centre[0]] if a.centre[0] < len(roles) else ""
            value = _POWER.get(role, 0)
            if value > best_value:
                best, best_value = a, value
        return best if best is not None else PASS

    def _hunt(self, decision: Decision) -> Action:
        r = self.r
        targets = [t for t in self._targets(decision) if t not in r.wolves]
        if not targets:
            return Action("no_victim")
        cast = [t for s, t in r.pack_votes.items() if s != self.seat and t is not None]
        cast = [t for t in cast if t in targets]
        if cast:
            return Action("vote", (Counter(cast).most_common(1)[0][0],))
        for role in ("seer", "little_girl", "witch"):
            claimed = [s for s in self._claimed(role) if s in targets]
            if claimed:
                return Action("vote", (min(claimed),))
        if r.captain is not None and r.captain in targets:
            return Action("vote", (r.captain,))
        public = r.suspicion(private=False)
        return Action("vote", (self._pick(targets, public, high=False),))

    def _witch(self, decision: Decision) -> Action:
        r = self.r
        heal = [a for a in decision.options if a.kind == "heal"]
        poison = [a for a in decision.options if a.kind == "poison"]
        if heal and not self.wolf:
            victim = heal[0].players[0]
            valued = victim == self.seat or victim in self._claimed("seer") or r.night <= 1
            if valued:
                return heal[0]
        if poison:
            targets = [a.players[0] for a in poison]
            if self.wolf:
                return PASS
            susp = r.suspicion()
            best = self._pick(targets, susp)
            if susp.get(best, 0.0) >= 0.75:
                return Action("poison", (best,))
        return PASS

    def _trusted(self, targets: list[int]) -> int:
        """Whom to make Captain (or name as the successor).

        The pack backs one of its own, all the same one.  A villager backs a credible
        Seer or Little Girl (they have something to tell), else a player it knows to be
        innocent, else itself: its own innocence is all it is sure of.  Voting for
        oneself every time would leave every election tied and the title to chance.
        """
        r = self.r
        if self.wolf:
            mine = [t for t in targets if t in r.wolves]
            if mine:
                return min(mine)
            return self._pick(targets, r.suspicion(private=False), high=True)
        susp = r.suspicion()
        others = [t for t in targets if t != self.seat]
        informed = [t for t in self._claimed("seer") + self._claimed("little_girl") if t in others]
        credible = [t for t in informed if susp.get(t, 0.5) < _CREDIBLE]
        if credible:
            return self._pick(credible, susp, high=False)
        cleared = [t for t in others if susp.get(t, 0.5) == 0.0]
        if cleared:
            return self._pick(cleared, susp, high=False)
        if self.seat in targets:
            return self.seat
        return self._pick(targets, susp, high=False)

    def _lynch(self, targets: list[int]) -> int:
        r = self.r
        if self.wolf:
            together = self._pack_draws()
            pool = [t for t in targets if t not in r.wolves] or targets
            seers = [t for t in self._claimed("seer") if t in pool]
            if seers and together.random() < 0.5:
                return min(seers)
            return self._pick(pool, r.suspicion(private=False), rng=together)
        pool = [t for t in targets if t != self.seat] or targets
        return self._pick(pool, r.suspicion())

    # --- talk -------------------------------------------------------------------------

    def speak(self, view: SeatView) -> Statement | None:
        r = self.r
        r.update(view)
        if self.seat not in r.alive:
            return None
        if r.role == "seer":
            return self._seer_talk(view)
        if r.role == "little_girl" and r.spied:
            wolves = sorted(w for w in r.wolves if w in r.alive and w != self.seat)
            if wolves and self.shared < len(wolves):
                self.shared = len(wolves)
                claim = Claim("little_girl", None, tuple(Sighting(WOLF, w) for w in wolves))
                return Statement(_text(claim, view.players), claim)
            return None
        if self.wolf:
            return self._wolf_talk(view)
        return None

    def _seer_talk(self, view: SeatView) -> Statement | None:
        r = self.r
        seen = sorted((s, role) for s, role in r.known.items() if s != self.seat)
        looks = [(s, role) for s, role in seen if s not in r._public_known()]
        found = any(role == WOLF and s in r.alive for s, role in looks)
        rival = any(s != self.seat for s in self._claimed("seer"))
        if not looks or len(looks) <= self.shared or not (found or rival):
            return None
        self.shared = len(looks)
        claim = Claim("seer", None, tuple(Sighting(role, s) for s, role in looks))
        return Statement(_text(claim, view.players), claim)

    def _wolf_talk(self, view: SeatView) -> Statement | None:
        r = self.r
        rng = self.rng
        living_wolves = sorted(w for w in r.wolves if w in r.alive)
        real = [s for s in self._claimed("seer") if s != self.seat]
        if not self.fake_seer:
            leader = living_wolves and living_wolves[0] == self.seat
            if not leader or rng.random() > (0.6 if real else 0.2):
                return None
            self.fake_seer = True
        pool = [s for s in r.alive if s not in r.wolves and s not in dict(self.fake_saw)]
        if real:
            pool = [s for s in real if s not in dict(self.fake_saw)] or pool
        if not pool:
            return None
        target = pick(rng, pool)
        self.fake_saw.append((target, WOLF))
        claim = Claim("seer", None, tuple(Sighting(role, s) for s, role in self.fake_saw))
        return Statement(_text(claim, view.players), claim)


def _text(claim: Claim, players: tuple[str, ...]) -> str:
    names = {
        "seer": "the Seer",
        "little_girl": "the Little Girl",
        "werewolf": "a Werewolf",
        "villager": "a Villager",
        "witch": "the Witch",
        "hunter": "the Hunter",
        "cupid": "Cupid",
        "thief": "the Thief",
    }
    parts = [f"I am {names.get(claim.role or '', claim.role)}."]
    for s in claim.saw:
        who = players[s.seat] if s.seat is not None and 0 <= s.seat < len(players) else "?"
        parts.append(f"{who} is {names.get(s.role, s.role)}.")
    return " ".join(parts)


register(
    FamilyBots(
        "thiercelieux",
        {"random": RandomBot, "sensible": SensibleThiercelieux},
        side_of,
        ("village", "werewolves"),
        frozenset({"vote_opens"}),
    )
)
