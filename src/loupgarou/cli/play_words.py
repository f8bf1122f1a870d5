"""Sentences for events, as ``loupgarou play`` shows them to the person at the terminal.

Contract: :class:`Words` turns an event of any family into one English sentence for one
table (the players' names, "you" for the person's own seat), or None for an event that
tells a player nothing; an event it has no sentence for is shown in a plain generic form,
never dropped (``tests/sim/test_wording.py`` plays every family and checks that no event
needs that form).  Given a seat's events in order, it remembers the one thing a sentence
needs from before: who holds Lupus in Tabula's Welcome card, from which a tied vote is
settled.  :func:`role_words` names a role inside a sentence.  Nothing here reads or
changes a game: it only words what it is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from loupgarou.core.actions import Action
from loupgarou.core.events import JSON, Event
from loupgarou.scripting.lupus_story import cut_tie
from loupgarou.scripting.words import slot
from loupgarou.variants.lupus.roles import HUMAN

_NAMES: dict[str, str] = {}
"""Every family's English role names, by role key (filled on first use)."""


DID: Mapping[str, str] = {
    "look": "looked at",
    "peek": "peeked at",
    "spy": "spied on",
    "rob": "robbed",
    "swap": "swapped",
    "take": "took",
    "copy": "copied",
    "pair": "paired",
    "protect": "protected",
    "heal": "healed",
    "poison": "poisoned",
    "shoot": "shot",
    "vote": "voted for",
}
"""What a claimed action says it did, as a past verb (the others are quoted by name)."""


def did_words(kind: str, targets: Sequence[str], *, mine: bool = False) -> str:
    """ "says they robbed Bob", "says they swapped Bob and Cy", "says they did 'wake'";
    ``mine``: "say you robbed Bob" (the player's own claim, after "You")."""
    whom = " and ".join([", ".join(targets[:-1]), targets[-1]] if len(targets) > 2 else targets)
    says = "say you" if mine else "says they"
    verb = DID.get(kind)
    if verb is None:
        return f"{says} did '{kind}'" + (f" on {whom}" if whom else "")
    return f"{says} {verb} {whom}" if whom else f"{says} {verb}"


def role_name(role: JSON) -> str:
    """A role's name as the box prints it ("Little Girl", "Doppelgänger"), not its key."""
    if not _NAMES:
        from loupgarou.narration.locale import FAMILIES, load_locale

        for family in FAMILIES:
            for key, name in load_locale("en", family).roles.items():
                _NAMES.setdefault(key, name.one)
    key = str(role)
    found = _NAMES.get(key)
    if found is not None:
        return found
    if key.endswith("s") and key[:-1] in _NAMES:  # a group: "werewolves"
        return _NAMES[key[:-1]] + "s"
    return key.replace("_", " ").title()


def role_names(roles: Sequence[JSON]) -> str:
    """Cards in a list: "Werewolf, Werewolf, Seer"."""
    return ", ".join(role_name(r) for r in roles)


def role_words(role: JSON) -> str:
    text = str(role)
    if text in ("werewolf", "villager", "mason", "freemason"):
        return f"a {role_name(text)}"
    if text == "cupid":
        return "Cupid"
    if text == HUMAN:
        return "human, not a Werewolf"
    return f"the {role_name(text)}"


def _called(step: JSON) -> str:
    """The role (or group) a night step calls: "the Seer", "the Werewolves"."""
    text = str(step)
    if text in ("werewolf", "werewolves", "werewolf_vote", "pack"):
        return "the Werewolves"
    if text in ("mason", "masons", "freemason", "freemasons"):
        return f"the {role_name(text.rstrip('s'))}s"
    if text == "cupid":
        return "Cupid"
    if text == "lovers":  # both wake, to know each other
        return "the Lovers"
    if text.startswith("doppelganger_"):  # the Doppelgänger who copied a role that wakes
        return f"the {role_name('doppelganger')}-{role_name(text.removeprefix('doppelganger_'))}"
    return f"the {role_name(text)}"


DECISIONS: dict[str, str] = {
    "stage1": "name a suspect, out loud",
    "stage2": "the secret vote between the suspects",
    "defence": "your defence",
    "werewolves": "the Werewolves' victim",
    "werewolf_vote": "the Werewolves' victim",
    "captain_pick": "who becomes Captain",
    "captain_successor": "who takes the Captain's title after you",
    "little_girl": "spy on the Werewolves, or not",
    "hunter": "the Hunter's last shot",
    "mythomaniac": "whom to imitate",
}
"""How ``play`` names a decision, where its kind is not plain words already."""

