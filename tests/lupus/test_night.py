"""§3.2 The night: the calls, the Seer, the pack, and each special character's night."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import PASS, Action
from loupgarou.core.errors import IllegalAction
from loupgarou.variants.lupus import call_list
from tests.lupus.table import NINE, Table, table


def with_(role: str, spec: str = NINE, replacing: str = "fay:villager") -> str:
    """The nine-player table with one Villager's card replaced by ``role``."""
    name = replacing.split(":", maxsplit=1)[0]
    return spec.replace(replacing, f"{name}:{role}")


def refused(game: Table, who: str, kind: str, *targets: str) -> str:
    before = game.snapshot()
    with pytest.raises(IllegalAction) as caught:
        game.do(who, kind, *targets)
    assert game.snapshot() == before
    return caught.value.code


# --- the calls ---------------------------------------------------------------------------------


def test_night_one_calls_the_seer_then_the_werewolves() -> None:
    game = table(NINE)
    assert game.public("night_begins") == [{"night": 1}]
    assert game.calls() == ["seer"]
    assert game.waiting() == [("seer", "seer")]
    game.decline("seer")
    assert game.calls() == ["seer", "werewolves"]
    assert call_list(game.state.deck, 1) == ("seer", "werewolves")


def test_the_calls_of_a_full_deck_night_by_night() -> None:
    spec = (
        "wolf1:werewolf wolf2:werewolf wolf3:werewolf seer medium possessed bodyguard owl "
        "mason1:freemason mason2:freemason werehamster mythomaniac "
        + " ".join(f"v{i}:villager" for i in range(4))
    )
    game = table(spec)
    game.night(kill="v0")
    assert game.calls(1) == ["freemasons", "seer", "werewolves", "owl"]
    game.lynch("v1", "v2")
    game.night(kill="v2", choose="v3")
    assert game.calls(2) == [
        "seer",
        "medium",
        "bodyguard",
        "werewolves",
        "owl",
        "mythomaniac",
    ]
    game.lynch("v3", "possessed")
    game.night(kill="possessed")
    assert game.calls(3) == ["seer", "medium", "bodyguard", "werewolves", "owl"]


def test_the_dead_seers_turn_is_still_called_and_waited_for() -> None:
    """The calls, and the pace of the night, never tell who is dead."""
    killed = table(NINE)
    killed.night(kill="seer")
    killed.lynch("ana", "bob")
    assert "seer" in killed.ghosts
    spared = table(NINE)
    spared.night(kill="eve")
    spared.lynch("ana", "bob")
    assert killed.calls() == spared.calls() == ["seer", "werewolves", "seer"]
    assert killed.waiting() == spared.waiting() == [("seer", "seer")]
    decision = killed.decision("seer")  # the Ghost Seer can only let the call pass
    assert (decision.options, decision.default, decision.optional) == ((PASS,), PASS, True)
    killed.timeout("seer")
    spared.do("seer", "look", "wolf1")
    assert killed.calls() == spared.calls() == ["seer", "werewolves", "seer", "werewolves"]
    assert [kind for _, kind in killed.waiting()] == ["werewolves", "werewolves"]


@pytest.mark.parametrize("role", ["bodyguard", "owl", "mythomaniac"])
def test_a_dead_holders_call_waits_too(role: str) -> None:
    game = table(with_(role) + " gus:villager hal:villager ivy:villager")
    game.night(kill="fay")
    game.lynch("ana", "bob")
    while game.step != role:
        decision = game.match.pending()[0]
        game.timeout(decision.seat)
    assert game.waiting() == [("fay", role)]
    assert game.decision("fay").options == (PASS,)
    game.timeout("fay")
    assert game.learned("fay")[-1] == ("declined", {"step": role})
    assert role in game.calls(2)


# --- the Seer ----------------------------------------------------------------------------------


def test_the_seer_points_at_another_living_player_or_declines() -> None:
    game = table(NINE)
    decision = game.decision("seer")
    assert (decision.kind, decision.optional, decision.default) == ("seer", True, PASS)
    assert game.targets("seer") == ["ana", "wolf1", "bob", "cid", "dan", "wolf2", "eve", "fay"]
    assert decision.options[-1] == PASS
    assert refused(game, "seer", "look", "seer") == "action.illegal"


