"""Reading a claim the person types in solo play, as ``seer look 3 saw 3=werewolf``.

Contract: :func:`parse_claim` turns the words after ``claim`` into a
:class:`~loupgarou.core.statements.Claim` of the family being played: a role (any name
the family reads, French included), what the claimant did (its verb and seats, ``me``
for oneself, ``c1`` to ``c3`` for One Night's centre cards, ``c1`` and ``c2`` for the two
cards the Thiercelieux Thief chooses from; Lupus in Tabula has none) and what it saw
(``PLACE=ROLE``; in Lupus in Tabula a sighting is ``werewolf`` or ``human``).  Anything
it cannot read raises :class:`~loupgarou.core.errors.ScriptError` (``script.bad_claim``)
with a message that says what is wrong; nothing is said then.
"""

from __future__ import annotations

from collections.abc import Callable

from loupgarou.core.actions import Action
from loupgarou.core.errors import ScriptError
from loupgarou.core.statements import Claim, Sighting
from loupgarou.variants.lupus.roles import HUMAN

FAMILY_TITLES = {
    "one-night": "One Night",
    "thiercelieux": "Thiercelieux",
    "lupus": "Lupus in Tabula",
}


def _family_roles(family: str) -> tuple[Callable[[str], str | None], tuple[str, ...]]:
    """How ``family`` reads a role name, and its roles (nothing for an unknown family)."""
    if family == "one-night":
        from loupgarou.variants.one_night.roles import Role as OneNightRole
        from loupgarou.variants.one_night.roles import parse_role as one_night_role

        def one_night(word: str) -> str | None:
            found = one_night_role(word.replace("_", " "))
            return None if found is None else found.value

        return one_night, tuple(r.value for r in OneNightRole)
    if family == "thiercelieux":
        from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole
        from loupgarou.variants.thiercelieux.roles import parse_role as thiercelieux_role

        def thiercelieux(word: str) -> str | None:
            found = thiercelieux_role(word.replace("_", " "))
            return None if found is None else found.value

        return thiercelieux, tuple(r.value for r in ThiercelieuxRole)
    if family == "lupus":
        from loupgarou.variants.lupus.roles import Role as LupusRole
        from loupgarou.variants.lupus.roles import parse_role as lupus_role

        def lupus(word: str) -> str | None:
            found = lupus_role(word)
            return None if found is None else found.value

        return lupus, tuple(r.value for r in LupusRole)
    return (lambda word: None), ()


def _role_name(word: str, family: str | None = None, *, sighting: bool = False) -> str:
    """The role ``word`` names in ``family`` (any family when None); a Lupus sighting may
    also be ``human`` ("not a Werewolf").  ``script.bad_claim`` for anything else."""
    lupus = family in (None, "lupus")
    if lupus and word.strip().lower() in (HUMAN, "humain", "umano"):
        if sighting:
            return HUMAN
        raise ScriptError(
            "script.bad_claim",
            "'human' is what the Seer or the Medium learns about a player, not a role: "
            "claim your role (a plain human is a villager)",
        )
    for f in (family,) if family is not None else tuple(FAMILY_TITLES):
        role = _family_roles(f)[0](word)
        if role is not None:
            return role
    if family is None:
        raise ScriptError("script.bad_claim", f"'{word}' is not a role")
    known = ", ".join(_family_roles(family)[1])
    if known and family == "lupus" and sighting:
        known += "; a sighting may also be human"
    raise ScriptError(
        "script.bad_claim",
        f"'{word}' is not a {FAMILY_TITLES.get(family, family)} role"
        + (f" (known: {known})" if known else ""),
    )


def typed_number(text: str) -> int | None:
    """A whole number as a person types it (``3``), else None: not ``²`` (a digit
    ``int`` refuses), nor thousands of digits (which ``int`` refuses too)."""
    return int(text) if text.isdecimal() and len(text) <= 9 else None


CENTRE_CARDS = {"one-night": 3, "thiercelieux": 2, "lupus": 0}
"""The cards a claim may name outside the players' hands, ``c1`` and on: One Night's centre,
the two cards the Thiercelieux Thief chooses from; none in Lupus in Tabula."""


def _place(token: str, n: int, me: int, family: str | None = None) -> tuple[int | None, int | None]:
    t = token.strip().lower()
    centre = CENTRE_CARDS.get(family or "one-night", 3)
    if t == "me":
        return me, None
    card = typed_number(t[1:]) if centre and t.startswith("c") else None
    if card is not None and 1 <= card <= centre:
        return None, card - 1
    seat = typed_number(t)
    if seat is not None and 1 <= seat <= n:
        return seat - 1, None
    if not centre:
        raise ScriptError(
            "script.bad_claim",
            f"'{token}' is not a seat (1 to {n}) or 'me' (Lupus in Tabula has no centre cards)",
        )
    if family == "thiercelieux":
        raise ScriptError(
            "script.bad_claim",
            f"'{token}' is not a seat (1 to {n}), 'me', or c1 or c2 (the Thief's two cards)",
        )
    raise ScriptError("script.bad_claim", f"'{token}' is not a seat (1 to {n}), 'me' or c1 to c3")


def parse_claim(text: str, n: int, me: int, family: str | None = None) -> Claim:
    """``ROLE [VERB TARGET...] [saw PLACE=ROLE ...]`` (seats numbered from 1).

    ``family`` (``one-night``, ``thiercelieux``, ``lupus``; None: any) says which roles
    may be named.  In Lupus in Tabula a sighting may also be ``human`` (not a Werewolf:
    what the Seer and the Medium learn) and there are no centre cards.
    """
    words = text.split()
    if not words:
        raise ScriptError("script.bad_claim", "name a role first, as in 'claim villager'")
    role = _role_name(words[0], family)
    rest = words[1:]
    did: Action | None = None
    saw: list[Sighting] = []
    if "saw" in rest:
        cut = rest.index("saw")
        sightings, rest = rest[cut + 1 :], rest[:cut]
        for item in sightings:
            where, eq, seen = item.partition("=")
            if not eq or not seen:
                raise ScriptError("script.bad_claim", f"a sighting is PLACE=ROLE, got '{item}'")
            seat, centre = _place(where, n, me, family)
            saw.append(Sighting(_role_name(seen, family, sighting=True), seat, centre))
    if rest:
        verb = rest[0].lower()
        players: list[int] = []
        centre_slots: list[int] = []
        for token in rest[1:]:
            seat, centre = _place(token, n, me, family)
            if seat is not None:
                players.append(seat)
            if centre is not None:
                centre_slots.append(centre)
        did = Action(verb, tuple(players), tuple(centre_slots))
    return Claim(role, did, tuple(saw))


# --- the command ---------------------------------------------------------------------------
