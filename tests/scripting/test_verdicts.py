"""Scripts with an explicit deal, played to the end: who died, who won, and why."""

from __future__ import annotations

from loupgarou.scripting import parse_script, play
from tests.scripting.builders import NIGHT, first_night, verdict_of, votes, winners


def test_the_seer_and_robber_night_ends_with_the_werewolves_winning() -> None:
    # After the night: Alice holds the Seer, Bob a Werewolf, Carol a Werewolf.
    # The table lynches Alice, who is no longer a Werewolf: the Werewolves win.
    v = verdict_of(
        first_night(
            steps=[*NIGHT, votes(Alice="Bob", Bob="Alice", Carol="Alice", Dan="Alice", Eve="Alice")]
        )
    )
    assert v.status == "finished"
    assert v.exit_code == 0
    assert v.ending is not None
    assert [(c.card, c.effective) for c in v.ending.cards] == [
        ("seer", "seer"),
        ("werewolf", "werewolf"),
        ("werewolf", "werewolf"),
        ("troublemaker", "troublemaker"),
        ("robber", "robber"),
    ]
    assert [(d.seat, d.cause) for d in v.ending.deaths] == [(0, "vote")]
    assert winners(v) == ["Bob", "Carol"]
    assert v.ending.teams == ("werewolf",)
    assert [r.code for r in v.ending.reasons] == ["werewolf.none_died"]


def test_lynching_a_werewolf_holder_gives_the_village_the_win() -> None:
    v = verdict_of(
        first_night(
            steps=[*NIGHT, votes(Alice="Carol", Bob="Carol", Carol="Bob", Dan="Carol", Eve="Carol")]
        )
    )
    assert v.ending is not None
    assert [d.seat for d in v.ending.deaths] == [2]
    assert winners(v) == ["Alice", "Dan", "Eve"]
    assert v.ending.teams == ("village",)


def test_nobody_dies_when_every_player_gets_one_vote() -> None:
    v = verdict_of(
        first_night(
            steps=[*NIGHT, votes(Alice="Bob", Bob="Carol", Carol="Dan", Dan="Eve", Eve="Alice")]
        )
    )
    assert v.ending is not None
    assert v.ending.deaths == ()
    assert winners(v) == ["Bob", "Carol"]


def test_a_hunter_takes_the_player_he_voted_for() -> None:
    doc = first_night(
        scenario=None,
        deck=[
            "werewolf",
            "werewolf",
            "seer",
            "hunter",
            "villager",
            "villager",
            "villager",
            "robber",
        ],
        deal={
            "players": ["werewolf", "hunter", "seer", "villager", "villager"],
            "centre": ["werewolf", "villager", "robber"],
        },
        steps=[
            {"seat": "Alice", "do": "pass"},
            {"seat": "Carol", "do": "pass"},
            votes(Alice="Bob", Bob="Alice", Carol="Bob", Dan="Bob", Eve="Carol"),
        ],
    )
    del doc["scenario"]
    v = verdict_of(doc)
    assert v.ending is not None
    assert [(d.seat, d.cause, d.by) for d in v.ending.deaths] == [
        (1, "vote", None),
        (0, "hunter", 1),
    ]
    assert winners(v) == ["Bob", "Carol", "Dan", "Eve"]


def test_the_doppelganger_copying_the_robber_robs_at_once_and_her_card_keeps_the_role() -> None:
    doc = first_night(
        players=["Ann", "Bob", "Cid", "Dee"],
        deck=["doppelganger", "robber", "werewolf", "werewolf", "seer", "villager", "villager"],
        deal={
            "players": ["doppelganger", "robber", "werewolf", "seer"],
            "centre": ["werewolf", "villager", "villager"],
        },
        steps=[
            {"seat": "Ann", "do": "copy", "players": ["Bob"]},
            {"seat": "Ann", "do": "rob", "players": ["Cid"]},
            {"seat": "Cid", "do": "pass"},
            {"seat": "Dee", "do": "pass"},
            {"seat": "Bob", "do": "pass"},
            votes(Ann="Bob", Bob="Ann", Cid="Ann", Dee="Ann"),
        ],
    )
    del doc["scenario"]
    v = verdict_of(doc)
    assert v.ending is not None
    assert [c.effective for c in v.ending.cards] == ["werewolf", "robber", "robber", "seer"]
    (copy,) = v.ending.copies
    assert (copy.seat, copy.copied, copy.holder) == (0, "robber", 2)
    assert winners(v) == ["Bob", "Cid", "Dee"]


