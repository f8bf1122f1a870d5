"""Settings that name neither a scenario nor a deck (an API client's, a stored room's).

Before: a Thiercelieux or Lupus in Tabula room made so had no scenario, and the lobby called
the rules' own deck "My own deck" (the custom deck's editor, empty)."""

from __future__ import annotations

import pytest

from loupgarou.session.settings import parse_settings, spec


@pytest.mark.parametrize(
    ("family", "players", "first"),
    [("one-night", 5, "premiere-nuit"), ("thiercelieux", 9, "suggested"), ("lupus", 12, "basic")],
)
def test_each_family_starts_from_its_first_table(family: str, players: int, first: str) -> None:
    settings = parse_settings({"family": family, "players": players})
    assert settings.scenario == first  # the catalog's first, as the home page starts from


@pytest.mark.parametrize(("family", "players"), [("thiercelieux", 9), ("lupus", 12)])
def test_it_is_the_deck_the_engine_deals_given_none(family: str, players: int) -> None:
    """So a room stored before this default replays with the same cards."""
    named = spec(parse_settings({"family": family, "players": players}))
    unnamed = spec(parse_settings({"family": family, "players": players, "scenario": None}))
    assert named.deck == unnamed.deck


def test_a_deck_still_means_no_scenario() -> None:
    deck = ["werewolf", "werewolf", "seer", "hunter", *["villager"] * 4]
    settings = parse_settings({"family": "thiercelieux", "players": 8, "deck": deck})
    assert settings.scenario is None and settings.deck == tuple(deck)
