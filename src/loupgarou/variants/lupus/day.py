"""The Lupus in Tabula day: stage 1 (naming the suspects), the defence, stage 2 (the lynch).

Contract (RULINGS §3.3):

- The day's discussion (``discussion_minutes``, a narration option) happens
  during ``stage1``: living players may speak until the day's votes close.
  Ghosts never speak.
- ``stage1``: every player, living or Ghost, votes aloud in turn (one pending
  decision at a time) for a living player other than themself.  The order
  starts with the seat after the Welcome-card holder (seat 0 when nobody holds
  it yet) and goes clockwise; each ballot is a public event as it is cast.
  The two living players with most votes become the suspects; ties (zero votes
  included) go to the tied player met first clockwise from that same start.
  Then the Owl's pick of the night, if alive, is announced publicly; if not
  already a suspect it replaces the second suspect.
- ``defence``: the two suspects (only they) may speak; each ends their defence
  with ``rest`` (a timeout does the same), and stage 2 opens when both have.
- ``stage2``: the living players who are not suspects vote secretly and all at
  once for one of the suspects (each is told only their own ballot); when every
  ballot is in they are revealed together.  Most votes is lynched; a tie goes
  to the suspect met first clockwise from the start.  Nobody speaks during
  stage 2.  The lynched player becomes a Ghost (the Welcome card does not move)
  and the winner check runs.

Timeout defaults: a stage 1 voter votes for the first living player clockwise
after themself; a stage 2 voter for the suspect met first clockwise after
themself; a suspect ends their defence.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from loupgarou.core.actions import Action, Decision
from loupgarou.core.events import Event, public, told
from loupgarou.variants.lupus import resolution
from loupgarou.variants.lupus.setup import MAX_PLAYERS
from loupgarou.variants.lupus.state import (
    NONE,
    RESTED,
    State,
    first_clockwise,
    from_start,
)

Step = tuple[State, list[Event]]

REST = Action("rest")
"""A suspect ends their defence."""

VOTE: tuple[Action, ...] = tuple(Action("vote", (t,)) for t in range(MAX_PLAYERS))
"""``VOTE[t]`` is the ballot against seat ``t`` (built once: actions are immutable)."""


# --- stage 1 ------------------------------------------------------------------------------------


def enter_stage1(state: State) -> Step:
    day = state.day + 1
    order = from_start(state.start, state.n)
    state = state._replace(
        phase="day", day=day, order=order, actors=order, ballots=(NONE,) * state.n
    )
    return state, [public("day_begins", day=day, order=list(order))]


def stage1_targets(state: State, seat: int) -> tuple[int, ...]:
    alive = state.alive
    return tuple([t for t in range(state.n) if t != seat and alive[t]])


def stage1_decision(state: State, seat: int) -> Decision:
    allowed = stage1_targets(state, seat)
    default = first_clockwise((seat + 1) % state.n, allowed, state.n)
    return Decision(seat, "stage1", tuple([VOTE[t] for t in allowed]), VOTE[default])


def stage1_answer(state: State, seat: int, action: Action) -> Step:
    target = action.players[0]
    answers = list(state.answers)
    answers[seat] = target
    ballots = tuple(answers)
    state = state._replace(answers=ballots, ballots=ballots)
    return state, [public("vote", stage=1, seat=seat, target=target)]


def rank(state: State, votes: Counter[int], candidates: tuple[int, ...]) -> tuple[int, ...]:
    """``candidates`` by most votes, ties to the first met clockwise from the day's start."""
    start, n = state.start, state.n
    return tuple(sorted(candidates, key=lambda c: (-votes[c], (c - start) % n)))


def finish_stage1(state: State) -> Step:
    votes = Counter(state.answers[s] for s in state.order)
    leaders = rank(state, votes, state.living())[:2]
    events: list[Event] = [
        public(
            "stage1_counted",
            counts=[[s, votes[s]] for s in sorted(votes)],
            leaders=list(leaders),
        )
    ]
    suspects = leaders
    pick = state.pick
    if pick != NONE and state.alive[pick]:
        replaced = None
        if pick not in leaders:
            replaced = leaders[1]
            suspects = (leaders[0], pick)
        events.append(public("owl_pick", seat=pick, replaced=replaced))
    events.append(public("suspects", seats=list(suspects)))
    return state._replace(suspects=suspects, pick=NONE), events


# --- defence ------------------------------------------------------------------------------------


def enter_defence(state: State) -> Step:
    return state._replace(actors=state.suspects), []


def defence_decision(state: State, seat: int) -> Decision:
    return _defence_decision(seat)


@lru_cache(maxsize=MAX_PLAYERS)
def _defence_decision(seat: int) -> Decision:
    return Decision(seat, "defence", (REST,), REST)


def defence_answer(state: State, seat: int, action: Action) -> Step:
    answers = list(state.answers)
    answers[seat] = RESTED
    return state._replace(answers=tuple(answers)), [public("rested", seat=seat)]


def may_defend(state: State, seat: int) -> bool:
    """A suspect may speak until they end their defence."""
    return seat in state.suspects and state.answers[seat] == NONE


# --- stage 2 ------------------------------------------------------------------------------------


def enter_stage2(state: State) -> Step:
    voters = tuple(s for s in state.living() if s not in state.suspects)
    state = state._replace(actors=voters)
    return state, [public("stage2_begins", suspects=list(state.suspects), voters=list(voters))]


def stage2_decision(state: State, seat: int) -> Decision:
    return _stage2_decision(state.suspects, state.n, seat)


@lru_cache(maxsize=2048)
def _stage2_decision(suspects: tuple[int, ...], n: int, seat: int) -> Decision:
    """Shared between the voters' turns and between games: the pending decisions are
    rebuilt after every ballot, and they depend on nothing but these three."""
    ordered = sorted(suspects)
    default = first_clockwise((seat + 1) % n, ordered, n)
    return Decision(seat, "stage2", tuple([VOTE[t] for t in ordered]), VOTE[default])


def stage2_answer(state: State, seat: int, action: Action) -> Step:
    target = action.players[0]
    answers = list(state.answers)
    answers[seat] = target
    return state._replace(answers=tuple(answers)), [told(seat, "voted", seat=target)]


def finish_stage2(state: State) -> Step:
    ballots = [(v, state.answers[v]) for v in state.actors]
    votes = Counter(t for _, t in ballots)
    lynched = rank(state, votes, state.suspects)[0]
    events: list[Event] = [
        public(
            "votes_revealed",
            ballots=[[v, t] for v, t in ballots],
            counts=[[s, votes[s]] for s in sorted(state.suspects)],
        ),
        public("lynched", seat=lynched),
    ]
    alive = list(state.alive)
    alive[lynched] = False
    state = state._replace(alive=tuple(alive), last_lynched=lynched)
    state, more = resolution.check(state)
    return state, events + more
