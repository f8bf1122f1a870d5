"""A step the rules refuse stops the game there, with the engine's code and message."""

from __future__ import annotations

from loupgarou.scripting import parse_script, play, render
from tests.scripting.builders import NIGHT, first_night, verdict_of, votes


def test_acting_out_of_turn_is_refused_and_nothing_after_it_is_played() -> None:
    steps = [
        {"seat": "Dan", "do": "swap", "players": ["Alice", "Bob"]},  # the Seer goes first
        {"seat": "Bob", "do": "look", "players": ["Alice"]},
    ]
    v = verdict_of(first_night(steps=steps, strict=True))
    assert v.status == "rejected"
    assert v.exit_code == 1
    assert v.rejected is not None
    assert v.rejected.number == 1
    assert v.rejected.code == "action.not_your_turn"
    # The message says who the table waits for, and what they may do, by name.
    assert v.rejected.message == (
        "Dan has nothing to decide now; the table waits for Bob (seer: look or pass)"
    )
    assert "Bob (seer" in render(v) and "[Bob]" not in render(v)  # people read names
    assert "[Bob] [Bob]" not in render(v)
    assert v.played == ()
    assert [p.seat for p in v.standing.pending] == [1]


def test_an_illegal_choice_is_refused_with_the_legal_ones_listed() -> None:
    steps = [NIGHT[0], {"seat": "Carol", "do": "rob", "players": ["Carol"]}, NIGHT[2]]
    v = verdict_of(first_night(steps=steps))
    assert v.rejected is not None
    assert (v.rejected.number, v.rejected.code) == (2, "action.illegal")
    assert "legal:" in v.rejected.message
    assert [p.number for p in v.played] == [1]


def test_the_refused_step_changes_nothing() -> None:
    good = parse_script(first_night(steps=NIGHT[:1]))
    bad = parse_script(
        first_night(steps=[*NIGHT[:1], {"seat": "Carol", "do": "take", "centre": [0]}])
    )
    kept, stopped = play(good).match, play(bad).match
    assert stopped.inputs == kept.inputs
    assert [e.to_json() for e in stopped.events] == [e.to_json() for e in kept.events]


def test_a_votes_step_with_one_bad_vote_casts_none_of_its_votes() -> None:
    steps = [*NIGHT, votes(Alice="Bob", Bob="Bob", Carol="Alice")]  # Bob votes for himself
    v = verdict_of(first_night(steps=steps))
    assert v.rejected is not None
    assert (v.rejected.number, v.rejected.code) == (4, "action.illegal")
    assert [p.seat for p in v.standing.pending] == [0, 1, 2, 3, 4]  # Alice's vote not cast


def test_speaking_at_night_is_refused() -> None:
    v = verdict_of(first_night(steps=[{"seat": "Alice", "say": "Good evening"}], strict=True))
    assert v.rejected is not None
    assert v.rejected.code == "action.cannot_speak"


def test_a_step_after_the_end_is_refused() -> None:
    end = votes(Alice="Bob", Bob="Alice", Carol="Alice", Dan="Alice", Eve="Alice")
    v = verdict_of(first_night(steps=[*NIGHT, end, {"seat": "Alice", "vote": "Bob"}]))
    assert v.rejected is not None
    assert (v.rejected.number, v.rejected.code) == (5, "action.game_over")
    assert v.standing.over
    assert v.ending is not None  # the finished game is still reported


# --- silence at a real table: optional powers the script moves past are declined ----------------


def test_a_seer_the_script_does_not_mention_is_taken_to_have_declined() -> None:
    # The table typed only what happened: Carol robbed Eve.  Bob, the Seer, said nothing.
    v = verdict_of(first_night(steps=[NIGHT[1]]))
    assert v.rejected is None
    (step,) = v.played
    assert step.declined == (1,)
    assert step.text.startswith("(Bob: silence, declined) Carol: ")
    assert [i["action"]["kind"] for i in step.inputs] == ["pass", "rob"]
    assert v.to_json()["steps"]["played"][0]["declined"] == [{"seat": 1, "name": "Bob"}]
    declined = [line for line in v.knowledge[1].learned if line.kind == "declined"]
    assert [line.step for line in declined] == [1]


def test_the_day_begins_when_the_script_speaks_past_the_whole_night() -> None:
    v = verdict_of(first_night(steps=[{"seat": "Alice", "say": "Good morning"}]))
    assert v.rejected is None
    assert v.played[0].declined == (1, 2, 3)  # the Seer, the Robber, the Troublemaker


def test_silence_never_declines_a_mandatory_decision() -> None:
    doc = first_night(
        scenario=None,
        deck=[
            "drunk",
            "werewolf",
            "werewolf",
            "seer",
            "villager",
            "villager",
            "villager",
            "robber",
        ],
        deal={
            "players": ["drunk", "werewolf", "seer", "villager", "villager"],
            "centre": ["werewolf", "villager", "robber"],
        },
        steps=[{"seat": "Alice", "say": "Good morning"}],
    )
    del doc["scenario"]
    v = verdict_of(doc)
    assert v.rejected is not None and v.rejected.code == "action.cannot_speak"
    assert v.rejected.number == 1
    assert [p.kind for p in v.standing.pending] == ["drunk"]


def test_a_strict_script_needs_every_answer() -> None:
    v = verdict_of(first_night(steps=[NIGHT[1]], strict=True))
    assert v.rejected is not None and v.rejected.code == "action.not_your_turn"
    assert "the table waits for Bob (seer: look or pass)" in v.rejected.message
