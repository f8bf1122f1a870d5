"""A game played on phones: the engine's match, paced for a table of devices.

Contract: :class:`PhoneGame` is a pure state machine.  Every input carries the time it
happened (``now``, seconds of the server's clock); nothing here reads a clock, draws at
random outside its seeded generators, or does I/O.  So a game is a function of its
settings, its seed and its inputs: replaying the same inputs rebuilds it exactly (the
server's crash recovery rests on this).

What it adds to the engine, and nothing more:

- **The night in calls.**  The engine says each night call it enters with a public
  ``night_step`` event, whether anyone holds the card or not, and moves on at once past
  a call with nobody to act.  Here every call is *shown* to every seat, one after the
  other, each until its deadline or until every living seat has answered.  The seat
  the call is for gets its real decision; every other living seat a decoy of the same
  shape.  What a seat sees during a call is cut at that call: an event the engine
  produced for a later call (the Insomniac's look, say) waits for its call, and the
  public ``step`` is the call shown, never the engine's.
- **The day's clocks.**  Before the first vote of each day the table discusses
  (``discussion`` seconds, or until every living player is ready); each decision then
  has ``vote`` seconds.  At a deadline the engine's default answers for whoever has not.
- **Bots** in the seats the room gives them, each with its own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from loupgarou.bots.protocol import Bot
from loupgarou.bots.registry import factory
from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.errors import IllegalAction, LoupGarouError
from loupgarou.core.events import JSON, Event, plain
from loupgarou.core.statements import Statement
from loupgarou.engine.match import Match, new_match
from loupgarou.engine.views import SeatView
from loupgarou.session.encode import Raw, raw
from loupgarou.session.settings import Settings, spec
from loupgarou.variants.registry import find_family

VOTES: Final = frozenset({"vote", "captain_election", "lynch", "stage1"})
"""Decisions that wait for the day's discussion to end (the first of each day does)."""
BALLOTS: Final = VOTES | {"captain_revote", "lynch_revote", "stage2"}
"""Day decisions shown as a vote (stage ``vote``); Lupus in Tabula's suspects' defence
has a ``defence`` stage, and the others (a Hunter's shot, the Captain's successor) a
``decide`` stage."""
DECOY: Final = "decoy"


class GameError(LoupGarouError):
    """An input the game refuses; it changed nothing."""


@dataclass(frozen=True, slots=True)
class BotRequest:
    """A bot's turn to think: ``kind`` "act" (``decision`` is its task's, ``key`` the task
    id) or "say" (the discussion opened; ``key`` names it)."""

    seat: int
    kind: str
    key: str
    view: SeatView
    decision: Decision | None

    def default_input(self) -> dict[str, JSON]:
        """The room's input that answers this request without thought (the bot failed):
        nothing said, or the decision's default."""
        if self.decision is None:  # kind "say"
            return {"t": "botsay", "seat": self.seat, "statement": None}
        action = self.decision.default.to_json()
        return {"t": "bot", "seat": self.seat, "task": self.key, "action": action}


@dataclass(frozen=True, slots=True)
class Task:
    """What one seat is asked now: its real decision, or a decoy of the same shape."""

    id: str
    decision: Decision
    decoy: bool

    def to_json(self) -> dict[str, JSON]:
        d = self.decision
        return {
            "id": self.id,
            "kind": DECOY if self.decoy else d.kind,
            "decoy": self.decoy,
            "optional": d.optional,
            "default": d.default.to_json(),
            "options": [a.to_json() for a in d.options],
        }


def decoy_decision(seat: int, players: int) -> Decision:
    """A decoy: point at any other player, or pass; nothing happens."""
    options = tuple(Action(DECOY, (p,)) for p in range(players) if p != seat)
    return Decision(seat, DECOY, (*options, PASS), PASS, optional=True)


