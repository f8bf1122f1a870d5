"""What one One Night seat knows, in a compact form the solver can compare.

A seat's night knowledge is its dealt role and the ordered list of its private
night observations (:data:`Obs` tuples), read from the events of its
:class:`~loupgarou.engine.SeatView`.  The solver simulates worlds and produces
the same tuples for every seat, so "consistent with what I know" is plain
equality.  The public claims are read from the view's ``statement`` events.

This module also defines the *truthful claim* of a seat (its role, what it did,
what it saw) from its knowledge, which the honest bot says aloud and the
solver expects from an honest seat, and the *known team* of a seat (the team it
believes it ends the night on), which decides whether a seat has a reason to
lie.  Both are functions of a seat's own knowledge only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from loupgarou.core.actions import PASS, Action, action_from_json
from loupgarou.core.events import JSON, Event, as_int
from loupgarou.core.statements import Claim, Sighting
from loupgarou.engine.views import SeatView
from loupgarou.variants.one_night.roles import Role

ROLES: Final[tuple[Role, ...]] = tuple(Role)
"""Role numbers: a role's index in this tuple."""
ROLE_NO: Final[dict[str, int]] = {r.value: i for i, r in enumerate(ROLES)}

_new: Final = tuple.__new__
"""Builds the named tuples of the hot paths (claim keys, actions, knowledge) without their
Python-level ``__new__``: the same values, a fraction of the cost in the compiled build
(as :mod:`loupgarou.core.events` does for events)."""

DG: Final = 0
WOLF: Final = 1
MINION: Final = 2
MASON: Final = 3
SEER: Final = 4
ROBBER: Final = 5
TM: Final = 6
DRUNK: Final = 7
INSOM: Final = 8
VILLAGER: Final = 9
HUNTER: Final = 10
TANNER: Final = 11
LIAR_ROLES: Final = frozenset({WOLF, MINION, TANNER})
"""Roles whose holder is on the werewolf side or alone (the Tanner): they have a reason to lie."""
WOLF_SIDE: Final = frozenset({WOLF, MINION})

# Observation kinds (the first item of an Obs tuple).
COPIED: Final = 0
WOLVES: Final = 1
SHOWN: Final = 2
MASONS: Final = 3
CENTRE: Final = 4
CARD: Final = 5
ROBBED: Final = 6
SWAPPED: Final = 7
TOOK: Final = 8
OWN: Final = 9
DECLINED: Final = 10

Obs = tuple[int | str, ...]
"""One private observation: ``(kind, ...)`` with seats, centre slots and role numbers."""

_NIGHT_KINDS: Final = {
    "copied": COPIED,
    "werewolves": WOLVES,
    "werewolves_shown": SHOWN,
    "masons": MASONS,
    "centre_seen": CENTRE,
    "card_seen": CARD,
    "robbed": ROBBED,
    "swapped": SWAPPED,
    "took_centre": TOOK,
    "own_card": OWN,
    "declined": DECLINED,
}


def role_no(value: JSON) -> int:
    return ROLE_NO[str(value)]


def obs_of(event: Event) -> Obs | None:
    """The observation an event stands for, or None if it is not a private night fact."""
    kind = _NIGHT_KINDS.get(event.kind)
    if kind is None or event.audience.everyone:
        return None
    d = event.data
    if kind == COPIED:
        return (COPIED, as_int(d["seat"]), role_no(d["role"]))
    if kind in (WOLVES, SHOWN, MASONS):
        return (kind, *(as_int(s) for s in d["seats"]))
    if kind == CENTRE:
        return (CENTRE, as_int(d["centre"]), role_no(d["role"]))
    if kind == CARD:
        return (CARD, as_int(d["seat"]), role_no(d["role"]))
    if kind == ROBBED:
        return (ROBBED, as_int(d["seat"]), role_no(d["role"]))
    if kind == SWAPPED:
        a, b = d["seats"]
        return (SWAPPED, as_int(a), as_int(b))
    if kind == TOOK:
        return (TOOK, as_int(d["centre"]))
    if kind == OWN:
        return (OWN, role_no(d["role"]))
    return (DECLINED, str(d["step"]))


class NightKnowledge(NamedTuple):
    """A seat's dealt role (a role number) and its private night observations, in order.

    (Named tuples: immutable like frozen dataclasses, but hashed and compared in C, and
    the solver's memos hash them at every question.)"""

    seat: int
    dealt: int
    obs: tuple[Obs, ...]


class ClaimKey(NamedTuple):
    """A claim reduced to what the solver compares: role number (-1: not said), the
    action (None: not said) and the sightings as ``(role, seat, centre)`` (-1 where absent)."""

    role: int
    did: Action | None
    saw: frozenset[tuple[int, int, int]]


