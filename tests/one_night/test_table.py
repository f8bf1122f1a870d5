"""The test notation itself deals exactly what it says."""

from __future__ import annotations

import pytest

from tests.one_night.table import table

SPEC = "werewolf seer robber troublemaker villager | werewolf drunk insomniac"


def test_the_notation_deals_each_card_where_it_is_written() -> None:
    game = table(SPEC)
    assert [game.card(s) for s in range(5)] == [
        "werewolf",
        "seer",
        "robber",
        "troublemaker",
        "villager",
    ]
    assert game.centre() == ["werewolf", "drunk", "insomniac"]
    assert game.learned("seer") == []
    dealt = [e for e in game.match.events if e.kind == "dealt"]
    assert [(sorted(e.audience.seats), e.data["role"]) for e in dealt] == [
        ([0], "werewolf"),
        ([1], "seer"),
        ([2], "robber"),
        ([3], "troublemaker"),
        ([4], "villager"),
    ]


def test_the_deck_is_handed_over_in_one_order_whatever_the_deal() -> None:
    other = table("villager troublemaker robber seer werewolf | insomniac drunk werewolf")
    assert table(SPEC).match.config.deck == other.match.config.deck
    assert table(SPEC).match.inputs[0].value != other.match.inputs[0].value
    assert other.card(0) == "villager"


def test_seats_are_named_after_their_role_or_as_written() -> None:
    assert table("werewolf werewolf seer | villager robber tanner").names == (
        "werewolf1",
        "werewolf2",
        "seer",
    )
    game = table("ann:werewolf bob:werewolf seer | villager robber tanner")
    assert game.names == ("ann", "bob", "seer")
    assert game.seat("bob") == 1
    assert game.seat(2) == 2
    with pytest.raises(KeyError):
        game.seat("zoe")


def test_the_notation_is_checked() -> None:
    with pytest.raises(ValueError, match="'\\|'"):
        table("werewolf werewolf seer villager robber tanner")
    with pytest.raises(ValueError, match="share a name"):
        table("seer:werewolf werewolf seer | villager robber tanner")
    game = table(SPEC)
    with pytest.raises(TypeError):
        game.act("werewolf")
    with pytest.raises(TypeError):
        game.act("werewolf", peek=0, look=1)
    with pytest.raises(TypeError):
        game.votes(1, 2)


def test_options_reach_the_game() -> None:
    assert table(SPEC, lone_wolf_peek=False).state.options.lone_wolf_peek is False
    assert table(SPEC, edition="bezier").state.options.edition == "bezier"
