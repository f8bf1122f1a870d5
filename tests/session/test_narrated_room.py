"""A narrated One Night room on its own: the narrator's "who won?" may come while the night's
script still runs (it skips to the verdict), and a wrong one changes nothing."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import pytest

from loupgarou.session.encode import dumps
from loupgarou.session.room import Room, RoomError

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def running_night() -> Room:
    room = Room("NIGHT")
    settings = {"family": "one-night", "players": 5, "mode": "narrated", "scenario": "benefice"}
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
    cards = ["hunter", "werewolf", "seer", "robber", "insomniac"]
    entry = {"t": "answer", "ask": 1, "cards": cards, "votes": [1, 0, 0, 0, 0]}
    room.apply({**entry, "by": "nat", "now": 5.0})
    assert room.status == "over"
    assert room.verdict()["result"]["teams"] == ["village"]


class NightTwo(NamedTuple):
    """A narrated Thiercelieux room whose game master has written night 2 up to its
    Werewolves' call, while the script is still at day 1's lynch."""

    room: Room
    narrator: dict[str, Any]  # the narrator's state then
    lynch: float  # the script time of the lynch line
    nightfall: float  # the script time of night 2's nightfall
    written: int  # the notes written before the answer that wrote the lynch


def thiercelieux_to_night_two() -> NightTwo:
    """Cy, the Seer, is elected Captain, then lynched: night 2's Seer call has nobody to
    ask, and the game master goes on to the Werewolves' question."""
    room = Room("THIER")
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    timers = {"call": 2, "discussion": 5, "vote": 5}
    settings = {"family": "thiercelieux", "players": 8, "mode": "narrated", "timers": timers}
    room.apply({"t": "create", "settings": settings, "host": "nat", "name": "Nat", "now": 0.0})
    room.apply({"t": "lobby", "op": "names", "names": names, "by": "nat", "now": 1.0})
    room.apply({"t": "lobby", "op": "start", "seed": 7, "by": "nat", "now": 2.0})
    now = 3.0
    lynch: float | None = None
    written = 0
    while True:
        before = json.loads(narrator_sees(room, now))["narrator"]
        ask = before["ask"]
        assert ask is not None and room.status != "over"
        now = max(now, before["origin"] + ask["at"]) + 0.5
        quiet = "none" in ask["choices"] and ask["key"] != "ask.card"
        text = "none" if quiet else "Cy" if ask["key"] == "ask.vote" else ask["choices"][0]
        room.apply({"t": "answer", "ask": ask["id"], "text": text, "by": "nat", "now": now})
        after = json.loads(narrator_sees(room, now))["narrator"]
        if lynch is None:
            lynch = next((c["at"] for c in after["cues"] if c["key"] == "lynch.done"), None)
            written = len(before["notes"])
        if lynch is not None and any(n.startswith("Werewolves:") for n in after["notes"][written:]):
            break
    nightfall = min(c["at"] for c in after["cues"] if c["kind"] == "nightfall" and c["at"] > lynch)
    return NightTwo(room, after, lynch, nightfall, written)


def test_the_narrator_sees_a_nights_notes_when_its_lines_come() -> None:
    """The game master writes ahead of the script: once the day's vote is answered it has
    written the lynch, then the next night's calls and their notes up to its next
    question.  Each note carries the script time of the line it goes with
    (``notes_at``), so that the page shows the next night's notes when that night comes,
    not while the lynch is still read (they named calls not yet made)."""
    _, after, lynch, nightfall, written = thiercelieux_to_night_two()
    assert len(after["notes"]) == len(after["notes_at"])
    new = list(zip(after["notes"], after["notes_at"], strict=True))[written:]
    # Cy, the Seer, was lynched: night 2's Seer call has nobody to ask, and its note
    # ("Nobody acts at this call") comes with no answer of its own
    assert [note.split(":")[0] for note, _ in new] == ["Nobody acts at this call", "Werewolves"]
    assert all(at > nightfall for _, at in new), (new, nightfall)
    assert all(at < lynch for at in after["notes_at"][:written])
