"""Pieces that every family's dialect uses the same way.

Contract: pure helpers shared by the family modules (``one_night*``,
``thiercelieux*``, ``lupus*``), each given what differs between families (role
enumeration, English names, wording) as arguments, or for the two base classes
as class attributes and overridden methods, so that a family module keeps only
its own words and rules:

- :func:`deck_summary` shows a deck in short with a family's role names;
- :func:`known_role`, :func:`deal_order` and :func:`deal_mismatch` read the roles
  a script names and turn an explicit deal into the ``deal`` permutation of card
  ids, or say how it differs from the deck;
- :func:`seat_ref`, :func:`when_json`, :func:`deaths_json` and :func:`death_of`
  write and read the verdict story's JSON (a seat with its name, a night or day,
  the deaths);
- :func:`drawn_index` turns a player named as a draw's outcome into its index;
- :class:`FamilyDialect` is a :class:`Dialect` whose roles are the family's
  enumeration, read by the family's parser, which turns an explicit deal into the
  ``deal`` permutation and checks the draws a script fixes by naming a player;
- :class:`FamilyTeller` is a :class:`Teller` that tells each event kind with
  the family's table of sentence-makers and knows the sentences every family
  words alike (the game begins, a player's own card, nightfall, a night call).

No I/O.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON, Event
from loupgarou.scripting.dialect import Dialect, Teller
from loupgarou.scripting.speech import Speech
from loupgarou.scripting.verdict import Death
from loupgarou.scripting.words import and_list, name_of

R = TypeVar("R", bound=Enum)


def deck_summary(roles: Sequence[str], english: Callable[[str], str]) -> str:
    """A deck in short, e.g. "Werewolf ×2, Seer, Villager ×3" (roles in first-seen order)."""
    counts = Counter(roles)
    seen: list[str] = []
    for r in roles:
        if r not in seen:
            seen.append(r)
    return ", ".join(english(r) + (f" ×{counts[r]}" if counts[r] > 1 else "") for r in seen)


def known_role(name: str, parse: Callable[[str], R | None], family: str) -> R:
    """The role a script names, or :class:`ScriptError` ``script.unknown_role`` naming
    the ``family`` ("'Xyz' is not a Thiercelieux role")."""
    found = parse(name)
    if found is None:
        raise ScriptError("script.unknown_role", f"'{name}' is not a {family} role")
    return found


def deal_order(
    deal: Sequence[str],
    roles: Sequence[R],
    role: Callable[[str], R],
    mismatch: Callable[[Sequence[R], Sequence[R]], str],
) -> list[int]:
    """The ``deal`` permutation for an explicit deal: for each position of ``deal``, the
    first unused card of the named role in ``roles`` (card id = index in the deck).  Raises
    ``script.deal_mismatch`` with ``mismatch(wanted, roles)`` when the deal does not hold
    exactly the deck's roles."""
    wanted = [role(name) for name in deal]
    if Counter(wanted) != Counter(roles):
        raise ScriptError("script.deal_mismatch", mismatch(wanted, roles))
    used = [False] * len(roles)
    order: list[int] = []
    for r in wanted:
        card = next(i for i, c in enumerate(roles) if c is r and not used[i])
        used[card] = True
        order.append(card)
    return order


def deal_mismatch(
    wanted: Sequence[R],
    deck: Sequence[R],
    every: Iterable[R],
    english: Callable[[Any], str],
    summary: Callable[[Sequence[str]], str],
    *,
    source: str = "deck",
) -> str:
    """Why a deal does not match its deck: "the deal does not match the deck: it has 1 more
    Seer and 2 fewer Villager than the deck (...)", roles in the order of ``every``."""
    have, need = Counter(deck), Counter(wanted)
    bits = []
    for role in every:
        if need[role] > have[role]:
            bits.append(f"{need[role] - have[role]} more {english(role)}")
        elif need[role] < have[role]:
            bits.append(f"{have[role] - need[role]} fewer {english(role)}")
    return (
        f"the deal does not match the {source}: it has {and_list(bits)} than the {source} "
        f"({summary([r.value for r in deck])})"
    )


