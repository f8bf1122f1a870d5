"""A table with physical cards: the narrator knows results, not ballots.

With ``narrator_knows: results`` the game master is told what a narrator sees: the
pack's victim (answered by the first awake Werewolf, for the pack), the elected
Captain and who is lynched or that nobody is (answered by the first living player,
for the table).  No ballot is invented; the default keeps every ballot.
"""

from __future__ import annotations

import pytest

from loupgarou.core.actions import Action
from loupgarou.core.errors import IllegalAction
from tests.thiercelieux.table import table

BASIC = "wolf1:wolf wolf2:wolf seer witch hunter ana:villager bob:villager cid:villager"
GIRL = "wolf1:wolf wolf2:wolf seer witch girl:little_girl ana:villager bob:villager cid:villager"


def test_by_default_every_awake_werewolf_casts_a_ballot() -> None:
    game = table(BASIC)
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "wake")
    assert game.waiting() == [("wolf1", "werewolf_vote"), ("wolf2", "werewolf_vote")]


def test_the_narrator_states_the_packs_victim_without_any_ballot() -> None:
    game = table(BASIC, narrator_knows="results")
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "wake")
    assert game.waiting() == [("wolf1", "pack_choice")]  # the pack's first awake member
    decision = game.decision("wolf1")
    assert decision.default == Action("no_victim") and not decision.optional
    assert "wolf2" in game.targets("wolf1")  # the pack as a whole may choose one of its own
    game.do("wolf1", "vote", "ana")
    assert game.public("pack_vote") == [] and not game.events("pack_vote")
    assert [e.data for e in game.events("pack_victim")] == [{"seat": 5}]
    assert set(game.events("pack_victim")[0].audience.seats) == {0, 1}
    game.decline("witch")
    assert game.deaths == [("ana", "devoured")]


def test_a_lone_werewolf_still_cannot_name_himself() -> None:
    game = table(BASIC, narrator_knows="results")
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "sleep")
    assert "wolf1" not in game.targets("wolf1")


def test_the_little_girl_decides_beside_the_packs_voice() -> None:
    game = table(GIRL, narrator_knows="results", little_girl_caught=[False])
    game.decline("seer")
    game.do("wolf1", "wake")
    game.do("wolf2", "wake")
    assert game.waiting() == [("girl", "little_girl"), ("wolf1", "pack_choice")]
    game.do("girl", "spy")
    game.do("wolf1", "no_victim")
    assert game.learned("girl")[-1] == ("spied", {"seats": [0, 1]})


def test_the_narrator_states_the_elected_captain_and_the_lynch() -> None:
    game = table(BASIC, narrator_knows="results")
    game.night(victim="ana")
    assert game.waiting() == [("wolf1", "captain_result")]  # the first living player
    game.do("wolf1", "vote", "seer")
    assert game.captain == "seer"
    assert game.waiting() == [("wolf1", "lynch_result")]
    assert "wolf1" in game.targets("wolf1")  # the table may lynch whoever gives the result
    game.do("wolf1", "vote", "wolf1")
    assert game.deaths[-1] == ("wolf1", "lynched")
    assert not game.events("votes")  # no ballot was invented


def test_the_narrator_may_state_that_nobody_is_lynched() -> None:
    game = table(BASIC, narrator_knows="results", captain=False)
    game.night(victim="ana")
    decision = game.decision("wolf1")
    assert decision.kind == "lynch_result" and decision.default == Action("no_lynch")
    game.do("wolf1", "no_lynch")
    assert game.public("no_lynch") == [{"tied": []}]
    assert game.state.phase == "night"


def test_results_are_refused_when_the_table_gives_ballots() -> None:
    game = table(BASIC)
    game.night(victim="ana")
    with pytest.raises(IllegalAction):
        game.do("wolf1", "no_lynch")
