"""Deaths, their chains, and who wins.

A *resolution* starts from the deaths of one moment (the night's dead at dawn,
the lynched player, a Hunter's target, the starved Werewolves) and runs, in
this order:

1. the deaths themselves, announced by the caller, then each dead player's card
   revealed (option ``reveal_on_death``), in the order given;
2. grief: each newly dead Lover whose partner still lives takes the partner
   along at once (announced with its cause, card revealed);
3. Hunter shots: each Hunter who died in this resolution with an eligible cause
   (devoured or lynched; any cause with ``hunter_on_any_death``) may shoot one
   living player; a shot is a new death that runs steps 1-3 again, and any
   Hunter it kills queues behind the shots already waiting;
4. the win check, once no shot is waiting (see :func:`verdict`);
5. if the game goes on and the Captain died, the dead Captain names a living
   successor.

Steps 3-5 are agenda tasks (``hunter``, ``chain_end``, ``successor``) that
:func:`kill` and its callers put in front of the rest of the agenda.  The cards
shown are shared events (:data:`~loupgarou.variants.thiercelieux.state.CARD_REVEALED`).

The verdicts are shared :class:`Outcome` objects: who wins depends only on the
team, the reason, and which seats hold Werewolf cards or are Lovers of opposite
camps (see :func:`_win`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.events import EVERYONE, Event
from loupgarou.core.outcome import Outcome, Reason
from loupgarou.variants.thiercelieux.roles import LOVERS, VILLAGE, WEREWOLVES, Role, camp
from loupgarou.variants.thiercelieux.state import (
    BY,
    CARD_REVEALED,
    DECLINED,
    NAME,
    NONE,
    SHOOT_AT,
    Auto,
    Decide,
    Draft,
    Memo,
    State,
    Task,
    clockwise,
    remember,
    seat_tasks,
)

_WEREWOLF: Final = Role.WEREWOLF
HUNTER_CAUSES: Final = frozenset({"devoured", "lynched"})
"""Causes of death that let the Hunter shoot by default."""


def kill(d: Draft, deaths: list[tuple[int, str]]) -> Task | None:
    """Apply ``deaths`` and their grief; return the Hunter's shot to queue.

    Each death is (seat, causes joined by '+'), as the state's log keeps it.  The
    caller has announced the deaths; this reveals the cards, applies and announces
    grief, and returns a ``hunter`` task if the Hunter died with an eligible cause
    (one Hunter card at most).  It does not check who wins: a ``chain_end`` task does.
    """
    alive = list(d.alive)
    dead: list[tuple[int, str]] = []
    for death in deaths:
        seat = death[0]
        if alive[seat]:
            alive[seat] = False
            dead.append(death)
    if not dead:
        return None
    events = d.events
    names = d.seating.names
    reveal = d.plan.options.reveal_on_death
    if reveal:
        for seat, _ in dead:
            events.append(CARD_REVEALED[names[seat]][seat])
    if d.lovers:
        a, b = d.lovers
        if alive[a] != alive[b]:  # one Lover just died: the other dies of grief
            lover, first = (a, b) if alive[a] else (b, a)
            alive[lover] = False
            dead.append((lover, "grief"))
            events.append(GRIEF[lover, first])
            if reveal:
                events.append(CARD_REVEALED[names[lover]][lover])
    d.alive = alive_now = tuple(alive)
    d.deaths += tuple(dead)  # the log's entries are the deaths themselves
    # A comprehension, compiled to a native loop (``tuple(compress(...))`` built a
    # ``compress`` iterator and drained it through Python's protocol: 2,500 instructions).
    d.up = tuple([s for s in d.plan.all_seats if alive_now[s]])
    hunter = d.seating.hunter
    if hunter == NONE or alive_now[hunter]:
        return None
    for seat, causes in dead:
        if seat == hunter:
            if d.plan.options.hunter_on_any_death or not HUNTER_CAUSES.isdisjoint(
                causes.split("+")
            ):
                return HUNTER[seat]
            return None
    return None


# --- the Hunter and the Captain's successor ----------------------------------------------------

_SHOTS: Final[dict[tuple[int, tuple[int, ...]], tuple[Decision, ...]]] = {}
_HEIRS: Final[dict[tuple[int, tuple[int, ...], int], tuple[Decision, ...]]] = {}


def _hunter_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    targets = d.up
    if not targets:
        return ()
    key = (task.seat, targets)
    found = _SHOTS.get(key)
    if found is None:
        options = (*(SHOOT_AT[t] for t in targets), PASS)
        found = remember(_SHOTS, key, (Decision(task.seat, "hunter", options, PASS, True),))
    return found


def _hunter_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    if action.kind == "pass":
        d.events.append(DECLINED["hunter", seat])
        return True
    target = action.players[0]
    d.events.append(SHOT[seat, target])
    hunter = kill(d, [(target, "shot")])
    if hunter is not None:
        d.work.append(hunter)
    return True


class _ChainEnd(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        outcome = verdict(d)
        if outcome is not None:
            finish(d, outcome)
        elif d.captain != NONE and not d.alive[d.captain]:
            d.work.append(SUCCESSOR[d.captain])


def _successor_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    living, n = d.up, d.plan.n
    if not living:
        return ()
    key = (task.seat, living, n)
    found = _HEIRS.get(key)
    if found is None:
        options = tuple(NAME[t] for t in living)
        default = NAME[clockwise(task.seat, living, n)]
        decision = Decision(task.seat, "captain_successor", options, default)
        found = remember(_HEIRS, key, (decision,))
    return found


def _successor_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    heir = action.players[0]
    d.captain = heir
    d.events.append(BY["captain_named", heir, seat])
    return True


SHOT: Final[Memo[Event]] = Memo(
    lambda hunter, seat: Event("shot", EVERYONE, {"hunter": hunter, "seat": seat})
)
GRIEF: Final[Memo[Event]] = Memo(
    lambda seat, lover: Event("grief", EVERYONE, {"seat": seat, "lover": lover})
)
"""``SHOT[hunter, seat]``, ``GRIEF[seat, lover]``: shared between games (see
:class:`~loupgarou.variants.thiercelieux.state.Memo`)."""

# What each kind of task does (see :class:`~loupgarou.variants.thiercelieux.state.Does`).


class _Hunter(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _hunter_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _hunter_act(d, task, seat, action)


class _Successor(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _successor_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _successor_act(d, task, seat, action)


CHAIN_END: Final = Task("chain_end", _ChainEnd())
HUNTER: Final = seat_tasks("hunter", _Hunter())
SUCCESSOR: Final = seat_tasks("successor", _Successor())


# --- winning ------------------------------------------------------------------------------------


def _opposite(roles: Sequence[Role], lovers: tuple[int, ...]) -> bool:
    if not lovers:
        return False
    a, b = lovers
    return (roles[a] is _WEREWOLF) != (roles[b] is _WEREWOLF)


def opposite_lovers(state: State) -> bool:
    """True when the Lovers are a Werewolf and a non-Werewolf (they then play for themselves)."""
    if not state.lovers:
        return False
    a, b = state.lovers
    return camp(state.role(a)) != camp(state.role(b))


def _teams(n: int, roles: Sequence[Role], lovers: tuple[int, ...]) -> dict[str, frozenset[int]]:
    apart = frozenset(lovers) if _opposite(roles, lovers) else frozenset()
    out: dict[str, set[int]] = {VILLAGE: set(), WEREWOLVES: set(), LOVERS: set(apart)}
    for seat in range(n):
        if seat not in apart:
            out[camp(roles[seat])].add(seat)
    return {team: frozenset(seats) for team, seats in out.items()}


def teams(state: State) -> dict[str, frozenset[int]]:
    """Every seat's team: the Lovers of opposite camps apart, everyone else by camp."""
    return _teams(state.n, [state.role(s) for s in range(len(state.deck))], state.lovers)


