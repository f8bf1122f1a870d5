"""The Thiercelieux night: the call list, the agenda, the night's decisions and effects.

The *call list* depends on the deck and the night number only: every role of
the deck is called (whether a living player, a dead one or the set-aside pile
holds it), so the public sequence of calls never reveals who holds what or who
is alive.  A call whose role nobody living holds simply has no decision.  Night
1: Thief, Cupid, Lovers; every night: Seer, Werewolves, Witch.  The Little Girl
has no call of her own: she decides during the Werewolves' step, at the same
time as the pack votes.  Hunter and Villager have no night action.

Who acts is whoever holds the card when the step comes: a Thief who took the
Seer looks that same night, a Thief who took a Werewolf hunts with the pack.

Every task works on a :class:`~loupgarou.variants.thiercelieux.state.Draft`; the
decisions are shared objects, memoised by what they depend on (the seat, the
living seats ...).  The pack's two simultaneous tasks (``wake``, then ``hunt`` with
the Little Girl) give their answers to the runner's shortcut (see
:func:`~loupgarou.variants.thiercelieux.state.answered`).  Events are built in
place (``Event`` tuples) on the hot paths.
"""

from __future__ import annotations

from itertools import combinations

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON, Event
from loupgarou.variants.thiercelieux import resolution
from loupgarou.variants.thiercelieux.roles import Role
from loupgarou.variants.thiercelieux.state import (
    HEAL,
    LOOK_AT,
    NO_VICTIM,
    NONE,
    ONLY,
    POISON,
    VOTE_FOR,
    Act,
    Auto,
    Draft,
    Pending,
    Request,
    Resolve,
    Task,
    Vote,
    audience_of,
    remember,
    seat_tasks,
    seating,
    shared_event,
)

_FIRST_NIGHT = ((Role.THIEF, "thief"), (Role.CUPID, "cupid"), (Role.CUPID, "lovers"))
_EVERY_NIGHT = ((Role.SEER, "seer"), (Role.WEREWOLF, "werewolves"), (Role.WITCH, "witch"))

_WEREWOLF = Role.WEREWOLF
"""A plain global: reading an enum member through its class is slow on the hot path."""

_new = tuple.__new__

WAKE, SLEEP, SPY, NO_VICTIM_ACTION = (
    Action("wake"),
    Action("sleep"),
    Action("spy"),
    Action("no_victim"),
)

TIEBREAK: tuple[ChanceRequest, ...] = tuple(
    ChanceRequest("tiebreak", "choice", k) for k in range(64)
)
"""``TIEBREAK[k]`` draws one of ``k`` tied (the pack's, an election's, a lynch's)."""


def call_list(deck: tuple[Role, ...], night: int) -> tuple[str, ...]:
    """The public calls of night ``night`` for this deck, in order."""
    has = set(deck)
    steps = [step for role, step in _FIRST_NIGHT if night == 1 and role in has]
    steps += [step for role, step in _EVERY_NIGHT if role in has]
    return tuple(steps)


NIGHT_BEGINS, DAWN = Task("night_begins"), Task("dawn")
THIEF_CHOICE, CUPID_PAIR, SEER_LOOK, WITCH_BREW, LITTLE_GIRL_CHECK = map(
    seat_tasks, ("thief_choice", "cupid_pair", "seer_look", "witch_brew", "little_girl_check")
)


def agenda(deck: tuple[Role, ...], night: int) -> tuple[Task, ...]:
    """Night ``night``: its opening, each call (a task named after its step, which
    announces the step and then does its work), then dawn.

    Worked out once per set-up (see :class:`~loupgarou.variants.thiercelieux.state.Plan`)."""
    calls = tuple(Task(step, arg=step) for step in call_list(deck, night))
    return (NIGHT_BEGINS, *calls, DAWN)


def _night_begins(d: Draft, task: Task) -> None:
    k = d.number + 1
    d.phase = "night"
    d.number = k
    d.step = ""
    d.answers = d.plan.no_answers
    d.awake = ()
    d.spy = d.victim = d.caught = d.poisoned = NONE
    d.healed = False
    d.events.append(shared_event("night_begins", NONE, k))


def _call(d: Draft, task: Task) -> None:
    """The public night call that opens every step's task: the step ``task.arg`` begins."""
    step = d.step = task.arg
    d.events.append(shared_event("night_step", NONE, d.number, step))


# --- night 1: Thief, Cupid, Lovers -------------------------------------------------------------


