"""The Doppelgänger's exact path (:mod:`loupgarou.bots.one_night.doppel`) gives the general
enumeration's answers, and brute force's.

Brute force through the real rules on small decks with the Doppelgänger (every deal, every
choice, each seat's knowledge read from its events), then situations taken from real games
of *Revenants* and of *Anarchie*'s drawn decks with a Doppelgänger at five to ten players:
every seat's knowledge with every claim, claims dropped or cut short, random lies (lenient
answers included), a spectator; each compared with the general enumeration (the path
switched off).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from loupgarou.bots.one_night.doppel import interchangeable, parts
from loupgarou.bots.one_night.knowledge import (
    CARD,
    CENTRE,
    COPIED,
    DG,
    LIAR_ROLES,
    ROLES,
    SEER,
    TM,
    ClaimKey,
    NightKnowledge,
    ViewReader,
    truthful,
)
from loupgarou.bots.one_night.solver import (
    DEFAULT_BUDGET,
    Posterior,
    Solver,
    role_numbers,
    solver_for,
)
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.scenarios import find_scenario
from loupgarou.variants.one_night.setup import draw_pool, drawn_deck

from .brute import World, agrees_with_brute_force, all_worlds
from .test_one_night_fast import lie, played, same, variants
from .test_solver import random_claims

BIG = 10**9

SMALL = {
    "dg-minion-insomniac-tm": (
        "doppelganger",
        "werewolf",
        "minion",
        "insomniac",
        "troublemaker",
        "villager",
    ),
    "dg-seer-drunk-robber": ("doppelganger", "werewolf", "seer", "drunk", "robber", "villager"),
    "dg-masons-insomniac": ("doppelganger", "werewolf", "mason", "mason", "insomniac", "tanner"),
    # A Seer and a Troublemaker: a Seer who saw a card where it was not dealt needs a
    # copied Troublemaker (the Doppelgänger's copy mask), a copied Insomniac's claim is
    # weighed once the last card that may move it has.
    "dg-seer-tm-insomniac": (
        "doppelganger",
        "werewolf",
        "seer",
        "troublemaker",
        "insomniac",
        "villager",
    ),
    "dg-wolves-robber-tm": (
        "doppelganger",
        "werewolf",
        "werewolf",
        "robber",
        "troublemaker",
        "hunter",
    ),
    # Three liar roles, dealt as one card (:func:`doppel.parts`): a Doppelgänger that copies
    # one, a Troublemaker that may move the copied card to the Drunk, who may give it to
    # the centre and take a pooled card nobody reads.
    "dg-liars-drunk-tm": ("doppelganger", "werewolf", "minion", "tanner", "drunk", "troublemaker"),
    "dg-liars-drunk-robber": ("doppelganger", "werewolf", "minion", "drunk", "robber", "villager"),
    # The Seer and a Doppelgänger that copies it can both see a liar card.
    "dg-seer-liars": ("doppelganger", "werewolf", "minion", "seer", "villager", "tanner"),
}
POOLED = ("dg-liars-drunk-tm", "dg-liars-drunk-robber", "dg-minion-insomniac-tm")


@cache
def worlds_of(name: str) -> list[World]:
    return all_worlds(SMALL[name], 3)


def numbers(deck: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(ROLES.index(Role(r)) for r in deck)


def matches_brute_force(
    name: str,
    solver: Solver,
    knowledge: NightKnowledge | None,
    claims: dict[int, ClaimKey],
    budget: int = DEFAULT_BUDGET,
) -> Posterior:
    """The solver's answer, checked against brute force on the small deck ``name``."""
    post = solver.posterior(knowledge, claims, budget=budget)
    agrees_with_brute_force(
        post, SMALL[name], 3, worlds_of(name), knowledge=knowledge, claims=claims
    )
    return post


@pytest.mark.parametrize("name", sorted(SMALL))
def test_the_doppelganger_path_matches_brute_force(name: str) -> None:
    solver = solver_for(numbers(SMALL[name]), 3)
    assert solver.doppel.ok
    rng = random.Random(name)
    every = worlds_of(name)
    lenient = 0
    for _ in range(16):
        world = rng.choice(every)
        me = rng.choice([-1, 0, 1, 2])
        claims = random_claims(rng, world, me, liars_lie=rng.random() < 0.8)
        if rng.random() < 0.3 and claims:  # a village seat's lie: often no world fits
            victim = rng.choice(sorted(claims))
            claims[victim] = lie(rng, 3, victim)
        knowledge = None if me < 0 else world[2][me]
        lenient += matches_brute_force(name, solver, knowledge, claims).lenient
    if name in ("dg-seer-drunk-robber", "dg-wolves-robber-tm"):
        assert lenient  # lenient answers are compared too


def pooled_walk(
    solver: Solver, knowledge: NightKnowledge | None, claims: dict[int, ClaimKey]
) -> bool:
    """Whether the question's walks deal the liar cards as one somewhere."""
    allowed = solver._allowed(knowledge, claims, lenient=False)
    return allowed is not None and any(
        p.copies for p in parts(solver.doppel, knowledge, claims, allowed, False)
    )


