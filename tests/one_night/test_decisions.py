"""Decisions: defaults on a timeout, and illegal actions refused without changing anything."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loupgarou.core.actions import PASS, Action
from loupgarou.core.errors import IllegalAction
from loupgarou.engine import new_match
from loupgarou.engine.record import replay as replay_record
from loupgarou.engine.record import to_record
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.scenarios import SCENARIOS
from loupgarou.variants.one_night.state import State
from tests.one_night.table import Table, table

# --- timeouts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "who", "step"),
    [
        ("werewolf seer villager | werewolf robber troublemaker", "werewolf", "werewolves"),
        ("seer werewolf werewolf villager | robber troublemaker tanner", "seer", "seer"),
        ("robber werewolf werewolf villager | seer troublemaker tanner", "robber", "robber"),
        (
            "troublemaker werewolf werewolf villager | seer robber tanner",
            "troublemaker",
            "troublemaker",
        ),
    ],
)
def test_an_optional_action_is_declined_on_a_timeout(spec: str, who: str, step: str) -> None:
    game = table(spec)
    cards = game.state.cards
    known = game.learned(who)
    game.timeout(who)
    assert game.learned(who) == [*known, ("declined", {"step": step})]
    assert game.state.cards == cards
    last = game.match.inputs[-1]
    assert (last.type, last.seat, last.action) == ("timeout", game.seat(who), PASS)


def test_a_drunk_who_times_out_takes_the_first_centre_card() -> None:
    game = table("drunk werewolf werewolf villager | seer robber tanner")
    game.timeout("drunk")
    assert game.learned("drunk") == [("took_centre", {"centre": 0})]
    assert game.centre() == ["drunk", "robber", "tanner"]


@pytest.mark.parametrize(
    ("spec", "copied"),
    [
        ("villager doppelganger werewolf werewolf | seer robber tanner", 2),
        ("villager werewolf werewolf doppelganger | seer robber tanner", 0),
    ],
)
def test_a_doppelganger_who_times_out_copies_the_next_player_clockwise(
    spec: str, copied: int
) -> None:
    game = table(spec)
    game.timeout("doppelganger")
    role = game.card(copied)
    assert game.learned("doppelganger")[0] == ("copied", {"seat": copied, "role": role})
    assert game.role("doppelganger") == role


def test_a_doppelganger_drunk_who_times_out_takes_the_first_centre_card() -> None:
    game = table("doppelganger drunk werewolf werewolf | seer robber tanner")
    game.timeout("doppelganger")
    assert game.waiting() == [("doppelganger", "doppelganger_drunk")]
    game.timeout("doppelganger")
    assert game.centre() == ["doppelganger", "robber", "tanner"]


def test_a_player_who_times_out_votes_for_the_next_player_clockwise() -> None:
    game = table("werewolf werewolf seer villager | robber troublemaker tanner")
    game.skip_night()
    game.vote(0, 2)
    game.vote(1, 2)
    game.vote(2, 1)
    game.timeout(3)
    assert ("votes_revealed", {"votes": [2, 2, 1, 0]}) in game.public()
    assert game.dead == ["seer"]


def test_when_everybody_times_out_nobody_dies() -> None:
    game = table("werewolf werewolf seer villager | robber troublemaker tanner")
    game.skip_night()
    for seat in range(4):
        game.timeout(seat)
    assert ("votes_revealed", {"votes": [1, 2, 3, 0]}) in game.public()
    assert game.dead == []
    assert game.winners == {"werewolf1", "werewolf2"}


# --- illegal actions ---------------------------------------------------------------------------


def refused(game: Table, attempt: object) -> str:
    before = game.snapshot()
    with pytest.raises(IllegalAction) as caught:
        assert callable(attempt)
        attempt()
    assert game.snapshot() == before
    return caught.value.code


def test_only_the_seat_being_called_may_act_at_night() -> None:
    game = table("seer robber werewolf werewolf | villager troublemaker tanner")
    assert refused(game, lambda: game.act("robber", rob="seer")) == "action.not_your_turn"
    assert refused(game, lambda: game.timeout("robber")) == "action.not_your_turn"
    assert refused(game, lambda: game.vote("werewolf1", "seer")) == "action.not_your_turn"


@pytest.mark.parametrize("seat", [-1, 4, 99])
def test_there_is_no_such_seat(seat: int) -> None:
    game = table("seer robber werewolf werewolf | villager troublemaker tanner")
    assert refused(game, lambda: game.do(seat, PASS)) == "action.no_such_seat"
    assert refused(game, lambda: game.timeout(seat)) == "action.no_such_seat"
    assert refused(game, lambda: game.say(seat, "hello")) == "action.no_such_seat"


def test_an_unknown_action_is_illegal() -> None:
    game = table("seer robber werewolf werewolf | villager troublemaker tanner")
    assert refused(game, lambda: game.do("seer", Action("dance"))) == "action.illegal"
    assert refused(game, lambda: game.do("seer", Action("rob", (1,)))) == "action.illegal"


def test_nothing_is_accepted_after_the_end() -> None:
    game = table("seer robber werewolf werewolf | villager troublemaker tanner")
    game.votes(1, 2, 3, 0)
    assert game.match.over
    assert refused(game, lambda: game.vote("seer", "robber")) == "action.game_over"
    assert refused(game, lambda: game.timeout("seer")) == "action.game_over"


# --- every decision of any game ----------------------------------------------------------------

DECKS = [
    (s.key, players, [r.value for r in s.deck_for(players)])
    for s in SCENARIOS
    if s.draw == "fixed"
    for players in s.player_counts
]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(DECKS), st.integers(0, 2**32 - 1), st.randoms(use_true_random=False))
def test_any_game_offers_legal_defaults_refuses_illegal_actions_and_replays(
    scenario: tuple[str, int, list[str]], seed: int, rnd: random.Random
) -> None:
    _, players, deck = scenario
    match = new_match(VARIANT, [f"p{i}" for i in range(players)], deck, seed=seed)
    while not match.over:
        pending = match.pending()
        state: State = match.state
        assert len(pending) == (
            1 if state.phase == "night" else players - sum(v >= 0 for v in state.votes)
        )
        for d in pending:
            assert d.default in d.options
            assert d.optional == (PASS in d.options)
            assert d.optional == (d.default == PASS)
        decision = rnd.choice(pending)
        before = (match.state, len(match.events), len(match.inputs))
        with pytest.raises(IllegalAction):
            match.submit(decision.seat, Action("vote", (decision.seat,)))  # never legal
        assert (match.state, len(match.events), len(match.inputs)) == before
        if rnd.random() < 0.2:
            match.timeout(decision.seat)
        else:
            match.submit(decision.seat, rnd.choice(decision.options))
        assert sorted(match.state.cards) == list(range(players + 3))  # no card lost or made
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winners <= set(range(players))
    assert outcome.teams <= {"village", "werewolf", "tanner"}
    assert replay_record(to_record(match)).events == match.events


def message_of(game: Table, attempt: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        assert callable(attempt)
        attempt()
    return caught.value.message


def test_a_seat_acting_out_of_turn_is_told_who_the_table_waits_for_and_what_they_may_do() -> None:
    game = table("seer robber werewolf werewolf | villager troublemaker tanner")
    message = message_of(game, lambda: game.act("robber", rob="seer"))
    assert message == (
        "robber has nothing to decide now; the table waits for seer (seer: look or pass)"
    )


def test_a_pass_on_a_mandatory_decision_is_refused_as_mandatory() -> None:
    game = table("drunk werewolf werewolf villager | seer robber tanner")
    message = message_of(game, lambda: game.decline("drunk"))
    assert message.startswith("drunk may not pass: the decision 'drunk' is mandatory;")
    assert "choose one of: take centre c1; take centre c2; take centre c3" in message


def test_in_the_day_the_refusal_names_every_voter_still_expected() -> None:
    game = table("seer robber werewolf werewolf | villager troublemaker tanner")
    game.skip_night()
    game.vote("seer", "robber")
    message = message_of(game, lambda: game.vote("seer", "werewolf1"))
    assert message.startswith("seer has nothing to decide now; the table waits for ")
    assert "robber (vote: vote, mandatory)" in message
    assert "werewolf2 (vote: vote, mandatory)" in message
