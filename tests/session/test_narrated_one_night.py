"""A narrated One Night's "who won?": the narrator gives the card in front of each player
and whom each pointed at; cards that cannot be on the table are refused, and the
Doppelgänger card is given as the role it copied (RULINGS §1: whoever holds it plays
that role).

Before: the form offered "Doppelgänger" as a card and the verdict then counted its holder
with the village whatever it had copied (a Doppelgänger-Werewolf left alive lost with
the village), and a table of two Minions from a deck of one was judged as given."""

from __future__ import annotations

import json
from typing import Any

import pytest

from loupgarou.core.errors import LoupGarouError
from loupgarou.session.encode import dumps
from loupgarou.session.room import Room

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
"""Revenants at eight: Werewolf ×2, Doppelgänger, Minion, Hunter, Seer, Robber,
Troublemaker, Villager, Mason ×2."""


def revenants() -> Room:
    room = Room("REVEN")
    settings = {"family": "one-night", "players": 8, "mode": "narrated", "scenario": "revenants"}
    room.apply({"t": "create", "settings": settings, "host": "nat", "name": None, "now": 0.0})
    room.apply({"t": "lobby", "op": "names", "names": NAMES, "by": "nat", "now": 1.0})
    room.apply({"t": "lobby", "op": "start", "seed": 7, "by": "nat", "now": 2.0})
    room.apply({"t": "tick", "now": 10_000.0})  # the script has run out: "who won?"
    return room


def answer(room: Room, cards: list[str], votes: list[int]) -> None:
    room.apply(
        {"t": "answer", "ask": 1, "cards": cards, "votes": votes, "by": "nat", "now": 10_001.0}
    )


def verdict(room: Room) -> dict[str, Any]:
    state = json.loads(dumps(room.state_for("nat", set(), 10_002.0)))
    result: dict[str, Any] = state["game"]["verdict"]["result"]
    return result


EVERYONE_AT_BOB = [1, 2, 1, 1, 1, 1, 1, 1]
"""Bob (seat 1) gets seven votes and dies; Cy gets Bob's."""


def test_the_form_asks_for_the_copied_role_not_the_doppelganger_card() -> None:
    room = revenants()
    ask = json.loads(dumps(room.state_for("nat", set(), 10_001.0)))["narrator"]["ask"]
    assert ask["key"] == "ask.final_cards"
    assert "doppelganger" not in ask["form"]["cards"] and "werewolf" in ask["form"]["cards"]
    assert ask["form"]["doppelganger"] is True


def test_a_doppelganger_who_copied_a_werewolf_wins_with_the_pack() -> None:
    """Gus holds the Doppelgänger card, which copied a Werewolf: a third Werewolf.  Bob, a
    Villager, dies: the Werewolves win, Gus among them."""
    room = revenants()
    cards = ["hunter", "villager", "seer", "werewolf", "mason", "mason", "werewolf", "minion"]
    answer(room, cards, EVERYONE_AT_BOB)
    result = verdict(room)
    assert result["teams"] == ["werewolf"]
    assert {w["name"] for w in result["winners"]} == {"Dee", "Gus", "Hal"}
    assert [d["name"] for d in result["deaths"]] == ["Bob"]


@pytest.mark.parametrize(
    ("cards", "code", "data"),
    [
        # the Doppelgänger card itself
        (
            ["doppelganger", "villager", "seer", "robber", "mason", "mason", "werewolf", "minion"],
            "narrate.doppelganger",
            {},
        ),
        # two Minions and three Werewolves: the copy may stand for one more, not two
        (
            ["minion", "werewolf", "werewolf", "werewolf", "mason", "seer", "robber", "minion"],
            "narrate.card_count",
            {"role": "werewolf", "deck": 2, "given": 3},
        ),
        # a card this deck does not have at all, beside the copy's extra Werewolf
        (
            ["tanner", "werewolf", "werewolf", "werewolf", "mason", "seer", "robber", "minion"],
            "narrate.card_count",
            {"role": "tanner", "deck": 0, "given": 1},
        ),
    ],
)
def test_cards_that_cannot_be_on_the_table_are_refused(
    cards: list[str], code: str, data: dict[str, Any]
) -> None:
    room = revenants()
    with pytest.raises(LoupGarouError) as caught:
        answer(room, cards, EVERYONE_AT_BOB)
    assert (caught.value.code, caught.value.data) == (code, data)
    assert room.status != "over"
    # the copy's one more card is allowed: two Minions (the copy is one)
    answer(
        room,
        ["minion", "villager", "seer", "robber", "mason", "mason", "werewolf", "minion"],
        EVERYONE_AT_BOB,
    )
    assert room.status == "over"
