"""§3.4 Winning, checked whenever the numbers change: after dawn and after a lynch."""

from __future__ import annotations

from tests.lupus.table import NINE, table

# NINE, by seat: 0 ana, 1 wolf1, 2 bob, 3 seer, 4 cid, 5 dan, 6 wolf2, 7 eve, 8 fay.
EIGHT = "ana:villager wolf1:werewolf bob:villager seer cid:villager dan:villager wolf2:werewolf eve:villager"
HUMANS = {"ana", "bob", "seer", "cid", "dan", "eve", "fay"}


def test_the_humans_win_when_the_last_werewolf_is_lynched_ghosts_included() -> None:
    game = table(NINE)
    game.night(kill="ana")
    game.lynch("wolf1", "bob")
    assert not game.over
    game.night(kill="bob")
    game.lynch("wolf2", "cid")
    assert game.over and game.phase == "over"
    assert game.teams == {"humans"}
    assert game.winners == HUMANS  # ana and bob, Ghosts, win too
    assert game.reasons == ["humans.no_werewolf"]
    assert game.match.pending() == ()
    assert not any(game.may_speak(s) for s in range(9))


def test_every_card_is_shown_at_the_end() -> None:
    game = table(NINE)
    game.night(kill="ana")
    game.lynch("wolf1", "bob")
    game.night(kill="bob")
    game.lynch("wolf2", "cid")
    (shown,) = game.public("cards_revealed")
    assert shown["cards"] == [
        "villager",
        "werewolf",
        "villager",
        "seer",
        "villager",
        "villager",
        "werewolf",
        "villager",
        "villager",
    ]
    assert game.view["cards"] == shown["cards"]
    (over,) = game.public("game_over")
    assert over["teams"] == ["humans"]


def test_the_werewolves_win_at_parity_after_a_lynch() -> None:
    game = table(EIGHT)
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    assert not game.over
    game.lynch("dan", "eve")  # 2 Werewolves, 2 humans
    assert game.teams == {"werewolves"}
    assert game.winners == {"wolf1", "wolf2"}
    assert game.reasons == ["werewolves.parity"]


def test_the_werewolves_win_at_parity_after_a_night() -> None:
    game = table(NINE)
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    game.lynch("dan", "eve")
    assert not game.over  # 2 Werewolves, 3 humans
    game.night(kill="eve")
    assert game.over and game.public("dawn")[-1] == {"night": 3, "deaths": [7]}
    assert game.teams == {"werewolves"} and game.winners == {"wolf1", "wolf2"}
    assert game.public("welcome_card")[-1] == {"seat": 7}  # eve takes it as the game ends
    assert game.holder == "eve" and game.view["welcome_card"] == 7


def test_the_victim_of_a_night_that_ends_the_game_still_takes_the_welcome_card() -> None:
    # §3.3 makes no exception: the card goes to the night's victim, then the game ends.
    game = table(NINE)
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    game.lynch("dan", "eve")
    game.night(kill="eve")
    kinds = [e.kind for e in game.match.events if e.kind in ("dawn", "welcome_card", "game_over")]
    assert kinds[-3:] == ["dawn", "welcome_card", "game_over"]


def test_two_deaths_at_a_dawn_that_ends_the_game_draw_the_welcome_card_first() -> None:
    # The Seer points at the Werehamster and the pack kills eve: two Ghosts, and 2
    # Werewolves against the Seer.  The card is drawn between the two, then the
    # Werewolves win.
    game = table(NINE.replace("fay:villager", "fay:werehamster"), welcome_card=[1])
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    game.lynch("dan", "eve")
    assert not game.over  # wolf1, wolf2 against seer, eve and the Werehamster
    game.night(look="fay", kill="eve")
    assert game.public("welcome_card")[-1] == {"seat": 8, "among": [7, 8]}
    assert game.holder == "fay"
    assert game.over and game.teams == {"werewolves"}
    assert [i.label for i in game.match.inputs if i.type == "chance"][-1] == "welcome_card"


def test_the_possessed_counts_as_a_human_and_wins_with_the_werewolves() -> None:
    game = table(NINE.replace("fay:villager", "fay:possessed"))
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    game.lynch("dan", "eve")
    assert not game.over  # wolf1, wolf2 against seer, eve and the Possessed
    game.night(kill="fay")
    assert game.teams == {"werewolves"}
    assert game.winners == {"wolf1", "wolf2", "fay"}  # the Possessed, a Ghost, wins


