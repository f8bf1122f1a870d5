"""House rules: where tables read the rules differently, each reading is an option.

RULINGS.md keeps one reading (the default, tested here too); a table that plays
another chooses it with an option listed by ``loupgarou rules thiercelieux``.
"""

from __future__ import annotations

import random

import pytest

from loupgarou.core.actions import PASS, Action
from loupgarou.core.chance import SeededChance
from loupgarou.core.errors import IllegalAction, SetupError
from loupgarou.core.events import JSON
from loupgarou.core.variant import GameConfig
from loupgarou.engine import Match
from loupgarou.variants.thiercelieux import VARIANT
from loupgarou.variants.thiercelieux.setup import MAX_PLAYERS
from tests.thiercelieux.table import Table, table

BASIC = "wolf1:wolf wolf2:wolf seer witch hunter ana:villager bob:villager cid:villager"
THIEF = (
    "thief wolf1:wolf wolf2:wolf seer witch hunter ana:villager bob:villager | little_girl villager"
)


def test_every_house_rule_is_a_listed_option_whose_default_is_the_rulings_reading() -> None:
    options = {o.name: o for o in VARIANT.options}
    assert options["witch_one_potion_per_night"].default is False
    assert options["thief_must_swap"].default is False
    assert options["pack_may_devour_werewolf"].default is True
    assert options["captain_outside_tie"].default == "pick"
    assert options["captain_outside_tie"].choices == ("pick", "revote")


# --- the Witch: one potion a night ---------------------------------------------------------------


def the_witch_poisons_bob_on_the_night_ana_is_devoured(**options: JSON) -> Match:
    game = table(BASIC, **options)
    game.decline("seer")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "wake")
    for wolf in ("wolf1", "wolf2"):
        game.do(wolf, "vote", "ana")
    game.do("witch", "poison", "bob")
    return game.match


def test_by_default_the_witch_may_still_heal_after_poisoning() -> None:
    match = the_witch_poisons_bob_on_the_night_ana_is_devoured()
    (decision,) = match.pending()
    assert decision.kind == "witch" and {a.kind for a in decision.options} == {"heal", "pass"}


def test_a_table_that_allows_one_potion_a_night_goes_to_dawn_after_the_poison() -> None:
    match = the_witch_poisons_bob_on_the_night_ana_is_devoured(witch_one_potion_per_night=True)
    assert all(d.kind != "witch" for d in match.pending())
    dawn = [e for e in match.events if e.kind == "dawn"]
    assert dawn[-1].data == {"day": 1, "deaths": [5, 6]}  # ana devoured, bob poisoned


def test_with_one_potion_a_night_the_healing_potion_waits_for_the_next_night() -> None:
    game = table(BASIC, witch_one_potion_per_night=True, captain=False)
    game.night(victim="ana", poison="bob")  # she poisons; she cannot heal ana too
    assert game.deaths == [("ana", "devoured"), ("bob", "poisoned")]
    game.all_vote("cid", cid="seer")
    game.night(victim="seer", heal=True)
    assert ("seer", "devoured") not in game.deaths


# --- the Thief who must swap --------------------------------------------------------------------


def test_by_default_the_thief_may_keep_his_card() -> None:
    decision = table(THIEF).decision("thief")
    assert decision.optional and PASS in decision.options


def test_a_table_where_the_thief_must_swap_takes_a_card_even_on_a_timeout() -> None:
    game = table(THIEF, thief_must_swap=True)
    decision = game.decision("thief")
    assert not decision.optional and PASS not in decision.options
    with pytest.raises(IllegalAction, match="'thief' is mandatory"):
        game.decline("thief")
    game.timeout("thief")
    assert game.role("thief") == "little_girl"


# --- the pack and its own -----------------------------------------------------------------------


def test_by_default_the_pack_may_devour_one_of_its_own() -> None:
    game = table(BASIC)
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "sleep")
    assert "wolf2" in game.targets("wolf1")
    game.do("wolf1", "vote", "wolf2")
    assert game.state.victim == game.seat("wolf2")


def test_a_table_where_wolves_spare_their_own_offers_no_werewolf_as_a_victim() -> None:
    game = table(BASIC, pack_may_devour_werewolf=False)
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "sleep")
    assert game.targets("wolf1") == {"seer", "witch", "hunter", "ana", "bob", "cid"}
    with pytest.raises(IllegalAction):
        game.do("wolf1", "vote", "wolf2")


