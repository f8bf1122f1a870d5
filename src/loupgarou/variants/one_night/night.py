"""The One Night night: the call list, the agenda, decisions and their effects.

The *call list* depends on the deck only (every role in the deck is called,
whoever holds it), so the public sequence of calls never reveals the deal.
The *agenda* interleaves those public calls with the tasks of the seats that
were dealt each role.  Who acts is fixed by the card dealt; every action reads
or moves the cards as they are when it happens.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations
from typing import Final

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.events import Event, public, told
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.state import State, Task

ACTIVE_COPIES: Final = (Role.SEER, Role.ROBBER, Role.TROUBLEMAKER, Role.DRUNK)
"""Roles whose action a Doppelgänger performs at once, in step 1."""


_STEP_OF_ROLE: Final = (
    (Role.WEREWOLF, "werewolves"),
    (Role.MINION, "minion"),
    (Role.MASON, "masons"),
    (Role.SEER, "seer"),
    (Role.ROBBER, "robber"),
    (Role.TROUBLEMAKER, "troublemaker"),
    (Role.DRUNK, "drunk"),
    (Role.INSOMNIAC, "insomniac"),
)
"""Steps 2 to 9, each called when its role is in the deck."""


@lru_cache(maxsize=64)
def call_list(deck: tuple[Role, ...]) -> tuple[str, ...]:
    """The night's public calls, in wake order, for this deck."""
    has = set(deck)
    dg = Role.DOPPELGANGER in has
    steps: list[str] = []
    if dg:
        steps.append("doppelganger")
        if Role.MINION in has:
            steps.append("doppelganger_minion")
    steps.extend(step for role, step in _STEP_OF_ROLE if role in has)
    if dg and Role.INSOMNIAC in has:
        steps.append("doppelganger_insomniac")
    return tuple(steps)


_HOLDER_TASKS: Final[dict[str, Role]] = {
    "doppelganger": Role.DOPPELGANGER,
    "minion": Role.MINION,
    "seer": Role.SEER,
    "robber": Role.ROBBER,
    "troublemaker": Role.TROUBLEMAKER,
    "drunk": Role.DRUNK,
    "insomniac": Role.INSOMNIAC,
}
"""Steps where each seat dealt the role gets its own task, in seat order."""

_GROUP_TASKS: Final = frozenset(
    {"werewolves", "masons", "doppelganger_minion", "doppelganger_insomniac"}
)
"""Steps resolved by one automatic task that finds its own participants."""


def build_agenda(state: State) -> tuple[Task, ...]:
    """The night's agenda for this deal: each public call followed by its tasks."""
    calls, slot_of_role = _plan(state.deck)
    slots: list[list[Task]] = [[call] for call in calls]
    deck, dealt = state.deck, state.dealt
    for seat in range(state.n):
        slot = slot_of_role.get(deck[dealt[seat]])
        if slot is not None:
            slots[slot].append(_task(calls[slot].kind, seat))
    for slot, call in enumerate(calls):
        if call.kind in _GROUP_TASKS:
            slots[slot].append(_group_task(call.kind))
    return tuple(task for tasks in slots for task in tasks)


@lru_cache(maxsize=64)
def _plan(deck: tuple[Role, ...]) -> tuple[tuple[Task, ...], dict[Role, int]]:
    """Per deck: the public calls, and for each role whose holders act on their own,
    the index of its call (holders act in seat order after it)."""
    calls = tuple(Task(step, call=True) for step in call_list(deck))
    slot_of_role = {
        _HOLDER_TASKS[call.kind]: i for i, call in enumerate(calls) if call.kind in _HOLDER_TASKS
    }
    return calls, slot_of_role


@lru_cache(maxsize=16)
def _group_task(kind: str) -> Task:
    return Task(kind)


@lru_cache(maxsize=1024)
def _task(kind: str, seat: int) -> Task:
    return Task(kind, seat)


# --- who woke as what ----------------------------------------------------------------------


def copied_role(state: State, seat: int) -> Role | None:
    """What the Doppelgänger dealt to ``seat`` copied (None if not a Doppelgänger or not yet)."""
    card = state.dealt[seat]
    if state.deck[card] is not Role.DOPPELGANGER:
        return None
    return state.copies[card]


def awake_as(state: State, role: Role) -> tuple[int, ...]:
    """Seats that wake with ``role``: dealt it, or a Doppelgänger that copied it."""
    deck, dealt, copies = state.deck, state.dealt, state.copies
    seats = []
    for seat in range(state.n):
        card = dealt[seat]
        printed = deck[card]
        if printed is role or (printed is Role.DOPPELGANGER and copies[card] is role):
            seats.append(seat)
    return tuple(seats)


# --- decisions ------------------------------------------------------------------------------


