"""What a vote reads on decks with a Doppelgänger, walked once for many seats
(:mod:`loupgarou.bots.one_night.doppel_vote`).

A seat that claimed exactly what it knows gets its vote from one walk made for the whole
table; its numbers must be those of its own posterior, which brute force through the
rules checks on small decks, and the posterior itself on real games at six to eight
players.  Only such seats share the table.  A spectator who heard some claims gets the
same numbers with the seats nobody names dealt as a multiset.
"""

from __future__ import annotations

import random

import pytest

from loupgarou.bots.one_night.doppel_vote import doppel_shareable
from loupgarou.bots.one_night.knowledge import (
    COPIED,
    DG,
    LIAR_ROLES,
    MASON,
    MASONS,
    TANNER,
    WOLF,
    ClaimKey,
    NightKnowledge,
    known_role,
    named_seats,
    truthful,
)
from loupgarou.bots.one_night.solver import UNBOUNDED, Vote, solver_for

from .brute import World, brute_posterior
from .test_one_night_doppel import SMALL, TABLES, numbers, readers, solvers, worlds_of
from .test_solver import random_claims


def honest_claims(world: World) -> dict[int, ClaimKey]:
    """Every seat's truthful claim, the werewolf side's included (as a liar may say)."""
    return {s: truthful(s, k.dealt, k.obs) for s, k in enumerate(world[2])}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_seat_sharing_the_table_gets_what_brute_force_gives_it(name: str) -> None:
    solver = solver_for(numbers(SMALL[name]), 3)
    rng = random.Random(name)
    every = worlds_of(name)
    shared = 0
    for _ in range(20):
        world = rng.choice(every)
        claims = random_claims(rng, world, -1, liars_lie=rng.random() < 0.8)
        # The seats that share the table claim exactly what they know.
        for s, k in enumerate(world[2]):
            if known_role(k.dealt, k.obs) not in LIAR_ROLES and rng.random() < 0.8:
                claims[s] = truthful(s, k.dealt, k.obs)
        for k in world[2]:
            if not doppel_shareable(solver.doppel, k, claims.get(k.seat)):
                continue
            shared += 1
            mine = {s: c for s, c in claims.items() if s != k.seat}
            ref = brute_posterior(SMALL[name], 3, every, k, mine)
            assert ref is not None  # the seat's own world fits
            final, no_wolf = ref
            vote = solver.vote(k, claims)
            assert vote.exact and not vote.lenient
            assert vote.no_wolf == pytest.approx(no_wolf, abs=1e-9)
            for p in range(3):
                assert vote.wolf(p) == pytest.approx(final[p][WOLF], abs=1e-9)
                assert vote.tanner(p) == pytest.approx(final[p][TANNER], abs=1e-9)
    assert shared > 10  # the comparison is not vacuous


@pytest.mark.parametrize(("name", "games"), [("revenants-8", 2), ("anarchie-6", 3)])
def test_the_table_answers_every_seat_of_real_games_like_its_posterior(
    name: str, games: int
) -> None:
    quick, _ = solvers(name)
    shared = 0
    for table in readers(name, games):
        claims = dict(table[0].claims)
        quick.clear_caches()
        for reader in table:  # every seat: honest ones share the table, the others do not
            k = reader.knowledge()
            vote = quick.vote(k, claims)
            post = Vote.of(quick.posterior(k, claims))
            shared += doppel_shareable(quick.doppel, k, claims.get(k.seat))
            assert (vote.exact, vote.lenient) == (post.exact, post.lenient)
            assert vote.no_wolf == pytest.approx(post.no_wolf, abs=1e-12)
            for s in range(len(table)):
                assert vote.wolf(s) == pytest.approx(post.wolf(s), abs=1e-12)
                assert vote.tanner(s) == pytest.approx(post.tanner(s), abs=1e-12)
    assert shared


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_table_where_two_seats_say_nothing_gets_what_brute_force_gives(name: str) -> None:
    # Only seat 0 claims (the table of a room where people talk aloud): the table's walk
    # deals the silent seats every card and plays their nights unread, and seat 0 gets
    # the numbers brute force gives it.
    solver = solver_for(numbers(SMALL[name]), 3)
    every = worlds_of(name)
    checked = 0
    for world in random.Random(name).sample(every, min(40, len(every))):
        me = world[2][0]
        if known_role(me.dealt, me.obs) in LIAR_ROLES:
            continue
        claims = {0: truthful(0, me.dealt, me.obs)}
        checked += 1
        ref = brute_posterior(SMALL[name], 3, every, me, {})
        assert ref is not None
        final, no_wolf = ref
        solver.clear_caches()
        vote = solver.vote(me, claims)
        assert vote.exact
        assert vote.no_wolf == pytest.approx(no_wolf, abs=1e-9)
        for p in range(3):
            assert vote.wolf(p) == pytest.approx(final[p][WOLF], abs=1e-9)
            assert vote.tanner(p) == pytest.approx(final[p][TANNER], abs=1e-9)
    assert checked >= 10


