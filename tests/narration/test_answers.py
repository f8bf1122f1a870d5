"""What the narrator types at a prompt: players by seat or name, yes/no, nobody, cards."""

from __future__ import annotations

from typing import Any

import pytest

from loupgarou.narration.answers import BadAnswer, Players, fold, parse_cards, split, yes_no
from loupgarou.variants.thiercelieux.roles import Role

TABLE = Players(("Ann", "Anna", "Bob", "Élodie", "Jean Paul"))


def refused(key: str) -> Any:
    """``pytest.raises`` for the answer refused with the text ``key``."""
    return pytest.raises(BadAnswer, match=key.replace(".", r"\."))


@pytest.mark.parametrize(
    ("typed", "seat"),
    [("1", 0), (" 5 ", 4), ("ann", 0), ("ANNA", 1), ("bo", 2), ("elodie", 3), ("Élo", 3)],
)
def test_a_player_is_a_seat_number_from_one_or_a_name_or_its_beginning(
    typed: str, seat: int
) -> None:
    assert TABLE.find(typed) == seat


def test_a_name_with_a_space_can_be_typed_whole() -> None:
    assert TABLE.one("jean paul", range(5)) == 4
    assert TABLE.many("Jean Paul") == (4,)


def test_an_unknown_or_ambiguous_player_is_refused_with_the_reason() -> None:
    with refused("error.unknown_player") as err:
        TABLE.find("6")
    assert err.value.params == {
        "name": "6",
        "count": 5,
        "names": "Ann, Anna, Bob, Élodie, Jean Paul",
    }
    with refused("error.ambiguous_player") as err:
        TABLE.find("an")
    assert err.value.params["names"] == "Ann, Anna"
    with refused("error.empty"):
        TABLE.find("  ")


def test_a_player_outside_the_choices_is_refused_with_the_choices() -> None:
    assert TABLE.one("none", [0, 1], none=True) is None
    assert TABLE.one("personne", [0, 1], none=True) is None
    with refused("error.not_allowed") as err:
        TABLE.one("bob", [0, 1], none=True)
    assert err.value.params == {"name": "Bob", "names": "Ann, Anna, -"}
    with refused("error.unknown_player"):
        TABLE.one("none", [0, 1])


@pytest.mark.parametrize(
    "typed", ["1 3", "1, 3", "ann,bob", "Ann and Bob", "ann et bob", "1+3", "ann; bob"]
)
def test_several_players_are_separated_by_commas_spaces_or_and(typed: str) -> None:
    assert TABLE.many(typed) == (0, 2)


def test_lists_split_on_commas_first() -> None:
    assert split("Jean Paul, Ann") == ["Jean Paul", "Ann"]
    assert split("1 2 3") == ["1", "2", "3"]
    assert split("") == []


@pytest.mark.parametrize(
    ("typed", "value"), [("y", True), ("Oui", True), ("NO", False), ("n", False)]
)
def test_yes_and_no_in_english_or_french(typed: str, value: bool) -> None:
    assert yes_no(typed) is value


def test_anything_else_is_not_a_yes_or_no() -> None:
    with refused("error.yes_no"):
        yes_no("maybe")


def test_case_accents_and_spaces_do_not_matter() -> None:
    assert fold("  Sorcière   ÉLODIE ") == "sorciere elodie"


def test_cards_are_read_by_any_alias_or_a_unique_beginning() -> None:
    aliases = {"werewolf": Role.WEREWOLF, "loup-garou": Role.WEREWOLF, "seer": Role.SEER}
    assert parse_cards("loup-garou, SEER, wer", aliases, "") == [
        Role.WEREWOLF,
        Role.SEER,
        Role.WEREWOLF,
    ]
    with refused("error.unknown_card") as err:
        parse_cards("dragon", aliases, "Seer")
    assert err.value.params == {"name": "dragon", "cards": "Seer"}
    with refused("error.empty"):
        parse_cards(" ", aliases, "")


def test_a_number_too_long_to_be_a_seat_is_an_unknown_player() -> None:
    with refused("error.unknown_player"):
        TABLE.find("9" * 5000)  # int() itself refuses so many digits
