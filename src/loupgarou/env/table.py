"""The game behind an environment: a table, its fixed action catalogue, and the driver.

Nothing here needs numpy, Gymnasium or PettingZoo: :class:`Driver` plays one match of
the engine with our bots in some seats and stops whenever a seat of an *agent* (a seat
the environment's caller plays) must act, exactly as :class:`loupgarou.sim.table.Table`
would have asked that seat's bot (the same order of decisions, the same talk rounds,
the same shared generator).  :class:`Catalogue` numbers every action a seat of the table
can ever take, game actions and statements alike, so that an agent's action space is one
fixed ``Discrete`` space per table and each turn's legal choices are a mask over it.

Statements.  When the table talks (the family's talk moments: One Night at dawn,
Thiercelieux when a vote opens, Lupus in Tabula at the start of each day and when the
two suspects are named), every seat that may speak gets one *talk turn*, from a seat
drawn by the table's generator.  A talk turn is one to four agent steps:

1. ``talk`` (what to claim): stay silent; tell the truth (the seat's whole truthful
   claim: its role and what it learnt, the sensible bots' honest claim); claim only
   sightings; or claim role *R* (one action per role of the table's deck).
2. ``sighting`` (after a role or "only sightings"): end the statement, or add "I saw
   role *R* at seat *S*" (one action per role and seat; in Lupus in Tabula *R* may also
   be ``human``, what its Seer and Medium learn) or, in One Night, "I saw *R* at centre
   card *C*".  A statement holds at most :data:`MAX_SIGHTINGS` sightings; the last one
   ends it.  A statement with neither role nor sighting is silence.

The statement is said as one structured :class:`~loupgarou.core.statements.Claim` with a
plain English sentence, exactly as our bots say theirs, so that every bot at the table
reads it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from loupgarou.bots.protocol import Bot, NoAnswer, check_choice
from loupgarou.bots.random_bot import RandomBot
from loupgarou.bots.registry import FamilyBots, factory, family_bots
from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import SeededChance
from loupgarou.core.draws import below
from loupgarou.core.errors import SetupError
from loupgarou.core.events import JSON, Event
from loupgarou.core.statements import Claim, Sighting, Statement
from loupgarou.core.variant import GameConfig, Variant
from loupgarou.engine.match import Match
from loupgarou.engine.views import SeatView
from loupgarou.sim.game import kind_for, starting_roles
from loupgarou.sim.scenarios import TableSpec, table_spec
from loupgarou.sim.spec import SimSpec
from loupgarou.sim.table import Table, hook
from loupgarou.variants.lupus.roles import HUMAN
from loupgarou.variants.lupus.roles import Role as LupusRole
from loupgarou.variants.one_night.roles import Role as OneNightRole
from loupgarou.variants.registry import find_family
from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole

MAX_SIGHTINGS: Final = 2
"""The most sightings one statement of an agent holds (a Seer's two centre cards)."""

FAMILY_ROLES: Final[dict[str, tuple[str, ...]]] = {
    "one-night": tuple(r.value for r in OneNightRole),
    "thiercelieux": tuple(r.value for r in ThiercelieuxRole),
    "lupus": tuple(r.value for r in LupusRole),
}
"""Every role of a family, in the order of the encodings' role columns."""

CENTRE_SLOTS: Final[dict[str, int]] = {"one-night": 3, "thiercelieux": 2, "lupus": 0}
"""Face-down cards a table may have (One Night's centre, the Thief's two set-aside cards)."""

DEFAULT_PLAYERS: Final[dict[str, int]] = {"one-night": 5, "thiercelieux": 8, "lupus": 8}

# A verb's shapes: "" (no target), "p" (one seat), "pp" (two seats, lower first), "c" (a
# centre slot), "cc" (two centre slots, lower first).
VERBS: Final[dict[str, tuple[tuple[str, tuple[str, ...]], ...]]] = {
    "one-night": (
        ("pass", ("",)),
        ("copy", ("p",)),
        ("peek", ("c",)),
        ("look", ("p", "cc")),
        ("rob", ("p",)),
        ("swap", ("pp",)),
        ("take", ("c",)),
        ("vote", ("p",)),
    ),
    "thiercelieux": (
        ("pass", ("",)),
        ("take", ("c",)),
        ("pair", ("pp",)),
        ("look", ("p",)),
        ("wake", ("",)),
        ("sleep", ("",)),
        ("vote", ("p",)),
        ("no_victim", ("",)),
        ("spy", ("",)),
        ("heal", ("p",)),
        ("poison", ("p",)),
        ("shoot", ("p",)),
        ("name", ("p",)),
    ),
    "lupus": (
        ("pass", ("",)),
        ("look", ("p",)),
        ("kill", ("p",)),
        ("protect", ("p",)),
        ("pick", ("p",)),
        ("choose", ("p",)),
        ("rest", ("",)),
        ("vote", ("p",)),
    ),
}
"""Each family's action verbs and their target shapes, in catalogue order."""

DECISION_KINDS: Final[dict[str, tuple[str, ...]]] = {
    "one-night": ("doppelganger", "lone_wolf", "seer", "robber", "troublemaker", "drunk", "vote"),
    "thiercelieux": (
        "thief",
        "cupid",
        "seer",
        "werewolf_wake",
        "werewolf_vote",
        "little_girl",
        "witch",
        "captain_election",
        "captain_revote",
        "captain_pick",
        "lynch",
        "hunter",
        "captain_successor",
    ),
    "lupus": (
        "mythomaniac",
        "seer",
        "bodyguard",
        "werewolves",
        "owl",
        "stage1",
        "defence",
        "stage2",
    ),
}
"""Each family's decision kinds, in the order of the encoding's decision columns (One
Night's ``doppelganger_X``, a Doppelgänger acting as X, counts as X)."""

# Talk actions (offsets from a catalogue's ``talk_base``; then one "claim role R" per role).
SILENT: Final = 0
TRUTH: Final = 1
SIGHTINGS_ONLY: Final = 2

# Turn stages.
ACT: Final = "act"
TALK: Final = "talk"
SIGHTING: Final = "sighting"


@dataclass(frozen=True, slots=True)
class Setup:
    """What an environment plays: a family, a scenario or a deck, a player count, table
    options, and which seats our bots take.

    ``bots`` are ``(where, kind)`` pairs as :attr:`SimSpec.bots` holds them: ``where`` is
    ``*``, a starting side (One Night ``village``, ``werewolf``, ``tanner``; Thiercelieux
    ``village``, ``werewolves``; Lupus in Tabula ``humans``, ``werewolves``,
    ``werehamster``) or a seat number from 0, as the agents ``player_S`` are numbered
    (``loupgarou simulate --bots``, typed by people, counts from 1); ``kind`` is ``random`` or ``sensible`` (or
    ``agent:COMMAND``), or ``agent`` for a seat the environment's caller plays (the
    default).  A seat number beats a side, which beats ``*``."""

    family: str = "one-night"
    scenario: str | None = None
    deck: tuple[str, ...] = ()
    players: int | None = None
    options: tuple[tuple[str, JSON], ...] = ()
    bots: tuple[tuple[str, str], ...] = ()

    def table(self) -> TableSpec:
        variant = find_family(self.family)
        players = self.players or DEFAULT_PLAYERS.get(variant.name, variant.min_players)
        scenario = self.scenario
        if scenario is None and not self.deck and variant.name == "one-night":
            scenario = "premiere-nuit"
        return table_spec(variant, players, scenario=scenario, deck=self.deck, options=self.options)


AGENT: Final = "agent"
"""The seat kind of a seat that the environment's caller plays."""


def setup_of(
    family: str = "one-night",
    *,
    scenario: str | None = None,
    deck: Sequence[str] = (),
    players: int | None = None,
    options: Mapping[str, JSON] | None = None,
    bots: Mapping[str | int, str] | Sequence[tuple[str, str]] = (),
) -> Setup:
    """A :class:`Setup` from friendly arguments (``bots`` a mapping or pairs)."""
    pairs = (
        tuple((str(k), v) for k, v in bots.items())
        if isinstance(bots, Mapping)
        else tuple((str(k), v) for k, v in bots)
    )
    name = find_family(family).name
    for where, kind in pairs:
        if kind not in (AGENT, "random", "sensible") and not kind.startswith("agent:"):
            raise SetupError("script.bad_bots", f"unknown seat kind {kind!r} for {where!r}")
    return Setup(
        name,
        scenario,
        tuple(deck),
        players,
        tuple(sorted((options or {}).items())),
        pairs,
    )


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every action of one table, numbered: the game actions (by verb and targets), then
    the talk actions, then the sighting actions (see the module docstring)."""

    family: str
    players: int
    roles: tuple[str, ...]
    """The family's roles (:data:`FAMILY_ROLES`)."""
    deck_roles: frozenset[str]
    """The roles of this table's deck: the roles one may claim."""
    actions: tuple[Action, ...]
    index: Mapping[Action, int]
    sight_roles: tuple[str, ...]
    centre: int
    talk_base: int = 0
    sight_base: int = 0
    size: int = 0
    labels: tuple[str, ...] = field(default=())

    @staticmethod
    def build(family: str, players: int, deck: Sequence[str]) -> Catalogue:
        n = players
        centre = CENTRE_SLOTS.get(family, 0)
        actions: list[Action] = []
        for verb, shapes in VERBS.get(family, ()):
            for shape in shapes:
                if shape == "":
                    actions.append(Action(verb))
                elif shape == "p":
                    actions.extend(Action(verb, (p,)) for p in range(n))
                elif shape == "pp":
                    actions.extend(Action(verb, pair) for pair in combinations(range(n), 2))
                elif shape == "c":
                    actions.extend(Action(verb, (), (c,)) for c in range(centre))
                elif shape == "cc":
                    actions.extend(
                        Action(verb, (), pair) for pair in combinations(range(centre), 2)
                    )
        roles = FAMILY_ROLES.get(family, tuple(sorted(set(deck))))
        sight_roles = (*roles, HUMAN) if family == "lupus" else roles
        talk_base = len(actions)
        sight_base = talk_base + 3 + len(roles)
        size = sight_base + 1 + len(sight_roles) * (n + centre)
        labels = [a.describe() for a in actions]
        labels += ["talk: stay silent", "talk: tell the truth", "talk: claim sightings only"]
        labels += [f"talk: claim role {r}" for r in roles]
        labels.append("sighting: end the statement")
        for r in sight_roles:
            labels += [f"sighting: {r} at seat {s}" for s in range(n)]
            labels += [f"sighting: {r} at centre card c{c + 1}" for c in range(centre)]
        return Catalogue(
            family,
            n,
            roles,
            frozenset(str(r) for r in deck),
            tuple(actions),
            {a: i for i, a in enumerate(actions)},
            sight_roles,
            centre,
            talk_base,
            sight_base,
            size,
            tuple(labels),
        )

    def claim_role_action(self, role: str) -> int:
        return self.talk_base + 3 + self.roles.index(role)

    def end_action(self) -> int:
        return self.sight_base

    def sighting_action(self, role: str, seat: int | None = None, centre: int | None = None) -> int:
        block = self.players + self.centre
        at = seat if seat is not None else self.players + (centre or 0)
        return self.sight_base + 1 + self.sight_roles.index(role) * block + at

    def sighting_of(self, index: int) -> Sighting:
        block = self.players + self.centre
        r, at = divmod(index - self.sight_base - 1, block)
        role = self.sight_roles[r]
        if at < self.players:
            return Sighting(role, seat=at)
        return Sighting(role, centre=at - self.players)


@dataclass(slots=True)
class Turn:
    """Whose turn it is and what for: ``stage`` is :data:`ACT`, :data:`TALK` or
    :data:`SIGHTING`; a statement being built keeps its role and sightings."""

    seat: int
    stage: str
    decision: Decision | None = None
    role: str | None = None
    sightings: list[Sighting] = field(default_factory=list)


class Driver:
    """One game: the match, our bots in their seats, and the turn of the agent seats."""

    def __init__(self, setup: Setup, table: TableSpec, seed: int) -> None:
        self.setup = setup
        variant: Variant = find_family(table.family)
        config = GameConfig(
            table.family,
            tuple(f"P{i + 1}" for i in range(table.players)),
            table.deck,
            dict(table.options),
        )
        self.match = Match(variant, config, SeededChance(f"{seed}:chance"))
        self.rng = random.Random(f"{seed}:table")
        self.entry: FamilyBots = family_bots(variant.name)
        roles = starting_roles(self.match)
        self.sides = tuple(self.entry.side_of(r) for r in roles)
        spec = SimSpec(table, ((("*", AGENT), *setup.bots)))
        kinds = [kind_for(spec, s, self.sides[s]) for s in range(len(roles))]
        self.agent_seats = frozenset(s for s, k in enumerate(kinds) if k == AGENT)
        bots: list[Bot] = []
        for s, k in enumerate(kinds):
            if k == AGENT:
                bots.append(RandomBot(s, self.rng))  # a placeholder: never asked
            else:
                bots.append(factory(variant.name, k)(s, self.rng))
        self.bots = bots
        self.table = Table(self.match, bots, rng=self.rng, entry=self.entry)
        self.queue: list[int] = []
        self.turn: Turn | None = None
        self.statements = 0
        self.advance()

    # --- views -------------------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """``seat``'s view now (what ``match.view(seat)`` gives)."""
        self.table.sync()
        return self.table.view(seat, self.match.decision_for(seat))

    @property
    def over(self) -> bool:
        return self.match.over

    # --- the game ----------------------------------------------------------------------

    def advance(self) -> None:
        """Play our bots until an agent seat must act or the game is over."""
        m = self.match
        t = self.table
        n = len(self.bots)
        while True:
            t.sync()
            if self.queue:
                seat = self.queue[0]
                if not m.variant.may_speak(m.state, seat):
                    self.queue.pop(0)
                    continue
                if seat in self.agent_seats:
                    self.turn = Turn(seat, TALK)
                    return
                self.queue.pop(0)
                statement = self.bots[seat].speak(t.view(seat, m.decision_for(seat)))
                if statement is not None:
                    m.say(seat, statement)
                    self.statements += 1
                continue
            pending = m.pending()
            if not pending:
                self.turn = None
                self.close()
                return
            if t.talk_due:
                t.talk_due = False
                start = below(self.rng, n)
                self.queue = [(start + k) % n for k in range(n)]
                continue
            d = pending[0]
            if d.seat in self.agent_seats:
                self.turn = Turn(d.seat, ACT, d)
                return
            try:
                action = self.bots[d.seat].decide(t.view(d.seat, d), d)
            except NoAnswer:
                m.timeout(d.seat)
            else:
                m.submit(d.seat, check_choice(d.seat, d, action))

    def legal(self, cat: Catalogue) -> list[int]:
        """The catalogue numbers the agent whose turn it is may choose now."""
        turn = self.turn
        if turn is None:
            return []
        if turn.stage == ACT:
            assert turn.decision is not None
            out = []
            for a in turn.decision.options:
                i = cat.index.get(a)
                if i is None:  # pragma: no cover - a rules change the catalogue missed
                    raise SetupError(
                        "env.unknown_action", f"{a.describe()} is not in the {cat.family} catalogue"
                    )
                out.append(i)
            return sorted(out)
        if turn.stage == TALK:
            base = cat.talk_base
            roles = [cat.claim_role_action(r) for r in cat.roles if r in cat.deck_roles]
            return [base + SILENT, base + TRUTH, base + SIGHTINGS_ONLY, *roles]
        said = {(s.role, s.seat, s.centre) for s in turn.sightings}
        out = [cat.end_action()]
        sight = [r for r in cat.sight_roles if r in cat.deck_roles or r == HUMAN]
        for r in sight:
            out.extend(
                cat.sighting_action(r, seat=s)
                for s in range(cat.players)
                if (r, s, None) not in said
            )
            out.extend(
                cat.sighting_action(r, centre=c)
                for c in range(cat.centre)
                if (r, None, c) not in said
            )
        return sorted(out)

    def step(self, cat: Catalogue, index: int) -> None:
        """The agent whose turn it is chooses catalogue action ``index`` (legal: checked
        by the caller against :meth:`legal`)."""
        turn = self.turn
        assert turn is not None
        m = self.match
        if turn.stage == ACT:
            m.submit(turn.seat, cat.actions[index])
            self.turn = None
            self.advance()
            return
        if turn.stage == TALK:
            offset = index - cat.talk_base
            if offset == SILENT:
                self._said(None)
            elif offset == TRUTH:
                self._said(truthful_statement(self.setup.family, self.view(turn.seat)))
            else:
                turn.role = None if offset == SIGHTINGS_ONLY else cat.roles[offset - 3]
                turn.stage = SIGHTING
            return
        if index != cat.end_action():
            turn.sightings.append(cat.sighting_of(index))
        if index == cat.end_action() or len(turn.sightings) >= MAX_SIGHTINGS:
            if turn.role is None and not turn.sightings:
                self._said(None)
            else:
                claim = Claim(role=turn.role, saw=tuple(turn.sightings))
                self._said(Statement(say(self.setup.family, claim, m.players, turn.seat), claim))

    def _said(self, statement: Statement | None) -> None:
        turn = self.turn
        assert turn is not None
        if statement is not None:
            self.match.say(turn.seat, statement)
            self.statements += 1
        self.queue.pop(0)
        self.turn = None
        self.advance()

    def close(self) -> None:
        for bot in self.bots:
            done = hook(bot, "close")
            if done is not None:
                done()


def say(family: str, claim: Claim, players: Sequence[str], seat: int) -> str:
    """The sentence said with an agent's claim."""
    if family == "one-night":
        from loupgarou.bots.one_night.talk import say_claim

        return say_claim(claim, players, seat)
    parts = []
    if claim.role:
        parts.append(f"I am the {claim.role.replace('_', ' ').title()}.")
    for s in claim.saw:
        who = "I" if s.seat == seat else players[s.seat] if s.seat is not None else "?"
        verb = "am" if who == "I" else "is"
        what = "not a Werewolf" if s.role == HUMAN else f"a {s.role.replace('_', ' ').title()}"
        parts.append(f"{who} {verb} {what}.")
    return " ".join(parts) or "I have nothing to say."


def truthful_statement(family: str, view: SeatView) -> Statement | None:
    """The seat's whole truthful claim, said as a statement (None: it knows nothing to say).

    One Night: the honest claim of the sensible bots (its dealt role, what it did, what it
    saw: :func:`loupgarou.bots.one_night.knowledge.truthful`).  The other families: the
    role it holds now and every card it was shown (its Seer's looks, its Medium's answers:
    ``human`` for "not a Werewolf")."""
    seat = view.seat
    if family == "one-night":
        from loupgarou.bots.one_night.knowledge import ViewReader, to_claim, truthful

        reader = ViewReader(seat)
        reader.update(view)
        k = reader.knowledge()
        claim = to_claim(truthful(seat, k.dealt, k.obs))
    else:
        role: str | None = None
        saw: dict[int, str] = {}
        for e in view.events:
            role = _own_role(e, role)
            seen = _sighting(family, e)
            if seen is not None and seen[0] != seat:
                saw[seen[0]] = seen[1]
        claim = Claim(role=role, saw=tuple(Sighting(r, seat=s) for s, r in sorted(saw.items())))
    if claim.role is None and claim.did is None and not claim.saw:
        return None
    return Statement(say(family, claim, view.players, seat), claim)


def _own_role(e: Event, role: str | None) -> str | None:
    """The role a seat holds after one of its events (Thiercelieux's Thief takes one, Lupus
    in Tabula's Mythomaniac becomes one)."""
    if e.audience.everyone:
        return role
    if e.kind in ("dealt", "became", "took") and "role" in e.data:
        return str(e.data["role"])
    return role


def _sighting(family: str, e: Event) -> tuple[int, str] | None:
    """A card the seat was shown privately: (seat, role)."""
    if e.audience.everyone:
        return None
    d = e.data
    if e.kind == "card_seen" and "seat" in d and "role" in d:
        return int(d["seat"]), str(d["role"])
    if e.kind in ("seen", "medium") and "werewolf" in d:
        return int(d["seat"]), "werewolf" if d["werewolf"] else HUMAN
    return None
