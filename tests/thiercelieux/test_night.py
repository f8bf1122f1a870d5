"""§2.2-2.3 The night: the calls, the Thief, Cupid and the Lovers, the Seer, the
Werewolves and the Little Girl, the Witch."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import PASS, Action
from loupgarou.core.chance import ChanceRequest, ScriptedChance
from loupgarou.core.events import JSON
from loupgarou.core.variant import GameConfig
from loupgarou.engine import Match
from loupgarou.variants.thiercelieux import VARIANT
from tests.thiercelieux.table import deal_for, table

FULL = "thief wolf wolf seer witch hunter cupid little_girl villager villager | wolf villager"
BASIC = "wolf1:wolf wolf2:wolf seer witch hunter ana:villager bob:villager cid:villager"


# --- the calls ---------------------------------------------------------------------------------


def test_night_one_calls_every_role_of_the_deck_in_order() -> None:
    game = table(FULL, captain=False)
    game.night(pair=("villager1", "villager2"))
    assert game.calls() == ["thief", "cupid", "lovers", "seer", "werewolves", "witch"]


def test_later_nights_call_seer_werewolves_witch() -> None:
    game = table(BASIC, captain=False)
    game.night()
    game.all_vote("ana", ana="bob")
    game.night()
    assert game.calls() == ["seer", "werewolves", "witch"] * 2
    assert [e["night"] for e in game.public("night_step")] == [1, 1, 1, 2, 2, 2]


def test_the_calls_depend_on_the_deck_not_on_the_deal_nor_on_who_lives() -> None:
    # The Seer's and the Witch's cards are set aside here: they are called all the same.
    aside = table("thief wolf wolf hunter cupid villager villager villager | seer witch")
    aside.night(pair=("villager1", "villager2"))
    played = table(FULL)
    played.night(pair=("villager1", "villager2"))
    assert aside.calls() == played.calls()
    # A dead Seer is still called, and her step has no decision.
    game = table(BASIC, captain=False)
    game.night(victim="seer")
    assert "seer" not in game.alive
    game.all_vote("ana", ana="bob")
    assert game.waiting() == [("wolf1", "werewolf_wake"), ("wolf2", "werewolf_wake")]
    assert game.calls()[-2:] == ["seer", "werewolves"]


def test_the_public_view_at_night_shows_the_step_only() -> None:
    game = table(BASIC)
    public = VARIANT.public(game.state)
    assert public == {
        "phase": "night",
        "players": 8,
        "deck": list(game.match.config.deck),
        "night": 1,
        "day": 0,
        "step": "seer",
        "alive": list(range(8)),
        "captain": None,
        "revealed": [],
    }


def test_the_dead_have_no_night_decision() -> None:
    game = table(GIRL, captain=False)
    game.night(victim="girl", poison="wolf2")
    game.all_vote("witch", witch="ana")
    assert game.alive == ["wolf1", "seer", "ana", "bob", "cid"]
    game.decline("seer")
    assert game.waiting() == [("wolf1", "werewolf_wake")]  # not the dead wolf2
    game.do("wolf1", "wake")
    assert game.waiting() == [("wolf1", "werewolf_vote")]  # no dead Little Girl spying
    game.do("wolf1", "vote", "ana")
    assert game.phase == "day"  # no dead Witch brewing
    assert game.calls()[-3:] == ["seer", "werewolves", "witch"]
    assert game.learned("witch")[-1] == ("voted", {"vote": "lynch", "seat": 5})


# --- the Thief ---------------------------------------------------------------------------------


def test_the_thief_sees_the_set_aside_cards_and_may_keep_his_own() -> None:
    game = table(FULL)
    assert game.waiting() == [("thief", "thief")]
    decision = game.decision("thief")
    assert decision.optional and decision.default == PASS
    assert set(decision.options) == {Action("take", (), (0,)), Action("take", (), (1,)), PASS}
    assert game.learned("thief") == [("set_aside_seen", {"roles": ["werewolf", "villager"]})]
    game.decline("thief")
    assert game.role("thief") == "thief"
    assert game.set_aside() == ["werewolf", "villager"]


def test_the_thief_takes_a_card_and_plays_it_from_this_night_on() -> None:
    game = table(FULL)
    game.do("thief", "take", centre=1)
    assert game.role("thief") == "villager"
    assert game.set_aside() == ["werewolf", "thief"]
    assert game.learned("thief")[-1] == ("took", {"centre": 1, "role": "villager"})
    assert sorted(game.state.cards) == list(range(12))  # no card created or lost


def test_a_werewolf_taken_by_the_thief_hunts_with_the_pack_that_night() -> None:
    game = table(FULL)
    game.do("thief", "take", centre=0)
    game.do("cupid", "pair", "villager1", "villager2")
    game.decline("seer")
    assert game.waiting() == [
        ("thief", "werewolf_wake"),
        ("wolf1", "werewolf_wake"),
        ("wolf2", "werewolf_wake"),
    ]


def test_a_thief_who_takes_cupid_pairs_the_lovers_that_same_night() -> None:
    game = table("thief wolf wolf seer witch hunter villager villager | cupid villager")
    game.do("thief", "take", centre=0)
    assert game.role("thief") == "cupid"
    assert game.waiting() == [("thief", "cupid")]
    game.do("thief", "pair", "thief", "villager1")
    assert game.lovers == ["thief", "villager1"]
    assert game.calls() == ["thief", "cupid", "lovers", "seer"]


def test_a_thief_who_takes_the_seer_looks_that_same_night() -> None:
    game = table("thief wolf wolf witch hunter villager villager villager | seer villager")
    assert game.calls() == ["thief"]
    game.do("thief", "take", centre=0)
    assert game.waiting() == [("thief", "seer")]
    game.do("thief", "look", "wolf1")
    assert game.learned("thief")[-1] == ("card_seen", {"seat": 1, "role": "werewolf"})


def test_two_werewolves_set_aside_force_the_thief_to_take_one() -> None:
    game = table(
        "thief wolf seer witch hunter villager villager villager villager villager | wolf wolf"
    )
    decision = game.decision("thief")
    assert not decision.optional
    assert decision.options == (Action("take", (), (0,)), Action("take", (), (1,)))
    assert decision.default == Action("take", (), (0,))
    game.timeout("thief")
    assert game.role("thief") == "werewolf"


def test_a_set_aside_thief_is_called_but_nobody_answers() -> None:
    game = table("wolf wolf seer witch hunter villager villager villager | thief villager")
    assert game.calls() == ["thief", "seer"]
    assert game.waiting() == [("seer", "seer")]


def test_the_only_werewolf_left_aside_means_the_village_wins_at_once() -> None:
    game = table("thief seer witch hunter villager villager villager villager | wolf villager")
    game.decline("thief")
    game.decline("seer")
    assert game.over and game.teams == {"village"}
    assert game.reasons == ["village.no_werewolf"]


# --- Cupid and the Lovers ----------------------------------------------------------------------


def test_cupid_must_pair_two_distinct_players_possibly_himself() -> None:
    game = table("wolf wolf seer cupid villager villager villager villager")
    decision = game.decision("cupid")
    assert not decision.optional and PASS not in decision.options
    pairs = {a.players for a in decision.options}
    assert len(pairs) == 28  # every pair of the 8 players
    assert (3, 4) in pairs and all(a != b for a, b in pairs)
    # Timeout: the two players clockwise after Cupid.
    assert decision.default == Action("pair", (4, 5))


def test_the_lovers_learn_each_other_and_nothing_more() -> None:
    game = table("wolf wolf seer cupid villager villager villager villager")
    game.do("cupid", "pair", "cupid", "wolf1")
    assert game.lovers == ["wolf1", "cupid"]
    assert game.learned("cupid") == [
        ("paired", {"seats": [0, 3]}),
        ("lovers", {"seats": [0, 3]}),
    ]
    assert game.learned("wolf1") == [("lovers", {"seats": [0, 3]})]
    (event,) = game.events("lovers")
    assert sorted(event.audience.seats) == [0, 3]
    assert game.learned("seer") == []


# --- the Seer ----------------------------------------------------------------------------------


def test_the_seer_sees_the_card_of_another_living_player() -> None:
    game = table(BASIC)
    decision = game.decision("seer")
    assert decision.optional and decision.default == PASS
    assert game.targets("seer") == set(game.names) - {"seer"}
    game.do("seer", "look", "wolf2")
    assert game.learned("seer") == [("card_seen", {"seat": 1, "role": "werewolf"})]
    assert game.learned("wolf2") == []


def test_the_seer_cannot_look_at_the_dead() -> None:
    game = table(BASIC, captain=False)
    game.night(victim="ana")
    game.all_vote("bob", bob="cid")
    assert "ana" not in game.targets("seer") and "bob" not in game.targets("seer")


# --- the Werewolves ----------------------------------------------------------------------------


def test_each_living_werewolf_chooses_to_wake_or_sleep() -> None:
    game = table(BASIC)
    game.decline("seer")
    assert game.waiting() == [("wolf1", "werewolf_wake"), ("wolf2", "werewolf_wake")]
    decision = game.decision("wolf1")
    assert decision.options == (Action("wake"), Action("sleep"))
    assert not decision.optional and decision.default == Action("wake")


def test_only_the_awake_werewolves_form_the_pack() -> None:
    game = table(BASIC)
    game.decline("seer")
    game.do("wolf1", "sleep")
    game.do("wolf2", "wake")
    assert game.waiting() == [("wolf2", "werewolf_vote")]
    (pack,) = game.events("pack")
    assert sorted(pack.audience.seats) == [1] and pack.data == {"seats": [1]}
    assert game.learned("wolf1") == [("stayed_asleep", {})]


def test_when_no_werewolf_wakes_they_all_starve_and_the_village_wins() -> None:
    game = table(BASIC)
    game.night(sleep=("wolf1", "wolf2"))
    assert game.over
    assert game.public("starved") == [{"seats": [0, 1]}]
    assert game.deaths == [("wolf1", "starved"), ("wolf2", "starved")]
    assert game.teams == {"village"} and game.reasons == ["village.starved"]
    assert game.winners == {"seer", "witch", "hunter", "ana", "bob", "cid"}


def test_the_pack_votes_for_any_other_living_player_or_no_victim() -> None:
    game = table(BASIC)
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "wake")
    decision = game.decision("wolf1")
    assert not decision.optional and decision.default == Action("no_victim")
    assert game.targets("wolf1", "vote") == set(game.names) - {"wolf1"}
    assert Action("no_victim") in decision.options


def test_the_pack_may_devour_one_of_its_own() -> None:
    game = table(BASIC)
    game.night(victim="wolf2", sleep=("wolf2",))  # wolf2 sleeps: wolf1 alone decides
    assert game.deaths == [("wolf2", "devoured")]


def test_the_plurality_of_the_pack_designates_the_victim() -> None:
    game = table(
        "wolf1:wolf wolf2:wolf wolf3:wolf seer witch hunter a:villager b:villager c:villager d:villager e:villager f:villager"
    )
    game.night(victim="a", ballots={"wolf3": "b"})
    assert game.public("dawn") == [{"day": 1, "deaths": [6]}]
    victims = game.events("pack_victim")
    assert [e.data for e in victims] == [{"seat": 6}]
    assert sorted(victims[0].audience.seats) == [0, 1, 2]


def test_a_tie_in_the_pack_is_drawn_at_random_among_the_tied() -> None:
    game = table(BASIC, captain=False, tiebreak=[0])
    game.night(ballots={"wolf1": "wolf2", "wolf2": "ana"})
    # Tied: wolf2 (seat 1) and ana (seat 5), in seat order; the draw picks index 0.
    assert game.deaths == [("wolf2", "devoured")]
    (victim,) = game.events("pack_victim")
    assert victim.data == {"seat": 1, "drawn_among": [1, 5]}


def test_no_victim_may_win_the_draw() -> None:
    game = table(BASIC, tiebreak=[1])
    game.night(ballots={"wolf1": "ana", "wolf2": None})
    (victim,) = game.events("pack_victim")
    assert victim.data == {"seat": None, "drawn_among": [5, None]}
    assert game.public("dawn") == [{"day": 1, "deaths": []}]


def test_the_tiebreak_request_has_one_choice_per_tied_option() -> None:
    seen: list[ChanceRequest] = []

    class Recorder:
        def __init__(self) -> None:
            self.script = ScriptedChance({"deal": [deal_for(BASIC)[2]], "tiebreak": [1]})

        def draw(self, request: ChanceRequest) -> JSON:
            seen.append(request)
            return self.script.draw(request)

    names, deck, _ = deal_for(BASIC)
    match = Match(VARIANT, GameConfig("thiercelieux", tuple(names), tuple(deck)), Recorder())
    match.submit(2, PASS)
    match.submit(0, Action("wake"))
    match.submit(1, Action("wake"))
    match.submit(0, Action("vote", (5,)))
    match.submit(1, Action("no_victim"))
    assert seen[-1] == ChanceRequest("tiebreak", "choice", 2)


# --- the Little Girl ---------------------------------------------------------------------------

GIRL = "wolf1:wolf wolf2:wolf seer witch girl:little_girl ana:villager bob:villager cid:villager"


def test_the_little_girl_decides_while_the_pack_votes() -> None:
    game = table(GIRL)
    game.decline("seer")
    assert ("girl", "little_girl") not in game.waiting()  # nobody is awake yet
    game.do("wolf1", "wake")
    game.do("wolf2", "sleep")
    assert game.waiting() == [("girl", "little_girl"), ("wolf1", "werewolf_vote")]
    decision = game.decision("girl")
    assert decision.optional and decision.options == (Action("spy"), PASS)
    assert decision.default == PASS


def test_a_little_girl_who_does_not_spy_draws_nothing() -> None:
    game = table(GIRL)  # no little_girl_caught outcome is scripted: none may be drawn
    game.night(victim="ana")
    assert game.deaths == [("ana", "devoured")]


def test_unnoticed_she_learns_the_awake_werewolves() -> None:
    game = table(GIRL, little_girl_caught=[False])
    game.night(victim="ana", spy=True, sleep=("wolf2",))
    assert game.learned("girl") == [("spying", {}), ("spied", {"seats": [0]})]
    assert game.deaths == [("ana", "devoured")]
    assert all(kind != "little_girl_caught" for kind, _ in game.learned("wolf1"))


def test_caught_she_dies_instead_of_the_designated_victim() -> None:
    game = table(GIRL, little_girl_caught=[True])
    game.night(victim="ana", spy=True)
    assert ("caught", {}) in game.learned("girl")
    assert ("little_girl_caught", {"seat": 4}) in game.learned("wolf1")
    assert game.public("dawn") == [{"day": 1, "deaths": [4]}]
    assert game.deaths == [("girl", "caught")]
    assert "ana" in game.alive


def test_caught_with_no_victim_chosen_she_dies_all_the_same() -> None:
    game = table(GIRL, little_girl_caught=[True])
    game.night(victim=None, spy=True)
    assert game.deaths == [("girl", "caught")]


@pytest.mark.parametrize(
    ("options", "chance"), [({}, 0.2), ({"little_girl_catch_chance": 0.35}, 0.35)]
)
def test_the_catch_chance_is_the_option(options: dict[str, JSON], chance: float) -> None:
    """One time in five by default; the table may choose another probability."""
    requests: list[ChanceRequest] = []

    class Recorder:
        def __init__(self) -> None:
            self.script = ScriptedChance(
                {"deal": [deal_for(GIRL)[2]], "little_girl_caught": [False]}
            )

        def draw(self, request: ChanceRequest) -> JSON:
            requests.append(request)
            return self.script.draw(request)

    names, deck, _ = deal_for(GIRL)
    config = GameConfig("thiercelieux", tuple(names), tuple(deck), options)
    match = Match(VARIANT, config, Recorder())
    match.submit(2, PASS)
    match.submit(0, Action("wake"))
    match.submit(1, Action("wake"))
    match.submit(4, Action("spy"))
    match.submit(0, Action("no_victim"))
    match.submit(1, Action("no_victim"))
    assert requests[-1] == ChanceRequest("little_girl_caught", "bernoulli", p=chance)


# --- the Witch ---------------------------------------------------------------------------------


def test_the_witch_is_shown_the_victim_and_may_heal_it() -> None:
    game = table(BASIC)
    game.night(victim="ana", heal=True)
    assert game.learned("witch") == [
        ("victim_shown", {"seat": 5}),
        ("healed", {"seat": 5}),
        ("declined", {"step": "witch"}),  # asked again, for the poison
    ]
    assert game.public("dawn") == [{"day": 1, "deaths": []}]


def test_the_witch_options_heal_poison_or_pass() -> None:
    game = table(BASIC)
    game.decline("seer")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "wake")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "vote", "ana")
    decision = game.decision("witch")
    assert decision.optional and decision.default == PASS
    assert game.targets("witch", "heal") == {"ana"}
    assert game.targets("witch", "poison") == set(game.names) - {"witch"}


def test_the_witch_may_use_both_potions_the_same_night() -> None:
    game = table(BASIC)
    game.night(victim="ana", heal=True, poison="wolf1")
    assert game.public("dawn") == [{"day": 1, "deaths": [0]}]
    assert game.deaths == [("wolf1", "poisoned")]


def test_after_poisoning_the_witch_may_still_heal() -> None:
    game = table(BASIC)
    game.decline("seer")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "wake")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "vote", "ana")
    game.do("witch", "poison", "bob")
    assert game.verbs("witch") == {"heal", "pass"}
    game.do("witch", "heal", "ana")
    assert game.deaths == [("bob", "poisoned")]


def test_each_potion_serves_once_per_game() -> None:
    game = table(BASIC, captain=False)
    game.night(victim="ana", heal=True)
    game.all_vote("bob", bob="cid")
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "wake")
    game.do("wolf1", "vote", "cid")
    game.do("wolf2", "vote", "cid")
    assert game.verbs("witch") == {"poison", "pass"}  # the healing potion is spent
    game.do("witch", "poison", "wolf1")
    assert game.phase == "day"  # nothing left to brew: she is not asked again
    game.all_vote("ana", ana="seer")
    game.night(victim=None)
    assert game.learned("witch")[-1] == ("victim_shown", {"seat": None})
    assert game.phase == "day"  # no potion left: the Witch had no decision


def test_the_witch_may_heal_herself() -> None:
    game = table(BASIC)
    game.night(victim="witch", heal=True)
    assert game.deaths == []


def test_the_witch_may_not_poison_herself_unless_the_option_allows_it() -> None:
    game = table(BASIC)
    game.decline("seer")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "wake")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "no_victim")
    assert "witch" not in game.targets("witch", "poison")
    game = table(BASIC, witch_self_poison=True)
    game.decline("seer")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "wake")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "no_victim")
    assert "witch" in game.targets("witch", "poison")
    assert game.learned("witch") == [("victim_shown", {"seat": None})]
    game.do("witch", "poison", "witch")
    assert game.deaths == [("witch", "poisoned")]


def test_the_witch_may_heal_the_caught_little_girl() -> None:
    game = table(GIRL, little_girl_caught=[True])
    game.night(victim="ana", spy=True, heal=True)
    assert ("victim_shown", {"seat": 4}) in game.learned("witch")
    assert game.deaths == []
