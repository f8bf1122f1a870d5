"""Small helpers shared by every family's sentences.

Contract: pure functions from values to text; seats are shown by name, centre (and
set-aside) cards as ``c1``, ``c2``, ``c3`` (:func:`slot`).  The lists and
the neutral action words are English; a statement is told in the words of the
:class:`~loupgarou.scripting.speech.Speech` it is given (English by default).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from loupgarou.core.actions import Action
from loupgarou.core.statements import Statement
from loupgarou.scripting.speech import Speech, speech_for
from loupgarou.variants.lupus.roles import HUMAN


def and_list(items: Sequence[str], empty: str = "nobody") -> str:
    """``["A"]`` -> "A"; ``["A", "B", "C"]`` -> "A, B and C"; ``[]`` -> ``empty``."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def slot(index: int) -> str:
    """A centre (or set-aside) card as people name it: ``c1`` for the first, index 0."""
    return f"c{index + 1}"


_SEATS = re.compile(r"\b(seats?|players) (\d+(?:, \d+)*)(?!\d|, \d)")
"""Seat numbers in a message of the rules (a verdict's reason: "the Tanner (seat 2)
died"), which count seats from 0; the engine's refusals name players already."""


def with_names(text: str, names: Sequence[str]) -> str:
    """Players by their names in a message of the rules (which counts seats from 0):
    "seat 1" -> "Bob", "players 0, 2" -> "Ann and Cid".  People name players by name; a
    number that is no seat of the table is left as it is."""

    def name(match: re.Match[str]) -> str:
        seats = [int(number) for number in match.group(2).split(", ")]
        if not all(0 <= seat < len(names) for seat in seats):
            return match.group(0)
        return and_list([names[seat] for seat in seats])

    return _SEATS.sub(name, text)


def name_of(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def describe_action(action: Action, names: Sequence[str]) -> str:
    """A neutral description of an action, e.g. "look at Bob", "take centre card c2"."""
    if action.kind == "pass":
        return "pass"
    if action.kind == "vote" and len(action.players) == 1:
        return f"vote for {name_of(names, action.players[0])}"
    parts = [action.kind]
    if action.players:
        parts.append(and_list([name_of(names, p) for p in action.players]))
    if action.centre:
        word = "centre card" if len(action.centre) == 1 else "centre cards"
        parts.append(("and " if action.players else "") + word)
        parts.append(and_list([slot(c) for c in action.centre]))
    return " ".join(parts)


def describe_statement(
    statement: Statement,
    names: Sequence[str],
    role_name: Callable[[str], str],
    action: Callable[[Action], str] | None = None,
    speech: Speech | None = None,
    *,
    speaker: int | None = None,
    present_claims: bool = False,
) -> str:
    """What a statement says, e.g. 'says "Trust me" and claims: dealt the Seer; ...' (in
    ``speech``'s words; English by default); a sighting of the ``speaker``'s own seat is
    their own card ("saw: their own card: Insomniac").  ``present_claims`` for the families
    whose players claim what they are, not the card they were dealt (Thiercelieux, Lupus
    in Tabula): "claims: to be the Seer; saw: Dee: Werewolf"; a Lupus claim or sighting
    of ``human`` says "not a Werewolf"."""
    say = (speech or speech_for("")).say

    def card(role: str) -> str:
        if role == HUMAN:  # Lupus in Tabula: what the Seer or the Medium learns
            return say("statement.human")
        return role_name(role)

    parts: list[str] = []
    if statement.text:
        parts.append(say("statement.says", text=statement.text))
    claim = statement.claim
    if claim is not None:
        bits: list[str] = []
        if claim.role is not None:
            if not present_claims:
                bits.append(say("statement.dealt", card=role_name(claim.role)))
            elif claim.role == HUMAN:
                bits.append(say("statement.is_human"))
            else:
                bits.append(say("statement.is", card=role_name(claim.role)))
        if claim.did is not None:
            did = action(claim.did) if action else describe_action(claim.did, names)
            bits.append(say("statement.did", did=did))
        if claim.saw:
            seen = []
            for s in claim.saw:
                if s.centre is not None:
                    where = say("statement.centre_card", slot=slot(s.centre))
                elif s.seat is not None and s.seat == speaker:
                    where = say("statement.own_card")
                else:
                    name = name_of(names, s.seat if s.seat is not None else -1)
                    # what a player is, or what a card was
                    where = name if present_claims else say("statement.seat_card", name=name)
                seen.append(say("statement.seen", where=where, card=card(s.role)))
            bits.append(say("statement.saw", seen=", ".join(seen)))
        parts.append(say("statement.claims", claims=say("list.semicolon").join(bits)))
    return say("statement.and").join(parts)
