"""A game in progress.

:class:`Match` is the only writer of a game.  It holds the family's immutable
state, resolves chance through an injected :class:`ChanceSource` (recording
every outcome), validates each decision against the rules' pending decisions
(the one source of legality) before anything changes, and appends every event
to the log.  The log of *inputs* (chance outcomes, actions, statements) is the
game's record: replaying it rebuilds the game exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest, ChanceSource, SeededChance
from loupgarou.core.errors import IllegalAction, SetupWarning
from loupgarou.core.events import JSON, Event
from loupgarou.core.names import check_names
from loupgarou.core.outcome import Outcome
from loupgarou.core.statements import Statement
from loupgarou.core.variant import GameConfig, Variant
from loupgarou.engine.views import SeatView


class Input:
    """One entry of the record: ``type`` is 'chance', 'action', 'timeout' or 'statement'.

    Immutable (``Final`` fields), compared and hashed by its fields, as the named tuple it
    was; a plain class because every input makes one, and the compiled build builds a
    named tuple through ``tuple.__new__`` called as Python's (about 900 instructions an
    input, where this class's constructor is a native call).
    """

    __slots__ = ("action", "label", "seat", "statement", "type", "value")

    type: Final[str]
    seat: Final[int]
    label: Final[str]
    value: Final[JSON]
    action: Final[Action | None]
    statement: Final[Statement | None]

    def __init__(  # noqa: PLR0917 - the entry's six fields, in order
        self,
        type: str,
        seat: int = -1,
        label: str = "",
        value: JSON = None,
        action: Action | None = None,
        statement: Statement | None = None,
    ) -> None:
        self.type = type
        self.seat = seat
        self.label = label
        self.value = value
        self.action = action
        self.statement = statement

    def _fields(self) -> tuple[object, ...]:
        return (self.type, self.seat, self.label, self.value, self.action, self.statement)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Input):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Input(type={self.type!r}, seat={self.seat!r}, label={self.label!r}, "
            f"value={self.value!r}, action={self.action!r}, statement={self.statement!r})"
        )

    def to_json(self) -> dict[str, JSON]:
        if self.type == "chance":
            value = self.value
            return {
                "type": "chance",
                "label": self.label,
                "value": list(value) if isinstance(value, tuple) else value,
            }
        if self.type == "statement":
            assert self.statement is not None
            return {"type": "statement", "seat": self.seat, "statement": self.statement.to_json()}
        assert self.action is not None
        return {"type": self.type, "seat": self.seat, "action": self.action.to_json()}


_new: Final = tuple.__new__  # builds a GameConfig without the named tuple's Python-level __new__
assert GameConfig._fields == ("family", "players", "deck", "options")


class Match:
    """One game of one family, from the deal to the verdict."""

    __slots__ = (
        "_act",
        "_apply_chance",
        "_chance_request",
        "_decisions",
        "_pending",
        "chance",
        "config",
        "events",
        "inputs",
        "state",
        "variant",
        "warnings",
    )

    def __init__(
        self,
        variant: Variant,
        config: GameConfig,
        chance: ChanceSource,
        *,
        resume: Match | None = None,
    ) -> None:
        """Set up and deal the game; with ``resume``, be a copy of that match instead
        (see :meth:`fork`)."""
        self.variant = variant
        # The family's functions the engine calls at every input or draw, looked up once
        # (through the protocol, each call looked the method up on the family's class
        # again: about 1,000 instructions an input in the compiled build).
        self._pending: Callable[[Any], tuple[Decision, ...]] = variant.decisions
        self._act: Callable[[Any, int, Action], tuple[Any, tuple[Event, ...]]] = variant.apply
        self._chance_request: Callable[[Any], ChanceRequest | None] = variant.chance_request
        self._apply_chance: Callable[[Any, JSON], tuple[Any, tuple[Event, ...]]] = (
            variant.apply_chance
        )
        self.config = config
        self.chance = chance
        self._decisions: tuple[Decision, ...] | None = None
        if resume is not None:
            self.state: Any = resume.state
            self.warnings: tuple[SetupWarning, ...] = resume.warnings
            self.events: list[Event] = list(resume.events)
            self.inputs: list[Input] = list(resume.inputs)
            return
        check_names(config.players)
        self.state, self.warnings = variant.setup(config)
        self.events = []
        self.inputs = []
        self._resolve_chance()

    def fork(self) -> Match:
        """A copy of this match that can be changed without touching it (to try inputs
        and keep them only if they all hold).  The state is immutable, so the copy shares
        it and has its own event and input lists; it shares the chance source too."""
        return Match(self.variant, self.config, self.chance, resume=self)

    # --- what is pending -----------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.config.players

    def pending(self) -> tuple[Decision, ...]:
        """Every decision the table is waiting for (at most one per seat)."""
        decisions = self._decisions
        if decisions is None:
            decisions = self._decisions = self._pending(self.state)
        return decisions

    def decision_for(self, seat: int) -> Decision | None:
        for d in self.pending():
            if d.seat == seat:
                return d
        return None

    def legal(self, seat: int) -> tuple[Action, ...]:
        d = self.decision_for(seat)
        return d.options if d is not None else ()

    @property
    def outcome(self) -> Outcome | None:
        return self.variant.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.variant.outcome(self.state) is not None

    # --- changing the game ---------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply ``seat``'s ``action``; raise :class:`IllegalAction` and change nothing if it is not legal."""
        decisions = self._decisions
        if decisions is None:
            decisions = self._decisions = self._pending(self.state)
        for decision in decisions:
            if decision.seat == seat:
                break
        else:
            decision = self._checked_decision(seat)
        # An answer is usually one of the decision's own option objects: found by identity,
        # no set is built.  Else ``allows`` builds the options' set once per decision.  (A
        # set kept with every decision was a seventh of an 18-player Thiercelieux game:
        # the rules' memos hold thousands, and the garbage collector walked them all.)
        for option in decision.options:
            if option is action:
                break
        else:
            if not decision.allows(action):
                raise not_allowed(self.config.players, decision, action)
        state, events = self._act(self.state, seat, action)
        entry = Input("action", seat, "", None, action)
        if self._chance_request(state) is not None:
            return self._commit(entry, state, events)
        # ``_commit`` without chance, inlined: most inputs draw nothing, and this is the
        # engine's hottest path (one Python-level call fewer per input).
        self.inputs.append(entry)
        self.state = state
        if len(events) == 1:  # most inputs: append is native, extend a generic call
            self.events.append(events[0])
        else:
            self.events.extend(events)
        self._decisions = None
        return events

    def timeout(self, seat: int) -> tuple[Event, ...]:
        """The seat did not answer in time: apply its decision's default."""
        decision = self._checked_decision(seat)
        return self._apply(Input("timeout", seat, "", None, decision.default))

    def say(self, seat: int, statement: Statement) -> tuple[Event, ...]:
        """A public statement; it changes nothing in how the game resolves."""
        self._check_seat(seat)
        if not statement.text and statement.claim is None:
            raise IllegalAction("action.empty_statement", "a statement needs a text or a claim")
        if not self.variant.may_speak(self.state, seat):
            raise cannot_speak(self.config.players, seat, self.variant.public(self.state))
        self.state, events = self.variant.speak(self.state, seat, statement)
        self.inputs.append(Input("statement", seat, "", None, None, statement))
        self.events.extend(events)
        return events

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.config.players):
            raise IllegalAction(
                "action.no_such_seat",
                f"there is no seat {seat}; seats are 0 to {len(self.config.players) - 1}",
            )

    def _checked_decision(self, seat: int) -> Decision:
        decision = self.decision_for(seat)
        if decision is None:
            self._check_seat(seat)
            if self.over:
                raise IllegalAction("action.game_over", "the game is over")
            raise not_your_turn(self.config.players, seat, self.pending())
        return decision

    def _apply(self, entry: Input) -> tuple[Event, ...]:
        """Apply an input and any chance it triggers; on error, nothing has changed."""
        assert entry.action is not None
        state, events = self._act(self.state, entry.seat, entry.action)
        return self._commit(entry, state, events)

    def _commit(self, entry: Input, state: Any, events: tuple[Event, ...]) -> tuple[Event, ...]:
        """Draw any chance that ``state`` asks for, then make it the match's state."""
        if self._chance_request(state) is None:
            self.inputs.append(entry)
        else:
            state, drawn, more = self._draw(state)  # may raise: nothing has changed yet
            events = (*events, *more)
            self.inputs.append(entry)
            self.inputs.extend(drawn)
        self.state = state
        self.events.extend(events)
        self._decisions = None
        return events

    def _resolve_chance(self) -> None:
        self.state, inputs, events = self._draw(self.state)
        self.inputs.extend(inputs)
        self.events.extend(events)
        self._decisions = None

    def _draw(self, state: Any) -> tuple[Any, list[Input], tuple[Event, ...]]:
        """Resolve every pending chance request from ``state``, without touching the match."""
        chance_request, apply_chance = self._chance_request, self._apply_chance
        inputs: list[Input] = []
        events: list[Event] = []
        request = chance_request(state)
        while request is not None:
            value = request.check(self.chance.draw(request))
            state, more = apply_chance(state, value)
            inputs.append(Input("chance", -1, request.label, value))
            events.extend(more)
            request = chance_request(state)
        return state, inputs, tuple(events)

    # --- what a seat may see -------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now, built from an allow-list."""
        self._check_seat(seat)
        return SeatView(
            seat=seat,
            players=self.config.players,
            family=self.variant.name,
            public=self.variant.public(self.state),
            events=tuple(e for e in self.events if e.audience.includes(seat)),
            decision=self.decision_for(seat),
            outcome=self.outcome,
        )


