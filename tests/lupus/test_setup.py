"""§3.1 Set-up: the default deck, the deck checks (errors and warnings), the options."""

from __future__ import annotations

from collections import Counter

import pytest

from loupgarou.core.chance import SeededChance
from loupgarou.core.errors import SetupError
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.variants.lupus import OPTIONS, VARIANT, default_deck, parse_role
from loupgarou.variants.lupus.roles import Role


def names(n: int) -> tuple[str, ...]:
    return tuple(f"p{i}" for i in range(n))


def setup(n: int, deck: list[str] | tuple[str, ...], **options: object) -> list[str]:
    """Set up a table; return the warning codes."""
    _, warnings = VARIANT.setup(GameConfig("lupus", names(n), tuple(deck), dict(options)))
    return [w.code for w in warnings]


def error(n: int, deck: list[str] | tuple[str, ...], **options: object) -> str:
    with pytest.raises(SetupError) as caught:
        VARIANT.setup(GameConfig("lupus", names(n), tuple(deck), dict(options)))
    assert caught.value.message
    return caught.value.code


def basic(n: int, *specials: str) -> list[str]:
    """2 Werewolves (3 from 16), the Seer, ``specials`` and Villagers for the rest."""
    wolves = 3 if n >= 16 else 2
    return (
        ["werewolf"] * wolves
        + ["seer", *specials]
        + ["villager"] * (n - wolves - 1 - len(specials))
    )


# --- the default deck --------------------------------------------------------------------------


def test_eight_players_play_two_werewolves_the_seer_and_five_villagers() -> None:
    assert Counter(default_deck(8)) == {"werewolf": 2, "seer": 1, "villager": 5}


@pytest.mark.parametrize("n", range(9, 16))
def test_each_extra_player_adds_a_villager_up_to_15(n: int) -> None:
    assert Counter(default_deck(n)) == {"werewolf": 2, "seer": 1, "villager": n - 3}


@pytest.mark.parametrize("n", range(16, 25))
def test_from_16_players_a_third_werewolf(n: int) -> None:
    assert Counter(default_deck(n)) == {"werewolf": 3, "seer": 1, "villager": n - 4}


def test_special_characters_take_the_place_of_villagers() -> None:
    deck = default_deck(13, ["medium", "owl", "freemason", "freemason"])
    assert Counter(deck) == {
        "werewolf": 2,
        "seer": 1,
        "medium": 1,
        "owl": 1,
        "freemason": 2,
        "villager": 6,
    }


def test_the_default_deck_refuses_what_a_deck_refuses() -> None:
    with pytest.raises(SetupError) as caught:
        default_deck(8, ["medium"])
    assert caught.value.code == "setup.special_below_9"
    with pytest.raises(SetupError) as caught:
        default_deck(13, ["freemason"])
    assert caught.value.code == "setup.single_freemason"
    with pytest.raises(SetupError) as caught:
        default_deck(
            9,
            ["medium", "possessed", "bodyguard", "owl", "werehamster", "mythomaniac", "freemason"],
        )
    assert caught.value.code == "setup.too_many_specials"
    with pytest.raises(SetupError) as caught:
        default_deck(7)
    assert caught.value.code == "setup.too_few_players"


def test_an_empty_deck_means_the_default_deck() -> None:
    state, warnings = VARIANT.setup(GameConfig("lupus", names(16), ()))
    assert Counter(r.value for r in state.deck) == {"werewolf": 3, "seer": 1, "villager": 12}
    assert warnings == ()
    match = Match(VARIANT, GameConfig("lupus", names(8), ()), SeededChance(1))
    assert match.state.phase == "night"


# --- errors ------------------------------------------------------------------------------------


def test_eight_to_twenty_four_players() -> None:
    assert error(7, basic(8)[:7]) == "setup.too_few_players"
    assert error(25, basic(25)) == "setup.too_many_players"
    assert setup(8, basic(8)) == []
    assert setup(24, basic(24)) == []


def test_one_card_per_player() -> None:
    assert error(9, basic(8)) == "setup.card_count"
    assert error(8, basic(9)) == "setup.card_count"


def test_an_unknown_card_is_refused() -> None:
    assert error(8, [*basic(8)[:-1], "witch"]) == "setup.unknown_role"