_OUTCOMES: Final[dict[tuple[int, tuple[int, ...], tuple[int, ...], str, str], Outcome]] = {}
_REASONS: Final[dict[str, tuple[tuple[Reason, ...], frozenset[str]]]] = {}


def _win(d: Draft, team: str, code: str, text: str) -> Outcome:
    """``team`` wins for the reason ``code``: the team's members, dead ones included."""
    roles, lovers = d.seating.roles, d.lovers
    apart = lovers if _opposite(roles, lovers) else ()
    key = (d.plan.n, d.seating.wolves, apart, team, code)
    found = _OUTCOMES.get(key)
    if found is None:
        # The memo misses often (a key per deal of the Werewolf cards and pair of Lovers):
        # only the winning team's seats are gathered, and the reason is built once per
        # code (a compiled frozen dataclass is built by its Python ``__init__``).
        if team == LOVERS:
            winners = frozenset(apart)
        else:
            winners = frozenset(
                [s for s in range(d.plan.n) if s not in apart and camp(roles[s]) == team]
            )
        reasons = _REASONS.get(code)
        if reasons is None:
            reasons = _REASONS[code] = ((Reason(code, text),), frozenset({team}))
        found = remember(_OUTCOMES, key, Outcome(winners, reasons[1], reasons[0]))
    return found