def test_the_seer_learns_only_werewolf_or_not() -> None:
    game = table(NINE)
    game.do("seer", "look", "wolf2")
    assert game.learned("seer") == [("seen", {"seat": 6, "werewolf": True})]
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(look="dan", kill="eve")
    assert game.learned("seer")[-1] == ("seen", {"seat": 5, "werewolf": False})


def test_the_seer_sees_the_possessed_and_the_werehamster_as_not_werewolves() -> None:
    game = table(with_("possessed", with_("werehamster"), replacing="eve:villager"))
    game.night(look="eve", kill="ana")
    assert game.learned("seer") == [("seen", {"seat": 7, "werewolf": False})]
    game = table(with_("werehamster"), welcome_card=[0])
    game.night(look="fay", kill="ana")
    assert game.learned("seer") == [("seen", {"seat": 8, "werewolf": False})]


def test_a_seer_who_declines_is_told_so_and_nobody_else_is() -> None:
    game = table(NINE)
    game.decline("seer")
    assert game.learned("seer") == [("declined", {"step": "seer"})]
    assert game.learned("ana") == []


# --- the Werewolves ----------------------------------------------------------------------------


def test_the_pack_sees_itself_and_votes_all_at_once_for_a_living_human() -> None:
    game = table(NINE)
    game.decline("seer")
    assert game.learned("wolf1")[0] == ("pack", {"seats": [1, 6]})
    assert game.learned("wolf2")[0] == ("pack", {"seats": [1, 6]})
    assert game.waiting() == [("wolf1", "werewolves"), ("wolf2", "werewolves")]
    decision = game.decision("wolf1")
    assert not decision.optional and PASS not in decision.options
    assert game.targets("wolf1") == ["ana", "bob", "seer", "cid", "dan", "eve", "fay"]
    assert refused(game, "wolf1", "kill", "wolf2") == "action.illegal"


def test_each_wolf_vote_is_shown_to_the_pack_and_the_victim_is_the_most_voted() -> None:
    game = table(
        with_("werewolf", replacing="fay:villager").replace("fay:werewolf", "wolf3:werewolf")
    )
    game.decline("seer")
    game.do("wolf1", "kill", "bob")
    assert game.learned("wolf3")[-1] == ("wolf_vote", {"seat": 1, "target": 2})
    assert game.learned("bob") == []
    game.do("wolf3", "kill", "ana")
    game.do("wolf2", "kill", "bob")
    assert game.learned("wolf2")[-2:] == [
        ("wolf_vote", {"seat": 6, "target": 2}),
        ("victim", {"seat": 2}),
    ]
    assert game.public("dawn") == [{"night": 1, "deaths": [2]}]


def test_a_tie_in_the_pack_is_drawn_at_random_among_the_tied() -> None:
    game = table(NINE, tiebreak=[1])
    game.decline("seer")
    game.do("wolf1", "kill", "eve")
    game.do("wolf2", "kill", "bob")
    # The tied targets in seat order: bob (2), eve (7); the draw picked index 1.
    assert game.learned("wolf1")[-1] == ("victim", {"seat": 7, "tied": [2, 7]})
    assert [(i.label, i.value) for i in game.match.inputs if i.type == "chance"][-1] == (
        "tiebreak",
        1,
    )
    assert game.public("dawn") == [{"night": 1, "deaths": [7]}]


def test_a_wolf_who_does_not_answer_follows_the_pack() -> None:
    game = table(NINE)
    game.decline("seer")
    # Nobody has voted: the first human clockwise after the wolf.
    assert game.default("wolf1") == Action("kill", (2,))
    assert game.default("wolf2") == Action("kill", (7,))
    game.do("wolf2", "kill", "dan")
    assert game.default("wolf1") == Action("kill", (5,))
    game.timeout("wolf1")
    assert game.public("dawn") == [{"night": 1, "deaths": [5]}]


def test_the_wolves_cannot_target_a_ghost() -> None:
    game = table(NINE)
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.decline("seer")
    assert "ana" not in game.targets("wolf1") and "bob" not in game.targets("wolf1")


# --- the Medium --------------------------------------------------------------------------------


