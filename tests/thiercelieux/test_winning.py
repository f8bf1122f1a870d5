"""§2.5 Winning: checked once every death of a resolution is applied."""

from __future__ import annotations

from loupgarou.variants.thiercelieux import VARIANT
from tests.thiercelieux.table import Table, table

BASIC = "wolf1:wolf wolf2:wolf seer witch hunter ana:villager bob:villager cid:villager"
COUPLE = "wolf1:wolf wolf2:wolf cupid ana:villager bob:villager cid:villager dan:villager"


def test_the_village_wins_when_no_werewolf_is_alive() -> None:
    game = table(BASIC, captain=False)
    game.night(victim="ana")
    game.all_vote("wolf1", wolf1="bob")
    game.night(victim=None)
    game.all_vote("wolf2", wolf2="bob")
    assert game.over
    assert game.teams == {"village"} and game.reasons == ["village.no_werewolf"]
    assert game.winners == {"seer", "witch", "hunter", "ana", "bob", "cid"}  # ana too, dead
    assert game.public("game_over")[0]["winners"] == [2, 3, 4, 5, 6, 7]
    assert game.match.pending() == ()


def test_the_werewolves_win_when_at_most_one_other_is_alive() -> None:
    game = table("wolf seer ana:villager bob:villager", captain=False)
    game.night(victim="seer")
    assert not game.over  # one Werewolf against two
    game.all_vote("ana", ana="bob")
    assert game.over
    assert game.teams == {"werewolves"} and game.reasons == ["werewolves.one_left"]
    assert game.winners == {"wolf"}


def _two_against_two(*, parity: bool = False) -> Table:
    game = table(BASIC, captain=False, wolves_win_at_parity=parity)
    game.night(victim="ana")
    game.all_vote("bob", bob="cid")
    game.night(victim="cid")
    game.all_vote("seer", seer="wolf1")
    return game


def test_two_werewolves_against_two_others_play_on_by_default() -> None:
    game = _two_against_two()
    assert game.alive == ["wolf1", "wolf2", "witch", "hunter"]
    assert not game.over


def test_wolves_win_at_parity_ends_it() -> None:
    game = _two_against_two(parity=True)
    assert game.alive == ["wolf1", "wolf2", "witch", "hunter"]
    assert game.reasons == ["werewolves.parity"]
    assert game.winners == {"wolf1", "wolf2"}


def test_lovers_of_opposite_camps_win_as_the_last_two_alive() -> None:
    game = table(COUPLE, captain=False)
    game.night(pair=("wolf1", "ana"), victim="cupid")
    game.all_vote("wolf2", wolf2="bob")
    game.night(victim="bob")
    game.all_vote("cid", cid="dan")
    game.night(victim="dan")
    # wolf1 and ana alone: the Werewolves' condition holds too, the Lovers' overrides it.
    assert game.teams == {"lovers"} and game.reasons == ["lovers.last_two"]
    assert game.winners == {"wolf1", "ana"}


def test_lovers_of_opposite_camps_do_not_win_with_their_camps() -> None:
    game = table(COUPLE, captain=False)
    game.night(pair=("wolf1", "ana"), victim="cupid")
    game.all_vote("wolf2", wolf2="bob")
    game.night(victim=None)
    game.all_vote("wolf1", wolf1="bob")
    assert game.deaths[-2:] == [("wolf1", "lynched"), ("ana", "grief")]
    assert game.teams == {"village"}
    assert game.winners == {"cupid", "bob", "cid", "dan"}


def test_lovers_of_one_camp_play_for_it() -> None:
    game = table(COUPLE, captain=False)
    game.night(pair=("ana", "bob"), victim="cid")
    game.all_vote("wolf1", wolf1="dan")
    game.night(victim="dan")
    game.all_vote("wolf2", wolf2="ana")
    assert game.teams == {"village"}
    assert {"ana", "bob"} <= game.winners


def test_when_the_werewolves_starve_a_lover_grieves_and_the_village_wins() -> None:
    game = table(COUPLE)
    game.night(pair=("wolf1", "ana"), sleep=("wolf1", "wolf2"))
    assert game.deaths == [("wolf1", "starved"), ("wolf2", "starved"), ("ana", "grief")]
    assert game.reasons == ["village.starved"]
    assert game.winners == {"cupid", "bob", "cid", "dan"}


