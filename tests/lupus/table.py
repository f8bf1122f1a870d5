"""A compact notation for Lupus in Tabula scenario tests.

``table("wolf1:werewolf wolf2:werewolf seer ana:villager bob:villager ...")`` deals
exactly those cards, clockwise from seat 0.  A word may carry a seat name
(``ana:villager``); without one a seat is named after its role word, numbered
when several seats share it (``villager1``, ``villager2``).  The deck handed to
the game is in one canonical order (the roles' order) and the deal is the
scripted chance outcome that puts each card where the notation says.  Every
other draw must be fixed too (``table(..., tiebreak=[1], welcome_card=[0])``):
a test never depends on an unscripted draw.

``Who`` is a seat number or a seat name, everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ScriptedChance
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome
from loupgarou.core.statements import Statement
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.variants.lupus import VARIANT
from loupgarou.variants.lupus.roles import Role, parse_role
from loupgarou.variants.lupus.state import State
from tests.notation import canonical_deal, read_seats

Who = int | str
Fact = tuple[str, dict[str, JSON]]
"""An event as ``(kind, data)``: what a test compares."""

_ORDER = {role: i for i, role in enumerate(Role)}

# Seats:   0           1             2           3    4           5           6             7           8
NINE = "ana:villager wolf1:werewolf bob:villager seer cid:villager dan:villager wolf2:werewolf eve:villager fay:villager"
"""The table most scenarios start from: nine players, two Werewolves, the Seer."""

VERBS = {
    "seer": "look",
    "bodyguard": "protect",
    "werewolves": "kill",
    "owl": "pick",
    "mythomaniac": "choose",
}


def _role(word: str) -> Role:
    role = parse_role(word)
    if role is None:
        raise ValueError(f"not a Lupus role: {word!r}")
    return role


def deal_for(spec: str) -> tuple[list[str], list[str], list[int]]:
    """``(seat names, canonical deck, deal)`` for the notation."""
    names, words = read_seats(spec)
    deck, deal = canonical_deal([_role(w) for w in words], _ORDER.__getitem__)
    return names, [r.value for r in deck], deal


def table(
    spec: str,
    *,
    tiebreak: Sequence[int] = (),
    welcome_card: Sequence[int] = (),
    **options: JSON,
) -> Table:
    """Set up and deal the game the notation describes; ``options`` are the table's."""
    names, deck, deal = deal_for(spec)
    fixed: dict[str, list[JSON]] = {
        "deal": [deal],
        "tiebreak": list(tiebreak),
        "welcome_card": list(welcome_card),
    }
    chance = ScriptedChance(fixed)
    config = GameConfig(VARIANT.name, tuple(names), tuple(deck), dict(options))
    return Table(Match(VARIANT, config, chance), tuple(names), chance)


def facts(events: Iterable[Event]) -> list[Fact]:
    return [(e.kind, dict(e.data)) for e in events]