def test_the_medium_learns_from_night_two_whether_the_lynched_was_a_werewolf() -> None:
    game = table(with_("medium"))
    game.night(kill="ana")
    assert "medium" not in game.calls()
    game.lynch("wolf1", "bob")
    game.night(kill="bob")
    assert game.calls(2) == ["seer", "medium", "werewolves"]
    assert game.learned("fay") == [("medium", {"seat": 1, "werewolf": True})]
    game.lynch("cid", "dan")
    game.night(kill="dan")
    assert game.learned("fay")[-1] == ("medium", {"seat": 4, "werewolf": False})


def test_a_dead_medium_learns_nothing_but_is_still_called() -> None:
    game = table(with_("medium"))
    game.night(kill="fay")
    game.lynch("wolf1", "bob")
    game.night(kill="bob")
    assert "medium" in game.calls(2)
    assert game.learned("fay") == []


# --- the Bodyguard -----------------------------------------------------------------------------

ELEVEN = NINE + " gus:villager bodyguard"


def test_the_bodyguard_protects_from_night_two_before_the_werewolves() -> None:
    game = table(ELEVEN)
    game.night(kill="ana")
    assert "bodyguard" not in game.calls(1)
    game.lynch("cid", "dan")
    game.decline("seer")
    assert game.step == "bodyguard"
    decision = game.decision("bodyguard")
    assert (decision.optional, decision.default) == (True, PASS)
    assert "bodyguard" not in game.targets("bodyguard")
    assert refused(game, "bodyguard", "protect", "bodyguard") == "action.illegal"
    game.night(protect="bob", kill="bob")
    assert game.calls(2) == ["seer", "bodyguard", "werewolves"]
    assert game.public("dawn")[-1] == {"night": 2, "deaths": []}
    assert game.learned("bodyguard") == [("protecting", {"seat": 2})]
    assert game.secret("night_result")[-1]["protected"] == 2
    assert "bob" in game.alive


def test_protecting_someone_else_does_not_stop_the_attack() -> None:
    game = table(ELEVEN)
    game.night(kill="ana")
    game.lynch("cid", "dan")
    game.night(protect="eve", kill="bob")
    assert game.public("dawn")[-1] == {"night": 2, "deaths": [2]}


# --- the Owl -----------------------------------------------------------------------------------

TWELVE = NINE + " gus:villager hal:villager owl"


def test_the_owl_picks_each_night_and_the_pick_replaces_the_second_suspect() -> None:
    game = table(TWELVE)
    game.decline("seer")
    game.do("wolf1", "kill", "ana")
    game.do("wolf2", "kill", "ana")
    assert game.waiting() == [("owl", "owl")]
    decision = game.decision("owl")
    assert (decision.optional, decision.default) == (True, PASS)
    assert "owl" not in game.targets("owl")
    game.do("owl", "pick", "hal")
    assert game.learned("owl") == [("picked", {"seat": 10})]
    game.stage1({"bob": "cid"}, rest="bob")
    assert game.public("stage1_counted")[-1]["leaders"] == [2, 4]
    assert game.public("owl_pick") == [{"seat": 10, "replaced": 4}]
    assert game.suspects == ["bob", "hal"]


def test_an_owl_pick_already_suspected_changes_nothing() -> None:
    game = table(TWELVE)
    game.night(kill="ana", pick="cid")
    game.stage1({"bob": "cid"}, rest="bob")
    assert game.public("owl_pick") == [{"seat": 4, "replaced": None}]
    assert game.suspects == ["bob", "cid"]


def test_an_owl_pick_devoured_in_the_night_is_no_suspect() -> None:
    game = table(TWELVE)
    game.night(kill="hal", pick="hal")
    game.stage1({"bob": "cid"}, rest="bob")
    assert game.public("owl_pick") == []
    assert game.suspects == ["bob", "cid"]


def test_an_owl_who_declines_names_nobody() -> None:
    game = table(TWELVE)
    game.night(kill="ana")
    game.stage1({"bob": "cid"}, rest="bob")
    assert game.public("owl_pick") == []
    assert game.suspects == ["bob", "cid"]


TWENTY_ONE = (
    TWELVE + " " + " ".join(f"x{i}:villager" for i in range(7)) + " werehamster wolf3:werewolf"
)


