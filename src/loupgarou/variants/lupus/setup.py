"""Lupus in Tabula set-up: the default deck for a table size, and deck validation.

Contract: :func:`validate_deck` raises :class:`SetupError` for a table that
cannot be played and returns :class:`SetupWarning` advice for one that is
legal but unusual.  Error codes (stable):

- ``setup.too_few_players`` / ``setup.too_many_players``: outside 8 to 24 players;
- ``setup.card_count``: not exactly one card per player;
- ``setup.unknown_role``: a card name no Lupus role has;
- ``setup.special_below_9``: a special character with fewer than 9 players;
- ``setup.single_freemason``: one Freemason (they come as a pair);
- ``setup.duplicate_role``: two copies of a role the box holds once (Seer, Medium,
  Possessed, Bodyguard, Owl, Werehamster, Mythomaniac), or more than the pair of
  Freemasons;
- ``setup.no_werewolf``: no Werewolf in the deck;
- ``setup.wolves_not_outnumbered``: as many Werewolves as humans from the start
  (the Werewolves would have won before the first night);
- ``setup.too_many_specials``: :func:`default_deck` asked for more special
  characters than there are seats beside the Werewolves and the Seer.

Warning codes: ``setup.below_suggested`` (a special character below its
suggested minimum), ``setup.werewolf_count`` (not the 2 Werewolves, or 3 from
16 players, the rules suggest), ``setup.no_seer``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from loupgarou.core.errors import SetupError, SetupWarning
from loupgarou.core.variant import parse_cards
from loupgarou.variants.lupus.roles import (
    BASIC,
    SPECIAL_FROM,
    SUGGESTED_MINIMUM,
    UNIQUE,
    Role,
    parse_role,
)

MIN_PLAYERS, MAX_PLAYERS = 8, 24
THIRD_WEREWOLF_FROM = 16
"""From this many players the default deck holds a third Werewolf."""


def check_players(players: int) -> None:
    if players < MIN_PLAYERS:
        raise SetupError(
            "setup.too_few_players",
            f"Lupus in Tabula needs at least {MIN_PLAYERS} players, not {players}",
            {"min": MIN_PLAYERS, "players": players},
        )
    if players > MAX_PLAYERS:
        raise SetupError(
            "setup.too_many_players",
            f"Lupus in Tabula is played by at most {MAX_PLAYERS} players, not {players}",
            {"max": MAX_PLAYERS, "players": players},
        )


def suggested_werewolves(players: int) -> int:
    return 3 if players >= THIRD_WEREWOLF_FROM else 2


def parse_deck(names: Iterable[str | Role]) -> tuple[Role, ...]:
    return parse_cards((str(n) for n in names), parse_role, Role, "Lupus in Tabula")


def default_deck(players: int, specials: Iterable[str | Role] = ()) -> tuple[str, ...]:
    """The suggested deck for ``players``: 2 Werewolves (3 from 16 players), the Seer,
    the given special characters, and Villagers for every other seat.

    ``default_deck(8)`` is 2 Werewolves, the Seer and 5 Villagers.  The result is
    validated like any deck (it raises for special characters below 9 players or
    a single Freemason).
    """
    check_players(players)
    chosen = parse_deck(specials)
    wolves = suggested_werewolves(players)
    room = players - wolves - 1
    if len(chosen) > room:
        raise SetupError(
            "setup.too_many_specials",
            f"{players} players leave room for {room} cards beside the Werewolves and the "
            f"Seer; {len(chosen)} special characters were asked for",
            {"players": players, "room": room, "specials": len(chosen)},
        )
    deck = (
        [Role.WEREWOLF] * wolves
        + [Role.SEER]
        + list(chosen)
        + [Role.VILLAGER] * (room - len(chosen))
    )
    validate_deck(deck, players)
    return tuple(r.value for r in deck)


def validate_deck(deck: Sequence[Role], players: int) -> tuple[SetupWarning, ...]:
    """Raise for a deck that cannot be played; return advice for an unusual one."""
    check_players(players)
    if len(deck) != players:
        raise SetupError(
            "setup.card_count",
            f"{players} players need {players} cards (one each); the deck has {len(deck)}",
            {"players": players, "cards": players, "deck": len(deck)},
        )
    counts = Counter(deck)
    specials = sorted({r for r in deck if r not in BASIC})
    if specials and players < SPECIAL_FROM:
        names = ", ".join(r.value for r in specials)
        raise SetupError(
            "setup.special_below_9",
            f"special characters ({names}) need at least {SPECIAL_FROM} players, not {players}",
            {"roles": [r.value for r in specials], "min": SPECIAL_FROM, "players": players},
        )
    if counts[Role.FREEMASON] == 1:
        raise SetupError(
            "setup.single_freemason",
            "the Freemasons come as a pair: use both Freemason cards or neither",
        )
    if counts[Role.FREEMASON] > 2:
        raise SetupError(
            "setup.duplicate_role",
            f"the Freemasons are one pair; the deck has {counts[Role.FREEMASON]}",
            {"role": Role.FREEMASON.value, "count": counts[Role.FREEMASON]},
        )
    for role in sorted(UNIQUE):
        if counts[role] > 1:
            raise SetupError(
                "setup.duplicate_role",
                f"the deck may hold one {role.value}, not {counts[role]}",
                {"role": role.value, "count": counts[role]},
            )
    wolves = counts[Role.WEREWOLF]
    if wolves == 0:
        raise SetupError("setup.no_werewolf", "the deck needs at least one Werewolf")
    if wolves >= players - wolves:
        raise SetupError(
            "setup.wolves_not_outnumbered",
            f"{wolves} Werewolves among {players} players: the Werewolves would already be "
            "as many as the humans",
            {"wolves": wolves, "players": players},
        )
    warnings: list[SetupWarning] = []
    for role in specials:
        minimum = SUGGESTED_MINIMUM.get(role, 0)
        if players < minimum:
            warnings.append(
                SetupWarning(
                    "setup.below_suggested",
                    f"the {role.value} is suggested from {minimum} players; "
                    f"this table has {players}",
                    {"role": role.value, "min": minimum, "players": players},
                )
            )
    suggested = suggested_werewolves(players)
    if wolves != suggested:
        warnings.append(
            SetupWarning(
                "setup.werewolf_count",
                f"{players} players usually play with {suggested} Werewolves; "
                f"this deck has {wolves}",
                {"players": players, "suggested": suggested, "wolves": wolves},
            )
        )
    if not counts[Role.SEER]:
        warnings.append(SetupWarning("setup.no_seer", "the deck has no Seer"))
    return tuple(warnings)
