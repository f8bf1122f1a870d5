"""§1.5 Tournament play: a race to a number of points, and double elimination."""

from __future__ import annotations

import dataclasses

import pytest

from loupgarou.core.outcome import Outcome
from loupgarou.variants.one_night.tournament import (
    DoubleElimination,
    PointsRace,
    TournamentError,
    winners_by_name,
)
from tests.one_night.table import table

FIVE = ("ann", "bob", "cat", "dan", "eve")


def code_of(error: pytest.ExceptionInfo[TournamentError]) -> str:
    return error.value.code


# --- the game's winners, by name ---------------------------------------------------------------


def test_a_games_winners_are_named_by_the_seating_of_that_game() -> None:
    game = table("cat:werewolf bob:werewolf ann:seer eve:villager | robber troublemaker tanner")
    game.votes("ann", "ann", "bob", "bob")
    assert game.dead == ["bob", "ann"]
    seating = game.names
    assert winners_by_name(game.outcome, seating) == {"ann", "eve"}  # dead Ann wins too


def test_a_seat_missing_from_the_seating_is_an_error() -> None:
    outcome = Outcome(frozenset({3}), frozenset({"village"}), ())
    with pytest.raises(TournamentError) as caught:
        winners_by_name(outcome, ("ann", "bob", "cat"))
    assert code_of(caught) == "tournament.bad_seating"


# --- points race -------------------------------------------------------------------------------


def test_a_race_starts_at_zero_with_a_target_of_five() -> None:
    race = PointsRace.start(FIVE)
    assert race.target == 5
    assert race.points == (0, 0, 0, 0, 0)
    assert (race.games, race.champion, race.over, race.tied_at_top) == (0, None, False, False)


def test_each_winner_of_a_game_scores_one_point() -> None:
    race = PointsRace.start(FIVE).record({"ann", "cat"}).record(["cat", "dan"])
    assert race.points == (1, 0, 2, 1, 0)
    assert (race.score("cat"), race.score("bob"), race.games) == (2, 0, 2)
    assert race.leaders == ("cat",)


def test_a_game_nobody_won_scores_nothing_but_counts() -> None:
    race = PointsRace.start(FIVE).record(set())
    assert race.points == (0, 0, 0, 0, 0)
    assert race.games == 1


