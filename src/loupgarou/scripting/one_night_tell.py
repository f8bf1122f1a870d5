"""One Night events told as English sentences.

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
from loupgarou.scripting.one_night_names import deck_summary, english
from loupgarou.scripting.words import and_list, slot
from loupgarou.variants.one_night.roles import Role

STEP_CALLS = {
    "doppelganger": "The Doppelgänger is called.",
    "doppelganger_minion": "The Doppelgänger is called again, in case she copied the Minion.",
    "werewolves": "The Werewolves are called.",
    "minion": "The Minion is called.",
    "masons": "The Masons are called.",
    "seer": "The Seer is called.",
    "robber": "The Robber is called.",
    "troublemaker": "The Troublemaker is called.",
    "drunk": "The Drunk is called.",
    "insomniac": "The Insomniac is called.",
    "doppelganger_insomniac": "The Doppelgänger is called again, in case she copied the Insomniac.",
}


class OneNightTeller(Teller):
    """Sentences for One Night events; remembers who was dealt what and who copied what."""

    def __init__(self, dialect: Dialect, names: Sequence[str]) -> None:
        super().__init__(dialect, names)
        self.dealt: dict[int, str] = {}
        self.copied: dict[int, str] = {}

    def label(self, seat: int) -> str:
        """'Alice (Seer)', 'Ann (Doppelgänger-Robber)', or just 'Alice' if unknown."""
        role = self.dealt.get(seat)
        if role is None:
            return self.name(seat)
        if role == Role.DOPPELGANGER.value and seat in self.copied:
            return f"{self.name(seat)} (Doppelgänger-{english(self.copied[seat])})"
        return f"{self.name(seat)} ({english(role)})"

    def names_of(self, seats: Sequence[JSON]) -> str:
        return and_list([self.name(int(s)) for s in seats])

    def tell(self, event: Event) -> str:
        d = event.data
        kind = event.kind
        seats = sorted(event.audience.seats)
        actor = seats[0] if len(seats) == 1 else -1
        if kind == "deal":
            cards = [str(c) for c in d["cards"]]
            n = len(self.names)
            for s in range(n):
                self.dealt[s] = cards[s]
            dealt = "; ".join(f"{self.name(s)}: {english(cards[s])}" for s in range(n))
            centre = ", ".join(english(c) for c in cards[n:])
            return f"The cards are dealt. {dealt}; centre: {centre}."
        if kind == "night_begins":
            return f"Night falls on {d['players']} players. The deck: {deck_summary(d['deck'])}."
        if kind == "dealt":
            self.dealt[actor] = str(d["role"])
            return f"{self.name(actor)} looked at their card: {english(str(d['role']))}."
        if kind == "deck_drawn":
            return f"The deck is drawn: {deck_summary(d['deck'])}."
        if kind == "deck_redrawn":
            return "The draw held a single Mason, so the deck is drawn again."
        if kind == "night_step":
            return STEP_CALLS.get(str(d["step"]), f"The {d['step']} step is called.")
        if kind == "copied":
            text = (
                f"{self.label(actor)} looked at {self.name(int(d['seat']))}'s card and took on "
                f"its role: {english(str(d['role']))}."
            )
            self.copied[actor] = str(d["role"])
            return text
        if kind == "werewolves":
            others = [s for s in d["seats"] if int(s) != actor]
            if not others:
                return f"{self.label(actor)} woke alone: no other player is a Werewolf."
            word = "Werewolf" if len(others) == 1 else "Werewolves"
            return f"{self.label(actor)} saw the other {word}: {self.names_of(others)}."
        if kind == "werewolves_shown":
            if not d["seats"]:
                return f"{self.label(actor)} learned that no player woke as a Werewolf."
            return (
                f"{self.label(actor)} learned who the Werewolves are: {self.names_of(d['seats'])}."
            )
        if kind == "masons":
            others = [s for s in d["seats"] if int(s) != actor]
            if not others:
                return f"{self.label(actor)} woke alone: the other Mason card is in the centre."
            word = "Mason" if len(others) == 1 else "Masons"
            return f"{self.label(actor)} saw the other {word}: {self.names_of(others)}."
        if kind == "card_seen":
            return (
                f"{self.label(actor)} looked at {self.name(int(d['seat']))}'s card: "
                f"{english(str(d['role']))}."
            )
        if kind == "centre_seen":
            return f"{self.label(actor)} looked at centre card {slot(as_int(d['centre']))}: {english(str(d['role']))}."
        if kind == "robbed":
            return (
                f"{self.label(actor)} swapped cards with {self.name(int(d['seat']))} and looked "
                f"at the new one: {english(str(d['role']))}."
            )
        if kind == "swapped":
            return f"{self.label(actor)} swapped the cards of {self.names_of(d['seats'])}, without looking."
        if kind == "took_centre":
            return (
                f"{self.label(actor)} swapped their card with centre card {slot(as_int(d['centre']))}, "
                "without looking."
            )
        if kind == "own_card":
            return f"{self.label(actor)} looked at their own card: {english(str(d['role']))}."
        if kind == "declined":
            return f"{self.label(actor)} chose to do nothing."
        if kind == "day_begins":
            return "Day breaks: the players talk, then vote."
        if kind == "voted":
            return f"{self.name(actor)} voted for {self.name(int(d['seat']))}."
        if kind == "votes_revealed":
            return self._votes(d["votes"])
        if kind == "cards_revealed":
            return self._reveal(d)
        if kind == "game_over":
            teams = ", ".join(str(t) for t in d["teams"]) or "no team"
            return f"The game is over. Winners: {self.names_of(d['winners'])} ({teams})."
        return super().tell(event)

    def _votes(self, votes: Sequence[JSON]) -> str:
        pairs = "; ".join(f"{self.name(s)} for {self.name(int(t))}" for s, t in enumerate(votes))
        counts = Counter(int(t) for t in votes)
        tally = ", ".join(
            f"{self.name(s)} {c}" for s, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        return f"Everyone points at once. {pairs}. Votes received: {tally}."

    def _reveal(self, d: Mapping[str, JSON]) -> str:
        parts = []
        for s, (card, eff) in enumerate(zip(d["players"], d["effective"], strict=True)):
            shown = english(str(card))
            if eff != card:
                shown += f" (standing for the {english(str(eff))})"
            parts.append(f"{self.name(s)}: {shown}")
        centre = ", ".join(english(str(c)) for c in d["centre"])
        text = f"Every card is turned face up. {'; '.join(parts)}; centre: {centre}."
        for copy in d.get("doppelganger", ()):
            text += (
                f" {self.name(int(copy['seat']))}, dealt the Doppelgänger, reveals the role "
                f"it copied: {english(str(copy['copied']))}."
            )
        return text
