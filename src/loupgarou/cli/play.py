"""``loupgarou play``: one person takes a seat in the terminal; bots fill the others.

The person is a seat like any other: :class:`TerminalSeat` implements the bot
protocol (:mod:`loupgarou.bots.protocol`) with choices typed in the terminal,
and sees exactly that seat's view, printed as it grows.  At night they answer
when called; by day they read the bots' claims, make their own (a structured
claim or free text) and vote.  At the end every card is shown, the night is
told step by step, each player's private knowledge is listed, and the verdict
says who won and why.  What the person reads is worded by
:mod:`loupgarou.cli.play_words`; the claims they type are read by
:mod:`loupgarou.cli.play_claims`.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from loupgarou.bots.protocol import Bot
from loupgarou.bots.registry import factory, family_bots
from loupgarou.cli.bounds import MAX_AGENT_SECONDS, MAX_PLAYERS, MAX_SEED, seconds, whole
from loupgarou.cli.play_claims import parse_claim, typed_number
from loupgarou.cli.play_words import OPTIONS, Words, decision_words, role_name, role_names
from loupgarou.cli.simulate import (
    FAMILY_HELP,
    PLAYERS_HELP,
    SCENARIO_HELP,
    default_players,
    parse_option,
)
from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import SeededChance
from loupgarou.core.errors import LoupGarouError, ScriptError, SetupError
from loupgarou.core.events import Event
from loupgarou.core.names import name_problem
from loupgarou.core.statements import Statement
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.engine.views import SeatView
from loupgarou.scripting.words import slot, with_names
from loupgarou.sim.bots_flag import bots_from_flag
from loupgarou.sim.runner import SimSpec, check_bots, kind_for, starting_roles
from loupgarou.sim.scenarios import table_spec
from loupgarou.sim.stats import WHY
from loupgarou.sim.table import Table
from loupgarou.variants.registry import find_family

BOT_NAMES = (
    "Ana",
    "Bruno",
    "Céline",
    "Dédé",
    "Élise",
    "Fanny",
    "Gaston",
    "Hugo",
    "Inès",
    "Jules",
    "Karim",
    "Léa",
    "Marius",
    "Noémie",
    "Odile",
    "Paulin",
    "Quentin",
    "Rose",
    "Sacha",
    "Théo",
    "Ursule",
    "Victor",
    "Wanda",
    "Yann",
)
"""The bots' names, one per seat (enough for the largest Lupus in Tabula table)."""


def table_names(n: int, me: int, name: str) -> list[str]:
    """The names of a table of ``n``: the person's ``name`` in seat ``me``, the bots'
    names elsewhere, all different (a second round of names is numbered: "Ana 2")."""
    pool = [x for x in BOT_NAMES if x.casefold() != name.casefold()]
    names = [
        pool[i % len(pool)] + (f" {i // len(pool) + 1}" if i >= len(pool) else "") for i in range(n)
    ]
    names[me] = name
    return names


MAX_LISTED = 12
"""A decision with more options than this, nearly all pairs of players, is asked as two
seat numbers (:meth:`TerminalSeat.pick_two`)."""

BOUNDARIES = frozenset({"night_begins", "day_begins"})
"""Events before which a person out of the game is asked to press Enter."""


class PlayError(LoupGarouError):
    """The solo game cannot go on (the terminal closed)."""

    kind = "play"


# --- the person's seat ---------------------------------------------------------------------