def seat_ref(names: Sequence[str], seat: int) -> dict[str, JSON]:
    """A seat in the story's JSON: ``{"seat": 2, "name": "Cid"}``."""
    return {"seat": seat, "name": name_of(names, seat)}


def deaths_json(names: Sequence[str], deaths: Iterable[Death]) -> list[JSON]:
    """The story's ``deaths``: each death's seat and name, cause, killer and when."""
    return [
        {
            **seat_ref(names, d.seat),
            "cause": d.cause,
            "by": None if d.by is None else seat_ref(names, d.by),
            "when": None if d.when is None else when_json(d.when),
        }
        for d in deaths
    ]


def when_json(w: tuple[str, int]) -> dict[str, JSON]:
    """A night or day in the story's JSON: ``{"phase": "night", "number": 1}``."""
    return {"phase": w[0], "number": w[1]}


def death_of(d: Mapping[str, Any]) -> Death:
    """A :class:`Death` back from an entry of the story's ``deaths``."""
    when = d["when"]
    return Death(
        int(d["seat"]),
        str(d["cause"]),
        None if d["by"] is None else int(d["by"]["seat"]),
        None if when is None else (str(when["phase"]), int(when["number"])),
    )


class FamilyDialect(Dialect):
    """A dialect whose roles are an enumeration of the family's rules: a role is read with
    :meth:`find_role` (the rules' own parser) and known by its value; an explicit deal of
    the script's deck becomes the ``deal`` permutation (the first unused card of the named
    role for each position); the draws in :attr:`named_draws` may be fixed by name."""

    every_role: type[Enum] = Enum
    """The family's roles."""
    rules: str = ""
    """The rules' name in "'Xyz' is not a ... role"."""
    named_draws: Iterable[str] = ()
    """The draws a script may fix by naming a player."""
    draw_words: Mapping[str, str] = {}
    """A word a named draw accepts besides the players' names, by draw."""

    def find_role(self, name: str) -> Enum | None:
        """The role ``name`` names as the rules read it, or None."""
        return None

    def role(self, name: str) -> str | None:
        found = self.find_role(name)
        return None if found is None else str(found.value)

    def role_names(self) -> tuple[str, ...]:
        return tuple(str(r.value) for r in self.every_role)

    def card(self, name: str) -> Enum:
        """The role a script names (``script.unknown_role`` naming :attr:`rules`)."""
        return known_role(name, self.find_role, self.rules)

    def deal_outcome(
        self,
        deal: Sequence[str],
        deck: Sequence[str],
        players: int,
        options: Mapping[str, JSON],
        draws: Sequence[tuple[str, JSON]],
    ) -> JSON:
        """The deal as the permutation of the script's ``deck`` (see :meth:`deal_from`)."""
        return self.deal_from(deal, [self.card(name) for name in deck], "deck")

    def deal_from(self, deal: Sequence[str], roles: Sequence[Enum], source: str) -> list[int]:
        """The ``deal`` permutation of ``roles`` (the ``source`` deck, for the message
        when the deal does not match it)."""

        def mismatch(wanted: Sequence[Enum], have: Sequence[Enum]) -> str:
            summary = functools.partial(deck_summary, english=self.role_name)
            return deal_mismatch(
                wanted, have, self.every_role, self.role_name, summary, source=source
            )

        return deal_order(deal, roles, self.card, mismatch)

    def check_chance(self, chance: Mapping[str, JSON], players: Sequence[str]) -> None:
        """Every outcome of a :attr:`named_draws` draw written as text names a player (or
        the draw's word in :attr:`draw_words`)."""
        known = {p.casefold() for p in players}
        for label in self.named_draws:
            raw = chance.get(label)
            values = raw if isinstance(raw, list | tuple) else [raw]
            other = self.draw_words.get(label)
            for value in values:
                if not isinstance(value, str):
                    continue
                word = value.strip().casefold()
                if word in known or word == other:
                    continue
                extra = "" if other is None else f", or {other}"
                raise ScriptError(
                    "script.unknown_player",
                    f"'chance.{label}': '{value}' is not a player; give a player's name"
                    f"{extra}, or the index the rules draw",
                )