def test_nobody_wins_when_nobody_is_alive() -> None:
    game = table("wolf hunter cupid")
    game.night(pair=("hunter", "cupid"), victim="hunter")
    assert game.alive == ["wolf"]  # the Werewolves would win, but the Hunter shoots
    game.shoot("hunter", "wolf")
    assert game.over and game.winners == set() and game.teams == set()
    assert game.reasons == ["nobody.all_dead"]


def test_the_check_waits_for_the_hunters_shot() -> None:
    game = table("wolf hunter seer villager", captain=False)
    game.night(victim="seer")
    game.all_vote("hunter", hunter="wolf")
    assert not game.over  # wolf and villager alone, but the Hunter has not shot yet
    game.shoot("hunter", "wolf")
    assert game.teams == {"village"}
    game = table("wolf hunter seer villager", captain=False)
    game.night(victim="seer")
    game.all_vote("hunter", hunter="wolf")
    game.decline("hunter")
    assert game.teams == {"werewolves"}


def test_the_nights_deaths_are_all_applied_before_the_check() -> None:
    # Devoured villager alone would leave the Werewolf with the Witch: a Werewolf win.
    game = table("wolf witch villager")
    game.night(victim="villager", poison="wolf")
    assert game.teams == {"village"} and game.winners == {"witch", "villager"}


def test_no_successor_is_named_once_the_game_is_over() -> None:
    game = table("wolf seer ana:villager bob:villager")
    game.night(victim=None)
    game.all_vote("wolf", wolf="seer")
    assert game.captain == "wolf"
    game.all_vote("wolf", wolf="seer")
    assert game.over and game.teams == {"village"}
    assert game.match.pending() == ()


def test_the_end_shows_every_card_and_the_lovers() -> None:
    game = table("thief wolf seer witch villager villager villager villager | wolf villager")
    game.night(take=1, victim=None, sleep=("wolf",))
    (cards,) = game.public("cards_revealed")
    assert cards == {
        "players": ["villager", "werewolf", "seer", "witch"] + ["villager"] * 4,
        "set_aside": ["werewolf", "thief"],
        "lovers": [],
    }
    public = VARIANT.public(game.state)
    assert public["phase"] == "over" and len(public["revealed"]) == 8


def test_the_werewolves_win_without_their_lover_of_the_other_camp() -> None:
    game = table(COUPLE, captain=False)
    game.night(pair=("wolf1", "ana"), victim="cupid")
    game.all_vote("bob", bob="cid")
    game.night(victim="cid")
    assert game.alive == ["wolf1", "wolf2", "ana", "dan"] and not game.over
    game.all_vote("dan", dan="ana")
    # wolf2 and the Lovers: one non-Werewolf left, but the Werewolf Lover plays for himself.
    assert game.reasons == ["werewolves.one_left"]
    assert game.winners == {"wolf2"}


def _lovers_and_the_hunter() -> Table:
    """wolf and ana, Lovers of opposite camps, and the lynched Hunter about to shoot."""
    game = table("wolf hunter cupid ana:villager bob:villager", captain=False)
    game.night(pair=("wolf", "ana"), victim="cupid")
    game.all_vote("bob", bob="hunter")
    game.night(victim=None)
    game.all_vote("hunter", hunter="ana")
    return game


def test_the_lovers_win_once_the_hunter_has_let_them_be() -> None:
    game = _lovers_and_the_hunter()
    assert game.alive == ["wolf", "ana"]
    assert not game.over and game.waiting() == [("hunter", "hunter")]
    game.decline("hunter")
    assert game.teams == {"lovers"} and game.winners == {"wolf", "ana"}


def test_the_hunters_shot_at_the_last_two_lovers_leaves_nobody() -> None:
    game = _lovers_and_the_hunter()
    game.shoot("hunter", "ana")
    assert game.deaths[-2:] == [("ana", "shot"), ("wolf", "grief")]
    assert game.reasons == ["nobody.all_dead"] and game.winners == set()


def test_a_hunters_shot_at_dawn_settles_the_game_before_the_day() -> None:
    game = table("wolf hunter seer ana:villager bob:villager")
    game.night(victim="hunter")
    assert not game.over  # one Werewolf against three, the Hunter still to shoot
    game.shoot("hunter", "wolf")
    assert game.teams == {"village"} and game.winners == {"hunter", "seer", "ana", "bob"}
    assert game.public("day_begins") == [] and game.public("vote_opens") == []
    game = table("wolf hunter seer ana:villager")
    game.night(victim="hunter")
    assert not game.over  # one Werewolf against two
    game.shoot("hunter", "seer")
    assert game.teams == {"werewolves"} and game.reasons == ["werewolves.one_left"]
    assert game.public("day_begins") == []
