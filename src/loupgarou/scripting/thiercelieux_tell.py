"""Thiercelieux events told as sentences, in the teller's language (English by default).

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
from loupgarou.scripting.speech import Speech
from loupgarou.scripting.thiercelieux_names import CALLS, DECLINED, TEAMS, VOTES
from loupgarou.scripting.words import slot
from loupgarou.variants.thiercelieux.roles import Role

THIEF = Role.THIEF.value
WEREWOLF = Role.WEREWOLF.value
T = "thiercelieux."


class ThiercelieuxTeller(FamilyTeller):
    """Sentences for Thiercelieux events; see the module docstring."""

    family_key = "thiercelieux"
    calls = frozenset(CALLS)
    recast_from = THIEF

    def __init__(
        self, dialect: Dialect, names: Sequence[str], speech: Speech | None = None
    ) -> None:
        super().__init__(dialect, names, speech)
        self.vote = ""
        self.captain: int | None = None
        self.brewed: set[int] = set()
        """The Witches who used a potion at this call (she may then keep the other)."""

    # --- labels -----------------------------------------------------------------------------

    def who(self, seat: JSON) -> str:
        """A seat, or 'nobody' for None."""
        return self.say("common.nobody") if seat is None else self.name(int(seat))

    def names_of(self, seats: Sequence[JSON]) -> str:
        return self.join([self.who(s) for s in seats])

    def target(self, seat: JSON) -> str:
        """A seat, or 'no victim' for None (the pack's vote)."""
        return self.say(T + "no_victim") if seat is None else self.name(int(seat))

    # --- events -----------------------------------------------------------------------------

    def telling(self, kind: str) -> Telling | None:
        return _TOLD.get(kind)

    def _deal(self, d: Mapping[str, JSON], actor: int) -> str:
        cards = [str(c) for c in d["cards"]]
        n = len(self.names)
        for s in range(n):
            self.roles[s] = cards[s]
        dealt = self.say("list.semicolon").join(
            self.say("holds", name=self.name(s), card=self.role(cards[s])) for s in range(n)
        )
        aside = cards[n:]
        if aside:
            return self.say(
                T + "deal_aside", dealt=dealt, aside=self.join([self.role(c) for c in aside])
            )
        return self.say(T + "deal", dealt=dealt)

    def _set_aside_seen(self, d: Mapping[str, JSON], actor: int) -> str:
        roles = self.join([self.role(str(r)) for r in d["roles"]])
        return self.say(T + "set_aside_seen", who=self.label(actor), cards=roles)

    def _took(self, d: Mapping[str, JSON], actor: int) -> str:
        text = self.say(
            T + "took",
            who=self.label(actor),
            slot=slot(as_int(d["centre"])),
            card=self.role(str(d["role"])),
        )
        self.roles[actor] = str(d["role"])
        self.recast.add(actor)
        return text

    def _declined(self, d: Mapping[str, JSON], actor: int) -> str:
        step = str(d["step"])
        if step == "witch" and actor in self.brewed:  # after a heal: she keeps her poison
            return self.say(T + "declined.witch_other", who=self.label(actor))
        key = T + f"declined.{step}" if step in DECLINED else "declined"
        return self.say(key, who=self.label(actor))

    def _paired(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "paired", who=self.label(actor), names=self.names_of(d["seats"]))

    def _lovers(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "lovers", names=self.names_of(d["seats"]))

    def _card_seen(self, d: Mapping[str, JSON], actor: int) -> str:
        seat, role = int(d["seat"]), str(d["role"])
        text = self.say(
            "card_seen", who=self.label(actor), name=self.name(seat), card=self.role(role)
        )
        self.roles[seat] = role
        return text

    def _woke(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "woke", who=self.label(actor))

    def _stayed_asleep(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "stayed_asleep", who=self.label(actor))

    def _pack(self, d: Mapping[str, JSON], actor: int) -> str:
        for s in d["seats"]:
            self.roles[int(s)] = WEREWOLF
        return self.say("pack", names=self.names_of(d["seats"]))

    def _pack_vote(self, d: Mapping[str, JSON], actor: int) -> str:
        who = self.label(int(d["seat"]))
        if d["target"] is None:
            return self.say(T + "pack_vote_none", who=who)
        return self.say(T + "pack_vote", who=who, name=self.name(int(d["target"])))

    def _pack_victim(self, d: Mapping[str, JSON], actor: int) -> str:
        chosen = self.target(d["seat"])
        among = d.get("drawn_among")
        if among:
            options = self.join([self.target(s) for s in among])
            return self.say("pack_tie", names=options, name=chosen)
        if d["seat"] is None:
            return self.say(T + "pack_none")
        return self.say("pack_victim", name=chosen)

    def _spying(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "spying", who=self.label(actor))

    def _spied(self, d: Mapping[str, JSON], actor: int) -> str:
        for s in d["seats"]:
            self.roles[int(s)] = WEREWOLF
        return self.say(T + "spied", who=self.label(actor), names=self.names_of(d["seats"]))

    def _caught(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "caught", who=self.label(actor))

    def _little_girl_caught(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.roles[seat] = Role.LITTLE_GIRL.value
        return self.say(T + "little_girl_caught", name=self.name(seat))

    def _victim_shown(self, d: Mapping[str, JSON], actor: int) -> str:
        self.brewed.discard(actor)  # the Witch's call begins
        if d["seat"] is None:
            return self.say(T + "victim_shown_none", who=self.label(actor))
        return self.say(T + "victim_shown", who=self.label(actor), name=self.name(int(d["seat"])))

    def _healed(self, d: Mapping[str, JSON], actor: int) -> str:
        self.brewed.add(actor)
        return self.say(T + "healed", who=self.label(actor), name=self.name(int(d["seat"])))

    def _poisoned(self, d: Mapping[str, JSON], actor: int) -> str:
        self.brewed.add(actor)
        return self.say(T + "poisoned", who=self.label(actor), name=self.name(int(d["seat"])))

    def _starved(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "starved", names=self.names_of(d["seats"]))

    def _dawn(self, d: Mapping[str, JSON], actor: int) -> str:
        dead = list(d["deaths"])
        if not dead:
            return self.say(T + "dawn_none", day=d["day"])
        key = T + ("dawn_one" if len(dead) == 1 else "dawn_many")
        return self.say(key, day=d["day"], names=self.names_of(dead))

    def _card_revealed(self, d: Mapping[str, JSON], actor: int) -> str:
        seat, role = int(d["seat"]), str(d["role"])
        self.roles[seat] = role
        return self.say(T + "card_revealed", name=self.name(seat), card=self.role(role))

    def _grief(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(
            T + "grief", name=self.name(int(d["seat"])), lover=self.name(int(d["lover"]))
        )

    def _day_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "day_begins", day=d["day"])

    def _vote_opens(self, d: Mapping[str, JSON], actor: int) -> str:
        self.vote = str(d["vote"])
        among = self.names_of(d["candidates"])
        if self.vote == "captain_election":
            return self.say(T + "election_opens")
        if self.vote == "captain_revote":
            return self.say(T + "election_revote", names=among)
        if self.vote == "lynch":
            return self.say(T + "lynch_opens")
        return self.say(T + "lynch_revote", names=among)

    def _voted(self, d: Mapping[str, JSON], actor: int) -> str:
        target = self.name(int(d["seat"]))
        vote = str(d.get("vote", self.vote))
        if vote.startswith("captain"):
            return self.say(T + "voted_captain", voter=self.name(actor), name=target)
        return self.say(T + "voted_lynch", voter=self.name(actor), name=target)

    def _votes(self, d: Mapping[str, JSON], actor: int) -> str:
        say = self.say
        vote = str(d["vote"])
        ballots = say("list.semicolon").join(
            say("ballot", voter=self.name(int(v)), name=self.name(int(t))) for v, t in d["ballots"]
        )
        counts = sorted(((int(t), int(k)) for t, k in d["counts"]), key=lambda c: (-c[1], c[0]))
        tally = ", ".join(f"{self.name(t)} {k}" for t, k in counts)
        what = say(T + f"vote.{vote}") if vote in VOTES else vote
        text = say(T + "ballots", vote=what, ballots=ballots, tally=tally)
        if sum(k for _, k in counts) > len(d["ballots"]):
            if self.captain is None:
                text += say(T + "counts_twice")
            else:
                text += say(T + "counts_twice_of", name=self.name(self.captain))
        top = counts[0][1]
        tied = [t for t, k in counts if k == top]
        if len(tied) > 1:
            text += say("tie_between", names=self.join([self.name(t) for t in sorted(tied)]))
        return text + "."

    def _captain_elected(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.captain = seat
        if d.get("how") == "draw":
            return self.say(T + "captain_drawn", name=self.name(seat))
        return self.say(T + "captain_elected", name=self.name(seat))

    def _captain_decides(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(
            T + "captain_decides", by=self.name(int(d["by"])), name=self.name(int(d["seat"]))
        )

    def _lynched(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "lynched", name=self.name(int(d["seat"])))

    def _lynch_drawn(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(
            T + "lynch_drawn", names=self.names_of(d["tied"]), name=self.name(int(d["seat"]))
        )

    def _no_lynch(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "no_lynch", names=self.names_of(d["tied"]))

    def _shot(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "shot", by=self.name(int(d["hunter"])), name=self.name(int(d["seat"])))

    def _captain_named(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.captain = seat
        return self.say(T + "captain_named", by=self.name(int(d["by"])), name=self.name(seat))

    def _dusk(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(T + "dusk", day=d["day"])

    def _cards_revealed(self, d: Mapping[str, JSON], actor: int) -> str:
        say = self.say
        cards = [str(c) for c in d["players"]]
        for s, c in enumerate(cards):
            self.roles[s] = c
        shown = say("list.semicolon").join(
            say("holds", name=self.name(s), card=self.role(c)) for s, c in enumerate(cards)
        )
        text = say("reveal", cards=shown)
        aside = [self.role(str(c)) for c in d["set_aside"]]
        if aside:
            text += " " + say(T + "reveal_aside", cards=self.join(aside))
        if d["lovers"]:
            text += " " + say(T + "reveal_lovers", names=self.names_of(d["lovers"]))
        return text

    def _game_over(self, d: Mapping[str, JSON], actor: int) -> str:
        teams = self.join(
            [self.say(T + f"team.{t}") if t in TEAMS else str(t) for t in d["teams"]],
            self.say("no_team"),
        )
        return self.say("game_over", names=self.names_of(d["winners"]), teams=teams)


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
