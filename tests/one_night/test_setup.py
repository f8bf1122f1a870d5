"""§1.1 Set-up: the errors that stop a table, the warnings that only advise, and the options."""

from __future__ import annotations

import pytest

from loupgarou.core.actions import PASS, Action
from loupgarou.core.chance import ScriptedChance
from loupgarou.core.errors import SetupError
from loupgarou.engine import new_match
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.roles import BOX, Role
from tests.one_night.table import table

BASIC = "werewolf seer robber troublemaker villager | werewolf villager villager"


def setup_error(spec: str, **options: object) -> SetupError:
    with pytest.raises(SetupError) as caught:
        table(spec, options=dict(options))
    return caught.value


# --- errors ------------------------------------------------------------------------------------


def test_a_deck_one_card_short_is_refused() -> None:
    error = setup_error("werewolf seer robber | werewolf villager")
    assert error.code == "setup.card_count"
    assert error.message.startswith("3 players need 6 cards")
    assert "the deck has 5" in error.message


def test_a_deck_one_card_too_many_is_refused() -> None:
    error = setup_error("werewolf seer robber | werewolf villager villager troublemaker")
    assert error.code == "setup.card_count"
    assert "the deck has 7" in error.message


def test_an_unknown_role_is_refused_and_named() -> None:
    error = setup_error("werewolf seer goblin | werewolf villager villager")
    assert error.code == "setup.unknown_role"
    assert "'goblin'" in error.message


def test_french_role_names_are_understood() -> None:
    game = table("loup-garou voyante voleur | Villageois noiseuse soûlard")
    assert [game.card(s) for s in range(3)] == ["werewolf", "seer", "robber"]
    assert game.centre() == ["villager", "troublemaker", "drunk"]


def test_two_players_are_too_few() -> None:
    error = setup_error("werewolf seer | werewolf villager villager")
    assert error.code == "setup.too_few_players"
    assert "at least 3" in error.message


def test_eleven_players_are_too_many() -> None:
    players = (
        "werewolf werewolf seer robber troublemaker drunk insomniac minion hunter tanner villager"
    )
    error = setup_error(f"{players} | villager villager doppelganger")
    assert error.code == "setup.too_many_players"
    assert "at most 10" in error.message


@pytest.mark.parametrize("players", [3, 10])
def test_three_and_ten_players_may_play(players: int) -> None:
    cards = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac"]
    cards += ["minion", "hunter", "tanner", "villager", "villager", "villager"]
    deck = cards[: players + 3]
    game = table(" ".join(deck[:players]) + " | " + " ".join(deck[players:]))
    assert game.state.n == players
    assert game.phase == "night"


def test_a_single_mason_among_the_players_is_refused() -> None:
    error = setup_error("mason werewolf seer | werewolf villager robber")
    assert error.code == "setup.single_mason"


def test_a_single_mason_in_the_centre_is_refused_too() -> None:
    error = setup_error("werewolf seer robber | mason villager villager")
    assert error.code == "setup.single_mason"


def test_the_two_masons_together_are_fine() -> None:
    game = table("mason werewolf seer | werewolf mason robber")
    assert game.match.warnings == ()


# --- warnings ----------------------------------------------------------------------------------


def test_the_basic_deck_has_no_warning() -> None:
    assert table(BASIC).match.warnings == ()


def test_more_copies_than_the_box_is_a_warning_not_an_error() -> None:
    game = table("werewolf werewolf seer robber | werewolf troublemaker villager")
    assert [(w.code, w.message) for w in game.match.warnings] == [
        ("setup.more_than_box", "3 werewolf cards: the box holds only 2")
    ]
    assert game.phase == "night"


def test_each_role_over_the_box_gets_its_own_warning() -> None:
    game = table(
        "werewolf werewolf werewolf villager villager villager villager | mason mason mason"
    )
    assert [(w.code, w.message) for w in game.match.warnings] == [
        ("setup.more_than_box", "3 mason cards: the box holds only 2"),
        ("setup.more_than_box", "4 villager cards: the box holds only 3"),
        ("setup.more_than_box", "3 werewolf cards: the box holds only 2"),
    ]


def test_the_box_holds_sixteen_cards() -> None:
    assert sum(BOX.values()) == 16
    assert BOX[Role.VILLAGER] == 3
    assert BOX[Role.WEREWOLF] == 2
    assert BOX[Role.MASON] == 2
    assert all(BOX[r] == 1 for r in Role if r not in (Role.VILLAGER, Role.WEREWOLF, Role.MASON))


def test_an_insomniac_without_robber_or_troublemaker_is_warned() -> None:
    game = table("werewolf seer insomniac | werewolf villager hunter")
    assert [w.code for w in game.match.warnings] == ["setup.insomniac_alone"]


@pytest.mark.parametrize("mover", ["robber", "troublemaker"])
def test_an_insomniac_with_a_card_mover_is_not_warned(mover: str) -> None:
    game = table(f"werewolf seer insomniac | werewolf villager {mover}")
    assert game.match.warnings == ()


# --- options -----------------------------------------------------------------------------------


def options_of(**options: object) -> tuple[bool, str]:
    state = table(BASIC, options=dict(options)).state
    return state.options.lone_wolf_peek, state.options.edition


def test_the_ravensburger_edition_is_the_default_and_lets_a_lone_wolf_peek() -> None:
    assert options_of() == (True, "ravensburger")


def test_the_bezier_edition_turns_the_peek_off_by_default() -> None:
    assert options_of(edition="bezier") == (False, "bezier")


