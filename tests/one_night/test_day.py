"""§1.3 The day: statements, the simultaneous vote, deaths, the Hunter, the reveal."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import PASS, Action
from loupgarou.core.errors import IllegalAction
from loupgarou.core.statements import Claim, Sighting
from loupgarou.narration import CueKind, Timing, build_script, load_locale
from loupgarou.variants.one_night.roles import Role
from tests.one_night.table import Table, table

VOTE = "werewolf werewolf seer villager villager | robber troublemaker tanner"


def day(spec: str = VOTE) -> Table:
    game = table(spec)
    game.skip_night()
    assert game.phase == "day"
    return game


def deaths(game: Table) -> list[tuple[int, str, int | None]]:
    return [
        (int(data["seat"]), str(data["cause"]), data.get("by"))
        for kind, data in game.public()
        if kind == "death"
    ]


def refused(game: Table, who: str, action: Action) -> None:
    """``who`` may not do ``action`` now: refused as illegal, and nothing changed."""
    before = game.snapshot()
    with pytest.raises(IllegalAction) as caught:
        game.do(who, action)
    assert caught.value.code == "action.illegal"
    assert game.snapshot() == before


# --- the discussion ----------------------------------------------------------------------------


def discussion_seconds(timing: Timing | None = None) -> float:
    cues = build_script([Role.WEREWOLF, Role.WEREWOLF, Role.SEER], load_locale("en"), timing=timing)
    return sum(c.seconds for c in cues if c.kind in (CueKind.DISCUSSION, CueKind.COUNTDOWN))


def test_the_discussion_lasts_five_minutes_unless_the_table_chooses_another_time() -> None:
    assert discussion_seconds() == 5 * 60
    assert discussion_seconds(Timing(discussion_seconds=10 * 60)) == 10 * 60
    assert discussion_seconds(Timing(discussion_seconds=90)) == 90


@pytest.mark.parametrize(
    "action",
    [
        Action("look", (0,)),  # the Seer's look at a player
        Action("look", (), (0, 1)),  # ... or at two centre cards
        Action("peek", (), (2,)),  # a lone wolf's peek
        Action("rob", (0,)),
        Action("swap", (0, 1)),
        Action("take", (), (0,)),
    ],
)
def test_nobody_may_look_at_or_move_a_card_during_the_day(action: Action) -> None:
    game = day()
    refused(game, "seer", action)
    assert game.learned("seer") == [("declined", {"step": "seer"})]


# --- the vote ----------------------------------------------------------------------------------


def test_everyone_votes_at_once_for_another_player() -> None:
    game = day()
    assert game.waiting() == [(name, "vote") for name in game.names]
    decision = game.match.decision_for(2)
    assert decision is not None
    assert not decision.optional
    assert decision.options == tuple(Action("vote", (t,)) for t in (0, 1, 3, 4))


@pytest.mark.parametrize(
    "action",
    [
        Action("vote", (2,)),  # herself
        PASS,  # no abstention
        Action("vote", ()),
        Action("vote", (0, 1)),
        Action("vote", (5,)),
        Action("vote", (), (0,)),
    ],
)
def test_a_vote_must_name_exactly_one_other_player(action: Action) -> None:
    refused(day(), "seer", action)


def test_a_vote_is_secret_until_everyone_has_voted_and_cannot_be_changed() -> None:
    game = day()
    known = [game.learned(seat) for seat in range(5)]
    public = game.public()
    game.vote("seer", "werewolf1")
    assert game.learned("seer") == [*known[2], ("voted", {"seat": 0})]
    assert [game.learned(seat) for seat in (0, 1, 3, 4)] == [known[s] for s in (0, 1, 3, 4)]
    assert game.public() == public
    assert ("seer", "vote") not in game.waiting()
    with pytest.raises(IllegalAction) as caught:
        game.vote("seer", "werewolf2")
    assert caught.value.code == "action.not_your_turn"
    for seat, target in ((0, 2), (1, 2), (3, 0), (4, 0)):
        game.vote(seat, target)
    assert ("votes_revealed", {"votes": [2, 2, 0, 0, 0]}) in game.public()


def test_the_player_with_the_most_votes_dies() -> None:
    game = day()
    game.votes("seer", "seer", "werewolf1", "werewolf1", "werewolf1")
    assert game.dead == ["werewolf1"]
    assert deaths(game) == [(0, "vote", None)]


def test_on_a_tie_every_player_with_the_most_votes_dies() -> None:
    game = day()
    game.votes("seer", "seer", "werewolf2", "werewolf1", "werewolf1")
    assert game.dead == ["werewolf1", "seer"]
    assert game.teams == {"village"}
    assert game.winners == {"seer", "villager1", "villager2"}  # the dead Seer wins too


def test_nobody_dies_when_nobody_gets_more_than_one_vote() -> None:
    game = day()
    game.votes(1, 2, 3, 4, 0)
    assert game.dead == []
    assert deaths(game) == []
    assert game.winners == {"werewolf1", "werewolf2"}


def test_nobody_dies_when_the_votes_pair_off_one_each() -> None:
    game = day("werewolf werewolf seer villager | robber troublemaker tanner")
    game.votes(1, 0, 3, 2)
    assert game.dead == []


def test_two_votes_are_enough_to_die() -> None:
    game = day()
    game.votes("villager2", "seer", "villager1", "villager2", "werewolf1")
    assert game.dead == ["villager2"]
    assert game.winners == {"werewolf1", "werewolf2"}


# --- the Hunter --------------------------------------------------------------------------------

HUNT = "hunter werewolf werewolf villager seer | robber troublemaker tanner"


def test_a_dying_hunter_takes_the_player_he_voted_for() -> None:
    game = day(HUNT)
    game.votes("werewolf1", "hunter", "hunter", "hunter", "werewolf2")
    assert game.dead == ["hunter", "werewolf1"]
    assert deaths(game) == [(0, "vote", None), (1, "hunter", 0)]
    assert game.winners == {"hunter", "villager", "seer"}


def test_a_hunter_who_lives_takes_nobody() -> None:
    game = day(HUNT)
    game.votes("werewolf1", "villager", "villager", "werewolf2", "villager")
    assert game.dead == ["villager"]
    assert game.winners == {"werewolf1", "werewolf2"}


def test_a_hunter_whose_target_already_died_takes_nobody_else() -> None:
    game = day(HUNT)
    game.votes("werewolf1", "hunter", "hunter", "werewolf1", "villager")
    assert game.dead == ["hunter", "werewolf1"]
    assert deaths(game) == [(0, "vote", None), (1, "vote", None)]


def test_hunters_chain_doppelganger_hunter_then_hunter() -> None:
    game = table("doppelganger hunter werewolf werewolf villager | seer robber troublemaker")
    game.act("doppelganger", copy="hunter")
    game.votes("hunter", "werewolf1", "doppelganger", "doppelganger", "doppelganger")
    assert game.dead == ["doppelganger", "hunter", "werewolf1"]
    assert deaths(game) == [(0, "vote", None), (1, "hunter", 0), (2, "hunter", 1)]
    assert game.winners == {"doppelganger", "hunter", "villager"}


def test_the_hunter_is_whoever_holds_the_hunter_card_at_dawn() -> None:
    spec = "troublemaker hunter villager werewolf werewolf | seer robber tanner"
    game = table(spec)
    game.act("troublemaker", swap=("hunter", "villager"))
    game.votes("werewolf1", "villager", "werewolf1", "villager", "villager")
    assert game.dead == ["villager", "werewolf1"]
    assert deaths(game) == [(2, "vote", None), (3, "hunter", 2)]

    game = table(spec)
    game.act("troublemaker", swap=("hunter", "villager"))
    game.votes("hunter", "werewolf1", "hunter", "hunter", "troublemaker")
    assert game.dead == ["hunter"]  # dealt the Hunter, but no longer holds it
    assert game.winners == {"werewolf1", "werewolf2"}


# --- statements --------------------------------------------------------------------------------

CLAIM = Claim(role="seer", did=Action("look", (2,)), saw=(Sighting("villager", seat=2),))


def test_a_statement_is_a_public_event() -> None:
    game = day()
    events = game.say("werewolf1", "I am the Seer", CLAIM)
    assert len(events) == 1
    assert events[0].audience.everyone
    assert game.public()[-1] == (
        "statement",
        {
            "seat": 0,
            "text": "I am the Seer",
            "claim": {
                "role": "seer",
                "did": {"kind": "look", "players": [2]},
                "saw": [{"role": "villager", "seat": 2}],
            },
        },
    )
    assert game.waiting() == [(name, "vote") for name in game.names]


def test_statements_never_change_the_result() -> None:
    quiet, talkative = day(), day()
    talkative.say("werewolf1", "I am the Seer", CLAIM)
    talkative.say("seer", claim=Claim(role="werewolf"))
    talkative.say("villager2", "Vote for me, I am the Tanner")
    for game in (quiet, talkative):
        game.votes("seer", "seer", "villager1", "seer", "seer")
    assert talkative.outcome == quiet.outcome
    assert talkative.state == quiet.state
    assert [e for e in talkative.match.events if e.kind != "statement"] == quiet.match.events


def test_nobody_speaks_at_night_or_after_the_end() -> None:
    game = table(VOTE)
    with pytest.raises(IllegalAction) as caught:
        game.say("seer", "psst")
    assert caught.value.code == "action.cannot_speak"
    # The refusal says when speaking becomes possible.
    assert caught.value.data["why"] == "night"
    assert caught.value.message.endswith("may not speak before the day; statements wait for it")
    game.votes(1, 2, 3, 4, 0)
    with pytest.raises(IllegalAction) as caught:
        game.say("seer", "told you")
    assert caught.value.code == "action.cannot_speak"
    assert caught.value.data["why"] == "over"


# --- the end -----------------------------------------------------------------------------------


def test_at_the_end_every_card_is_revealed_then_the_verdict() -> None:
    game = table("troublemaker werewolf werewolf villager | seer robber tanner")
    game.act("troublemaker", swap=("werewolf1", "villager"))
    game.votes("villager", "troublemaker", "villager", "troublemaker")
    tail = game.public()[-5:]
    assert tail[0] == ("votes_revealed", {"votes": [3, 0, 3, 0]})
    assert tail[1:3] == [
        ("death", {"seat": 0, "cause": "vote"}),
        ("death", {"seat": 3, "cause": "vote"}),
    ]
    assert tail[3] == (
        "cards_revealed",
        {
            "players": ["troublemaker", "villager", "werewolf", "werewolf"],
            "centre": ["seer", "robber", "tanner"],
            "effective": ["troublemaker", "villager", "werewolf", "werewolf"],
            "doppelganger": [],
        },
    )
    assert tail[4] == ("game_over", game.outcome.to_json())
    assert game.winners == {"troublemaker", "werewolf1"}
    assert game.phase == "over"
    assert game.match.pending() == ()
