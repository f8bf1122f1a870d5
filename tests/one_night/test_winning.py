"""§1.4 Who wins, on the effective roles at the end: every case, then all small cases at once."""

from __future__ import annotations

from itertools import chain, combinations, product

from loupgarou.variants.one_night.resolution import decide
from loupgarou.variants.one_night.roles import Role
from tests.one_night.table import Table, table

WOLVES = "werewolf werewolf minion villager seer | villager robber troublemaker"
WOLVES_AND_TANNER = "werewolf werewolf minion tanner seer | villager robber troublemaker"
NO_WOLF = "minion villager seer tanner villager | werewolf werewolf robber"


def played(spec: str, *votes: str | int) -> Table:
    game = table(spec)
    game.votes(*votes)
    return game


# --- at least one player is a Werewolf ---------------------------------------------------------


def test_the_village_wins_when_a_werewolf_dies() -> None:
    game = played(WOLVES, "villager", "werewolf1", "villager", "werewolf1", "werewolf1")
    assert game.dead == ["werewolf1"]
    assert game.teams == {"village"}
    assert game.winners == {"villager", "seer"}
    assert game.reasons == ["village.werewolf_died"]


def test_the_village_still_wins_when_villagers_die_with_a_werewolf() -> None:
    game = played(WOLVES, "villager", "villager", "werewolf1", "werewolf1", "werewolf2")
    assert game.dead == ["werewolf1", "villager"]
    assert game.winners == {"villager", "seer"}


def test_the_werewolves_and_the_minion_win_when_nobody_dies() -> None:
    game = played(WOLVES, 1, 2, 3, 4, 0)
    assert game.dead == []
    assert game.teams == {"werewolf"}
    assert game.winners == {"werewolf1", "werewolf2", "minion"}
    assert game.reasons == ["werewolf.none_died"]


def test_the_werewolves_win_when_only_villagers_die() -> None:
    game = played(WOLVES, "seer", "seer", "villager", "seer", "villager")
    assert game.dead == ["seer"]
    assert game.winners == {"werewolf1", "werewolf2", "minion"}


def test_a_dead_minion_wins_with_the_werewolves() -> None:
    game = played(WOLVES, "minion", "minion", "seer", "minion", "werewolf1")
    assert game.dead == ["minion"]
    assert game.winners == {"werewolf1", "werewolf2", "minion"}
    assert game.reasons == ["werewolf.none_died"]


def test_the_minion_loses_with_the_werewolves_when_a_werewolf_dies() -> None:
    game = played(WOLVES, "minion", "minion", "werewolf2", "werewolf2", "werewolf2")
    assert game.dead == ["werewolf2"]
    assert game.winners == {"villager", "seer"}


def test_a_tanner_who_dies_alone_wins_alone_and_beats_the_werewolves() -> None:
    game = played(WOLVES_AND_TANNER, "tanner", "tanner", "tanner", "seer", "minion")
    assert game.dead == ["tanner"]
    assert game.teams == {"tanner"}
    assert game.winners == {"tanner"}
    assert game.reasons == ["werewolf.tanner_died", "tanner.died"]


def test_a_tanner_and_a_werewolf_dying_together_make_two_winning_teams() -> None:
    game = played(WOLVES_AND_TANNER, "tanner", "tanner", "werewolf1", "werewolf1", "minion")
    assert game.dead == ["werewolf1", "tanner"]
    assert game.teams == {"village", "tanner"}
    assert game.winners == {"tanner", "seer"}
    assert game.reasons == ["village.werewolf_died", "tanner.died"]


def test_a_tanner_who_lives_does_not_win() -> None:
    alive_wolves = played(WOLVES_AND_TANNER, 1, 2, 3, 4, 0)
    assert alive_wolves.winners == {"werewolf1", "werewolf2", "minion"}
    dead_wolf = played(WOLVES_AND_TANNER, "seer", "seer", "werewolf1", "werewolf1", "werewolf1")
    assert dead_wolf.dead == ["werewolf1"]
    assert dead_wolf.winners == {"seer"}


def test_each_tanner_wins_for_himself() -> None:
    game = played(
        "tanner tanner werewolf werewolf villager | seer robber troublemaker",
        "tanner2",
        "tanner1",
        "tanner1",
        "tanner1",
        "werewolf1",
    )
    assert game.dead == ["tanner1"]
    assert game.winners == {"tanner1"}
    assert [w.code for w in game.match.warnings] == ["setup.more_than_box"]