NOBODY: Final = Outcome(frozenset(), frozenset(), (Reason("nobody.all_dead", "nobody is alive"),))


def verdict(d: Draft) -> Outcome | None:
    """Who wins now, or None if the game goes on.  Checked in this order:

    nobody alive (nobody wins); the Lovers of opposite camps are the last two
    alive (they win, whatever the Werewolves' condition says); no Werewolf
    alive (the village); at most one non-Werewolf alive, or with
    ``wolves_win_at_parity`` no fewer Werewolves than others (the Werewolves).
    Winners include the dead members of the winning team.
    """
    living = d.up
    if not living:
        return NOBODY
    lovers = d.lovers
    if (
        lovers
        and len(living) == 2
        and _opposite(d.seating.roles, lovers)
        and set(living) == set(lovers)
    ):
        return _win(d, LOVERS, "lovers.last_two", "the Lovers are the last two alive")
    # The living Werewolves, counted in a loop: ``map`` over a bound ``__getitem__``
    # makes a slow wrapper call per seat.
    alive, wolves = d.alive, 0
    for w in d.seating.wolves:
        if alive[w]:
            wolves += 1
    others = len(living) - wolves
    if wolves == 0:
        return _win(d, VILLAGE, "village.no_werewolf", "no Werewolf is alive")
    if others <= 1:
        return _win(d, WEREWOLVES, "werewolves.one_left", "at most one non-Werewolf is alive")
    if d.plan.options.wolves_win_at_parity and wolves >= others:
        return _win(
            d,
            WEREWOLVES,
            "werewolves.parity",
            "the Werewolves are at least as many as the others",
        )
    return None


def starve(d: Draft, wolves: Sequence[int]) -> None:
    """No Werewolf woke: they all die of hunger (grief follows) and the village wins."""
    d.events.append(Event("starved", EVERYONE, {"seats": list(wolves)}))
    kill(d, [(w, "starved") for w in wolves])
    finish(d, _win(d, VILLAGE, "village.starved", "no Werewolf woke: they starved"))


def finish(d: Draft, outcome: Outcome) -> None:
    """End the game: every card is shown, then the verdict."""
    n, names = d.plan.n, d.seating.names
    data = {"players": list(names[:n]), "set_aside": list(names[n:]), "lovers": list(d.lovers)}
    d.events.append(Event("cards_revealed", EVERYONE, data))
    d.events.append(Event("game_over", EVERYONE, outcome.to_json()))
    d.phase = "over"
    d.step = ""
    d.outcome = outcome
