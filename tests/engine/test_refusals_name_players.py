"""The engine's refusals reach people (the adjudicator's text, ``play``, the narrator, the
pages): they name players by name and centre cards ``c1`` to ``c3``, never an index."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import Action
from loupgarou.core.errors import IllegalAction
from loupgarou.core.statements import Statement
from loupgarou.engine import new_match
from loupgarou.engine.match import Match, action_words
from loupgarou.variants.one_night import VARIANT

PLAYERS = ("Ann", "Bob", "Cid")
DECK = ("seer", "robber", "troublemaker", "werewolf", "werewolf", "villager")


def table() -> Match:
    """A game at night, waiting for one player only."""
    match = new_match(VARIANT, PLAYERS, DECK, seed=1)
    while len(match.pending()) != 1:
        decision = match.pending()[0]
        match.submit(decision.seat, decision.default)
    assert match.pending()[0].kind != "vote"
    return match


def refusal(match: Match, seat: int, action: Action) -> str:
    with pytest.raises(IllegalAction) as caught:
        match.submit(seat, action)
    return caught.value.message


def test_a_seat_out_of_turn_is_named_with_whom_the_table_waits_for() -> None:
    match = table()
    waiting = match.pending()[0]
    other = next(s for s in range(3) if s != waiting.seat)
    message = refusal(match, other, Action("vote", (waiting.seat,)))
    assert message.startswith(f"{PLAYERS[other]} has nothing to decide now; ")
    assert f"the table waits for {PLAYERS[waiting.seat]} (" in message
    assert "seat" not in message and "[" not in message


def test_actions_in_a_refusal_read_with_names_and_c1_to_c3() -> None:
    assert action_words(PLAYERS, Action("swap", (0, 2))) == "swap Ann and Cid"
    assert action_words(PLAYERS, Action("look", (), (0, 2))) == "look centre c1 and c3"


def test_a_player_who_may_not_speak_is_named() -> None:
    match = table()
    seat = match.pending()[0].seat
    with pytest.raises(IllegalAction) as caught:
        match.say(seat, Statement("hello"))
    assert caught.value.code == "action.cannot_speak"
    assert caught.value.message == (
        f"{PLAYERS[seat]} may not speak before the day; statements wait for it"
    )
