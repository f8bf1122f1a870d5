"""The two observation forms of a seat: a fixed-size vector, and text.

Both are functions of the seat's view (:meth:`loupgarou.engine.Match.view`) and of the
agent's own turn (which statement it is building), never of the game's state.  The
vector's fields are listed by :func:`layout` (docs/env.md describes each one); every value
lies in [0, 1].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from loupgarou.core.events import JSON, Event, as_int
from loupgarou.engine.views import SeatView
from loupgarou.env.table import (
    ACT,
    DECISION_KINDS,
    SIGHTING,
    TALK,
    Catalogue,
    Turn,
)
from loupgarou.scripting.families import dialect_for
from loupgarou.variants.lupus.roles import HUMAN

Vector = npt.NDArray[np.float32]

_GROUPS: Final[dict[str, str]] = {
    "werewolves": "werewolf",
    "werewolves_shown": "werewolf",
    "pack": "werewolf",
    "spied": "werewolf",
    "masons": "mason",
    "freemasons": "freemason",
}
"""Private events naming a group of seats, and the role they show those seats hold."""

_OWN: Final = frozenset({"dealt", "own_card", "became", "took"})
"""Private events telling a seat the role it holds now (with ``copied`` and ``robbed``,
read apart: they name another seat too)."""


def layout(cat: Catalogue) -> list[tuple[str, int, str]]:
    """The vector's fields in order: (name, length, meaning)."""
    n = cat.players
    r = len(cat.roles)
    k = len(DECISION_KINDS.get(cat.family, ())) + 1
    return [
        ("seat", n, "one-hot: the seat observing"),
        ("dealt", r, "one-hot: the role of the card dealt to the seat"),
        ("role", r, "one-hot: the role the seat last learnt it holds"),
        ("decision", k, "one-hot: the kind of the pending decision (last column: another kind)"),
        ("turn", 4, "one-hot: act, talk (what to claim), sighting (what to add), game over"),
        ("copy", 1, "1 when a Doppelgänger decides as the role it copied"),
        ("alive", n, "1 for each seat still alive"),
        ("captain", n, "one-hot: the Captain (Thiercelieux)"),
        ("clock", 2, "night and day numbers, divided by 10 (at most 1)"),
        (
            "known",
            n * (r + 1),
            "per seat: one-hot of the last role the seat's events show "
            "there, or the last column: shown not to be a Werewolf",
        ),
        ("centre", cat.centre * r, "per face-down card: one-hot of the role the seat saw there"),
        ("claimed", n * r, "per seat: one-hot of the role it last claimed"),
        ("accused", n, "per seat: others' claimed sightings of a Werewolf there, divided by n"),
        ("cleared", n, "per seat: others' claimed sightings of anything else there, divided by n"),
        ("spoke", n, "1 for each seat that has made a statement"),
        ("ballots", n * n, "per voter (row): its last public ballot (column: the target)"),
        ("talk_role", r, "talk turn: one-hot of the role being claimed"),
        ("talk_sightings", 1, "talk turn: sightings added so far, divided by 2"),
    ]


def size(cat: Catalogue) -> int:
    return sum(length for _, length, _ in layout(cat))


def offsets(cat: Catalogue) -> dict[str, tuple[int, int]]:
    """Each field's (start, length) in the vector."""
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, length, _ in layout(cat):
        out[name] = (at, length)
        at += length
    return out


def _int(value: JSON) -> int:
    return as_int(value)