@pytest.mark.parametrize(
    ("target", "dies"), [("hal", True), ("wolf1", False), ("werehamster", False)]
)
def test_the_deadly_owl_kills_its_pick_unless_a_werewolf_or_the_werehamster(
    target: str, dies: bool
) -> None:
    game = table(TWENTY_ONE, welcome_card=[0])
    assert game.state.n == 21
    game.night(kill="ana", pick=target)
    seat = game.seat(target)
    deaths = sorted([0, seat]) if dies else [0]
    assert game.public("dawn") == [{"night": 1, "deaths": deaths}]
    if not dies:
        # A pick who survives is still a suspect the next day.
        game.stage1({"bob": "cid"}, rest="bob")
        assert game.suspects == ["bob", target]


def test_twenty_players_do_not_have_a_deadly_owl_but_the_option_can_make_it_so() -> None:
    twenty = TWELVE + " " + " ".join(f"x{i}:villager" for i in range(7)) + " wolf3:werewolf"
    game = table(twenty)
    assert game.state.n == 20
    game.night(kill="ana", pick="hal")
    assert game.public("dawn") == [{"night": 1, "deaths": [0]}]
    game = table(TWELVE, deadly_owl="always", welcome_card=[1])
    game.night(kill="ana", pick="hal")
    assert game.public("dawn") == [{"night": 1, "deaths": [0, 10]}]
    game = table(TWENTY_ONE, deadly_owl="never")
    game.night(kill="ana", pick="hal")
    assert game.public("dawn") == [{"night": 1, "deaths": [0]}]


TWENTY = TWELVE + " " + " ".join(f"x{i}:villager" for i in range(7)) + " wolf3:werewolf"


def test_a_table_that_reads_the_deadly_owl_from_twenty_players() -> None:
    # House rule: deadly_owl_from = 20.  The default (21) reads "more than 20".
    game = table(TWENTY, welcome_card=[1], deadly_owl_from=20)
    assert game.state.n == 20
    assert game.view["deadly_owl"] is True  # a table rule: every seat knows it
    game.night(kill="ana", pick="hal")
    assert game.public("dawn") == [{"night": 1, "deaths": [0, 10]}]
    game = table(TWENTY)
    assert game.view["deadly_owl"] is False
    game.night(kill="ana", pick="hal")
    assert game.public("dawn") == [{"night": 1, "deaths": [0]}]
    nineteen = TWENTY.replace(" x6:villager", "")
    game = table(nineteen, deadly_owl_from=20)
    game.night(kill="ana", pick="hal")
    assert game.public("dawn") == [{"night": 1, "deaths": [0]}]


def test_the_bodyguard_does_not_stop_the_deadly_owl() -> None:
    game = table(TWELVE.replace("gus:villager", "bodyguard"), deadly_owl="always", welcome_card=[0])
    game.night(kill="ana")
    game.lynch("cid", "dan")
    game.night(protect="hal", kill="bob", pick="hal")
    assert game.public("dawn")[-1] == {"night": 2, "deaths": [2, 10]}


# --- the Freemasons, the Possessed -------------------------------------------------------------

THIRTEEN = NINE + " gus:villager hal:villager mason1:freemason mason2:freemason"


def test_the_freemasons_recognise_each_other_on_night_one_only() -> None:
    game = table(THIRTEEN)
    assert call_list(game.state.deck, 1) == ("freemasons", "seer", "werewolves")
    assert game.calls() == ["freemasons", "seer"]
    assert game.learned("mason1") == [("freemasons", {"seats": [11, 12]})]
    assert game.learned("mason2") == [("freemasons", {"seats": [11, 12]})]
    assert game.learned("seer") == []
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    assert game.calls(2) == ["seer", "werewolves"]


def test_the_possessed_is_not_woken_and_does_not_know_the_pack() -> None:
    game = table(with_("possessed"))
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    assert game.learned("fay") == []


def test_the_wolves_may_devour_the_possessed() -> None:
    game = table(with_("possessed"))
    game.decline("seer")
    assert "fay" in game.targets("wolf1")
    game.night(kill="fay")
    assert "fay" in game.ghosts


# --- the Werehamster ---------------------------------------------------------------------------