class TerminalSeat:
    """A person at the terminal, speaking the bot protocol."""

    def __init__(
        self,
        seat: int,
        names: Sequence[str],
        *,
        read: Callable[[str], str],
        write: Callable[[str], None],
        family: str | None = None,
    ) -> None:
        self.seat = seat
        self.family = family
        self.words = Words(names, seat, family)
        self.read = read
        self.write = write
        self.shown = 0
        self.out = False
        """Whether the person's seat is out of the game (dead): the rest is watched."""
        self.pausing = True

    def catch_up(self, view: SeatView) -> None:
        """Print what the seat has not seen yet.  Once the person is out of the game, the
        rest of it is shown at their pace: a pause (press Enter) before each new night
        and each new day."""
        for e in view.events[self.shown :]:
            if self.out and self.pausing and e.kind in BOUNDARIES:
                self.pause()
            line = self.words.event(e)
            if line:
                self.write(line)
            if not self.out and self._dies(e):
                self.out = True
        self.shown = len(view.events)

    def _dies(self, e: Event) -> bool:
        """Whether ``e`` tells the person's seat is out of the game."""
        d = e.data
        if e.kind in ("death", "lynched", "grief", "shot", "little_girl_caught"):
            return d.get("seat") == self.seat
        if e.kind == "dawn":
            deaths = d.get("deaths")
            return isinstance(deaths, list) and self.seat in deaths
        return False

    def pause(self) -> None:
        try:
            self.read("(press Enter to go on) ")
        except EOFError:  # no terminal to wait for: show the rest at once
            self.pausing = False

    def ask(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError as exc:
            raise PlayError("play.input_closed", "the terminal closed: the game stops") from exc

    def option_text(self, a: Action) -> str:
        if a.kind == "pass":
            return "do nothing"
        targets = [
            "yourself" if p == self.seat and len(a.players) == 1 else self.words.who(p)
            for p in a.players
        ] + [f"centre card {slot(c)}" for c in a.centre]  # "vote yourself", not "vote you"
        kind = OPTIONS.get(a.kind, a.kind.replace("_", " "))
        return kind + (" " + " and ".join(targets) if targets else "")

    def decide(self, view: SeatView, decision: Decision) -> Action:
        self.catch_up(view)
        if decision.kind == "werewolf_wake" and decision.allows(decision.default):
            # Every night, a Werewolf wakes with the pack: not a question worth asking.
            return decision.default
        if len(decision.options) == 1:
            # Nothing to choose (a Lupus Ghost at its card's call, called so that the table
            # cannot tell which card it held): the only option, without a question.
            return decision.options[0]
        self.write(f"Your decision ({decision_words(decision.kind)}):")
        pairs = [a for a in decision.options if len(a.players) == 2 and not a.centre]
        if len(decision.options) > MAX_LISTED and len(pairs) >= len(decision.options) - 1:
            return self.pick_two(decision, pairs)
        for i, a in enumerate(decision.options, start=1):
            self.write(f"  {i}. {self.option_text(a)}")
        while True:
            number = typed_number(self.ask("> ").strip())
            if number is not None and 1 <= number <= len(decision.options):
                return decision.options[number - 1]
            self.write(f"Type a number from 1 to {len(decision.options)}.")

    def pick_two(self, decision: Decision, pairs: Sequence[Action]) -> Action:
        """A choice of two players among many (a Troublemaker at a large table): ask for
        two seat numbers rather than list every pair."""
        seats = sorted({p for a in pairs for p in a.players})
        kind = OPTIONS.get(pairs[0].kind, pairs[0].kind.replace("_", " "))
        rest = [a for a in decision.options if a not in pairs]
        self.write(
            f"  {kind} the cards of two players: "
            + ", ".join(f"{s + 1} {self.words.who(s)}" for s in seats)
        )
        if rest:
            self.write(f"  or 0 to {self.option_text(rest[0])}")
        while True:
            words = self.ask("two numbers> ").replace(",", " ").split()
            if rest and words == ["0"]:
                return rest[0]
            numbers = [typed_number(w) for w in words]
            if len(words) == 2 and all(x is not None for x in numbers):
                chosen = {x - 1 for x in numbers if x is not None}
                for a in pairs:
                    if set(a.players) == chosen:
                        return a
            self.write(
                "Type the numbers of two different players, as '3 5'" + (", or 0." if rest else ".")
            )

    def speak(self, view: SeatView) -> Statement | None:
        self.catch_up(view)
        if self.family == "lupus":
            hint = (
                "a claim such as 'claim seer look 3 saw 3=werewolf' or 'claim medium saw 4=human' "
                "(seats by number, 'me' for yourself; a sighting is werewolf or human)"
            )
        elif self.family == "thiercelieux":
            deck = view.public.get("deck")
            thief = isinstance(deck, list | tuple) and "thief" in [str(c) for c in deck]
            hint = (
                "a claim such as 'claim seer look 3 saw 3=werewolf' or 'claim witch' "
                "(seats by number, 'me' for yourself"
                + (", the Thief's two cards as c1 c2)" if thief else ")")
            )
        else:
            hint = (
                "a claim such as 'claim seer look 3 saw 3=werewolf' "
                "(seats by number, centre cards as c1 c2 c3, 'me' for yourself)"
            )
        self.write(f"Your turn to talk: free text, or {hint}; an empty line to stay silent.")
        while True:
            line = self.ask("say> ").strip()
            if not line:
                return None
            if line.lower() != "claim" and not line.lower().startswith("claim "):
                return Statement(line)
            try:
                claim = parse_claim(line[6:], len(self.words.names), self.seat, self.family)
            except ScriptError as exc:
                self.write(
                    f"I could not read that claim [{exc.code}]: {exc.message}. "
                    "Nothing was said; try again, or an empty line to stay silent."
                )
                continue
            return Statement("", claim)

    def game_over(self, view: SeatView) -> None:
        self.catch_up(view)


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description=(
            "Take a seat in the terminal; bots fill the other seats. You see only what your "
            "seat may know. At the end every card is shown, with the night step by step and "
            "what each player knew."
        ),
    )
    parser.add_argument("family", nargs="?", default="one-night", help=FAMILY_HELP)
    parser.add_argument("--scenario", "-s", help=SCENARIO_HELP)
    parser.add_argument("--deck", help="comma-separated cards, instead of a scenario")
    parser.add_argument("--players", "-p", type=whole(1, MAX_PLAYERS), help=PLAYERS_HELP)
    parser.add_argument(
        "--seat", type=whole(1, MAX_PLAYERS), default=1, help="your seat, from 1 (1)"
    )
    parser.add_argument("--name", default="Player", help="your name at the table (Player)")
    parser.add_argument(
        "--bots",
        "-b",
        default="sensible",
        help=(
            "the other seats' bots (sensible): a kind, or WHERE=KIND as in 'loupgarou simulate' "
            "(WHERE: '*', a side, a seat number counted from 1 like --seat, or a player's name)"
        ),
    )
    parser.add_argument(
        "--seed",
        type=whole(-MAX_SEED, MAX_SEED),
        help="seed of the deal and the bots (random if not given)",
    )
    parser.add_argument(
        "--option", "-o", action="append", default=[], metavar="NAME=VALUE", help="a table option"
    )
    parser.add_argument(
        "--agent-timeout",
        type=seconds(MAX_AGENT_SECONDS),
        default=5.0,
        help=f"seconds an external agent has per answer (5; at most {MAX_AGENT_SECONDS:g})",
    )
    parser.set_defaults(func=handle)


