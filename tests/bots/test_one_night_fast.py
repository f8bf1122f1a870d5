"""The solver's fast path and the shared vote tables give the general enumeration's answers.

The general enumeration is checked against brute force through the real rules in
``test_solver.py`` (which, on decks without a Doppelgänger, now runs the fast path too).
Here the fast path is compared with the general enumeration (the fast path switched
off) on situations taken from real games at four to ten players: the seats' own
knowledge, every claim, claims dropped or cut short, random lies, malformed claims,
spectators; and :meth:`Solver.vote` (one enumeration shared by a table's askers) with
:meth:`Solver.posterior`.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from loupgarou.bots.one_night import fast
from loupgarou.bots.one_night.bot import SensibleOneNight
from loupgarou.bots.one_night.knowledge import (
    MASON,
    ROLES,
    ClaimKey,
    NightKnowledge,
    ViewReader,
    truthful,
)
from loupgarou.bots.one_night.solver import Posterior, Solver, Vote, role_numbers
from loupgarou.core.actions import PASS, Action
from loupgarou.engine import new_match
from loupgarou.sim.table import play
from loupgarou.variants.one_night import VARIANT as ONE_NIGHT
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.scenarios import find_scenario

BENCH = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")
TABLES = {
    "bench-5": (BENCH, 5),
    "premiere-nuit-5": (tuple(r.value for r in find_scenario("premiere-nuit").deck_for(5)), 5),
    "benefice-6": (tuple(r.value for r in find_scenario("benefice").deck_for(6)), 6),
    "incertitudes-6": (tuple(r.value for r in find_scenario("incertitudes").deck_for(6)), 6),
    "alliance-6": (tuple(r.value for r in find_scenario("alliance").deck_for(6)), 6),
    "confusion-7": (tuple(r.value for r in find_scenario("confusion").deck_for(7)), 7),
    "confusion-8": (tuple(r.value for r in find_scenario("confusion").deck_for(8)), 8),
    "incertitudes-10": (tuple(r.value for r in find_scenario("incertitudes").deck_for(10)), 10),
    "alliance-10": (tuple(r.value for r in find_scenario("alliance").deck_for(10)), 10),
}
BIG = 10**9
GENERAL_BUDGET = 200_000


def readers(name: str, games: int) -> tuple[tuple[ViewReader, ...], ...]:
    """Every seat's reader at the end of sensible games at the table ``name``."""
    deck, n = TABLES[name]
    return played(deck, n, games)


@cache
def played(deck: tuple[str, ...], n: int, games: int) -> tuple[tuple[ViewReader, ...], ...]:
    """Every seat's reader at the end of ``games`` sensible games of ``deck`` for ``n``
    players (its knowledge, every claim), seeds 0, 1 ..."""
    out = []
    for seed in range(games):
        match = new_match(ONE_NIGHT, [f"p{i}" for i in range(n)], list(deck), seed=seed)
        bots = [SensibleOneNight(s, random.Random(seed * 31 + s)) for s in range(n)]
        play(match, bots, rng=random.Random(seed))
        out.append(tuple(b.reader for b in bots))
    return tuple(out)


def solvers(name: str) -> tuple[Solver, Solver]:
    """A solver with the fast path and one with the general enumeration only."""
    deck, n = TABLES[name]
    numbers = role_numbers(deck)
    quick, general = Solver(numbers, n), Solver(numbers, n)
    general.fast.ok = False
    assert quick.fast.ok
    return quick, general


def lie(rng: random.Random, n: int, seat: int) -> ClaimKey:
    """A random claim, as a person might make it up (sometimes nonsense)."""
    role = rng.choice([*range(len(ROLES)), -1, -2])
    other = rng.choice([t for t in range(n) if t != seat])
    did = rng.choice(
        [
            None,
            PASS,
            Action("look", (other,)),
            Action("look", (), (0, 2)),
            Action("rob", (other,)),
            Action("swap", tuple(sorted((other, (other + 1) % n)))),
            Action("take", (), (rng.randrange(3),)),
        ]
    )
    saw: set[tuple[int, int, int]] = set()
    for _ in range(rng.randrange(3)):
        r = rng.randrange(len(ROLES))
        saw.add((r, rng.choice([seat, other]), -1) if rng.random() < 0.6 else (r, -1, 1))
    return ClaimKey(role, did, frozenset(saw))