class PhoneGame:
    """One game of a room in the cards-on-phones mode (see the module docstring)."""

    def __init__(
        self,
        settings: Settings,
        names: Sequence[str],
        bots: Mapping[int, str],
        seed: int,
        now: float,
    ) -> None:
        table = spec(settings)
        self.settings = settings
        self.variant = find_family(settings.family)
        self.n = len(names)
        self.match: Match = new_match(
            self.variant, names, table.deck, options=dict(table.options), seed=seed
        )
        self.bots: dict[int, Bot] = {}
        for seat, level in sorted(bots.items()):
            make = factory(self.variant.name, level)
            self.bots[seat] = make(seat, random.Random(f"{seed}/{seat}"))
        self.serial = 0
        self.tasks: dict[int, Task] = {}
        self.done: set[int] = set()
        self.ready: set[int] = set()
        self.stage = "call"
        self.deadline: float | None = None
        self.paused_at: float | None = None
        # The night: where each night_step event is in the log, and which call is shown.
        self.night_start = 0  # index in match.events where this night's events begin
        self.steps: list[tuple[int, str]] = []  # (event index, step) of this night's calls
        self.calls_of = 0  # how many calls this night has (the engine says them one by one)
        self._scanned = (-1, 0)  # (the night, how many events) :meth:`_scan_steps` has read
        self.call = 0
        self.discussed = False  # this day's discussion has happened
        self.speakers: set[int] = set()  # bots yet to speak in this discussion or defence
        self.day_number = 0
        self.night_public: dict[str, JSON] = {}
        self._event_text: list[str] = []  # each event's JSON, encoded once
        # (seat, everything) -> (the cut it was made at, the events' JSON array)
        self._events_text: dict[tuple[int | None, bool], tuple[int, Raw]] = {}
        self._public_text: tuple[object, Raw] | None = None  # (key, the public fields' JSON)
        self._begin_night(now)
        self._settle(now)

    # --- reading the engine ------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return str(self.variant.public(self.match.state).get("phase", "night"))

    def _scan_steps(self) -> None:
        """Read the night's calls from the events since the night began."""
        events = self.match.events
        start, scanned = self._scanned
        if start != self.night_start:  # a new night: read it from its beginning
            self.steps = []
            scanned = self.night_start
        self.steps.extend(
            (i, str(e.data.get("step")))
            for i in range(scanned, len(events))
            if (e := events[i]).kind == "night_step" and e.audience.everyone
        )
        self._scanned = (self.night_start, len(events))  # the log only grows

    def night_mark(self) -> tuple[object, ...] | None:
        """What every seat's night state hangs on (the call shown, its deadline), or None
        outside the night's calls."""
        if self.stage != "call" or self.paused_at is not None:
            return None
        return (self.night_start, self.call, self.deadline)

    def cut(self) -> int:
        """How many of the match's events a seat may see now (see :meth:`_cut`)."""
        return self._cut()

    def _cut(self) -> int:
        """The events a seat may see now: all of them, but during a call only those up to
        the next call's ``night_step`` (the engine may have gone past it since the call
        began, so the calls are read again), and during the night's last call only those
        before the dawn (:meth:`_dawn`)."""
        if self.stage != "call":
            return len(self.match.events)
        self._scan_steps()
        if self.call + 1 < len(self.steps):
            return self.steps[self.call + 1][0]
        return self._dawn()

    def _dawn(self) -> int:
        """Where the night ends in the log, once the engine has played its last call: at the
        first public event after that call's ``night_step`` (the dawn: ``dawn``, One Night's
        ``day_begins``, the starved pack; a call's own events go to its seats only), or the
        log's end while the engine still waits at the call.  Shown before the call's clock
        ran out, the dawn told the table when the last call's holder had answered: at once
        for a bot or a dead holder, later for a person thinking (a timing leak)."""
        events = self.match.events
        start = self.steps[self.call][0] + 1 if self.steps else self.night_start
        for i in range(start, len(events)):
            if events[i].audience.everyone:
                return i
        return len(events)

    def _engine_at_call(self) -> bool:
        """Whether the engine waits at the call shown (its real decisions are due now)."""
        self._scan_steps()
        return self.phase == "night" and self.call == len(self.steps) - 1

    def _alive(self) -> set[int]:
        source = (
            self.night_public if self.stage == "call" else self.variant.public(self.match.state)
        )
        alive = source.get("alive")
        if isinstance(alive, list) and alive:
            return {int(s) for s in alive}
        return set(range(self.n))

    def _next_id(self) -> str:
        self.serial += 1
        return f"t{self.serial}"

    # --- the stages -------------------------------------------------------------------------

    def _enter_call(self, now: float) -> None:
        self.stage = "call"
        self.done = set()
        self.tasks = {}
        self.deadline = now + self._call_seconds()
        self._give_night_tasks()

    def _call_seconds(self) -> float:
        """The clock of the call shown: the pack's own for the call where it agrees on a
        victim (it wakes, finds its partners and votes), the call clock for every other.
        Public: which call this is follows from the deck and the night's number."""
        timers = self.settings.timers
        victim = self.variant.victim_call
        if (
            victim is not None
            and self.call < len(self.steps)
            and self.steps[self.call][1] == victim
        ):
            return timers.pack
        return timers.call

    def _begin_night(self, now: float) -> None:
        """A night begins: what the table knows now is what it sees until dawn is shown."""
        self.night_start = self._night_start()
        self.call = 0
        self.stage = "call"
        self.night_public = dict(self.variant.public(self.match.state))
        self.night_public["phase"] = "night"
        self.calls_of = len(self.variant.night_calls(self.match.state))
        self._scan_steps()
        self._enter_call(now)

    def _give_night_tasks(self) -> None:
        """Every living seat without an answered task gets one: its real decision when the
        engine waits for it at this call, a decoy otherwise."""
        at_call = self._engine_at_call()
        seats = self._alive()
        if at_call:
            seats |= {d.seat for d in self.match.pending()}
        for seat in sorted(seats):
            decision = self.match.decision_for(seat) if at_call else None
            task = self.tasks.get(seat)
            if decision is not None:
                if task is None or task.decoy or task.decision != decision:
                    self.tasks[seat] = Task(self._next_id(), decision, False)
                    self.done.discard(seat)
            elif task is None and seat not in self.done:
                self.tasks[seat] = Task(self._next_id(), decoy_decision(seat, self.n), True)
            elif task is not None and not task.decoy:
                del self.tasks[seat]  # answered: nothing more to do at this call
                self.done.add(seat)

    def _day_stage(self, pending: Sequence[Decision]) -> str:
        """The day stage ``pending`` calls for: the discussion before the day's first
        vote, then a vote, or another decision."""
        if not self.discussed and any(d.kind in VOTES for d in pending):
            return "discussion"
        if any(d.kind in BALLOTS for d in pending):
            return "vote"
        return "defence" if all(d.kind == "defence" for d in pending) else "decide"

    def _enter_day_stage(self, now: float) -> None:
        """By day: discuss before the day's first vote, then give every pending decision."""
        self.tasks = {}
        self.stage = self._day_stage(self.match.pending())
        if self.stage == "discussion":
            self.discussed = True
            self.ready = set()
            self.done = set()
            self.deadline = now + self.settings.timers.discussion
            self._bots_speak()
            return
        self.done = set()
        self.deadline = now + self.settings.timers.vote
        self._give_day_tasks()
        # Lupus in Tabula's suspects may speak in their defence, bots as people do
        self.speakers = set(self.tasks) & self.bots.keys() if self.stage == "defence" else set()

    def _give_day_tasks(self) -> None:
        for d in self.match.pending():
            task = self.tasks.get(d.seat)
            if task is None or task.decision != d:
                self.tasks[d.seat] = Task(self._next_id(), d, False)
        for seat in list(self.tasks):
            if self.match.decision_for(seat) is None:
                del self.tasks[seat]
                self.done.add(seat)

    # --- inputs -----------------------------------------------------------------------------

    def act(self, seat: int, task_id: str, action: Action, now: float) -> None:
        """``seat`` answers its task; :class:`GameError` (nothing changed) if it may not."""
        self._check_running()
        task = self.tasks.get(seat)
        if task is None:
            raise GameError("task.none", "you have nothing to decide right now")
        if task.id != task_id:
            raise GameError("task.stale", "that question has passed; answer the current one")
        if not task.decision.allows(action):
            raise GameError(
                "action.illegal", "that choice is not one of the options you were given"
            )
        self._answer(seat, task, action)
        self._settle(now)

    def _answer(self, seat: int, task: Task, action: Action) -> None:
        del self.tasks[seat]
        self.speakers.discard(seat)
        if not task.decoy:
            self.match.submit(seat, action)
        self.done.add(seat)

    def say(self, seat: int, statement: Statement, now: float) -> None:
        self._check_running()
        if self.phase != "day":
            raise GameError("say.not_now", "statements are made by day")
        try:
            self.match.say(seat, statement)
        except IllegalAction as exc:
            raise GameError(exc.code, exc.message) from None

    def set_ready(self, seat: int, now: float) -> None:
        self._check_running()
        if self.stage != "discussion":
            raise GameError("ready.not_now", "there is no discussion to end right now")
        self.ready.add(seat)
        self._settle(now)

    def tick(self, now: float) -> None:
        """Time passes: whatever is due by ``now`` happens."""
        if self.paused_at is None:
            self._settle(now)

    def pause(self, now: float) -> None:
        self._check_running()
        self.paused_at = now

    def resume(self, now: float) -> None:
        if self.paused_at is None:
            raise GameError("room.not_paused", "the game is not paused")
        if self.deadline is not None:
            self.deadline += now - self.paused_at
        self.paused_at = None
        self._settle(now)

    def _check_running(self) -> None:
        if self.match.over:
            raise GameError("action.game_over", "the game is over")
        if self.paused_at is not None:
            raise GameError("room.paused", "the game is paused; the host can resume it")

    # --- moving on --------------------------------------------------------------------------

    def _settle(self, now: float) -> None:
        """Let bots answer and deadlines fall until the game waits for a person or a clock."""
        for _ in range(100_000):  # a bound, never reached: each turn answers or moves on
            if self.match.over:
                self.stage = "over"
                self.tasks = {}
                self.deadline = None
                return
            if self._bots_act():
                continue
            if self._finished_stage(now):
                self._next_stage(now)
                continue
            return
        raise AssertionError("the game does not settle")

    def _bots_act(self) -> bool:
        """Bots tap their decoys at once (there is nothing to think about); their real
        decisions and their words come as inputs (:meth:`bot_requests`)."""
        for seat in sorted(self.tasks):
            task = self.tasks[seat]
            if seat in self.bots and task.decoy:
                self._answer(seat, task, PASS)
                self._give_night_tasks()
                return True
        return False

    # --- bots ---------------------------------------------------------------------------------

    def bot_requests(self) -> list[BotRequest]:
        """What the bots must think about now: a real decision, or what to say when the
        discussion opens.  The server has them think away from its loop, and their answers
        come back as inputs (:meth:`bot_act`, :meth:`bot_say`), so replaying a game never
        asks a bot again."""
        if self.match.over or self.paused_at is not None:
            return []
        out: list[BotRequest] = []
        talk = "say" if self.stage == "discussion" else self.stage
        for seat in sorted(self.speakers):
            out.append(
                BotRequest(seat, "say", f"{talk}{self.day_number}", self._seat_view(seat), None)
            )
        for seat, task in sorted(self.tasks.items()):
            # a suspect bot speaks in its defence before it ends it
            if seat in self.bots and not task.decoy and seat not in self.speakers:
                view = self._seat_view(seat)
                out.append(BotRequest(seat, "act", task.id, view, task.decision))
        return out

    def bot_input(self, request: BotRequest) -> dict[str, JSON]:
        """The room's input that answers ``request`` with its bot's own thought.  It reads
        only the request (its view and decision) and the bot, so the server runs it away
        from its loop: a bot may think for seconds."""
        bot = self.bots[request.seat]
        if request.decision is None:  # kind "say"
            statement = bot.speak(request.view)
            said = None if statement is None else statement.to_json()
            return {"t": "botsay", "seat": request.seat, "statement": said}
        action = bot.decide(request.view, request.decision).to_json()
        return {"t": "bot", "seat": request.seat, "task": request.key, "action": action}

    def bot_act(self, seat: int, task_id: str, action: Action, now: float) -> None:
        if seat not in self.bots:
            raise GameError("task.none", "that seat is not a bot's")
        task = self.tasks.get(seat)
        if task is None or task.id != task_id:
            raise GameError("task.stale", "that question has passed")
        if not task.decision.allows(action):
            action = task.decision.default
        self._answer(seat, task, action)
        self._settle(now)

    def bot_say(self, seat: int, statement: Statement | None, now: float) -> None:
        if seat not in self.speakers:
            raise GameError("task.stale", "that bot has had its say")
        self.speakers.discard(seat)
        self.ready.add(seat)
        if statement is not None and statement.claim is not None and self.settings.lang != "en":
            # our bots' own words are English: in another language, their claim speaks alone
            # (the pages and the verdict tell it in the room's language)
            statement = Statement("", statement.claim)
        if (
            statement is not None
            and (statement.text or statement.claim is not None)
            and self.variant.may_speak(self.match.state, seat)
        ):
            self.match.say(seat, statement)
        self._settle(now)

    def _finished_stage(self, now: float) -> bool:
        late = self.deadline is not None and now >= self.deadline
        if self.stage == "call":
            if late:
                self._time_out_call()
                return True
            self._give_night_tasks()
            return not self.tasks
        if self.phase != "day":
            # the day's last answer took the engine into the night (or to the end): the
            # night's decisions are shown as its calls, never as day tasks
            self.tasks = {}
            return True
        if self.stage == "discussion":
            alive = self._alive()
            if late or alive <= self.ready:
                self.speakers = set()
                return True
            return False
        if late:
            for d in self.match.pending():
                self.match.timeout(d.seat)
                self.done.add(d.seat)
            self.tasks = {}
            self.speakers = set()
            return True
        pending = self.match.pending()
        if pending and self._day_stage(pending) != self.stage:
            # another kind of decision is due (a dead Hunter's shot at dawn, then the
            # day's votes): it gets its own stage, its own clock, and the day's discussion
            self.tasks = {}
            return True
        self._give_day_tasks()
        return not self.tasks

    def _time_out_call(self) -> None:
        """The call's time is up: the engine's defaults for this call's open decisions."""
        self.tasks = {}
        while self._engine_at_call() and not self.match.over:
            pending = self.match.pending()
            if not pending:
                break
            for d in pending:
                self.match.timeout(d.seat)
            self._scan_steps()

    def _next_stage(self, now: float) -> None:
        if self.stage == "call":
            self._scan_steps()
            if self.call + 1 < len(self.steps):
                self.call += 1
                self._enter_call(now)
                return
            if self.phase == "night":  # the engine still waits at the last call shown
                self._enter_call(now)
                return
            self.discussed = False
            self.day_number += 1
            self._enter_day_stage(now)
            return
        if self.phase == "night":
            self._begin_night(now)
            return
        self._enter_day_stage(now)

    def _night_start(self) -> int:
        events = self.match.events
        for i in range(len(events) - 1, -1, -1):
            if events[i].kind == "night_begins":
                return i
        return 0

    def _bots_speak(self) -> None:
        """The discussion opens: every living bot will say something (or nothing), then be
        ready to vote."""
        alive = self._alive()
        self.speakers = {s for s in self.bots if s in alive}

    # --- what a seat sees -------------------------------------------------------------------

    def _public(self) -> dict[str, JSON]:
        """The public fields: during the calls, those of the night's start with the call
        shown as its step (the engine may have run ahead to dawn already)."""
        if self.stage != "call":
            return dict(self.variant.public(self.match.state))
        public = dict(self.night_public)
        if self.steps:
            public["step"] = self.steps[min(self.call, len(self.steps) - 1)][1]
        return public

    def _events_json(self, seat: int | None, everything: bool) -> Raw:
        """:meth:`_events_for` as a JSON array, from each event's text encoded once."""
        texts = self._event_text
        events = self.match.events
        for i in range(len(texts), len(events)):
            texts.append(raw(events[i].to_json()))
        cut = self._cut()
        key = (seat, everything)
        known = self._events_text.get(key)
        if known is not None and known[0] == cut:  # the log only grows: same cut, same list
            return known[1]
        if everything:
            chosen = texts[:cut]
        elif seat is None:
            chosen = [texts[i] for i in range(cut) if events[i].audience.everyone]
        else:
            chosen = [texts[i] for i in range(cut) if events[i].audience.includes(seat)]
        text = Raw("[" + ",".join(chosen) + "]")
        self._events_text[key] = (cut, text)
        return text

    def _public_json(self) -> Raw:
        key: tuple[object, ...]
        if self.stage == "call":  # the night's start, the call shown: not what ran since
            self._scan_steps()
            key = ("call", self.night_start, self.call, min(self.call, len(self.steps) - 1))
        else:
            key = (self.stage, len(self.match.events))
        cached = self._public_text
        if cached is None or cached[0] != key:
            cached = self._public_text = (key, raw(plain(self._public())))
        return cached[1]

    def _events_for(self, seat: int | None, everything: bool) -> tuple[Event, ...]:
        cut = self._cut()
        events = self.match.events[:cut]
        if everything:
            return tuple(events)
        if seat is None:
            return tuple(e for e in events if e.audience.everyone)
        return tuple(e for e in events if e.audience.includes(seat))

    def _seat_view(self, seat: int) -> SeatView:
        """What a bot in ``seat`` sees: the same as a phone."""
        task = self.tasks.get(seat)
        return SeatView(
            seat=seat,
            players=self.match.players,
            family=self.variant.name,
            public=self._public(),
            events=self._events_for(seat, False),
            decision=None if task is None or task.decoy else task.decision,
            outcome=self.match.outcome,
        )

    def view_json(self, seat: int | None, *, everything: bool = False) -> dict[str, JSON]:
        """The ``game`` part of a device's state (docs/protocol.md): ``seat`` None for a
        spectator; ``everything`` for the dead and spectators when the table allows it,
        and for everyone once the game is over."""
        over = self.match.over
        task = self.tasks.get(seat) if seat is not None else None
        night = self.stage == "call"
        public = self.night_public if night else self.variant.public(self.match.state)
        number = public.get("night", public.get("day", 1))
        return {
            "phase": "over" if over else ("night" if night else "day"),
            "stage": self.stage,
            "night": number,
            "call": (
                {
                    "index": self.call,
                    "of": max(self.calls_of, len(self.steps)),
                    "step": self.steps[self.call][1] if self.call < len(self.steps) else None,
                }
                if night and self.steps
                else None
            ),
            "deadline": self.deadline,
            "paused": self.paused_at is not None,
            "task": task.to_json() if task is not None else None,
            "done": [] if night else sorted(self.done),
            "ready": sorted(self.ready) if self.stage == "discussion" else [],
            # by day everyone sees who is deciding (a dead Hunter's shot, a successor named)
            # or defending themself
            "waiting": sorted(self.tasks) if self.stage in ("decide", "defence") else [],
            "view": {
                "seat": seat,
                "players": list(self.match.players),
                "family": self.variant.name,
                "public": self._public_json(),
                "events": self._events_json(seat, everything or over),
                "outcome": None if self.match.outcome is None else self.match.outcome.to_json(),
            },
        }

    def seats_with_tasks(self) -> Iterable[int]:
        return self.tasks.keys()