def _thief(d: Draft, task: Task) -> None:
    _call(d, task)
    seat = d.seating.thief
    if seat == NONE or not d.alive[seat] or not d.plan.set_aside:
        return
    n = d.n
    seen = [d.seating.names[n], d.seating.names[n + 1]]
    d.events.append(_new(Event, ("set_aside_seen", ONLY[seat], {"roles": seen})))
    d.work.append(THIEF_CHOICE[seat])


_TAKES = (Action("take", (), (0,)), Action("take", (), (1,)))


def _thief_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    roles, n = d.seating.roles, d.n
    if roles[n] is _WEREWOLF and roles[n + 1] is _WEREWOLF:
        return (Decision(task.seat, "thief", _TAKES, _TAKES[0]),)
    return (Decision(task.seat, "thief", (*_TAKES, PASS), PASS, True),)


def _thief_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    if action.kind == "pass":
        d.events.append(_new(Event, ("declined", ONLY[seat], {"step": "thief"})))
        return True
    slot = action.centre[0]
    cards = list(d.cards)
    here, there = seat, d.n + slot
    cards[here], cards[there] = cards[there], cards[here]
    d.cards = tuple(cards)
    d.seating = seating(d.plan, d.cards)
    data: dict[str, JSON] = {"centre": slot, "role": d.seating.names[seat]}
    d.events.append(_new(Event, ("took", ONLY[seat], data)))
    return True


def _cupid(d: Draft, task: Task) -> None:
    _call(d, task)
    seat = d.seating.cupid
    if seat != NONE and d.alive[seat]:
        d.work.append(CUPID_PAIR[seat])


_CUPIDS: dict[tuple[int, tuple[int, ...], int], tuple[Decision, ...]] = {}


def _cupid_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    seat, n = task.seat, d.n
    living = d.up
    key = (seat, living, n)
    found = _CUPIDS.get(key)
    if found is None:
        options = tuple(Action("pair", pair) for pair in combinations(living, 2))
        nearest = sorted(living, key=lambda s: (s - seat - 1) % n)[:2]
        default = Action("pair", tuple(sorted(nearest)))
        found = remember(_CUPIDS, key, (Decision(seat, "cupid", options, default),))
    return found


def _cupid_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    a, b = action.players
    d.lovers = (a, b)
    d.events.append(_new(Event, ("paired", ONLY[seat], {"seats": [a, b]})))
    return True


def _lovers(d: Draft, task: Task) -> None:
    _call(d, task)
    lovers = d.lovers
    if lovers:
        d.events.append(_new(Event, ("lovers", audience_of(lovers), {"seats": list(lovers)})))


# --- the Seer -----------------------------------------------------------------------------------


def _seer(d: Draft, task: Task) -> None:
    _call(d, task)
    seat = d.seating.seer
    if seat != NONE and d.alive[seat]:
        d.work.append(SEER_LOOK[seat])


_SEERS: dict[tuple[int, tuple[int, ...]], tuple[Decision, ...]] = {}


def _seer_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    seat, living = task.seat, d.up
    key = (seat, living)
    found = _SEERS.get(key)
    if found is None:
        options = (*(LOOK_AT[t] for t in living if t != seat), PASS)
        found = remember(_SEERS, key, (Decision(seat, "seer", options, PASS, True),))
    return found


def _seer_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    if action.kind == "pass":
        d.events.append(_new(Event, ("declined", ONLY[seat], {"step": "seer"})))
        return True
    t = action.players[0]
    data: dict[str, JSON] = {"seat": t, "role": d.seating.names[t]}
    d.events.append(_new(Event, ("card_seen", ONLY[seat], data)))
    return True


# --- the Werewolves and the Little Girl -------------------------------------------------------


def _werewolves(d: Draft, task: Task) -> None:
    _call(d, task)
    wolves = d.living_wolves()
    if not wolves:  # only when a Thief left the only Werewolf card set aside
        outcome = resolution.verdict(d)
        assert outcome is not None
        resolution.finish(d, outcome)
        return
    d.answers = d.plan.no_answers
    d.work.append(_new(Task, ("wake", NONE, wolves, "", None)))


_WAKE: dict[int, Decision] = {}


def _wake(seat: int) -> Decision:
    found = _WAKE.get(seat)
    if found is None:
        found = remember(_WAKE, seat, Decision(seat, "werewolf_wake", (WAKE, SLEEP), WAKE))
    return found