def test_recording_a_game_leaves_the_old_race_unchanged() -> None:
    start = PointsRace.start(FIVE)
    after = start.record({"ann"})
    assert start.points == (0, 0, 0, 0, 0)
    assert after.points == (1, 0, 0, 0, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.target = 3  # type: ignore[misc]


def test_the_first_player_alone_at_the_target_wins() -> None:
    race = PointsRace.start(FIVE)
    for _ in range(4):
        race = race.record({"ann", "bob"})
    race = race.record({"ann"})
    assert race.points == (5, 4, 0, 0, 0)
    assert race.champion == "ann"
    assert race.over


def test_a_tie_at_the_top_is_played_off() -> None:
    race = PointsRace.start(FIVE, target=2).record({"ann", "bob"}).record({"ann", "bob", "cat"})
    assert race.points == (2, 2, 1, 0, 0)
    assert race.tied_at_top
    assert race.champion is None
    race = race.record({"ann", "bob"})  # still tied: play on
    assert (race.points[:2], race.champion) == ((3, 3), None)
    race = race.record({"bob", "cat"})
    assert race.points == (3, 4, 2, 0, 0)
    assert race.champion == "bob"


def test_no_champion_before_anybody_reaches_the_target() -> None:
    race = PointsRace.start(FIVE, target=3).record({"eve"}).record({"eve"})
    assert race.leaders == ("eve",)
    assert race.champion is None


def test_nothing_is_recorded_after_the_race_is_won() -> None:
    race = PointsRace.start(FIVE, target=1).record({"dan"})
    with pytest.raises(TournamentError) as caught:
        race.record({"ann"})
    assert code_of(caught) == "tournament.over"
    assert "dan" in caught.value.message


def test_the_standings_list_the_most_points_first() -> None:
    race = PointsRace.start(FIVE).record({"cat", "eve"}).record({"eve"})
    assert race.standings() == (("eve", 2), ("cat", 1), ("ann", 0), ("bob", 0), ("dan", 0))


@pytest.mark.parametrize(
    ("players", "target", "code"),
    [
        (("ann", "bob"), 5, "tournament.too_few_players"),
        (("ann", "bob", "ann"), 5, "tournament.duplicate_player"),
        (("ann", "", "bob"), 5, "tournament.empty_name"),
        (FIVE, 0, "tournament.bad_target"),
    ],
)
def test_a_race_that_cannot_be_run(players: tuple[str, ...], target: int, code: str) -> None:
    with pytest.raises(TournamentError) as caught:
        PointsRace.start(players, target)
    assert code_of(caught) == code


def test_a_stranger_cannot_score() -> None:
    race = PointsRace.start(FIVE)
    with pytest.raises(TournamentError) as caught:
        race.record({"ann", "zoe"})
    assert code_of(caught) == "tournament.unknown_player"
    assert "'zoe'" in caught.value.message
    with pytest.raises(TournamentError):
        race.score("zoe")


# --- double elimination ------------------------------------------------------------------------


def test_everyone_starts_in_with_two_lives() -> None:
    event = DoubleElimination.start(FIVE)
    assert event.lives == 2
    assert event.remaining == FIVE
    assert (event.eliminated, event.over, event.champions) == ((), False, frozenset())


def test_players_not_among_the_winners_lose_a_game() -> None:
    event = DoubleElimination.start(FIVE).record({"ann", "bob"})
    assert event.losses == (0, 0, 1, 1, 1)
    assert event.remaining == FIVE
    assert event.games == 1


def test_when_nobody_wins_everyone_at_the_table_loses() -> None:
    event = DoubleElimination.start(FIVE).record(set())
    assert event.losses == (1, 1, 1, 1, 1)


def test_a_second_loss_puts_a_player_out() -> None:
    event = DoubleElimination.start(FIVE).record({"ann", "bob"}).record({"ann", "cat"})
    assert event.losses == (0, 1, 1, 2, 2)
    assert event.remaining == ("ann", "bob", "cat")
    assert event.eliminated == ("dan", "eve")
    assert event.out_after == (None, None, None, 2, 2)


def test_an_eliminated_player_plays_no_more() -> None:
    event = DoubleElimination.start(FIVE).record({"ann", "bob"}).record({"ann", "cat"})
    with pytest.raises(TournamentError) as caught:
        event.record({"ann"}, table=("ann", "bob", "dan"))
    assert code_of(caught) == "tournament.eliminated"
    after = event.record({"ann"})  # by default the players still in play
    assert after.losses == (0, 2, 2, 2, 2)


def test_the_event_ends_when_fewer_than_three_are_left_and_they_share_the_title() -> None:
    event = DoubleElimination.start(("ann", "bob", "cat", "dan"))
    event = event.record({"ann", "bob"}).record({"ann", "bob"})
    assert event.remaining == ("ann", "bob")
    assert event.over
    assert event.champions == {"ann", "bob"}
    with pytest.raises(TournamentError) as caught:
        event.record({"ann"})
    assert code_of(caught) == "tournament.over"


def test_a_sole_survivor_is_the_champion() -> None:
    event = DoubleElimination.start(("ann", "bob", "cat", "dan"))
    event = event.record({"ann", "bob"}).record({"ann", "cat"})
    assert (event.remaining, event.over) == (("ann", "bob", "cat"), False)
    event = event.record({"ann"})
    assert event.remaining == ("ann",)
    assert event.champions == {"ann"}
    assert event.eliminated == ("dan", "bob", "cat")
    assert event.standings() == (("ann", 0), ("bob", 2), ("cat", 2), ("dan", 2))


def test_if_the_last_game_puts_everyone_out_its_players_share_the_title() -> None:
    event = DoubleElimination.start(("ann", "bob", "cat", "dan")).record({"dan"})
    event = event.record(set(), table=("ann", "bob", "cat"))
    assert event.remaining == ("dan",)
    assert event.champions == {"dan"}

    event = DoubleElimination.start(("ann", "bob", "cat")).record(set()).record(set())
    assert event.remaining == ()
    assert event.champions == {"ann", "bob", "cat"}


def test_players_away_from_the_table_neither_win_nor_lose() -> None:
    twelve = tuple(f"p{i:02}" for i in range(12))
    event = DoubleElimination.start(twelve)
    with pytest.raises(TournamentError) as caught:
        event.record(set())  # twelve cannot sit at one game
    assert code_of(caught) == "tournament.table_size"
    event = event.record({"p00"}, table=twelve[:6]).record({"p06", "p07"}, table=twelve[6:])
    assert event.losses == (0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1)


def test_a_winner_must_have_played_the_game() -> None:
    event = DoubleElimination.start(FIVE)
    with pytest.raises(TournamentError) as caught:
        event.record({"eve"}, table=("ann", "bob", "cat"))
    assert code_of(caught) == "tournament.not_at_table"
    with pytest.raises(TournamentError) as caught:
        event.record({"ann"}, table=("ann", "bob"))
    assert code_of(caught) == "tournament.table_size"


def test_single_elimination_is_one_life() -> None:
    event = DoubleElimination.start(FIVE, lives=1).record({"ann", "bob", "cat"})
    assert event.remaining == ("ann", "bob", "cat")
    assert event.eliminated == ("dan", "eve")


def test_recording_leaves_the_old_event_unchanged() -> None:
    start = DoubleElimination.start(FIVE)
    start.record({"ann"})
    assert start.losses == (0, 0, 0, 0, 0)
    assert start.games == 0
    with pytest.raises(TournamentError) as caught:
        DoubleElimination.start(FIVE, lives=0)
    assert code_of(caught) == "tournament.bad_lives"