@cache
def _others(n: int, seat: int) -> tuple[int, ...]:
    return tuple(t for t in range(n) if t != seat)


@cache
def _options(kind: str, n: int, seat: int) -> tuple[Action, ...]:
    others = _others(n, seat)
    if kind == "copy":
        return tuple(Action("copy", (t,)) for t in others)
    if kind == "seer":
        return (
            *(Action("look", (t,)) for t in others),
            *(Action("look", (), pair) for pair in combinations(range(3), 2)),
            PASS,
        )
    if kind == "robber":
        return (*(Action("rob", (t,)) for t in others), PASS)
    if kind == "troublemaker":
        return (*(Action("swap", pair) for pair in combinations(others, 2)), PASS)
    if kind == "drunk":
        return tuple(Action("take", (), (c,)) for c in range(3))
    if kind == "lone_wolf":
        return (*(Action("peek", (), (c,)) for c in range(3)), PASS)
    if kind == "vote":
        return tuple(Action("vote", (t,)) for t in others)
    raise KeyError(kind)


@cache
def decision(kind: str, n: int, seat: int, role: str) -> Decision:
    """The decision of ``seat`` acting as ``role`` (``kind`` picks the option set)."""
    options = _options(kind, n, seat)
    optional = options[-1] is PASS
    if optional:
        default = PASS
    elif kind == "drunk":
        default = options[0]
    else:  # copy, vote: the next seat clockwise
        default = Action(options[0].kind, ((seat + 1) % n,))
    return Decision(seat, role, options, default, optional)


_ACTION_KIND: Final = {
    Role.SEER: "seer",
    Role.ROBBER: "robber",
    Role.TROUBLEMAKER: "troublemaker",
    Role.DRUNK: "drunk",
}


def pending(state: State) -> tuple[Decision, ...]:
    """The night decision at the head of the agenda (at most one at a time)."""
    task = state.agenda[0]
    kind = task.kind
    if kind == "doppelganger":
        return (decision("copy", state.n, task.seat, "doppelganger"),)
    if kind == "doppelganger_act":
        role = copied_role(state, task.seat)
        assert role is not None
        return (decision(_ACTION_KIND[role], state.n, task.seat, "doppelganger_" + role.value),)
    if kind == "lone_wolf":
        return (decision("lone_wolf", state.n, task.seat, "lone_wolf"),)
    return (decision(kind, state.n, task.seat, kind),)


# --- effects --------------------------------------------------------------------------------