def drawn_index(
    label: str,
    value: str,
    target: int,
    candidates: Sequence[int],
    among: str,
    *,
    show: Callable[[int], str],
) -> int:
    """The index the rules draw for a fixed outcome ``value`` that names ``target``: its
    place among ``candidates``; ``chance.bad_outcome`` (listing the candidates with
    ``show``) when it is not one of them."""
    if target not in candidates:
        listed = and_list([show(s) for s in candidates])
        raise ScriptError(
            "chance.bad_outcome",
            f"'{label}' names {value}, who is not among {among} ({listed})",
        )
    return candidates.index(target)


Telling = Callable[[Any, Mapping[str, JSON], int], str]
"""A sentence-maker: (teller, event data, the one seat that saw it or -1) -> sentence."""


class FamilyTeller(Teller):
    """A teller that knows each event kind through its family's table of sentence-makers
    (:meth:`telling`); a kind not in it gets the generic sentence.  It remembers the role
    it last learned for each seat (``roles``) and labels an acting player with it."""

    family_key: str = ""
    """The prefix of this family's sentences (``thiercelieux``: ``thiercelieux.call.seer``)."""
    calls: frozenset[str] = frozenset()
    """The night steps whose call has a sentence of its own (``<family_key>.call.<step>``)."""
    recast_from: str = ""
    """The card whose holder may come to play another role (the Thief)."""

    def __init__(
        self, dialect: Dialect, names: Sequence[str], speech: Speech | None = None
    ) -> None:
        super().__init__(dialect, names, speech)
        self.roles: dict[int, str] = {}
        self.recast: set[int] = set()
        """The seats that were dealt :attr:`recast_from` and now play ``roles[seat]``."""

    def label(self, seat: int) -> str:
        """'Ana (Seer)', 'Tom (Werewolf, dealt the Thief)', or just 'Ana' if unknown."""
        role = self.roles.get(seat)
        if role is None:
            return self.name(seat)
        if seat in self.recast:
            return self.say(
                "label_recast",
                name=self.name(seat),
                card=self.role(role),
                dealt=self.role(self.recast_from),
            )
        return self.say("label", name=self.name(seat), card=self.role(role))

    def telling(self, kind: str) -> Telling | None:
        """The sentence-maker of an event kind, or None (the family's table)."""
        return None

    def english(self, role: str) -> str:
        """A role's name in the teller's words (English by default)."""
        return self.role(role)

    def deck_words(self, deck: Sequence[str]) -> str:
        """A deck in short with the family's role names."""
        return deck_summary(deck, self.role)

    def tell(self, event: Event) -> str:
        d = event.data
        seats = sorted(event.audience.seats)
        actor = seats[0] if len(seats) == 1 else -1
        told = self.telling(event.kind)
        if told is not None:
            return told(self, d, actor)
        return super().tell(event)

    def _game_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        deck = self.deck_words([str(r) for r in d["deck"]])
        return self.say("game_begins", players=d["players"], deck=deck)

    def _dealt(self, d: Mapping[str, JSON], actor: int) -> str:
        self.roles[actor] = str(d["role"])
        return self.say("dealt", name=self.name(actor), card=self.role(str(d["role"])))

    def _night_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say("night_begins", night=d["night"])

    def _night_step(self, d: Mapping[str, JSON], actor: int) -> str:
        step = str(d["step"])
        if step in self.calls:
            return self.say(f"{self.family_key}.call.{step}")
        return self.say("call.other", step=step)
