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
"""

from __future__ import annotations

from itertools import combinations

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON, private, public, told
from loupgarou.variants.thiercelieux import resolution
from loupgarou.variants.thiercelieux.roles import Role
from loupgarou.variants.thiercelieux.state import (
    NO_VICTIM,
    NONE,
    VOTE_FOR,
    Act,
    Auto,
    Events,
    Follow,
    Pending,
    Request,
    Resolve,
    State,
    Step,
    Task,
    remember,
    with_answers,
)

_FIRST_NIGHT = ((Role.THIEF, "thief"), (Role.CUPID, "cupid"), (Role.CUPID, "lovers"))
_EVERY_NIGHT = ((Role.SEER, "seer"), (Role.WEREWOLF, "werewolves"), (Role.WITCH, "witch"))

_LITTLE_GIRL = Role.LITTLE_GIRL
"""A plain global: reading an enum member through its class is slow on the hot path."""

WAKE, SLEEP, SPY, NO_VICTIM_ACTION = (
    Action("wake"),
    Action("sleep"),
    Action("spy"),
    Action("no_victim"),
)


def call_list(deck: tuple[Role, ...], night: int) -> tuple[str, ...]:
    """The public calls of night ``night`` for this deck, in order."""
    has = set(deck)
    steps = [step for role, step in _FIRST_NIGHT if night == 1 and role in has]
    steps += [step for role, step in _EVERY_NIGHT if role in has]
    return tuple(steps)


_AGENDAS: dict[tuple[tuple[Role, ...], bool], tuple[Task, ...]] = {}


def agenda(deck: tuple[Role, ...], night: int) -> tuple[Task, ...]:
    """Night ``night``: its opening, each call followed by its task, then dawn."""
    key = (deck, night == 1)
    found = _AGENDAS.get(key)
    if found is None:
        tasks = [Task("night_begins")]
        for step in call_list(deck, night):
            tasks += [Task("call", arg=step), Task(step)]
        tasks.append(Task("dawn"))
        found = remember(_AGENDAS, key, tuple(tasks))
    return found


def _night_begins(state: State, task: Task) -> Step:
    k = state.number + 1
    state = state._replace(
        phase="night",
        number=k,
        step="",
        answers=(NONE,) * state.n,
        awake=(),
        spy=NONE,
        victim=NONE,
        caught=NONE,
        healed=False,
        poisoned=NONE,
    )
    return state, [public("night_begins", night=k)], []


def _others(state: State, seat: int) -> tuple[int, ...]:
    return tuple(t for t in state.living() if t != seat)


# --- night 1: Thief, Cupid, Lovers -------------------------------------------------------------


def _thief(state: State, task: Task) -> Step:
    seat = state.holder(Role.THIEF)
    if seat == NONE or not state.set_aside:
        return state, [], []
    n = state.n
    seen = [state.role_name(n), state.role_name(n + 1)]
    return state, [told(seat, "set_aside_seen", roles=seen)], [Task("thief_choice", seat)]


_TAKES = (Action("take", (), (0,)), Action("take", (), (1,)))


def _thief_pending(state: State, task: Task) -> tuple[Decision, ...]:
    n = state.n
    if state.role(n) is Role.WEREWOLF and state.role(n + 1) is Role.WEREWOLF:
        return (Decision(task.seat, "thief", _TAKES, _TAKES[0]),)
    return (Decision(task.seat, "thief", (*_TAKES, PASS), PASS, True),)


def _thief_act(state: State, task: Task, seat: int, action: Action) -> tuple[State, Events, Follow]:
    if action.kind == "pass":
        return state, [told(seat, "declined", step="thief")], []
    slot = action.centre[0]
    cards = list(state.cards)
    here, there = seat, state.n + slot
    cards[here], cards[there] = cards[there], cards[here]
    state = state._replace(cards=tuple(cards))
    return state, [told(seat, "took", centre=slot, role=state.role_name(seat))], []


def _cupid(state: State, task: Task) -> Step:
    seat = state.holder(Role.CUPID)
    return state, [], [] if seat == NONE else [Task("cupid_pair", seat)]


_CUPIDS: dict[tuple[int, tuple[int, ...], int], tuple[Decision, ...]] = {}


def _cupid_pending(state: State, task: Task) -> tuple[Decision, ...]:
    seat, n = task.seat, state.n
    living = state.living()
    key = (seat, living, n)
    found = _CUPIDS.get(key)
    if found is None:
        options = tuple(Action("pair", pair) for pair in combinations(living, 2))
        nearest = sorted(living, key=lambda s: (s - seat - 1) % n)[:2]
        default = Action("pair", tuple(sorted(nearest)))
        found = remember(_CUPIDS, key, (Decision(seat, "cupid", options, default),))
    return found


def _cupid_act(state: State, task: Task, seat: int, action: Action) -> tuple[State, Events, Follow]:
    a, b = action.players
    return state._replace(lovers=(a, b)), [told(seat, "paired", seats=[a, b])], []


def _lovers(state: State, task: Task) -> Step:
    if not state.lovers:
        return state, [], []
    return state, [private(state.lovers, "lovers", seats=list(state.lovers))], []


# --- the Seer -----------------------------------------------------------------------------------


def _seer(state: State, task: Task) -> Step:
    seat = state.holder(Role.SEER)
    return state, [], [] if seat == NONE else [Task("seer_look", seat)]


def _seer_pending(state: State, task: Task) -> tuple[Decision, ...]:
    targets = _others(state, task.seat)
    options = (*(Action("look", (t,)) for t in targets), PASS)
    return (Decision(task.seat, "seer", options, PASS, True),)


def _seer_act(state: State, task: Task, seat: int, action: Action) -> tuple[State, Events, Follow]:
    if action.kind == "pass":
        return state, [told(seat, "declined", step="seer")], []
    t = action.players[0]
    return state, [told(seat, "card_seen", seat=t, role=state.role_name(t))], []


# --- the Werewolves and the Little Girl -------------------------------------------------------


def _werewolves(state: State, task: Task) -> Step:
    wolves = state.living_wolves()
    if not wolves:  # only when a Thief left the only Werewolf card set aside
        outcome = resolution.verdict(state)
        assert outcome is not None
        state, events = resolution.finish(state, outcome)
        return state, events, []
    state = state._replace(answers=(NONE,) * state.n)
    return state, [], [Task("wake", seats=wolves)]


_WAKES: dict[int, Decision] = {}


def _wake(seat: int) -> Decision:
    found = _WAKES.get(seat)
    if found is None:
        found = remember(_WAKES, seat, Decision(seat, "werewolf_wake", (WAKE, SLEEP), WAKE))
    return found


def _wake_pending(state: State, task: Task) -> tuple[Decision, ...]:
    answers = state.answers
    return tuple(_wake(w) for w in task.seats if answers[w] == NONE)


def _answer(state: State, seat: int, value: int) -> State:
    answers = list(state.answers)
    answers[seat] = value
    return with_answers(state, tuple(answers))


def _wake_act(
    state: State, task: Task, seat: int, action: Action
) -> tuple[State, Events, Follow | None]:
    awake = action.kind == "wake"
    state = _answer(state, seat, int(awake))
    events: Events = [told(seat, "woke" if awake else "stayed_asleep")]
    if any(state.answers[w] == NONE for w in task.seats):
        return state, events, None
    return state, events, [Task("pack", seats=task.seats)]


def _pack(state: State, task: Task) -> Step:
    awake = tuple(w for w in task.seats if state.answers[w] == 1)
    if not awake:
        state, events = resolution.starve(state, task.seats)
        return state, events, []
    state = state._replace(awake=awake, answers=(NONE,) * state.n)
    return state, [private(awake, "pack", seats=list(awake))], [Task("hunt", seats=awake)]


_HUNTERS: dict[tuple[int, tuple[int, ...]], Decision] = {}
_GIRLS: dict[int, Decision] = {}


def _hunt_pending(state: State, task: Task) -> tuple[Decision, ...]:
    out = []
    answers = state.answers
    living = state.living()
    for w in task.seats:
        if answers[w] == NONE:
            key = (w, living)
            decision = _HUNTERS.get(key)
            if decision is None:
                options = (*(VOTE_FOR[t] for t in living if t != w), NO_VICTIM_ACTION)
                decision = remember(
                    _HUNTERS, key, Decision(w, "werewolf_vote", options, NO_VICTIM_ACTION)
                )
            out.append(decision)
    girl = state.holder(_LITTLE_GIRL)
    if girl != NONE and answers[girl] == NONE:
        decision = _GIRLS.get(girl)
        if decision is None:
            decision = remember(
                _GIRLS, girl, Decision(girl, "little_girl", (SPY, PASS), PASS, True)
            )
        out.append(decision)
    return tuple(out)


def _hunt_act(
    state: State, task: Task, seat: int, action: Action
) -> tuple[State, Events, Follow | None]:
    events: Events
    if seat in task.seats:
        target = action.players[0] if action.players else NO_VICTIM
        state = _answer(state, seat, target)
        shown = None if target == NO_VICTIM else target
        events = [private(task.seats, "pack_vote", seat=seat, target=shown)]
    else:  # the Little Girl
        spies = action.kind == "spy"
        state = _answer(state, seat, int(spies))
        events = [told(seat, "spying") if spies else told(seat, "declined", step="little_girl")]
    if _hunt_pending(state, task):
        return state, events, None
    girl = state.holder(_LITTLE_GIRL)
    spy = girl if girl != NONE and state.answers[girl] == 1 else NONE
    return state._replace(spy=spy), events, [Task("hunt_count", seats=task.seats)]


def _hunt_count(state: State, task: Task) -> Step:
    answers = state.answers
    tally: dict[int, int] = {}
    for w in task.seats:
        target = answers[w]
        tally[target] = tally.get(target, 0) + 1
    top = max(tally.values())
    tied = sorted(t for t, k in tally.items() if k == top and t != NO_VICTIM)
    if tally.get(NO_VICTIM) == top:
        tied.append(NO_VICTIM)
    if len(tied) == 1:
        return _designate(state, tied[0], ())
    return state, [], [Task("hunt_tiebreak", seats=tuple(tied))]


def _designate(state: State, target: int, among: tuple[int, ...]) -> Step:
    """The pack's victim is ``target`` (``NO_VICTIM``: none); the Little Girl's fate follows."""
    victim = NONE if target == NO_VICTIM else target
    data: dict[str, JSON] = {"seat": None if victim == NONE else victim}
    if among:
        data["drawn_among"] = [None if t == NO_VICTIM else t for t in among]
    events: Events = [private(state.awake, "pack_victim", **data)]
    follow = [] if state.spy == NONE else [Task("little_girl_check", state.spy)]
    return state._replace(victim=victim), events, follow


def _hunt_tiebreak_request(state: State, task: Task) -> ChanceRequest:
    return ChanceRequest("tiebreak", "choice", len(task.seats))


def _hunt_tiebreak(state: State, task: Task, value: JSON) -> Step:
    return _designate(state, task.seats[int(value)], task.seats)


def _little_girl_request(state: State, task: Task) -> ChanceRequest:
    return ChanceRequest(
        "little_girl_caught", "bernoulli", p=state.options.little_girl_catch_chance
    )


def _little_girl(state: State, task: Task, value: JSON) -> Step:
    girl = task.seat
    if value:
        events: Events = [
            told(girl, "caught"),
            private(state.awake, "little_girl_caught", seat=girl),
        ]
        return state._replace(caught=girl), events, []
    return state, [told(girl, "spied", seats=list(state.awake))], []


# --- the Witch ----------------------------------------------------------------------------------


def _shown(state: State) -> int:
    """Who the Witch is shown: the caught Little Girl, else the pack's victim, else NONE."""
    return state.caught if state.caught != NONE else state.victim


