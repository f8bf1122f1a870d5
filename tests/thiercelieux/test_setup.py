"""§2.1 Set-up: errors that stop a table, warnings that only advise, options, suggested decks."""

from __future__ import annotations

import pytest

from loupgarou.core.chance import ScriptedChance
from loupgarou.core.errors import SetupError
from loupgarou.core.events import JSON
from loupgarou.core.variant import GameConfig, Variant
from loupgarou.engine import Match
from loupgarou.variants.thiercelieux import VARIANT, suggested_deck
from loupgarou.variants.thiercelieux.roles import Role
from loupgarou.variants.thiercelieux.setup import parse_deck, validate_deck
from loupgarou.variants.thiercelieux.state import Options
from loupgarou.variants.thiercelieux.variant import resolve
from tests.thiercelieux.table import table

EIGHT = "wolf wolf seer witch hunter villager villager villager"


def setup(deck: list[str] | str, players: int | None = None, **options: JSON) -> Match:
    cards = deck.split() if isinstance(deck, str) else deck
    n = len(cards) if players is None else players
    config = GameConfig("thiercelieux", tuple(f"p{i}" for i in range(n)), tuple(cards), options)
    return Match(VARIANT, config, ScriptedChance({"deal": [list(range(len(cards)))]}))


def error(deck: list[str] | str, players: int | None = None, **options: JSON) -> SetupError:
    with pytest.raises(SetupError) as caught:
        setup(deck, players, **options)
    return caught.value


def warnings(deck: list[str] | str, players: int | None = None) -> list[str]:
    cards = deck.split() if isinstance(deck, str) else deck
    n = len(cards) if players is None else players
    return [w.code for w in validate_deck(parse_deck(cards), n)]


# --- errors ------------------------------------------------------------------------------------


def test_one_card_per_player_without_a_thief() -> None:
    e = error(EIGHT, players=9)
    assert e.code == "setup.card_count"
    assert "9 players need 9 cards" in e.message


def test_two_more_cards_with_a_thief() -> None:
    e = error("thief wolf wolf seer witch hunter villager villager", players=8)
    assert e.code == "setup.card_count"
    assert "need 10 cards" in e.message and "set aside" in e.message
    assert setup("thief wolf wolf seer witch hunter villager villager villager villager", 8)


def test_a_deck_without_a_werewolf_is_refused() -> None:
    assert error("seer villager villager villager").code == "setup.no_werewolf"


def test_werewolves_must_start_outnumbered() -> None:
    assert error("wolf wolf seer villager").code == "setup.wolves_not_outnumbered"
    assert setup("wolf wolf seer villager villager")  # 2 against 3


def test_with_a_thief_every_werewolf_card_could_be_in_play() -> None:
    # Three Werewolf cards among 5 players: if none is set aside, 3 against 2.
    e = error("thief wolf wolf wolf seer villager villager", players=5)
    assert e.code == "setup.wolves_not_outnumbered"


def test_unknown_and_duplicate_roles_are_refused() -> None:
    e = error("wolf goblin seer villager villager")
    assert e.code == "setup.unknown_role" and "'goblin'" in e.message
    e = error("wolf seer seer villager villager")
    assert e.code == "setup.duplicate_role" and "seer" in e.message


def test_the_player_count_limits() -> None:
    assert error("wolf villager").code == "setup.too_few_players"
    many = ["wolf"] * 5 + ["villager"] * 58  # 63: beyond what the engine serves
    assert error(many).code == "setup.too_many_players"
    assert "setup.player_count" in warnings(["wolf"] * 10 + ["villager"] * 31)  # 41: a warning


def test_eight_cards_and_the_captain_is_not_one_of_them() -> None:
    assert {role.value for role in Role} == {
        "werewolf",
        "villager",
        "seer",
        "hunter",
        "cupid",
        "witch",
        "thief",
        "little_girl",
    }
    assert setup("thief wolf wolf seer witch hunter cupid little_girl villager villager", 8)
    for title in ("captain", "capitaine"):
        e = error(f"wolf wolf seer {title} villager villager villager villager")
        assert e.code == "setup.unknown_role" and repr(title) in e.message


def test_the_thiefs_two_extra_cards_are_set_aside_face_down() -> None:
    game = table("thief wolf wolf seer witch hunter villager villager | cupid little_girl")
    assert game.set_aside() == ["cupid", "little_girl"]
    # Only the Thief is shown them (on his turn); nobody else, and nothing public, names them.
    assert game.learned("thief") == [("set_aside_seen", {"roles": ["cupid", "little_girl"]})]
    for seat in game.names[1:]:
        assert game.learned(seat) == []
    game.decline("thief")
    assert VARIANT.public(game.state)["revealed"] == []
    # The deck's make-up is public (game_begins), not where its cards lie.
    public = [e.kind for e in game.match.events if e.audience.everyone]
    named = [
        e.kind for e in game.match.events if e.audience.everyone and "little_girl" in str(e.data)
    ]
    assert named == ["game_begins"] and len(public) > 3


def test_french_names_are_understood() -> None:
    game = table(
        "loup-garou voyante sorcière chasseur cupidon petite-fille villageois simple-villageois"
    )
    assert [game.role(s) for s in range(8)] == [
        "werewolf",
        "seer",
        "witch",
        "hunter",
        "cupid",
        "little_girl",
        "villager",
        "villager",
    ]


