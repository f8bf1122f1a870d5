"""A compact notation for One Night scenario tests.

``table("werewolf seer robber troublemaker villager | werewolf drunk insomniac")``
deals exactly those cards: the words before ``|`` are the players' cards,
clockwise from seat 0, the words after it are centre slots 0, 1 and 2.  A word
may carry a seat name (``alice:werewolf``); without one a seat is named after
the role it was dealt (``seer``), numbered when the role is dealt to several
seats (``werewolf1``, ``werewolf2``).

The deck handed to the game is always in one canonical order (the box's role
order), whatever the deal, and the deal is the scripted chance outcome that
puts each card where the notation says.  Two tables holding the same cards
therefore differ only in their deal, as two real games would.

A seat is referred to by its number or by its name everywhere (``Who``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from loupgarou.core.actions import PASS, Action
from loupgarou.core.chance import ScriptedChance
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome
from loupgarou.core.statements import Claim, Statement
from loupgarou.engine import Match, new_match
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.roles import Role, parse_role
from loupgarou.variants.one_night.state import State
from tests.notation import canonical_deal, read_seats

Who = int | str
"""A seat number, or the seat's name in the notation."""

Fact = tuple[str, dict[str, JSON]]
"""An event as ``(kind, data)``: what a test compares."""

_ROLE_ORDER = {role: i for i, role in enumerate(Role)}


def _rank(name: str) -> int:
    role = parse_role(name)
    return len(_ROLE_ORDER) if role is None else _ROLE_ORDER[role]


def _parse(spec: str) -> tuple[list[str], list[str], list[str]]:
    """``(seat names, players' cards, centre cards)`` of the notation."""
    seats, sep, rest = spec.partition("|")
    if not sep:
        raise ValueError(f"a table needs '|' between the players' and the centre cards: {spec!r}")
    names, cards = read_seats(seats, lambda c: str(parse_role(c) or c))
    return names, cards, rest.split()


def table(
    spec: str,
    *,
    lone_wolf_peek: bool | None = None,
    edition: str | None = None,
    options: Mapping[str, JSON] | None = None,
) -> Table:
    """Set up and deal the game the notation describes (see the module docstring)."""
    names, cards, centre = _parse(spec)
    deck, deal = canonical_deal(cards + centre, _rank)
    chosen: dict[str, JSON] = dict(options or {})
    if lone_wolf_peek is not None:
        chosen["lone_wolf_peek"] = lone_wolf_peek
    if edition is not None:
        chosen["edition"] = edition
    match = new_match(VARIANT, names, deck, options=chosen, chance=ScriptedChance({"deal": [deal]}))
    return Table(match, tuple(names))


def facts(events: Sequence[Event]) -> list[Fact]:
    return [(e.kind, dict(e.data)) for e in events]