def test_a_thief_who_took_a_werewolf_card_is_spared_by_the_pack_that_night() -> None:
    game = table(
        "thief wolf1:wolf wolf2:wolf seer witch hunter ana:villager bob:villager | wolf villager",
        pack_may_devour_werewolf=False,
    )
    game.do("thief", "take", centre=0)
    game.decline("seer")
    for wolf in ("thief", "wolf1", "wolf2"):
        game.do(wolf, "wake")
    assert game.targets("wolf1") == {"seer", "witch", "hunter", "ana", "bob"}


# --- a lynch tie the Captain voted outside ------------------------------------------------------


def a_tie_between_ana_and_bob_while_the_captain_voted_for_the_hunter(**options: JSON) -> Table:
    game = table(BASIC, **options)
    game.night()
    game.all_vote("seer", seer="witch")  # the Seer is elected Captain
    game.votes({"seer": "hunter", "witch": "ana", "cid": "ana", "ana": "bob"})
    game.votes({"wolf1": "bob", "wolf2": "bob", "hunter": "ana", "bob": "cid"})
    return game  # ana 3, bob 3, the Hunter 2 (the Captain's), cid 1


def test_by_default_the_captain_who_voted_outside_the_tie_picks_one() -> None:
    game = a_tie_between_ana_and_bob_while_the_captain_voted_for_the_hunter()
    assert game.waiting() == [("seer", "captain_pick")]


def test_a_table_that_revotes_when_the_captain_voted_outside_the_tie() -> None:
    game = a_tie_between_ana_and_bob_while_the_captain_voted_for_the_hunter(
        captain_outside_tie="revote"
    )
    assert game.public("vote_opens")[-1] == {"vote": "lynch_revote", "candidates": [5, 6]}
    assert len(game.waiting()) == 8  # everyone alive, the tied and the Captain too
    assert game.targets("seer") == {"ana", "bob"}
    game.votes({"seer": "bob", "witch": "ana", "cid": "ana", "ana": "bob", "hunter": "ana"})
    game.votes({"wolf1": "bob", "wolf2": "ana", "bob": "ana"})
    # ana 5, bob 4 (the Captain's ballot counts twice): ana is lynched by the count.
    assert game.deaths == [("ana", "lynched")]


def test_after_such_a_revote_a_second_tie_is_settled_by_the_captains_ballot() -> None:
    game = a_tie_between_ana_and_bob_while_the_captain_voted_for_the_hunter(
        captain_outside_tie="revote", captain_vote="tiebreak_only"
    )
    game.votes({"seer": "bob", "ana": "bob", "wolf1": "bob", "wolf2": "bob"})
    game.votes({"witch": "ana", "cid": "ana", "hunter": "ana", "bob": "ana"})
    # 4 against 4: the Captain voted for bob in the revote, so bob is lynched.
    assert game.public("captain_decides") == [{"seat": 6, "by": 2}]
    assert game.deaths == [("bob", "lynched")]


# --- tables larger than suggested --------------------------------------------------------------


def big_deck(players: int, *, thief: bool) -> list[str]:
    wolves = players // 4
    deck = ["werewolf"] * wolves + ["seer", "witch", "hunter", "cupid", "little_girl"]
    if thief:
        deck += ["thief", "werewolf", "villager"]
    deck += ["villager"] * (players + (2 if thief else 0) - len(deck))
    return deck


def test_a_table_of_more_than_forty_plays_with_a_warning_up_to_the_engines_bound() -> None:
    assert MAX_PLAYERS == 62
    players = tuple(f"p{i}" for i in range(MAX_PLAYERS))
    config = GameConfig(VARIANT.name, players, tuple(big_deck(62, thief=True)), {})
    match = Match(VARIANT, config, SeededChance(7))
    assert [w.code for w in match.warnings] == ["setup.player_count"]
    rng = random.Random(7)
    while not match.over:
        decision = match.pending()[0]
        wake = Action("wake")
        match.submit(
            decision.seat, wake if wake in decision.options else rng.choice(decision.options)
        )
    assert match.outcome is not None


def test_beyond_the_engines_bound_a_table_is_refused_and_told_the_bound() -> None:
    players = tuple(f"p{i}" for i in range(MAX_PLAYERS + 1))
    config = GameConfig(VARIANT.name, players, tuple(big_deck(63, thief=False)), {})
    with pytest.raises(SetupError) as caught:
        Match(VARIANT, config, SeededChance(1))
    assert caught.value.code == "setup.too_many_players" and "62" in str(caught.value)
