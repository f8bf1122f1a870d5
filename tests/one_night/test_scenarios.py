"""§1.1 Scenarios and drawn decks: the Ravensburger sheet, the basic set-up, Anarchie, the bag."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loupgarou.core.chance import ScriptedChance
from loupgarou.core.errors import SetupError
from loupgarou.engine import Match, new_match
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.roles import BOX, Role, parse_role
from loupgarou.variants.one_night.scenarios import SCENARIOS, find_scenario
from loupgarou.variants.one_night.setup import draw_pool, drawn_deck, validate_deck

# The scenario sheet of seed 002, transcribed as it is printed: the deck of the smallest
# count, then what each larger count adds to that first deck.
SHEET: dict[str, tuple[int, list[str]]] = {
    "premiere-nuit": (
        3,
        [
            "2 werewolf, seer, robber, troublemaker, villager",
            "+ villager",
            "+ 2 villager",
        ],
    ),
    "pleine-lune": (
        3,
        [
            "2 werewolf, insomniac, robber, troublemaker, villager",
            "+ villager",
            "+ villager, seer",
            "+ 2 villager, seer",
        ],
    ),
    "nuit-solitaire": (
        3,
        [
            "werewolf, seer, robber, troublemaker, 2 villager",
            "+ villager",
        ],
    ),
    "confusion": (
        3,
        [
            "2 werewolf, drunk, robber, troublemaker, insomniac",
            "+ villager",
            "+ villager, seer",
            "+ 2 villager, seer",
            "+ 3 villager, seer",
            "+ 3 villager, seer, minion",
            "+ 2 villager, seer, minion, 2 mason",
        ],
    ),
    "benefice": (
        4,
        [
            "2 werewolf, hunter, seer, robber, drunk, insomniac",
            "+ troublemaker",
            "+ troublemaker, villager",
            "+ troublemaker, 2 villager",
        ],
    ),
    "mysterieux-compagnons": (
        6,
        [
            "2 werewolf, minion, hunter, seer, robber, troublemaker, 2 mason",
            "+ villager",
        ],
    ),
    "incertitudes": (
        4,
        [
            "2 werewolf, tanner, seer, robber, drunk, insomniac",
            "+ troublemaker",
            "+ troublemaker, villager",
            "+ troublemaker, 2 mason",
            "+ troublemaker, 2 mason, hunter",
            "+ troublemaker, 2 mason, hunter, minion",
            "+ troublemaker, 2 mason, hunter, minion, villager",
        ],
    ),
    "alliance": (
        5,
        [
            "2 werewolf, 2 mason, minion, robber, troublemaker, insomniac",
            "+ drunk",
            "+ drunk, seer",
            "+ drunk, seer, villager",
            "+ drunk, seer, 2 villager",
            "+ drunk, seer, 2 villager, tanner",
        ],
    ),
    "revenants": (
        8,
        [
            "2 werewolf, doppelganger, minion, hunter, seer, robber, troublemaker, villager, "
            "2 mason",
            "+ insomniac",
            "+ insomniac, drunk",
        ],
    ),
}
SHEET["basic"] = SHEET["premiere-nuit"]  # seed 000's basic set-up is the same deck


def cards(text: str) -> Counter[Role]:
    out: Counter[Role] = Counter()
    for item in text.removeprefix("+").split(","):
        words = item.split()
        count = int(words[0]) if words[0].isdigit() else 1
        role = parse_role(words[-1])
        assert role is not None, item
        out[role] += count
    return out


def sheet_decks(key: str) -> dict[int, Counter[Role]]:
    first, lines = SHEET[key]
    base = cards(lines[0])
    return {first + k: base + (cards(line) if k else Counter()) for k, line in enumerate(lines)}


FIXED = [s.key for s in SCENARIOS if s.draw == "fixed"]


def test_every_fixed_scenario_is_on_the_sheet() -> None:
    assert sorted(FIXED) == sorted(SHEET)


@pytest.mark.parametrize("key", FIXED)
def test_each_scenario_deck_matches_the_sheet(key: str) -> None:
    scenario = find_scenario(key)
    expected = sheet_decks(key)
    assert scenario.player_counts == tuple(sorted(expected))
    for players, deck in expected.items():
        assert Counter(scenario.deck_for(players)) == deck, players


@pytest.mark.parametrize("key", FIXED)
def test_each_scenario_deck_holds_players_plus_three_cards_and_is_clean(key: str) -> None:
    scenario = find_scenario(key)
    for players in scenario.player_counts:
        deck = scenario.deck_for(players)
        assert len(deck) == players + 3
        assert validate_deck(deck, players) == ()


@pytest.mark.parametrize("key", FIXED)
def test_each_scenario_deck_can_be_dealt_and_played(key: str) -> None:
    scenario = find_scenario(key)
    for players in scenario.player_counts:
        deck = [r.value for r in scenario.deck_for(players)]
        match = new_match(VARIANT, [f"p{i}" for i in range(players)], deck, seed=players)
        assert match.warnings == ()
        assert match.pending() != ()


@pytest.mark.parametrize(
    ("key", "too_few", "too_many", "span"),
    [
        ("premiere-nuit", 2, 6, "3 to 5"),
        ("pleine-lune", 2, 7, "3 to 6"),
        ("nuit-solitaire", 2, 5, "3 to 4"),
        ("confusion", 2, 10, "3 to 9"),
        ("benefice", 3, 8, "4 to 7"),
        ("mysterieux-compagnons", 5, 8, "6 to 7"),
        ("incertitudes", 3, 11, "4 to 10"),
        ("alliance", 4, 11, "5 to 10"),
        ("revenants", 7, 11, "8 to 10"),
        ("anarchie", 2, 11, "3 to 10"),
        ("bag", 2, 11, "3 to 10"),
        ("basic", 2, 6, "3 to 5"),
    ],
)
def test_a_player_count_outside_the_scenario_is_an_error_naming_the_range(
    key: str, too_few: int, too_many: int, span: str
) -> None:
    scenario = find_scenario(key)
    for players in (too_few, too_many):
        with pytest.raises(SetupError) as caught:
            scenario.deck_for(players)
        assert caught.value.code == "setup.scenario_player_count"
        assert f"played by {span} players, not {players}" in caught.value.message


def test_scenarios_are_found_by_key_french_name_or_english_title() -> None:
    assert find_scenario("Pleine Lune").key == "pleine-lune"
    assert find_scenario("alliance dans la pénombre").key == "alliance"
    assert find_scenario("  The First Night ").key == "premiere-nuit"
    assert find_scenario("ANARCHIE").draw == "anarchie"
    with pytest.raises(SetupError) as caught:
        find_scenario("blood moon")
    assert caught.value.code == "setup.unknown_scenario"


def test_the_drawn_scenarios_have_no_fixed_deck() -> None:
    assert find_scenario("anarchie").deck_for(5) == ()
    assert find_scenario("bag").deck_for(10) == ()


# --- drawn decks -------------------------------------------------------------------------------


def order_for(pool: Sequence[Role], first: Sequence[str]) -> list[int]:
    """A permutation of the pool that draws the cards ``first`` first, then the rest."""
    free = list(range(len(pool)))
    out: list[int] = []
    for name in first:
        role = parse_role(name)
        index = next(i for i in free if pool[i] is role)
        free.remove(index)
        out.append(index)
    return out + free


def drawn_match(draw: str, players: int, *firsts: Sequence[str]) -> Match:
    pool = draw_pool(draw)
    orders = [order_for(pool, first) for first in firsts]
    chance = ScriptedChance({"deck": orders, "deal": [list(range(players + 3))]})
    return new_match(
        VARIANT, [f"p{i}" for i in range(players)], [], options={"deck_draw": draw}, chance=chance
    )


SET_ASIDE = (Role.WEREWOLF, Role.WEREWOLF, Role.VILLAGER)


def test_anarchie_sets_two_werewolves_and_a_villager_aside() -> None:
    pool = Counter(draw_pool("anarchie"))
    assert pool == BOX - Counter({Role.WEREWOLF: 2, Role.VILLAGER: 1})
    assert sum(pool.values()) == 13


def test_anarchie_plays_one_drawn_card_per_player_plus_the_three_set_aside() -> None:
    match = drawn_match("anarchie", 5, ["seer", "tanner", "drunk", "hunter", "minion"])
    deck = match.state.deck
    assert Counter(deck) == Counter(
        [Role.SEER, Role.TANNER, Role.DRUNK, Role.HUNTER, Role.MINION, *SET_ASIDE]
    )
    assert [i.label for i in match.inputs] == ["deck", "deal"]
    drawn = [e for e in match.events if e.kind == "deck_drawn"]
    assert len(drawn) == 1
    assert drawn[0].audience.everyone
    assert drawn[0].data["deck"] == list(deck)
    assert match.state.phase == "night"


def test_anarchie_redraws_a_draw_holding_a_single_mason() -> None:
    match = drawn_match(
        "anarchie",
        4,
        ["mason", "seer", "robber", "drunk"],
        ["mason", "mason", "seer", "robber"],
    )
    assert Counter(match.state.deck) == Counter(
        [Role.MASON, Role.MASON, Role.SEER, Role.ROBBER, *SET_ASIDE]
    )
    assert [i.label for i in match.inputs] == ["deck", "deck", "deal"]
    redrawn = [e for e in match.events if e.kind == "deck_redrawn"]
    assert len(redrawn) == 1
    assert not redrawn[0].audience.everyone and not redrawn[0].audience.seats


def test_anarchie_for_ten_players_draws_ten_cards() -> None:
    match = drawn_match("anarchie", 10, [])
    assert len(match.state.deck) == 13
    assert Counter(match.state.deck)[Role.WEREWOLF] == 2


def test_the_bag_draws_players_plus_three_from_the_whole_box() -> None:
    match = drawn_match("bag", 3, ["werewolf", "werewolf", "seer", "tanner", "hunter", "minion"])
    assert Counter(match.state.deck) == Counter(
        [Role.WEREWOLF, Role.WEREWOLF, Role.SEER, Role.TANNER, Role.HUNTER, Role.MINION]
    )
    assert Counter(draw_pool("bag")) == BOX


def test_a_mason_drawn_from_the_bag_brings_the_other() -> None:
    deck = drawn_match("bag", 3, ["seer", "mason", "robber", "tanner", "drunk"]).state.deck
    assert Counter(deck) == Counter(
        [Role.SEER, Role.MASON, Role.MASON, Role.ROBBER, Role.TANNER, Role.DRUNK]
    )


def test_a_mason_drawn_for_the_last_place_in_the_bag_is_put_back() -> None:
    first = ["seer", "robber", "tanner", "drunk", "hunter", "mason", "minion"]
    deck = drawn_match("bag", 3, first).state.deck
    assert Counter(deck) == Counter(
        [Role.SEER, Role.ROBBER, Role.TANNER, Role.DRUNK, Role.HUNTER, Role.MINION]
    )


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["anarchie", "bag"]), st.integers(3, 10), st.randoms(use_true_random=False))
def test_every_drawn_deck_is_a_legal_deck_of_box_cards(
    draw: str, players: int, rnd: random.Random
) -> None:
    order = list(range(len(draw_pool(draw))))
    rnd.shuffle(order)
    deck = drawn_deck(draw, players, order)
    if deck is None:  # a single Mason: redrawn
        assert draw == "anarchie"
        shuffled = [draw_pool(draw)[i] for i in order]
        assert shuffled[:players].count(Role.MASON) == 1
        return
    assert len(deck) == players + 3
    assert deck.count(Role.MASON) in (0, 2)
    assert not Counter(deck) - BOX
    assert "setup.more_than_box" not in {w.code for w in validate_deck(deck, players)}
    if draw == "anarchie":
        assert Counter(deck)[Role.WEREWOLF] == 2
        assert Counter(deck)[Role.VILLAGER] >= 1
