"""The Thiercelieux day: dawn, the Captain, the lynch vote and its tie rules.

Dawn announces the night's dead together, without a cause, and runs their
resolution (see :mod:`loupgarou.variants.thiercelieux.resolution`).  On day 1,
with the ``captain`` option, the Captain is chosen before the lynch: elected
(``captain_mode`` ``elected``: every living player votes for any living player,
themself included; relative majority; a tie is revoted among the tied; a second
tie is drawn at random) or drawn at random (``random``).

Every day vote is simultaneous: each living player has a pending decision until
they vote, and the ballots are revealed together.  Lynch: every living player
votes for another living player.  Most votes is lynched; the Captain's ballot
counts twice with ``captain_vote`` ``double``.  On a tie, a living Captain who
voted for one of the tied decides it; a Captain who voted for none of them picks
one of the tied; with no Captain, everybody alive revotes among the tied (the
tied too, never for themself), and a second tie lynches nobody (or, with
``lynch_second_tie`` ``random``, one of the tied drawn at random).

``lovers_vote_together``: while both Lovers live, they cast one common ballot
in every day vote.  Whichever votes first fixes it: the other's decision then
offers only that target.  In lynch votes a Lover may not vote for their partner
(the partner would have to vote for themself); when that leaves them nobody to
vote for (a revote between the two Lovers alone) the rule is lifted for that vote.
"""

from __future__ import annotations

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON, public, told
from loupgarou.variants.thiercelieux import night
from loupgarou.variants.thiercelieux.resolution import kill
from loupgarou.variants.thiercelieux.state import (
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
    clockwise,
    remember,
    with_answers,
)


def _dawn(state: State, task: Task) -> Step:
    causes: dict[int, list[str]] = {}
    target = state.caught if state.caught != NONE else state.victim
    if target != NONE and not state.healed:
        causes.setdefault(target, []).append("caught" if state.caught != NONE else "devoured")
    if state.poisoned != NONE:
        causes.setdefault(state.poisoned, []).append("poisoned")
    dead = sorted(causes)
    state = state._replace(
        phase="day",
        step="dawn",
        answers=(NONE,) * state.n,
        awake=(),
        spy=NONE,
        victim=NONE,
        caught=NONE,
        healed=False,
        poisoned=NONE,
    )
    events: Events = [public("dawn", day=state.number, deaths=dead)]
    state, more, hunters = kill(state, [(s, tuple(causes[s])) for s in dead])
    return state, events + more, [*hunters, Task("chain_end"), Task("day")]


def _day(state: State, task: Task) -> Step:
    state = state._replace(step="day")
    events: Events = [public("day_begins", day=state.number)]
    follow: Follow = []
    opts = state.options
    if state.number == 1 and opts.captain and state.captain == NONE:
        follow.append(Task("captain_draw" if opts.captain_mode == "random" else "election"))
    follow.append(Task("lynch"))
    return state, events, follow


def _open_vote(state: State, vote: str, candidates: tuple[int, ...], step: str) -> Step:
    state = state._replace(step=step, answers=(NONE,) * state.n)
    event = public("vote_opens", vote=vote, candidates=list(candidates))
    return state, [event], [Task("ballot", seats=candidates, arg=vote)]


def _election(state: State, task: Task) -> Step:
    return _open_vote(state, "captain_election", state.living(), "election")


def _lynch(state: State, task: Task) -> Step:
    return _open_vote(state, "lynch", state.living(), "lynch")


# --- ballots ------------------------------------------------------------------------------------


def _is_lynch(vote: str) -> bool:
    return vote.startswith("lynch")


def _together(state: State, task: Task) -> bool:
    """Whether the Lovers' common ballot applies to this vote (see the module docstring)."""
    if not (state.options.lovers_vote_together and state.lovers):
        return False
    a, b = state.lovers
    if not (state.alive[a] and state.alive[b]):
        return False
    return not _is_lynch(task.arg) or any(t not in (a, b) for t in task.seats)


def ballot_targets(state: State, task: Task, seat: int) -> tuple[int, ...]:
    """Whom ``seat`` may vote for in the vote ``task`` runs."""
    lynch = _is_lynch(task.arg)
    targets = tuple(t for t in task.seats if not (lynch and t == seat))
    if _together(state, task):
        partner = state.partner(seat)
        if partner != NONE:
            if state.answers[partner] != NONE:
                return (state.answers[partner],)
            if lynch:
                targets = tuple(t for t in targets if t != partner)
    return targets


def _ballot(n: int, vote: str, seat: int, targets: tuple[int, ...]) -> Decision:
    options = tuple(VOTE_FOR[t] for t in targets)
    return Decision(seat, vote, options, VOTE_FOR[clockwise(seat, targets, n)])


_BALLOTS: dict[tuple[int, str, tuple[int, ...]], list[Decision | None]] = {}
"""Per vote among ``seats``: each seat's ballot (built when first needed), without the
Lovers' common ballot."""


def _ballot_pending(state: State, task: Task) -> tuple[Decision, ...]:
    answers, n, vote = state.answers, state.n, task.arg
    if state.options.lovers_vote_together and _together(state, task):
        return tuple(
            _ballot(n, vote, seat, ballot_targets(state, task, seat))
            for seat in state.living()
            if answers[seat] == NONE
        )
    key = (n, vote, task.seats)
    table = _BALLOTS.get(key)
    if table is None:
        fresh: list[Decision | None] = [None] * n
        table = remember(_BALLOTS, key, fresh)
    out = []
    for seat in state.living():
        if answers[seat] == NONE:
            decision = table[seat]
            if decision is None:
                decision = table[seat] = _ballot(n, vote, seat, ballot_targets(state, task, seat))
            out.append(decision)
    return tuple(out)


