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

A vote's ballots are shared :class:`~loupgarou.variants.thiercelieux.state.Ballots`
(one per vote name and candidates, whatever the game); a ballot that leaves
others to vote takes the runner's shortcut (see
:func:`~loupgarou.variants.thiercelieux.state.answered`).
"""

from __future__ import annotations

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import EVERYONE, JSON, Event
from loupgarou.variants.thiercelieux.night import TIEBREAK
from loupgarou.variants.thiercelieux.resolution import CHAIN_END, kill
from loupgarou.variants.thiercelieux.state import (
    NONE,
    VOTE_FOR,
    Act,
    Auto,
    Ballots,
    Draft,
    Pending,
    Request,
    Resolve,
    State,
    Task,
    Vote,
    ballot_decision,
    clockwise,
    remember,
    shared_event,
)

DAY, DUSK, LYNCH = Task("day"), Task("dusk"), Task("lynch")
ELECTION, CAPTAIN_DRAW = Task("election"), Task("captain_draw")
_AFTER_DAWN = (DAY, CHAIN_END)
_AFTER_LYNCH = (DUSK, CHAIN_END)
_FIRST_DAY = {"random": (LYNCH, CAPTAIN_DRAW), "elected": (LYNCH, ELECTION)}
"""What follows the deaths of dawn (the win check, then the day), of a lynch (the win
check, then dusk), and the first day's opening with a Captain to choose: each
reversed, ready to go on the runner's stack."""

CAPTAIN_DRAWS: tuple[ChanceRequest, ...] = tuple(
    ChanceRequest("captain_draw", "choice", k) for k in range(64)
)
"""``CAPTAIN_DRAWS[k]`` draws the Captain among ``k`` living players."""

_new = tuple.__new__


def _dawn(d: Draft, task: Task) -> None:
    causes: dict[int, list[str]] = {}
    target = d.caught if d.caught != NONE else d.victim
    if target != NONE and not d.healed:
        causes[target] = ["caught" if d.caught != NONE else "devoured"]
    if d.poisoned != NONE:
        causes.setdefault(d.poisoned, []).append("poisoned")
    dead = sorted(causes)
    d.phase = "day"
    d.step = "dawn"
    d.answers = d.plan.no_answers
    d.awake = ()
    d.spy = d.victim = d.caught = d.poisoned = NONE
    d.healed = False
    d.events.append(_new(Event, ("dawn", EVERYONE, {"day": d.number, "deaths": dead})))
    d.work += _AFTER_DAWN
    if dead:
        hunter = kill(d, [(s, tuple(causes[s])) for s in dead])
        if hunter is not None:
            d.work.append(hunter)


def _day(d: Draft, task: Task) -> None:
    d.step = "day"
    d.events.append(shared_event("day_begins", NONE, d.number))
    opts = d.options
    if d.number == 1 and opts.captain and d.captain == NONE:
        d.work += _FIRST_DAY[opts.captain_mode]
    else:
        d.work.append(LYNCH)


_VOTES: dict[tuple[int, str, tuple[int, ...]], Ballots] = {}


def ballots(n: int, vote: str, candidates: tuple[int, ...]) -> Ballots:
    """The shared ballots of the vote ``vote`` among ``candidates`` on a table of ``n``."""
    key = (n, vote, candidates)
    found = _VOTES.get(key)
    if found is None:
        found = remember(_VOTES, key, Ballots(n, vote, candidates))
    return found


def _open_vote(d: Draft, vote: str, candidates: tuple[int, ...], step: str) -> None:
    """Every living player is asked to vote for one of ``candidates``.  With the option
    ``lovers_vote_together`` the ballots are built each time (no shared ``Ballots``)."""
    d.step = step
    d.answers = d.plan.no_answers
    data: dict[str, JSON] = {"vote": vote, "candidates": list(candidates)}
    d.events.append(_new(Event, ("vote_opens", EVERYONE, data)))
    shared = None if d.options.lovers_vote_together else ballots(d.n, vote, candidates)
    d.work.append(_new(Task, ("ballot", NONE, candidates, vote, shared)))


def _election(d: Draft, task: Task) -> None:
    _open_vote(d, "captain_election", d.up, "election")


def _lynch(d: Draft, task: Task) -> None:
    _open_vote(d, "lynch", d.up, "lynch")


# --- ballots ------------------------------------------------------------------------------------


def _is_lynch(vote: str) -> bool:
    return vote.startswith("lynch")


def _together(state: State | Draft, task: Task) -> bool:
    """Whether the Lovers' common ballot applies to this vote (see the module docstring)."""
    if not (state.options.lovers_vote_together and state.lovers):
        return False
    a, b = state.lovers
    if not (state.alive[a] and state.alive[b]):
        return False
    return not _is_lynch(task.arg) or any(t not in (a, b) for t in task.seats)


def ballot_targets(state: State | Draft, task: Task, seat: int) -> tuple[int, ...]:
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


def _ballot_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    answers, shared = d.answers, task.ballots
    if answers is d.plan.no_answers and shared is not None:  # the vote opens
        return shared.pending(d.up)
    voters = [seat for seat in d.up if answers[seat] == NONE]
    if shared is not None:
        return shared.pending(tuple(voters))
    n, vote = d.n, task.arg
    return tuple([ballot_decision(n, vote, v, ballot_targets(d, task, v)) for v in voters])