def test_the_werewolves_cannot_kill_the_werehamster() -> None:
    game = table(with_("werehamster"))
    game.decline("seer")
    assert "fay" in game.targets("wolf1")
    game.night(kill="fay")
    assert game.public("dawn") == [{"night": 1, "deaths": []}]
    assert game.secret("night_result")[0]["victim"] == 8


def test_the_werehamster_dies_at_dawn_when_the_seer_points_at_him() -> None:
    game = table(with_("werehamster"), welcome_card=[0])
    game.night(look="fay", kill="ana")
    assert game.public("dawn") == [{"night": 1, "deaths": [0, 8]}]
    assert game.secret("night_result")[0]["deaths"] == [[0, "devoured"], [8, "seen"]]


def test_the_werehamster_seen_and_attacked_dies_once() -> None:
    game = table(with_("werehamster"))
    game.night(look="fay", kill="fay")
    assert game.public("dawn") == [{"night": 1, "deaths": [8]}]
    assert game.holder == "fay"


# --- the Mythomaniac ---------------------------------------------------------------------------

MYTH = with_("mythomaniac") + " gus:villager hal:villager ivy:villager"
"""Twelve players, the Mythomaniac at seat 8."""


def test_the_mythomaniac_is_called_at_the_end_of_night_two_only() -> None:
    game = table(MYTH)
    game.night(kill="ana")
    assert "mythomaniac" not in game.calls(1)
    game.lynch("bob", "cid")
    game.night(kill="cid", choose="dan")
    assert game.calls(2)[-1] == "mythomaniac"
    game.lynch("dan", "eve")
    game.night(kill="eve")
    assert "mythomaniac" not in game.calls(3)


def test_the_mythomaniac_must_pick_another_living_player() -> None:
    game = table(MYTH)
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.decline("seer")
    game.do("wolf1", "kill", "cid")
    game.do("wolf2", "kill", "cid")
    decision = game.decision("fay")
    assert (decision.kind, decision.optional) == ("mythomaniac", False)
    assert game.targets("fay") == [
        "wolf1",
        "seer",
        "cid",
        "dan",
        "wolf2",
        "eve",
        "gus",
        "hal",
        "ivy",
    ]
    assert decision.default == Action("choose", (9,))  # the first living player clockwise


def test_a_mythomaniac_who_picks_a_werewolf_joins_the_pack() -> None:
    game = table(MYTH)
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid", choose="wolf2")
    assert game.learned("fay") == [("chose", {"seat": 6}), ("became", {"role": "werewolf"})]
    assert game.role("fay") == "werewolf"
    game.lynch("dan", "eve")
    game.decline("seer")
    assert game.learned("wolf1")[-1] == ("pack", {"seats": [1, 6, 8]})
    assert game.learned("fay")[-1] == ("pack", {"seats": [1, 6, 8]})
    assert sorted(game.waiting()) == [
        ("fay", "werewolves"),
        ("wolf1", "werewolves"),
        ("wolf2", "werewolves"),
    ]
    assert "fay" not in game.targets("wolf1")


def test_the_seer_sees_a_mythomaniac_turned_werewolf_as_a_werewolf() -> None:
    game = table(MYTH)
    game.night(look="fay", kill="ana")
    assert game.learned("seer") == [("seen", {"seat": 8, "werewolf": False})]
    game.lynch("bob", "cid")
    game.night(kill="cid", choose="wolf1")
    game.lynch("dan", "eve")
    game.night(look="fay", kill="eve")
    assert game.learned("seer")[-1] == ("seen", {"seat": 8, "werewolf": True})


def test_a_mythomaniac_who_picks_the_seer_becomes_a_second_seer() -> None:
    game = table(MYTH)
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid", choose="seer")
    assert game.role("fay") == "seer"
    game.lynch("dan", "eve")
    assert sorted(game.waiting()) == [("fay", "seer"), ("seer", "seer")]
    game.do("fay", "look", "wolf1")
    assert game.learned("fay")[-1] == ("seen", {"seat": 1, "werewolf": True})


@pytest.mark.parametrize("target", ["eve", "possessed"])
def test_a_mythomaniac_who_picks_anyone_else_becomes_a_villager(target: str) -> None:
    game = table(MYTH.replace("dan:villager", "possessed"))
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid", choose=target)
    assert game.learned("fay")[-1] == ("became", {"role": "villager"})
    assert game.role("fay") == "villager"