@pytest.mark.parametrize(
    "special", ["medium", "possessed", "bodyguard", "owl", "werehamster", "mythomaniac"]
)
def test_special_characters_only_from_nine_players(special: str) -> None:
    assert error(8, basic(8, special)) == "setup.special_below_9"
    assert "setup.special_below_9" not in setup(9, basic(9, special))


def test_the_freemasons_are_a_pair() -> None:
    assert error(13, basic(13, "freemason")) == "setup.single_freemason"
    assert error(13, basic(13, "freemason", "freemason", "freemason")) == "setup.duplicate_role"
    assert setup(13, basic(13, "freemason", "freemason")) == []


def test_the_freemason_pair_needs_nine_players_too() -> None:
    assert error(8, basic(8, "freemason", "freemason")) == "setup.special_below_9"


@pytest.mark.parametrize(
    "role", ["seer", "medium", "possessed", "bodyguard", "owl", "werehamster", "mythomaniac"]
)
def test_a_character_the_box_holds_once_appears_once(role: str) -> None:
    assert error(12, basic(12, role, role)) == "setup.duplicate_role"


def test_the_deck_needs_a_werewolf_and_fewer_werewolves_than_humans() -> None:
    assert error(8, ["seer"] + ["villager"] * 7) == "setup.no_werewolf"
    assert (
        error(8, ["werewolf"] * 4 + ["seer"] + ["villager"] * 3) == "setup.wolves_not_outnumbered"
    )
    assert "setup.werewolf_count" in setup(8, ["werewolf"] * 3 + ["seer"] + ["villager"] * 4)


# --- warnings ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("special", "minimum"),
    [("medium", 9), ("possessed", 10), ("bodyguard", 11), ("owl", 12)],
)
def test_suggested_minimums_are_warnings(special: str, minimum: int) -> None:
    if minimum > 9:
        assert setup(minimum - 1, basic(minimum - 1, special)) == ["setup.below_suggested"]
    assert setup(minimum, basic(minimum, special)) == []


def test_freemasons_are_suggested_from_thirteen_players() -> None:
    assert setup(12, basic(12, "freemason", "freemason")) == ["setup.below_suggested"]
    assert setup(13, basic(13, "freemason", "freemason")) == []


def test_werehamster_and_mythomaniac_have_no_suggested_minimum() -> None:
    assert setup(9, basic(9, "werehamster", "mythomaniac")) == []


def test_an_unusual_number_of_werewolves_or_no_seer_is_a_warning() -> None:
    assert setup(16, ["werewolf"] * 2 + ["seer"] + ["villager"] * 13) == ["setup.werewolf_count"]
    assert setup(8, ["werewolf"] * 2 + ["villager"] * 6) == ["setup.no_seer"]


# --- roles and options -------------------------------------------------------------------------


def test_role_names_in_english_french_and_italian() -> None:
    assert parse_role("Loup-Garou") is Role.WEREWOLF
    assert parse_role("voyante") is Role.SEER
    assert parse_role("Possédé") is Role.POSSESSED
    assert parse_role("garde du corps") is Role.BODYGUARD
    assert parse_role("hibou") is Role.OWL
    assert parse_role("franc-maçon") is Role.FREEMASON
    assert parse_role("criceto mannaro") is Role.WEREHAMSTER
    assert parse_role("mitomane") is Role.MYTHOMANIAC
    assert parse_role("witch") is None


def test_every_option_has_a_default_and_a_meaning() -> None:
    assert {o.name: o.default for o in OPTIONS} == {
        "discussion_minutes": 3.0,
        "deadly_owl": "auto",
        "deadly_owl_from": 21,
    }
    for option in OPTIONS:
        assert option.help
        assert option.check(option.default) == option.default


def test_options_are_checked() -> None:
    assert setup(8, basic(8), discussion_minutes=5) == []
    assert error(8, basic(8), discussion_minutes=0) == "setup.bad_option"
    assert error(8, basic(8), discussion_minutes="long") == "setup.bad_option"
    assert error(8, basic(8), deadly_owl="sometimes") == "setup.bad_option"
    assert error(8, basic(8), deadly_owl_from=26) == "setup.bad_option"
    assert error(8, basic(8), deadly_owl_from=20.5) == "setup.bad_option"
    assert error(8, basic(8), hunter=True) == "setup.unknown_option"


def test_the_variant_declares_its_metadata() -> None:
    assert (VARIANT.name, VARIANT.min_players, VARIANT.max_players) == ("lupus", 8, 24)
    assert "lupus-in-tabula" in VARIANT.aliases