def _wake_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    answers = d.answers
    return tuple([_wake(w) for w in task.seats if answers[w] == NONE])


def _wake_vote(task: Task, seat: int, action: Action) -> tuple[int, Event]:
    if action.kind == "wake":
        return 1, shared_event("woke", seat, None)
    return 0, shared_event("stayed_asleep", seat, None)


def _wake_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    value, event = _wake_vote(task, seat, action)
    d.events.append(event)
    if d.answer(seat, value):
        return False
    d.work.append(_new(Task, ("pack", NONE, task.seats, "", None)))
    return True


def _pack(d: Draft, task: Task) -> None:
    answers = d.answers
    awake = tuple([w for w in task.seats if answers[w] == 1])
    if not awake:
        resolution.starve(d, task.seats)
        return
    d.awake = awake
    d.answers = d.plan.no_answers
    d.events.append(_new(Event, ("pack", audience_of(awake), {"seats": list(awake)})))
    d.work.append(_new(Task, ("hunt", NONE, awake, "", None)))


_HUNTERS: dict[tuple[int, tuple[int, ...]], Decision] = {}
_GIRLS: dict[int, Decision] = {}


def _pack_vote(wolf: int, living: tuple[int, ...]) -> Decision:
    """A Werewolf's vote: any living player but himself, or no victim (the default)."""
    key = (wolf, living)
    found = _HUNTERS.get(key)
    if found is None:
        options = (*(VOTE_FOR[t] for t in living if t != wolf), NO_VICTIM_ACTION)
        found = remember(_HUNTERS, key, Decision(wolf, "werewolf_vote", options, NO_VICTIM_ACTION))
    return found


def _spying(girl: int) -> Decision:
    found = _GIRLS.get(girl)
    if found is None:
        found = remember(_GIRLS, girl, Decision(girl, "little_girl", (SPY, PASS), PASS, True))
    return found


def _girl(d: Draft) -> int:
    """The living Little Girl, or ``NONE``."""
    girl = d.seating.girl
    return girl if girl != NONE and d.alive[girl] else NONE


def _hunt_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    """The awake Werewolves still to vote (seat order), then the Little Girl if she is
    still to decide."""
    answers, living = d.answers, d.up
    out = [_pack_vote(w, living) for w in task.seats if answers[w] == NONE]
    girl = _girl(d)
    if girl != NONE and answers[girl] == NONE:
        out.append(_spying(girl))
    return tuple(out)


def _hunt_vote(task: Task, seat: int, action: Action) -> tuple[int, Event]:
    """The answer a Werewolf's vote or the Little Girl's choice records, and its event."""
    if seat in task.seats:
        players = action.players
        if players:
            data: dict[str, JSON] = {"seat": seat, "target": players[0]}
            return players[0], _new(Event, ("pack_vote", audience_of(task.seats), data))
        data = {"seat": seat, "target": None}
        return NO_VICTIM, _new(Event, ("pack_vote", audience_of(task.seats), data))
    if action.kind == "spy":
        return 1, _new(Event, ("spying", ONLY[seat], {}))
    return 0, _new(Event, ("declined", ONLY[seat], {"step": "little_girl"}))


def _hunt_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    value, event = _hunt_vote(task, seat, action)
    d.events.append(event)
    if d.answer(seat, value):
        return False
    girl = _girl(d)
    d.spy = girl if girl != NONE and d.answers[girl] == 1 else NONE
    d.work.append(_new(Task, ("hunt_count", NONE, task.seats, "", None)))
    return True


def _hunt_count(d: Draft, task: Task) -> None:
    answers = d.answers
    tally: dict[int, int] = {}
    for w in task.seats:
        target = answers[w]
        tally[target] = tally.get(target, 0) + 1
    if len(tally) == 1:  # a unanimous pack
        _designate(d, answers[task.seats[0]], ())
        return
    top = max(tally.values())
    tied = sorted([t for t, k in tally.items() if k == top and t != NO_VICTIM])
    if tally.get(NO_VICTIM) == top:
        tied.append(NO_VICTIM)
    if len(tied) == 1:
        _designate(d, tied[0], ())
    else:
        d.work.append(_new(Task, ("hunt_tiebreak", NONE, tuple(tied), "", None)))


