"""The agenda runner: the deal, and the loop that advances a game between inputs.

After the deal and after every input (an action or a chance outcome) the runner
executes the tasks at the head of the agenda: public night calls and automatic
tasks run at once; it stops at a decision task that somebody can decide (a
decision task nobody can decide is skipped: a dead Seer's step), at a chance
task, or when the game is over.  It never draws at random and never reads
anything but the state.
"""

from __future__ import annotations

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON, public, secret, told
from loupgarou.variants.thiercelieux import day, night, resolution
from loupgarou.variants.thiercelieux.state import (
    NONE,
    Act,
    Auto,
    Events,
    Pending,
    Request,
    Resolve,
    State,
)

AUTO: dict[str, Auto] = {**night.AUTO, **day.AUTO, **resolution.AUTO}
DECIDE: dict[str, tuple[Pending, Act]] = {**night.DECIDE, **day.DECIDE, **resolution.DECIDE}
CHANCE: dict[str, tuple[Request, Resolve]] = {**night.CHANCE, **day.CHANCE}


def deal_request(state: State) -> ChanceRequest:
    return ChanceRequest("deal", "permutation", len(state.deck))


def deal(state: State, value: JSON) -> tuple[State, Events]:
    """Position ``p`` gets card ``value[p]``; then night 1 runs up to its first decision."""
    cards = tuple(value)
    n = state.n
    state = state._replace(
        cards=cards,
        alive=(True,) * n,
        answers=(NONE,) * n,
        agenda=night.agenda(state.deck, 1),
    )
    events: Events = [
        secret("deal", cards=[state.role(p).value for p in range(len(cards))]),
        public("game_begins", players=n, deck=[r.value for r in state.deck]),
    ]
    events += [told(s, "dealt", role=state.role(s).value) for s in range(n)]
    state, more = run(state)
    return state, events + more


def run(state: State) -> tuple[State, Events]:
    """Advance until a decision or a chance outcome is due, or the game is over."""
    events: Events = []
    while state.outcome is None:
        task = state.agenda[0]  # every task appends what follows it: never empty here
        if task.kind == "call":
            state = state._replace(step=task.arg, agenda=state.agenda[1:])
            events.append(public("night_step", night=state.number, step=task.arg))
        elif task.kind in AUTO:
            state, more, follow = AUTO[task.kind](state._replace(agenda=state.agenda[1:]), task)
            events += more
            if follow:
                state = state._replace(agenda=(*follow, *state.agenda))
        elif task.kind in DECIDE:
            if DECIDE[task.kind][0](state, task):
                break
            state = state._replace(agenda=state.agenda[1:])
        else:
            assert task.kind in CHANCE, task
            break
    return state, events


def pending(state: State) -> tuple[Decision, ...]:
    if state.outcome is not None or not state.agenda:
        return ()
    task = state.agenda[0]
    entry = DECIDE.get(task.kind)
    return entry[0](state, task) if entry is not None else ()


def act(state: State, seat: int, action: Action) -> tuple[State, Events]:
    """Apply ``seat``'s legal ``action`` to the decision task at the head of the agenda."""
    task = state.agenda[0]
    state, events, follow = DECIDE[task.kind][1](state, task, seat, action)
    if follow is not None:
        state = state._replace(agenda=(*follow, *state.agenda[1:]))
    state, more = run(state)
    return state, events + more


def chance_request(state: State) -> ChanceRequest | None:
    if state.phase == "deal":
        return deal_request(state)
    if state.outcome is not None or not state.agenda:
        return None
    task = state.agenda[0]
    entry = CHANCE.get(task.kind)
    return entry[0](state, task) if entry is not None else None


def apply_chance(state: State, value: JSON) -> tuple[State, Events]:
    if state.phase == "deal":
        return deal(state, value)
    task = state.agenda[0]
    state, events, follow = CHANCE[task.kind][1](
        state._replace(agenda=state.agenda[1:]), task, value
    )
    if follow:
        state = state._replace(agenda=(*follow, *state.agenda))
    state, more = run(state)
    return state, events + more