def test_the_possessed_loses_with_the_werewolves() -> None:
    game = table(NINE.replace("fay:villager", "fay:possessed"))
    game.night(kill="ana")
    game.lynch("wolf1", "bob")
    game.night(kill="bob")
    game.lynch("wolf2", "cid")
    assert game.teams == {"humans"}
    assert game.winners == HUMANS - {"fay"}


def test_the_werehamster_counts_as_a_human_and_wins_alone_at_the_werewolves_parity() -> None:
    game = table(NINE.replace("fay:villager", "fay:werehamster"))
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid")
    game.lynch("dan", "eve")
    assert not game.over  # wolf1, wolf2 against seer, eve and the Werehamster
    game.night(kill="eve")
    assert game.teams == {"werehamster"} and game.winners == {"fay"}
    assert game.reasons == ["werewolves.parity", "werehamster.alive"]


def test_the_werehamster_alive_when_the_last_werewolf_dies_wins_alone() -> None:
    game = table(NINE.replace("fay:villager", "fay:werehamster"))
    game.night(kill="ana")
    game.lynch("wolf1", "bob")
    game.night(kill="bob")
    game.lynch("wolf2", "cid")
    assert game.teams == {"werehamster"} and game.winners == {"fay"}
    assert game.reasons == ["humans.no_werewolf", "werehamster.alive"]


def test_a_dead_werehamster_lets_the_humans_win() -> None:
    game = table(NINE.replace("fay:villager", "fay:werehamster"), welcome_card=[0])
    game.night(look="fay", kill="ana")
    game.lynch("wolf1", "bob")
    game.night(kill="bob")
    game.lynch("wolf2", "cid")
    assert game.teams == {"humans"} and game.winners == HUMANS - {"fay"}


MYTH = NINE.replace("fay:villager", "fay:mythomaniac")


def test_a_mythomaniac_who_joins_the_pack_can_bring_parity_at_dawn() -> None:
    game = table(MYTH)
    game.night(kill="ana")
    game.lynch("bob", "cid")
    game.night(kill="cid", choose="wolf1")  # 3 Werewolves against seer, dan, eve
    assert game.over and game.public("dawn")[-1] == {"night": 2, "deaths": [4]}
    assert game.teams == {"werewolves"}
    assert game.winners == {"wolf1", "wolf2", "fay"}
    (shown,) = game.public("cards_revealed")
    assert (shown["cards"][8], shown["roles"][8]) == ("mythomaniac", "werewolf")


def test_a_mythomaniac_who_became_a_villager_wins_with_the_humans() -> None:
    game = table(MYTH)
    game.night(kill="ana")
    game.lynch("wolf1", "bob")
    game.night(kill="bob", choose="dan")
    game.lynch("wolf2", "cid")
    assert game.teams == {"humans"} and "fay" in game.winners


def test_a_mythomaniac_who_never_chose_is_a_human() -> None:
    game = table(MYTH)
    game.night(kill="fay")
    game.lynch("wolf1", "bob")
    game.night(kill="bob")
    game.lynch("wolf2", "cid")
    assert game.teams == {"humans"} and game.winners == HUMANS


def test_no_card_or_cause_of_death_is_public_before_the_end() -> None:
    game = table(
        NINE.replace("fay:villager", "fay:werehamster").replace("eve:villager", "eve:medium"),
        welcome_card=[0],
    )
    game.night(look="fay", kill="ana")  # two Ghosts: one devoured, one seen
    game.lynch("wolf1", "bob")
    game.night(kill="bob")
    game.lynch("wolf2", "cid")
    assert game.over
    shown = [e for e in game.match.events if e.audience.everyone]
    end = [e.kind for e in shown].index("cards_revealed")
    assert end == len(shown) - 2 and shown[-1].kind == "game_over"
    for event in shown[:end]:
        assert not {"role", "roles", "cards", "cause", "causes"} & set(event.data), event
    assert game.public("dawn") == [{"night": 1, "deaths": [0, 8]}, {"night": 2, "deaths": [2]}]
    assert game.public("lynched") == [{"seat": 1}, {"seat": 6}]
