"""Thiercelieux set-up: deck validation (errors and warnings) and suggested decks.

Errors (:class:`SetupError`, stable codes):

- ``setup.too_few_players`` / ``setup.too_many_players``: outside 3 to 62 players
  (62 is what the engine serves: 64 card positions, the Thief's two included; a
  table outside the suggested 8 to 18 is only a warning, RULINGS §2.1);
- ``setup.unknown_role``: a card name that is not a Thiercelieux role;
- ``setup.card_count``: the deck must hold one card per player, plus two set-aside
  cards when it holds the Thief;
- ``setup.duplicate_role``: more than one Seer, Witch, Hunter, Cupid, Thief or
  Little Girl (the box holds one of each);
- ``setup.no_werewolf``: no Werewolf card;
- ``setup.wolves_not_outnumbered``: the Werewolves could start at least as many as
  the others (with a Thief, counted as if no Werewolf card were set aside).

Warnings (:class:`SetupWarning`): ``setup.player_count`` outside 8 to 18 players;
``setup.wolf_ratio`` when the expected number of Werewolves in play is below one
per six players or above one per three (the rulebook suggests one per four);
``setup.minimal_deck`` below the rulebook's smallest playable deck (two Werewolves
and a Seer); ``setup.lone_werewolf_card`` when a Thief may leave the only Werewolf
card set aside (then nobody wakes on night 1 and the village wins at once).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from loupgarou.core.errors import SetupError, SetupWarning
from loupgarou.core.variant import parse_cards
from loupgarou.variants.thiercelieux.roles import UNIQUE, Role, parse_role

MIN_PLAYERS, MAX_PLAYERS = 3, 62
"""The engine's bound: ``state.SEATS`` holds 64 card positions, the seats and the
Thief's two set-aside cards; beyond 18 players the table gets a warning."""
SUGGESTED_PLAYERS: Final = (8, 18)
SET_ASIDE: Final = 2


def parse_deck(names: Sequence[str]) -> tuple[Role, ...]:
    return parse_cards(names, parse_role, Role, "Thiercelieux")


def validate_deck(deck: Sequence[Role], players: int) -> tuple[SetupWarning, ...]:
    """Raise for a deck that cannot be played; return advice for an unusual one."""
    if players < MIN_PLAYERS:
        raise SetupError(
            "setup.too_few_players",
            f"Thiercelieux needs at least {MIN_PLAYERS} players, not {players}",
            {"min": MIN_PLAYERS, "players": players},
        )
    if players > MAX_PLAYERS:
        raise SetupError(
            "setup.too_many_players",
            f"this game master serves Thiercelieux tables of at most {MAX_PLAYERS} players, "
            f"not {players}",
            {"max": MAX_PLAYERS, "players": players},
        )
    counts = Counter(deck)
    thief = counts[Role.THIEF] > 0
    expected = players + (SET_ASIDE if thief else 0)
    if len(deck) != expected:
        why = "one each and two set aside for the Thief" if thief else "one each"
        raise SetupError(
            "setup.card_count",
            f"{players} players need {expected} cards ({why}); the deck has {len(deck)}",
            {"players": players, "cards": expected, "deck": len(deck)},
        )
    for role in sorted(UNIQUE):
        if counts[role] > 1:
            raise SetupError(
                "setup.duplicate_role",
                f"the deck holds {counts[role]} {role.value} cards; use at most one",
                {"role": role.value, "count": counts[role]},
            )
    wolves = counts[Role.WEREWOLF]
    if wolves == 0:
        raise SetupError("setup.no_werewolf", "the deck needs at least one Werewolf")
    most = min(wolves, players)
    if 2 * most >= players:
        raise SetupError(
            "setup.wolves_not_outnumbered",
            f"{most} Werewolves could start among {players} players: the Werewolves must "
            "start outnumbered by the others",
            {"wolves": most, "players": players},
        )
    warnings = []
    low, high = SUGGESTED_PLAYERS
    if not low <= players <= high:
        warnings.append(
            SetupWarning(
                "setup.player_count",
                f"the game is meant for {low} to {high} players; this table has {players}",
                {"min": low, "max": high, "players": players},
            )
        )
    in_play = wolves * players / len(deck)
    if not players / 6 <= in_play <= players / 3:
        warnings.append(
            SetupWarning(
                "setup.wolf_ratio",
                f"about {in_play:.1f} Werewolves in play for {players} players: "
                "one per four players is the usual balance",
                {"wolves": round(in_play, 1), "players": players},
            )
        )
    missing = []
    if wolves < 2:
        missing.append("two Werewolves")
    if not counts[Role.SEER]:
        missing.append("a Seer")
    if missing:
        warnings.append(
            SetupWarning(
                "setup.minimal_deck",
                "the smallest deck the rulebook calls playable has " + " and ".join(missing),
            )
        )
    if thief and wolves < 2:
        warnings.append(
            SetupWarning(
                "setup.lone_werewolf_card",
                "the only Werewolf card may stay set aside: then nobody wakes on the first "
                "night and the village wins at once",
            )
        )
    return tuple(warnings)


def suggested_deck(players: int, *, thief: bool = False) -> tuple[str, ...]:
    """A balanced deck for 8 to 18 players (role names, usable as ``GameConfig.deck``).

    About one Werewolf per four players (``(players + 2) // 4``: 2 Werewolves up
    to 9 players, 3 up to 13, 4 up to 17, 5 at 18), a Seer, a Witch and a Hunter;
    Cupid from 9 players, the Little Girl from 10; Villagers for the rest.  With
    ``thief``, one Villager card becomes the Thief and two cards are added to set
    aside, a Werewolf and a Villager (the seed 003 advice: one of the extra cards
    is a Werewolf).
    """
    low, high = SUGGESTED_PLAYERS
    if not low <= players <= high:
        raise SetupError(
            "setup.no_suggestion", f"decks are suggested for {low} to {high} players, not {players}"
        )
    deck = [Role.WEREWOLF] * ((players + 2) // 4) + [Role.SEER, Role.WITCH, Role.HUNTER]
    if players >= 9:
        deck.append(Role.CUPID)
    if players >= 10:
        deck.append(Role.LITTLE_GIRL)
    deck += [Role.VILLAGER] * (players - len(deck))
    if thief:
        deck[deck.index(Role.VILLAGER)] = Role.THIEF
        deck += [Role.WEREWOLF, Role.VILLAGER]
    return tuple(r.value for r in deck)