def _ballot_vote(task: Task, seat: int, action: Action) -> tuple[int, Event] | None:
    if task.ballots is None:
        return None  # the Lovers' common ballot may change the partner's decision
    target = action.players[0]
    return target, shared_event("voted", seat, task.arg, target)


def _ballot_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    target = action.players[0]
    d.events.append(shared_event("voted", seat, task.arg, target))
    if d.answer(seat, target):
        return False
    d.work.append(_new(Task, ("count", NONE, task.seats, task.arg, None)))
    return True


def _count(d: Draft, task: Task) -> None:
    """Reveal the ballots and the counts; the most voted is elected or lynched, else
    the tie rules apply (see the module docstring)."""
    vote = task.arg
    answers = d.answers
    captain = d.captain if d.captain != NONE and d.alive[d.captain] else NONE
    lynch = _is_lynch(vote)
    double = captain if lynch and d.plan.double_vote else NONE  # whose ballot counts twice
    ballots: list[JSON] = []
    tally: dict[int, int] = {}
    get = tally.get
    for v in d.up:
        t = answers[v]
        ballots.append([v, t])
        tally[t] = get(t, 0) + 1
    if double != NONE:
        tally[answers[double]] += 1
    counts = sorted(tally.items())
    top = max(tally.values())
    tied = tuple([t for t, k in counts if k == top])
    data: dict[str, JSON] = {
        "vote": vote,
        "ballots": ballots,
        "counts": [[t, k] for t, k in counts],
    }
    events = d.events
    events.append(_new(Event, ("votes", EVERYONE, data)))
    if len(tied) == 1:
        if lynch:
            _lynched(d, tied[0])
        else:
            _elect(d, tied[0], "vote")
    elif not lynch:
        if vote == "captain_election":
            _open_vote(d, "captain_revote", tied, "election")
        else:
            d.work.append(_new(Task, ("captain_tiebreak", NONE, tied, "", None)))
    elif captain != NONE:
        choice = answers[captain]
        if choice in tied:
            events.append(
                _new(Event, ("captain_decides", EVERYONE, {"seat": choice, "by": captain}))
            )
            _lynched(d, choice)
        else:
            d.work.append(Task("captain_pick", captain, tied))
    elif vote == "lynch":
        _open_vote(d, "lynch_revote", tied, "lynch")
    elif d.options.lynch_second_tie == "random":
        d.work.append(_new(Task, ("lynch_draw", NONE, tied, "", None)))
    else:
        events.append(_new(Event, ("no_lynch", EVERYONE, {"tied": list(tied)})))
        d.work.append(DUSK)


# --- the Captain --------------------------------------------------------------------------------


def _elect(d: Draft, seat: int, how: str) -> None:
    d.captain = seat
    d.events.append(_new(Event, ("captain_elected", EVERYONE, {"seat": seat, "how": how})))


def _tiebreak_request(d: Draft, task: Task) -> ChanceRequest:
    return TIEBREAK[len(task.seats)]


def _captain_tiebreak(d: Draft, task: Task, value: JSON) -> None:
    _elect(d, task.seats[int(value)], "draw")


def _captain_draw_request(d: Draft, task: Task) -> ChanceRequest:
    return CAPTAIN_DRAWS[len(d.up)]


def _captain_draw(d: Draft, task: Task, value: JSON) -> None:
    d.step = "election"
    _elect(d, d.up[int(value)], "draw")


_PICKS: dict[tuple[int, tuple[int, ...], int], tuple[Decision, ...]] = {}


def _pick_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    key = (task.seat, task.seats, d.n)
    found = _PICKS.get(key)
    if found is None:
        options = tuple(VOTE_FOR[t] for t in task.seats)
        default = VOTE_FOR[clockwise(task.seat, task.seats, d.n)]
        found = remember(_PICKS, key, (Decision(task.seat, "captain_pick", options, default),))
    return found


def _pick_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    target = action.players[0]
    d.events.append(_new(Event, ("captain_decides", EVERYONE, {"seat": target, "by": seat})))
    _lynched(d, target)
    return True


# --- the lynch and dusk -------------------------------------------------------------------------


def _lynched(d: Draft, seat: int) -> None:
    d.events.append(shared_event("lynched", seat, None))
    hunter = kill(d, [(seat, ("lynched",))])
    d.work += _AFTER_LYNCH
    if hunter is not None:
        d.work.append(hunter)


def _lynch_draw(d: Draft, task: Task, value: JSON) -> None:
    seat = task.seats[int(value)]
    data: dict[str, JSON] = {"seat": seat, "tied": list(task.seats)}
    d.events.append(_new(Event, ("lynch_drawn", EVERYONE, data)))
    _lynched(d, seat)


def _dusk(d: Draft, task: Task) -> None:
    d.events.append(shared_event("dusk", NONE, d.number))
    d.work += d.plan.nights[1]  # the next night (never the first), reversed for the stack


AUTO: dict[str, Auto] = {
    "dawn": _dawn,
    "day": _day,
    "election": _election,
    "lynch": _lynch,
    "count": _count,
    "dusk": _dusk,
}
DECIDE: dict[str, tuple[Pending, Act, Vote | None]] = {
    "ballot": (_ballot_pending, _ballot_act, _ballot_vote),
    "captain_pick": (_pick_pending, _pick_act, None),
}
CHANCE: dict[str, tuple[Request, Resolve]] = {
    "captain_tiebreak": (_tiebreak_request, _captain_tiebreak),
    "captain_draw": (_captain_draw_request, _captain_draw),
    "lynch_draw": (_tiebreak_request, _lynch_draw),
}