def _ballot_act(
    state: State, task: Task, seat: int, action: Action
) -> tuple[State, Events, Follow | None]:
    target = action.players[0]
    answers = list(state.answers)
    answers[seat] = target
    state = with_answers(state, tuple(answers))
    events: Events = [told(seat, "voted", vote=task.arg, seat=target)]
    for s in state.living():
        if answers[s] == NONE:
            return state, events, None
    return state, events, [Task("count", seats=task.seats, arg=task.arg)]


def _count(state: State, task: Task) -> Step:
    vote = task.arg
    answers = state.answers
    ballots = {v: answers[v] for v in state.living()}
    captain = state.captain if state.captain != NONE and state.alive[state.captain] else NONE
    double = _is_lynch(vote) and state.options.captain_vote == "double"
    tally: dict[int, int] = {}
    for v, t in ballots.items():
        tally[t] = tally.get(t, 0) + (2 if double and v == captain else 1)
    top = max(tally.values())
    tied = tuple(sorted(t for t, k in tally.items() if k == top))
    events: Events = [
        public(
            "votes",
            vote=vote,
            ballots=[[v, t] for v, t in ballots.items()],
            counts=[[t, tally[t]] for t in sorted(tally)],
        )
    ]
    if len(tied) == 1:
        if _is_lynch(vote):
            return _lynched(state, tied[0], events)
        return _elect(state, tied[0], "vote", events)
    if not _is_lynch(vote):
        if vote == "captain_election":
            state, more, follow = _open_vote(state, "captain_revote", tied, "election")
            return state, events + more, follow
        return state, events, [Task("captain_tiebreak", seats=tied)]
    if captain != NONE:
        if ballots[captain] in tied:
            events.append(public("captain_decides", seat=ballots[captain], by=captain))
            return _lynched(state, ballots[captain], events)
        return state, events, [Task("captain_pick", captain, seats=tied)]
    if vote == "lynch":
        state, more, follow = _open_vote(state, "lynch_revote", tied, "lynch")
        return state, events + more, follow
    if state.options.lynch_second_tie == "random":
        return state, events, [Task("lynch_draw", seats=tied)]
    events.append(public("no_lynch", tied=list(tied)))
    return state, events, [Task("dusk")]


# --- the Captain --------------------------------------------------------------------------------


def _elect(state: State, seat: int, how: str, events: Events) -> Step:
    state = state._replace(captain=seat)
    return state, [*events, public("captain_elected", seat=seat, how=how)], []


def _tiebreak_request(state: State, task: Task) -> ChanceRequest:
    return ChanceRequest("tiebreak", "choice", len(task.seats))


def _captain_tiebreak(state: State, task: Task, value: JSON) -> Step:
    return _elect(state, task.seats[int(value)], "draw", [])


def _captain_draw_request(state: State, task: Task) -> ChanceRequest:
    return ChanceRequest("captain_draw", "choice", len(state.living()))


def _captain_draw(state: State, task: Task, value: JSON) -> Step:
    return _elect(state._replace(step="election"), state.living()[int(value)], "draw", [])


def _pick_pending(state: State, task: Task) -> tuple[Decision, ...]:
    options = tuple(Action("vote", (t,)) for t in task.seats)
    default = Action("vote", (clockwise(task.seat, task.seats, state.n),))
    return (Decision(task.seat, "captain_pick", options, default),)


def _pick_act(state: State, task: Task, seat: int, action: Action) -> tuple[State, Events, Follow]:
    target = action.players[0]
    return _lynched(state, target, [public("captain_decides", seat=target, by=seat)])


# --- the lynch and dusk -------------------------------------------------------------------------


def _lynched(state: State, seat: int, events: Events) -> Step:
    events = [*events, public("lynched", seat=seat)]
    state, more, hunters = kill(state, [(seat, ("lynched",))])
    return state, events + more, [*hunters, Task("chain_end"), Task("dusk")]


def _lynch_draw(state: State, task: Task, value: JSON) -> Step:
    seat = task.seats[int(value)]
    return _lynched(state, seat, [public("lynch_drawn", seat=seat, tied=list(task.seats))])


def _dusk(state: State, task: Task) -> Step:
    events: Events = [public("dusk", day=state.number)]
    return state, events, list(night.agenda(state.deck, state.number + 1))


AUTO: dict[str, Auto] = {
    "dawn": _dawn,
    "day": _day,
    "election": _election,
    "lynch": _lynch,
    "count": _count,
    "dusk": _dusk,
}
DECIDE: dict[str, tuple[Pending, Act]] = {
    "ballot": (_ballot_pending, _ballot_act),
    "captain_pick": (_pick_pending, _pick_act),
}
CHANCE: dict[str, tuple[Request, Resolve]] = {
    "captain_tiebreak": (_tiebreak_request, _captain_tiebreak),
    "captain_draw": (_captain_draw_request, _captain_draw),
    "lynch_draw": (_tiebreak_request, _lynch_draw),
}