@pytest.mark.parametrize("name", POOLED)
def test_liar_cards_dealt_as_one_give_brute_force_s_answers(name: str) -> None:
    # Nothing tells a Werewolf from the Minion or the Tanner but the solving seat's own
    # knowledge and an honest Seer's sighting: elsewhere the walk deals them as one card,
    # splits it in proportion and reads "no Werewolf among the players" from how many
    # pooled cards the players hold.  Brute force deals every card apart.
    solver = solver_for(numbers(SMALL[name]), 3)
    rng = random.Random(f"pooled {name}")
    every = worlds_of(name)
    pooled = 0
    for _ in range(40):
        world = rng.choice(every)
        me = rng.choice([-1, 0, 1, 2])
        claims = random_claims(rng, world, me, liars_lie=True)
        knowledge = None if me < 0 else world[2][me]
        if not pooled_walk(solver, knowledge, claims):
            continue
        pooled += 1
        matches_brute_force(name, solver, knowledge, claims, BIG)
    assert pooled >= 10  # the comparison is not vacuous


def test_a_seer_that_saw_a_card_the_copied_troublemaker_moved() -> None:
    # Worlds where the Doppelgänger copied the Troublemaker and the Seer looked at a player:
    # the Seer (solving, or an honest claimant) may have seen a card where it was not
    # dealt, which only that copy explains (the path's mask of copies and its check once
    # the copy has played).  Every claim truthful; the solving seat the Seer, then the
    # Doppelgänger.
    name = "dg-seer-tm-insomniac"
    solver = solver_for(numbers(SMALL[name]), 3)
    every = worlds_of(name)
    seen = set()
    for _, _, known in every:
        dg = [k.seat for k in known if k.dealt == DG and k.obs and k.obs[0][:1] == (COPIED,)]
        seer = [k.seat for k in known if k.dealt == SEER and any(o[0] == CARD for o in k.obs)]
        if not dg or known[dg[0]].obs[0][2] != TM or not seer:
            continue
        for me in (seer[0], dg[0]):
            claims = {k.seat: truthful(k.seat, k.dealt, k.obs) for k in known if k.seat != me}
            key = (known[me], tuple(sorted(claims.items())))
            if key in seen:
                continue
            seen.add(key)
            matches_brute_force(name, solver, known[me], claims)
    assert len(seen) >= 10  # the comparison is not vacuous


def anarchie_deck(players: int, seed: int) -> tuple[str, ...]:
    """A drawn Anarchie deck with a Doppelgänger (the first such draw from ``seed`` on)."""
    pool = draw_pool("anarchie")
    rng = random.Random(seed)
    while True:
        order = list(range(len(pool)))
        rng.shuffle(order)
        deck = drawn_deck("anarchie", players, order)
        if deck is not None and Role.DOPPELGANGER in deck:
            return tuple(r.value for r in deck)


def scenario_deck(key: str, players: int) -> tuple[str, ...]:
    return tuple(r.value for r in find_scenario(key).deck_for(players))


TABLES = {
    "revenants-8": (scenario_deck("revenants", 8), 8),
    "revenants-9": (scenario_deck("revenants", 9), 9),
    "revenants-10": (scenario_deck("revenants", 10), 10),
    "anarchie-5": (anarchie_deck(5, 1), 5),
    "anarchie-6": (anarchie_deck(6, 2), 6),
    "anarchie-7": (anarchie_deck(7, 3), 7),
    "anarchie-8": (anarchie_deck(8, 4), 8),
    "anarchie-10": (anarchie_deck(10, 5), 10),
    # Four players with the Doppelgänger, the Troublemaker and the Drunk beside a pooled
    # card: the copied one can be swapped to the Drunk and given to the centre.
    "liars-4": (
        ("doppelganger", "werewolf", "minion", "tanner", "drunk", "troublemaker", "villager"),
        4,
    ),
}


def readers(name: str, games: int) -> tuple[tuple[ViewReader, ...], ...]:
    """Every seat's reader at the end of sensible games at the table ``name``."""
    deck, n = TABLES[name]
    return played(deck, n, games)


def solvers(name: str) -> tuple[Solver, Solver]:
    """A solver with the Doppelgänger's path and one with the general enumeration only."""
    deck, n = TABLES[name]
    got = role_numbers(deck)
    quick, general = Solver(got, n), Solver(got, n)
    general.doppel.ok = False
    assert quick.doppel.ok and not quick.fast.ok
    return quick, general


@pytest.mark.parametrize(
    ("name", "games"), [("anarchie-5", 3), ("anarchie-6", 2), ("anarchie-7", 1)]
)
def test_the_doppelganger_path_gives_the_general_enumeration_s_answers(
    name: str, games: int
) -> None:
    quick, general = solvers(name)
    rng = random.Random(name)
    used = lenient = 0
    for table in readers(name, games):
        for knowledge, claims in variants(rng, table):
            got = quick.posterior(knowledge, claims, budget=BIG)
            same(got, general.posterior(knowledge, claims, budget=BIG))
            used += 1
            lenient += got.lenient
    assert used > 10  # the comparison is not vacuous