# --- no player is a Werewolf -------------------------------------------------------------------


def test_without_werewolves_the_village_wins_if_nobody_dies() -> None:
    game = played(NO_WOLF, 1, 2, 3, 4, 0)
    assert game.dead == []
    assert game.teams == {"village"}
    assert game.winners == {"villager1", "seer", "villager2"}  # not the Minion, not the Tanner
    assert game.reasons == ["village.no_werewolf_no_death"]


def test_without_werewolves_the_minion_wins_if_he_lives_and_someone_else_dies() -> None:
    game = played(NO_WOLF, "seer", "seer", "villager1", "seer", "minion")
    assert game.dead == ["seer"]
    assert game.teams == {"werewolf"}
    assert game.winners == {"minion"}
    assert game.reasons == ["village.no_werewolf_death", "minion.survived"]


def test_without_werewolves_nobody_wins_if_only_the_minion_dies() -> None:
    game = played(NO_WOLF, "seer", "minion", "minion", "minion", "tanner")
    assert game.dead == ["minion"]
    assert game.teams == set()
    assert game.winners == set()
    assert game.reasons == ["village.no_werewolf_death", "minion.lost", "nobody"]


def test_without_werewolves_a_dead_minion_loses_even_if_others_die_too() -> None:
    game = played(NO_WOLF, "seer", "minion", "minion", "seer", "tanner")
    assert game.dead == ["minion", "seer"]
    assert game.winners == set()


def test_without_werewolves_a_dead_tanner_wins_and_the_village_and_minion_lose() -> None:
    game = played(NO_WOLF, "tanner", "tanner", "tanner", "seer", "minion")
    assert game.dead == ["tanner"]
    assert game.teams == {"tanner"}
    assert game.winners == {"tanner"}
    assert game.reasons == ["village.no_werewolf_death", "minion.lost", "tanner.died"]


def test_without_werewolves_or_minion_a_death_means_nobody_wins() -> None:
    game = played(
        "villager seer robber troublemaker | werewolf werewolf drunk",
        "seer",
        "villager",
        "seer",
        "seer",
    )
    assert game.dead == ["seer"]
    assert game.winners == set()
    assert game.reasons == ["village.no_werewolf_death", "nobody"]


def test_a_werewolf_card_in_front_of_a_player_counts_even_if_dealt_to_the_centre() -> None:
    game = table("drunk seer villager minion | werewolf werewolf tanner")
    game.decline("seer")
    game.act("drunk", take=0)
    game.votes("seer", "villager", "seer", "seer")
    assert game.role("drunk") == "werewolf"
    assert game.dead == ["seer"]
    assert game.winners == {"drunk", "minion"}
    assert game.reasons == ["werewolf.none_died"]


# --- every small case against the rules as written ---------------------------------------------

W, M, T, V = Role.WEREWOLF, Role.MINION, Role.TANNER, Role.VILLAGER


def by_the_book(roles: tuple[Role, ...], dead: frozenset[int]) -> tuple[set[int], set[str]]:
    """§1.4 read sentence by sentence."""
    seats = range(len(roles))
    wolves = {s for s in seats if roles[s] is W}
    minions = {s for s in seats if roles[s] is M}
    village = {s for s in seats if roles[s] is V}
    tanner_died = any(roles[s] is T for s in dead)
    winners: set[int] = set()
    teams: set[str] = set()
    if wolves:
        if wolves & dead:
            winners |= village
            teams.add("village")
        if not wolves & dead and not tanner_died:
            winners |= wolves | minions
            teams.add("werewolf")
    else:
        if not dead:
            winners |= village
            teams.add("village")
        for m in minions:
            if m not in dead and dead - {m} and not tanner_died:
                winners.add(m)
                teams.add("werewolf")
    for s in dead:
        if roles[s] is T:
            winners.add(s)
            teams.add("tanner")
    return winners, teams


def test_every_deal_of_four_players_and_every_set_of_deaths_by_the_book() -> None:
    checked = 0
    for roles in product((W, M, T, V), repeat=4):
        for dead in chain.from_iterable(combinations(range(4), k) for k in range(5)):
            outcome = decide(roles, dead)
            assert (set(outcome.winners), set(outcome.teams)) == by_the_book(
                roles, frozenset(dead)
            ), (roles, dead)
            assert bool(outcome.reasons)
            checked += 1
    assert checked == 4**4 * 2**4
