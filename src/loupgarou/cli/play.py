"""``loupgarou play``: one person takes a seat in the terminal; bots fill the others.

The person is a seat like any other: :class:`TerminalSeat` implements the bot
protocol (:mod:`loupgarou.bots.protocol`) with choices typed in the terminal,
and sees exactly that seat's view, printed as it grows.  At night they answer
when called; by day they read the bots' claims, make their own (a structured
claim or free text) and vote.  At the end every card is shown, the night is
told step by step, each player's private knowledge is listed, and the verdict
says who won and why.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from loupgarou.bots.protocol import Bot
from loupgarou.bots.registry import factory, family_bots
from loupgarou.cli.simulate import (
    FAMILY_HELP,
    PLAYERS_HELP,
    SCENARIO_HELP,
    default_players,
    parse_option,
)
from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import SeededChance
from loupgarou.core.errors import LoupGarouError, ScriptError
from loupgarou.core.events import JSON, Event
from loupgarou.core.statements import Claim, Sighting, Statement
from loupgarou.core.variant import GameConfig
from loupgarou.engine.match import Match
from loupgarou.engine.views import SeatView
from loupgarou.sim.runner import SimSpec, check_bots, kind_for, parse_bots, starting_roles
from loupgarou.sim.scenarios import table_spec
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


class PlayError(LoupGarouError):
    """The solo game cannot go on (the terminal closed)."""

    kind = "play"


# --- words ---------------------------------------------------------------------------------


HUMAN = "human"
"""A Lupus in Tabula sighting's other answer: the Seer and the Medium learn "a Werewolf"
or "not a Werewolf" (``human``), never the role."""


def role_words(role: JSON) -> str:
    text = str(role).replace("_", " ")
    if text in ("werewolf", "villager", "mason", "freemason"):
        return f"a {text.capitalize()}"
    if text == "cupid":
        return "Cupid"
    if text == HUMAN:
        return "human, not a Werewolf"
    return f"the {text.title()}"


class Words:
    """Turns events into sentences for one table (player names; 'you' for one seat)."""

    def __init__(self, names: Sequence[str], me: int | None, family: str | None = None) -> None:
        self.names = list(names)
        self.me = me
        self.family = family

    def who(self, seat: JSON) -> str:
        if seat is None:
            return "nobody"
        s = int(seat)
        if s == self.me:
            return "you"
        return self.names[s] if 0 <= s < len(self.names) else f"seat {s}"

    def does(self, seat: JSON, third: str, second: str) -> str:
        """The start of a sentence about ``seat``: "Bob holds", or "You hold" for oneself."""
        who = self.who(seat)
        return f"You {second}" if who == "you" else f"{who} {third}"

    def whose(self, seat: JSON) -> str:
        """The possessive: "Bob's", or "your" for oneself."""
        who = self.who(seat)
        return "your" if who == "you" else f"{who}'s"

    def whom(self, seats: Sequence[JSON]) -> str:
        return ", ".join(self.who(s) for s in seats) or "nobody"

    def subject(self, event: Event) -> str:
        seats = sorted(event.audience.seats)
        if self.me is not None and self.me in seats:
            return "You"
        return self.whom(seats)

    def claim(self, raw: JSON) -> str:
        if self.family == "lupus":
            return self._lupus_claim(raw)
        parts = []
        if raw.get("role"):
            parts.append(f"claims to have started as {role_words(raw['role'])}")
        did = raw.get("did")
        if did:
            action = Action.from_json(did)
            targets = [self.who(p) for p in action.players] + [
                f"centre card {c + 1}" for c in action.centre
            ]
            parts.append(
                f"says they did '{action.kind}'" + (f" on {', '.join(targets)}" if targets else "")
            )
        for s in raw.get("saw", ()):
            place = (
                f"centre card {int(s['centre']) + 1}"
                if s.get("centre") is not None
                else f"{self.whose(s.get('seat'))} card"
            )
            parts.append(f"says {place} was {role_words(s['role'])}")
        return "; ".join(parts)

    def _lupus_claim(self, raw: JSON) -> str:
        """A Lupus in Tabula claim: cards are never shown, so a sighting says what a
        player *is* (for the Medium: what a lynched player *was*), ``human`` meaning
        "not a Werewolf"."""
        parts = []
        role = raw.get("role")
        if role and str(role).strip().lower() == HUMAN:
            # not a role: what the Seer or the Medium would learn about this player
            parts.append("claims to be human (not a Werewolf)")
        elif role:
            parts.append(f"claims to be {role_words(role)}")
        did = raw.get("did")
        if did:
            action = Action.from_json(did)
            targets = [self.who(p) for p in action.players]
            parts.append(
                f"says they did '{action.kind}'" + (f" on {', '.join(targets)}" if targets else "")
            )
        for s in raw.get("saw", ()):
            who = self.who(s.get("seat"))
            if role == "medium":
                verb = "were" if who == "you" else "was"
            else:
                verb = "are" if who == "you" else "is"
            parts.append(f"says {who} {verb} {role_words(s['role'])}")
        return "; ".join(parts)

    def event(self, e: Event) -> str | None:
        """The sentence for an event (None: nothing to say); a family's events this
        class does not word are shown plainly, never dropped."""
        try:
            return self._event(e)
        except (KeyError, TypeError, ValueError):
            return self._plain(e)

    def _plain(self, e: Event) -> str:
        you = self.subject(e)
        plain = ", ".join(f"{key} {value}" for key, value in e.data.items())
        return f"{you if not e.audience.everyone else 'Everyone'}: {e.kind.replace('_', ' ')}" + (
            f" ({plain})" if plain else ""
        )

    def _event(self, e: Event) -> str | None:
        d = e.data
        k = e.kind
        you = self.subject(e)
        if k == "votes_revealed" and "ballots" in d:  # Lupus: the secret stage 2
            return (
                "The secret votes: "
                + "; ".join(f"{self.who(v)} -> {self.who(t)}" for v, t in d["ballots"])
                + "."
            )
        if k == "vote" and "stage" in d:  # Lupus: stage 1, aloud and in turn
            return f"{self.does(d['seat'], 'votes', 'vote')} for {self.who(d['target'])}."
        if k == "suspects":
            return f"The suspects: {self.whom(d['seats'])}."
        if k == "welcome_card":
            return f"{self.does(d['seat'], 'holds', 'hold')} the Welcome card."
        if k == "seen" and "werewolf" in d:
            verdict = "a Werewolf" if d["werewolf"] else "not a Werewolf"
            return f"{you} pointed at {self.who(d['seat'])}: {verdict}."
        if k == "cards_revealed" and "cards" in d:
            cards = "; ".join(f"{self.who(s)}: {r}" for s, r in enumerate(d["roles"]))
            return f"The cards at the end: {cards}."
        if k in ("night_begins", "game_begins"):
            deck = d.get("deck")
            night = d.get("night")
            head = f"Night {night} falls." if night else "Night falls."
            return head + (
                f" The cards in play: {', '.join(str(r) for r in deck)}." if deck else ""
            )
        if k == "deck_redrawn":
            return f"The deck was drawn again ({d['reason']})."
        if k == "deck_drawn":
            return f"The deck drawn: {', '.join(str(r) for r in d['deck'])}."
        if k == "dealt":
            return f"{you} received {role_words(d['role'])}."
        if k == "night_step":
            return f"  ({str(d['step']).replace('_', ' ')} called)"
        if k in ("werewolves", "pack"):
            return f"{you} woke with the Werewolves: {self.whom(d['seats'])}."
        if k == "werewolves_shown":
            return f"{you} saw the Werewolves: {self.whom(d['seats'])}."
        if k == "masons":
            return f"{you} woke with the Masons: {self.whom(d['seats'])}."
        if k == "copied":
            return f"{you} copied {self.who(d['seat'])}: {role_words(d['role'])}."
        if k == "card_seen":
            return f"{you} looked at {self.whose(d['seat'])} card: {role_words(d['role'])}."
        if k == "centre_seen":
            return f"{you} looked at centre card {int(d['centre']) + 1}: {role_words(d['role'])}."
        if k == "robbed":
            return f"{you} took {self.whose(d['seat'])} card, which is {role_words(d['role'])}."
        if k == "swapped":
            a, b = d["seats"]
            return f"{you} swapped the cards of {self.who(a)} and {self.who(b)}."
        if k == "took_centre":
            return f"{you} swapped with centre card {int(d['centre']) + 1}, without looking."
        if k == "own_card":
            return f"{you} looked at {'your' if you == 'You' else 'their'} own card: {role_words(d['role'])}."
        if k == "declined":
            return f"{you} did nothing ({str(d.get('step', '')).replace('_', ' ')})."
        if k in ("day_begins",):
            day = d.get("day")
            return f"Day {day} breaks." if day else "Day breaks: time to talk, then to vote."
        if k == "statement":
            who = self.who(d["seat"])
            who = "You" if who == "you" else who
            text = str(d.get("text", "")).strip()
            claim = d.get("claim")
            line = f'{who}: "{text}"' if text else f"{who}:"
            if claim and not text:
                line += " " + self.claim(claim)
            return line
        if k == "voted":
            target = d["seat"]
            if e.audience.seats == frozenset((target,)):
                return f"{you} voted for {'yourself' if you == 'You' else 'themselves'}."
            return f"{you} voted for {self.who(target)}."
        if k == "votes_revealed":
            return (
                "The votes: "
                + "; ".join(f"{self.who(v)} -> {self.who(t)}" for v, t in enumerate(d["votes"]))
                + "."
            )
        if k == "votes":
            return (
                f"The votes ({str(d['vote']).replace('_', ' ')}): "
                + "; ".join(f"{self.who(v)} -> {self.who(t)}" for v, t in d["ballots"])
                + "."
            )
        if k == "death":
            cause = "shot by the Hunter" if d.get("cause") == "hunter" else "voted out"
            return f"{self.does(d['seat'], 'dies', 'die')} ({cause})."
        if k == "cards_revealed":
            if "effective" in d:
                cards = "; ".join(f"{self.who(s)}: {r}" for s, r in enumerate(d["players"]))
                centre = ", ".join(str(r) for r in d["centre"])
                return f"The cards at the end: {cards}. Centre: {centre}."
            cards = "; ".join(f"{self.who(s)}: {r}" for s, r in enumerate(d["players"]))
            return f"The cards: {cards}."
        if k == "game_over":
            return None
        if k == "dawn":
            when = f"day {d['day']}" if "day" in d else f"the night {d.get('night', '')}".strip()
            return f"Dawn of {when}: " + (
                f"{self.whom(d['deaths'])} died in the night."
                if d["deaths"]
                else "nobody died in the night."
            )
        if k == "card_revealed":
            return f"{self.does(d['seat'], 'was', 'were')} {role_words(d['role'])}."
        if k == "lynched":
            return f"{self.does(d['seat'], 'is', 'are')} lynched."
        if k == "vote_opens":
            return f"Vote: {str(d['vote']).replace('_', ' ')}, among {self.whom(d['candidates'])}."
        if k == "captain_elected":
            return f"{self.does(d['seat'], 'is', 'are')} the Captain."
        if k == "shot":
            return f"The Hunter {self.who(d['hunter'])} shoots {self.who(d['seat'])}."
        if k == "grief":
            return f"{self.does(d['seat'], 'dies', 'die')} of grief."
        if k == "victim_shown":
            return f"{you} saw the pack's victim: {self.who(d.get('seat'))}."
        if k == "pack_victim":
            return f"The pack chose {self.who(d.get('seat'))}."
        if k == "deal":
            return None
        return self._family_event(e, you) or self._plain(e)

    def _family_event(self, e: Event, you: str) -> str | None:
        """Thiercelieux's and Lupus in Tabula's own night and vote events (None: not one)."""
        d = e.data
        k = e.kind
        if k in ("wolf_vote", "pack_vote"):
            return f"{self.does(d['seat'], 'chose', 'chose')} {self.who(d['target'])} to devour."
        if k == "victim":
            return f"The pack's victim: {self.who(d['seat'])}."
        if k == "woke":
            return f"{you} woke up to hunt with the pack."
        if k == "stayed_asleep":
            return f"{you} stayed asleep: no hunting tonight."
        if k == "starved":
            return f"No Werewolf woke to hunt: {self.whom(d['seats'])} starved."
        if k == "freemasons":
            return f"{you} woke with the Freemasons: {self.whom(d['seats'])}."
        if k == "medium":
            verdict = "a Werewolf" if d["werewolf"] else "not a Werewolf"
            return f"{you} learned that the late {self.who(d['seat'])} was {verdict}."
        if k == "protecting":
            return f"{you} watched over {self.who(d['seat'])} for the night."
        if k == "picked":
            return f"{you} named {self.who(d['seat'])} for the Owl."
        if k == "chose":
            return f"{you} chose to imitate {self.who(d['seat'])}."
        if k == "became":
            return f"{you} became {role_words(d['role'])}."
        if k == "night_result":
            return self._night_result(d)
        if k == "stage1_counted":
            counts = "; ".join(f"{self.who(s)} {n}" for s, n in d["counts"])
            return f"The votes counted: {counts}. Most accused: {self.whom(d['leaders'])}."
        if k == "owl_pick":
            replaced = d.get("replaced")
            instead = f" in place of {self.who(replaced)}" if replaced is not None else ""
            return f"The Owl's choice, {self.who(d['seat'])}, stands accused too{instead}."
        if k == "rested":
            return f"{self.does(d['seat'], 'ended', 'ended')} the defence."
        if k == "stage2_begins":
            return (
                f"The secret vote between {self.whom(d['suspects'])}; "
                f"voting: {self.whom(d['voters'])}."
            )
        if k == "set_aside_seen":
            cards = " and ".join(role_words(r) for r in d["roles"])
            return f"{you} looked at the two set-aside cards: {cards}."
        if k == "took":
            return (
                f"{you} took set-aside card {int(d['centre']) + 1}, {role_words(d['role'])}, "
                "and set the Thief aside."
            )
        if k == "paired":
            return f"{you} made {' and '.join(self.who(s) for s in d['seats'])} the Lovers."
        if k == "lovers":
            return f"Cupid's arrow: {' and '.join(self.who(s) for s in d['seats'])} are the Lovers."
        if k == "spying":
            return f"{you} peeked at the Werewolves."
        if k == "spied":
            return f"{you} saw the Werewolves unnoticed: {self.whom(d['seats'])}."
        if k == "caught":
            return f"{you} got caught spying by the Werewolves."
        if k == "little_girl_caught":
            return f"The pack caught the Little Girl, {self.who(d['seat'])}, spying."
        if k == "healed":
            return f"{you} healed {self.who(d['seat'])}."
        if k == "poisoned":
            return f"{you} poisoned {self.who(d['seat'])}."
        if k == "dusk":
            return f"Day {d['day']} ends."
        if k == "captain_named":
            return (
                f"{self.does(d['by'], 'hands', 'hand')} the Captain's title to "
                f"{self.who(d['seat'])} before dying."
            )
        if k == "captain_decides":
            return (
                f"{self.does(d['by'], 'settles', 'settle')} the tie as Captain, against "
                f"{self.who(d['seat'])}."
            )
        return None

    def _night_result(self, d: Mapping[str, JSON]) -> str:
        """The game master's summary of a Lupus in Tabula night."""
        parts = [f"the pack's victim {self.who(d['victim'])}"]
        if d.get("protected") is not None:
            parts.append(f"protected {self.who(d['protected'])}")
        seen = d.get("seen")
        if isinstance(seen, list) and seen:
            parts.append(f"seen by the Seer {self.whom(seen)}")
        if d.get("owl") is not None:
            parts.append(f"the Owl's choice {self.who(d['owl'])}")
        deaths = d.get("deaths")
        died = (
            ", ".join(f"{self.who(s)} ({str(c).replace('+', ' and ')})" for s, c in deaths)
            if isinstance(deaths, list) and deaths
            else "nobody"
        )
        return "The night, for the game master: " + "; ".join(parts) + f"; died: {died}."


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

    def catch_up(self, view: SeatView) -> None:
        for e in view.events[self.shown :]:
            line = self.words.event(e)
            if line:
                self.write(line)
        self.shown = len(view.events)

    def ask(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError as exc:
            raise PlayError("play.input_closed", "the terminal closed: the game stops") from exc

    def option_text(self, a: Action) -> str:
        if a.kind == "pass":
            return "do nothing"
        targets = [self.words.who(p) for p in a.players] + [
            f"centre card {c + 1}" for c in a.centre
        ]
        return a.kind.replace("_", " ") + (" " + " and ".join(targets) if targets else "")

    def decide(self, view: SeatView, decision: Decision) -> Action:
        self.catch_up(view)
        self.write(f"Your decision ({decision.kind.replace('_', ' ')}):")
        for i, a in enumerate(decision.options, start=1):
            self.write(f"  {i}. {self.option_text(a)}")
        while True:
            answer = self.ask("> ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1]
            self.write(f"Type a number from 1 to {len(decision.options)}.")

    def speak(self, view: SeatView) -> Statement | None:
        self.catch_up(view)
        if self.family == "lupus":
            hint = (
                "a claim such as 'claim seer look 3 saw 3=werewolf' or 'claim medium saw 4=human' "
                "(seats by number, 'me' for yourself; a sighting is werewolf or human)"
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


FAMILY_TITLES = {
    "one-night": "One Night",
    "thiercelieux": "Thiercelieux",
    "lupus": "Lupus in Tabula",
}


def _family_roles(family: str) -> tuple[Callable[[str], str | None], tuple[str, ...]]:
    """How ``family`` reads a role name, and its roles (nothing for an unknown family)."""
    if family == "one-night":
        from loupgarou.variants.one_night.roles import Role as OneNightRole
        from loupgarou.variants.one_night.roles import parse_role as one_night_role

        def one_night(word: str) -> str | None:
            found = one_night_role(word.replace("_", " "))
            return None if found is None else found.value

        return one_night, tuple(r.value for r in OneNightRole)
    if family == "thiercelieux":
        from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole
        from loupgarou.variants.thiercelieux.roles import parse_role as thiercelieux_role

        def thiercelieux(word: str) -> str | None:
            found = thiercelieux_role(word.replace("_", " "))
            return None if found is None else found.value

        return thiercelieux, tuple(r.value for r in ThiercelieuxRole)
    if family == "lupus":
        from loupgarou.variants.lupus.roles import Role as LupusRole
        from loupgarou.variants.lupus.roles import parse_role as lupus_role

        def lupus(word: str) -> str | None:
            found = lupus_role(word)
            return None if found is None else found.value

        return lupus, tuple(r.value for r in LupusRole)
    return (lambda word: None), ()


def _role_name(word: str, family: str | None = None, *, sighting: bool = False) -> str:
    """The role ``word`` names in ``family`` (any family when None); a Lupus sighting may
    also be ``human`` ("not a Werewolf").  ``script.bad_claim`` for anything else."""
    lupus = family in (None, "lupus")
    if lupus and word.strip().lower() in (HUMAN, "humain", "umano"):
        if sighting:
            return HUMAN
        raise ScriptError(
            "script.bad_claim",
            "'human' is what the Seer or the Medium learns about a player, not a role: "
            "claim your role (a plain human is a villager)",
        )
    for f in (family,) if family is not None else tuple(FAMILY_TITLES):
        role = _family_roles(f)[0](word)
        if role is not None:
            return role
    if family is None:
        raise ScriptError("script.bad_claim", f"'{word}' is not a role")
    known = ", ".join(_family_roles(family)[1])
    if known and family == "lupus" and sighting:
        known += "; a sighting may also be human"
    raise ScriptError(
        "script.bad_claim",
        f"'{word}' is not a {FAMILY_TITLES.get(family, family)} role"
        + (f" (known: {known})" if known else ""),
    )


def _place(token: str, n: int, me: int, family: str | None = None) -> tuple[int | None, int | None]:
    t = token.strip().lower()
    centre = family != "lupus"
    if t == "me":
        return me, None
    if centre and t.startswith("c") and t[1:].isdigit() and 1 <= int(t[1:]) <= 3:
        return None, int(t[1:]) - 1
    if t.isdigit() and 1 <= int(t) <= n:
        return int(t) - 1, None
    if not centre:
        raise ScriptError(
            "script.bad_claim",
            f"'{token}' is not a seat (1 to {n}) or 'me' (Lupus in Tabula has no centre cards)",
        )
    raise ScriptError("script.bad_claim", f"'{token}' is not a seat (1 to {n}), 'me' or c1 to c3")


def parse_claim(text: str, n: int, me: int, family: str | None = None) -> Claim:
    """``ROLE [VERB TARGET...] [saw PLACE=ROLE ...]`` (seats numbered from 1).

    ``family`` (``one-night``, ``thiercelieux``, ``lupus``; None: any) says which roles
    may be named.  In Lupus in Tabula a sighting may also be ``human`` (not a Werewolf:
    what the Seer and the Medium learn) and there are no centre cards.
    """
    words = text.split()
    if not words:
        raise ScriptError("script.bad_claim", "name a role first, as in 'claim villager'")
    role = _role_name(words[0], family)
    rest = words[1:]
    did: Action | None = None
    saw: list[Sighting] = []
    if "saw" in rest:
        cut = rest.index("saw")
        sightings, rest = rest[cut + 1 :], rest[:cut]
        for item in sightings:
            where, eq, seen = item.partition("=")
            if not eq or not seen:
                raise ScriptError("script.bad_claim", f"a sighting is PLACE=ROLE, got '{item}'")
            seat, centre = _place(where, n, me, family)
            saw.append(Sighting(_role_name(seen, family, sighting=True), seat, centre))
    if rest:
        verb = rest[0].lower()
        players: list[int] = []
        centre_slots: list[int] = []
        for token in rest[1:]:
            seat, centre = _place(token, n, me, family)
            if seat is not None:
                players.append(seat)
            if centre is not None:
                centre_slots.append(centre)
        did = Action(verb, tuple(players), tuple(centre_slots))
    return Claim(role, did, tuple(saw))


# --- the command ---------------------------------------------------------------------------


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
    parser.add_argument("--players", "-p", type=int, help=PLAYERS_HELP)
    parser.add_argument("--seat", type=int, default=1, help="your seat, from 1 (1)")
    parser.add_argument("--name", default="Player", help="your name at the table (Player)")
    parser.add_argument(
        "--bots",
        "-b",
        default="sensible",
        help=(
            "the other seats' bots (sensible): a kind, or WHERE=KIND as in 'loupgarou simulate' "
            "(WHERE: '*', a side, or a seat number counted from 0)"
        ),
    )
    parser.add_argument(
        "--seed", type=int, help="seed of the deal and the bots (random if not given)"
    )
    parser.add_argument(
        "--option", "-o", action="append", default=[], metavar="NAME=VALUE", help="a table option"
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
    me = args.seat - 1
    if not 0 <= me < n:
        raise ScriptError("script.bad_seat", f"--seat must be from 1 to {n}")
    names = table_names(n, me, args.name)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    config = GameConfig(family.name, tuple(names), table.deck, dict(table.options))
    match = Match(family, config, SeededChance(f"{seed}:chance"))
    entry = family_bots(family.name)
    roles = starting_roles(match)
    assignment = SimSpec(table, parse_bots(args.bots))
    check_bots(assignment)
    bots: list[Bot] = []
    person = TerminalSeat(me, names, read=read, write=write, family=family.name)
    for s in range(n):
        if s == me:
            bots.append(person)
            continue
        kind = kind_for(assignment, s, entry.side_of(roles[s]))
        bots.append(factory(family.name, kind)(s, random.Random(f"{seed}:seat{s}")))
    write(
        f"{family.title}: {n} players ({', '.join(names)}); you are {args.name}, seat {args.seat}. Seed {seed}."
    )
    Table(match, bots, rng=random.Random(f"{seed}:table"), entry=entry).play()
    for line in epilogue(match, roles):
        write(line)
    return 0


def epilogue(match: Match, roles: Sequence[str]) -> list[str]:
    """The end of the game: every card, the night step by step, each player's knowledge, the verdict."""
    names = match.players
    words = Words(names, None, match.config.family)
    out = ["", "=== The game is over ==="]
    out.append(
        "Starting cards: " + "; ".join(f"{names[s]}: {r}" for s, r in enumerate(roles)) + "."
    )
    for e in match.events:
        if e.kind == "cards_revealed":
            out.append(words.event(e) or "")
        if e.kind == "deal" and "cards" in e.data and len(e.data["cards"]) > len(names):
            out.append(
                "Centre at the deal: "
                + ", ".join(str(c) for c in e.data["cards"][len(names) :])
                + "."
            )
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
        out.append(f"  - {reason.text}")
    return out


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - convenience
    from loupgarou.cli.main import main as run

    return run(["play", *(argv or sys.argv[1:])])