def test_two_seers_that_name_liar_cards_are_walked_apart_once_each() -> None:
    # The Seer and a Doppelgänger that copied it both say which liar card they saw: only
    # the worlds where neither holds those cards deal the liar cards as one; the others
    # are walked apart, once each (the first such claimant that holds one of them).
    name = "dg-seer-liars"
    solver = solver_for(numbers(SMALL[name]), 3)
    every = worlds_of(name)
    seen = set()
    for _, _, known in every:
        saw_liars = [
            k
            for k in known
            if k.dealt in (SEER, DG)
            and any(o[0] in (CARD, CENTRE) and o[2] in LIAR_ROLES for o in k.obs)
        ]
        if len(saw_liars) < 2:
            continue
        for me in (-1, 0, 1, 2):
            knowledge = None if me < 0 else known[me]
            claims = {k.seat: truthful(k.seat, k.dealt, k.obs) for k in known if k.seat != me}
            if sum(any(r in LIAR_ROLES for r, _, _ in c.saw) for c in claims.values()) < 2:
                continue
            if not pooled_walk(solver, knowledge, claims):
                continue
            key = (knowledge, tuple(sorted(claims.items())))
            if key in seen:
                continue
            seen.add(key)
            matches_brute_force(name, solver, knowledge, claims, BIG)
            if len(seen) == 8:
                return
    raise AssertionError(f"only {len(seen)} situations where two seats name liar cards")


def test_pooled_liar_cards_where_the_copied_one_ends_in_the_centre() -> None:
    # A Doppelgänger that copied a pooled card carries its role; when the card itself
    # leaves the players (the Troublemaker gives it to the Drunk, who gives it to the
    # centre) the role is still among them on the Doppelgänger's card, and counts once
    # for "no Werewolf among the players".  Spectators and seats with few claims leave
    # such worlds possible; the general enumeration deals every card apart.
    quick, general = solvers("liars-4")
    rng = random.Random("liars-4")
    used = 0
    for table in readers("liars-4", 6):
        claims = dict(table[0].claims)
        for k in [None, *(r.knowledge() for r in table)]:
            me = -1 if k is None else k.seat
            for keep in (0.0, 0.5, 1.0):
                mine = {s: c for s, c in claims.items() if s != me and rng.random() < keep}
                if not pooled_walk(quick, k, mine):
                    continue
                same(quick.posterior(k, mine, budget=BIG), general.posterior(k, mine, budget=BIG))
                used += 1
    assert used >= 20  # the comparison is not vacuous


@pytest.mark.parametrize("name", ["anarchie-6", "anarchie-7"])
def test_seats_that_said_the_same_bare_role_are_dealt_as_one_class(name: str) -> None:
    # Two seats that claimed the Villager and that nothing names are interchangeable: the
    # walk deals their cards as a multiset and each gets the mean of their sums.  The answer
    # is still the general enumeration's, which deals every seat apart.
    quick, general = solvers(name)
    n = TABLES[name][1]
    classes_seen = 0
    for table in readers(name, 3):
        claims = dict(table[0].claims)
        for reader in table:
            k = reader.knowledge()
            mine = {s: c for s, c in claims.items() if s != k.seat}
            allowed = quick._allowed(k, mine, lenient=False)
            if allowed is None or not interchangeable(n, k, mine, allowed):
                continue
            same(quick.posterior(k, mine, budget=BIG), general.posterior(k, mine, budget=BIG))
            classes_seen += 1
            if classes_seen == 3:
                return
    raise AssertionError(f"only {classes_seen} situations with interchangeable seats")


@pytest.mark.parametrize(
    ("name", "seats"),
    [
        ("revenants-8", (0, 1, 2, 3)),
        ("revenants-9", (0, 1, 2, 3)),
        ("revenants-10", (0, 1, 2)),
        ("anarchie-8", (0, 1, 2, 3)),
        ("anarchie-10", (0, 1, 2)),
    ],
)
def test_the_doppelganger_path_at_the_vote_at_eight_to_ten_players(
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
            mine = {s: c for s, c in claims.items() if s != seat}
            same(quick.posterior(k, mine, budget=BIG), general.posterior(k, mine, budget=BIG))
        liar = dict(claims)
        victim = rng.choice(sorted(liar))
        liar[victim] = lie(rng, n, victim)
        k = table[seats[-1]].knowledge()
        same(quick.posterior(k, liar, budget=BIG), general.posterior(k, liar, budget=BIG))


@pytest.mark.parametrize("name", ["revenants-10", "anarchie-10"])
def test_every_answer_at_the_vote_is_exact_within_the_bot_s_budget(name: str) -> None:
    from loupgarou.bots.one_night.bot import BOT_BUDGET

    quick, _ = solvers(name)
    for table in readers(name, 2):
        claims = dict(table[0].claims)
        for reader in table:
            quick.clear_caches()
            vote = quick.vote(reader.knowledge(), claims, budget=BOT_BUDGET)
            assert vote.exact
