"""The step runner: the deal, and the loop that advances a game between inputs.

Contract: after the deal and after every input (an action or a chance outcome)
:func:`run` finishes every step whose deciders have all answered and enters
the next one from ``State.queue``, until a decision is due, a chance draw is
due, or the game is over.  Entering a step runs its automatic part (public
call, private information, dawn); finishing it applies the answers.  A step
with nobody to decide (a dead Seer's call) is finished at once.  Nothing here
draws at random or reads anything but the state; ``act`` trusts that the
engine checked the action against :func:`pending`.
"""

from __future__ import annotations

from collections.abc import Callable

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON, Event, public, secret, told
from loupgarou.variants.lupus import day, night, resolution
from loupgarou.variants.lupus.state import NONE, PASSED, State

Step = tuple[State, list[Event]]

_ENTER: dict[str, Callable[[State], Step]] = {
    "night": night.enter_night,
    "dawn": night.enter_dawn,
    "stage1": day.enter_stage1,
    "defence": day.enter_defence,
    "stage2": day.enter_stage2,
}
_FINISH: dict[str, Callable[[State], Step]] = {
    "stage1": day.finish_stage1,
    "stage2": day.finish_stage2,
}
_DECIDE: dict[str, Callable[[State, int], Decision]] = {  # stage1: see pending
    "defence": day.defence_decision,
    "stage2": day.stage2_decision,
}
_ANSWER: dict[str, Callable[[State, int, Action], Step]] = {
    "stage1": day.stage1_answer,
    "defence": day.defence_answer,
    "stage2": day.stage2_answer,
}
_NO_FINISH = frozenset({"night", "dawn", "defence"})


def deal(state: State, value: JSON) -> Step:
    """Seat ``s`` gets card ``value[s]``; then night 1 runs up to its first decision."""
    cards = tuple(value)
    n = state.n
    roles = tuple(state.deck[c] for c in cards)
    state = state._replace(
        cards=cards,
        roles=roles,
        alive=(True,) * n,
        answers=(NONE,) * n,
        queue=("night",),
    )
    events: list[Event] = [
        secret("deal", cards=[r.value for r in roles]),
        public("game_begins", players=n, deck=[r.value for r in state.deck]),
    ]
    events += [told(s, "dealt", role=roles[s].value) for s in range(n)]
    state, more = enter_next(state)
    events += more
    state, more = run(state)
    return state, events + more


def waiting(state: State) -> bool:
    answers = state.answers
    for s in state.actors:  # noqa: SIM110 (a plain loop is faster than any(); runs per input)
        if answers[s] == NONE:
            return True
    return False


def enter_next(state: State) -> Step:
    step, queue = state.queue[0], state.queue[1:]
    state = state._replace(step=step, queue=queue, actors=(), answers=(NONE,) * state.n)
    enter = _ENTER.get(step, night.enter_call)
    return enter(state)


def _finish(state: State) -> Step:
    step = state.step
    if step in _NO_FINISH:
        return state, []
    return _FINISH.get(step, night.finish_call)(state)


def run(state: State) -> Step:
    """Advance until a decision or a chance draw is due, or the game is over."""
    events: list[Event] = []
    # A chance draw is due while ``tied`` or ``dying`` is non-empty (tested inline: hot).
    while state.outcome is None and not (state.tied or state.dying) and not waiting(state):
        state, more = _finish(state)
        events += more
        if state.outcome is not None or state.tied or state.dying:
            break
        state, more = enter_next(state)
        events += more
    return state, events


def pending(state: State) -> tuple[Decision, ...]:
    if state.outcome is not None or state.tied or state.dying or state.phase == "deal":
        return ()
    answers = state.answers
    step = state.step
    if step == "stage1":  # one voter at a time: the first who has not voted
        for s in state.actors:
            if answers[s] == NONE:
                return (day.stage1_decision(state, s),)
        return ()
    decide = _DECIDE.get(step, night.decision)
    return tuple([decide(state, s) for s in state.actors if answers[s] == NONE])


def act(state: State, seat: int, action: Action) -> Step:
    """Apply ``seat``'s legal ``action`` to the current step, then advance."""
    step = state.step
    if action.kind == "pass":
        answers = list(state.answers)
        answers[seat] = PASSED
        state = state._replace(answers=tuple(answers))
        events = [told(seat, "declined", step=step)]
    else:
        state, events = _ANSWER.get(step, night.answer)(state, seat, action)
    state, more = run(state)
    return state, events + more


def chance_request(state: State) -> ChanceRequest | None:
    if state.phase == "deal":
        return ChanceRequest("deal", "permutation", state.n)
    if state.outcome is not None:
        return None
    if state.tied:
        return ChanceRequest("tiebreak", "choice", len(state.tied))
    if state.dying:
        return ChanceRequest("welcome_card", "choice", len(state.dying))
    return None


def apply_chance(state: State, value: JSON) -> Step:
    if state.phase == "deal":
        return deal(state, value)
    index = int(value)
    if state.tied:
        state, events = night.choose_victim(state, state.tied[index], state.tied)
    else:
        among = state.dying
        seat = among[index]
        state = state._replace(holder=seat, dying=())
        events = [public("welcome_card", seat=seat, among=list(among))]
        state, more = resolution.check(state)  # the dawn's win check waits for the card
        events += more
        if state.outcome is not None:
            return state, events
    state, more = enter_next(state)
    events += more
    state, more = run(state)
    return state, events + more
