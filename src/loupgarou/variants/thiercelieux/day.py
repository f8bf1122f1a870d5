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
one of the tied (with ``captain_outside_tie`` ``revote``, everyone alive revotes
among the tied instead, and the Captain, whose revote ballot names one of them,
settles a second tie); with no Captain, everybody alive revotes among the tied (the
tied too, never for themself), and a second tie lynches nobody (or, with
``lynch_second_tie`` ``random``, one of the tied drawn at random).

``lovers_vote_together``: while both Lovers live, they cast one common ballot
in every day vote.  Whichever votes first fixes it: the other's decision then
offers only that target.  In lynch votes a Lover may not vote for their partner
(the partner would have to vote for themself); when that leaves them nobody to
vote for (a revote between the two Lovers alone) the rule is lifted for that vote.

A vote's ballots are shared :class:`~loupgarou.variants.thiercelieux.state.Ballots`
held by a shared ``ballot`` task (one per vote name and candidates, whatever the
game); a ballot that leaves others to vote takes the runner's shortcut (see
:func:`~loupgarou.variants.thiercelieux.state.answered`), and the last one counts
the votes at once.
"""

from __future__ import annotations

from typing import Final

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import EVERYONE, JSON, Event
from loupgarou.variants.thiercelieux.resolution import CHAIN_END, kill
from loupgarou.variants.thiercelieux.state import (
    BY,
    LYNCHED,
    NONE,
    TIEBREAK,
    VOTE_FOR,
    Auto,
    Ballots,
    Decide,
    Draft,
    Draw,
    Memo,
    State,
    Task,
    ballot_decision,
    clockwise,
    numbered,
    remember,
    shared_task,
    voted,
    voted_row,
)

CAPTAIN_DRAWS: Final[tuple[ChanceRequest, ...]] = tuple(
    ChanceRequest("captain_draw", "choice", k) for k in range(64)
)
"""``CAPTAIN_DRAWS[k]`` draws the Captain among ``k`` living players."""


class _Dawn(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        caught, poisoned = d.caught, d.poisoned
        target = NONE if d.healed else caught if caught != NONE else d.victim
        # The night's deaths as the log keeps them, (seat, causes joined by '+'), in seat
        # order; spelt out case by case rather than gathered in a dictionary of lists.
        deaths: list[tuple[int, str]] = []
        if target != NONE:
            cause = "caught" if caught != NONE else "devoured"
            if poisoned == target:
                deaths.append((target, cause + "+poisoned"))
            elif poisoned == NONE:
                deaths.append((target, cause))
            else:
                deaths += sorted([(target, cause), (poisoned, "poisoned")])
        elif poisoned != NONE:
            deaths.append((poisoned, "poisoned"))
        d.phase = "day"
        d.step = "dawn"
        d.answers = d.plan.no_answers
        d.awake = ()
        d.spy = d.victim = d.caught = d.poisoned = NONE
        d.healed = False
        d.events.append(DAWN_EVENT[d.number, tuple(deaths)])
        d.work += _AFTER_DAWN
        if deaths:
            hunter = kill(d, deaths)
            if hunter is not None:
                d.work.append(hunter)


class _Day(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        d.step = "day"
        d.events.append(numbered("day_begins", d.number))
        opts = d.plan.options
        if d.number == 1 and opts.captain and d.captain == NONE:
            d.work += _FIRST_DAY[opts.captain_mode]
        else:
            d.work.append(LYNCH)


_BALLOT_TASKS: Final[dict[tuple[int, str, tuple[int, ...]], Task]] = {}


def ballot_task(n: int, vote: str, candidates: tuple[int, ...]) -> Task:
    """The shared ``ballot`` task of the vote ``vote`` among ``candidates`` on a table of
    ``n``, with its shared :class:`Ballots`."""
    key = (n, vote, candidates)
    found = _BALLOT_TASKS.get(key)
    if found is None:
        shared = Ballots(n, vote, candidates)
        found = remember(_BALLOT_TASKS, key, Task("ballot", BALLOT, NONE, candidates, vote, shared))
    return found


def _open_vote(d: Draft, vote: str, candidates: tuple[int, ...], step: str) -> None:
    """Every living player is asked to vote for one of ``candidates``.  With the option
    ``lovers_vote_together`` the ballots are built each time (no shared ``Ballots``)."""
    d.step = step
    d.answers = d.plan.no_answers
    opts = d.plan.options
    if opts.narrator_knows == "results":
        d.events.append(VOTE_OPENS[vote, candidates])
        d.work.append(Task("result", RESULT, d.up[0], candidates, vote))
    elif opts.lovers_vote_together:
        d.events.append(VOTE_OPENS[vote, candidates])
        d.work.append(Task("ballot", BALLOT, NONE, candidates, vote))
    else:
        task = ballot_task(d.plan.n, vote, candidates)
        shared = task.ballots
        assert shared is not None
        d.events.append(shared.opens)
        d.work.append(task)


# --- ballots ------------------------------------------------------------------------------------


_LYNCHES: Final = frozenset({"lynch", "lynch_revote"})


def _is_lynch(vote: str) -> bool:
    return vote in _LYNCHES


def _together(state: State | Draft, task: Task) -> bool:
    """Whether the Lovers' common ballot applies to this vote (see the module docstring)."""
    if not (state.plan.options.lovers_vote_together and state.lovers):
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
    n, vote = d.plan.n, task.arg
    return tuple([ballot_decision(n, vote, v, ballot_targets(d, task, v)) for v in voters])