def _swap(cards: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    out = list(cards)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def act(state: State, task: Task, action: Action) -> tuple[State, list[Event], list[Task]]:
    """Apply a legal night action; return the new state, events, and tasks to run next."""
    seat = task.seat
    n = state.n
    events: list[Event] = []
    follow: list[Task] = []
    cards = state.cards
    if action.kind == "pass":
        events.append(told(seat, "declined", step=state.step))
    elif action.kind == "copy":
        target = action.players[0]
        seen = state.card_at(target)
        copies = list(state.copies)
        copies[state.dealt[seat]] = seen
        state = state.with_copies(tuple(copies))
        events.append(told(seat, "copied", seat=target, role=seen))
        if seen in ACTIVE_COPIES:
            follow.append(_task("doppelganger_act", seat))
    elif action.kind == "look":
        if action.players:
            t = action.players[0]
            events.append(told(seat, "card_seen", seat=t, role=state.card_at(t)))
        else:
            for c in action.centre:
                events.append(told(seat, "centre_seen", centre=c, role=state.card_at(n + c)))
    elif action.kind == "peek":
        c = action.centre[0]
        events.append(told(seat, "centre_seen", centre=c, role=state.card_at(n + c)))
    elif action.kind == "rob":
        t = action.players[0]
        cards = _swap(cards, seat, t)
        state = state.with_cards(cards)
        events.append(told(seat, "robbed", seat=t, role=state.card_at(seat)))
    elif action.kind == "swap":
        a, b = action.players
        state = state.with_cards(_swap(cards, a, b))
        events.append(told(seat, "swapped", seats=[a, b]))
    elif action.kind == "take":
        c = action.centre[0]
        state = state.with_cards(_swap(cards, seat, n + c))
        events.append(told(seat, "took_centre", centre=c))
    else:  # pragma: no cover - decisions never offer anything else
        raise AssertionError(action)
    return state, events, follow


def automatic(state: State, task: Task) -> tuple[list[Event], list[Task]]:
    """Run a task that needs no decision; return its events and any follow-up decision."""
    kind = task.kind
    if kind == "werewolves":
        wolves = awake_as(state, Role.WEREWOLF)
        events = [_shown(w, "werewolves", wolves) for w in wolves]
        if len(wolves) == 1 and state.options.lone_wolf_peek:
            return events, [_task("lone_wolf", wolves[0])]
        return events, []
    if kind == "minion":
        wolves = awake_as(state, Role.WEREWOLF)
        return [told(task.seat, "werewolves_shown", seats=list(wolves))], []
    if kind == "doppelganger_minion":
        # The Doppelgänger-Minion sees those dealt a Werewolf (she woke before them).
        dealt_wolves = [s for s in range(state.n) if state.dealt_role(s) is Role.WEREWOLF]
        return [
            told(s, "werewolves_shown", seats=dealt_wolves)
            for s in range(state.n)
            if copied_role(state, s) is Role.MINION
        ], []
    if kind == "masons":
        masons = awake_as(state, Role.MASON)
        return [_shown(m, "masons", masons) for m in masons], []
    if kind == "insomniac":
        return [told(task.seat, "own_card", role=state.card_at(task.seat))], []
    if kind == "doppelganger_insomniac":
        return [
            told(s, "own_card", role=state.card_at(s))
            for s in range(state.n)
            if copied_role(state, s) is Role.INSOMNIAC
        ], []
    raise AssertionError(kind)  # pragma: no cover


@lru_cache(maxsize=1024)
def _shown(seat: int, kind: str, seats: tuple[int, ...]) -> Event:
    """``seat`` is shown its fellow ``seats`` (Werewolves, Masons): tables share these
    events, and so do the night openings that hold them (fewer objects to keep)."""
    return told(seat, kind, seats=list(seats))


@lru_cache(maxsize=32)
def _step_event(step: str) -> Event:
    return public("night_step", step=step)


_DAY_BEGINS: Final = public("day_begins")


def is_decision(task: Task) -> bool:
    return not task.call and task.kind not in _AUTOMATIC


_AUTOMATIC: Final = frozenset(
    {"werewolves", "minion", "masons", "insomniac", "doppelganger_minion", "doppelganger_insomniac"}
)


def run(state: State, agenda: tuple[Task, ...]) -> tuple[State, list[Event]]:
    """Work through ``agenda`` (the night still to come) until a decision is due or the
    night ends: public calls and automatic tasks happen here."""
    events: list[Event] = []
    step = state.step
    i, end = 0, len(agenda)
    while i < end:
        task = agenda[i]
        if task.call:
            step = task.kind
            events.append(_step_event(step))
            i += 1
        elif task.kind in _AUTOMATIC:
            more, follow = automatic(state, task)
            events.extend(more)
            i += 1
            if follow:
                agenda, i = (*follow, *agenda[i:]), 0
                end = len(agenda)
        else:
            return state.at(agenda[i:], step), events
    events.append(_DAY_BEGINS)
    # ``moved_on`` rather than ``_replace``: the keyword copy costs several times more.
    return state.moved_on("day", (), "", (-1,) * state.n), events


_Opening = tuple[tuple[Task, ...], str, str, tuple[int, ...], tuple[Event, ...]]
_OPENINGS: Final[dict[tuple[object, ...], _Opening]] = {}
_OPENINGS_MAX: Final = 8192


@lru_cache(maxsize=256)
def _dealt(seat: int, role: Role) -> Event:
    """Tables share these events, and so do the night openings that hold them: fewer
    objects for the memo to keep (and the garbage collector to walk)."""
    return told(seat, "dealt", role=role)


@lru_cache(maxsize=64)
def _night_begins(n: int, deck: tuple[Role, ...]) -> Event:
    return public("night_begins", players=n, deck=list(deck))


def begin(state: State, seat_roles: tuple[Role, ...]) -> tuple[State, tuple[Event, ...]]:
    """The night from the deal up to its first decision (or to the day, if none).

    ``state`` is freshly dealt and ``seat_roles`` holds the role dealt to each seat.
    The events: the night's public opening, each seat told its card, then what
    ``run(state, build_agenda(state))`` does.  Until the first decision nothing has
    moved and nobody has copied anything, so all of it depends only on the deck,
    the options and ``seat_roles``: tables dealt alike share the result (a bounded
    memo; its events are immutable and shared, like every cached event).
    """
    key = (state.deck, state.options, seat_roles)
    known = _OPENINGS.get(key)
    if known is None:
        opened, happened = run(state, build_agenda(state))
        if len(_OPENINGS) >= _OPENINGS_MAX:
            _OPENINGS.clear()
        told_cards = [_dealt(s, role) for s, role in enumerate(seat_roles)]
        opening = _night_begins(state.n, state.deck)
        known = _OPENINGS[key] = (
            opened.agenda,
            opened.step,
            opened.phase,
            opened.votes,
            (opening, *told_cards, *happened),
        )
    agenda, step, phase, votes, events = known
    return state.moved_on(phase, agenda, step, votes), events