def _brews(state: State, witch: int) -> tuple[Action, ...]:
    out: list[Action] = []
    shown = _shown(state)
    if not state.heal_used and shown != NONE:
        out.append(Action("heal", (shown,)))
    if not state.poison_used:
        out += [
            Action("poison", (t,))
            for t in state.living()
            if t != witch or state.options.witch_self_poison
        ]
    return tuple(out)


def _witch(state: State, task: Task) -> Step:
    witch = state.holder(Role.WITCH)
    if witch == NONE:
        return state, [], []
    shown = _shown(state)
    events: Events = [told(witch, "victim_shown", seat=None if shown == NONE else shown)]
    follow = [Task("witch_brew", witch)] if _brews(state, witch) else []
    return state, events, follow


def _witch_pending(state: State, task: Task) -> tuple[Decision, ...]:
    brews = _brews(state, task.seat)
    if not brews:
        return ()
    return (Decision(task.seat, "witch", (*brews, PASS), PASS, True),)


def _witch_act(state: State, task: Task, seat: int, action: Action) -> tuple[State, Events, Follow]:
    if action.kind == "pass":
        return state, [told(seat, "declined", step="witch")], []
    target = action.players[0]
    if action.kind == "heal":
        state = state._replace(heal_used=True, healed=True)
        events: Events = [told(seat, "healed", seat=target)]
    else:
        state = state._replace(poison_used=True, poisoned=target)
        events = [told(seat, "poisoned", seat=target)]
    return state, events, [Task("witch_brew", seat)] if _brews(state, seat) else []


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
DECIDE: dict[str, tuple[Pending, Act]] = {
    "thief_choice": (_thief_pending, _thief_act),
    "cupid_pair": (_cupid_pending, _cupid_act),
    "seer_look": (_seer_pending, _seer_act),
    "wake": (_wake_pending, _wake_act),
    "hunt": (_hunt_pending, _hunt_act),
    "witch_brew": (_witch_pending, _witch_act),
}
CHANCE: dict[str, tuple[Request, Resolve]] = {
    "hunt_tiebreak": (_hunt_tiebreak_request, _hunt_tiebreak),
    "little_girl_check": (_little_girl_request, _little_girl),
}
