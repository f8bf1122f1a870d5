"""§2.4 The day: dawn, grief, the Hunter, the Captain, the lynch vote and its ties,
and every chain between them."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import PASS, Action
from loupgarou.core.errors import IllegalAction, ScriptError
from loupgarou.core.statements import Statement
from loupgarou.variants.thiercelieux import VARIANT
from tests.thiercelieux.table import table

BASIC = "wolf1:wolf wolf2:wolf seer witch hunter ana:villager bob:villager cid:villager"
LOVE = "wolf1:wolf wolf2:wolf seer witch hunter cupid ana:villager bob:villager cid:villager dan:villager"


# --- dawn ----------------------------------------------------------------------------------------


def test_the_nights_dead_are_announced_together_without_cause() -> None:
    game = table(BASIC)
    game.night(victim="ana", poison="bob")
    assert game.public("dawn") == [{"day": 1, "deaths": [5, 6]}]
    assert game.public("card_revealed") == [
        {"seat": 5, "role": "villager"},
        {"seat": 6, "role": "villager"},
    ]
    assert VARIANT.public(game.state)["revealed"] == [
        {"seat": 5, "role": "villager"},
        {"seat": 6, "role": "villager"},
    ]
    assert game.deaths == [("ana", "devoured"), ("bob", "poisoned")]


def test_a_player_both_devoured_and_poisoned_dies_once() -> None:
    game = table(BASIC)
    game.night(victim="ana", poison="ana")
    assert game.public("dawn") == [{"day": 1, "deaths": [5]}]
    assert game.deaths == [("ana", "devoured+poisoned")]


def test_without_reveal_on_death_the_cards_stay_hidden_until_the_end() -> None:
    game = table(BASIC, reveal_on_death=False, captain=False)
    game.night(victim="ana")
    assert game.public("card_revealed") == []
    assert VARIANT.public(game.state)["revealed"] == []
    game.all_vote("wolf1", wolf1="bob")
    game.night(victim=None)
    game.all_vote("wolf2", wolf2="bob")
    assert game.over and game.teams == {"village"}
    assert game.public("card_revealed") == []
    (cards,) = game.public("cards_revealed")
    assert cards["players"][:2] == ["werewolf", "werewolf"]
    assert len(VARIANT.public(game.state)["revealed"]) == 8


def test_the_day_opens_after_dawn() -> None:
    game = table(BASIC)
    game.night()
    assert game.phase == "day"
    public = VARIANT.public(game.state)
    assert (public["night"], public["day"], public["step"]) == (1, 1, "election")
    assert game.public("day_begins") == [{"day": 1}]


# --- grief ---------------------------------------------------------------------------------------


def test_a_lover_dies_of_grief_at_once_at_dawn() -> None:
    game = table(LOVE)
    game.night(pair=("ana", "bob"), victim="ana")
    assert game.public("dawn") == [{"day": 1, "deaths": [6]}]
    assert game.deaths == [("ana", "devoured"), ("bob", "grief")]
    kinds = [e.kind for e in game.match.events if e.audience.everyone][-6:]
    assert kinds[:4] == ["dawn", "card_revealed", "grief", "card_revealed"]
    assert game.public("grief") == [{"seat": 7, "lover": 6}]


def test_a_lover_dies_of_grief_when_the_other_is_lynched() -> None:
    game = table(LOVE, captain=False)
    game.night(pair=("ana", "bob"))
    game.all_vote("ana", ana="cid")
    assert game.deaths == [("ana", "lynched"), ("bob", "grief")]


def test_lovers_dying_the_same_night_both_die_of_their_own_cause() -> None:
    game = table(LOVE)
    game.night(pair=("ana", "bob"), victim="ana", poison="bob")
    assert game.deaths == [("ana", "devoured"), ("bob", "poisoned")]
    assert game.public("grief") == []


# --- the Hunter ----------------------------------------------------------------------------------


def test_a_devoured_hunter_may_shoot_any_living_player() -> None:
    game = table(BASIC)
    game.night(victim="hunter")
    assert game.waiting() == [("hunter", "hunter")]
    decision = game.decision("hunter")
    assert decision.optional and decision.default == PASS
    assert game.targets("hunter") == set(game.names) - {"hunter"}
    game.shoot("hunter", "wolf1")
    assert game.public("shot") == [{"hunter": 4, "seat": 0}]
    assert game.deaths == [("hunter", "devoured"), ("wolf1", "shot")]


def test_a_lynched_hunter_may_shoot() -> None:
    game = table(BASIC, captain=False)
    game.night()
    game.all_vote("hunter", hunter="ana")
    assert game.waiting() == [("hunter", "hunter")]
    game.decline("hunter")
    assert game.learned("hunter")[-1] == ("declined", {"step": "hunter"})
    assert game.phase == "night"


def test_a_poisoned_hunter_does_not_shoot_by_default() -> None:
    game = table(BASIC)
    game.night(poison="hunter")
    assert game.deaths == [("hunter", "poisoned")]
    assert ("hunter", "hunter") not in game.waiting()


def test_hunter_on_any_death_lets_a_poisoned_hunter_shoot() -> None:
    game = table(BASIC, hunter_on_any_death=True)
    game.night(poison="hunter")
    assert game.waiting() == [("hunter", "hunter")]


def test_a_hunter_dead_of_grief_shoots_only_with_the_option() -> None:
    spec = "wolf1:wolf wolf2:wolf seer witch hunter cupid ana:villager bob:villager cid:villager"
    game = table(spec)
    game.night(pair=("hunter", "ana"), victim="ana")
    assert game.deaths == [("ana", "devoured"), ("hunter", "grief")]
    assert ("hunter", "hunter") not in game.waiting()
    game = table(spec, hunter_on_any_death=True)
    game.night(pair=("hunter", "ana"), victim="ana")
    assert game.waiting() == [("hunter", "hunter")]


def test_grief_comes_before_the_hunters_shot() -> None:
    game = table(LOVE)
    game.night(pair=("hunter", "ana"), victim="hunter")
    assert game.deaths == [("hunter", "devoured"), ("ana", "grief")]
    assert "ana" not in game.targets("hunter")


# --- the Captain ---------------------------------------------------------------------------------


def test_the_captain_is_elected_on_day_one_before_the_lynch() -> None:
    game = table(BASIC)
    game.night(victim="ana")
    assert {kind for _, kind in game.waiting()} == {"captain_election"}
    assert len(game.waiting()) == 7  # the living only
    assert "seer" in game.targets("seer")  # one may vote for oneself
    game.all_vote("seer", seer="witch")
    assert game.captain == "seer"
    assert game.public("captain_elected") == [{"seat": 2, "how": "vote"}]
    assert {kind for _, kind in game.waiting()} == {"lynch"}


def test_the_most_votes_elect_the_captain_even_without_a_majority() -> None:
    game = table(BASIC)
    game.night()
    game.votes({"wolf1": "seer", "wolf2": "seer", "seer": "seer", "witch": "witch"})
    game.votes({"hunter": "witch", "ana": "hunter", "bob": "hunter", "cid": "ana"})
    assert game.captain == "seer"  # 3 votes of 8


def test_an_election_tie_is_revoted_among_the_tied() -> None:
    game = table(BASIC)
    game.night()
    game.votes({"wolf1": "seer", "wolf2": "seer", "seer": "seer", "witch": "witch"})
    game.votes({"hunter": "witch", "ana": "witch", "bob": "hunter", "cid": "hunter"})
    assert game.captain is None
    assert game.public("vote_opens")[-1] == {"vote": "captain_revote", "candidates": [2, 3]}
    assert game.targets("seer") == {"seer", "witch"}
    assert game.targets("bob") == {"seer", "witch"}
    game.all_vote("witch", wolf1="seer")
    assert game.captain == "witch"


def test_a_second_election_tie_is_drawn_at_random() -> None:
    game = table(BASIC, tiebreak=[1])
    game.night()
    for _ in range(2):
        game.votes({"wolf1": "seer", "wolf2": "seer", "seer": "seer", "witch": "witch"})
        game.votes({"hunter": "witch", "ana": "witch", "bob": "seer", "cid": "witch"})
    assert game.captain == "witch"  # index 1 of the tied [seer, witch]
    assert game.public("captain_elected") == [{"seat": 3, "how": "draw"}]


def test_the_captain_may_be_drawn_at_random() -> None:
    game = table(BASIC, captain_mode="random", captain_draw=[5])
    game.night(victim="ana")
    assert VARIANT.chance_request(game.state) is None
    assert game.captain == "bob"  # index 5 among the seven living: seats 0-4, then 6
    assert game.public("captain_elected") == [{"seat": 6, "how": "draw"}]
    assert {kind for _, kind in game.waiting()} == {"lynch"}
    game = table(BASIC, captain_mode="random", captain_draw=[7])
    with pytest.raises(ScriptError) as caught:  # one choice per living player: 0 to 6
        game.night(victim="ana")
    assert caught.value.code == "chance.bad_outcome"


def test_without_the_captain_option_there_is_no_election() -> None:
    game = table(BASIC, captain=False)
    game.night()
    assert {kind for _, kind in game.waiting()} == {"lynch"}


def test_there_is_no_election_on_later_days() -> None:
    game = table(BASIC)
    game.night()
    game.all_vote("seer", seer="witch")
    game.all_vote("ana", ana="bob")
    game.night()
    assert {kind for _, kind in game.waiting()} == {"lynch"}


def test_a_captain_devoured_at_night_names_a_successor_at_dawn() -> None:
    game = table(BASIC)
    game.night()
    game.all_vote("seer", seer="witch")
    game.all_vote("ana", ana="bob")
    game.night(victim="seer")
    assert game.waiting() == [("seer", "captain_successor")]
    decision = game.decision("seer")
    assert not decision.optional
    assert game.targets("seer") == set(game.alive)
    assert decision.default == Action("name", (3,))  # the next living player clockwise
    game.heir("seer", "cid")
    assert game.captain == "cid"
    assert game.public("captain_named") == [{"seat": 7, "by": 2}]
    assert {kind for _, kind in game.waiting()} == {"lynch"}


def test_a_lynched_captain_names_a_successor_before_the_night() -> None:
    game = table(BASIC)
    game.night()
    game.all_vote("ana", ana="bob")
    game.all_vote("ana", ana="bob")
    assert game.waiting() == [("ana", "captain_successor")]
    game.timeout("ana")
    assert game.captain == "bob"
    assert game.phase == "night"


# --- the lynch vote ------------------------------------------------------------------------------


def test_the_living_vote_for_another_living_player() -> None:
    game = table(BASIC, captain=False)
    game.night(victim="ana")
    assert sorted(n for n, _ in game.waiting()) == sorted(set(game.names) - {"ana"})
    assert game.targets("bob") == set(game.names) - {"ana", "bob"}
    assert game.decision("bob").default == Action("vote", (7,))
    try:
        game.do("ana", "vote", "bob")
    except IllegalAction as exc:
        assert exc.code == "action.not_your_turn"
    else:
        raise AssertionError("the dead voted")


def test_the_ballots_are_secret_until_all_are_in() -> None:
    game = table(BASIC, captain=False)
    game.night()
    game.do("ana", "vote", "bob")
    assert game.public("votes") == []
    assert game.learned("ana")[-1] == ("voted", {"vote": "lynch", "seat": 6})
    game.all_vote("bob", bob="ana")
    (votes,) = game.public("votes")
    assert votes["counts"] == [[5, 1], [6, 7]]
    assert [5, 6] in votes["ballots"]


def test_the_most_voted_player_is_lynched() -> None:
    game = table(BASIC, captain=False)
    game.night()
    game.all_vote("cid", cid="ana", ana="bob", bob="ana")
    assert game.public("lynched") == [{"seat": 7}]
    assert game.deaths == [("cid", "lynched")]
    assert game.phase == "night"


def test_the_most_votes_lynch_even_without_a_majority() -> None:
    game = table(BASIC, captain=False)
    game.night()
    game.votes({"wolf1": "cid", "wolf2": "cid", "seer": "cid", "witch": "ana"})
    game.votes({"hunter": "ana", "ana": "bob", "bob": "seer", "cid": "witch"})
    assert game.deaths == [("cid", "lynched")]  # 3 votes of 8


def test_the_captains_ballot_counts_twice() -> None:
    # Captain seer and two others for ana; four for bob: 4 against 4 with the double vote.
    ballots = {"seer": "ana", "witch": "ana", "cid": "ana"}
    ballots |= {"wolf1": "bob", "wolf2": "bob", "hunter": "bob", "ana": "bob", "bob": "cid"}
    double = table(BASIC)
    double.night()
    double.all_vote("seer", seer="witch")
    double.votes(ballots)
    (_, votes) = double.public("votes")
    assert [5, 4] in votes["counts"] and [6, 4] in votes["counts"]
    assert double.public("captain_decides") == [{"seat": 5, "by": 2}]
    assert double.deaths == [("ana", "lynched")]
    single = table(BASIC, captain_vote="tiebreak_only")
    single.night()
    single.all_vote("seer", seer="witch")
    single.votes(ballots)
    (_, votes) = single.public("votes")
    assert [5, 3] in votes["counts"] and [6, 4] in votes["counts"]
    assert single.deaths == [("bob", "lynched")]


def test_on_a_tie_the_captains_ballot_for_one_of_the_tied_decides() -> None:
    game = table(BASIC, captain_vote="tiebreak_only")
    game.night()
    game.all_vote("seer", seer="witch")
    game.votes({"seer": "ana", "witch": "ana", "cid": "ana", "ana": "cid"})
    game.votes({"wolf1": "bob", "wolf2": "bob", "hunter": "bob", "bob": "cid"})
    assert game.public("captain_decides") == [{"seat": 5, "by": 2}]
    assert game.deaths == [("ana", "lynched")]


def test_on_a_tie_a_captain_who_voted_for_neither_picks_one() -> None:
    game = table(BASIC)
    game.night()
    game.all_vote("seer", seer="witch")
    game.votes({"seer": "cid", "ana": "cid", "witch": "ana", "cid": "ana", "hunter": "ana"})
    game.votes({"wolf1": "bob", "wolf2": "bob", "bob": "wolf1"})
    # cid 2 (the Captain's) + 1, ana 3: a tie, and the Captain voted for cid.
    assert game.public("captain_decides") == [{"seat": 7, "by": 2}]
    assert game.deaths == [("cid", "lynched")]
    game = table(BASIC)
    game.night()
    game.all_vote("seer", seer="witch")
    game.votes({"seer": "hunter", "witch": "ana", "cid": "ana", "ana": "bob"})
    game.votes({"wolf1": "bob", "wolf2": "bob", "hunter": "ana", "bob": "cid"})
    # ana 3, bob 3: the Captain voted for the Hunter, so he picks.
    assert game.waiting() == [("seer", "captain_pick")]
    decision = game.decision("seer")
    assert decision.options == (Action("vote", (5,)), Action("vote", (6,)))
    assert decision.default == Action("vote", (5,))
    game.do("seer", "vote", "bob")
    assert game.public("captain_decides") == [{"seat": 6, "by": 2}]
    assert game.deaths == [("bob", "lynched")]


def test_with_no_captain_everyone_revotes_among_the_tied() -> None:
    game = table(BASIC, captain=False)
    game.night()
    game.votes({"wolf1": "ana", "wolf2": "ana", "seer": "ana", "witch": "bob"})
    game.votes({"hunter": "bob", "ana": "bob", "bob": "ana", "cid": "bob"})
    assert game.public("vote_opens")[-1] == {"vote": "lynch_revote", "candidates": [5, 6]}
    assert len(game.waiting()) == 8  # the tied vote too
    assert game.targets("ana") == {"bob"} and game.targets("bob") == {"ana"}
    assert game.targets("cid") == {"ana", "bob"}
    game.all_vote("ana", ana="bob")
    assert game.deaths == [("ana", "lynched")]


def test_a_second_tie_lynches_nobody() -> None:
    game = table(BASIC, captain=False)
    game.night()
    for _ in range(2):
        game.votes({"wolf1": "ana", "wolf2": "ana", "seer": "ana", "witch": "bob"})
        game.votes({"hunter": "bob", "ana": "bob", "bob": "ana", "cid": "bob"})
    assert game.public("no_lynch") == [{"tied": [5, 6]}]
    assert game.deaths == []
    assert game.phase == "night" and game.state.number == 2


def test_a_second_tie_may_be_drawn_at_random() -> None:
    game = table(BASIC, captain=False, lynch_second_tie="random", tiebreak=[0])
    game.night()
    for _ in range(2):
        game.votes({"wolf1": "ana", "wolf2": "ana", "seer": "ana", "witch": "bob"})
        game.votes({"hunter": "bob", "ana": "bob", "bob": "ana", "cid": "bob"})
    assert game.public("lynch_drawn") == [{"seat": 5, "tied": [5, 6]}]
    assert game.deaths == [("ana", "lynched")]


# --- the Lovers' common ballot -------------------------------------------------------------------


def test_lovers_vote_freely_by_default() -> None:
    game = table(LOVE, captain=False)
    game.night(pair=("ana", "bob"))
    assert "bob" in game.targets("ana")
    game.do("ana", "vote", "cid")
    assert game.targets("bob") == set(game.names) - {"bob"}


def test_lovers_vote_together_cast_one_ballot() -> None:
    game = table(LOVE, captain=False, lovers_vote_together=True)
    game.night(pair=("ana", "bob"))
    assert "bob" not in game.targets("ana") and "ana" not in game.targets("bob")
    game.do("bob", "vote", "dan")
    assert game.targets("ana") == {"dan"}
    assert game.decision("ana").default == Action("vote", (9,))
    assert "dan" in game.targets("cid")  # nobody else is bound


def test_lovers_vote_together_in_the_election_too() -> None:
    game = table(LOVE, lovers_vote_together=True)
    game.night(pair=("ana", "bob"))
    game.do("ana", "vote", "bob")
    assert game.targets("bob") == {"bob"}  # for the Captain one may vote for oneself


def test_a_revote_between_the_two_lovers_lifts_the_common_ballot() -> None:
    game = table(LOVE, captain=False, lovers_vote_together=True)
    game.night(pair=("ana", "bob"))
    game.votes({"ana": "cid", "bob": "cid", "wolf1": "ana", "wolf2": "ana", "hunter": "ana"})
    game.votes({"seer": "bob", "witch": "bob", "cupid": "bob", "cid": "dan", "dan": "seer"})
    assert game.public("vote_opens")[-1] == {"vote": "lynch_revote", "candidates": [6, 7]}
    assert game.targets("ana") == {"bob"} and game.targets("bob") == {"ana"}


# --- chains --------------------------------------------------------------------------------------


def test_hunter_then_lover_then_captains_successor() -> None:
    """The lynched Hunter shoots a Lover, whose partner (the Captain) dies of grief and,
    once every death is applied and the game goes on, names a successor."""
    game = table(LOVE)
    game.night(pair=("ana", "bob"))
    game.all_vote("bob", bob="cid")
    assert game.captain == "bob"
    game.all_vote("hunter", hunter="ana", bob="hunter")
    assert game.waiting() == [("hunter", "hunter")]
    game.shoot("hunter", "ana")
    assert game.deaths == [("hunter", "lynched"), ("ana", "shot"), ("bob", "grief")]
    assert game.waiting() == [("bob", "captain_successor")]
    assert game.targets("bob") == set(game.alive)
    game.heir("bob", "dan")
    tail = [(e.kind, dict(e.data)) for e in game.match.events if e.audience.everyone]
    tail = tail[tail.index(("lynched", {"seat": 4})) :]
    assert [kind for kind, _ in tail] == [
        "lynched",
        "card_revealed",
        "shot",
        "card_revealed",
        "grief",
        "card_revealed",
        "captain_named",
        "dusk",
        "night_begins",
        "night_step",
    ]
    assert game.captain == "dan"


def test_a_captain_hunter_shoots_before_naming_his_successor() -> None:
    game = table(BASIC)
    game.night()
    game.all_vote("hunter", hunter="seer")
    game.all_vote("hunter", hunter="seer")
    assert game.waiting() == [("hunter", "hunter")]
    game.shoot("hunter", "ana")
    assert game.waiting() == [("hunter", "captain_successor")]
    assert "ana" not in game.targets("hunter")


def test_the_hunters_lover_grieves_and_the_hunter_still_shoots() -> None:
    game = table(LOVE, captain=False)
    game.night(pair=("hunter", "cid"))
    game.all_vote("hunter", hunter="ana")
    assert game.deaths == [("hunter", "lynched"), ("cid", "grief")]
    assert game.waiting() == [("hunter", "hunter")]


# --- speaking ------------------------------------------------------------------------------------


def test_only_the_living_speak_and_only_by_day() -> None:
    game = table(BASIC)
    state = game.state
    assert not VARIANT.may_speak(state, 0)  # night
    game.night(victim="ana")
    assert VARIANT.may_speak(game.state, 0)
    assert not VARIANT.may_speak(game.state, 5)  # ana is dead
    game.match.say(0, Statement("I am a simple villager."))
    assert game.public("statement")[-1] == {"seat": 0, "text": "I am a simple villager."}


# --- more chains and ties ------------------------------------------------------------------------


def test_the_captains_title_cannot_be_refused() -> None:
    game = table(BASIC)
    game.night()
    game.all_vote("ana", ana="bob")  # elected though she voted for bob
    assert game.captain == "ana"
    assert game.verbs("ana") == {"vote"}  # her lynch ballot: nothing to accept or decline
    assert {kind for _, kind in game.waiting()} == {"lynch"}
    game.all_vote("ana", ana="bob")
    game.heir("ana", "cid")
    assert game.captain == "cid"  # the heir is not asked either
    assert game.phase == "night" and game.waiting() == [("seer", "seer")]


def test_a_captain_may_pick_himself_among_the_tied() -> None:
    game = table(BASIC)
    game.night()
    game.all_vote("seer", seer="witch")
    game.votes({"seer": "hunter", "witch": "seer", "cid": "seer", "ana": "seer", "bob": "ana"})
    game.votes({"wolf1": "bob", "wolf2": "bob", "hunter": "bob"})
    # seer 3, bob 3: the Captain is one of the tied and voted for neither.
    assert game.waiting() == [("seer", "captain_pick")]
    assert game.targets("seer") == {"seer", "bob"}
    game.do("seer", "vote", "seer")
    assert game.deaths == [("seer", "lynched")]
    assert game.waiting() == [("seer", "captain_successor")]


def test_a_second_tie_among_fewer_players_lynches_nobody() -> None:
    first = {"wolf1": "ana", "wolf2": "ana", "seer": "bob", "witch": "bob", "hunter": "cid"}
    first |= {"ana": "cid", "bob": "seer", "cid": "witch"}
    again = {"wolf1": "ana", "wolf2": "ana", "hunter": "ana", "bob": "ana"}
    again |= {"seer": "bob", "witch": "bob", "ana": "bob", "cid": "bob"}
    game = table(BASIC, captain=False)
    game.night()
    game.votes(first)
    assert game.public("vote_opens")[-1]["candidates"] == [5, 6, 7]
    game.votes(again)  # ana 4, bob 4, cid 0
    assert game.public("no_lynch") == [{"tied": [5, 6]}]
    assert game.deaths == [] and game.phase == "night"
    game = table(BASIC, captain=False, lynch_second_tie="random", tiebreak=[1])
    game.night()
    game.votes(first)
    game.votes(again)
    assert game.public("lynch_drawn") == [{"seat": 6, "tied": [5, 6]}]  # among the new tie
    assert game.deaths == [("bob", "lynched")]


def test_the_hunter_devoured_shoots_the_captain_whose_lover_grieves_then_a_successor() -> None:
    game = table(LOVE)
    game.night(pair=("ana", "bob"))
    game.all_vote("ana", ana="cid")
    game.all_vote("dan", dan="cid")
    assert game.captain == "ana"
    game.night(victim="hunter")
    assert game.waiting() == [("hunter", "hunter")]  # at once, before anything else
    game.shoot("hunter", "ana")
    assert game.deaths[1:] == [("hunter", "devoured"), ("ana", "shot"), ("bob", "grief")]
    assert game.waiting() == [("ana", "captain_successor")]
    assert game.targets("ana") == {"wolf1", "wolf2", "seer", "witch", "cupid", "cid"}
    game.heir("ana", "witch")
    assert game.captain == "witch"
    assert {kind for _, kind in game.waiting()} == {"lynch"}  # no election on day 2


def test_a_lynched_captain_whose_lover_is_the_hunter() -> None:
    """The Hunter grieving his Lover the Captain shoots only with ``hunter_on_any_death``;
    either way the dead Captain names a successor last, among those still alive."""
    game = table(LOVE)
    game.night(pair=("ana", "hunter"))
    game.all_vote("ana", ana="cid")
    game.all_vote("ana", ana="cid")
    assert game.deaths == [("ana", "lynched"), ("hunter", "grief")]
    assert game.waiting() == [("ana", "captain_successor")]
    game = table(LOVE, hunter_on_any_death=True)
    game.night(pair=("ana", "hunter"))
    game.all_vote("ana", ana="cid")
    game.all_vote("ana", ana="cid")
    assert game.waiting() == [("hunter", "hunter")]
    game.shoot("hunter", "cid")
    assert game.deaths == [("ana", "lynched"), ("hunter", "grief"), ("cid", "shot")]
    assert game.waiting() == [("ana", "captain_successor")]
    assert "cid" not in game.targets("ana")
