"""§1.2 The Doppelgänger in every form, and the copied role travelling with her card."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import PASS, Action
from loupgarou.core.errors import IllegalAction
from loupgarou.core.events import JSON
from tests.one_night.table import Fact, Table, facts, table


def order_of(game: Table, *wanted: Fact) -> list[int]:
    """Where each wanted fact sits in the whole event log."""
    log = facts(game.match.events)
    return [log.index(f) for f in wanted]


def revealed(game: Table) -> dict[str, JSON]:
    (reveal,) = [e for e in game.match.events if e.kind == "cards_revealed"]
    return dict(reveal.data)


def test_the_doppelganger_must_copy_another_player() -> None:
    game = table("doppelganger villager werewolf werewolf seer | robber troublemaker tanner")
    (decision,) = game.match.pending()
    assert (decision.seat, decision.kind, decision.optional) == (0, "doppelganger", False)
    assert decision.options == tuple(Action("copy", (t,)) for t in (1, 2, 3, 4))
    for illegal in (PASS, Action("copy", (0,)), Action("copy", (), (0,))):
        before = game.snapshot()
        with pytest.raises(IllegalAction) as caught:
            game.do("doppelganger", illegal)
        assert caught.value.code == "action.illegal"
        assert game.snapshot() == before


# --- Villager, Tanner, Hunter: nothing more at night -------------------------------------------


def test_a_doppelganger_villager_does_nothing_more_and_plays_for_the_village() -> None:
    game = table("doppelganger villager werewolf werewolf seer | robber troublemaker tanner")
    game.act("doppelganger", copy="villager")
    assert game.learned("doppelganger") == [("copied", {"seat": 1, "role": "villager"})]
    assert game.waiting() == [("seer", "seer")]
    assert (game.card("doppelganger"), game.role("doppelganger")) == ("doppelganger", "villager")
    game.votes("werewolf1", "werewolf1", "doppelganger", "doppelganger", "werewolf1")
    assert game.dead == ["werewolf1"]
    assert game.winners == {"doppelganger", "villager", "seer"}
    assert revealed(game)["doppelganger"] == [{"seat": 0, "copied": "villager"}]
    assert revealed(game)["players"][0] == "doppelganger"
    assert revealed(game)["effective"][0] == "villager"


def test_a_doppelganger_tanner_who_dies_wins_alone() -> None:
    game = table("doppelganger tanner werewolf werewolf villager | seer robber troublemaker")
    game.act("doppelganger", copy="tanner")
    assert game.learned("doppelganger") == [("copied", {"seat": 1, "role": "tanner"})]
    assert game.phase == "day"
    game.votes("tanner", "doppelganger", "doppelganger", "doppelganger", "doppelganger")
    assert game.dead == ["doppelganger"]
    assert game.teams == {"tanner"}
    assert game.winners == {"doppelganger"}  # the real Tanner is alive: he does not win
    assert game.reasons == ["werewolf.tanner_died", "tanner.died"]


def test_a_doppelganger_hunter_takes_the_player_she_voted_for() -> None:
    game = table("doppelganger hunter werewolf werewolf villager | seer robber troublemaker")
    game.act("doppelganger", copy="hunter")
    assert game.learned("doppelganger") == [("copied", {"seat": 1, "role": "hunter"})]
    assert game.phase == "day"
    game.votes("werewolf1", "doppelganger", "doppelganger", "doppelganger", "doppelganger")
    assert game.dead == ["doppelganger", "werewolf1"]
    deaths = [f for f in game.public() if f[0] == "death"]
    assert deaths == [
        ("death", {"seat": 0, "cause": "vote"}),
        ("death", {"seat": 2, "cause": "hunter", "by": 0}),
    ]
    assert game.winners == {"doppelganger", "hunter", "villager"}


# --- Werewolf and Mason: wakes with them -------------------------------------------------------


def test_a_doppelganger_werewolf_wakes_with_the_werewolf_who_is_then_not_alone() -> None:
    game = table("doppelganger werewolf seer villager | werewolf robber troublemaker")
    assert game.state.options.lone_wolf_peek
    game.act("doppelganger", copy="werewolf")
    assert game.learned("werewolf") == [("werewolves", {"seats": [0, 1]})]
    assert game.learned("doppelganger") == [
        ("copied", {"seat": 1, "role": "werewolf"}),
        ("werewolves", {"seats": [0, 1]}),
    ]
    assert game.waiting() == [("seer", "seer")]  # no lone-wolf peek


def test_a_doppelganger_werewolf_wins_with_the_werewolves() -> None:
    game = table("doppelganger werewolf seer villager | werewolf robber troublemaker")
    game.act("doppelganger", copy="werewolf")
    game.votes(1, 2, 3, 0)
    assert game.dead == []
    assert game.winners == {"doppelganger", "werewolf"}


def test_a_doppelganger_werewolf_who_dies_makes_the_village_win() -> None:
    game = table("doppelganger werewolf seer villager | werewolf robber troublemaker")
    game.act("doppelganger", copy="werewolf")
    game.votes("seer", "seer", "doppelganger", "doppelganger")
    assert game.dead == ["doppelganger", "seer"]
    assert game.teams == {"village"}
    assert game.winners == {"seer", "villager"}


def test_the_minion_sees_a_doppelganger_werewolf() -> None:
    game = table("doppelganger werewolf minion seer | werewolf robber troublemaker")
    game.act("doppelganger", copy="werewolf")
    assert game.learned("minion") == [("werewolves_shown", {"seats": [0, 1]})]


def test_a_doppelganger_mason_wakes_with_a_lone_mason() -> None:
    game = table("doppelganger mason werewolf werewolf seer | mason robber troublemaker")
    game.act("doppelganger", copy="mason")
    assert game.learned("mason") == [("masons", {"seats": [0, 1]})]
    assert game.learned("doppelganger") == [
        ("copied", {"seat": 1, "role": "mason"}),
        ("masons", {"seats": [0, 1]}),
    ]
    assert game.role("doppelganger") == "mason"


def test_a_doppelganger_mason_wakes_with_both_masons() -> None:
    game = table("doppelganger mason werewolf werewolf mason | seer robber troublemaker")
    game.act("doppelganger", copy="mason2")
    assert game.learned("mason1") == [("masons", {"seats": [0, 1, 4]})]
    assert game.learned("mason2") == [("masons", {"seats": [0, 1, 4]})]


# --- Seer, Robber, Troublemaker, Drunk: at once, and never again -------------------------------


def test_a_doppelganger_seer_looks_at_once_and_is_not_woken_at_the_seers_step() -> None:
    game = table("doppelganger seer werewolf werewolf villager | robber troublemaker tanner")
    game.act("doppelganger", copy="seer")
    assert game.waiting() == [("doppelganger", "doppelganger_seer")]
    assert game.calls() == ["doppelganger"]
    (decision,) = game.match.pending()
    assert decision.optional
    game.act("doppelganger", look="werewolf1")
    assert game.waiting() == [("seer", "seer")]
    game.act("seer", centre=(0, 1))
    assert game.phase == "day"
    assert game.learned("doppelganger") == [
        ("copied", {"seat": 1, "role": "seer"}),
        ("card_seen", {"seat": 2, "role": "werewolf"}),
    ]
    seen, wolves_called = order_of(
        game, ("card_seen", {"seat": 2, "role": "werewolf"}), ("night_step", {"step": "werewolves"})
    )
    assert seen < wolves_called


def test_a_doppelganger_seer_may_decline() -> None:
    game = table("doppelganger seer werewolf werewolf villager | robber troublemaker tanner")
    game.act("doppelganger", copy="seer")
    game.decline("doppelganger")
    assert game.learned("doppelganger") == [
        ("copied", {"seat": 1, "role": "seer"}),
        ("declined", {"step": "doppelganger"}),
    ]


def test_a_doppelganger_robber_robs_at_once_and_hands_over_the_copied_role() -> None:
    game = table("doppelganger robber werewolf werewolf villager | seer troublemaker tanner")
    game.act("doppelganger", copy="robber")
    assert game.waiting() == [("doppelganger", "doppelganger_robber")]
    game.act("doppelganger", rob="werewolf1")
    assert game.learned("doppelganger") == [
        ("copied", {"seat": 1, "role": "robber"}),
        ("robbed", {"seat": 2, "role": "werewolf"}),
    ]
    assert (game.card("doppelganger"), game.role("doppelganger")) == ("werewolf", "werewolf")
    assert (game.card("werewolf1"), game.role("werewolf1")) == ("doppelganger", "robber")
    # the player dealt the Werewolf still wakes as one; the Doppelgänger does not
    assert game.learned("werewolf1") == [("werewolves", {"seats": [2, 3]})]
    assert game.waiting() == [("robber", "robber")]
    game.act("robber", rob="werewolf1")
    assert game.learned("robber") == [("robbed", {"seat": 2, "role": "doppelganger"})]
    assert (game.card("robber"), game.role("robber")) == ("doppelganger", "robber")
    assert game.phase == "day"


def test_a_doppelganger_troublemaker_swaps_at_once_and_only_others() -> None:
    game = table("doppelganger troublemaker werewolf werewolf villager | seer robber tanner")
    game.act("doppelganger", copy="troublemaker")
    assert game.waiting() == [("doppelganger", "doppelganger_troublemaker")]
    with pytest.raises(IllegalAction):
        game.do("doppelganger", Action("swap", (0, 2)))
    game.act("doppelganger", swap=("werewolf1", "villager"))
    assert game.learned("doppelganger") == [
        ("copied", {"seat": 1, "role": "troublemaker"}),
        ("swapped", {"seats": [2, 4]}),
    ]
    assert (game.card("werewolf1"), game.card("villager")) == ("villager", "werewolf")
    assert game.waiting() == [("troublemaker", "troublemaker")]
    game.decline("troublemaker")
    assert game.phase == "day"


def test_a_doppelganger_drunk_must_take_a_centre_card_at_once() -> None:
    game = table("doppelganger drunk werewolf werewolf villager | seer robber tanner")
    game.act("doppelganger", copy="drunk")
    (decision,) = game.match.pending()
    assert (decision.kind, decision.optional) == ("doppelganger_drunk", False)
    with pytest.raises(IllegalAction):
        game.decline("doppelganger")
    game.act("doppelganger", take=2)
    assert game.learned("doppelganger") == [
        ("copied", {"seat": 1, "role": "drunk"}),
        ("took_centre", {"centre": 2}),
    ]
    assert game.card("doppelganger") == "tanner"
    assert game.centre() == ["seer", "robber", "doppelganger"]
    assert game.waiting() == [("drunk", "drunk")]
    game.act("drunk", take=2)  # the real Drunk picks up the Doppelgänger card
    assert (game.card("drunk"), game.role("drunk")) == ("doppelganger", "drunk")


# --- Minion: learns the werewolves at the end of step 1 ----------------------------------------


def test_a_doppelganger_minion_learns_who_was_dealt_a_werewolf_during_her_own_step() -> None:
    game = table("doppelganger minion werewolf villager werewolf | seer robber troublemaker")
    game.act("doppelganger", copy="minion")
    shown = ("werewolves_shown", {"seats": [2, 4]})
    assert game.learned("doppelganger") == [("copied", {"seat": 1, "role": "minion"}), shown]
    assert game.learned("minion") == [shown]  # the real Minion, at step 3
    assert game.calls()[:4] == ["doppelganger", "doppelganger_minion", "werewolves", "minion"]
    log = facts(game.match.events)
    dg_shown, minion_shown = [i for i, f in enumerate(log) if f == shown]
    assert (
        log.index(("night_step", {"step": "doppelganger_minion"}))
        < dg_shown
        < log.index(("night_step", {"step": "werewolves"}))
        < log.index(("night_step", {"step": "minion"}))
        < minion_shown
    )


def test_a_doppelganger_minion_wins_with_the_werewolves() -> None:
    game = table("doppelganger minion werewolf villager werewolf | seer robber troublemaker")
    game.act("doppelganger", copy="minion")
    game.votes("villager", "villager", "villager", "minion", "villager")
    assert game.dead == ["villager"]
    assert game.winners == {"doppelganger", "minion", "werewolf1", "werewolf2"}


# --- Insomniac: wakes at 9a --------------------------------------------------------------------


def test_a_doppelganger_insomniac_looks_at_her_card_after_the_insomniac() -> None:
    game = table("doppelganger insomniac werewolf werewolf robber | seer troublemaker villager")
    game.act("doppelganger", copy="insomniac")
    game.act("robber", rob="doppelganger")
    assert game.phase == "day"
    assert game.learned("robber") == [("robbed", {"seat": 0, "role": "doppelganger"})]
    assert game.role("robber") == "insomniac"  # he does not wake at 9a: not dealt her card
    assert game.learned("insomniac") == [("own_card", {"role": "insomniac"})]
    assert game.learned("doppelganger") == [
        ("copied", {"seat": 1, "role": "insomniac"}),
        ("own_card", {"role": "robber"}),
    ]
    assert game.calls()[-2:] == ["insomniac", "doppelganger_insomniac"]
    real, copy = order_of(
        game, ("own_card", {"role": "insomniac"}), ("own_card", {"role": "robber"})
    )
    assert real < copy


def test_an_untouched_doppelganger_insomniac_sees_the_doppelganger_card() -> None:
    game = table("doppelganger insomniac werewolf werewolf | seer troublemaker robber")
    game.act("doppelganger", copy="insomniac")
    assert game.learned("doppelganger")[-1] == ("own_card", {"role": "doppelganger"})


# --- the copied role belongs to the card -------------------------------------------------------


def test_a_robber_who_steals_the_doppelganger_card_gets_the_copied_role() -> None:
    game = table("doppelganger werewolf robber seer villager | werewolf troublemaker tanner")
    game.act("doppelganger", copy="werewolf")
    game.decline("seer")
    game.act("robber", rob="doppelganger")
    assert game.learned("robber") == [("robbed", {"seat": 0, "role": "doppelganger"})]
    assert game.role("robber") == "werewolf"
    assert game.role("doppelganger") == "robber"
    game.votes("robber", "seer", "seer", "robber", "robber")
    assert game.dead == ["robber"]
    assert game.teams == {"village"}
    assert game.winners == {"doppelganger", "seer", "villager"}
    assert revealed(game)["doppelganger"] == [{"seat": 0, "copied": "werewolf"}]
    assert revealed(game)["effective"] == [
        "robber",
        "werewolf",
        "werewolf",
        "seer",
        "villager",
    ]


def test_an_insomniac_who_finds_the_doppelganger_card_does_not_learn_the_copied_role() -> None:
    game = table(
        "doppelganger seer troublemaker insomniac werewolf werewolf | villager robber tanner"
    )
    game.act("doppelganger", copy="seer")
    game.decline("doppelganger")
    game.decline("seer")
    game.act("troublemaker", swap=("doppelganger", "insomniac"))
    assert game.phase == "day"
    assert game.learned("insomniac") == [("own_card", {"role": "doppelganger"})]
    assert game.role("insomniac") == "seer"
    assert "doppelganger_insomniac" in game.calls()  # called: the deck holds both cards


def test_a_doppelganger_in_the_centre_is_called_but_nobody_acts() -> None:
    game = table("seer werewolf werewolf villager | doppelganger robber troublemaker")
    assert game.calls() == ["doppelganger", "werewolves", "seer"]
    assert game.waiting() == [("seer", "seer")]