@pytest.mark.parametrize(("name", "games"), [("anarchie-6", 3), ("anarchie-7", 3)])
def test_a_table_where_the_last_seats_say_nothing_answers_like_each_posterior(
    name: str, games: int
) -> None:
    # The last two seats never claim: the table, walked once for every honest seat, gives
    # each the numbers of its own posterior.
    quick, _ = solvers(name)
    n = TABLES[name][1]
    shared = 0
    for table in readers(name, games):
        claims = {s: c for s, c in table[0].claims.items() if s < n - 2}
        quick.clear_caches()
        got = quick.vote_table(claims, UNBOUNDED)
        assert got is not None
        for reader in table[: n - 2]:
            k = reader.knowledge()
            if not doppel_shareable(quick.doppel, k, claims.get(k.seat)):
                continue
            mine = got.for_seat(k.seat)
            assert mine is not None
            wolf, tanner, no_wolf = mine
            post = Vote.of(quick.posterior(k, claims, budget=UNBOUNDED))
            assert post.exact
            assert no_wolf == pytest.approx(post.no_wolf, abs=1e-12)
            for s in range(n):
                assert wolf[s] == pytest.approx(post.wolf(s), abs=1e-12)
                assert tanner[s] == pytest.approx(post.tanner(s), abs=1e-12)
            shared += 1
    assert shared >= 5


def test_a_spectator_who_heard_every_seat_reads_the_table() -> None:
    quick, _ = solvers("anarchie-6")
    for table in readers("anarchie-6", 2):
        claims = dict(table[0].claims)
        assert len(claims) == len(table)  # every seat claimed: the table answers
        quick.clear_caches()
        got = quick.spectator(claims)
        post = Vote.of(quick.posterior(None, claims))
        assert got.no_wolf == pytest.approx(post.no_wolf, abs=1e-12)
        for s in range(len(table)):
            assert got.wolf(s) == pytest.approx(post.wolf(s), abs=1e-12)


def test_only_a_seat_whose_claim_is_exactly_its_knowledge_shares_the_table() -> None:
    solver = solver_for(numbers(SMALL["dg-masons-insomniac"]), 3)
    dd = solver.doppel
    lone_mason = copied_mason = 0
    for world in worlds_of("dg-masons-insomniac"):
        claims = honest_claims(world)
        for k in world[2]:
            own = claims[k.seat]
            ok = doppel_shareable(dd, k, own)
            liar = known_role(k.dealt, k.obs) in LIAR_ROLES
            alone = k.dealt == MASON and not own.saw  # its claim fits two Masons too
            assert ok == (not liar and not alone)
            lone_mason += alone
            copied_mason += ok and k.dealt == DG and known_role(k.dealt, k.obs) == MASON
            if own.saw:  # dropping what it saw is another claim than its knowledge
                assert not doppel_shareable(dd, k, ClaimKey(own.role, own.did, frozenset()))
            assert not doppel_shareable(dd, k, None)
    assert lone_mason and copied_mason
    # A Doppelgänger that copied the Mason at seat 1 and saw no other Mason names that
    # one: its claim fits no world where another Mason woke, so it shares the table.
    copy = NightKnowledge(0, DG, ((COPIED, 1, MASON), (MASONS, 0, 1)))
    assert doppel_shareable(dd, copy, truthful(0, DG, copy.obs))


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_spectator_with_seats_nobody_names_gets_what_brute_force_gives(name: str) -> None:
    solver = solver_for(numbers(SMALL[name]), 3)
    rng = random.Random(name)
    every = worlds_of(name)
    free = 0
    for _ in range(16):
        world = rng.choice(every)
        claims = random_claims(rng, world, -1, liars_lie=True)
        for s in sorted(claims)[: rng.choice([0, 1, 2])]:  # leave one or two seats free
            del claims[s]
        named = {x for c in claims.values() for x in named_seats(c)}
        free += sum(1 for s in range(3) if s not in claims and s not in named) > 1
        ref = brute_posterior(SMALL[name], 3, every, None, claims)
        if ref is None:
            continue  # a lenient answer: the posterior's, not this walk's
        final, no_wolf = ref
        got = solver.spectator(claims)
        assert got.exact
        assert got.no_wolf == pytest.approx(no_wolf, abs=1e-9)
        for p in range(3):
            assert got.wolf(p) == pytest.approx(final[p][WOLF], abs=1e-9)
            assert got.tanner(p) == pytest.approx(final[p][TANNER], abs=1e-9)
    assert free  # some questions had interchangeable seats


@pytest.mark.parametrize(("name", "games"), [("anarchie-5", 3), ("anarchie-6", 2)])
def test_a_spectator_of_real_games_gets_the_posterior_s_numbers(name: str, games: int) -> None:
    quick, _ = solvers(name)
    rng = random.Random(name)
    for table in readers(name, games):
        claims = sorted(table[0].claims.items())
        for k in (1, 2, 3):
            said = dict(rng.sample(claims, min(k, len(claims))))
            quick.clear_caches()
            got = quick.spectator(said)
            want = Vote.of(quick.posterior(None, said, budget=10**9))
            assert got.exact and want.exact
            assert got.no_wolf == pytest.approx(want.no_wolf, abs=1e-12)
            for s in range(len(table)):
                assert got.wolf(s) == pytest.approx(want.wolf(s), abs=1e-12)
                assert got.tanner(s) == pytest.approx(want.tanner(s), abs=1e-12)