def test_the_tanner_alone_wins_when_he_is_lynched_and_no_werewolf_dies() -> None:
    doc = first_night(
        players=["Ann", "Bob", "Cid", "Dee"],
        scenario="incertitudes",
        deal={
            "players": {"Ann": "tanner", "Bob": "seer", "Cid": "drunk", "Dee": "werewolf"},
            "centre": ["werewolf", "robber", "insomniac"],
        },
        steps=[
            {"seat": "Dee", "do": "pass"},
            {"seat": "Bob", "do": "pass"},
            {"seat": "Cid", "do": "take", "centre": [0]},
            votes(Ann="Bob", Bob="Ann", Cid="Ann", Dee="Ann"),
        ],
    )
    v = verdict_of(doc)
    assert v.ending is not None
    assert winners(v) == ["Ann"]
    assert v.ending.teams == ("tanner",)
    assert {r.code for r in v.ending.reasons} == {"werewolf.tanner_died", "tanner.died"}


def test_a_timeout_applies_the_decisions_default() -> None:
    v = verdict_of(first_night(steps=[{"seat": "Bob", "timeout": True}]))
    assert v.played[0].inputs == ({"type": "timeout", "seat": 1, "action": {"kind": "pass"}},)
    assert "did not answer in time" in v.played[0].text
    assert v.standing.pending[0].seat == 2  # the Robber is next


def test_seats_may_be_given_by_index() -> None:
    by_name = verdict_of(first_night(steps=NIGHT))
    by_index = verdict_of(
        first_night(
            steps=[
                {"seat": 1, "do": "look", "players": [0]},
                {"seat": 2, "do": "rob", "players": [4]},
                {"seat": 3, "do": "swap", "players": [0, 1]},
            ]
        )
    )
    assert by_name.to_json()["timeline"] == by_index.to_json()["timeline"]


def test_the_order_of_an_unordered_pair_does_not_matter() -> None:
    v = verdict_of(
        first_night(
            steps=[
                {"seat": "Bob", "do": "look", "centre": [2, 0]},
                {"seat": "Carol", "do": "pass"},
                {"seat": "Dan", "do": "swap", "players": ["Eve", "Alice"]},
            ]
        )
    )
    assert v.status == "incomplete"
    assert v.played[2].inputs[0]["action"] == {"kind": "swap", "players": [0, 4]}


def test_a_partial_script_reports_where_the_game_stopped() -> None:
    v = verdict_of(first_night(steps=NIGHT[:1]))
    assert v.status == "incomplete"
    assert v.exit_code == 0
    assert v.ending is None
    s = v.standing
    assert not s.over
    assert s.phase == "night"
    assert s.alive == (0, 1, 2, 3, 4)
    (pending,) = s.pending
    assert (pending.seat, pending.kind, pending.optional) == (2, "robber", True)
    assert len(pending.options) == 5  # rob one of four others, or pass
    assert s.table is not None
    assert s.table.cards == ("werewolf", "seer", "robber", "troublemaker", "werewolf")


def test_during_the_day_every_vote_still_missing_is_pending() -> None:
    v = verdict_of(first_night(steps=[*NIGHT, {"seat": "Alice", "vote": "Bob"}]))
    assert v.standing.phase == "day"
    assert [p.seat for p in v.standing.pending] == [1, 2, 3, 4]
    assert all(p.kind == "vote" for p in v.standing.pending)


def test_the_record_of_a_played_script_replays() -> None:
    from loupgarou.engine.record import replay, to_record

    script = parse_script(
        first_night(
            steps=[*NIGHT, votes(Alice="Bob", Bob="Alice", Carol="Alice", Dan="Alice", Eve="Alice")]
        )
    )
    match = play(script).match
    again = replay(to_record(match))
    assert again.outcome == match.outcome