def variants(
    rng: random.Random, table: tuple[ViewReader, ...]
) -> list[tuple[NightKnowledge | None, dict[int, ClaimKey]]]:
    """Situations around one game: real, thinned, cut short, with lies, spectators."""
    n = len(table)
    claims = dict(table[0].claims)
    out: list[tuple[NightKnowledge | None, dict[int, ClaimKey]]] = []
    for reader in table:
        k = reader.knowledge()
        mine = {s: c for s, c in claims.items() if s != k.seat}
        out.append((k, mine))
        out.append((k, {s: c for s, c in mine.items() if rng.random() < 0.5}))
        out.append(
            (
                k,
                {
                    s: ClaimKey(
                        c.role,
                        None if rng.random() < 0.5 else c.did,
                        frozenset() if rng.random() < 0.5 else c.saw,
                    )
                    for s, c in mine.items()
                },
            )
        )
        liar = dict(mine)
        if liar:
            victim = rng.choice(sorted(liar))
            liar[victim] = lie(rng, n, victim)
            out.append((k, liar))
    out.append((None, claims))
    return out


def same(a: Posterior, b: Posterior) -> None:
    assert a.exact and b.exact
    assert a.lenient == b.lenient
    assert a.no_wolf == pytest.approx(b.no_wolf, abs=1e-9)
    for p in range(len(a.final)):
        assert a.final[p] == pytest.approx(b.final[p], abs=1e-9)
        assert a.dealt[p] == pytest.approx(b.dealt[p], abs=1e-9)


@pytest.mark.parametrize(
    ("name", "games"),
    [("bench-5", 6), ("premiere-nuit-5", 4), ("benefice-6", 2), ("incertitudes-6", 2)],
)
def test_the_fast_path_gives_the_general_enumeration_s_answers(name: str, games: int) -> None:
    quick, general = solvers(name)
    rng = random.Random(name)
    used = 0
    for table in readers(name, games):
        for knowledge, claims in variants(rng, table):
            lies = {s: quick.lie_weight(c) for s, c in claims.items()}
            if fast.solve(quick.fast, knowledge, claims, lies, BIG) is None:
                continue
            reference = general.posterior(knowledge, claims, budget=GENERAL_BUDGET)
            if reference.exact:  # (a few long sums are left out, to keep the test brisk)
                same(quick.posterior(knowledge, claims, budget=BIG), reference)
                used += 1
    assert used > 10  # the comparison is not vacuous


@pytest.mark.parametrize("name", ["alliance-6", "confusion-7"])
def test_the_fast_path_at_the_vote_on_larger_tables(name: str) -> None:
    quick, general = solvers(name)
    for table in readers(name, 2):
        claims = dict(table[0].claims)
        for reader in table[:4]:
            k = reader.knowledge()
            same(quick.posterior(k, claims), general.posterior(k, claims, budget=BIG))


@pytest.mark.parametrize(
    ("name", "seats"),
    [("confusion-8", (0, 1, 2, 3)), ("incertitudes-10", (0, 1, 2)), ("alliance-10", (0, 1, 2))],
)
def test_the_fast_path_at_the_vote_at_eight_and_ten_players(
    name: str, seats: tuple[int, ...]
) -> None:
    # The general enumeration takes seconds a call here (interpreted): a few seats of one
    # game, with every claim and with a random lie.
    quick, general = solvers(name)
    rng = random.Random(name)
    for table in readers(name, 1):
        claims = dict(table[0].claims)
        n = len(table)
        for seat in seats:
            k = table[seat].knowledge()
            same(quick.posterior(k, claims), general.posterior(k, claims, budget=BIG))
        liar = dict(claims)
        victim = rng.choice(sorted(liar))
        liar[victim] = lie(rng, n, victim)
        k = table[seats[-1]].knowledge()
        got = quick.posterior(k, liar)
        if got.exact and not got.lenient:
            same(got, general.posterior(k, liar, budget=BIG))


ANARCHIE_10 = (
    "werewolf",
    "werewolf",
    "villager",
    "villager",
    "minion",
    "mason",
    "mason",
    "seer",
    "robber",
    "troublemaker",
    "drunk",
    "insomniac",
    "tanner",
)
"""An Anarchie draw at ten players without a Doppelgänger (the fast path's)."""
POOLED = {
    "incertitudes-10": TABLES["incertitudes-10"],
    "alliance-10": TABLES["alliance-10"],
    "anarchie-10": (ANARCHIE_10, 10),
}


