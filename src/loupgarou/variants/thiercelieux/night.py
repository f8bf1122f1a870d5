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
decisions and the tasks are shared objects, memoised by what they depend on (the
seat, the living seats ...).  The pack's two simultaneous tasks (``wake``, then
``hunt`` with the Little Girl) give their answers to the runner's shortcut (see
:func:`~loupgarou.variants.thiercelieux.state.answered`); the last answer to
each goes on at once (who woke, then the count of the pack's votes).  Events are
built in place (``Event`` tuples) on the hot paths.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON, Event
from loupgarou.variants.thiercelieux import resolution
from loupgarou.variants.thiercelieux.day import DAWN
from loupgarou.variants.thiercelieux.roles import Role
from loupgarou.variants.thiercelieux.state import (
    DECLINED,
    HEAL,
    LOOK_AT,
    NO_VICTIM,
    NONE,
    ONLY,
    POISON,
    STAYED_ASLEEP,
    TIEBREAK,
    VOTE_FOR,
    WOKE,
    Auto,
    Decide,
    Does,
    Draft,
    Draw,
    Memo,
    Task,
    audience_of,
    night_step,
    numbered,
    remember,
    seat_tasks,
    seating,
    shared_task,
)

_FIRST_NIGHT: Final = ((Role.THIEF, "thief"), (Role.CUPID, "cupid"), (Role.CUPID, "lovers"))
_EVERY_NIGHT: Final = ((Role.SEER, "seer"), (Role.WEREWOLF, "werewolves"), (Role.WITCH, "witch"))

_WEREWOLF: Final = Role.WEREWOLF
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


def agenda(deck: tuple[Role, ...], night: int) -> tuple[Task, ...]:
    """Night ``night``: its opening, each call (a task named after its step, which
    announces the step and then does its work), then dawn.

    Worked out once per set-up (see :class:`~loupgarou.variants.thiercelieux.state.Plan`)."""
    calls = tuple(Task(step, CALLS[step], arg=step) for step in call_list(deck, night))
    return (NIGHT_BEGINS, *calls, DAWN)


class _NightBegins(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        k = d.number + 1
        d.phase = "night"
        d.number = k
        d.step = ""
        d.answers = d.plan.no_answers
        d.awake = ()
        d.spy = d.victim = d.caught = d.poisoned = NONE
        d.healed = False
        d.events.append(numbered("night_begins", k))


def _call(d: Draft, task: Task) -> None:
    """The public night call that opens every step's task: the step ``task.arg`` begins."""
    step = d.step = task.arg
    d.events.append(night_step(d.number, step))


# --- night 1: Thief, Cupid, Lovers -------------------------------------------------------------


class _ThiefCall(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        _call(d, task)
        seat = d.seating.thief
        if seat == NONE or not d.alive[seat] or not d.plan.set_aside:
            return
        n = d.plan.n
        seen = [d.seating.names[n], d.seating.names[n + 1]]
        d.events.append(Event("set_aside_seen", ONLY[seat], {"roles": seen}))
        d.work.append(THIEF_CHOICE[seat])


_TAKES: Final = (Action("take", (), (0,)), Action("take", (), (1,)))


def _thief_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    roles, n = d.seating.roles, d.plan.n
    both_wolves = roles[n] is _WEREWOLF and roles[n + 1] is _WEREWOLF
    if both_wolves or d.plan.options.thief_must_swap:
        return (Decision(task.seat, "thief", _TAKES, _TAKES[0]),)
    return (Decision(task.seat, "thief", (*_TAKES, PASS), PASS, True),)


def _thief_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    if action.kind == "pass":
        d.events.append(DECLINED["thief", seat])
        return True
    slot = action.centre[0]
    cards = list(d.cards)
    here, there = seat, d.plan.n + slot
    cards[here], cards[there] = cards[there], cards[here]
    d.cards = tuple(cards)
    d.seating = seating(d.plan, d.cards)
    data: dict[str, JSON] = {"centre": slot, "role": d.seating.names[seat]}
    d.events.append(Event("took", ONLY[seat], data))
    return True


class _CupidCall(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        _call(d, task)
        seat = d.seating.cupid
        if seat != NONE and d.alive[seat]:
            d.work.append(CUPID_PAIR[seat])


_CUPIDS: Final[dict[tuple[int, tuple[int, ...], int], tuple[Decision, ...]]] = {}


def _cupid_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    seat, n = task.seat, d.plan.n
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
    a, b = d.lovers = action.players
    d.events.append(PAIRED[seat, a, b])
    return True


class _LoversCall(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        _call(d, task)
        lovers = d.lovers
        if lovers:
            d.events.append(LOVERS[lovers])


# --- the Seer -----------------------------------------------------------------------------------


class _SeerCall(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        _call(d, task)
        seat = d.seating.seer
        if seat != NONE and d.alive[seat]:
            d.work.append(SEER_LOOK[seat])


_SEERS: Final[dict[tuple[int, tuple[int, ...]], tuple[Decision, ...]]] = {}


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
        d.events.append(DECLINED["seer", seat])
        return True
    t = action.players[0]
    d.events.append(CARD_SEEN[seat, t, d.seating.names[t]])
    return True


# --- the Werewolves and the Little Girl -------------------------------------------------------


class _WerewolvesCall(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        _call(d, task)
        alive = d.alive  # the living Werewolves, by a native loop (``filter`` over a bound
        # ``__getitem__`` called it through Python's convention: 2,500 instructions)
        wolves = tuple([w for w in d.seating.wolves if alive[w]])
        if not wolves:  # only when a Thief left the only Werewolf card set aside
            outcome = resolution.verdict(d)
            assert outcome is not None
            resolution.finish(d, outcome)
            return
        d.answers = d.plan.no_answers
        d.work.append(_shared_task(_WAKE_TASKS, "wake", WAKE_UP, wolves))


_WAKE_TASKS: Final[dict[tuple[int, ...], Task]] = {}
_HUNT_TASKS: Final[dict[tuple[int, ...], Task]] = {}


def _shared_task(
    memo: dict[tuple[int, ...], Task], kind: str, does: Does, seats: tuple[int, ...]
) -> Task:
    """The task ``kind`` of the pack ``seats`` (its audience), shared between games."""
    found = memo.get(seats)
    if found is None:
        found = remember(memo, seats, Task(kind, does, NONE, seats, audience=audience_of(seats)))
    return found


_WAKE: Final[dict[int, Decision]] = {}
_WAKES: Final[dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Decision, ...]]] = {}


def _wake(seat: int) -> Decision:
    found = _WAKE.get(seat)
    if found is None:
        found = remember(_WAKE, seat, Decision(seat, "werewolf_wake", (WAKE, SLEEP), WAKE))
    return found


def _wake_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    answers = d.answers
    key = (task.seats, answers)
    found = _WAKES.get(key)
    if found is None:
        decisions = tuple([_wake(w) for w in task.seats if answers[w] == NONE])
        found = remember(_WAKES, key, decisions)
    return found


def _wake_vote(task: Task, seat: int, action: Action) -> tuple[int, Event]:
    if action.kind == "wake":
        return 1, WOKE[seat]
    return 0, STAYED_ASLEEP[seat]


def _wake_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    value, event = _wake_vote(task, seat, action)
    d.events.append(event)
    if d.answer(seat, value):
        return False
    _pack(d, task.seats)
    return True


def _pack(d: Draft, wolves: tuple[int, ...]) -> None:
    """Every living Werewolf has answered: the awake ones meet, or they all starve."""
    answers = d.answers
    awake = tuple([w for w in wolves if answers[w] == 1])
    if not awake:
        resolution.starve(d, wolves)
        return
    d.awake = awake
    d.answers = d.plan.no_answers
    d.events.append(PACK[awake])
    if d.plan.options.narrator_knows == "results":
        d.work.append(_shared_task(_CHOICE_TASKS, "pack_choice", PACK_CHOICE, awake))
    else:
        d.work.append(_shared_task(_HUNT_TASKS, "hunt", HUNT, awake))


# --- the pack's victim alone (option narrator_knows = results) --------------------------------

_CHOICE_TASKS: Final[dict[tuple[int, ...], Task]] = {}
_CHOICES: Final[dict[tuple[int, tuple[int, ...], tuple[int, ...], bool], Decision]] = {}


def _pack_choice(
    voice: int, living: tuple[int, ...], spared: tuple[int, ...], alone: bool
) -> Decision:
    """The pack's victim, given by its first awake member for the whole pack: any living
    player (one of the pack too, unless ``spared``; a lone Werewolf not himself), or no
    victim (the default)."""
    key = (voice, living, spared, alone)
    found = _CHOICES.get(key)
    if found is None:
        targets = (t for t in living if t not in spared and not (alone and t == voice))
        options = (*(VOTE_FOR[t] for t in targets), NO_VICTIM_ACTION)
        decision = Decision(voice, "pack_choice", options, NO_VICTIM_ACTION)
        found = remember(_CHOICES, key, decision)
    return found


def _choice_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    """The pack's voice (its first awake member) if it has not answered, then the Little
    Girl if she is still to decide."""
    answers, voice = d.answers, task.seats[0]
    out: list[Decision] = []
    if answers[voice] == NONE:
        spared = () if d.plan.options.pack_may_devour_werewolf else d.seating.wolves
        out.append(_pack_choice(voice, d.up, spared, len(task.seats) == 1))
    girl = _girl(d)
    if girl != NONE and answers[girl] == NONE:
        out.append(_spying(girl))
    return tuple(out)


def _choice_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    voice = task.seats[0]
    if seat == voice:
        players = action.players
        value = players[0] if players else NO_VICTIM
    else:
        value, event = _hunt_vote(task, seat, action)
        d.events.append(event)
    if d.answer(seat, value):
        return False
    girl = _girl(d)
    d.spy = girl if girl != NONE and d.answers[girl] == 1 else NONE
    _designate(d, d.answers[voice], ())
    return True


_HUNTERS: Final[dict[tuple[int, tuple[int, ...], tuple[int, ...]], Decision]] = {}
_GIRLS: Final[dict[int, Decision]] = {}


def _pack_vote(wolf: int, living: tuple[int, ...], spared: tuple[int, ...] = ()) -> Decision:
    """A Werewolf's vote: any living player but himself (and but ``spared``, the
    Werewolves, when ``pack_may_devour_werewolf`` is off), or no victim (the default)."""
    key = (wolf, living, spared)
    found = _HUNTERS.get(key)
    if found is None:
        votes = [VOTE_FOR[t] for t in living if t != wolf and t not in spared]
        votes.append(NO_VICTIM_ACTION)
        options = tuple(votes)
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
    spared = () if d.plan.options.pack_may_devour_werewolf else d.seating.wolves
    out = [_pack_vote(w, living, spared) for w in task.seats if answers[w] == NONE]
    girl = _girl(d)
    if girl != NONE and answers[girl] == NONE:
        out.append(_spying(girl))
    return tuple(out)


def _hunt_vote(task: Task, seat: int, action: Action) -> tuple[int, Event]:
    """The answer a Werewolf's vote or the Little Girl's choice records, and its event."""
    if seat in task.seats:
        players = action.players
        target = players[0] if players else NO_VICTIM
        return target, _pack_vote_event(task.seats, seat, target)
    if action.kind == "spy":
        return 1, Event("spying", ONLY[seat], {})
    return 0, DECLINED["little_girl", seat]


_PACK_VOTES: Final[dict[tuple[int, ...], dict[int, Event]]] = {}


def _pack_vote_event(pack: tuple[int, ...], seat: int, target: int) -> Event:
    """``seat``'s vote for ``target`` (``NO_VICTIM``: none), told to the awake ``pack``:
    ``PACK_VOTE[pack, seat, target]``, found by pack (a shared tuple: equal by identity),
    then by seat and target (no three-item key to build, hash and compare)."""
    row = _PACK_VOTES.get(pack)
    if row is None:
        row = remember(_PACK_VOTES, pack, {})
    key = seat * 66 + target + 2  # target from NO_VICTIM (-2) to 63: one key each
    found = row.get(key)
    if found is None:
        found = row[key] = PACK_VOTE[pack, seat, None if target == NO_VICTIM else target]
    return found


def _hunt_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    value, event = _hunt_vote(task, seat, action)
    d.events.append(event)
    if d.answer(seat, value):
        return False
    girl = _girl(d)
    d.spy = girl if girl != NONE and d.answers[girl] == 1 else NONE
    _hunt_count(d, task.seats)
    return True


def _hunt_count(d: Draft, pack: tuple[int, ...]) -> None:
    """Every awake Werewolf has voted: the most voted is the victim (a tie is drawn)."""
    answers = d.answers
    tally: dict[int, int] = {}
    for w in pack:
        target = answers[w]
        tally[target] = tally.get(target, 0) + 1
    if len(tally) == 1:  # a unanimous pack
        _designate(d, answers[pack[0]], ())
        return
    top = max(tally.values())
    tied = sorted([t for t, k in tally.items() if k == top and t != NO_VICTIM])
    if tally.get(NO_VICTIM) == top:
        tied.append(NO_VICTIM)
    if len(tied) == 1:
        _designate(d, tied[0], ())
    else:
        d.work.append(shared_task("hunt_tiebreak", HUNT_TIEBREAK, NONE, tuple(tied)))


def _designate(d: Draft, target: int, among: tuple[int, ...]) -> None:
    """The pack's victim is ``target`` (``NO_VICTIM``: none); the Little Girl's fate follows."""
    victim = NONE if target == NO_VICTIM else target
    if among:
        data: dict[str, JSON] = {"seat": None if victim == NONE else victim}
        data["drawn_among"] = [None if t == NO_VICTIM else t for t in among]
        d.events.append(Event("pack_victim", audience_of(d.awake), data))
    else:
        d.events.append(PACK_VICTIM[d.awake, None if victim == NONE else victim])
    d.victim = victim
    if d.spy != NONE:
        d.work.append(LITTLE_GIRL_CHECK[d.spy])


def _little_girl(d: Draft, task: Task, value: JSON) -> None:
    girl = task.seat
    if value:
        d.events.append(Event("caught", ONLY[girl], {}))
        pack = audience_of(d.awake)
        d.events.append(Event("little_girl_caught", pack, {"seat": girl}))
        d.caught = girl
    else:
        d.events.append(Event("spied", ONLY[girl], {"seats": list(d.awake)}))


# --- the Witch ----------------------------------------------------------------------------------

_WITCHES: Final[dict[tuple[int, int, bool, tuple[int, ...], bool], tuple[Decision, ...]]] = {}


def _brewing(d: Draft, witch: int) -> tuple[Decision, ...]:
    """The Witch's decision, if she has a potion to use: heal whom she was shown (the
    caught Little Girl, else the pack's victim), poison any living player (herself only
    with ``witch_self_poison``), or pass.  Empty when no potion can be used."""
    shown = d.caught if d.caught != NONE else d.victim
    heal = NONE if d.heal_used else shown
    poison = not d.poison_used
    living = d.up
    self_poison = d.plan.options.witch_self_poison
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


class _WitchCall(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        _call(d, task)
        witch = d.seating.witch
        if witch == NONE or not d.alive[witch]:
            return
        shown = d.caught if d.caught != NONE else d.victim
        d.events.append(VICTIM_SHOWN[witch, None if shown == NONE else shown])
        # Her decision is worked out once, by the runner, which skips the task when she has
        # no potion to use.
        d.work.append(WITCH_BREW[witch])


def _witch_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    kind = action.kind
    if kind == "pass":
        d.events.append(DECLINED["witch", seat])
        return True
    target = action.players[0]
    if kind == "heal":
        d.heal_used = d.healed = True
        d.events.append(BREWED["healed", seat, target])
    else:
        d.poison_used = True
        d.poisoned = target
        d.events.append(BREWED["poisoned", seat, target])
    if not d.plan.options.witch_one_potion_per_night:
        d.work.append(WITCH_BREW[seat])  # her other potion, if she may use it (see _witch)
    return True


# --- shared events and tasks ---------------------------------------------------------------------

PAIRED: Final[Memo[Event]] = Memo(
    lambda cupid, a, b: Event("paired", ONLY[cupid], {"seats": [a, b]})
)
LOVERS: Final[Memo[Event]] = Memo(
    lambda a, b: Event("lovers", audience_of((a, b)), {"seats": [a, b]})
)
CARD_SEEN: Final[Memo[Event]] = Memo(
    lambda seer, seat, role: Event("card_seen", ONLY[seer], {"seat": seat, "role": role})
)
PACK: Final[Memo[Event]] = Memo(
    lambda *awake: Event("pack", audience_of(awake), {"seats": list(awake)})
)
PACK_VOTE: Final[Memo[Event]] = Memo(
    lambda pack, seat, target: Event(
        "pack_vote", audience_of(pack), {"seat": seat, "target": target}
    )
)
PACK_VICTIM: Final[Memo[Event]] = Memo(
    lambda pack, seat: Event("pack_victim", audience_of(pack), {"seat": seat})
)
VICTIM_SHOWN: Final[Memo[Event]] = Memo(
    lambda witch, seat: Event("victim_shown", ONLY[witch], {"seat": seat})
)
BREWED: Final[Memo[Event]] = Memo(
    lambda kind, witch, seat: Event(kind, ONLY[witch], {"seat": seat})
)
"""The night's events, shared between games (see
:class:`~loupgarou.variants.thiercelieux.state.Memo`): ``PAIRED[cupid, a, b]``,
``LOVERS[a, b]``, ``CARD_SEEN[seer, seat, role]``, ``PACK[awake]``,
``PACK_VOTE[pack, seat, target]`` (target ``None``: no victim),
``PACK_VICTIM[pack, seat]``, ``VICTIM_SHOWN[witch, seat]``, ``BREWED["healed" or
"poisoned", witch, seat]``."""

# What each kind of task does (see :class:`~loupgarou.variants.thiercelieux.state.Does`).


class _ThiefChoice(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _thief_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _thief_act(d, task, seat, action)


class _CupidPair(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _cupid_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _cupid_act(d, task, seat, action)


class _SeerLook(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _seer_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _seer_act(d, task, seat, action)


class _WitchBrew(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _brewing(d, task.seat)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _witch_act(d, task, seat, action)


class _LittleGirlCheck(Draw):
    def request(self, d: Draft, task: Task) -> ChanceRequest:
        return d.plan.little_girl

    def resolve(self, d: Draft, task: Task, value: JSON) -> None:
        _little_girl(d, task, value)


class _Wake(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _wake_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _wake_act(d, task, seat, action)

    def vote(self, task: Task, seat: int, action: Action) -> tuple[int, Event] | None:
        return _wake_vote(task, seat, action)


class _Hunt(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _hunt_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _hunt_act(d, task, seat, action)

    def vote(self, task: Task, seat: int, action: Action) -> tuple[int, Event] | None:
        return _hunt_vote(task, seat, action)


class _PackChoice(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _choice_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _choice_act(d, task, seat, action)


class _HuntTiebreak(Draw):
    def request(self, d: Draft, task: Task) -> ChanceRequest:
        return TIEBREAK[len(task.seats)]

    def resolve(self, d: Draft, task: Task, value: JSON) -> None:
        _designate(d, task.seats[int(value)], task.seats)


NIGHT_BEGINS: Final = Task("night_begins", _NightBegins())
CALLS: Final[dict[str, Does]] = {
    "thief": _ThiefCall(),
    "cupid": _CupidCall(),
    "lovers": _LoversCall(),
    "seer": _SeerCall(),
    "werewolves": _WerewolvesCall(),
    "witch": _WitchCall(),
}
"""What each night call's task does (see :func:`agenda`)."""

THIEF_CHOICE: Final = seat_tasks("thief_choice", _ThiefChoice())
CUPID_PAIR: Final = seat_tasks("cupid_pair", _CupidPair())
SEER_LOOK: Final = seat_tasks("seer_look", _SeerLook())
WITCH_BREW: Final = seat_tasks("witch_brew", _WitchBrew())
LITTLE_GIRL_CHECK: Final = seat_tasks("little_girl_check", _LittleGirlCheck())
WAKE_UP: Final = _Wake()
HUNT: Final = _Hunt()
PACK_CHOICE: Final = _PackChoice()
HUNT_TIEBREAK: Final = _HuntTiebreak()
