"""A compact notation for Thiercelieux scenario tests.

``table("wolf wolf seer witch hunter villager villager villager")`` deals exactly
those cards, clockwise from seat 0; with a Thief, the two set-aside cards follow a
``|`` (``"thief wolf seer ... | wolf villager"``).  A word may carry a seat name
(``ana:wolf``); without one a seat is named after its word (``seer``), numbered
when several seats share it (``wolf1``, ``wolf2``).  Role words are
anything :func:`parse_role` reads (``wolf``, ``little_girl``, ``sorcière`` ...).

The deck handed to the game is in one canonical order (the roles' order), and the
deal is the scripted chance outcome (``ScriptedChance({"deal": [perm]})``) that puts
each card where the notation says.  Every other draw must be fixed too
(``table(..., tiebreak=[1], little_girl_caught=[True])``): a test never depends on
an unscripted random draw.

A seat is referred to by its number or by its name everywhere (``Who``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.chance import ScriptedChance
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome
from loupgarou.core.variant import GameConfig
from loupgarou.engine import Match
from loupgarou.variants.thiercelieux import VARIANT
from loupgarou.variants.thiercelieux.roles import Role, parse_role
from loupgarou.variants.thiercelieux.state import State
from tests.notation import canonical_deal, read_seats

Who = int | str
Fact = tuple[str, dict[str, JSON]]
"""An event as ``(kind, data)``: what a test compares."""

_ORDER = {role: i for i, role in enumerate(Role)}


def _role(word: str) -> Role:
    role = parse_role(word)
    if role is None:
        raise ValueError(f"not a Thiercelieux role: {word!r}")
    return role


def _parse(spec: str) -> tuple[list[str], list[Role], list[Role]]:
    seats, _, rest = spec.partition("|")
    names, words = read_seats(seats)
    return names, [_role(w) for w in words], [_role(w) for w in rest.split()]


def deal_for(spec: str) -> tuple[list[str], list[str], list[int]]:
    """``(seat names, canonical deck, deal)`` for the notation."""
    names, cards, aside = _parse(spec)
    deck, deal = canonical_deal(cards + aside, _ORDER.__getitem__)
    return names, [r.value for r in deck], deal


def table(
    spec: str, *, chance: Mapping[str, Sequence[JSON]] | None = None, **options: JSON
) -> Table:
    """Set up and deal the game the notation describes; ``options`` are the table's options.

    ``chance`` fixes further draws by label (``{"tiebreak": [0]}``); the labels
    ``tiebreak``, ``little_girl_caught`` and ``captain_draw`` may also be given as
    keyword arguments holding a list.
    """
    names, deck, deal = deal_for(spec)
    fixed: dict[str, list[JSON]] = {"deal": [deal]}
    for label in ("tiebreak", "little_girl_caught", "captain_draw"):
        if label in options:
            fixed[label] = list(cast(Sequence[JSON], options.pop(label)))
    for label, values in (chance or {}).items():
        fixed[label] = list(values)
    config = GameConfig(VARIANT.name, tuple(names), tuple(deck), dict(options))
    return Table(Match(VARIANT, config, ScriptedChance(fixed)), tuple(names))


def facts(events: Iterable[Event]) -> list[Fact]:
    return [(e.kind, dict(e.data)) for e in events]


class Table:
    """A dealt game and the words to play it and read it."""

    __slots__ = ("match", "names")

    def __init__(self, match: Match, names: tuple[str, ...]) -> None:
        self.match = match
        self.names = names

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

    @property
    def state(self) -> State:
        return cast(State, self.match.state)

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def alive(self) -> list[str]:
        return [self.names[s] for s in self.state.living()]

    @property
    def captain(self) -> str | None:
        return self.name(self.state.captain)

    @property
    def lovers(self) -> list[str]:
        return [self.names[s] for s in self.state.lovers]

    def role(self, who: Who) -> str:
        return self.state.role(self.seat(who)).value

    def set_aside(self) -> list[str]:
        state = self.state
        return [state.role(p).value for p in range(state.n, len(state.deck))]

    @property
    def deaths(self) -> list[tuple[str, str]]:
        """``(name, cause)`` of every death so far, in order."""
        return [(self.names[s], cause) for s, cause in self.state.deaths]

    # --- decisions -----------------------------------------------------------------------

    def waiting(self) -> list[tuple[str, str]]:
        """``(seat name, decision kind)`` for every pending decision, in seat order."""
        return sorted((self.names[d.seat], d.kind) for d in self.match.pending())

    def decision(self, who: Who) -> Decision:
        decision = self.match.decision_for(self.seat(who))
        assert decision is not None, f"{who} has nothing to decide; waiting: {self.waiting()}"
        return decision

    def targets(self, who: Who, kind: str | None = None) -> set[str]:
        """The names ``who`` may target now (with actions of ``kind``, if given)."""
        return {
            self.names[p]
            for a in self.decision(who).options
            if kind is None or a.kind == kind
            for p in a.players
        }

    def verbs(self, who: Who) -> set[str]:
        return {a.kind for a in self.decision(who).options}

    def do(
        self, who: Who, kind: str, *targets: Who, centre: int | None = None
    ) -> tuple[Event, ...]:
        players = tuple(self.seat(t) for t in targets)
        if kind == "pair":
            players = tuple(sorted(players))
        action = Action(kind, players, () if centre is None else (centre,))
        return self.match.submit(self.seat(who), action)

    def decline(self, who: Who) -> tuple[Event, ...]:
        return self.match.submit(self.seat(who), PASS)

    def timeout(self, who: Who) -> tuple[Event, ...]:
        return self.match.timeout(self.seat(who))

    # --- the night -----------------------------------------------------------------------

    def night(
        self,
        *,
        take: int | None = None,
        pair: tuple[Who, Who] | None = None,
        look: Who | None = None,
        sleep: Iterable[Who] = (),
        victim: Who | None = None,
        ballots: Mapping[Who, Who | None] | None = None,
        spy: bool = False,
        heal: bool = False,
        poison: Who | None = None,
    ) -> None:
        """Play the night's decisions up to dawn (the first decision of the day stops it).

        Thief ``take`` (else pass), Cupid ``pair``, Seer ``look`` (else pass); every
        Werewolf wakes unless in ``sleep`` and votes for ``victim`` (None: no victim)
        unless ``ballots`` says otherwise; the Little Girl spies if ``spy``; the
        Witch heals if ``heal``, poisons ``poison`` if given, else passes.
        """
        asleep = {self.seat(w) for w in sleep}
        votes = {self.seat(w): t for w, t in (ballots or {}).items()}
        brewed: set[str] = set()
        while self.phase == "night":
            pending = self.match.pending()
            if not pending:
                return
            d = pending[0]
            action: Action
            if d.kind == "thief":
                action = PASS if take is None else Action("take", (), (take,))
            elif d.kind == "cupid":
                assert pair is not None, "Cupid must pair two players: give pair=(a, b)"
                action = Action("pair", tuple(sorted(self.seat(w) for w in pair)))
            elif d.kind == "seer":
                action = PASS if look is None else Action("look", (self.seat(look),))
            elif d.kind == "werewolf_wake":
                action = Action("sleep" if d.seat in asleep else "wake")
            elif d.kind == "pack_choice":  # narrator_knows = results: the pack's victim alone
                if victim is None:
                    action = Action("no_victim")
                else:
                    action = Action("vote", (self.seat(victim),))
            elif d.kind == "werewolf_vote":
                target = votes.get(d.seat, victim)
                if target is None:
                    action = Action("no_victim")
                else:
                    action = Action("vote", (self.seat(target),))
            elif d.kind == "little_girl":
                action = Action("spy") if spy else PASS
            elif d.kind == "witch":
                kinds = {a.kind for a in d.options}
                if heal and "heal" in kinds and "heal" not in brewed:
                    action = next(a for a in d.options if a.kind == "heal")
                elif poison is not None and "poison" in kinds and "poison" not in brewed:
                    action = Action("poison", (self.seat(poison),))
                else:
                    action = PASS
                brewed.add(action.kind)
            else:
                raise AssertionError(f"not a night decision: {d.kind}")
            self.match.submit(d.seat, action)

    # --- the day -------------------------------------------------------------------------

    def shoot(self, hunter: Who, target: Who) -> tuple[Event, ...]:
        return self.do(hunter, "shoot", target)

    def heir(self, captain: Who, successor: Who) -> tuple[Event, ...]:
        return self.do(captain, "name", successor)

    def votes(self, ballots: Mapping[str, Who]) -> None:
        """Each listed voter votes, in the order given."""
        for voter, target in ballots.items():
            self.do(voter, "vote", target)

    def all_vote(self, target: Who, **others: Who) -> None:
        """Every voter now waiting votes for ``target``, except those named in ``others``
        (voter name -> their target)."""
        for d in self.match.pending():
            name = self.names[d.seat]
            self.do(d.seat, "vote", others.get(name, target))

    # --- what happened -------------------------------------------------------------------

    def learned(self, who: Who) -> list[Fact]:
        """The seat's private events (not public, not its ``dealt`` card), in order."""
        seat = self.seat(who)
        return facts(
            e
            for e in self.match.events
            if not e.audience.everyone and seat in e.audience.seats and e.kind != "dealt"
        )

    def public(self, kind: str | None = None) -> list[dict[str, JSON]]:
        """The data of the public events (of ``kind``, if given), in order."""
        return [
            dict(e.data)
            for e in self.match.events
            if e.audience.everyone and (kind is None or e.kind == kind)
        ]

    def events(self, kind: str) -> list[Event]:
        return [e for e in self.match.events if e.kind == kind]

    def calls(self) -> list[str]:
        return [str(e.data["step"]) for e in self.match.events if e.kind == "night_step"]

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def outcome(self) -> Outcome:
        outcome = self.match.outcome
        assert outcome is not None, f"the game is not over; waiting: {self.waiting()}"
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

    def names_of(self, seats: Iterable[int]) -> list[str]:
        return [self.names[s] for s in seats]
