"""The One Night bots' caches are honest: a kept answer is the fresh answer, and no cache
ever changes what a bot does (the same seed gives the same games, warm or cold)."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from typing import TypeVar

import pytest

from loupgarou.bots.one_night import knowledge as knowledge_module
from loupgarou.bots.one_night.bot import SensibleOneNight
from loupgarou.bots.one_night.fast import FastDeck, Left
from loupgarou.bots.one_night.knowledge import ClaimKey, NightKnowledge, ViewReader, claim_key
from loupgarou.bots.one_night.solver import _LRU, Solver, role_numbers, solver_for
from loupgarou.core.actions import Action, Decision
from loupgarou.core.events import JSON
from loupgarou.core.statements import Statement
from loupgarou.engine import new_match
from loupgarou.engine.match import Match
from loupgarou.engine.views import SeatView
from loupgarou.sim.table import play
from loupgarou.variants.one_night import VARIANT as ONE_NIGHT
from loupgarou.variants.one_night.scenarios import find_scenario
from tests.builds import interpreted_only

BENCH = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager"]


def game(
    deck: list[str], n: int, seed: int, *, cold: bool = False, threads: bool = False
) -> tuple[Match, list[SensibleOneNight]]:
    """A seeded game of sensible bots; with ``cold``, every vote asks a solver whose
    caches were just emptied; with ``threads``, each bot thinks on a new thread each time."""
    match = new_match(ONE_NIGHT, [f"p{i}" for i in range(n)], deck, seed=seed)
    bots = [SensibleOneNight(s, random.Random(seed * 31 + s)) for s in range(n)]
    wrapped = [ColdAtTheVote(b) for b in bots]
    seats = wrapped if cold else [OnFreshThreads(b) for b in bots] if threads else bots
    play(match, seats, rng=random.Random(seed))
    assert not cold or sum(w.cold_votes for w in wrapped) == n  # every vote was cold
    return match, bots


def record(match: Match) -> list[JSON]:
    return [i.to_json() for i in match.inputs] + [e.to_json() for e in match.events]


class ColdAtTheVote:
    """A sensible bot whose solver forgets everything just before each of its votes.

    It wraps the bot rather than patching its class: a compiled class cannot be patched
    (the compiled build would go on calling the original)."""

    def __init__(self, bot: SensibleOneNight) -> None:
        self.bot = bot
        self.cold_votes = 0

    def decide(self, view: SeatView, decision: Decision) -> Action:
        if decision.kind == "vote":
            r = self.bot.reader
            r.update(view)
            solver_for(r.deck, r.n).clear_caches()
            self.cold_votes += 1
        return self.bot.decide(view, decision)

    def speak(self, view: SeatView) -> Statement | None:
        return self.bot.speak(view)


@pytest.mark.parametrize(
    ("deck", "n"),
    [
        (BENCH, 5),
        ([r.value for r in find_scenario("alliance").deck_for(6)], 6),
        ([r.value for r in find_scenario("revenants").deck_for(8)], 8),
    ],
)
def test_caches_never_change_what_the_bots_do(deck: list[str], n: int) -> None:
    seeds = range(6) if n < 8 else range(2)
    warm = [record(game(deck, n, seed)[0]) for seed in seeds]
    again = [record(game(deck, n, seed)[0]) for seed in seeds]
    cold = [record(game(deck, n, seed, cold=True)[0]) for seed in seeds]
    assert warm == again == cold


T = TypeVar("T")


def on_a_thread_of_its_own(work: Callable[[], T]) -> T:
    got: list[T] = []
    thread = threading.Thread(target=lambda: got.append(work()))
    thread.start()
    thread.join()
    return got[0]


class OnFreshThreads:
    """A sensible bot each of whose decisions and words is thought out on a new thread, as
    a server's bots may be, from one request to the next."""

    def __init__(self, bot: SensibleOneNight) -> None:
        self.bot = bot

    def decide(self, view: SeatView, decision: Decision) -> Action:
        return on_a_thread_of_its_own(lambda: self.bot.decide(view, decision))

    def speak(self, view: SeatView) -> Statement | None:
        return on_a_thread_of_its_own(lambda: self.bot.speak(view))


def on_four_threads_at_once(work: Callable[[int], None]) -> None:
    """``work(0)`` to ``work(3)``, each on a thread of its own, all at once, the interpreter
    made to switch between them every microsecond."""
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switch)


class Recording:
    """A sensible bot that notes its (knowledge, claims) each time it votes."""

    def __init__(
        self, bot: SensibleOneNight, seen: list[tuple[NightKnowledge, dict[int, ClaimKey]]]
    ) -> None:
        self.bot = bot
        self.seen = seen

    def decide(self, view: SeatView, decision: Decision) -> Action:
        if decision.kind == "vote":
            r = self.bot.reader
            r.update(view)
            self.seen.append((r.knowledge(), dict(r.claims)))
        return self.bot.decide(view, decision)

    def speak(self, view: SeatView) -> Statement | None:
        return self.bot.speak(view)


def benefice_votes() -> tuple[tuple[int, ...], list[tuple[NightKnowledge, dict[int, ClaimKey]]]]:
    """Bénéfice's deck at six players (its role numbers), and every question its sensible
    bots ask at the vote in three games."""
    deck = [r.value for r in find_scenario("benefice").deck_for(6)]
    seen: list[tuple[NightKnowledge, dict[int, ClaimKey]]] = []
    for seed in range(3):
        match = new_match(ONE_NIGHT, [f"p{i}" for i in range(6)], deck, seed=seed)
        bots = [SensibleOneNight(s, random.Random(seed * 31 + s)) for s in range(6)]
        play(match, [Recording(b, seen) for b in bots], rng=random.Random(seed))
    return tuple(sorted(role_numbers(deck))), seen