# --- refusals that say what to do ------------------------------------------------------------


def seat_label(players: Sequence[str], seat: int) -> str:
    """A seat as refusals name it for people: the player's name (a number that is no seat
    of the table, which only a program can send, is shown as it came: ``seat 7``)."""
    if 0 <= seat < len(players):
        return players[seat]
    return f"seat {seat}"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def action_words(players: Sequence[str], action: Action) -> str:
    """An action as refusals show it to people: its verb, then its targets, players by
    name and centre cards as ``c1`` to ``c3`` (``swap Ann and Cid``, ``look centre c1 and
    c3``).  :meth:`Action.describe` is the data form, indices from 0."""
    parts = [action.kind]
    if action.players:
        parts.append(_and([seat_label(players, p) for p in action.players]))
    if action.centre:
        parts.append("centre " + _and([f"c{c + 1}" for c in action.centre]))
    return " ".join(parts)


def _verbs(decision: Decision) -> str:
    kinds: list[str] = []
    for option in decision.options:
        if option.kind not in kinds:
            kinds.append(option.kind)
    verbs = " or ".join(kinds)
    return verbs if decision.optional else f"{verbs}, mandatory"


_WAITING_SHOWN: Final = 6
"""How many of the seats the table waits for a refusal names (then 'and N more')."""


