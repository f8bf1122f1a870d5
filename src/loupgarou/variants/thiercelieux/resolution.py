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
:func:`kill` and its callers put in front of the rest of the agenda.
"""

from __future__ import annotations

from collections.abc import Sequence

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.events import Event, public, told
from loupgarou.core.outcome import Outcome, Reason
from loupgarou.variants.thiercelieux.roles import LOVERS, VILLAGE, WEREWOLVES, Role, camp
from loupgarou.variants.thiercelieux.state import (
    NONE,
    Act,
    Auto,
    Events,
    Follow,
    Pending,
    State,
    Step,
    Task,
    clockwise,
)

_HUNTER = Role.HUNTER
HUNTER_CAUSES = frozenset({"devoured", "lynched"})
"""Causes of death that let the Hunter shoot by default."""


def reveal(state: State, seat: int) -> list[Event]:
    if state.options.reveal_on_death:
        return [public("card_revealed", seat=seat, role=state.role_name(seat))]
    return []


def kill(state: State, deaths: Sequence[tuple[int, tuple[str, ...]]]) -> Step:
    """Apply ``deaths`` (seat, causes) and their grief; queue the Hunters' shots.

    The caller has announced the deaths; this reveals the cards, applies and
    announces grief, and returns a ``hunter`` task per eligible Hunter, in the
    order of death.  It does not check who wins: a ``chain_end`` task does.
    """
    alive = list(state.alive)
    log = list(state.deaths)
    events: Events = []
    order: list[tuple[int, tuple[str, ...]]] = []
    for seat, causes in deaths:
        if alive[seat]:
            alive[seat] = False
            log.append((seat, "+".join(causes)))
            order.append((seat, causes))
    state = state._replace(alive=tuple(alive), deaths=tuple(log))
    for seat, _ in order:
        events += reveal(state, seat)
    i = 0
    while i < len(order):
        lover = state.partner(order[i][0])
        if lover != NONE and alive[lover]:
            alive[lover] = False
            log.append((lover, "grief"))
            order.append((lover, ("grief",)))
            state = state._replace(alive=tuple(alive), deaths=tuple(log))
            events.append(public("grief", seat=lover, lover=order[i][0]))
            events += reveal(state, lover)
        i += 1
    hunters: Follow = [
        Task("hunter", seat)
        for seat, causes in order
        if state.role(seat) is _HUNTER
        and (state.options.hunter_on_any_death or HUNTER_CAUSES.intersection(causes))
    ]
    return state, events, hunters


# --- the Hunter and the Captain's successor ----------------------------------------------------


def _hunter_pending(state: State, task: Task) -> tuple[Decision, ...]:
    targets = state.living()
    if not targets:
        return ()
    options = (*(Action("shoot", (t,)) for t in targets), PASS)
    return (Decision(task.seat, "hunter", options, PASS, True),)


def _hunter_act(
    state: State, task: Task, seat: int, action: Action
) -> tuple[State, Events, Follow]:
    if action.kind == "pass":
        return state, [told(seat, "declined", step="hunter")], []
    target = action.players[0]
    events: Events = [public("shot", hunter=seat, seat=target)]
    state, more, hunters = kill(state, [(target, ("shot",))])
    return state, events + more, hunters


def _chain_end(state: State, task: Task) -> Step:
    outcome = verdict(state)
    if outcome is not None:
        state, events = finish(state, outcome)
        return state, events, []
    if state.captain != NONE and not state.alive[state.captain]:
        return state, [], [Task("successor", state.captain)]
    return state, [], []


def _successor_pending(state: State, task: Task) -> tuple[Decision, ...]:
    living = state.living()
    if not living:
        return ()
    options = tuple(Action("name", (t,)) for t in living)
    default = Action("name", (clockwise(task.seat, living, state.n),))
    return (Decision(task.seat, "captain_successor", options, default),)


def _successor_act(
    state: State, task: Task, seat: int, action: Action
) -> tuple[State, Events, Follow]:
    heir = action.players[0]
    return state._replace(captain=heir), [public("captain_named", seat=heir, by=seat)], []


AUTO: dict[str, Auto] = {"chain_end": _chain_end}
DECIDE: dict[str, tuple[Pending, Act]] = {
    "hunter": (_hunter_pending, _hunter_act),
    "successor": (_successor_pending, _successor_act),
}


# --- winning ------------------------------------------------------------------------------------


def opposite_lovers(state: State) -> bool:
    """True when the Lovers are a Werewolf and a non-Werewolf (they then play for themselves)."""
    if not state.lovers:
        return False
    a, b = state.lovers
    return camp(state.role(a)) != camp(state.role(b))


def teams(state: State) -> dict[str, frozenset[int]]:
    """Every seat's team: the Lovers of opposite camps apart, everyone else by camp."""
    lovers = frozenset(state.lovers) if opposite_lovers(state) else frozenset()
    out: dict[str, set[int]] = {VILLAGE: set(), WEREWOLVES: set(), LOVERS: set(lovers)}
    for seat in range(state.n):
        if seat not in lovers:
            out[camp(state.role(seat))].add(seat)
    return {team: frozenset(seats) for team, seats in out.items()}


def _win(state: State, team: str, code: str, text: str) -> Outcome:
    return Outcome(teams(state)[team], frozenset({team}), (Reason(code, text),))


def verdict(state: State) -> Outcome | None:
    """Who wins now, or None if the game goes on.  Checked in this order:

    nobody alive (nobody wins); the Lovers of opposite camps are the last two
    alive (they win, whatever the Werewolves' condition says); no Werewolf
    alive (the village); at most one non-Werewolf alive, or with
    ``wolves_win_at_parity`` no fewer Werewolves than others (the Werewolves).
    Winners include the dead members of the winning team.
    """
    living = state.living()
    if not living:
        return Outcome(frozenset(), frozenset(), (Reason("nobody.all_dead", "nobody is alive"),))
    if opposite_lovers(state) and set(living) == set(state.lovers):
        return _win(state, LOVERS, "lovers.last_two", "the Lovers are the last two alive")
    wolves = len(state.living_wolves())
    others = len(living) - wolves
    if wolves == 0:
        return _win(state, VILLAGE, "village.no_werewolf", "no Werewolf is alive")
    if others <= 1:
        return _win(state, WEREWOLVES, "werewolves.one_left", "at most one non-Werewolf is alive")
    if state.options.wolves_win_at_parity and wolves >= others:
        return _win(
            state,
            WEREWOLVES,
            "werewolves.parity",
            "the Werewolves are at least as many as the others",
        )
    return None


def starve(state: State, wolves: Sequence[int]) -> tuple[State, Events]:
    """No Werewolf woke: they all die of hunger (grief follows) and the village wins."""
    events: Events = [public("starved", seats=list(wolves))]
    state, more, _ = kill(state, [(w, ("starved",)) for w in wolves])
    outcome = _win(state, VILLAGE, "village.starved", "no Werewolf woke: they starved")
    state, end = finish(state, outcome)
    return state, events + more + end


def finish(state: State, outcome: Outcome) -> tuple[State, Events]:
    """End the game: every card is shown, then the verdict."""
    n = state.n
    events: Events = [
        public(
            "cards_revealed",
            players=[state.role_name(s) for s in range(n)],
            set_aside=[state.role_name(p) for p in range(n, n + state.set_aside)],
            lovers=list(state.lovers),
        ),
        public("game_over", **outcome.to_json()),
    ]
    state = state._replace(phase="over", step="", agenda=(), outcome=outcome)
    return state, events