def _ballot_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    vote, target = task.arg, action.players[0]
    d.events.append(voted(voted_row(vote), vote, seat, target))
    if d.answer(seat, target):
        return False
    _count(d, vote)
    return True


def _count(d: Draft, vote: str) -> None:
    """Reveal the ballots and the counts; the most voted is elected or lynched, else
    the tie rules apply (see the module docstring)."""
    answers, up = d.answers, d.up
    captain = d.captain if d.captain != NONE and d.alive[d.captain] else NONE
    lynch = vote in _LYNCHES
    # Plain loops that build several lists at once: cheaper than a comprehension per list.
    ballots: list[JSON] = []  # each living voter's, in seat order
    tally = [0] * d.plan.n  # the votes for each seat
    top = 0  # the most votes: counted here, not by ``max(tally)``, which the compiled
    # build calls through Python's convention, comparing boxed integers (2,800
    # instructions a count)
    for v in up:
        target = answers[v]
        ballots.append([v, target])
        k = tally[target] + 1
        tally[target] = k
        if k > top:  # noqa: PLR1730 - not max(): see above
            top = k
    if lynch and captain != NONE and d.plan.double_vote:
        target = answers[captain]
        k = tally[target] + 1  # the Captain's ballot counts twice
        tally[target] = k
        if k > top:  # noqa: PLR1730 - not max(): see above
            top = k
    counts: list[JSON] = []
    tied: list[int] = []  # the most voted, in seat order
    for t, k in enumerate(tally):
        if k:
            counts.append([t, k])
            if k == top:
                tied.append(t)
    data: dict[str, JSON] = {"vote": vote, "ballots": ballots, "counts": counts}
    events = d.events
    events.append(Event("votes", EVERYONE, data))
    if len(tied) == 1:
        if lynch:
            _lynched(d, tied[0])
        else:
            _elect(d, tied[0], "vote")
    elif not lynch:
        if vote == "captain_election":
            _open_vote(d, "captain_revote", tuple(tied), "election")
        else:
            d.work.append(shared_task("captain_tiebreak", CAPTAIN_TIEBREAK, NONE, tuple(tied)))
    elif captain != NONE and answers[captain] in tied:
        choice = answers[captain]
        events.append(BY["captain_decides", choice, captain])
        _lynched(d, choice)
    elif captain != NONE and (vote != "lynch" or d.plan.options.captain_outside_tie == "pick"):
        d.work.append(shared_task("captain_pick", CAPTAIN_PICK, captain, tuple(tied)))
    elif vote == "lynch":
        _open_vote(d, "lynch_revote", tuple(tied), "lynch")
    elif d.plan.options.lynch_second_tie == "random":
        d.work.append(shared_task("lynch_draw", LYNCH_DRAW, NONE, tuple(tied)))
    else:
        events.append(Event("no_lynch", EVERYONE, {"tied": tied}))
        d.work.append(DUSK)


# --- a vote's result alone (option narrator_knows = results) -----------------------------------

NO_LYNCH: Final = Action("no_lynch")
_RESULTS: Final[dict[tuple[int, str, tuple[int, ...]], tuple[Decision, ...]]] = {}


def _result_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    """The table's result of the vote, given by its first living player for the table:
    the elected Captain, or the lynched player (himself included) or nobody (a tie the
    table's rules left unsettled).  Mandatory; by default the first candidate, or
    nobody for a lynch."""
    key = (task.seat, task.arg, task.seats)
    found = _RESULTS.get(key)
    if found is None:
        options = tuple(VOTE_FOR[t] for t in task.seats)
        if _is_lynch(task.arg):
            decision = Decision(task.seat, "lynch_result", (*options, NO_LYNCH), NO_LYNCH)
        else:
            decision = Decision(task.seat, "captain_result", options, options[0])
        found = remember(_RESULTS, key, (decision,))
    return found


def _result_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    if action.kind == "no_lynch":
        d.events.append(Event("no_lynch", EVERYONE, {"tied": []}))
        d.work.append(DUSK)
    elif _is_lynch(task.arg):
        _lynched(d, action.players[0])
    else:
        _elect(d, action.players[0], "vote")
    return True


# --- the Captain --------------------------------------------------------------------------------


def _elect(d: Draft, seat: int, how: str) -> None:
    d.captain = seat
    d.events.append(ELECTED[seat, how])


def _captain_draw(d: Draft, task: Task, value: JSON) -> None:
    d.step = "election"
    _elect(d, d.up[int(value)], "draw")


_PICKS: Final[dict[tuple[int, tuple[int, ...], int], tuple[Decision, ...]]] = {}


