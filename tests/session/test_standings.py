"""A room's tournament across its games (RULINGS §1.5's points race, docs/rules-decisions.md)."""

from __future__ import annotations

from typing import Any

from loupgarou.core.outcome import Outcome
from loupgarou.session.standings import standings


def record(names: list[str], winners: list[int]) -> dict[str, Any]:
    """A game record, as a room keeps it (only the parts the race reads)."""
    outcome = Outcome(frozenset(winners), frozenset({"village"}), ())
    return {"config": {"players": names}, "outcome": outcome.to_json()}


def verdict(names: list[str], winners: list[int]) -> dict[str, Any]:
    """A narrated One Night's verdict, as such a room keeps it."""
    who = [{"seat": s, "name": n} for s, n in enumerate(names)]
    return {"players": who, "result": {"winners": [who[s] for s in winners]}}


TABLE = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def test_no_standings_before_a_game_ends() -> None:
    assert standings([]) is None


def test_each_winner_of_a_game_scores_a_point_most_points_first() -> None:
    games = [record(TABLE, [1, 3]), verdict(TABLE, [3]), record(TABLE, [])]
    assert standings(games) == {
        "games": 3,
        "target": 5,
        "points": [["Dee", 2], ["Bob", 1], ["Ann", 0], ["Cy", 0], ["Eve", 0]],
        "champion": None,
        "tied": False,
        "champions": [],
    }


def test_players_are_known_by_name_whatever_their_seat_and_may_join_later() -> None:
    moved = ["Eve", "Ann", "Bob", "Cy", "Dee", "Fay"]  # a new seating, and Fay joins
    out = standings([record(TABLE, [0]), record(moved, [0, 5])])
    assert out is not None
    assert out["points"] == [["Ann", 1], ["Eve", 1], ["Fay", 1], ["Bob", 0], ["Cy", 0], ["Dee", 0]]


def test_the_first_alone_at_the_top_with_five_points_wins_and_a_new_race_begins() -> None:
    five = [record(TABLE, [0, 1])] * 4 + [record(TABLE, [0])]  # Ann 5, Bob 4
    out = standings(five)
    assert out is not None
    assert out["champion"] == "Ann" and out["points"][:2] == [["Ann", 5], ["Bob", 4]]
    after = standings([*five, record(TABLE, [2])])
    assert after is not None
    assert after["champions"] == ["Ann"] and after["champion"] is None
    assert after["games"] == 1 and after["points"][0] == ["Cy", 1]


def test_a_tie_at_the_top_past_the_target_plays_on() -> None:
    tied = [record(TABLE, [0, 1])] * 5
    out = standings(tied)
    assert out is not None
    assert out["tied"] and out["champion"] is None
    out = standings([*tied, record(TABLE, [1])])
    assert out is not None
    assert out["champion"] == "Bob" and out["points"][:2] == [["Bob", 6], ["Ann", 5]]


def test_a_game_with_two_players_of_one_name_gives_no_standings_rather_than_failing() -> None:
    """A person may call themself "Bot 3" and a bot then take seat 3 under that name: the
    race cannot tell them apart, and the room's state must still be sent."""
    assert standings([record(["Bot 3", "Bob", "Bot 3", "Dee"], [0])]) is None
