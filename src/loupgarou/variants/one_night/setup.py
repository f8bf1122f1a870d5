"""One Night set-up: deck validation (errors and warnings) and drawn decks.

A drawn deck (Anarchie, tokens in a bag) is a chance outcome: the rules ask
for a permutation of a candidate pool and keep the first cards, redrawing when
the draw would hold a single Mason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from loupgarou.core.errors import SetupError, SetupWarning
from loupgarou.core.variant import parse_cards
from loupgarou.variants.one_night.roles import BOX, Role, parse_role

CENTRE: Final = 3
MIN_PLAYERS, MAX_PLAYERS = 3, 10
LARGE_TABLE_MAX: Final = 20
"""The most players the option ``large_table`` seats (the rules' box serves 10): beyond,
the night's Troublemaker would choose among more than 190 swaps and a table this size
no longer plays One Night as a game of memory."""


def parse_deck(names: Sequence[str]) -> tuple[Role, ...]:
    return parse_cards(names, parse_role, Role, "One Night")


def check_players(players: int, *, large_table: bool = False) -> None:
    if players < MIN_PLAYERS:
        raise SetupError(
            "setup.too_few_players",
            f"One Night needs at least {MIN_PLAYERS} players, not {players}",
            {"min": MIN_PLAYERS, "players": players},
        )
    if large_table and players > LARGE_TABLE_MAX:
        raise SetupError(
            "setup.too_many_players",
            f"even with large_table, One Night seats at most {LARGE_TABLE_MAX}, not {players}",
            {"max": LARGE_TABLE_MAX, "players": players},
        )
    if players > MAX_PLAYERS and not large_table:
        raise SetupError(
            "setup.too_many_players",
            f"One Night is played by at most {MAX_PLAYERS}, not {players} "
            f"(the option large_table seats up to {LARGE_TABLE_MAX} with extra cards)",
            {"max": MAX_PLAYERS, "players": players},
        )


def validate_deck(
    deck: Sequence[Role], players: int, *, large_table: bool = False
) -> tuple[SetupWarning, ...]:
    """Raise for a deck that cannot be played; return advice for an unusual one."""
    check_players(players, large_table=large_table)
    if len(deck) != players + CENTRE:
        raise SetupError(
            "setup.card_count",
            f"{players} players need {players + CENTRE} cards (one each and 3 in the centre); "
            f"the deck has {len(deck)}",
            {"players": players, "cards": players + CENTRE, "deck": len(deck)},
        )
    counts = Counter(deck)
    if counts[Role.MASON] == 1:
        raise SetupError(
            "setup.single_mason", "the Masons come as a pair: use both Mason cards or neither"
        )
    warnings = []
    if players > MAX_PLAYERS:
        warnings.append(
            SetupWarning(
                "setup.player_count",
                f"One Night is made for at most {MAX_PLAYERS} players; this table of {players} "
                "plays with extra cards (large_table)",
                {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "players": players},
            )
        )
    for role, n in sorted(counts.items()):
        if n > BOX[role]:
            warnings.append(
                SetupWarning(
                    "setup.more_than_box",
                    f"{n} {role.value} cards: the box holds only {BOX[role]}",
                    {"role": role.value, "count": n, "box": BOX[role]},
                )
            )
    if counts[Role.INSOMNIAC] and not (counts[Role.ROBBER] or counts[Role.TROUBLEMAKER]):
        warnings.append(
            SetupWarning(
                "setup.insomniac_alone",
                "the Insomniac learns nothing unless a Robber or a Troublemaker can move her card",
            )
        )
    return tuple(warnings)


def box_cards() -> tuple[Role, ...]:
    """Every card of the box, in a fixed order (the pool a draw permutes)."""
    return tuple(role for role in Role for _ in range(BOX[role]))


ANARCHIE_SET_ASIDE = (Role.WEREWOLF, Role.WEREWOLF, Role.VILLAGER)


def draw_pool(draw: str) -> tuple[Role, ...]:
    """The cards a drawn deck is taken from."""
    pool = list(box_cards())
    if draw == "anarchie":
        for role in ANARCHIE_SET_ASIDE:
            pool.remove(role)
    return tuple(pool)


def drawn_deck(draw: str, players: int, order: Sequence[int]) -> tuple[Role, ...] | None:
    """The deck a permutation of :func:`draw_pool` gives, or None if it must be redrawn.

    Anarchie keeps one card per player plus the three set aside; the bag keeps
    players + 3 cards.  A draw holding exactly one Mason is redrawn (Masons are
    a pair); in the bag, drawing one Mason brings the other along instead when
    there is room, as a table drawing tokens would do.
    """
    pool = draw_pool(draw)
    shuffled = [pool[i] for i in order]
    if draw == "anarchie":
        deck = shuffled[:players] + list(ANARCHIE_SET_ASIDE)
    else:
        deck = _bag(shuffled, players + CENTRE)
    if deck.count(Role.MASON) == 1:
        return None
    return tuple(deck)


def _bag(shuffled: list[Role], size: int) -> list[Role]:
    deck: list[Role] = []
    for role in shuffled:
        if len(deck) == size:
            break
        if role is Role.MASON:
            if Role.MASON in deck:
                continue  # already came with its partner
            if len(deck) + 2 > size:
                continue
            deck += [Role.MASON, Role.MASON]
        else:
            deck.append(role)
    return deck