def _designate(d: Draft, target: int, among: tuple[int, ...]) -> None:
    """The pack's victim is ``target`` (``NO_VICTIM``: none); the Little Girl's fate follows."""
    victim = NONE if target == NO_VICTIM else target
    data: dict[str, JSON] = {"seat": None if victim == NONE else victim}
    if among:
        data["drawn_among"] = [None if t == NO_VICTIM else t for t in among]
    d.events.append(_new(Event, ("pack_victim", audience_of(d.awake), data)))
    d.victim = victim
    if d.spy != NONE:
        d.work.append(LITTLE_GIRL_CHECK[d.spy])


def _hunt_tiebreak_request(d: Draft, task: Task) -> ChanceRequest:
    return TIEBREAK[len(task.seats)]


def _hunt_tiebreak(d: Draft, task: Task, value: JSON) -> None:
    _designate(d, task.seats[int(value)], task.seats)


def _little_girl_request(d: Draft, task: Task) -> ChanceRequest:
    return d.plan.little_girl


def _little_girl(d: Draft, task: Task, value: JSON) -> None:
    girl = task.seat
    if value:
        d.events.append(_new(Event, ("caught", ONLY[girl], {})))
        pack = audience_of(d.awake)
        d.events.append(_new(Event, ("little_girl_caught", pack, {"seat": girl})))
        d.caught = girl
    else:
        d.events.append(_new(Event, ("spied", ONLY[girl], {"seats": list(d.awake)})))


# --- the Witch ----------------------------------------------------------------------------------

_WITCHES: dict[tuple[int, int, bool, tuple[int, ...], bool], tuple[Decision, ...]] = {}


def _brewing(d: Draft, witch: int) -> tuple[Decision, ...]:
    """The Witch's decision, if she has a potion to use: heal whom she was shown (the
    caught Little Girl, else the pack's victim), poison any living player (herself only
    with ``witch_self_poison``), or pass.  Empty when no potion can be used."""
    shown = d.caught if d.caught != NONE else d.victim
    heal = NONE if d.heal_used else shown
    poison = not d.poison_used
    living = d.up
    self_poison = d.options.witch_self_poison
    key = (witch, heal, poison, living, self_poison)
    found = _WITCHES.get(key)
    if found is None:
        brews: list[Action] = []
        if heal != NONE:
            brews.append(HEAL[heal])
        if poison:
            brews += [POISON[t] for t in living if t != witch or self_poison]
        decisions = (Decision(witch, "witch", (*brews, PASS), PASS, True),) if brews else ()
        found = remember(_WITCHES, key, decisions)
    return found


def _witch(d: Draft, task: Task) -> None:
    _call(d, task)
    witch = d.seating.witch
    if witch == NONE or not d.alive[witch]:
        return
    shown = d.caught if d.caught != NONE else d.victim
    data: dict[str, JSON] = {"seat": None if shown == NONE else shown}
    d.events.append(_new(Event, ("victim_shown", ONLY[witch], data)))
    if _brewing(d, witch):
        d.work.append(WITCH_BREW[witch])


def _witch_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    return _brewing(d, task.seat)


def _witch_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    kind = action.kind
    if kind == "pass":
        d.events.append(_new(Event, ("declined", ONLY[seat], {"step": "witch"})))
        return True
    target = action.players[0]
    if kind == "heal":
        d.heal_used = d.healed = True
        d.events.append(_new(Event, ("healed", ONLY[seat], {"seat": target})))
    else:
        d.poison_used = True
        d.poisoned = target
        d.events.append(_new(Event, ("poisoned", ONLY[seat], {"seat": target})))
    if _brewing(d, seat):
        d.work.append(WITCH_BREW[seat])
    return True


AUTO: dict[str, Auto] = {
    "night_begins": _night_begins,
    "thief": _thief,
    "cupid": _cupid,
    "lovers": _lovers,
    "seer": _seer,
    "werewolves": _werewolves,
    "pack": _pack,
    "hunt_count": _hunt_count,
    "witch": _witch,
}
DECIDE: dict[str, tuple[Pending, Act, Vote | None]] = {
    "thief_choice": (_thief_pending, _thief_act, None),
    "cupid_pair": (_cupid_pending, _cupid_act, None),
    "seer_look": (_seer_pending, _seer_act, None),
    "wake": (_wake_pending, _wake_act, _wake_vote),
    "hunt": (_hunt_pending, _hunt_act, _hunt_vote),
    "witch_brew": (_witch_pending, _witch_act, None),
}
CHANCE: dict[str, tuple[Request, Resolve]] = {
    "hunt_tiebreak": (_hunt_tiebreak_request, _hunt_tiebreak),
    "little_girl_check": (_little_girl_request, _little_girl),
}