OPTIONS: dict[str, str] = {"rest": "I have said all I have to say", "spy": "spy"}
"""How ``play`` names an option's kind, where it is not plain words already."""


def decision_words(kind: str) -> str:
    """A decision's kind in plain words: "the secret vote ...", "the Seer"."""
    if kind in DECISIONS:
        return DECISIONS[kind]
    role_name(kind)  # loads the names on first use
    if kind in _NAMES:
        return f"your turn as {role_words(kind)}"
    return kind.replace("_", " ")


def vote_words(vote: JSON) -> str:
    """A vote's name in plain words ("captain election", "the second vote")."""
    return (
        str(vote)
        .replace("_", " ")
        .replace("stage1", "the accusation")
        .replace("stage2", "the secret vote")
    )


class Words:
    """Turns events into sentences for one table (player names; 'you' for one seat)."""

    def __init__(self, names: Sequence[str], me: int | None, family: str | None = None) -> None:
        self.names = list(names)
        self.me = me
        self.family = family
        self.holder: int | None = None
        """Who holds the Welcome card (Lupus in Tabula), from the events worded so far."""
        self.brewed: set[str] = set()
        """The Witches (as worded) who used a potion at this call: she may keep the other."""

    def ghost(self, dead: Sequence[JSON]) -> str:
        """What a person who just died in Lupus in Tabula is told: a Ghost still votes."""
        if self.family != "lupus" or self.me is None or self.me not in dead:
            return ""
        return (
            " You are a Ghost now: you may not speak, but you still name a suspect in each "
            "day's first round."
        )

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

    def claim(self, raw: JSON, *, mine: bool = False) -> str:
        """A claim in words: "claims to be the Seer; says they looked at Bob; ...";
        ``mine``, the player's own, to follow "You": "claim to be the Seer; say you
        looked at Bob; ..."."""
        if self.family == "lupus":
            return self._lupus_claim(raw, mine)
        claims, says = ("claim", "say") if mine else ("claims", "says")
        parts = []
        if raw.get("role"):
            # One Night's cards move in the night: a claim is of the card one started with.
            started = "to be" if self.family == "thiercelieux" else "to have started as"
            parts.append(f"{claims} {started} {role_words(raw['role'])}")
        did = raw.get("did")
        if did:
            action = Action.from_json(did)
            targets = [self.who(p) for p in action.players] + [
                f"centre card {slot(c)}" for c in action.centre
            ]
            parts.append(did_words(action.kind, targets, mine=mine))
        for s in raw.get("saw", ()):
            place = (
                f"centre card {slot(int(s['centre']))}"
                if s.get("centre") is not None
                else f"{self.whose(s.get('seat'))} card"
            )
            parts.append(f"{says} {place} was {role_words(s['role'])}")
        return "; ".join(parts)

    def tie(self, counts: Mapping[int, int], places: int, leaders: Sequence[int] = ()) -> str:
        """How a Lupus in Tabula day vote's tie across the ``places`` most voted was
        settled ("; Ann and you tied at 2 votes: Ann comes first going clockwise from Bob,
        who holds the Welcome card"), or "" when none had to be.  ``leaders`` with no vote
        were drawn among everyone with none ("; nobody else had a vote: Ann comes first
        ...")."""
        n = len(self.names)
        start = 0 if self.holder is None else (self.holder + 1) % n
        where = (
            f"from {self.who(self.holder)}, who {'hold' if self.holder == self.me else 'holds'} "
            "the Welcome card"
            if self.holder is not None
            else f"from {self.whose(0)} seat (nobody holds the Welcome card yet)"
        )
        unvoted = [s for s in leaders if not counts.get(s)]
        if unvoted:
            return f"; nobody else had a vote: {self._first(unvoted)} first going clockwise {where}"
        tied = cut_tie(counts, sorted(counts), start, n, places)
        if not tied:
            return ""
        votes = counts[tied[0]]
        taken = places - sum(1 for c in counts.values() if c > votes)
        return (
            f"; {' and '.join(self.who(s) for s in tied)} tied at {votes} "
            f"vote{'' if votes == 1 else 's'}: {self._first(tied[:taken])} first going "
            f"clockwise {where}"
        )

    def _first(self, seats: Sequence[int]) -> str:
        """Who comes first, with the verb: "Ann comes", "you come", "Ann and Bob come"."""
        verb = "come" if len(seats) > 1 or self.who(seats[0]) == "you" else "comes"
        return f"{' and '.join(self.who(s) for s in seats)} {verb}"

    def _lupus_claim(self, raw: JSON, mine: bool) -> str:
        """A Lupus in Tabula claim: cards are never shown, so a sighting says what a
        player *is* (for the Medium: what a lynched player *was*), ``human`` meaning
        "not a Werewolf"."""
        claims, says = ("claim", "say") if mine else ("claims", "says")
        parts = []
        role = raw.get("role")
        if role and str(role).strip().lower() == HUMAN:
            # not a role: what the Seer or the Medium would learn about this player
            parts.append(f"{claims} to be human (not a Werewolf)")
        elif role:
            parts.append(f"{claims} to be {role_words(role)}")
        did = raw.get("did")
        if did:
            action = Action.from_json(did)
            targets = [self.who(p) for p in action.players]
            parts.append(did_words(action.kind, targets, mine=mine))
        for s in raw.get("saw", ()):
            who = self.who(s.get("seat"))
            if role == "medium":
                verb = "were" if who == "you" else "was"
            else:
                verb = "are" if who == "you" else "is"
            parts.append(f"{says} {who} {verb} {role_words(s['role'])}")
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
            counts: dict[int, int] = {}
            for _, t in d["ballots"]:
                counts[int(t)] = counts.get(int(t), 0) + 1
            return (
                "The secret votes: "
                + "; ".join(f"{self.who(v)} -> {self.who(t)}" for v, t in d["ballots"])
                + self.tie(counts, 1)
                + "."
            )
        if k == "vote" and "stage" in d:  # Lupus: stage 1, aloud and in turn
            return f"{self.does(d['seat'], 'votes', 'vote')} for {self.who(d['target'])}."
        if k == "suspects":
            return f"The suspects: {self.whom(d['seats'])}."
        if k == "welcome_card":
            self.holder = int(d["seat"])
            return f"{self.does(d['seat'], 'holds', 'hold')} the Welcome card."
        if k == "seen" and "werewolf" in d:
            verdict = "a Werewolf" if d["werewolf"] else "not a Werewolf"
            return f"{you} pointed at {self.who(d['seat'])}: {verdict}."
        if k == "cards_revealed" and "cards" in d:
            cards = "; ".join(f"{self.who(s)}: {role_name(r)}" for s, r in enumerate(d["roles"]))
            return f"The cards at the end: {cards}."
        if k in ("night_begins", "game_begins"):
            deck = d.get("deck")
            night = d.get("night")
            if k == "game_begins":
                head = "The game begins."
            else:
                head = f"Night {night} falls." if night else "Night falls."
            return head + (f" The cards in play: {role_names(deck)}." if deck else "")
        if k == "deck_redrawn":
            return f"The deck was drawn again ({d['reason']})."
        if k == "deck_drawn":
            return f"The deck drawn: {role_names(d['deck'])}."
        if k == "dealt":
            return f"{you} received {role_words(d['role'])}."
        if k == "night_step":
            return f"  (The narrator calls {_called(d['step'])}.)"
        if k in ("werewolves", "pack"):
            if len(d["seats"]) == 1:  # One Night's lone Werewolf, a pack of one left
                return f"{you} woke as the only Werewolf."
            return f"The Werewolves woke: {self.whom(d['seats'])}."
        if k == "werewolves_shown":
            return f"{you} saw the Werewolves: {self.whom(d['seats'])}."
        if k == "masons":
            return f"{you} woke with the Masons: {self.whom(d['seats'])}."
        if k == "copied":
            return f"{you} copied {self.who(d['seat'])}: {role_words(d['role'])}."
        if k == "card_seen":
            return f"{you} looked at {self.whose(d['seat'])} card: {role_words(d['role'])}."
        if k == "centre_seen":
            return f"{you} looked at centre card {slot(int(d['centre']))}: {role_words(d['role'])}."
        if k == "robbed":
            return f"{you} took {self.whose(d['seat'])} card, which is {role_words(d['role'])}."
        if k == "swapped":
            a, b = d["seats"]
            return f"{you} swapped the cards of {self.who(a)} and {self.who(b)}."
        if k == "took_centre":
            return f"{you} swapped with centre card {slot(int(d['centre']))}, without looking."
        if k == "own_card":
            return f"{you} looked at {'your' if you == 'You' else 'their'} own card: {role_words(d['role'])}."
        if k == "declined" and d.get("step") == "witch":
            return f"{you} used no {'other ' if you in self.brewed else ''}potion."
        if k == "declined":
            step = d.get("step")
            return f"{you} did nothing" + (f" (as {_called(step)})." if step else ".")
        if k in ("day_begins",):
            day = d.get("day")
            return f"Day {day} breaks." if day else "Day breaks: time to talk, then to vote."
        if k == "statement":
            who = self.who(d["seat"])
            who = "You" if who == "you" else who
            text = str(d.get("text", "")).strip()
            claim = d.get("claim")
            if claim and not text:  # "Bob: claims to be ...", "You claim to be ..."
                if d["seat"] == self.me:
                    return f"You {self.claim(claim, mine=True)}"
                return f"{who}: {self.claim(claim)}"
            return f'{who}: "{text}"' if text else f"{who}:"
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
                f"The votes ({vote_words(d['vote'])}): "
                + "; ".join(f"{self.who(v)} -> {self.who(t)}" for v, t in d["ballots"])
                + "."
            )
        if k == "death":
            cause = "shot by the Hunter" if d.get("cause") == "hunter" else "voted out"
            return f"{self.does(d['seat'], 'dies', 'die')} ({cause})."
        if k == "cards_revealed":
            cards = "; ".join(f"{self.who(s)}: {role_name(r)}" for s, r in enumerate(d["players"]))
            if "effective" in d:
                return f"The cards at the end: {cards}. Centre: {role_names(d['centre'])}."
            return f"The cards: {cards}."
        if k == "game_over":
            return None
        if k == "dawn":
            when = f"of day {d['day']}" if "day" in d else f"after night {d.get('night', '')}"
            return (
                f"Dawn {when.strip()}: "
                + (
                    f"{self.whom(d['deaths'])} died in the night."
                    if d["deaths"]
                    else "nobody died in the night."
                )
                + self.ghost(d["deaths"])
            )
        if k == "card_revealed":
            return f"{self.does(d['seat'], 'was', 'were')} {role_words(d['role'])}."
        if k == "lynched":
            return f"{self.does(d['seat'], 'is', 'are')} lynched." + self.ghost([d["seat"]])
        if k == "vote_opens":
            return f"Vote: {vote_words(d['vote'])}, among {self.whom(d['candidates'])}."
        if k == "captain_elected":
            return f"{self.does(d['seat'], 'is', 'are')} the Captain."
        if k == "shot":
            return f"The Hunter {self.who(d['hunter'])} shoots {self.who(d['seat'])}."
        if k == "grief":
            return f"{self.does(d['seat'], 'dies', 'die')} of grief."
        if k == "victim_shown":  # the Witch's call begins
            self.brewed.discard(you)
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
            most_first = sorted(d["counts"], key=lambda c: -int(c[1]))  # seat order among equals
            counted = ", ".join(f"{self.who(s)} ({n})" for s, n in most_first)
            tie = self.tie({int(s): int(n) for s, n in d["counts"]}, 2, d["leaders"])
            return f"The votes counted: {counted}. Most accused: {self.whom(d['leaders'])}{tie}."
        if k == "owl_pick":
            replaced = d.get("replaced")
            if replaced is None:
                return f"The Owl's choice, {self.who(d['seat'])}, is one of them already."
            return (
                f"The Owl's choice, {self.who(d['seat'])}, stands accused too, "
                f"in place of {self.who(replaced)}."
            )
        if k == "rested":
            who = self.who(d["seat"])
            if who == "you":
                return "You have said all you had to say in your defence."
            return f"{who} has said all they had to say in their defence."
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
                f"{you} took set-aside card {slot(int(d['centre']))}, {role_words(d['role'])}, "
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
        if k in ("healed", "poisoned"):
            self.brewed.add(you)
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