class Table:
    """A dealt game and the words to play it and read it."""

    __slots__ = ("match", "names")

    def __init__(self, match: Match, names: tuple[str, ...]) -> None:
        self.match = match
        self.names = names

    # --- seats ---------------------------------------------------------------------------

    def seat(self, who: Who) -> int:
        if isinstance(who, int):
            return who
        try:
            return self.names.index(who)
        except ValueError:
            raise KeyError(f"no seat named {who!r}; seats: {', '.join(self.names)}") from None

    @property
    def state(self) -> State:
        return cast(State, self.match.state)

    @property
    def phase(self) -> str:
        return self.state.phase

    # --- the night -----------------------------------------------------------------------

    def waiting(self) -> list[tuple[str, str]]:
        """``(seat name, decision kind)`` for every pending decision."""
        return [(self.names[d.seat], d.kind) for d in self.match.pending()]

    def do(self, who: Who, action: Action) -> tuple[Event, ...]:
        return self.match.submit(self.seat(who), action)

    def act(
        self,
        who: Who,
        *,
        copy: Who | None = None,
        look: Who | None = None,
        centre: tuple[int, int] | None = None,
        peek: int | None = None,
        rob: Who | None = None,
        swap: tuple[Who, Who] | None = None,
        take: int | None = None,
    ) -> tuple[Event, ...]:
        """One night action: ``look`` at a player or at two ``centre`` slots (Seer),
        ``peek`` at a centre slot (lone wolf), ``rob`` a player, ``swap`` two players,
        ``take`` a centre slot (Drunk), ``copy`` a player (Doppelgänger)."""
        given = [
            k
            for k, v in {
                "copy": copy,
                "look": look,
                "centre": centre,
                "peek": peek,
                "rob": rob,
                "swap": swap,
                "take": take,
            }.items()
            if v is not None
        ]
        if len(given) != 1:
            raise TypeError(f"act() takes exactly one action, got {given or 'none'}")
        if copy is not None:
            action = Action("copy", (self.seat(copy),))
        elif look is not None:
            action = Action("look", (self.seat(look),))
        elif centre is not None:
            action = Action("look", (), tuple(sorted(centre)))
        elif peek is not None:
            action = Action("peek", (), (peek,))
        elif rob is not None:
            action = Action("rob", (self.seat(rob),))
        elif swap is not None:
            action = Action("swap", tuple(sorted(self.seat(w) for w in swap)))
        else:
            assert take is not None
            action = Action("take", (), (take,))
        return self.do(who, action)

    def decline(self, who: Who) -> tuple[Event, ...]:
        return self.do(who, PASS)

    def timeout(self, who: Who) -> tuple[Event, ...]:
        return self.match.timeout(self.seat(who))

    def skip_night(self) -> None:
        """Every remaining night decision times out (optional ones are declined)."""
        while self.phase == "night":
            (decision,) = self.match.pending()
            self.match.timeout(decision.seat)

    # --- the day -------------------------------------------------------------------------

    def say(self, who: Who, text: str = "", claim: Claim | None = None) -> tuple[Event, ...]:
        return self.match.say(self.seat(who), Statement(text, claim))

    def vote(self, who: Who, target: Who) -> tuple[Event, ...]:
        return self.do(who, Action("vote", (self.seat(target),)))

    def votes(self, *targets: Who) -> Outcome:
        """Seat 0 votes for ``targets[0]``, seat 1 for ``targets[1]`` ... (skipping the night)."""
        if len(targets) != len(self.names):
            raise TypeError(f"{len(self.names)} players vote, got {len(targets)} votes")
        self.skip_night()
        for seat, target in enumerate(targets):
            self.vote(seat, target)
        return self.outcome

    # --- what happened -------------------------------------------------------------------

    def learned(self, who: Who) -> list[Fact]:
        """The seat's private events, in order, after its ``dealt`` card."""
        seat = self.seat(who)
        return facts(
            [
                e
                for e in self.match.events
                if not e.audience.everyone and seat in e.audience.seats and e.kind != "dealt"
            ]
        )

    def public(self) -> list[Fact]:
        return facts([e for e in self.match.events if e.audience.everyone])

    def calls(self) -> list[str]:
        """The night's public calls, in order."""
        return [str(e.data["step"]) for e in self.match.events if e.kind == "night_step"]

    def card(self, who: Who) -> str:
        """The card now in front of the seat (its printed role)."""
        return self.state.card_at(self.seat(who)).value

    def role(self, who: Who) -> str:
        """The seat's effective role now (the Doppelgänger card stands for what it copied)."""
        state = self.state
        return state.effective(state.cards[self.seat(who)]).value

    def centre(self) -> list[str]:
        state = self.state
        return [state.card_at(state.n + c).value for c in range(3)]

    @property
    def outcome(self) -> Outcome:
        outcome = self.match.outcome
        assert outcome is not None, "the game is not over"
        return outcome

    @property
    def winners(self) -> set[str]:
        return {self.names[s] for s in self.outcome.winners}

    @property
    def teams(self) -> set[str]:
        return set(self.outcome.teams)

    @property
    def reasons(self) -> list[str]:
        return [r.code for r in self.outcome.reasons]

    @property
    def dead(self) -> list[str]:
        return [self.names[s] for s in self.state.dead]

    def snapshot(self) -> tuple[State, int, int]:
        """The state and the lengths of the event log and of the record."""
        return self.state, len(self.match.events), len(self.match.inputs)