# --- warnings ----------------------------------------------------------------------------------


def test_a_balanced_table_gets_no_warning() -> None:
    assert warnings(EIGHT) == []


def test_outside_eight_to_eighteen_players_is_a_warning() -> None:
    assert "setup.player_count" in warnings("wolf seer villager villager villager")
    big = ["wolf"] * 5 + ["seer"] + ["villager"] * 13
    assert "setup.player_count" in warnings(big)


def test_a_wolf_ratio_far_from_one_in_four_is_a_warning() -> None:
    assert "setup.wolf_ratio" in warnings(
        "wolf seer witch hunter villager villager villager villager"
    )
    assert "setup.wolf_ratio" in warnings("wolf wolf wolf seer witch villager villager villager")
    assert "setup.wolf_ratio" not in warnings(EIGHT)


def test_the_minimal_deck_gets_no_advice() -> None:
    assert warnings("wolf wolf seer villager villager villager villager villager") == []


def test_below_the_minimal_deck_is_a_warning() -> None:
    assert "setup.minimal_deck" in warnings(
        "wolf wolf witch hunter villager villager villager villager"
    )
    assert "setup.minimal_deck" in warnings("wolf seer villager villager")


def test_a_thief_may_leave_the_only_werewolf_set_aside() -> None:
    deck = "thief wolf seer witch villager villager villager villager villager villager"
    assert "setup.lone_werewolf_card" in warnings(deck, players=8)


def test_the_match_keeps_the_warnings() -> None:
    assert [w.code for w in setup("wolf seer villager villager villager").warnings] == [
        "setup.player_count",
        "setup.minimal_deck",
    ]


# --- suggested decks ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(8, 19))
@pytest.mark.parametrize("thief", [False, True])
def test_suggested_decks_are_valid_and_balanced(players: int, thief: bool) -> None:
    deck = suggested_deck(players, thief=thief)
    assert len(deck) == players + (2 if thief else 0)
    assert warnings(list(deck), players) == []
    assert {"werewolf", "seer", "witch", "hunter"} <= set(deck)
    assert ("thief" in deck) == thief


def test_suggested_decks_grow_with_the_table() -> None:
    assert suggested_deck(8).count("werewolf") == 2
    assert suggested_deck(12).count("werewolf") == 3
    assert suggested_deck(16).count("werewolf") == 4
    assert "cupid" not in suggested_deck(8) and "cupid" in suggested_deck(9)
    assert "little_girl" not in suggested_deck(9) and "little_girl" in suggested_deck(10)
    assert suggested_deck(10, thief=True).count("werewolf") == 4


def test_no_suggestion_outside_eight_to_eighteen() -> None:
    with pytest.raises(SetupError) as caught:
        suggested_deck(7)
    assert caught.value.code == "setup.no_suggestion"


# --- options -----------------------------------------------------------------------------------


def test_every_option_is_declared_with_its_default_and_meaning() -> None:
    family: Variant = VARIANT
    specs = {s.name: s for s in family.options}
    assert {name: s.default for name, s in specs.items()} == {
        "captain": True,
        "captain_mode": "elected",
        "captain_vote": "double",
        "reveal_on_death": True,
        "hunter_on_any_death": False,
        "witch_self_poison": False,
        "little_girl_catch_chance": 0.2,
        "lovers_vote_together": False,
        "wolves_win_at_parity": False,
        "lynch_second_tie": "nobody",
        "captain_outside_tie": "pick",
        "witch_one_potion_per_night": False,
        "thief_must_swap": False,
        "pack_may_devour_werewolf": True,
        "narrator_knows": "ballots",
    }
    assert all(len(s.help) > 30 for s in specs.values())
    assert specs["captain_mode"].choices == ("elected", "random")
    assert specs["captain_vote"].choices == ("double", "tiebreak_only")
    assert specs["lynch_second_tie"].choices == ("nobody", "random")


def test_bad_options_are_refused() -> None:
    assert error(EIGHT, teleport=True).code == "setup.unknown_option"
    assert error(EIGHT, captain_mode="hereditary").code == "setup.bad_option"
    assert error(EIGHT, captain="yes").code == "setup.bad_option"


@pytest.mark.parametrize("chance", [1.5, -0.1, float("nan"), float("inf")])
def test_the_catch_chance_is_a_probability(chance: float) -> None:
    e = error(EIGHT, little_girl_catch_chance=chance)
    assert e.code == "setup.bad_option"
    assert "'little_girl_catch_chance'" in e.message and "from 0 to 1" in e.message


def test_the_catch_chance_may_be_zero_or_one() -> None:
    for chance, resolved in ((0, 0.0), (1, 1.0), (0.5, 0.5)):
        options = setup(EIGHT, little_girl_catch_chance=chance).state.options
        assert options.little_girl_catch_chance == resolved
        assert type(options.little_girl_catch_chance) is float


def test_the_family_declares_its_metadata() -> None:
    assert VARIANT.name == "thiercelieux"
    assert VARIANT.min_players == 3 and VARIANT.max_players == 62
    assert "loups-garous" in VARIANT.aliases


def test_the_state_defaults_are_the_declared_defaults() -> None:
    assert resolve({}) == Options()