def claim_key(claim: Mapping[str, JSON] | Claim) -> ClaimKey | None:
    """Normalise a claim (a :class:`Claim` or its JSON); None if it names nothing usable."""
    if isinstance(claim, Claim):
        role = -1 if claim.role is None else _role_number(claim.role)
        did = claim.did
        saw = frozenset(
            (
                _role_number(s.role),
                -1 if s.seat is None else s.seat,
                -1 if s.centre is None else s.centre,
            )
            for s in claim.saw
        )
    else:
        # A dict (what events hold) is read with the dict's own look-ups: the compiled
        # build calls a Mapping's ``get`` as a Python method.
        d = claim if isinstance(claim, dict) else dict(claim)
        raw_role = d.get("role")
        role = -1 if raw_role is None else _role_number(raw_role)
        raw_did = d.get("did")
        did = None if raw_did is None else action_from_json(raw_did)
        saw = frozenset([_sighting_key(s) for s in d.get("saw", ())])
    if role == -1 and did is None and not saw:
        return None
    return _new(ClaimKey, (role, did, saw))


def _sighting_key(s: JSON) -> tuple[int, int, int]:
    """A sighting of a claim's JSON as ``(role, seat, centre)``, -1 where absent (anything
    but a mapping raises, as a malformed claim does)."""
    d: dict[str, JSON] = s if isinstance(s, dict) else dict(s)
    seat = d.get("seat")
    centre = d.get("centre")
    return (
        _role_number(d.get("role", "")),
        -1 if seat is None else as_int(seat),
        -1 if centre is None else as_int(centre),
    )


def _role_number(raw: JSON) -> int:
    """A claimed role's number (-2: no such role), ignoring case and spaces; a role named
    exactly as the game writes it (as every bot does) is found without rewriting it."""
    if isinstance(raw, str):
        got = ROLE_NO.get(raw)
        if got is not None:
            return got
    return ROLE_NO.get(str(raw).strip().lower(), -2)


def truthful(seat: int, dealt: int, obs: Sequence[Obs]) -> ClaimKey:
    """The claim an honest seat makes: its dealt role, its (last) action, what it saw."""
    did: Action | None = None
    saw: list[tuple[int, int, int]] = []
    centre_look: list[int] = []
    for o in obs:
        k = o[0]
        if k == COPIED:
            did = _new(Action, ("copy", (as_int(o[1]),), ()))
            saw.append((as_int(o[2]), as_int(o[1]), -1))
        elif k == CARD:
            did = _new(Action, ("look", (as_int(o[1]),), ()))
            saw.append((as_int(o[2]), as_int(o[1]), -1))
        elif k == CENTRE:
            centre_look.append(as_int(o[1]))
            saw.append((as_int(o[2]), -1, as_int(o[1])))
            if dealt == WOLF or (dealt == DG and len(centre_look) == 1 and _copied(obs) == WOLF):
                did = _new(Action, ("peek", (), (as_int(o[1]),)))
            else:
                did = _new(Action, ("look", (), tuple(centre_look)))
        elif k == ROBBED:
            did = _new(Action, ("rob", (as_int(o[1]),), ()))
            saw.append((as_int(o[2]), seat, -1))
        elif k == SWAPPED:
            did = _new(Action, ("swap", (as_int(o[1]), as_int(o[2])), ()))
        elif k == TOOK:
            did = _new(Action, ("take", (), (as_int(o[1]),)))
        elif k == OWN:
            saw.append((as_int(o[1]), seat, -1))
        elif k == MASONS:
            saw.extend((MASON, as_int(s), -1) for s in o[1:] if s != seat)
        elif k == DECLINED:
            did = PASS
    return _new(ClaimKey, (dealt, did, frozenset(saw)))


def _copied(obs: Sequence[Obs]) -> int:
    for o in obs:
        if o[0] == COPIED:
            return as_int(o[2])
    return -1


def compatible(claim: ClaimKey, truth: ClaimKey) -> bool:
    """Whether an honest seat whose truthful claim is ``truth`` could have said ``claim``:
    every part the claim gives matches (a part left out matches anything)."""
    if claim.role not in (-1, truth.role):
        return False
    if claim.did is not None and claim.did != truth.did:
        return False
    return not claim.saw or claim.saw == truth.saw


def named_seats(claim: ClaimKey) -> frozenset[int]:
    """The seats a claim names: its action's players and its sightings' seats."""
    seats = {s for _, s, _ in claim.saw if s >= 0}
    if claim.did is not None:
        seats.update(claim.did.players)
    return frozenset(seats)


def known_role(dealt: int, obs: Sequence[Obs]) -> int:
    """The role a seat believes it ends the night with (the Doppelgänger card seen from
    outside counts as unknown: the village's)."""
    role = dealt
    for o in obs:
        k = o[0]
        if k == COPIED:
            role = as_int(o[2])
        elif k in (ROBBED, OWN):
            role = as_int(o[2]) if k == ROBBED else as_int(o[1])
    return VILLAGER if role == DG else role


