"""The agenda runner: the deal, and the loop that advances a game between inputs.

After the deal and after every input (an action or a chance outcome) the runner
executes the tasks at the head of the agenda: public night calls and automatic
tasks run at once; it stops at a decision task that somebody can decide (a
decision task nobody can decide is skipped: a dead Seer's step), at a chance
task, or when the game is over.  It never draws at random and never reads
anything but the state.  Each task carries what it does
(:class:`~loupgarou.variants.thiercelieux.state.Does`: a method per kind of task).

Each input is applied to a :class:`~loupgarou.variants.thiercelieux.state.Draft`
of the state, which the runner freezes once, at the end, with the decisions or
the chance request the game now waits for: the engine's questions
(:func:`pending`, :func:`chance_request`) are then answered by reading the
state.  An answer to a simultaneous task (a vote, the Werewolves' waking) that
leaves others to answer skips the draft altogether (see
:func:`~loupgarou.variants.thiercelieux.state.answered`).
"""

from __future__ import annotations

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON, MODERATOR, Event
from loupgarou.variants.thiercelieux.state import (
    AUTO,
    DEALT,
    DECIDE,
    Draft,
    State,
    answered,
    seating,
)


def deal(state: State, value: JSON) -> tuple[State, tuple[Event, ...]]:
    """Position ``p`` gets card ``value[p]``; then night 1 runs up to its first decision."""
    d = Draft(state)
    plan = d.plan
    n = d.plan.n
    d.cards = tuple(value)
    d.alive = plan.all_alive
    d.answers = plan.no_answers
    d.up = plan.all_seats
    d.seating = seated = seating(plan, d.cards)
    names = seated.names
    d.events = [
        Event("deal", MODERATOR, {"cards": list(names)}),
        plan.begins,
    ]
    d.events += [DEALT[names[s]][s] for s in range(n)]
    d.work = list(plan.nights[0])
    return run(d), tuple(d.events)


def run(d: Draft) -> State:
    """Advance until a decision or a chance outcome is due, or the game is over; freeze.

    The head of the agenda is the last task of ``d.work``; every task puts what
    follows it there, and the one that ends the game sets the outcome.
    """
    work = d.work
    while d.outcome is None:
        # ``work.pop()``, not a bound ``pop`` kept in a local: the compiled build pops a
        # list natively, and called the bound method through Python's convention.
        task = work.pop()  # every task queues what follows it: never empty here
        does = task.does
        kind = does.kind
        if kind == AUTO:
            does.auto(d, task)
            continue
        if kind == DECIDE:
            decisions = does.pending(d, task)
            if decisions:
                work.append(task)
                return d.freeze(decisions, None)
            continue  # nobody can decide: skip it
        work.append(task)
        return d.freeze((), does.request(d, task))
    return d.freeze((), None)


def pending(state: State) -> tuple[Decision, ...]:
    return state.pending


def act(state: State, seat: int, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply ``seat``'s legal ``action`` to the decision task at the head of the agenda."""
    task = state.todo[-1]  # the head of the agenda
    does = task.does
    if len(state.pending) > 1:  # others will still have to answer
        quick = does.vote(task, seat, action)
        if quick is not None:
            return answered(state, seat, quick[0]), (quick[1],)
    d = Draft(state)
    d.work.pop()
    if not does.act(d, task, seat, action):
        d.work.append(task)  # it still waits for other seats
    return run(d), tuple(d.events)


def chance_request(state: State) -> ChanceRequest | None:
    return state.request


def apply_chance(state: State, value: JSON) -> tuple[State, tuple[Event, ...]]:
    if state.phase == "deal":
        return deal(state, value)
    task = state.todo[-1]  # the head of the agenda
    d = Draft(state)
    d.work.pop()
    task.does.resolve(d, task, value)
    return run(d), tuple(d.events)
