"""Reading values out of a decoded script, with messages that say where.

Contract: each helper returns the value in the expected shape or raises
:class:`ScriptError` whose message starts with where the value was found
("step 3: ...", "'deal': ...").  :class:`Reader` resolves seats (a player's
name, any case, or the data form: a seat number from 0), centre cards (``c1`` to
``c3``, or the data form: 0 to 2) and role names (through the family's dialect) for
one script.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NoReturn

from loupgarou.core.actions import Action
from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON
from loupgarou.scripting.dialect import Dialect

QUOTE = "in YAML, put quotes around names such as 12, yes, no, on, off or null"


def fail(code: str, message: str) -> NoReturn:
    raise ScriptError(code, message)


def type_name(value: JSON) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    return type(value).__name__


def mapping(value: JSON, where: str) -> Mapping[str, JSON]:
    if not isinstance(value, Mapping):
        fail("script.bad_field", f"{where} must be a mapping (key: value), not {type_name(value)}")
    return value


def listing(value: JSON, where: str) -> list[JSON]:
    if not isinstance(value, list | tuple):
        fail("script.bad_field", f"{where} must be a list, not {type_name(value)}")
    return list(value)


def text(value: JSON, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        fail("script.bad_field", f"{where} must be non-empty text, not {type_name(value)}")
    return value


def unknown(keys: Sequence[str], allowed: Sequence[str], where: str) -> None:
    extra = [str(k) for k in keys if k not in allowed]
    if extra:
        fail(
            "script.unknown_field",
            f"{where}: unknown field '{extra[0]}'; allowed: {', '.join(sorted(allowed))}",
        )


class Reader:
    """Resolves seats and roles for one script, with messages that say where."""

    def __init__(self, players: tuple[str, ...], dialect: Dialect) -> None:
        self.players = players
        self.dialect = dialect
        self._by_name = {p.casefold(): i for i, p in enumerate(players)}

    def seat(self, ref: JSON, where: str) -> int:
        n = len(self.players)
        if isinstance(ref, bool) or not isinstance(ref, int | str):
            fail(
                "script.bad_seat",
                f"{where}: a seat is a player's name or a number, not {ref!r}; {QUOTE}",
            )
        if isinstance(ref, int):
            if not 0 <= ref < n:
                fail(
                    "script.bad_seat",
                    f"{where}: there is no seat {ref}; a seat number is the data form, counted "
                    f"from 0 (0 to {n - 1}): name the player instead ({', '.join(self.players)})",
                )
            return ref
        found = self._by_name.get(ref.strip().casefold())
        if found is None:
            fail(
                "script.unknown_player",
                f"{where}: '{ref}' is not a player; the players are {', '.join(self.players)}",
            )
        return found

    def seats(self, value: JSON, where: str) -> tuple[int, ...]:
        items = value if isinstance(value, list | tuple) else [value]
        return tuple(self.seat(v, where) for v in items)

    def role(self, value: JSON, where: str, also: Sequence[str] = ()) -> str:
        """A role the family knows; ``also`` are other words allowed here (the error's
        list of known names includes them)."""
        if not isinstance(value, str):
            fail("script.unknown_role", f"{where}: a role is a name, not {type_name(value)}")
        role = self.dialect.role(value)
        if role is None:
            known = ", ".join((*self.dialect.role_names(), *also))
            fail("script.unknown_role", f"{where}: '{value}' is not a role; known: {known}")
        return role

    def claimed_role(self, value: JSON, where: str) -> str:
        """A role as a claim names it: a role, or one of the family's own claim words
        (Lupus in Tabula's ``human``, "not a Werewolf")."""
        words = self.dialect.claim_words
        if isinstance(value, str) and value.strip().lower() in words:
            return value.strip().lower()
        return self.role(value, where, sorted(words))

    def centre(self, value: JSON, where: str) -> tuple[int, ...]:
        """Centre (or set-aside) cards: ``c1`` to ``c3`` as people name them (any case),
        or their index from 0, the data form of records."""
        items = value if isinstance(value, list | tuple) else [value]
        return tuple(self._slot(c, where) for c in items)

    def _slot(self, ref: JSON, where: str) -> int:
        if isinstance(ref, int) and not isinstance(ref, bool):
            return ref
        slots = self.dialect.centre_slots
        if isinstance(ref, str) and slots:
            text = ref.strip().casefold()
            number = text[1:]
            if (
                text[:1] == "c"
                and number.isdecimal()
                and len(number) <= 9
                and 1 <= int(number) <= slots
            ):
                return int(number) - 1
        fail("script.bad_centre", f"{where}: {self.dialect.slot_hint}; got {ref!r}")

    def action(self, step: Mapping[str, JSON], where: str) -> Action:
        verb = step.get("do")
        if not isinstance(verb, str) or not verb:
            fail("script.bad_step", f"{where}: 'do' names the action, e.g. do: look")
        verbs = self.dialect.verbs
        if verbs is not None and verb not in verbs:
            fail(
                "script.unknown_verb",
                f"{where}: '{verb}' is not an action of {self.dialect.family}; "
                f"use one of {', '.join(sorted(verbs))}",
            )
        players = self.seats(step["players"], where) if "players" in step else ()
        field = self.dialect.slot_field
        if field != "centre" and field in step:
            if "centre" in step:
                fail("script.bad_step", f"{where}: give '{field}' or 'centre', not both")
            centre = self.centre(step[field], where)
        else:
            centre = self.centre(step["centre"], where) if "centre" in step else ()
        if verb == "pass" and (players or centre):
            fail("script.bad_step", f"{where}: 'pass' takes no players and no centre cards")
        return self.dialect.normalise(Action(verb, players, centre))


def plain(value: JSON) -> JSON:
    """A decoded value with only JSON types (YAML may give dates and the like)."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)
