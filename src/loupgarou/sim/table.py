"""A table of bots: plays one game through the engine's public API.

:func:`play` is the game master's loop.  It asks the pending decisions in the
order the rules list them, each of the seat's bot, with that seat's view; it
gives every seat that may speak a turn to talk after the family's talk
moments (One Night: dawn; Thiercelieux: each vote that opens), in seat order
from a starting seat drawn by the table's own generator; and it refuses any
answer that is not among the decision's options (:class:`BotError`).  A bot
that gives no usable answer (:class:`NoAnswer`, an external agent out of time)
gets the decision's timeout default, as a person would (when it should speak, it says
nothing); :attr:`TableLog.faults` keeps which seat, which decision and why.

Views are built incrementally: each seat's events are appended as they happen,
by audience, which gives exactly ``match.view(seat)`` (``check=True`` asserts
it at every call, for tests) without filtering the whole log at each call.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from loupgarou.bots.protocol import Bot, BotError, NoAnswer, check_choice
from loupgarou.bots.registry import FamilyBots, family_bots
from loupgarou.core.actions import Action, Decision
from loupgarou.core.draws import below
from loupgarou.core.events import Event
from loupgarou.engine.match import Match
from loupgarou.engine.views import SeatView

MAX_INPUTS: Final = 20_000
"""A game that has not ended after this many inputs is a bug (a safety net)."""


@dataclass(slots=True)
class TableLog:
    """What happened at the table besides the record: talk rounds and timeouts."""

    talks: int = 0
    statements: int = 0
    timeouts: int = 0
    no_answers: tuple[tuple[int, str], ...] = ()
    faults: tuple[tuple[int, str, str, str], ...] = ()
    """Each answer a bot could not give: (seat, the decision's kind or ``speak``, the
    code, the message); the seat got the decision's default (or said nothing)."""


class Table:
    """Drives one match with one bot per seat."""

    def __init__(
        self,
        match: Match,
        bots: Sequence[Bot],
        *,
        rng: random.Random | None = None,
        check: bool = False,
        entry: FamilyBots | None = None,
    ) -> None:
        n = len(match.players)
        if len(bots) != n:
            raise BotError("bots.seat_count", f"{n} seats need {n} bots, got {len(bots)}")
        self.match = match
        self.bots = list(bots)
        self.rng = rng or random.Random(0)
        self.check = check
        self.entry = entry or family_bots(match.variant.name)
        self.seen: list[list[Event]] = [[] for _ in range(n)]
        self.pos = 0
        self.talk_due = False
        self.log = TableLog()

    # --- views ---------------------------------------------------------------------------

    def sync(self) -> None:
        events = self.match.events
        seen = self.seen
        talk = self.entry.talk_after
        for i in range(self.pos, len(events)):
            e = events[i]
            aud = e.audience
            if aud.everyone:
                for lst in seen:
                    lst.append(e)
                if e.kind in talk:
                    self.talk_due = True
            else:
                for s in aud.seats:
                    seen[s].append(e)
        self.pos = len(events)

    def view(self, seat: int, decision: Decision | None) -> SeatView:
        m = self.match
        v = SeatView(
            seat=seat,
            players=m.config.players,
            family=m.variant.name,
            public=m.variant.public(m.state),
            events=tuple(self.seen[seat]),
            decision=decision,
            outcome=m.variant.outcome(m.state),
        )
        if self.check:
            expected = m.view(seat)
            assert v == expected, f"seat {seat}'s view differs from match.view"
        return v

    # --- the game ------------------------------------------------------------------------

    def talk(self) -> None:
        m = self.match
        n = len(self.bots)
        start = below(self.rng, n)
        self.log.talks += 1
        for k in range(n):
            seat = (start + k) % n
            if not m.variant.may_speak(m.state, seat):
                continue
            try:
                statement = self.bots[seat].speak(self.view(seat, m.decision_for(seat)))
            except NoAnswer as why:
                self.log.faults += ((seat, "speak", why.code, why.message),)
                continue
            if statement is not None:
                m.say(seat, statement)
                self.log.statements += 1
                self.sync()

    def play(self) -> Match:
        """Play until the game is over; return the match."""
        m = self.match
        self.sync()
        while True:
            pending = m.pending()
            if not pending:
                break
            if len(m.inputs) > MAX_INPUTS:  # pragma: no cover - a safety net
                raise BotError("bots.endless", f"no end after {MAX_INPUTS} inputs")
            if self.talk_due:
                self.talk_due = False
                self.talk()
                continue
            d = pending[0]
            seat = d.seat
            try:
                action = self.bots[seat].decide(self.view(seat, d), d)
            except NoAnswer as why:
                self.log.timeouts += 1
                self.log.no_answers += ((seat, why.code),)
                self.log.faults += ((seat, d.kind, why.code, why.message),)
                m.timeout(seat)
            else:
                # An option goes straight in (the same test as ``check_choice``, here in
                # compiled code); anything else gets ``check_choice``'s refusal.
                if not (isinstance(action, Action) and d.allows(action)):
                    action = check_choice(seat, d, action)
                m.submit(seat, action)
            self.sync()
        for seat, bot in enumerate(self.bots):
            done = hook(bot, "game_over")
            if done is not None:
                done(self.view(seat, None))
        return m


_HOOKS: Final[dict[tuple[type, str], bool]] = {}
"""(a bot's class, a method name) -> whether the class has it."""


def hook(bot: object, name: str) -> Callable[..., object] | None:
    """The optional method ``name`` of ``bot`` (``game_over``, ``close``), or None.  Looked
    for on the bot's class, once per class: a failed ``getattr`` costs an exception."""
    key = (type(bot), name)
    has = _HOOKS.get(key)
    if has is None:
        has = _HOOKS[key] = callable(getattr(type(bot), name, None))
    return getattr(bot, name) if has else None


def play(
    match: Match, bots: Sequence[Bot], *, rng: random.Random | None = None, check: bool = False
) -> Match:
    """Play ``match`` to the end with one bot per seat (see :class:`Table`)."""
    return Table(match, bots, rng=rng, check=check).play()
