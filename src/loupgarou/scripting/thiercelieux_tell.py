"""Thiercelieux events told as English sentences.

Contract: :class:`ThiercelieuxTeller` turns each Thiercelieux event into one
sentence, in the order the events happened.  It remembers what earlier events
said: who holds which card (the deal, a player's own card, the Thief's new
card, a card shown at death, the pack a Werewolf or the Little Girl saw), the
vote under way and the Captain, so that a player acting at night is labelled
with the role they act as ("Ana (Seer) looked at Bruno's card: Werewolf.",
"Tom (Werewolf, dealt the Thief) ...").  Fed only the events of one seat's view,
it never uses anything that seat does not know.  Players are referred to
without gendered pronouns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from loupgarou.core.events import JSON, as_int
from loupgarou.scripting.dialect import Dialect
from loupgarou.scripting.family_kit import FamilyTeller, Telling
from loupgarou.scripting.thiercelieux_names import (
    CALLS,
    DECLINED,
    TEAMS,
    VOTES,
    english,
)
from loupgarou.scripting.words import and_list, slot
from loupgarou.variants.thiercelieux.roles import Role

THIEF = Role.THIEF.value
WEREWOLF = Role.WEREWOLF.value


class ThiercelieuxTeller(FamilyTeller):
    """Sentences for Thiercelieux events; see the module docstring."""

    calls = CALLS
    recast_from = "the Thief"

    def __init__(self, dialect: Dialect, names: Sequence[str]) -> None:
        super().__init__(dialect, names)
        self.vote = ""
        self.captain: int | None = None

    # --- labels -----------------------------------------------------------------------------

    def who(self, seat: JSON) -> str:
        """A seat, or 'nobody' for None."""
        return "nobody" if seat is None else self.name(int(seat))

    def names_of(self, seats: Sequence[JSON]) -> str:
        return and_list([self.who(s) for s in seats])

    # --- events -----------------------------------------------------------------------------

    def telling(self, kind: str) -> Telling | None:
        return _TOLD.get(kind)

    def english(self, role: str) -> str:
        return english(role)

    def _deal(self, d: Mapping[str, JSON], actor: int) -> str:
        cards = [str(c) for c in d["cards"]]
        n = len(self.names)
        for s in range(n):
            self.roles[s] = cards[s]
        dealt = "; ".join(f"{self.name(s)}: {english(cards[s])}" for s in range(n))
        aside = cards[n:]
        if aside:
            return (
                f"The cards are dealt. {dealt}; set aside: {and_list([english(c) for c in aside])}."
            )
        return f"The cards are dealt. {dealt}."

    def _set_aside_seen(self, d: Mapping[str, JSON], actor: int) -> str:
        roles = and_list([english(str(r)) for r in d["roles"]])
        return f"{self.label(actor)} looked at the two set-aside cards: {roles}."

    def _took(self, d: Mapping[str, JSON], actor: int) -> str:
        text = (
            f"{self.label(actor)} took set-aside card {slot(as_int(d['centre']))}, a "
            f"{english(str(d['role']))}, and set their Thief card aside in its place."
        )
        self.roles[actor] = str(d["role"])
        self.recast.add(actor)
        return text

    def _declined(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} {DECLINED.get(str(d['step']), 'did nothing')}."

    def _paired(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} made {self.names_of(d['seats'])} the Lovers."

    def _lovers(self, d: Mapping[str, JSON], actor: int) -> str:
        return (
            f"{self.names_of(d['seats'])} opened their eyes as the Lovers and saw each other "
            "(not each other's card)."
        )

    def _card_seen(self, d: Mapping[str, JSON], actor: int) -> str:
        seat, role = int(d["seat"]), str(d["role"])
        text = f"{self.label(actor)} looked at {self.name(seat)}'s card: {english(role)}."
        self.roles[seat] = role
        return text

    def _woke(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} woke up to hunt."

    def _stayed_asleep(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} stayed asleep."

    def _pack(self, d: Mapping[str, JSON], actor: int) -> str:
        for s in d["seats"]:
            self.roles[int(s)] = WEREWOLF
        return f"The pack awake tonight: {self.names_of(d['seats'])}."

    def _pack_vote(self, d: Mapping[str, JSON], actor: int) -> str:
        who = self.label(int(d["seat"]))
        if d["target"] is None:
            return f"{who} voted for no victim."
        return f"{who} voted to devour {self.name(int(d['target']))}."

    def _pack_victim(self, d: Mapping[str, JSON], actor: int) -> str:
        chosen = "no victim" if d["seat"] is None else self.name(int(d["seat"]))
        among = d.get("drawn_among")
        if among:
            options = and_list(["no victim" if s is None else self.name(int(s)) for s in among])
            return f"The pack's vote was tied between {options}; the draw chose {chosen}."
        if d["seat"] is None:
            return "The pack chose no victim tonight."
        return f"The pack chose its victim: {chosen}."

    def _spying(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} peeked at the Werewolves."

    def _spied(self, d: Mapping[str, JSON], actor: int) -> str:
        for s in d["seats"]:
            self.roles[int(s)] = WEREWOLF
        return (
            f"{self.label(actor)} went unnoticed and saw the Werewolves awake: "
            f"{self.names_of(d['seats'])}."
        )

    def _caught(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} was caught spying by the Werewolves."

    def _little_girl_caught(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.roles[seat] = Role.LITTLE_GIRL.value
        return (
            f"The pack caught {self.name(seat)}, the Little Girl, spying: "
            f"{self.name(seat)} becomes tonight's victim instead."
        )

    def _victim_shown(self, d: Mapping[str, JSON], actor: int) -> str:
        if d["seat"] is None:
            return f"{self.label(actor)} was shown tonight's victim: there is none."
        return f"{self.label(actor)} was shown tonight's victim: {self.name(int(d['seat']))}."

    def _healed(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} used the healing potion to save {self.name(int(d['seat']))}."

    def _poisoned(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} used the poison on {self.name(int(d['seat']))}."

    def _starved(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"No Werewolf woke up to hunt: {self.names_of(d['seats'])} starve to death."

    def _dawn(self, d: Mapping[str, JSON], actor: int) -> str:
        dead = list(d["deaths"])
        if not dead:
            return f"Day {d['day']} dawns: nobody died in the night."
        word = "was" if len(dead) == 1 else "were"
        return f"Day {d['day']} dawns: {self.names_of(dead)} {word} found dead."

    def _card_revealed(self, d: Mapping[str, JSON], actor: int) -> str:
        seat, role = int(d["seat"]), str(d["role"])
        self.roles[seat] = role
        return f"{self.name(seat)}'s card is turned over: {english(role)}."

    def _grief(self, d: Mapping[str, JSON], actor: int) -> str:
        return (
            f"{self.name(int(d['seat']))} dies of grief, following {self.name(int(d['lover']))}, "
            "the other Lover."
        )

    def _day_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"Day {d['day']}: the village talks."

    def _vote_opens(self, d: Mapping[str, JSON], actor: int) -> str:
        self.vote = str(d["vote"])
        among = self.names_of(d["candidates"])
        if self.vote == "captain_election":
            return "The village elects a Captain: every living player votes, for anyone alive."
        if self.vote == "captain_revote":
            return f"The election is tied: everyone votes again, between {among}."
        if self.vote == "lynch":
            return "The village votes on whom to lynch: every living player names another."
        return f"The lynch vote is tied: everyone votes again, between {among}."

    def _voted(self, d: Mapping[str, JSON], actor: int) -> str:
        target = self.name(int(d["seat"]))
        vote = str(d.get("vote", self.vote))
        if vote.startswith("captain"):
            return f"{self.name(actor)} voted for {target} as Captain."
        return f"{self.name(actor)} voted to lynch {target}."

    def _votes(self, d: Mapping[str, JSON], actor: int) -> str:
        vote = str(d["vote"])
        ballots = "; ".join(f"{self.name(int(v))} for {self.name(int(t))}" for v, t in d["ballots"])
        counts = sorted(((int(t), int(k)) for t, k in d["counts"]), key=lambda c: (-c[1], c[0]))
        tally = ", ".join(f"{self.name(t)} {k}" for t, k in counts)
        text = f"The ballots of the {VOTES.get(vote, vote)}: {ballots}. Count: {tally}"
        if sum(k for _, k in counts) > len(d["ballots"]):
            captain = "the" if self.captain is None else f"{self.name(self.captain)}'s"
            text += f" (as Captain, {captain} ballot counts twice)"
        top = counts[0][1]
        tied = [t for t, k in counts if k == top]
        if len(tied) > 1:
            text += f"; a tie between {and_list([self.name(t) for t in sorted(tied)])}"
        return text + "."

    def _captain_elected(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.captain = seat
        if d.get("how") == "draw":
            return f"{self.name(seat)} is drawn by lot as Captain."
        return f"{self.name(seat)} is elected Captain."

    def _captain_decides(self, d: Mapping[str, JSON], actor: int) -> str:
        return (
            f"{self.name(int(d['by']))}, the Captain, settles the tie: "
            f"{self.name(int(d['seat']))} is the one."
        )

    def _lynched(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.name(int(d['seat']))} is lynched by the village."

    def _lynch_drawn(self, d: Mapping[str, JSON], actor: int) -> str:
        return (
            f"The second round is tied again, between {self.names_of(d['tied'])}: the draw "
            f"picks {self.name(int(d['seat']))}."
        )

    def _no_lynch(self, d: Mapping[str, JSON], actor: int) -> str:
        return (
            f"The second round is tied again, between {self.names_of(d['tied'])}: nobody is "
            "lynched today."
        )

    def _shot(self, d: Mapping[str, JSON], actor: int) -> str:
        return (
            f"{self.name(int(d['hunter']))}, the dying Hunter, shoots {self.name(int(d['seat']))}."
        )

    def _captain_named(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.captain = seat
        return (
            f"{self.name(int(d['by']))}, the dying Captain, names {self.name(seat)} as the "
            "new Captain."
        )

    def _dusk(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"Day {d['day']} ends."

    def _cards_revealed(self, d: Mapping[str, JSON], actor: int) -> str:
        cards = [str(c) for c in d["players"]]
        for s, c in enumerate(cards):
            self.roles[s] = c
        shown = "; ".join(f"{self.name(s)}: {english(c)}" for s, c in enumerate(cards))
        text = f"Every card is turned face up. {shown}."
        aside = [english(str(c)) for c in d["set_aside"]]
        if aside:
            text += f" Set aside: {and_list(aside)}."
        if d["lovers"]:
            text += f" The Lovers were {self.names_of(d['lovers'])}."
        return text

    def _game_over(self, d: Mapping[str, JSON], actor: int) -> str:
        teams = and_list([TEAMS.get(str(t), str(t)) for t in d["teams"]], "no team")
        return f"The game is over. Winners: {self.names_of(d['winners'])} ({teams})."


_TOLD: dict[str, Telling] = {
    "deal": ThiercelieuxTeller._deal,
    "game_begins": ThiercelieuxTeller._game_begins,
    "dealt": ThiercelieuxTeller._dealt,
    "night_begins": ThiercelieuxTeller._night_begins,
    "night_step": ThiercelieuxTeller._night_step,
    "set_aside_seen": ThiercelieuxTeller._set_aside_seen,
    "took": ThiercelieuxTeller._took,
    "declined": ThiercelieuxTeller._declined,
    "paired": ThiercelieuxTeller._paired,
    "lovers": ThiercelieuxTeller._lovers,
    "card_seen": ThiercelieuxTeller._card_seen,
    "woke": ThiercelieuxTeller._woke,
    "stayed_asleep": ThiercelieuxTeller._stayed_asleep,
    "pack": ThiercelieuxTeller._pack,
    "pack_vote": ThiercelieuxTeller._pack_vote,
    "pack_victim": ThiercelieuxTeller._pack_victim,
    "spying": ThiercelieuxTeller._spying,
    "spied": ThiercelieuxTeller._spied,
    "caught": ThiercelieuxTeller._caught,
    "little_girl_caught": ThiercelieuxTeller._little_girl_caught,
    "victim_shown": ThiercelieuxTeller._victim_shown,
    "healed": ThiercelieuxTeller._healed,
    "poisoned": ThiercelieuxTeller._poisoned,
    "starved": ThiercelieuxTeller._starved,
    "dawn": ThiercelieuxTeller._dawn,
    "card_revealed": ThiercelieuxTeller._card_revealed,
    "grief": ThiercelieuxTeller._grief,
    "day_begins": ThiercelieuxTeller._day_begins,
    "vote_opens": ThiercelieuxTeller._vote_opens,
    "voted": ThiercelieuxTeller._voted,
    "votes": ThiercelieuxTeller._votes,
    "captain_elected": ThiercelieuxTeller._captain_elected,
    "captain_decides": ThiercelieuxTeller._captain_decides,
    "lynched": ThiercelieuxTeller._lynched,
    "lynch_drawn": ThiercelieuxTeller._lynch_drawn,
    "no_lynch": ThiercelieuxTeller._no_lynch,
    "shot": ThiercelieuxTeller._shot,
    "captain_named": ThiercelieuxTeller._captain_named,
    "dusk": ThiercelieuxTeller._dusk,
    "cards_revealed": ThiercelieuxTeller._cards_revealed,
    "game_over": ThiercelieuxTeller._game_over,
}
"""The sentence-maker of each event kind (a kind not here gets the generic sentence)."""