def test_the_peek_option_overrides_the_edition_default() -> None:
    assert options_of(edition="bezier", lone_wolf_peek=True) == (True, "bezier")
    assert options_of(edition="ravensburger", lone_wolf_peek=False) == (False, "ravensburger")
    assert options_of(lone_wolf_peek=False) == (False, "ravensburger")


def test_an_unknown_option_is_refused() -> None:
    error = setup_error(BASIC, wolf_peek=True)
    assert error.code == "setup.unknown_option"
    assert "'wolf_peek'" in error.message


def test_an_unknown_edition_is_refused() -> None:
    error = setup_error(BASIC, edition="hasbro")
    assert error.code == "setup.bad_option"
    assert "bezier" in error.message


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_the_peek_option_takes_a_boolean(value: object) -> None:
    assert setup_error(BASIC, lone_wolf_peek=value).code == "setup.bad_option"


@pytest.mark.parametrize("value", [1, 0])
def test_a_wrongly_typed_option_is_refused_even_after_a_valid_table(value: int) -> None:
    # 1 == True and 0 == False: an identical valid table set up before must not vouch for it.
    table(BASIC, lone_wolf_peek=bool(value))
    assert setup_error(BASIC, lone_wolf_peek=value).code == "setup.bad_option"


def test_a_deck_and_a_drawn_deck_cannot_both_be_given() -> None:
    with pytest.raises(SetupError) as caught:
        new_match(
            VARIANT,
            ["a", "b", "c"],
            ["werewolf"] * 6,
            options={"deck_draw": "anarchie"},
        )
    assert caught.value.code == "setup.deck_and_draw"


@pytest.mark.parametrize(
    ("players", "code"), [(2, "setup.too_few_players"), (11, "setup.too_many_players")]
)
@pytest.mark.parametrize("draw", ["anarchie", "bag"])
def test_a_drawn_deck_checks_the_player_count(players: int, code: str, draw: str) -> None:
    with pytest.raises(SetupError) as caught:
        new_match(VARIANT, [f"p{i}" for i in range(players)], [], options={"deck_draw": draw})
    assert caught.value.code == code


# --- the deck and the centre -------------------------------------------------------------------


def test_the_three_extra_cards_go_face_down_to_the_centre() -> None:
    game = table("werewolf seer robber | troublemaker villager tanner", lone_wolf_peek=False)
    assert game.centre() == ["troublemaker", "villager", "tanner"]
    assert game.waiting() == [("seer", "seer")]  # nobody has looked at anything yet
    told = [e for e in game.match.events if not e.audience.everyone and e.audience.seats]
    assert [(sorted(e.audience.seats), e.kind, e.data) for e in told] == [
        ([0], "dealt", {"role": "werewolf"}),
        ([1], "dealt", {"role": "seer"}),
        ([2], "dealt", {"role": "robber"}),
        ([0], "werewolves", {"seats": [0]}),
    ]
    (deal,) = [e for e in game.match.events if e.kind == "deal"]
    assert not deal.audience.everyone and not deal.audience.seats  # the moderator's alone


def deck_holding(role: Role) -> list[str]:
    """Six cards of the box, ``role`` first (with its partner for a Mason), none over the box."""
    wanted: list[Role] = [role, Role.MASON] if role is Role.MASON else [role]
    fillers = [Role.WEREWOLF, Role.ROBBER, Role.VILLAGER, Role.SEER, Role.TROUBLEMAKER] * 2
    for filler in fillers:
        if len(wanted) == 6:
            break
        if wanted.count(filler) < BOX[filler]:
            wanted.append(filler)
    return [r.value for r in wanted]


@pytest.mark.parametrize("role", list(Role), ids=str)
def test_a_deck_may_use_any_card_of_the_box(role: Role) -> None:
    cards = deck_holding(role)
    game = table(" ".join(cards[:3]) + " | " + " ".join(cards[3:]))
    assert game.card(0) == role.value
    assert game.match.warnings == ()
    assert game.phase == "night"


def test_the_order_the_deck_is_listed_in_changes_nothing() -> None:
    listed = ["werewolf", "seer", "werewolf", "robber", "villager", "troublemaker", "tanner"]
    backwards = listed[::-1]
    # ann: werewolf, bob: seer, cid: troublemaker, dee: robber | werewolf villager tanner
    deal = [2, 1, 5, 3, 0, 4, 6]  # the card id of ``listed`` dealt to each place
    games = [
        new_match(
            VARIANT,
            ["ann", "bob", "cid", "dee"],
            deck,
            chance=ScriptedChance({"deal": [ids]}),
        )
        for deck, ids in ((listed, deal), (backwards, [len(listed) - 1 - c for c in deal]))
    ]
    for match in games:
        match.submit(0, Action("peek", (), (0,)))  # the lone Werewolf
        match.submit(1, PASS)  # the Seer
        match.submit(3, Action("rob", (0,)))  # the Robber takes the Seer
        match.submit(2, Action("swap", (0, 3)))  # the Troublemaker
        for seat, target in enumerate((2, 2, 3, 2)):
            match.submit(seat, Action("vote", (target,)))
    first, second = games
    assert first.warnings == second.warnings
    assert first.state.cards != second.state.cards  # the card ids differ ...
    played = [[e for e in m.events if e.kind != "night_begins"] for m in games]
    assert played[0] == played[1]  # ... but every card is where the other game has it
    assert first.outcome == second.outcome


def test_a_deck_full_of_roles_gets_no_advice_about_how_many_are_new() -> None:
    game = table(
        "doppelganger werewolf minion mason mason seer robber troublemaker drunk insomniac"
        " | werewolf hunter tanner"
    )
    assert game.match.warnings == ()
