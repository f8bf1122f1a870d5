"""§3.3 The day: Ghosts and the Welcome card, stage 1, the defence, stage 2, the lynch."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import Action
from loupgarou.core.errors import IllegalAction
from loupgarou.core.statements import Claim, Statement
from tests.lupus.table import NINE, Who, table

# NINE, by seat: 0 ana, 1 wolf1, 2 bob, 3 seer, 4 cid, 5 dan, 6 wolf2, 7 eve, 8 fay.
HAMSTER = NINE.replace("fay:villager", "fay:werehamster")


# --- Ghosts and the Welcome card ---------------------------------------------------------------


def test_the_nights_victim_becomes_a_ghost_with_the_welcome_card() -> None:
    game = table(NINE)
    game.night(kill="cid")
    assert game.public("dawn") == [{"night": 1, "deaths": [4]}]
    assert game.public("welcome_card") == [{"seat": 4}]
    assert game.ghosts == ["cid"] and game.holder == "cid"
    view = game.view
    assert (view["ghosts"], view["welcome_card"], view["phase"], view["day"]) == ([4], 4, "day", 1)


def test_a_ghost_never_speaks() -> None:
    game = table(NINE)
    game.night(kill="cid")
    assert not game.may_speak("cid")
    assert game.may_speak("ana")
    with pytest.raises(IllegalAction) as caught:
        game.say("cid", "it was the wolf on my left!")
    assert caught.value.code == "action.cannot_speak"
    game.say("ana", "I am a simple villager.")
    assert game.public("statement") == [{"seat": 0, "text": "I am a simple villager."}]


def test_nobody_speaks_at_night() -> None:
    game = table(NINE)
    assert not any(game.may_speak(s) for s in range(9))


def test_with_two_deaths_the_welcome_card_goes_to_one_of_them_at_random() -> None:
    game = table(HAMSTER, welcome_card=[1])
    game.night(look="fay", kill="ana")
    assert game.public("dawn") == [{"night": 1, "deaths": [0, 8]}]
    assert game.public("welcome_card") == [{"seat": 8, "among": [0, 8]}]
    assert game.holder == "fay" and game.ghosts == ["ana", "fay"]
    assert [i.label for i in game.match.inputs if i.type == "chance"] == ["deal", "welcome_card"]


def test_with_no_death_nobody_holds_the_welcome_card_and_seat_0_starts() -> None:
    game = table(HAMSTER)
    game.night(kill="fay")
    assert game.public("dawn") == [{"night": 1, "deaths": []}]
    assert game.public("welcome_card") == []
    assert game.holder is None and game.view["welcome_card"] is None
    assert game.order == ["ana", "wolf1", "bob", "seer", "cid", "dan", "wolf2", "eve", "fay"]
    assert game.waiting() == [("ana", "stage1")]


def test_with_no_death_the_welcome_card_stays_where_it_is() -> None:
    game = table(HAMSTER)
    game.night(kill="cid")
    game.lynch("bob", "dan")
    game.night(kill="fay")
    assert game.public("dawn")[-1] == {"night": 2, "deaths": []}
    assert game.holder == "cid"


def test_the_lynched_becomes_a_ghost_without_the_welcome_card() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.lynch("bob", "dan")
    assert game.public("lynched") == [{"seat": 2}]
    assert game.ghosts == ["bob", "cid"] and game.holder == "cid"
    assert not game.may_speak("bob")


def test_the_welcome_card_moves_to_each_new_victim() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.lynch("bob", "dan")
    game.night(kill="eve")
    assert game.holder == "eve"
    assert game.order == ["fay", "ana", "wolf1", "bob", "seer", "cid", "dan", "wolf2", "eve"]


def test_no_card_is_shown_before_the_end() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.lynch("wolf1", "dan")
    public_kinds = {e.kind for e in game.match.events if e.audience.everyone}
    assert "cards_revealed" not in public_kinds
    assert "cards" not in game.view and "roles" not in game.view
    assert game.public("lynched") == [{"seat": 1}]  # no role in it


# --- stage 1 -----------------------------------------------------------------------------------


def test_stage_1_calls_everyone_in_turn_from_the_seat_after_the_welcome_card() -> None:
    game = table(NINE)
    game.night(kill="cid")
    assert game.public("day_begins") == [{"day": 1, "order": [5, 6, 7, 8, 0, 1, 2, 3, 4]}]
    assert game.view["order"] == [5, 6, 7, 8, 0, 1, 2, 3, 4]
    assert game.waiting() == [("dan", "stage1")]  # one decision at a time
    assert game.view["voter"] == 5
    game.do("dan", "vote", "bob")
    assert game.waiting() == [("wolf2", "stage1")]
    assert game.public("vote") == [{"stage": 1, "seat": 5, "target": 2}]  # spoken aloud
    assert game.view["stage1_votes"] == [[5, 2]]


def test_the_calling_order_wraps_past_the_last_seat() -> None:
    game = table(NINE)
    game.night(kill="fay")
    assert game.order == ["ana", "wolf1", "bob", "seer", "cid", "dan", "wolf2", "eve", "fay"]
    game = table(NINE)
    game.night(kill="eve")
    assert game.order == ["fay", "ana", "wolf1", "bob", "seer", "cid", "dan", "wolf2", "eve"]


def test_ghosts_vote_in_stage_1_for_a_living_player_other_than_themselves() -> None:
    game = table(NINE)
    game.night(kill="cid")
    for voter in ["dan", "wolf2", "eve", "fay", "ana", "wolf1", "bob", "seer"]:
        assert "cid" not in game.targets(voter) and voter not in game.targets(voter)
        game.do(voter, "vote", "eve" if voter != "eve" else "bob")
    # The Ghost votes last, and may vote for any living player.
    assert game.waiting() == [("cid", "stage1")]
    assert game.targets("cid") == ["ana", "wolf1", "bob", "seer", "dan", "wolf2", "eve", "fay"]
    game.do("cid", "vote", "bob")
    assert game.public("vote")[-1] == {"stage": 1, "seat": 4, "target": 2}
    assert game.public("stage1_counted") == [{"counts": [[2, 2], [7, 7]], "leaders": [7, 2]}]


def test_a_stage_1_voter_who_does_not_answer_names_the_next_living_player() -> None:
    game = table(NINE)
    game.night(kill="cid")
    assert game.default("dan") == Action("vote", (6,))
    game.stage1({"dan": "bob", "wolf2": "bob", "eve": "bob", "fay": "bob"}, rest="ana")
    game = table(NINE)
    game.night(kill="fay")  # seat 8 is a Ghost: seat 7's next living player wraps to seat 0
    for voter in ["ana", "wolf1", "bob", "seer", "cid", "dan", "wolf2"]:
        game.do(voter, "vote", "bob" if voter != "bob" else "ana")
    assert game.default("eve") == Action("vote", (0,))
    game.timeout("eve")
    assert game.public("vote")[-1] == {"stage": 1, "seat": 7, "target": 0}


def test_the_two_with_most_votes_are_the_suspects() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.stage1(
        {
            "dan": "bob",
            "wolf2": "bob",
            "eve": "ana",
            "fay": "eve",
            "ana": "eve",
            "wolf1": "eve",
            "bob": "ana",
            "seer": "bob",
            "cid": "bob",
        }
    )
    assert game.public("stage1_counted") == [
        {"counts": [[0, 2], [2, 4], [7, 3]], "leaders": [2, 7]}
    ]
    assert game.suspects == ["bob", "eve"] and game.view["suspects"] == [2, 7]
    assert game.step == "defence"


def test_a_tie_for_suspect_goes_to_the_first_met_clockwise_from_the_holder() -> None:
    # Holder: dan (5).  Counting starts at wolf2 (6): 6, 7, 8, then past the last seat 0, 1 ...
    game = table(NINE)
    game.night(kill="dan")
    # 2 votes each for ana (0), bob (2) and wolf2 (6), 1 for eve (7).
    game.stage1(
        {
            "wolf2": "bob",
            "eve": "ana",
            "fay": "wolf2",
            "ana": "bob",
            "wolf1": "ana",
            "bob": "wolf2",
            "seer": "eve",
            "cid": "fay",
            "dan": "seer",
        }
    )
    counted = game.public("stage1_counted")[-1]
    assert counted["counts"] == [[0, 2], [2, 2], [3, 1], [6, 2], [7, 1], [8, 1]]
    assert counted["leaders"] == [6, 0]  # wolf2 first, then ana after the wrap; bob is out
    assert game.suspects == ["wolf2", "ana"]


def test_a_tie_wraps_past_the_last_seat_before_reaching_the_seats_behind_the_holder() -> None:
    # Holder: eve (7).  Counting starts at fay (8), then wraps to 0, 1, 2 ...: among
    # ana (0), wolf1 (1) and wolf2 (6), tied for second, ana comes first; wolf2, who
    # sits just before the holder, comes last.
    game = table(NINE)
    game.night(kill="eve")
    votes: dict[Who, Who] = {
        "fay": "bob",
        "ana": "bob",
        "wolf1": "bob",
        "bob": "wolf1",
        "seer": "wolf2",
    }
    game.stage1({**votes, "cid": "wolf1", "dan": "wolf2", "wolf2": "ana", "eve": "ana"})
    counted = game.public("stage1_counted")[-1]
    assert counted["counts"] == [[0, 2], [1, 2], [2, 3], [6, 2]]
    assert counted["leaders"] == [2, 0]
    assert game.suspects == ["bob", "ana"]


def test_a_tie_before_anyone_holds_the_welcome_card_counts_from_seat_0() -> None:
    game = table(HAMSTER)
    game.night(kill="fay")  # nobody dies
    # Without a tie, bob leads and eve (3 votes) is second, ahead of ana (2).
    game.stage1(
        {"bob": "eve", "wolf1": "eve", "wolf2": "ana", "ana": "eve", "eve": "ana"}, rest="bob"
    )
    counted = game.public("stage1_counted")[-1]
    assert counted["counts"] == [[0, 2], [2, 4], [7, 3]]
    assert counted["leaders"] == [2, 7]
    game = table(HAMSTER)
    game.night(kill="fay")
    game.stage1({"bob": "eve", "wolf2": "ana", "eve": "ana"}, rest="bob")
    assert game.public("stage1_counted")[-1]["counts"] == [[0, 2], [2, 6], [7, 1]]
    game = table(HAMSTER)
    game.night(kill="fay")
    # eve (7) and ana (0) tie for second place behind bob: counting from seat 0, ana first.
    game.stage1({"bob": "eve", "wolf1": "eve", "wolf2": "ana", "eve": "ana"}, rest="bob")
    counted = game.public("stage1_counted")[-1]
    assert counted["counts"] == [[0, 2], [2, 5], [7, 2]]
    assert counted["leaders"] == [2, 0]


# --- the defence -------------------------------------------------------------------------------


def test_in_the_defence_only_the_suspects_speak_until_they_rest() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.stage1({"bob": "eve", "eve": "bob", "ana": "eve", "fay": "eve"}, rest="bob")
    assert game.suspects == ["bob", "eve"]
    assert game.public("suspects") == [{"seats": [2, 7]}]
    assert game.step == "defence"
    assert game.waiting() == [("bob", "defence"), ("eve", "defence")]
    decision = game.decision("bob")
    assert decision.options == (Action("rest"),) and decision.default == Action("rest")
    assert [game.may_speak(w) for w in ("bob", "eve", "ana", "cid")] == [True, True, False, False]
    game.say("bob", "I am innocent!")
    game.do("bob", "rest")
    assert game.public("rested") == [{"seat": 2}]
    assert not game.may_speak("bob") and game.may_speak("eve")
    with pytest.raises(IllegalAction):
        game.match.say(game.seat("bob"), Statement("one more thing"))
    game.timeout("eve")  # a timeout ends the defence too
    assert game.step == "stage2"


# --- stage 2 -----------------------------------------------------------------------------------


def test_stage_2_the_living_non_suspects_vote_at_once_for_a_suspect() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.stage1({"bob": "eve", "eve": "bob", "ana": "eve", "fay": "eve"}, rest="bob")
    game.defence()
    assert game.public("stage2_begins") == [{"suspects": [2, 7], "voters": [0, 1, 3, 5, 6, 8]}]
    assert game.waiting() == [
        ("ana", "stage2"),
        ("wolf1", "stage2"),
        ("seer", "stage2"),
        ("dan", "stage2"),
        ("wolf2", "stage2"),
        ("fay", "stage2"),
    ]
    assert game.targets("ana") == ["bob", "eve"]
    assert not any(game.may_speak(s) for s in range(9))  # the secret vote is silent


def test_stage_2_ballots_are_secret_until_all_are_in() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.stage1({"bob": "eve", "eve": "bob", "ana": "eve", "fay": "eve"}, rest="bob")
    game.defence()
    seen_by_all = len([e for e in game.match.events if e.audience.everyone])
    public_part = game.view
    for voter, target in [("ana", "eve"), ("wolf1", "bob"), ("seer", "eve"), ("dan", "eve")]:
        events = game.do(voter, "vote", target)
        assert [(e.kind, dict(e.data), e.audience.seats) for e in events] == [
            ("voted", {"seat": game.seat(target)}, frozenset({game.seat(voter)}))
        ]
    game.do("wolf2", "vote", "bob")
    assert len([e for e in game.match.events if e.audience.everyone]) == seen_by_all
    assert game.view == public_part  # nothing of the ballots in the public part
    game.do("fay", "vote", "bob")
    assert game.public("votes_revealed") == [
        {"ballots": [[0, 7], [1, 2], [3, 7], [5, 7], [6, 2], [8, 2]], "counts": [[2, 3], [7, 3]]}
    ]
    # A 3-3 tie: counting from dan (5), the seat after the holder cid, eve comes first.
    assert game.public("lynched") == [{"seat": 7}]


def test_stage_2_most_votes_is_lynched() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.stage1({"bob": "eve", "eve": "bob", "ana": "eve", "fay": "eve"}, rest="bob")
    game.defence()
    game.stage2({"ana": "eve", "wolf1": "eve"}, rest="bob")
    assert game.public("votes_revealed") == [
        {"ballots": [[0, 7], [1, 7], [3, 2], [5, 2], [6, 2], [8, 2]], "counts": [[2, 4], [7, 2]]}
    ]
    assert game.public("lynched") == [{"seat": 2}]
    assert game.phase == "night" and game.state.last_lynched == 2


def test_a_tie_in_stage_2_goes_to_the_suspect_met_first_clockwise_from_the_holder() -> None:
    # Holder: eve (7); counting starts at fay (8) and wraps: wolf1 (1) before wolf2 (6).
    game = table(NINE)
    game.night(kill="eve")
    game.stage1({"wolf2": "wolf1", "ana": "wolf1", "wolf1": "bob"}, rest="wolf2")
    assert game.suspects == ["wolf2", "wolf1"]
    game.defence()
    game.stage2({"ana": "wolf2", "bob": "wolf2", "seer": "wolf2"}, rest="wolf1")
    # cid, dan and fay voted for wolf1.
    assert game.public("votes_revealed")[0]["counts"] == [[1, 3], [6, 3]]
    assert game.public("lynched") == [{"seat": 1}]


def test_a_stage_2_voter_who_does_not_answer_names_the_suspect_met_first_clockwise() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.stage1({"bob": "eve", "eve": "bob", "ana": "eve", "fay": "eve"}, rest="bob")
    game.defence()
    assert game.default("ana") == Action("vote", (2,))
    assert game.default("seer") == Action("vote", (7,))
    assert game.default("fay") == Action("vote", (2,))


def test_ghosts_do_not_vote_in_stage_2() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.stage1({"bob": "eve", "eve": "bob", "ana": "eve", "fay": "eve"}, rest="bob")
    game.defence()
    assert "cid" not in [name for name, _ in game.waiting()]
    with pytest.raises(IllegalAction) as caught:
        game.do("cid", "vote", "bob")
    assert caught.value.code == "action.not_your_turn"


def test_the_public_part_is_an_allow_list() -> None:
    game = table(NINE)
    assert set(game.view) == {
        "phase",
        "players",
        "deck",
        "night",
        "day",
        "step",
        "alive",
        "ghosts",
        "welcome_card",
        "order",
        "stage1_votes",
        "suspects",
        "deadly_owl",
    }
    assert game.view["step"] == "seer" and game.view["alive"] == list(range(9))
    game.night(kill="cid")
    assert game.view["voter"] == 5  # stage 1: whose turn it is (public: votes are aloud)
    game.lynch("bob", "dan")
    game.night(kill="ana")
    game.lynch("wolf1", "dan")
    game.night(kill="dan")
    game.lynch("wolf2", "eve")
    assert game.over
    assert game.view["roles"][1] == "werewolf" and game.view["phase"] == "over"


# --- more of the Welcome card, the Ghosts and the ties ------------------------------------------

TEN = HAMSTER + " gus:villager"
"""Ten players (the Werehamster at seat 8, gus at 9): a night may kill nobody, and
stage 2 then has eight voters, enough for a 4-4 tie."""


def test_a_ghost_cannot_reveal_its_card_even_as_a_claim() -> None:
    game = table(NINE)
    game.night(kill="cid")
    with pytest.raises(IllegalAction) as caught:
        game.match.say(game.seat("cid"), Statement(claim=Claim(role="villager")))
    assert caught.value.code == "action.cannot_speak"
    game.stage1({"bob": "eve", "eve": "bob"}, rest="bob")
    assert game.step == "defence"
    assert not game.may_speak("cid")  # nor in the defence, nor later
    assert game.public("statement") == []


def test_the_discussion_lasts_three_minutes_unless_the_table_says_otherwise() -> None:
    assert table(NINE).state.options.discussion_minutes == 3.0
    game = table(NINE, discussion_minutes=5)
    assert game.state.options.discussion_minutes == 5.0
    game.night(kill="cid")
    # The discussion is held before and while the stage 1 votes are called: every living
    # player may speak, the Ghost may not.
    assert game.step == "stage1"
    assert [name for name in game.names if game.may_speak(name)] == [
        "ana",
        "wolf1",
        "bob",
        "seer",
        "dan",
        "wolf2",
        "eve",
        "fay",
    ]


def test_stage_1_refuses_a_vote_for_oneself_or_for_a_ghost() -> None:
    game = table(NINE)
    game.night(kill="cid")
    assert game.waiting() == [("dan", "stage1")]
    for target in ("dan", "cid"):
        before = game.snapshot()
        with pytest.raises(IllegalAction) as caught:
            game.do("dan", "vote", target)
        assert caught.value.code == "action.illegal"
        assert game.snapshot() == before


def test_a_player_lynched_yesterday_votes_as_a_ghost_in_stage_1_today() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.lynch("bob", "dan")
    game.night(kill="eve")
    assert game.ghosts == ["bob", "cid", "eve"]
    assert game.order == ["fay", "ana", "wolf1", "bob", "seer", "cid", "dan", "wolf2", "eve"]
    for voter in ["fay", "ana", "wolf1"]:
        game.do(voter, "vote", "dan")
    assert game.waiting() == [("bob", "stage1")]
    assert game.targets("bob") == ["ana", "wolf1", "seer", "dan", "wolf2", "fay"]
    game.do("bob", "vote", "wolf1")
    assert game.public("vote")[-1] == {"stage": 1, "seat": 2, "target": 1}
    game.stage1(rest="dan")  # seer, cid, dan (who names the next living player), wolf2, eve
    assert game.public("stage1_counted")[-1]["counts"] == [[1, 1], [5, 7], [6, 1]]
    # wolf1 and wolf2 tie with one vote each (bob's and dan's): wolf1 comes first from fay.
    assert game.suspects == ["dan", "wolf1"]


@pytest.mark.parametrize(("draw", "holder", "first"), [(0, "ana", "wolf1"), (1, "fay", "ana")])
def test_after_two_deaths_stage_1_starts_after_the_drawn_holder(
    draw: int, holder: str, first: str
) -> None:
    game = table(HAMSTER, welcome_card=[draw])
    game.night(look="fay", kill="ana")
    assert game.public("welcome_card") == [{"seat": game.seat(holder), "among": [0, 8]}]
    assert game.holder == holder
    assert game.order[0] == first and game.order[-1] == holder
    assert game.waiting() == [(first, "stage1")]


def test_three_deaths_in_one_night_the_welcome_card_goes_to_one_of_the_three() -> None:
    # 21 players: the Deadly Owl.  The pack kills ana, the Seer points at the Werehamster,
    # the Owl picks hal: three Ghosts at dawn, and a draw among the three.
    spec = (
        NINE
        + " gus:villager hal:villager owl "
        + " ".join(f"x{i}:villager" for i in range(7))
        + " werehamster wolf3:werewolf"
    )
    game = table(spec, welcome_card=[2])
    game.night(look="werehamster", kill="ana", pick="hal")
    assert game.public("dawn") == [{"night": 1, "deaths": [0, 10, 19]}]
    assert game.public("welcome_card") == [{"seat": 19, "among": [0, 10, 19]}]
    assert game.holder == "werehamster"
    assert game.order[0] == "wolf3"
    (request,) = [i for i in game.match.inputs if i.label == "welcome_card"]
    assert request.value == 2


def test_with_no_death_the_counting_still_starts_after_the_holder_of_the_card() -> None:
    game = table(HAMSTER)
    game.night(kill="cid")
    game.lynch("bob", "dan")
    game.night(kill="fay")  # nobody dies: cid (4) keeps the card
    assert game.holder == "cid"
    assert game.order == ["dan", "wolf2", "eve", "fay", "ana", "wolf1", "bob", "seer", "cid"]
    # The Seer leads; ana (0) and wolf2 (6) tie for second: from dan (5), wolf2 comes first.
    game.stage1(
        {
            "dan": "seer",
            "wolf2": "ana",
            "eve": "seer",
            "fay": "seer",
            "ana": "wolf2",
            "wolf1": "eve",
            "bob": "seer",
            "seer": "ana",
            "cid": "wolf2",
        }
    )
    counted = game.public("stage1_counted")[-1]
    assert counted["counts"] == [[0, 2], [3, 4], [6, 2], [7, 1]]
    assert counted["leaders"] == [3, 6]


def test_a_stage_2_tie_before_anyone_holds_the_welcome_card_counts_from_seat_0() -> None:
    game = table(TEN)
    game.night(kill="fay")  # the Werehamster survives: nobody dies, nobody holds the card
    assert game.holder is None
    game.stage1({"ana": "eve", "eve": "ana", "bob": "eve"}, rest="ana")
    assert game.suspects == ["ana", "eve"]
    game.defence()
    game.stage2({"wolf1": "eve", "bob": "eve", "seer": "eve", "cid": "eve"}, rest="ana")
    # dan, wolf2, fay and gus voted for ana: 4-4.  From seat 0, ana (0) before eve (7).
    assert game.public("votes_revealed")[0]["counts"] == [[0, 4], [7, 4]]
    assert game.public("lynched") == [{"seat": 0}]
    assert game.holder is None  # the lynched player does not take the card either


def test_stage_2_accepts_a_ballot_only_for_a_suspect_and_only_from_a_voter() -> None:
    game = table(NINE)
    game.night(kill="cid")
    game.stage1({"bob": "eve", "eve": "bob"}, rest="bob")
    game.defence()
    assert game.suspects == ["bob", "eve"]
    before = game.snapshot()
    with pytest.raises(IllegalAction) as caught:
        game.do("ana", "vote", "dan")
    assert caught.value.code == "action.illegal"
    with pytest.raises(IllegalAction) as caught:
        game.do("bob", "vote", "eve")  # a suspect does not vote in stage 2
    assert caught.value.code == "action.not_your_turn"
    assert game.snapshot() == before
