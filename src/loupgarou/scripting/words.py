"""Small helpers shared by every family's sentences.

Contract: pure functions from values to text; seats are shown by name.  The lists and
the neutral action words are English; a statement is told in the words of the
:class:`~loupgarou.scripting.speech.Speech` it is given (English by default).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from loupgarou.core.actions import Action
from loupgarou.core.statements import Statement
from loupgarou.scripting.speech import Speech, speech_for


def and_list(items: Sequence[str], empty: str = "nobody") -> str:
    """``["A"]`` -> "A"; ``["A", "B", "C"]`` -> "A, B and C"; ``[]`` -> ``empty``."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def name_of(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def describe_action(action: Action, names: Sequence[str]) -> str:
    """A neutral description of an action, e.g. "look at Bob", "take centre card 1"."""
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
        parts.append(and_list([str(c) for c in action.centre]))
    return " ".join(parts)


def describe_statement(
    statement: Statement,
    names: Sequence[str],
    role_name: Callable[[str], str],
    action: Callable[[Action], str] | None = None,
    speech: Speech | None = None,
) -> str:
    """What a statement says, e.g. 'says "Trust me" and claims: dealt the Seer; ...' (in
    ``speech``'s words; English by default)."""
    say = (speech or speech_for("")).say
    parts: list[str] = []
    if statement.text:
        parts.append(say("statement.says", text=statement.text))
    claim = statement.claim
    if claim is not None:
        bits: list[str] = []
        if claim.role is not None:
            bits.append(say("statement.dealt", card=role_name(claim.role)))
        if claim.did is not None:
            did = action(claim.did) if action else describe_action(claim.did, names)
            bits.append(say("statement.did", did=did))
        if claim.saw:
            seen = []
            for s in claim.saw:
                where = (
                    say("statement.centre_card", slot=s.centre)
                    if s.centre is not None
                    else say(
                        "statement.seat_card",
                        name=name_of(names, s.seat if s.seat is not None else -1),
                    )
                )
                seen.append(say("statement.seen", where=where, card=role_name(s.role)))
            bits.append(say("statement.saw", seen=", ".join(seen)))
        parts.append(say("statement.claims", claims=say("list.semicolon").join(bits)))
    return say("statement.and").join(parts)