class Table:
    """A dealt game and the words to play it and read it."""

    __slots__ = ("chance", "match", "names")

    def __init__(self, match: Match, names: tuple[str, ...], chance: ScriptedChance) -> None:
        self.match = match
        self.names = names
        self.chance = chance

    # --- seats and state -----------------------------------------------------------------

    def seat(self, who: Who) -> int:
        if isinstance(who, int):
            return who
        try:
            return self.names.index(who)
        except ValueError:
            raise KeyError(f"no seat named {who!r}; seats: {', '.join(self.names)}") from None

    def name(self, seat: int | None) -> str | None:
        return None if seat is None or seat < 0 else self.names[seat]

    def named(self, seats: Iterable[int]) -> list[str]:
        return [self.names[s] for s in seats]

    @property
    def state(self) -> State:
        return cast(State, self.match.state)

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def step(self) -> str:
        return self.state.step

    @property
    def view(self) -> dict[str, JSON]:
        """The public part every seat sees."""
        return VARIANT.public(self.state)

    @property
    def alive(self) -> list[str]:
        return self.named(self.state.living())

    @property
    def ghosts(self) -> list[str]:
        return self.named(self.state.ghosts())

    @property
    def holder(self) -> str | None:
        """Who holds the Welcome card."""
        return self.name(self.state.holder)

    @property
    def suspects(self) -> list[str]:
        return self.named(self.state.suspects)

    @property
    def order(self) -> list[str]:
        """Today's stage 1 calling order."""
        return self.named(self.state.order)

    def role(self, who: Who) -> str:
        """The seat's effective role now."""
        return self.state.roles[self.seat(who)].value

    # --- decisions -----------------------------------------------------------------------

    def waiting(self) -> list[tuple[str, str]]:
        """``(seat name, decision kind)`` for every pending decision, in the order given."""
        return [(self.names[d.seat], d.kind) for d in self.match.pending()]

    def decision(self, who: Who) -> Decision:
        decision = self.match.decision_for(self.seat(who))
        assert decision is not None, f"{who} has nothing to decide; waiting: {self.waiting()}"
        return decision

    def targets(self, who: Who) -> list[str]:
        """The names ``who`` may target now, in the order of the options."""
        return [self.names[p] for a in self.decision(who).options for p in a.players]

    def default(self, who: Who) -> Action:
        return self.decision(who).default

    def do(self, who: Who, kind: str, *targets: Who) -> tuple[Event, ...]:
        action = Action(kind, tuple(self.seat(t) for t in targets))
        return self.match.submit(self.seat(who), action)

    def decline(self, who: Who) -> tuple[Event, ...]:
        return self.match.submit(self.seat(who), PASS)

    def timeout(self, who: Who) -> tuple[Event, ...]:
        return self.match.timeout(self.seat(who))

    def say(self, who: Who, text: str) -> tuple[Event, ...]:
        return self.match.say(self.seat(who), Statement(text))

    def may_speak(self, who: Who) -> bool:
        return VARIANT.may_speak(self.state, self.seat(who))

    # --- the night -----------------------------------------------------------------------

    def night(
        self,
        *,
        kill: Who | Mapping[Who, Who] | None = None,
        look: Who | None = None,
        protect: Who | None = None,
        pick: Who | None = None,
        choose: Who | None = None,
    ) -> None:
        """Play the rest of the night.  ``kill``: the pack's target (every wolf votes for
        it) or each wolf's vote; a call not given is declined, a mandatory one times out."""
        given: dict[str, Who | None] = {
            "seer": look,
            "bodyguard": protect,
            "owl": pick,
            "mythomaniac": choose,
        }
        assert self.phase == "night", f"it is not the night but {self.phase}"
        while self.phase == "night":
            decision = self.match.pending()[0]
            who = decision.seat
            if decision.kind == "werewolves":
                target = kill.get(self.names[who]) if isinstance(kill, Mapping) else kill
            else:
                target = given[decision.kind]
            if target is None:
                if decision.optional:
                    self.decline(who)
                else:
                    self.timeout(who)
            else:
                self.do(who, VERBS[decision.kind], target)

    # --- the day -------------------------------------------------------------------------

    def stage1(self, votes: Mapping[Who, Who] | None = None, *, rest: Who | None = None) -> None:
        """Everyone votes in turn: ``votes[voter]``, else ``rest``, else a timeout."""
        chosen = {self.seat(k): v for k, v in (votes or {}).items()}
        assert self.step == "stage1", f"the step is {self.step}, not stage1"
        while self.step == "stage1" and self.phase == "day":
            (decision,) = self.match.pending()
            target = chosen.get(decision.seat, rest)
            if target is None or self.seat(target) == decision.seat:
                self.timeout(decision.seat)
            else:
                self.do(decision.seat, "vote", target)

    def defence(self) -> None:
        """Both suspects end their defence."""
        for suspect in list(self.state.suspects):
            self.do(suspect, "rest")

    def stage2(self, votes: Mapping[Who, Who] | None = None, *, rest: Who | None = None) -> None:
        """Every voter votes (in seat order): ``votes[voter]``, else ``rest``, else a timeout."""
        chosen = {self.seat(k): v for k, v in (votes or {}).items()}
        assert self.step == "stage2", f"the step is {self.step}, not stage2"
        for decision in self.match.pending():
            target = chosen.get(decision.seat, rest)
            if target is None:
                self.timeout(decision.seat)
            else:
                self.do(decision.seat, "vote", target)

    def lynch(self, who: Who, second: Who) -> None:
        """A whole day that lynches ``who``: everybody names ``who`` in stage 1 (``who``
        names ``second``, and so do the others' second choice ...), then every voter
        lynches ``who``.  The suspects are ``who`` and ``second`` unless the Owl says
        otherwise."""
        votes: dict[Who, Who] = {who: second}
        self.stage1(votes, rest=who)
        self.defence()
        self.stage2(rest=who)

    # --- what happened -------------------------------------------------------------------

    def public(self, kind: str) -> list[dict[str, JSON]]:
        """The data of every public event of ``kind``, in order."""
        return [dict(e.data) for e in self.match.events if e.audience.everyone and e.kind == kind]

    def learned(self, who: Who) -> list[Fact]:
        """What the seat was told privately, in order: everything addressed to it but
        everyone, except its ``dealt`` card and the receipts of its own stage 2 ballots."""
        seat = self.seat(who)
        return facts(
            e
            for e in self.match.events
            if not e.audience.everyone
            and seat in e.audience.seats
            and e.kind not in ("dealt", "voted")
        )

    def secret(self, kind: str) -> list[dict[str, JSON]]:
        """The data of every moderator-only event of ``kind``."""
        return [
            dict(e.data)
            for e in self.match.events
            if not e.audience.everyone and not e.audience.seats and e.kind == kind
        ]

    def calls(self, night: int | None = None) -> list[str]:
        return [
            str(e["step"])
            for e in self.public("night_step")
            if night is None or e["night"] == night
        ]

    @property
    def over(self) -> bool:
        return self.match.over

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

    def snapshot(self) -> tuple[State, int, int]:
        return self.state, len(self.match.events), len(self.match.inputs)
