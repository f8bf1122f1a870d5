"""The engine's promises, checked on a toy family small enough to read at a glance."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest, ScriptedChance
from loupgarou.core.errors import IllegalAction, ScriptError, SetupWarning
from loupgarou.core.events import JSON, Event, public, told
from loupgarou.core.outcome import Outcome, Reason
from loupgarou.core.statements import Statement
from loupgarou.core.variant import GameConfig, OptionSpec
from loupgarou.engine.match import Match

CALL = Action("call", (0,))


class Coin(NamedTuple):
    called: bool = False
    heads: bool | None = None


class CoinFamily:
    """Seat 0 calls, then a coin is tossed (a chance outcome); heads means seat 0 wins."""

    name: str = "coin"
    aliases: tuple[str, ...] = ()
    title: str = "Coin"
    min_players: int = 2
    max_players: int = 2
    victim_call: str | None = None
    options: tuple[OptionSpec, ...] = ()

    def setup(self, config: GameConfig) -> tuple[Coin, tuple[SetupWarning, ...]]:
        return Coin(), ()

    def chance_request(self, state: Coin) -> ChanceRequest | None:
        if state.called and state.heads is None:
            return ChanceRequest("toss", "bernoulli", p=0.5)
        return None

    def apply_chance(self, state: Coin, value: JSON) -> tuple[Coin, tuple[Event, ...]]:
        return state._replace(heads=bool(value)), (public("tossed", heads=value),)

    def decisions(self, state: Coin) -> tuple[Decision, ...]:
        if state.called:
            return ()
        return (Decision(0, "call", (CALL,), CALL),)

    def apply(self, state: Coin, seat: int, action: Action) -> tuple[Coin, tuple[Event, ...]]:
        return state._replace(called=True), (told(seat, "called"),)

    def may_speak(self, state: Coin, seat: int) -> bool:
        return True

    def speak(self, state: Coin, seat: int, statement: Statement) -> tuple[Coin, tuple[Event, ...]]:
        return state, (public("statement", seat=seat, text=statement.text),)

    def outcome(self, state: Coin) -> Outcome | None:
        if state.heads is None:
            return None
        return Outcome(frozenset({0} if state.heads else {1}), frozenset(), (Reason("toss", ""),))

    def public(self, state: Coin) -> dict[str, JSON]:
        return {"called": state.called}

    def night_calls(self, state: Coin) -> tuple[str, ...]:
        return ()


def coin_match(**fixed: Any) -> Match:
    return Match(CoinFamily(), GameConfig("coin", ("a", "b"), ()), ScriptedChance(fixed))


def test_a_bad_chance_outcome_after_a_step_leaves_the_game_as_it_was() -> None:
    match = coin_match(toss=["maybe"])
    with pytest.raises(ScriptError) as err:
        match.submit(0, CALL)
    assert err.value.code == "chance.bad_outcome"
    assert match.state == Coin()
    assert match.inputs == [] and match.events == []
    assert match.pending()[0].seat == 0


def test_the_chance_drawn_after_a_step_is_recorded_right_after_it() -> None:
    match = coin_match(toss=[True])
    match.submit(0, CALL)
    assert [i.type for i in match.inputs] == ["action", "chance"]
    assert match.inputs[1].label == "toss" and match.inputs[1].value is True
    assert match.outcome is not None and match.outcome.winners == {0}


def test_a_seat_with_nothing_to_decide_is_told_so() -> None:
    match = coin_match(toss=[True])
    with pytest.raises(IllegalAction) as err:
        match.submit(1, CALL)
    assert err.value.code == "action.not_your_turn"
    with pytest.raises(IllegalAction) as err:
        match.submit(7, CALL)
    assert err.value.code == "action.no_such_seat"


def test_a_timeout_applies_the_decisions_default() -> None:
    match = coin_match(toss=[False])
    match.timeout(0)
    assert match.inputs[0].type == "timeout" and match.inputs[0].action == CALL
    assert match.outcome is not None and match.outcome.winners == {1}


def test_a_view_holds_only_what_its_seat_may_know() -> None:
    match = coin_match(toss=[True])
    match.submit(0, CALL)
    assert [e.kind for e in match.view(0).events] == ["called", "tossed"]
    assert [e.kind for e in match.view(1).events] == ["tossed"]