def is_liar(dealt: int, obs: Sequence[Obs]) -> bool:
    """A seat that believes it is on the werewolf side or the Tanner has a reason to lie."""
    return known_role(dealt, obs) in LIAR_ROLES


def says_what_it_knows(knowledge: NightKnowledge, own: ClaimKey) -> bool:
    """Whether ``own`` is an honest seat's whole knowledge: it believes it is on the village
    side, claimed its truthful claim, and no other night gives a claim that ``own`` fits.

    A truthful claim names the card, the last action and every sighting, which give back
    the seat's knowledge; but an empty list of sightings fits any
    (:func:`compatible`), and with the same card and action only a Mason sees nothing in
    one night and something in another.  So a Mason who saw no other Mason does not.
    (A Doppelgänger always names the card it copied, a Mason's included.)  Then the worlds
    where the seat holds its knowledge are exactly those where ``own`` is not a lie, which
    lets one walk weighed by every claim answer it (a vote table)."""
    dealt, obs = knowledge.dealt, knowledge.obs
    if is_liar(dealt, obs) or own != truthful(knowledge.seat, dealt, obs):
        return False
    return not (dealt == MASON and not own.saw)


def to_claim(key: ClaimKey) -> Claim:
    """A :class:`Claim` to say aloud for a claim key."""
    return Claim(
        role=None if key.role < 0 else ROLES[key.role].value,
        did=key.did,
        saw=tuple(
            Sighting(
                ROLES[r].value if r >= 0 else "?",
                None if s < 0 else s,
                None if c < 0 else c,
            )
            for r, s, c in sorted(key.saw)
        ),
    )


_CLAIMS: Final[dict[int, tuple[Event, ClaimKey | None]]] = {}
"""Claims read from statement events, by event identity: every seat sees the same event
object, so a table's statements are parsed once, not once per seat (bounded)."""


def _statement_claim(e: Event) -> ClaimKey | None:
    hit = _CLAIMS.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    raw = e.data.get("claim")
    key: ClaimKey | None = None
    if raw is not None:
        try:
            key = claim_key(raw)
        except Exception:  # a malformed claim from a person is just noise
            key = None
    if len(_CLAIMS) >= 1024:
        _CLAIMS.clear()
    _CLAIMS[id(e)] = (e, key)
    return key


class ViewReader:
    """Reads a growing One Night view incrementally: the seat's knowledge and the claims.

    Feed it every new view of the same seat (:meth:`update`); it only looks at the
    events it has not seen yet.
    """

    __slots__ = (
        "_known",
        "claims",
        "day",
        "dealt",
        "deck",
        "n",
        "obs",
        "seat",
        "seen",
        "voted",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen = 0
        self.dealt = -1
        self.obs: list[Obs] = []
        self.claims: dict[int, ClaimKey] = {}
        self.deck: tuple[int, ...] = ()
        self.n = 0
        self.day = False
        self.voted = False
        self._known: NightKnowledge | None = None

    def update(self, view: SeatView) -> None:
        events = view.events
        end = len(events)
        if self.seen >= end:
            return
        for i in range(self.seen, end):
            e = events[i]
            kind = e.kind
            if kind in _SKIP:
                continue
            if kind == "statement":
                key = _statement_claim(e)
                if key is not None:
                    self.claims[as_int(e.data["seat"])] = key
            elif kind == "dealt":
                self.dealt = role_no(e.data["role"])
                self._known = None
            elif kind == "night_begins":
                self.n = as_int(e.data["players"])
                self.deck = _event_deck(e)
            elif kind == "day_begins":
                self.day = True
            elif kind == "voted":
                self.voted = True
            else:
                o = obs_of(e)
                if o is not None:
                    self.obs.append(o)
                    self._known = None
        self.seen = end

    def knowledge(self) -> NightKnowledge:
        known = self._known
        if known is None:
            known = self._known = _new(NightKnowledge, (self.seat, self.dealt, tuple(self.obs)))
        return known


_SKIP: Final = frozenset({"night_step", "votes_revealed", "cards_revealed", "game_over"})
"""Public events that tell a bot nothing it uses."""


_DECKS: Final[dict[int, tuple[Event, tuple[int, ...]]]] = {}
"""Decks read from ``night_begins`` events, by event identity (as :data:`_CLAIMS`: every
seat reads the same event)."""


def _event_deck(e: Event) -> tuple[int, ...]:
    hit = _DECKS.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    deck = _deck_numbers(tuple(e.data["deck"]))
    if len(_DECKS) >= 1024:
        _DECKS.clear()
    _DECKS[id(e)] = (e, deck)
    return deck


@lru_cache(maxsize=256)
def _deck_numbers(deck: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(role_no(r) for r in deck)