class Encoder:
    """Builds the vector of one table's seats (see :func:`layout`)."""

    def __init__(self, cat: Catalogue) -> None:
        self.cat = cat
        self.at = offsets(cat)
        self.size = size(cat)
        self.role_no = {role: i for i, role in enumerate(cat.roles)}
        kinds = DECISION_KINDS.get(cat.family, ())
        self.kind_no = {kind: i for i, kind in enumerate(kinds)}
        self.other_kind = len(kinds)
        self.v: Vector = np.zeros(self.size, dtype=np.float32)

    def put(self, name: str, index: int, value: float = 1.0) -> None:
        start, length = self.at[name]
        if 0 <= index < length:
            self.v[start + index] = value

    def row(self, name: str, row: int, width: int, col: int) -> None:
        """Row ``row`` of a field of rows ``width`` wide becomes one-hot at ``col`` (all
        zero when ``col`` is out of range)."""
        start, length = self.at[name]
        base = start + row * width
        if not 0 <= base - start < length:
            return
        self.v[base : base + width] = 0.0
        if 0 <= col < width:
            self.v[base + col] = 1.0

    def role(self, role: object) -> int:
        return self.role_no.get(str(role), -1)

    def encode(self, view: SeatView, turn: Turn | None, over: bool) -> Vector:
        cat = self.cat
        n = cat.players
        r = len(cat.roles)
        self.v = np.zeros(self.size, dtype=np.float32)
        seat = view.seat
        self.put("seat", seat)
        # The turn.
        if over:
            self.put("turn", 3)
        elif turn is not None and turn.seat == seat:
            self.put("turn", {ACT: 0, TALK: 1, SIGHTING: 2}[turn.stage])
            if turn.stage == ACT and turn.decision is not None:
                kind = turn.decision.kind
                if kind.startswith("doppelganger_"):
                    kind = kind.removeprefix("doppelganger_")
                    self.put("copy", 0)
                self.put("decision", self.kind_no.get(kind, self.other_kind))
            if turn.role is not None:
                self.put("talk_role", self.role(turn.role))
            self.put("talk_sightings", 0, len(turn.sightings) / 2)
        # The public fields.
        public = view.public
        alive = public.get("alive")
        dead = public.get("dead")
        for s in range(n):
            living = s in alive if alive is not None else dead is None or s not in dead
            self.put("alive", s, 1.0 if living else 0.0)
        captain = public.get("captain")
        if isinstance(captain, int):
            self.put("captain", captain)
        for i, key in enumerate(("night", "day")):
            value = public.get(key)
            if isinstance(value, int):
                self.put("clock", i, min(1.0, value / 10))
        # The events.
        claims: dict[int, tuple[int, list[tuple[str, int | None]]]] = {}
        for e in view.events:
            self.event(e, seat, claims)
        start_a, _ = self.at["accused"]
        start_c, _ = self.at["cleared"]
        for s, (claimed, saw) in claims.items():
            self.row("claimed", s, r, claimed)
            for role, where in saw:
                if where is None or where == s or not 0 <= where < n:
                    continue
                at = (start_a if role == "werewolf" else start_c) + where
                self.v[at] = min(1.0, float(self.v[at]) + 1 / n)
        return self.v

    def known(self, seat: int, role: object) -> None:
        r = len(self.cat.roles)
        if 0 <= seat < self.cat.players:
            self.row("known", seat, r + 1, r if role == HUMAN else self.role(role))

    def event(
        self, e: Event, seat: int, claims: dict[int, tuple[int, list[tuple[str, int | None]]]]
    ) -> None:
        cat = self.cat
        n = cat.players
        r = len(cat.roles)
        d = e.data
        kind = e.kind
        if kind == "statement":
            s = _int(d["seat"])
            claim = d.get("claim")
            if isinstance(claim, dict):
                raw = claim.get("role")
                saw = [
                    (str(x.get("role")), None if x.get("seat") is None else _int(x["seat"]))
                    for x in claim.get("saw", ())
                    if isinstance(x, dict)
                ]
                claims[s] = (-1 if raw is None else self.role(raw), saw)
            elif s not in claims:
                claims[s] = (-1, [])
            self.put("spoke", s)
            return
        if kind in ("votes_revealed", "votes"):
            votes = d.get("votes")
            if votes is not None:  # One Night: a target per seat
                for voter, target in enumerate(votes):
                    self.row("ballots", voter, n, _int(target))
            for voter, target in d.get("ballots", ()):
                self.row("ballots", _int(voter), n, _int(target))
            return
        if kind == "vote" and e.audience.everyone and "target" in d:
            self.row("ballots", _int(d["seat"]), n, _int(d["target"]))
            return
        if kind == "card_revealed" and "seat" in d:
            self.known(_int(d["seat"]), d.get("role"))
            return
        if kind == "cards_revealed":
            players = d.get("players", d.get("cards", ()))
            for s, role in enumerate(list(players)[:n]):
                self.known(s, role)
            return
        if e.audience.everyone:
            return
        # Private facts.
        if kind in _OWN and "role" in d:
            role = str(d["role"])
            if kind == "dealt":
                self.put("dealt", self.role(role))
            self.row("role", 0, r, self.role(role))
            self.known(seat, role)
            return
        if kind == "copied":
            self.known(_int(d["seat"]), d["role"])
            self.row("role", 0, r, self.role(d["role"]))
            return
        if kind == "robbed":
            self.known(_int(d["seat"]), "robber")
            self.known(seat, d["role"])
            self.row("role", 0, r, self.role(d["role"]))
            return
        if kind == "card_seen" and "seat" in d:
            self.known(_int(d["seat"]), d.get("role"))
            return
        if kind in ("seen", "medium") and "werewolf" in d:
            self.known(_int(d["seat"]), "werewolf" if d["werewolf"] else HUMAN)
            return
        if kind == "centre_seen" and cat.centre:
            self.row("centre", _int(d["centre"]), r, self.role(d["role"]))
            return
        if kind == "set_aside_seen" and cat.centre:
            for c, role in enumerate(list(d.get("roles", ()))[: cat.centre]):
                self.row("centre", c, r, self.role(role))
            return
        group = _GROUPS.get(kind)
        if group is not None and "seats" in d:
            for s in d["seats"]:
                self.known(_int(s), group)


