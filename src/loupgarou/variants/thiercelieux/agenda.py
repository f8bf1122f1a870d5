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
    ROLE_NAME,
    Act,
    Auto,
    Events,
    Pending,
    Request,
    Resolve,
    State,
    Task,
    with_agenda,
    with_step,
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
    state = state._replace(cards=cards, alive=(True,) * n, answers=(NONE,) * n)
    events: Events = [
        secret("deal", cards=[state.role_name(p) for p in range(len(cards))]),
        public("game_begins", players=n, deck=[ROLE_NAME[r] for r in state.deck]),
    ]
    events += [told(s, "dealt", role=state.role_name(s)) for s in range(n)]
    state, more = run(state, night.agenda(state.deck, 1))
    return state, events + more


_LAST: tuple[State | None, tuple[Decision, ...]] = (None, ())
"""The last state :func:`run` stopped at on a decision, and its decisions: the engine
asks for them right after, and a state never changes, so they are worth keeping."""

_CALL = "call"


def run(state: State, agenda: tuple[Task, ...] | None = None) -> tuple[State, Events]:
    """Advance until a decision or a chance outcome is due, or the game is over.

    ``agenda`` replaces the state's own, if given.  The loop works on a private
    stack of the tasks still to run (the head last) and writes the agenda back
    once, at the end: an automatic task never reads the agenda (it returns what
    follows it), and the one that ends the game empties it.
    """
    global _LAST  # noqa: PLW0603 - a one-entry cache, see _LAST
    auto, decide = AUTO, DECIDE
    if agenda is None and state.outcome is None:  # the common case: a vote goes on
        head = state.agenda[0]
        entry = decide.get(head.kind)
        if entry is not None:
            decisions = entry[0](state, head)
            if decisions:
                _LAST = (state, decisions)
                return state, []
    events: Events = []
    changed = agenda is not None
    work = list(reversed(state.agenda if agenda is None else agenda))
    while state.outcome is None:
        task = work[-1]  # every task appends what follows it: never empty here
        kind = task.kind
        if kind == _CALL:
            work.pop()
            changed = True
            state = with_step(state, task.arg)
            events.append(public("night_step", night=state.number, step=task.arg))
        elif kind in auto:
            work.pop()
            changed = True
            state, more, follow = auto[kind](state, task)
            events += more
            if follow:
                work.extend(reversed(follow))
        elif kind in decide:
            decisions = decide[kind][0](state, task)
            if decisions:
                if changed:
                    state = with_agenda(state, tuple(reversed(work)))
                _LAST = (state, decisions)
                return state, events
            work.pop()
            changed = True
        else:
            assert kind in CHANCE, task
            break
    if changed and state.outcome is None:
        state = with_agenda(state, tuple(reversed(work)))
    return state, events


def pending(state: State) -> tuple[Decision, ...]:
    last, decisions = _LAST
    if last is state:
        return decisions
    if state.outcome is not None or not state.agenda:
        return ()
    task = state.agenda[0]
    entry = DECIDE.get(task.kind)
    return entry[0](state, task) if entry is not None else ()


def act(state: State, seat: int, action: Action) -> tuple[State, Events]:
    """Apply ``seat``'s legal ``action`` to the decision task at the head of the agenda."""
    agenda = state.agenda
    task = agenda[0]
    state, events, follow = DECIDE[task.kind][1](state, task, seat, action)
    if follow is None:
        state, more = run(state)
    else:
        state, more = run(state, (*follow, *agenda[1:]))
    return state, events + more if more else events


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
    agenda = state.agenda
    task = agenda[0]
    state, events, follow = CHANCE[task.kind][1](state, task, value)
    state, more = run(state, (*follow, *agenda[1:]))
    return state, events + more
