"""``Match.submit`` refuses an illegal action, and changes nothing, whether or not the
decision's option set has been built yet (it reads that set directly once built)."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import Action
from loupgarou.core.errors import IllegalAction
from loupgarou.engine import new_match
from loupgarou.engine.match import Match
from loupgarou.variants.one_night import VARIANT

PLAYERS = ("a", "b", "c", "d", "e")
DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")


def at_the_vote(seed: int) -> Match:
    match = new_match(VARIANT, PLAYERS, DECK, seed=seed)
    while match.pending()[0].kind != "vote":
        d = match.pending()[0]
        match.submit(d.seat, d.default)
    return match


@pytest.mark.parametrize("built", [False, True])
def test_an_illegal_vote_is_refused_and_changes_nothing(built: bool) -> None:
    match = at_the_vote(3)
    decision = match.decision_for(0)
    assert decision is not None
    if built:
        assert decision.allows(decision.options[0])
    state, events, inputs = match.state, list(match.events), list(match.inputs)
    with pytest.raises(IllegalAction) as err:
        match.submit(0, Action("vote", (0,)))  # nobody votes for themself
    assert err.value.code == "action.illegal"
    assert (match.state, match.events, match.inputs) == (state, events, inputs)
    match.submit(0, decision.options[0])
    assert len(match.inputs) == len(inputs) + 1
    assert match.decision_for(0) is None


def test_a_seat_with_nothing_to_decide_is_told_so() -> None:
    match = at_the_vote(4)
    match.submit(1, match.pending()[1].options[0])
    with pytest.raises(IllegalAction) as err:
        match.submit(1, Action("vote", (0,)))
    assert err.value.code == "action.not_your_turn"