def waiting_for(players: Sequence[str], pending: Sequence[Decision]) -> str:
    """Who the table waits for now and what each may do, in words."""
    if not pending:
        return "nobody has anything to decide now"
    parts = [
        f"{seat_label(players, d.seat)} ({d.kind}: {_verbs(d)})" for d in pending[:_WAITING_SHOWN]
    ]
    more = len(pending) - _WAITING_SHOWN
    return "the table waits for " + ", ".join(parts) + (f" and {more} more" if more > 0 else "")


def not_your_turn(players: Sequence[str], seat: int, pending: Sequence[Decision]) -> IllegalAction:
    """The refusal of an input from a seat with nothing to decide: who is expected instead."""
    return IllegalAction(
        "action.not_your_turn",
        f"{seat_label(players, seat)} has nothing to decide now; {waiting_for(players, pending)}",
        {"seat": seat, "waiting": sorted({d.seat for d in pending})},
    )


def cannot_speak(players: Sequence[str], seat: int, public: Mapping[str, JSON]) -> IllegalAction:
    """The refusal of a statement, with why, read from what every seat sees: the dead are
    silent, the night too, and some moments of a day (a secret vote, another's defence)."""
    who = seat_label(players, seat)
    alive = public.get("alive")
    if isinstance(alive, list) and seat not in alive:
        why, text = "dead", f"{who} is dead, and the dead do not speak"
    elif public.get("phase") == "over":
        why, text = "over", "the game is over"
    elif public.get("phase") == "day":
        why, text = "moment", f"{who} may not speak at this moment of the day"
    else:
        why, text = "night", f"{who} may not speak before the day; statements wait for it"
    return IllegalAction("action.cannot_speak", text, {"seat": seat, "why": why})


def not_allowed(players: Sequence[str], decision: Decision, action: Action) -> IllegalAction:
    """The refusal of an action that is not among ``decision``'s options: a pass on a
    mandatory decision says so; otherwise the legal options are listed."""
    options = decision.options
    legal = "; ".join(action_words(players, a) for a in options[:12]) + (
        " ..." if len(options) > 12 else ""
    )
    who = seat_label(players, decision.seat)
    if action.kind == "pass" and not decision.optional:
        return IllegalAction(
            "action.illegal",
            f"{who} may not pass: the decision '{decision.kind}' is mandatory; choose one of: "
            + legal,
            {"seat": decision.seat, "decision": decision.kind, "mandatory": True},
        )
    return IllegalAction(
        "action.illegal",
        f"{who} cannot '{action_words(players, action)}' now; legal: {legal}",
        {"seat": decision.seat, "decision": decision.kind},
    )


def new_match(
    family: Variant,
    players: Sequence[str],
    deck: Sequence[str],
    *,
    options: Mapping[str, JSON] | None = None,
    seed: int | str | None = None,
    chance: ChanceSource | None = None,
) -> Match:
    """Set up and deal a game.  Give ``chance`` to fix outcomes, else ``seed``."""
    # ``tuple.__new__``: the same GameConfig without the named tuple's Python-level __new__.
    config = _new(GameConfig, (family.name, tuple(players), tuple(deck), dict(options or {})))
    return Match(family, config, chance if chance is not None else SeededChance(seed))
