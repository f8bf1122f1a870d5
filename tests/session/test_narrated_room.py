"""A narrated One Night room on its own: the narrator's "who won?" may come while the night's
script still runs (it skips to the verdict), and a wrong one changes nothing."""

from __future__ import annotations

import pytest

from loupgarou.session.encode import dumps
from loupgarou.session.room import Room, RoomError

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def running_night() -> Room:
    room = Room("NIGHT")
    settings = {"family": "one-night", "players": 5, "mode": "narrated"}
    room.apply({"t": "create", "settings": settings, "host": "nat", "name": "Nat", "now": 0.0})
    room.apply({"t": "lobby", "op": "names", "names": NAMES, "by": "nat", "now": 1.0})
    room.apply({"t": "lobby", "op": "start", "seed": 7, "by": "nat", "now": 2.0})
    return room


def narrator_sees(room: Room, now: float) -> str:
    return dumps(room.state_for("nat", set(), now))


@pytest.mark.parametrize(
    ("answer", "code"),
    [
        ({"ask": 9}, "task.stale"),
        ({"cards": ["joker"] * 5}, "narrate.bad_cards"),
        ({"votes": [0, 0, 0, 0, 0]}, "narrate.bad_votes"),
    ],
)
def test_a_wrong_who_won_during_the_night_leaves_the_night_running(
    answer: dict[str, object], code: str
) -> None:
    room = running_night()
    before = narrator_sees(room, 5.0)
    entry = {"t": "answer", "ask": 1, "cards": ["seer"] * 5, "votes": [1, 0, 0, 0, 0]}
    with pytest.raises(RoomError) as caught:
        room.apply({**entry, **answer, "by": "nat", "now": 5.0})
    assert caught.value.code == code
    assert narrator_sees(room, 5.0) == before
    assert room.next_deadline() is not None  # the night's script still runs


def test_a_right_who_won_during_the_night_ends_the_game() -> None:
    room = running_night()
    cards = ["hunter", "werewolf", "seer", "robber", "villager"]
    entry = {"t": "answer", "ask": 1, "cards": cards, "votes": [1, 0, 0, 0, 0]}
    room.apply({**entry, "by": "nat", "now": 5.0})
    assert room.status == "over"
    assert room.verdict()["result"]["teams"] == ["village"]