def _pick_pending(d: Draft, task: Task) -> tuple[Decision, ...]:
    key = (task.seat, task.seats, d.plan.n)
    found = _PICKS.get(key)
    if found is None:
        options = tuple(VOTE_FOR[t] for t in task.seats)
        default = VOTE_FOR[clockwise(task.seat, task.seats, d.plan.n)]
        found = remember(_PICKS, key, (Decision(task.seat, "captain_pick", options, default),))
    return found


def _pick_act(d: Draft, task: Task, seat: int, action: Action) -> bool:
    target = action.players[0]
    d.events.append(BY["captain_decides", target, seat])
    _lynched(d, target)
    return True


# --- the lynch and dusk -------------------------------------------------------------------------


def _lynched(d: Draft, seat: int) -> None:
    d.events.append(LYNCHED[seat])
    hunter = kill(d, [(seat, "lynched")])
    d.work += _AFTER_LYNCH
    if hunter is not None:
        d.work.append(hunter)


def _lynch_draw(d: Draft, task: Task, value: JSON) -> None:
    seat = task.seats[int(value)]
    data: dict[str, JSON] = {"seat": seat, "tied": list(task.seats)}
    d.events.append(Event("lynch_drawn", EVERYONE, data))
    _lynched(d, seat)


class _Dusk(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        d.events.append(numbered("dusk", d.number))
        d.work += d.plan.nights[1]  # the next night (never the first), reversed for the stack


# --- shared events and tasks ---------------------------------------------------------------------

DAWN_EVENT: Final[Memo[Event]] = Memo(
    lambda day, deaths: Event(
        "dawn", EVERYONE, {"day": day, "deaths": [seat for seat, _ in deaths]}
    )
)
VOTE_OPENS: Final[Memo[Event]] = Memo(
    lambda vote, seats: Event("vote_opens", EVERYONE, {"vote": vote, "candidates": list(seats)})
)
ELECTED: Final[Memo[Event]] = Memo(
    lambda seat, how: Event("captain_elected", EVERYONE, {"seat": seat, "how": how})
)
"""The day's events, shared between games (see
:class:`~loupgarou.variants.thiercelieux.state.Memo`): ``DAWN_EVENT[day, deaths]`` (the
night's deaths as the log keeps them: it tells the seats only),
``VOTE_OPENS[vote, candidates]``, ``ELECTED[seat, how]``."""

# What each kind of task does (see :class:`~loupgarou.variants.thiercelieux.state.Does`).


class _Ballot(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _ballot_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _ballot_act(d, task, seat, action)

    def vote(self, task: Task, seat: int, action: Action) -> tuple[int, Event] | None:
        shared = task.ballots
        if shared is None:
            return None  # the Lovers' common ballot may change the partner's decision
        target = action.players[0]
        row = shared.voted
        return target, row[seat * 64 + target] or voted(row, shared.vote, seat, target)


class _CaptainPick(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _pick_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _pick_act(d, task, seat, action)


class _Result(Decide):
    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        return _result_pending(d, task)

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        return _result_act(d, task, seat, action)


class _CaptainTiebreak(Draw):
    def request(self, d: Draft, task: Task) -> ChanceRequest:
        return TIEBREAK[len(task.seats)]

    def resolve(self, d: Draft, task: Task, value: JSON) -> None:
        _elect(d, task.seats[int(value)], "draw")


class _LynchDraw(Draw):
    def request(self, d: Draft, task: Task) -> ChanceRequest:
        return TIEBREAK[len(task.seats)]

    def resolve(self, d: Draft, task: Task, value: JSON) -> None:
        _lynch_draw(d, task, value)


class _CaptainDraw(Draw):
    def request(self, d: Draft, task: Task) -> ChanceRequest:
        return CAPTAIN_DRAWS[len(d.up)]

    def resolve(self, d: Draft, task: Task, value: JSON) -> None:
        _captain_draw(d, task, value)


class _Lynch(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        _open_vote(d, "lynch", d.up, "lynch")


class _Election(Auto):
    def auto(self, d: Draft, task: Task) -> None:
        _open_vote(d, "captain_election", d.up, "election")


BALLOT: Final = _Ballot()
CAPTAIN_PICK: Final = _CaptainPick()
RESULT: Final = _Result()
CAPTAIN_TIEBREAK: Final = _CaptainTiebreak()
LYNCH_DRAW: Final = _LynchDraw()

DAWN: Final = Task("dawn", _Dawn())
DAY, DUSK = Task("day", _Day()), Task("dusk", _Dusk())
LYNCH, ELECTION = Task("lynch", _Lynch()), Task("election", _Election())
CAPTAIN_DRAW: Final = Task("captain_draw", _CaptainDraw())
_AFTER_DAWN: Final = (DAY, CHAIN_END)
_AFTER_LYNCH: Final = (DUSK, CHAIN_END)
_FIRST_DAY: Final = {"random": (LYNCH, CAPTAIN_DRAW), "elected": (LYNCH, ELECTION)}
"""What follows the deaths of dawn (the win check, then the day), of a lynch (the win
check, then dusk), and the first day's opening with a Captain to choose: each
reversed, ready to go on the runner's stack."""