@pytest.mark.parametrize("name", sorted(POOLED))
def test_pooled_liar_cards_give_the_general_enumeration_s_answers(name: str) -> None:
    # At ten players a posterior deals the Werewolves, the Minion and the Tanner as one
    # pooled card (fast._pool), and walks apart the worlds where a claimed Seer who names
    # one of them holds the Seer (what it names pinned there).  Real claims at the vote,
    # and claimed Seers who saw a Werewolf at a seat or a Minion and a Werewolf in the
    # centre (a lie, or the truth).
    deck, n = POOLED[name]
    numbers = role_numbers(deck)
    quick, general = Solver(numbers, n), Solver(numbers, n)
    general.fast.ok = False
    match = new_match(ONE_NIGHT, [f"p{i}" for i in range(n)], list(deck), seed=3)
    bots = [SensibleOneNight(s, random.Random(300 + s)) for s in range(n)]
    play(match, bots, rng=random.Random(3))
    claims = dict(bots[0].reader.claims)
    wolf, minion = ROLES.index(Role.WEREWOLF), ROLES.index(Role.MINION)
    seer = ROLES.index(Role.SEER)
    seen_wolf = ClaimKey(seer, Action("look", (5,)), frozenset({(wolf, 5, -1)}))
    seen_centre = ClaimKey(
        seer, Action("look", (), (0, 2)), frozenset({(wolf, -1, 0), (minion, -1, 2)})
    )
    for seat in (0, 1):
        k = bots[seat].reader.knowledge()
        for said in (claims, {**claims, 4: seen_wolf}, {**claims, 4: seen_centre}):
            mine = {s: c for s, c in said.items() if s != k.seat}
            same(quick.posterior(k, mine), general.posterior(k, mine, budget=BIG))
    same(quick.posterior(None, claims), general.posterior(None, claims, budget=BIG))


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_shared_vote_table_answers_every_seat_like_its_own_posterior(name: str) -> None:
    quick, _ = solvers(name)
    shared = 0
    for table in readers(name, 3):
        claims = dict(table[0].claims)
        for reader in table:  # every seat: honest ones share the table, the others do not
            k = reader.knowledge()
            vote = quick.vote(k, claims)
            post = Vote.of(quick.posterior(k, claims))
            shared += fast.shareable(quick.fast, k, claims.get(k.seat))
            assert vote.exact and post.exact
            assert vote.no_wolf == pytest.approx(post.no_wolf, abs=1e-12)
            for s in range(len(table)):
                assert vote.wolf(s) == pytest.approx(post.wolf(s), abs=1e-12)
                assert vote.tanner(s) == pytest.approx(post.tanner(s), abs=1e-12)
    assert shared


def test_only_a_seat_whose_claim_is_exactly_its_knowledge_shares_the_table() -> None:
    quick, _ = solvers("alliance-6")
    seen_lone_mason = seen_liar = False
    for table in readers("alliance-6", 8):
        claims = dict(table[0].claims)
        for reader in table:
            k = reader.knowledge()
            own = claims.get(k.seat)
            ok = fast.shareable(quick.fast, k, own)
            honest = own == truthful(k.seat, k.dealt, k.obs)
            if not honest:
                seen_liar = True
                assert not ok
            elif k.dealt == MASON and k.obs and len(k.obs[0]) == 2:  # a Mason alone
                seen_lone_mason = True
                assert not ok
            # Another claim than its knowledge (dropping what it saw) never shares.
            if own is not None and own.saw:
                assert not fast.shareable(quick.fast, k, ClaimKey(own.role, own.did, frozenset()))
    assert seen_liar and seen_lone_mason


def test_a_doppelganger_deck_takes_the_general_path() -> None:
    deck = ("doppelganger", "werewolf", "seer", "robber", "tanner", "villager")
    solver = Solver(role_numbers(deck), 3)
    assert not solver.fast.ok
    assert fast.solve(solver.fast, None, {}, {}, BIG) is None
    assert not fast.shareable(solver.fast, NightKnowledge(0, 0, ()), ClaimKey(0, None, frozenset()))
