"""Chance in scripts: fixed outcomes by label, an explicit deal, the seed for the rest."""

from __future__ import annotations

import pytest

from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import ScriptError
from loupgarou.scripting.chance import ScriptChance
from tests.scripting.builders import first_night, verdict_of

DEAL = ChanceRequest("deal", "permutation", 4)
TIEBREAK = ChanceRequest("tiebreak", "choice", 3)


def test_a_flat_list_is_one_ordering_and_a_list_of_lists_several() -> None:
    one = ScriptChance({"deal": [3, 2, 1, 0]}, 0)
    assert one.draw(DEAL) == [3, 2, 1, 0]
    several = ScriptChance({"deal": [[3, 2, 1, 0], [0, 1, 2, 3]]}, 0)
    assert several.draw(DEAL) == [3, 2, 1, 0]
    assert several.draw(DEAL) == [0, 1, 2, 3]
    assert several.unused() == []


def test_choices_are_used_in_order_then_the_seed_takes_over() -> None:
    chance = ScriptChance({"tiebreak": [2, 0]}, 5)
    assert [chance.draw(TIEBREAK), chance.draw(TIEBREAK)] == [2, 0]
    assert chance.draw(TIEBREAK) in (0, 1, 2)
    assert ScriptChance({"tiebreak": 1}, 0).draw(TIEBREAK) == 1


def test_outcomes_never_used_are_reported() -> None:
    chance = ScriptChance({"deal": [[3, 2, 1, 0], [0, 1, 2, 3]], "omen": [1]}, 0)
    chance.draw(DEAL)
    assert chance.unused() == ["deal", "omen"]


def test_the_same_seed_deals_the_same_cards() -> None:
    a = verdict_of(first_night(deal=None, seed=42))
    b = verdict_of(first_night(deal=None, seed=42))
    assert a.to_json() == b.to_json()
    assert a.standing.table is not None
    assert sorted(a.standing.table.cards + a.standing.table.centre) == sorted(a.deck)


def test_the_deal_may_be_fixed_as_card_ids() -> None:
    # The deck of La Première Nuit for five: W, W, S, R, T, V, V, V (card ids 0 to 7).
    v = verdict_of(first_night(deal=None, chance={"deal": [2, 0, 1, 3, 4, 5, 6, 7]}))
    assert v.knowledge[0].dealt == "seer"
    assert v.knowledge[1].dealt == "werewolf"


def test_unused_fixed_outcomes_are_a_warning_once_the_game_is_over() -> None:
    doc = first_night(
        deal=None,
        chance={"deal": [0, 1, 2, 3, 4, 5, 6, 7], "tiebreak": [0]},
        steps=[
            {"seat": "Carol", "do": "pass"},
            {"seat": "Dan", "do": "pass"},
            {"seat": "Eve", "do": "pass"},
            {
                "votes": {
                    "Alice": "Bob",
                    "Bob": "Alice",
                    "Carol": "Alice",
                    "Dan": "Alice",
                    "Eve": "Alice",
                }
            },
        ],
    )
    v = verdict_of(doc)
    assert v.status == "finished"
    assert [w.code for w in v.warnings] == ["script.chance_unused"]
    assert "tiebreak" in v.warnings[0].message


def test_an_explicit_deal_works_with_a_drawn_deck() -> None:
    # Anarchie: the pool is the box less two Werewolves and a Villager, in box order:
    # Doppelgänger, Minion, Mason, Mason, Seer, Robber, Troublemaker, Drunk, Insomniac,
    # Villager, Villager, Hunter, Tanner.  The identity ordering draws the first five.
    doc = first_night(
        scenario="anarchie",
        chance={"deck": list(range(13))},
        deal={
            "players": ["mason", "werewolf", "doppelganger", "seer", "mason"],
            "centre": ["minion", "villager", "werewolf"],
        },
    )
    v = verdict_of(doc)
    assert sorted(v.deck) == sorted(
        ["doppelganger", "minion", "mason", "mason", "seer", "werewolf", "werewolf", "villager"]
    )
    assert [k.dealt for k in v.knowledge] == ["mason", "werewolf", "doppelganger", "seer", "mason"]
    assert v.standing.pending[0].kind == "doppelganger"


def test_a_deal_that_does_not_match_the_drawn_deck_is_refused() -> None:
    doc = first_night(
        scenario="anarchie",
        chance={"deck": list(range(13))},
        deal={
            "players": ["tanner", "werewolf", "doppelganger", "seer", "mason"],
            "centre": ["minion", "villager", "werewolf"],
        },
    )
    with pytest.raises(ScriptError) as caught:
        verdict_of(doc)
    assert caught.value.code == "script.deal_mismatch"
    assert "drawn deck" in caught.value.message
