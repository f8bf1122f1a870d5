"""One Night events told as sentences, in the teller's language (English by default).

Contract: :class:`OneNightTeller` turns each One Night event into one
sentence, in the order the events happened; it remembers what earlier events
said (who was dealt what, what a Doppelgänger copied) so that each acting
player is labelled with the role they act as: "Bob (Seer) looked at Alice's
card: Werewolf.", "Ann (Doppelgänger-Robber) ...".  Fed only the events of one
seat's view, it never uses anything that seat does not know.  Players are
referred to without gendered pronouns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from loupgarou.core.events import JSON, Event, as_int
from loupgarou.scripting.dialect import Dialect, Teller
from loupgarou.scripting.family_kit import deck_summary
from loupgarou.scripting.speech import Speech
from loupgarou.scripting.words import slot
from loupgarou.variants.one_night.roles import Role, Team

STEPS = (
    "doppelganger",
    "doppelganger_minion",
    "werewolves",
    "minion",
    "masons",
    "seer",
    "robber",
    "troublemaker",
    "drunk",
    "insomniac",
    "doppelganger_insomniac",
)
"""The night's calls, each told by ``one_night.call.<step>``."""

TEAMS = frozenset(t.value for t in Team)


class OneNightTeller(Teller):
    """Sentences for One Night events; remembers who was dealt what and who copied what."""

    def __init__(
        self, dialect: Dialect, names: Sequence[str], speech: Speech | None = None
    ) -> None:
        super().__init__(dialect, names, speech)
        self.dealt: dict[int, str] = {}
        self.copied: dict[int, str] = {}

    def label(self, seat: int) -> str:
        """'Alice (Seer)', 'Ann (Doppelgänger-Robber)', or just 'Alice' if unknown."""
        role = self.dealt.get(seat)
        if role is None:
            return self.name(seat)
        if role == Role.DOPPELGANGER.value and seat in self.copied:
            return self.say(
                "one_night.label_copied", name=self.name(seat), card=self.role(self.copied[seat])
            )
        return self.say("label", name=self.name(seat), card=self.role(role))

    def names_of(self, seats: Sequence[JSON]) -> str:
        return self.join([self.name(int(s)) for s in seats])

    def deck_words(self, deck: Sequence[JSON]) -> str:
        return deck_summary([str(r) for r in deck], self.role)

    def tell(self, event: Event) -> str:
        d = event.data
        kind = event.kind
        say = self.say
        seats = sorted(event.audience.seats)
        actor = seats[0] if len(seats) == 1 else -1
        who = self.label(actor)
        if kind == "deal":
            cards = [str(c) for c in d["cards"]]
            n = len(self.names)
            for s in range(n):
                self.dealt[s] = cards[s]
            dealt = say("list.semicolon").join(
                say("holds", name=self.name(s), card=self.role(cards[s])) for s in range(n)
            )
            centre = ", ".join(self.role(c) for c in cards[n:])
            return say("one_night.deal", dealt=dealt, centre=centre)
        if kind == "night_begins":
            return say(
                "one_night.night_begins", players=d["players"], deck=self.deck_words(d["deck"])
            )
        if kind == "dealt":
            self.dealt[actor] = str(d["role"])
            return say("dealt", name=self.name(actor), card=self.role(str(d["role"])))
        if kind == "deck_drawn":
            return say("one_night.deck_drawn", deck=self.deck_words(d["deck"]))
        if kind == "deck_redrawn":
            return say("one_night.deck_redrawn")
        if kind == "night_step":
            step = str(d["step"])
            if step in STEPS:
                return say(f"one_night.call.{step}")
            return say("call.other", step=step)
        if kind == "copied":
            text = say(
                "one_night.copied",
                who=who,
                name=self.name(int(d["seat"])),
                card=self.role(str(d["role"])),
            )
            self.copied[actor] = str(d["role"])
            return text
        if kind == "werewolves":
            others = [s for s in d["seats"] if int(s) != actor]
            if not others:
                return say("one_night.werewolf_alone", who=who)
            key = "one_night.werewolf_other" if len(others) == 1 else "one_night.werewolves_other"
            return say(key, who=who, names=self.names_of(others))
        if kind == "werewolves_shown":
            if not d["seats"]:
                return say("one_night.no_werewolf", who=who)
            return say("one_night.werewolves_shown", who=who, names=self.names_of(d["seats"]))
        if kind == "masons":
            others = [s for s in d["seats"] if int(s) != actor]
            if not others:
                return say("one_night.mason_alone", who=who)
            key = "one_night.mason_other" if len(others) == 1 else "one_night.masons_other"
            return say(key, who=who, names=self.names_of(others))
        if kind == "card_seen":
            return say(
                "card_seen", who=who, name=self.name(int(d["seat"])), card=self.role(str(d["role"]))
            )
        if kind == "centre_seen":
            return say(
                "one_night.centre_seen",
                who=who,
                slot=slot(as_int(d["centre"])),
                card=self.role(str(d["role"])),
            )
        if kind == "robbed":
            return say(
                "one_night.robbed",
                who=who,
                name=self.name(int(d["seat"])),
                card=self.role(str(d["role"])),
            )
        if kind == "swapped":
            return say("one_night.swapped", who=who, names=self.names_of(d["seats"]))
        if kind == "took_centre":
            return say("one_night.took_centre", who=who, slot=slot(as_int(d["centre"])))
        if kind == "own_card":
            return say("one_night.own_card", who=who, card=self.role(str(d["role"])))
        if kind == "declined":
            return say("one_night.declined", who=who)
        if kind == "day_begins":
            return say("one_night.day_begins")
        if kind == "voted":
            return say("voted", voter=self.name(actor), name=self.name(int(d["seat"])))
        if kind == "votes_revealed":
            return self._votes(d["votes"])
        if kind == "cards_revealed":
            return self._reveal(d)
        if kind == "game_over":
            teams = ", ".join(self._team(str(t)) for t in d["teams"]) or say("no_team")
            return say("game_over", names=self.names_of(d["winners"]), teams=teams)
        return super().tell(event)

    def _team(self, team: str) -> str:
        return self.say(f"one_night.team.{team}") if team in TEAMS else team

    def _votes(self, votes: Sequence[JSON]) -> str:
        say = self.say
        pairs = say("list.semicolon").join(
            say("ballot", voter=self.name(s), name=self.name(int(t))) for s, t in enumerate(votes)
        )
        counts = Counter(int(t) for t in votes)
        tally = ", ".join(
            f"{self.name(s)} {c}" for s, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        return say("one_night.votes", pairs=pairs, tally=tally)

    def _reveal(self, d: Mapping[str, JSON]) -> str:
        say = self.say
        parts = []
        for s, (card, eff) in enumerate(zip(d["players"], d["effective"], strict=True)):
            shown = self.role(str(card))
            if eff != card:
                shown = say("one_night.standing_for", card=shown, role=self.role(str(eff)))
            parts.append(say("holds", name=self.name(s), card=shown))
        centre = ", ".join(self.role(str(c)) for c in d["centre"])
        text = say("one_night.reveal", cards=say("list.semicolon").join(parts), centre=centre)
        for copy in d.get("doppelganger", ()):
            text += " " + say(
                "one_night.reveal_copy",
                name=self.name(int(copy["seat"])),
                card=self.role(str(copy["copied"])),
            )
        return text
