"""House rules: where tables read the rules differently, each reading is an option.

RULINGS.md keeps one reading (the default, tested here too); a table that plays
another chooses it with an option listed by ``loupgarou rules one-night``.
"""

from __future__ import annotations

import pytest

from loupgarou.core.chance import SeededChance
from loupgarou.core.errors import SetupError
from loupgarou.core.events import JSON
from loupgarou.core.variant import GameConfig
from loupgarou.engine import Match
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.setup import LARGE_TABLE_MAX
from tests.one_night.table import Table, table

# Seats: minion, villager1, seer, tanner, villager2; nobody holds a Werewolf.
NO_WOLF = "minion villager seer tanner villager | werewolf werewolf robber"


def played(spec: str, *votes: str, **options: JSON) -> Table:
    game = table(spec, options=options)
    game.votes(*votes)
    return game


def test_every_house_rule_is_a_listed_option_whose_default_is_the_rulings_reading() -> None:
    options = {o.name: o for o in VARIANT.options}
    assert options["minion_alone_dead"].default == "nobody"
    assert options["minion_alone_dead"].choices == ("nobody", "minion", "village")
    assert options["tanner_and_minion"].default == "tanner"
    assert options["large_table"].default is False


# --- the Minion, alone to die when nobody is a Werewolf --------------------------------------


def only_the_minion_dies(**options: JSON) -> Table:
    game = played(NO_WOLF, "seer", "minion", "minion", "minion", "tanner", **options)
    assert game.dead == ["minion"]
    return game


def test_by_default_nobody_wins_when_only_the_minion_dies() -> None:
    game = only_the_minion_dies()
    assert game.winners == set() and game.reasons[-1] == "nobody"


def test_a_table_that_gives_the_minion_the_win_when_he_alone_dies() -> None:
    game = only_the_minion_dies(minion_alone_dead="minion")
    assert game.teams == {"werewolf"} and game.winners == {"minion"}
    assert game.reasons == ["minion.alone_dead"]


def test_a_table_that_gives_the_village_the_win_when_the_minion_alone_dies() -> None:
    game = only_the_minion_dies(minion_alone_dead="village")
    assert game.teams == {"village"}
    assert game.winners == {"villager1", "seer", "villager2"}
    assert game.reasons == ["village.minion_died"]


def test_the_option_changes_nothing_when_someone_else_dies_too() -> None:
    game = played(NO_WOLF, "seer", "minion", "minion", "seer", "tanner", minion_alone_dead="minion")
    assert game.dead == ["minion", "seer"] and game.winners == set()


# --- the Tanner and the Minion, when both claims apply ----------------------------------------


def the_tanner_alone_dies(**options: JSON) -> Table:
    game = played(NO_WOLF, "tanner", "tanner", "tanner", "seer", "minion", **options)
    assert game.dead == ["tanner"]  # the Minion lived, someone else died
    return game


def test_by_default_the_tanners_death_beats_the_minion() -> None:
    game = the_tanner_alone_dies()
    assert game.winners == {"tanner"}
    assert game.reasons == ["village.no_werewolf_death", "minion.lost", "tanner.died"]


def test_a_table_where_the_tanner_and_the_minion_both_win() -> None:
    game = the_tanner_alone_dies(tanner_and_minion="both")
    assert game.teams == {"tanner", "werewolf"}
    assert game.winners == {"tanner", "minion"}
    assert game.reasons == ["village.no_werewolf_death", "minion.survived", "tanner.died"]


# --- a larger table than the box serves --------------------------------------------------------


def deck_for(players: int) -> tuple[str, ...]:
    village = players + 3 - 6
    return ("werewolf", "werewolf", "werewolf", "seer", "robber", "troublemaker") + (
        "villager",
    ) * village


def config(players: int, **options: JSON) -> GameConfig:
    names = tuple(f"p{i}" for i in range(players))
    return GameConfig(VARIANT.name, names, deck_for(players), options)


def test_by_default_eleven_players_are_refused_and_told_of_the_option() -> None:
    with pytest.raises(SetupError) as caught:
        Match(VARIANT, config(11), SeededChance(1))
    assert caught.value.code == "setup.too_many_players"
    assert "large_table" in str(caught.value)


def test_a_large_table_plays_with_extra_cards_and_a_warning() -> None:
    match = Match(VARIANT, config(14, large_table=True), SeededChance(3))
    codes = [w.code for w in match.warnings]
    assert "setup.player_count" in codes and "setup.more_than_box" in codes
    while not match.over:
        decision = match.pending()[0]
        match.timeout(decision.seat)
    assert match.outcome is not None


def test_even_a_large_table_has_a_bound() -> None:
    assert LARGE_TABLE_MAX == 20
    Match(VARIANT, config(20, large_table=True), SeededChance(1))
    with pytest.raises(SetupError) as caught:
        Match(VARIANT, config(21, large_table=True), SeededChance(1))
    assert "20" in str(caught.value)