def test_threads_asking_one_solver_at_once_get_the_answers_it_gives_alone() -> None:
    """A server's bots share solvers across their threads.  Four threads ask one solver
    every question of a few games at once, in different orders, with its memos cut small
    so that answers are evicted while others look them up, and the interpreter made to
    switch threads every microsecond: each answer is the one a lone thread gets."""
    numbers, seen = benefice_votes()
    alone = Solver(numbers, 6)
    expected = [(alone.posterior(k, c), alone.vote(k, c)) for k, c in seen]
    shared = Solver(numbers, 6)
    shared._cache = _LRU(2)
    shared._tables = _LRU(1)
    got: dict[int, list[tuple[int, object, object]]] = {}

    def ask(t: int) -> None:
        order = list(range(len(seen)))
        random.Random(t).shuffle(order)
        got[t] = [(i, shared.posterior(*seen[i]), shared.vote(*seen[i])) for i in order * 2]

    on_four_threads_at_once(ask)
    assert sorted(got) == [0, 1, 2, 3]  # every thread finished (an error ends one early)
    for answers in got.values():
        assert len(answers) == 2 * len(seen)
        for i, post, vote in answers:
            assert (post, vote) == expected[i]


@interpreted_only
def test_equal_memo_entries_two_threads_made_give_a_lone_threads_sums(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two threads filling the memo of the cards left at once can each make an equal
    entry, and a walk then meets both objects.  Here every look-up makes a new one (the
    worst such race, made on purpose): the answers are still a lone thread's, to the last
    bit, since a walk keeps its sums by the cards, not by the object (issue found by the
    test above, about one run in ten on a loaded machine)."""
    numbers, seen = benefice_votes()
    alone = Solver(numbers, 6)
    expected = [alone.posterior(k, c) for k, c in seen]
    made = FastDeck.lazy

    def every_time_new(self: FastDeck, cnt: list[int]) -> Left:
        got = made(self, cnt)
        self.lazy_memo[self.code(cnt)] = None  # as if another thread had just replaced it
        return Left(got.mult, got.rem)

    monkeypatch.setattr(FastDeck, "lazy", every_time_new)
    racing = Solver(numbers, 6)
    assert [racing.posterior(k, c) for k, c in seen] == expected


def test_bots_thinking_on_other_threads_play_the_same_games() -> None:
    deck = [r.value for r in find_scenario("revenants").deck_for(8)]
    for seed in range(2):
        assert record(game(deck, 8, seed, threads=True)[0]) == record(game(deck, 8, seed)[0])


def test_a_kept_answer_is_the_fresh_answer() -> None:
    _, bots = game(BENCH, 5, 3)
    solver = Solver(role_numbers(BENCH), 5)
    claims = dict(bots[0].reader.claims)
    for b in bots:
        k = b.reader.knowledge()
        first = solver.posterior(k, claims)
        assert solver.posterior(k, claims) is first  # kept
        vote = solver.vote(k, claims)
        solver.clear_caches()
        assert solver.posterior(k, claims) == first  # fresh: the same numbers
        assert solver.vote(k, claims) == vote
    # The shared table does not depend on which seat asked first.
    backwards = Solver(role_numbers(BENCH), 5)
    for b in reversed(bots):
        k = b.reader.knowledge()
        assert backwards.vote(k, claims) == solver.vote(k, claims)


def test_the_memo_is_bounded_and_forgets_the_least_recent() -> None:
    memo = _LRU(3)
    for i in range(3):
        memo.keep((i,), i)
    assert memo.look((0,)) == 0  # now the most recent
    memo.keep((3,), 3)
    assert len(memo) == 3
    assert memo.look((1,)) is None and memo.look((0,)) == 0 and memo.look((3,)) == 3


def test_the_memo_may_be_shared_by_threads() -> None:
    """Threads looking up and keeping answers in one small memo at once, the interpreter
    switching between them every microsecond: no look-up fails (a key evicted between a
    look-up and its move to the end would raise), and the memo keeps its bound."""
    memo = _LRU(4)
    errors: list[BaseException] = []

    def hammer(t: int) -> None:
        rng = random.Random(t)
        try:
            for _ in range(40_000):
                key = (rng.randrange(8),)
                if memo.look(key) is None:
                    memo.keep(key, key[0])
        except BaseException as exc:  # reported below
            errors.append(exc)

    on_four_threads_at_once(hammer)
    assert not errors
    assert len(memo) <= 4


def test_claims_are_read_once_per_statement_and_read_right() -> None:
    # The memo is cleared when it holds 1,024 claims: start this game with it empty, or
    # the games other tests played before it in this process may fill it mid-game.
    knowledge_module._CLAIMS.clear()
    match, bots = game(BENCH, 5, 1)
    statements = [e for e in match.events if e.kind == "statement"]
    assert statements
    for e in statements:
        assert knowledge_module._statement_claim(e) == claim_key(e.data["claim"])
    # Every seat read the same claim objects.
    for b in bots[1:]:
        for s, c in b.reader.claims.items():
            assert c is bots[0].reader.claims[s]
    assert len(knowledge_module._CLAIMS) <= 1024


def test_a_reader_s_knowledge_follows_its_view() -> None:
    match = new_match(ONE_NIGHT, [f"p{i}" for i in range(5)], BENCH, seed=4)
    readers = [ViewReader(s) for s in range(5)]
    while not match.over:
        for s, reader in enumerate(readers):
            reader.update(match.view(s))
            fresh = ViewReader(s)
            fresh.update(match.view(s))
            assert reader.knowledge() == fresh.knowledge()  # kept, yet never stale
        d = match.pending()[0]
        match.submit(d.seat, d.default)
    assert any(r.knowledge().obs for r in readers)