def _sanitise(text: str) -> str:
    return "".join(c if c in CHARSET else "?" for c in text)


CHARSET: Final = frozenset("\n" + "".join(chr(i) for i in range(32, 0x250)) + "×—–’‘“”…«»•→")
"""The characters of the text form (anything else is shown as ``?``)."""


def describe_choice(cat: Catalogue, index: int, names: Sequence[str]) -> str:
    """One catalogue action in words, for the text form."""
    dialect = dialect_for(cat.family)
    if index < cat.talk_base:
        return dialect.describe_action(cat.actions[index], names)
    if index < cat.sight_base:
        offset = index - cat.talk_base
        if offset == 0:
            return "stay silent"
        if offset == 1:
            return "tell the truth: your role and everything you saw"
        if offset == 2:
            return "claim only what you saw (no role)"
        return f"claim to be {_role_phrase(dialect.role_name(cat.roles[offset - 3]))}"
    if index == cat.end_action():
        return "say it now (add nothing more)"
    s = cat.sighting_of(index)
    what = "not a Werewolf" if s.role == HUMAN else _role_phrase(dialect.role_name(s.role))
    if s.seat is not None:
        return f"add: {names[s.seat]} is {what}"
    return f"add: centre card c{(s.centre or 0) + 1} is {what}"


def _role_phrase(name: str) -> str:
    return f"the {name}"


class TextView:
    """The seat's view as text: the adjudicator's sentences for its events, then its turn
    and its legal choices (each with its action number)."""

    def __init__(self, cat: Catalogue, names: Sequence[str], title: str) -> None:
        self.cat = cat
        self.names = tuple(names)
        self.title = title

    def text(self, view: SeatView, turn: Turn | None, legal: Sequence[int]) -> str:
        names = self.names
        teller = dialect_for(self.cat.family).teller(names)
        seat = view.seat
        lines = [
            f"You are {names[seat]} (seat {seat + 1}, counting clockwise from 1) in a game of {self.title} with "
            f"{len(names)} players: {', '.join(names)}."
        ]
        for e in view.events:
            try:
                lines.append(teller.tell(e))
            except (
                KeyError,
                TypeError,
                ValueError,
            ):  # pragma: no cover - a sentence the teller lacks
                lines.append(e.kind)
        if view.outcome is not None:
            won = seat in view.outcome.winners
            lines.append("The game is over: you " + ("won." if won else "lost."))
        elif turn is not None and turn.seat == seat:
            if turn.stage == ACT and turn.decision is not None:
                lines.append(f"Your turn: decide ({turn.decision.kind}). Choose one:")
            elif turn.stage == TALK:
                lines.append("Your turn to speak. Choose one:")
            else:
                said = [f"the {turn.role}"] if turn.role else []
                said += [
                    f"{s.role} at "
                    + (
                        names[s.seat]
                        if s.seat is not None
                        else f"centre card c{(s.centre or 0) + 1}"
                    )
                    for s in turn.sightings
                ]
                lines.append(
                    "You are making a statement ("
                    + (", ".join(said) or "nothing yet")
                    + "). Choose one:"
                )
            lines.extend(f"  [{i}] {describe_choice(self.cat, i, names)}" for i in legal)
        else:
            lines.append("It is not your turn.")
        return _sanitise("\n".join(lines))
