"""The ``--bots`` flag as a person types it, turned into a simulation's bot assignment.

Contract: :func:`parse_bots` reads the syntax alone (``sensible``, or a comma list of
``WHERE=KIND``; an ``agent:COMMAND`` runs to the end of the text) and keeps every
``WHERE`` as typed.  :func:`bots_from_flag` then reads each ``WHERE`` as people count,
like ``play`` does: ``*``, a side, a seat number counted from 1 (player 1 is the first
seat clockwise) or, where the command has names, a player's name (any case); and
returns the pairs in the data form of :attr:`SimSpec.bots <loupgarou.sim.spec.SimSpec.bots>`,
whose seats count from 0 like every program-facing format.  A seat out of the table
(``0`` among them) or an unknown word is refused (``script.bad_bots``) with what is
valid, in the person's terms.  A number is always a seat, and a side's name always a
side, even if a player bears it.  Bot kinds are checked later, with the rest of the
assignment (:func:`loupgarou.sim.runner.check_bots`).
"""

from __future__ import annotations

from collections.abc import Sequence

from loupgarou.bots.registry import family_bots
from loupgarou.core.errors import ScriptError

__all__ = ["bots_from_flag", "parse_bots", "show_bots"]


def parse_bots(text: str) -> tuple[tuple[str, str], ...]:
    """``sensible`` or ``village=sensible,werewolf=random,1=agent:./bot``, as typed."""
    items: list[tuple[str, str]] = []
    for part in _split(text):
        where, eq, kind = part.partition("=")
        if not eq:
            where, kind = "*", part
        where, kind = where.strip(), kind.strip()
        if not where or not kind:
            raise ScriptError("script.bad_bots", f"cannot read the bot assignment {part!r}")
        items.append((where, kind))
    if not items:
        raise ScriptError("script.bad_bots", "give at least one bot kind")
    return tuple(items)


def _split(text: str) -> list[str]:
    """Split on commas, except inside an ``agent:`` command (which runs to the end)."""
    out: list[str] = []
    rest = text
    while rest:
        head, _, tail = rest.partition(",")
        if "agent:" in head:
            out.append(rest)
            break
        out.append(head)
        rest = tail
    return [p for p in (x.strip() for x in out) if p]


def bots_from_flag(
    text: str, family: str, players: int, names: Sequence[str] = ()
) -> tuple[tuple[str, str], ...]:
    """The ``--bots`` text for a table of ``players`` seats (named ``names``, if the
    command has names) as :attr:`SimSpec.bots` pairs: seats from 0 (see the module
    docstring)."""
    sides = family_bots(family).sides
    by_name = {name.casefold(): seat for seat, name in enumerate(names)}
    out: list[tuple[str, str]] = []
    for where, kind in parse_bots(text):
        if where == "*" or where in sides:
            out.append((where, kind))
        elif where.isdecimal():
            number = int(where) if len(where) <= 9 else 0  # int() refuses 4,300 digits
            if not 1 <= number <= players:
                raise ScriptError(
                    "script.bad_bots",
                    f"there is no seat {where} in '{where}={kind}': seats count from 1 "
                    f"(the first seat clockwise), and this table's are 1 to {players}",
                )
            out.append((str(number - 1), kind))
        elif where.casefold() in by_name:
            out.append((str(by_name[where.casefold()]), kind))
        else:
            raise ScriptError("script.bad_bots", _not_a_place(where, kind, players, sides, names))
    return tuple(out)


def _not_a_place(
    where: str, kind: str, players: int, sides: Sequence[str], names: Sequence[str]
) -> str:
    places = [f"a seat from 1 to {players}"]
    if names:
        places.append(f"a player's name ({', '.join(names)})")
    places.append(f"a side ({', '.join(sides)})")
    return f"'{where}' in '{where}={kind}' is not {', '.join(places)} or '*'"


def show_bots(items: Sequence[tuple[str, str]], names: Sequence[str] = ()) -> str:
    """:attr:`SimSpec.bots` pairs as people read them: seats from 1, or by name."""
    shown: list[str] = []
    for where, kind in items:
        place = where
        if where.isdecimal() and len(where) <= 9:
            seat = int(where)
            place = names[seat] if seat < len(names) else str(seat + 1)
        shown.append(f"{place}={kind}")
    return ", ".join(shown)