def handle(
    args: argparse.Namespace,
    *,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    family = find_family(args.family)
    scenario = args.scenario
    deck = tuple(c.strip() for c in args.deck.split(",") if c.strip()) if args.deck else ()
    if not scenario and not deck and family.name == "one-night":
        scenario = "premiere-nuit"
    table = table_spec(
        family,
        args.players if args.players is not None else default_players(family, scenario, deck),
        scenario=scenario,
        deck=deck,
        options=tuple(parse_option(o) for o in args.option),
    )
    n = table.players
    problem = name_problem(args.name.strip())
    if problem is not None:
        raise SetupError("setup.bad_name", f"--name: {problem}")
    args.name = args.name.strip()
    me = args.seat - 1
    if not 0 <= me < n:
        raise ScriptError("script.bad_seat", f"--seat must be from 1 to {n}")
    names = table_names(n, me, args.name)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    config = GameConfig(family.name, tuple(names), table.deck, dict(table.options))
    match = Match(family, config, SeededChance(f"{seed}:chance"))
    entry = family_bots(family.name)
    roles = starting_roles(match)
    assignment = SimSpec(table, bots_from_flag(args.bots, family.name, n, names))
    check_bots(assignment)
    if str(me) in (where for where, _ in assignment.bots):
        raise ScriptError(
            "script.bad_bots",
            f"seat {args.seat} is yours ({args.name}): --bots places bots in the other seats",
        )
    bots: list[Bot] = []
    person = TerminalSeat(me, names, read=read, write=write, family=family.name)
    for s in range(n):
        if s == me:
            bots.append(person)
            continue
        kind = kind_for(assignment, s, entry.side_of(roles[s]))
        bots.append(
            factory(family.name, kind, agent_timeout=getattr(args, "agent_timeout", 5.0))(
                s, random.Random(f"{seed}:seat{s}")
            )
        )
    write(
        f"{family.title}: {n} players ({', '.join(names)}); you are {args.name}, seat {args.seat}. Seed {seed}."
    )
    seats = Table(match, bots, rng=random.Random(f"{seed}:table"), entry=entry)
    seats.play()
    for line in epilogue(match, roles):
        write(line)
    for line in replaced_answers(seats, names):
        write(line)
    return 0


def replaced_answers(table: Table, names: Sequence[str]) -> list[str]:
    """Which bot's answers were replaced by the default, for which decision, and why."""
    if not table.log.faults:
        return []
    out = ["", "Answers replaced by the default:"]
    for seat, decision, code, message in table.log.faults:
        why = WHY.get(code, code)
        out.append(f"  {names[seat]} (seat {seat + 1}), decision '{decision}': {why} ({message})")
    return out


def epilogue(match: Match, roles: Sequence[str]) -> list[str]:
    """The end of the game: every card, the night step by step, each player's knowledge, the verdict."""
    names = match.players
    words = Words(names, None, match.config.family)
    out = ["", "=== The game is over ==="]
    out.append(
        "Starting cards: "
        + "; ".join(f"{names[s]}: {role_name(r)}" for s, r in enumerate(roles))
        + "."
    )
    for e in match.events:
        if e.kind == "cards_revealed":
            out.append(words.event(e) or "")
        if e.kind == "deal" and "cards" in e.data and len(e.data["cards"]) > len(names):
            out.append("Centre at the deal: " + role_names(e.data["cards"][len(names) :]) + ".")
    out.append("")
    out.append("What happened, step by step:")
    for e in match.events:
        if e.kind in ("statement", "cards_revealed", "game_over", "deal", "dealt"):
            continue
        line = words.event(e)
        if line:
            out.append("  " + line.strip())
    out.append("")
    out.append("What each player knew:")
    for s, name in enumerate(names):
        mine = [
            words.event(e)
            for e in match.events
            if not e.audience.everyone and e.audience.includes(s) and e.kind != "voted"
        ]
        lines = [x for x in mine if x]
        out.append(f"  {name}: " + (" ".join(lines) if lines else "nothing but what everyone saw."))
    outcome = match.outcome
    assert outcome is not None
    out.append("")
    if outcome.winners:
        out.append(
            "Winners: "
            + ", ".join(names[s] for s in sorted(outcome.winners))
            + f" ({', '.join(sorted(outcome.teams))})."
        )
    else:
        out.append("Nobody wins.")
    for reason in outcome.reasons:
        out.append(f"  - {with_names(reason.text, names)}")
    return out


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - convenience
    from loupgarou.cli.main import main as run

    return run(["play", *(argv or sys.argv[1:])])