def test_a_mythomaniac_dead_before_night_two_stays_a_mythomaniac() -> None:
    game = table(MYTH)
    game.night(kill="fay")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    assert game.calls(2)[-1] == "mythomaniac"
    assert game.role("fay") == "mythomaniac"


def test_the_bodyguard_may_protect_the_same_player_again() -> None:
    game = table(ELEVEN)
    game.night(kill="ana")
    game.lynch("cid", "dan")
    game.night(protect="bob", kill="eve")
    game.lynch("dan", "fay")
    game.decline("seer")
    assert "bob" in game.targets("bodyguard")
    game.night(protect="bob", kill="bob")
    assert game.public("dawn")[-1] == {"night": 3, "deaths": []}


def test_a_seer_bodyguard_or_owl_who_does_not_answer_declines() -> None:
    game = table(TWELVE.replace("gus:villager", "bodyguard"))
    game.timeout("seer")
    game.night(kill="ana")
    game.lynch("cid", "dan")
    game.timeout("seer")
    game.timeout("bodyguard")
    game.night(kill="bob")
    assert game.learned("seer") == [("declined", {"step": "seer"})] * 2
    assert game.learned("bodyguard") == [("declined", {"step": "bodyguard"})]
    assert game.learned("owl") == [("declined", {"step": "owl"})] * 2
    assert game.public("dawn")[-1] == {"night": 2, "deaths": [2]}


# --- more of each character's night -------------------------------------------------------------


def test_the_pack_is_not_told_who_the_possessed_is() -> None:
    game = table(with_("possessed"))
    game.decline("seer")
    assert game.learned("wolf1") == [("pack", {"seats": [1, 6]})]
    assert game.learned("wolf2") == [("pack", {"seats": [1, 6]})]
    assert game.waiting() == [("wolf1", "werewolves"), ("wolf2", "werewolves")]
    assert game.learned("fay") == []


def test_the_medium_is_told_a_lynched_possessed_was_no_werewolf() -> None:
    game = table(with_("possessed", with_("medium"), replacing="eve:villager"))
    game.night(kill="ana")
    game.lynch("eve", "bob")
    game.night(kill="bob")
    assert game.learned("fay") == [("medium", {"seat": 7, "werewolf": False})]


def test_an_owl_pick_who_leads_stage_1_changes_nothing() -> None:
    game = table(TWELVE)
    game.night(kill="ana", pick="bob")
    game.stage1({"bob": "cid"}, rest="bob")
    assert game.public("stage1_counted")[-1]["leaders"] == [2, 4]
    assert game.public("owl_pick") == [{"seat": 2, "replaced": None}]
    assert game.suspects == ["bob", "cid"]


def test_the_owl_picks_again_every_night() -> None:
    game = table(TWELVE)
    game.night(kill="ana", pick="hal")
    game.lynch("bob", "cid")
    assert game.public("suspects") == [{"seats": [2, 10]}] and "bob" in game.ghosts
    game.night(kill="cid", pick="gus")
    assert game.learned("owl")[-1] == ("picked", {"seat": 9})
    game.stage1({"dan": "eve"}, rest="dan")
    assert game.public("stage1_counted")[-1]["leaders"] == [5, 7]
    assert game.public("owl_pick")[-1] == {"seat": 9, "replaced": 7}
    assert game.suspects == ["dan", "gus"]


def test_an_owl_devoured_in_the_night_still_names_its_pick() -> None:
    """Everyone alive at nightfall acts during the night; the deaths come at dawn."""
    game = table(TWELVE)
    game.night(kill="owl", pick="hal")
    assert "owl" in game.ghosts
    game.stage1({"bob": "cid"}, rest="bob")
    assert game.suspects == ["bob", "hal"]


def test_the_bodyguard_does_not_save_the_werehamster_from_the_seer() -> None:
    game = table(with_("werehamster", ELEVEN), welcome_card=[0])
    game.night(kill="ana")
    game.lynch("cid", "dan")
    game.night(look="fay", protect="fay", kill="bob")
    assert game.public("dawn")[-1] == {"night": 2, "deaths": [2, 8]}
    assert game.secret("night_result")[-1]["deaths"] == [[2, "devoured"], [8, "seen"]]
