"""One simulated game: a pure function of a simulation and the game's number.

:func:`play_game` deals game ``index`` of a :class:`~loupgarou.sim.spec.SimSpec` from
two generators seeded by ``(seed, index)`` alone (see :mod:`loupgarou.sim.runner`), seats
the bots by side, plays it at a :class:`~loupgarou.sim.table.Table` and reduces it to a
:class:`~loupgarou.sim.stats.GameResult`.  The runner calls it for every game; it is
compiled with the engine in the compiled build (the runner, which handles processes and
pickled values, is not).
"""

from __future__ import annotations

from loupgarou.bots.protocol import Bot, BotFactory
from loupgarou.bots.registry import factory, family_bots
from loupgarou.core.chance import SeededChance
from loupgarou.core.draws import seeded
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.sim.spec import SimSpec
from loupgarou.sim.stats import GameResult
from loupgarou.sim.table import Table, hook
from loupgarou.variants.registry import find_family


def kind_for(spec: SimSpec, seat: int, side: str) -> str:
    """A seat number beats a side, which beats ``*``; the last mention wins."""
    chosen = "random"
    rank = -1
    for where, kind in spec.bots:
        r = 2 if where == str(seat) else 1 if where == side else 0 if where == "*" else -1
        if r >= rank and r >= 0:
            chosen, rank = kind, r
    return chosen


def new_game(spec: SimSpec, index: int) -> Match:
    t = spec.table
    config = GameConfig(
        t.family, tuple(f"P{i + 1}" for i in range(t.players)), t.deck, dict(t.options)
    )
    return Match(find_family(t.family), config, SeededChance(f"{spec.seed}:{index}:chance"))


def starting_roles(match: Match) -> tuple[str, ...]:
    """Each seat's dealt card, from the record (the game master's knowledge)."""
    roles = ["?"] * len(match.players)
    for e in match.events:
        if e.kind == "dealt" and not e.audience.everyone and len(e.audience.seats) == 1:
            (seat,) = e.audience.seats
            if roles[seat] == "?":
                roles[seat] = str(e.data["role"])
    return tuple(roles)


def play_game(spec: SimSpec, index: int) -> GameResult:
    """Play game ``index`` of ``spec`` (a pure function of the two)."""
    return play_match(spec, index)[1]


def play_match(spec: SimSpec, index: int) -> tuple[Match, GameResult]:
    """:func:`play_game`, with the match played (its record, for tests and tools)."""
    match = new_game(spec, index)
    entry = family_bots(spec.table.family)
    roles = starting_roles(match)
    sides = tuple(entry.side_of(r) for r in roles)
    kinds = tuple(kind_for(spec, s, sides[s]) for s in range(len(roles)))
    rng = seeded(f"{spec.seed}:{index}:table")
    makers: dict[str, BotFactory] = {}
    for k in kinds:
        if k not in makers:
            makers[k] = factory(spec.table.family, k, agent_timeout=spec.agent_timeout)
    bots: list[Bot] = [makers[k](s, rng) for s, k in enumerate(kinds)]
    table = Table(match, bots, rng=rng, entry=entry)
    try:
        table.play()
    finally:
        for bot in bots:
            close = hook(bot, "close")
            if close is not None:
                close()
    outcome = match.outcome
    assert outcome is not None
    nights = sum(1 for e in match.events if e.kind == "night_begins")
    decisions = sum(1 for i in match.inputs if i.type in ("action", "timeout"))
    return match, GameResult(
        index=index,
        teams=tuple(sorted(outcome.teams)),
        winners=tuple(sorted(outcome.winners)),
        roles=roles,
        sides=sides,
        kinds=kinds,
        nights=nights,
        decisions=decisions,
        statements=table.log.statements,
        timeouts=table.log.timeouts,
        faults=tuple((seat, kind, code) for seat, kind, code, _ in table.log.faults),
    )
