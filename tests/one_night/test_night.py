"""§1.2 The night, role by role (the Doppelgänger has its own file)."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import PASS, Action
from loupgarou.core.errors import IllegalAction
from tests.one_night.table import Table, table


def refused(game: Table, who: str, action: Action) -> str:
    """The code of the error for an illegal action (which must change nothing)."""
    before = game.snapshot()
    with pytest.raises(IllegalAction) as caught:
        game.do(who, action)
    assert game.snapshot() == before
    return caught.value.code


# --- Werewolves (2) ----------------------------------------------------------------------------


def test_two_werewolves_learn_each_other_but_not_the_minion() -> None:
    game = table("werewolf minion seer werewolf villager | robber troublemaker villager")
    assert game.learned("werewolf1") == [("werewolves", {"seats": [0, 3]})]
    assert game.learned("werewolf2") == [("werewolves", {"seats": [0, 3]})]
    assert game.learned("seer") == []
    assert game.waiting() == [("seer", "seer")]  # two wolves: no peek


def test_a_lone_werewolf_may_look_at_one_centre_card() -> None:
    game = table("werewolf seer villager | werewolf robber troublemaker")
    (decision,) = game.match.pending()
    assert (decision.kind, decision.optional, decision.default) == ("lone_wolf", True, PASS)
    assert decision.options == (
        Action("peek", (), (0,)),
        Action("peek", (), (1,)),
        Action("peek", (), (2,)),
        PASS,
    )
    game.act("werewolf", peek=1)
    assert game.learned("werewolf") == [
        ("werewolves", {"seats": [0]}),
        ("centre_seen", {"centre": 1, "role": "robber"}),
    ]
    assert game.waiting() == [("seer", "seer")]


def test_a_lone_werewolf_may_decline_to_look() -> None:
    game = table("werewolf seer villager | werewolf robber troublemaker")
    game.decline("werewolf")
    assert game.learned("werewolf") == [
        ("werewolves", {"seats": [0]}),
        ("declined", {"step": "werewolves"}),
    ]


def test_a_lone_werewolf_looks_at_one_card_only() -> None:
    game = table("werewolf seer villager | werewolf robber troublemaker")
    assert refused(game, "werewolf", Action("peek", (), (0, 1))) == "action.illegal"
    assert refused(game, "werewolf", Action("peek", (1,))) == "action.illegal"


def test_without_the_peek_option_a_lone_werewolf_only_learns_he_is_alone() -> None:
    game = table("werewolf seer villager | werewolf robber troublemaker", lone_wolf_peek=False)
    assert game.learned("werewolf") == [("werewolves", {"seats": [0]})]
    assert game.waiting() == [("seer", "seer")]


def test_the_bezier_edition_has_no_peek_unless_asked() -> None:
    spec = "werewolf seer villager | werewolf robber troublemaker"
    assert table(spec, edition="bezier").waiting() == [("seer", "seer")]
    assert table(spec, edition="bezier", lone_wolf_peek=True).waiting() == [
        ("werewolf", "lone_wolf")
    ]
    assert table(spec, edition="ravensburger").waiting() == [("werewolf", "lone_wolf")]


def test_with_both_werewolves_in_the_centre_nobody_wakes_as_a_werewolf() -> None:
    game = table("seer minion villager | werewolf werewolf robber")
    assert game.calls()[:2] == ["werewolves", "minion"]
    assert [f for seat in range(3) for f in game.learned(seat) if f[0] == "werewolves"] == []
    assert game.learned("minion") == [("werewolves_shown", {"seats": []})]


def test_a_werewolf_who_wakes_alone_may_peek_though_another_player_holds_a_werewolf() -> None:
    game = table("doppelganger drunk werewolf seer villager | werewolf robber troublemaker")
    game.act("doppelganger", copy="drunk")
    game.act("doppelganger", take=0)  # she now holds a Werewolf card, but was not dealt one
    assert game.card("doppelganger") == "werewolf"
    assert game.waiting() == [("werewolf", "lone_wolf")]
    assert game.learned("werewolf") == [("werewolves", {"seats": [2]})]


# --- Minion (3) --------------------------------------------------------------------------------


def test_the_minion_learns_who_the_werewolves_are() -> None:
    game = table("villager werewolf minion seer | werewolf robber troublemaker")
    game.decline("werewolf")  # lone wolf
    assert game.learned("minion") == [("werewolves_shown", {"seats": [1]})]
    assert game.learned("werewolf") == [
        ("werewolves", {"seats": [1]}),
        ("declined", {"step": "werewolves"}),
    ]


def test_the_minion_is_shown_who_woke_as_werewolves_not_who_holds_a_werewolf_card() -> None:
    game = table("doppelganger robber werewolf minion werewolf | seer troublemaker villager")
    game.act("doppelganger", copy="robber")
    game.act("doppelganger", rob="werewolf1")
    assert [game.card(s) for s in (0, 2, 4)] == ["werewolf", "doppelganger", "werewolf"]
    assert game.learned("minion") == [("werewolves_shown", {"seats": [2, 4]})]
    assert game.learned("werewolf1") == [("werewolves", {"seats": [2, 4]})]


# --- Masons (4) --------------------------------------------------------------------------------


def test_the_masons_learn_each_other() -> None:
    game = table("mason werewolf mason werewolf seer | villager robber troublemaker")
    assert game.learned("mason1") == [("masons", {"seats": [0, 2]})]
    assert game.learned("mason2") == [("masons", {"seats": [0, 2]})]
    assert game.learned("werewolf1") == [("werewolves", {"seats": [1, 3]})]


def test_a_lone_mason_learns_he_is_alone_and_may_not_look_at_the_centre() -> None:
    game = table("mason werewolf werewolf seer | villager mason robber")
    assert game.learned("mason") == [("masons", {"seats": [0]})]
    assert game.waiting() == [("seer", "seer")]


# --- Seer (5) ----------------------------------------------------------------------------------

SEER = "seer werewolf werewolf villager | robber troublemaker tanner"


def test_the_seer_may_look_at_another_players_card() -> None:
    game = table(SEER)
    cards = game.state.cards
    game.act("seer", look="werewolf2")
    assert game.learned("seer") == [("card_seen", {"seat": 2, "role": "werewolf"})]
    assert game.state.cards == cards


def test_the_seer_may_look_at_two_centre_cards() -> None:
    game = table(SEER)
    game.act("seer", centre=(2, 0))
    assert game.learned("seer") == [
        ("centre_seen", {"centre": 0, "role": "robber"}),
        ("centre_seen", {"centre": 2, "role": "tanner"}),
    ]


def test_the_seer_may_decline() -> None:
    game = table(SEER)
    game.decline("seer")
    assert game.learned("seer") == [("declined", {"step": "seer"})]
    assert game.phase == "day"


def test_the_seers_choices() -> None:
    (decision,) = table(SEER).match.pending()
    assert decision.optional
    assert decision.options == (
        Action("look", (1,)),
        Action("look", (2,)),
        Action("look", (3,)),
        Action("look", (), (0, 1)),
        Action("look", (), (0, 2)),
        Action("look", (), (1, 2)),
        PASS,
    )


@pytest.mark.parametrize(
    "action",
    [
        Action("look", (0,)),  # her own card
        Action("look", (), (1,)),  # a single centre card
        Action("look", (), (0, 1, 2)),  # three centre cards
        Action("look", (1,), (0,)),  # a player and a centre card
        Action("look", (1, 2)),  # two players
        Action("look", (), (0, 0)),  # the same centre card twice
    ],
)
def test_what_the_seer_may_not_look_at(action: Action) -> None:
    assert refused(table(SEER), "seer", action) == "action.illegal"


# --- Robber (6) --------------------------------------------------------------------------------

ROBBER = "robber werewolf werewolf villager | seer troublemaker villager"


def test_the_robber_swaps_with_a_player_and_sees_his_new_card() -> None:
    game = table(ROBBER)
    game.act("robber", rob="werewolf1")
    assert game.learned("robber") == [("robbed", {"seat": 1, "role": "werewolf"})]
    assert (game.card("robber"), game.card("werewolf1")) == ("werewolf", "robber")
    assert game.learned("werewolf1") == [("werewolves", {"seats": [1, 2]})]  # not told


def test_the_robber_joins_the_team_of_the_card_he_took() -> None:
    game = table(ROBBER)
    game.act("robber", rob="werewolf1")
    game.votes(1, 2, 3, 0)  # one vote each: nobody dies
    assert game.dead == []
    assert game.teams == {"werewolf"}
    assert game.winners == {"robber", "werewolf2"}


def test_the_robbed_player_joins_the_village() -> None:
    game = table(ROBBER)
    game.act("robber", rob="werewolf1")
    game.votes("werewolf2", "werewolf2", "robber", "werewolf2")
    assert game.dead == ["werewolf2"]
    assert game.teams == {"village"}
    assert game.winners == {"werewolf1", "villager"}


def test_the_robber_does_not_do_the_action_of_the_card_he_took() -> None:
    game = table("robber troublemaker werewolf werewolf villager | seer drunk villager")
    game.act("robber", rob="troublemaker")
    assert game.waiting() == [("troublemaker", "troublemaker")]  # the one dealt it, not him
    game.act("troublemaker", swap=("werewolf1", "villager"))
    assert game.phase == "day"
    assert [game.card(s) for s in range(5)] == [
        "troublemaker",
        "robber",
        "villager",
        "werewolf",
        "werewolf",
    ]


def test_a_robber_who_takes_a_mandatory_role_is_not_bound_by_it() -> None:
    game = table("robber drunk werewolf werewolf | seer villager troublemaker")
    game.act("robber", rob="drunk")
    assert game.waiting() == [("drunk", "drunk")]
    game.act("drunk", take=0)  # the player dealt the Drunk still acts, with the Robber card
    assert game.centre() == ["robber", "villager", "troublemaker"]
    assert (game.card("robber"), game.card("drunk")) == ("drunk", "seer")
    assert game.phase == "day"


def test_a_robber_who_takes_the_insomniac_does_not_wake_but_the_robbed_insomniac_does() -> None:
    game = table("robber insomniac werewolf werewolf | seer troublemaker villager")
    game.act("robber", rob="insomniac")
    assert game.phase == "day"
    assert game.learned("robber") == [("robbed", {"seat": 1, "role": "insomniac"})]
    assert game.learned("insomniac") == [("own_card", {"role": "robber"})]


def test_the_robber_may_decline_and_stays_a_robber() -> None:
    game = table(ROBBER)
    game.decline("robber")
    assert game.learned("robber") == [("declined", {"step": "robber"})]
    assert game.card("robber") == "robber"


@pytest.mark.parametrize(
    "action",
    [Action("rob", (0,)), Action("rob", (), (0,)), Action("rob", (1, 2)), Action("rob", (4,))],
)
def test_what_the_robber_may_not_take(action: Action) -> None:
    assert refused(table(ROBBER), "robber", action) == "action.illegal"


# --- Troublemaker (7) --------------------------------------------------------------------------

TROUBLEMAKER = "troublemaker werewolf werewolf villager | seer robber villager"


def test_the_troublemaker_swaps_two_other_players_without_looking() -> None:
    game = table(TROUBLEMAKER)
    game.act("troublemaker", swap=("werewolf1", "villager"))
    assert game.learned("troublemaker") == [("swapped", {"seats": [1, 3]})]
    assert [game.card(s) for s in range(4)] == ["troublemaker", "villager", "werewolf", "werewolf"]
    assert game.learned("villager") == []  # the swapped players are not told


def test_the_swapped_players_play_for_their_new_cards() -> None:
    game = table(TROUBLEMAKER)
    game.act("troublemaker", swap=("werewolf1", "villager"))
    game.votes("villager", "villager", "villager", "troublemaker")
    assert game.dead == ["villager"]
    assert game.winners == {"troublemaker", "werewolf1"}


def test_the_troublemaker_may_decline() -> None:
    game = table(TROUBLEMAKER)
    game.decline("troublemaker")
    assert game.learned("troublemaker") == [("declined", {"step": "troublemaker"})]
    assert [game.card(s) for s in range(4)] == ["troublemaker", "werewolf", "werewolf", "villager"]


def test_the_troublemakers_choices_are_every_pair_of_other_players() -> None:
    (decision,) = table(TROUBLEMAKER).match.pending()
    assert decision.optional
    assert decision.options == (
        Action("swap", (1, 2)),
        Action("swap", (1, 3)),
        Action("swap", (2, 3)),
        PASS,
    )


@pytest.mark.parametrize(
    "action",
    [
        Action("swap", (0, 1)),  # herself
        Action("swap", (1,)),
        Action("swap", (1, 1)),
        Action("swap", (3, 1)),  # a pair is named in seat order
        Action("swap", (1,), (0,)),  # a player and a centre card
    ],
)
def test_what_the_troublemaker_may_not_swap(action: Action) -> None:
    assert refused(table(TROUBLEMAKER), "troublemaker", action) == "action.illegal"


# --- Drunk (8) ---------------------------------------------------------------------------------

DRUNK = "drunk werewolf werewolf villager | seer robber tanner"


def test_the_drunk_must_swap_with_a_centre_card_without_looking() -> None:
    game = table(DRUNK)
    (decision,) = game.match.pending()
    assert not decision.optional
    assert decision.options == (
        Action("take", (), (0,)),
        Action("take", (), (1,)),
        Action("take", (), (2,)),
    )
    assert refused(game, "drunk", PASS) == "action.illegal"
    game.act("drunk", take=2)
    assert game.learned("drunk") == [("took_centre", {"centre": 2})]
    assert game.card("drunk") == "tanner"
    assert game.centre() == ["seer", "robber", "drunk"]


def test_the_drunk_plays_for_the_card_he_took() -> None:
    game = table(DRUNK)
    game.act("drunk", take=2)
    game.votes("werewolf1", "drunk", "drunk", "drunk")
    assert game.dead == ["drunk"]
    assert game.teams == {"tanner"}
    assert game.winners == {"drunk"}


@pytest.mark.parametrize(
    "action", [Action("take", (1,)), Action("take", (), (0, 1)), Action("take", (), (3,))]
)
def test_what_the_drunk_may_not_take(action: Action) -> None:
    assert refused(table(DRUNK), "drunk", action) == "action.illegal"


# --- Insomniac (9) -----------------------------------------------------------------------------


def test_the_insomniac_sees_her_own_card_unchanged() -> None:
    game = table("insomniac werewolf werewolf villager | robber troublemaker seer")
    assert game.phase == "day"
    assert game.learned("insomniac") == [("own_card", {"role": "insomniac"})]


def test_the_insomniac_sees_the_card_she_now_holds() -> None:
    game = table("insomniac troublemaker werewolf werewolf | robber seer villager")
    game.act("troublemaker", swap=("insomniac", "werewolf1"))
    assert game.learned("insomniac") == [("own_card", {"role": "werewolf"})]
    assert game.learned("werewolf1") == [("werewolves", {"seats": [2, 3]})]


# --- Who acts is fixed by the card dealt -------------------------------------------------------


def test_the_player_dealt_the_drunk_acts_even_after_his_card_was_swapped() -> None:
    game = table("troublemaker drunk villager werewolf werewolf | seer robber tanner")
    game.act("troublemaker", swap=("drunk", "villager"))
    assert game.waiting() == [("drunk", "drunk")]
    game.act("drunk", take=0)
    assert game.centre() == ["villager", "robber", "tanner"]
    assert (game.card("drunk"), game.card("villager")) == ("seer", "drunk")


def test_only_the_player_dealt_the_insomniac_wakes_at_nine() -> None:
    game = table("troublemaker insomniac villager werewolf werewolf | seer robber tanner")
    game.act("troublemaker", swap=("insomniac", "villager"))
    assert game.learned("insomniac") == [("own_card", {"role": "villager"})]
    assert game.learned("villager") == []


def test_every_action_reads_and_moves_the_cards_as_they_are_at_that_moment() -> None:
    game = table("seer robber troublemaker insomniac werewolf werewolf | villager villager drunk")
    game.act("seer", look="werewolf1")
    game.act("robber", rob="werewolf1")
    game.act("troublemaker", swap=("robber", "insomniac"))
    assert game.phase == "day"
    assert game.learned("seer") == [("card_seen", {"seat": 4, "role": "werewolf"})]
    assert game.learned("robber") == [("robbed", {"seat": 4, "role": "werewolf"})]
    assert game.learned("insomniac") == [("own_card", {"role": "werewolf"})]
    assert [game.card(s) for s in range(6)] == [
        "seer",
        "insomniac",
        "troublemaker",
        "werewolf",
        "robber",
        "werewolf",
    ]
    assert game.learned("werewolf1") == [("werewolves", {"seats": [4, 5]})]
