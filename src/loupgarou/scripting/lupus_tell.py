"""Lupus in Tabula events told as sentences, in the teller's language (English by default).

Contract: :class:`LupusTeller` turns each Lupus event into one sentence, in
the order the events happened.  It remembers what earlier events said: who
holds which card (the deal, a player's own card, the pack, the Freemasons, a
Mythomaniac's new role, the cards shown at the end), who is a Ghost, who holds
the Welcome card and today's calling order, so that a player acting at night is
labelled with the role they act as ("Cleo (Seer) pointed at Ben: a Werewolf.",
"Max (Werewolf, dealt the Mythomaniac) ...") and a tie can be explained
("... Cal is met first going clockwise from Ivo, who holds the Welcome card").
Fed only the events of one seat's view, it never uses anything that seat does
not know.  Players are referred to without gendered pronouns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from loupgarou.core.events import JSON
from loupgarou.scripting.dialect import Dialect
from loupgarou.scripting.family_kit import FamilyTeller, Telling
from loupgarou.scripting.lupus_names import CALLS, DECLINED, SIDES
from loupgarou.scripting.lupus_story import cut_tie, ranked
from loupgarou.scripting.speech import Speech
from loupgarou.variants.lupus.roles import Role

MYTHOMANIAC = Role.MYTHOMANIAC.value
WEREWOLF = Role.WEREWOLF.value
L = "lupus."


class LupusTeller(FamilyTeller):
    """Sentences for Lupus events; see the module docstring."""

    family_key = "lupus"
    calls = frozenset(CALLS)
    recast_from = MYTHOMANIAC

    def __init__(
        self, dialect: Dialect, names: Sequence[str], speech: Speech | None = None
    ) -> None:
        super().__init__(dialect, names, speech)
        self.n = len(self.names)
        self.dead: list[int] = []
        self.holder: int | None = None
        self.suspects: tuple[int, ...] = ()

    # --- labels -----------------------------------------------------------------------------

    def names_of(self, seats: Sequence[JSON]) -> str:
        return self.join([self.name(int(s)) for s in seats])

    def ghostly(self, seat: int) -> str:
        """A name, marked as a Ghost's when that seat is dead."""
        if seat in self.dead:
            return self.say(L + "ghost_name", name=self.name(seat))
        return self.name(seat)

    @property
    def start(self) -> int:
        return 0 if self.holder is None else (self.holder + 1) % self.n

    def from_where(self) -> str:
        """Where today's count starts, in words."""
        if self.holder is None:
            return self.say(L + "from_seat_0", name=self.name(0))
        return self.say(L + "from_holder", name=self.name(self.holder))

    def tie_words(self, counts: Mapping[int, int], candidates: Sequence[int], places: int) -> str:
        """'; a tie between Cal and Dan at 2 votes: Cal is met first going clockwise ...'."""
        tied = cut_tie(counts, candidates, self.start, self.n, places)
        if not tied:
            return ""
        taken = places - sum(1 for c in candidates if counts.get(c, 0) > counts.get(tied[0], 0))
        first = self.join([self.name(s) for s in tied[:taken]])
        votes = counts.get(tied[0], 0)
        key = L + ("tie_one" if taken == 1 else "tie_many") + ("" if votes == 1 else "_votes")
        return self.say(
            key, names=self.names_of(tied), votes=votes, first=first, where=self.from_where()
        )

    # --- events -----------------------------------------------------------------------------

    def telling(self, kind: str) -> Telling | None:
        return _TOLD.get(kind)

    def _deal(self, d: Mapping[str, JSON], actor: int) -> str:
        cards = [str(c) for c in d["cards"]]
        for s, c in enumerate(cards):
            self.roles[s] = c
        dealt = self.say("list.semicolon").join(
            self.say("holds", name=self.name(s), card=self.role(c)) for s, c in enumerate(cards)
        )
        return self.say(L + "deal", dealt=dealt)

    def _night_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        self.suspects = ()
        return super()._night_begins(d, actor)

    def _freemasons(self, d: Mapping[str, JSON], actor: int) -> str:
        for s in d["seats"]:
            self.roles[int(s)] = Role.FREEMASON.value
        return self.say(L + "freemasons", names=self.names_of(d["seats"]))

    def _answer(self, werewolf: bool) -> str:
        return self.say(L + ("a_werewolf" if werewolf else "not_a_werewolf"))

    def _seen(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(
            L + "seen",
            who=self.label(actor),
            name=self.name(int(d["seat"])),
            answer=self._answer(bool(d["werewolf"])),
        )

    def _medium(self, d: Mapping[str, JSON], actor: int) -> str:
        key = L + ("medium_yes" if d["werewolf"] else "medium_no")
        return self.say(key, who=self.label(actor), name=self.name(int(d["seat"])))

    def _protecting(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(L + "protecting", who=self.label(actor), name=self.name(int(d["seat"])))

    def _pack(self, d: Mapping[str, JSON], actor: int) -> str:
        for s in d["seats"]:
            self.roles[int(s)] = WEREWOLF
        if len(d["seats"]) == 1:
            return self.say(L + "pack_alone", name=self.name(int(d["seats"][0])))
        return self.say("pack", names=self.names_of(d["seats"]))

    def _wolf_vote(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(
            L + "wolf_vote", who=self.label(int(d["seat"])), name=self.name(int(d["target"]))
        )

    def _victim(self, d: Mapping[str, JSON], actor: int) -> str:
        chosen = self.name(int(d["seat"]))
        tied = d.get("tied")
        if tied:
            return self.say("pack_tie", names=self.names_of(tied), name=chosen)
        return self.say("pack_victim", name=chosen)

    def _picked(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(L + "picked", who=self.label(actor), name=self.name(int(d["seat"])))

    def _chose(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(L + "chose", who=self.label(actor), name=self.name(int(d["seat"])))

    def _became(self, d: Mapping[str, JSON], actor: int) -> str:
        role = str(d["role"])
        text = self.say(L + "became", who=self.label(actor), card_a=self.speech.a(self.role(role)))
        self.roles[actor] = role
        self.recast.add(actor)
        return text

    def _declined(self, d: Mapping[str, JSON], actor: int) -> str:
        if actor in self.dead:
            return self.say(L + "ghost_passes", who=self.label(actor))
        step = str(d["step"])
        key = L + f"declined.{step}" if step in DECLINED else "declined"
        return self.say(key, who=self.label(actor))

    def _night_result(self, d: Mapping[str, JSON], actor: int) -> str:
        say = self.say
        bits: list[str] = []
        victim = d["victim"]
        if victim is not None:
            bits.append(say(L + "result.attack", name=self.name(int(victim))))
        if d["protected"] is not None:
            bits.append(say(L + "result.protect", name=self.name(int(d["protected"]))))
        if d["seen"]:
            bits.append(say(L + "result.seen", names=self.names_of(d["seen"])))
        if d["owl"] is not None:
            bits.append(say(L + "result.owl", name=self.name(int(d["owl"]))))
        deaths = [(int(s), str(c)) for s, c in d["deaths"]]
        dead = say("list.semicolon").join(
            say(L + "result.death", name=self.name(s), cause=self.causes(c)) for s, c in deaths
        )
        done = say("list.semicolon").join(bits) or say(L + "result.nothing")
        text = say(L + "result", done=done) + " "
        text += say(L + "result.deaths", deaths=dead) if deaths else say(L + "result.nobody")
        if victim is not None and int(victim) not in {s for s, _ in deaths}:
            if victim == d["protected"]:
                text += " " + say(L + "result.saved", name=self.name(int(victim)))
            else:
                text += " " + say(L + "result.werehamster", name=self.name(int(victim)))
        return text

    def causes(self, cause: str) -> str:
        """'devoured+owl' -> 'killed by the Werewolves and picked by the Deadly Owl'."""
        parts = [
            self.say(L + f"cause.{c}") if c in ("devoured", "seen", "owl", "lynched") else c
            for c in cause.split("+")
        ]
        return self.say("statement.and").join(parts)

    def _dawn(self, d: Mapping[str, JSON], actor: int) -> str:
        dead = [int(s) for s in d["deaths"]]
        self.dead.extend(dead)
        if not dead:
            if self.holder is not None:
                keep = self.say(L + "welcome_stays", name=self.name(self.holder))
            else:
                keep = self.say(L + "welcome_nobody")
            return self.say(L + "dawn_none", night=d["night"], keep=keep)
        key = L + ("dawn_one" if len(dead) == 1 else "dawn_many")
        return self.say(key, night=d["night"], names=self.names_of(dead))

    def _welcome_card(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.holder = seat
        among = d.get("among")
        if among:
            return self.say(L + "welcome_drawn", names=self.names_of(among), name=self.name(seat))
        return self.say(L + "welcome_taken", name=self.name(seat))

    def _day_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        order = [int(s) for s in d["order"]]
        called = ", ".join(self.ghostly(s) for s in order)
        return self.say(L + "day_begins", day=d["day"], order=called)

    def _vote(self, d: Mapping[str, JSON], actor: int) -> str:
        voter = int(d["seat"])
        return self.say(
            L + "stage1_vote", voter=self.ghostly(voter), name=self.name(int(d["target"]))
        )

    def _stage1_counted(self, d: Mapping[str, JSON], actor: int) -> str:
        counts = {int(s): int(k) for s, k in d["counts"]}
        living = [s for s in range(self.n) if s not in self.dead]
        order = ranked(counts, living, self.start, self.n)
        tally = ", ".join(f"{self.name(s)} {counts[s]}" for s in order if counts.get(s, 0))
        tie = self.tie_words(counts, living, 2)
        return self.say(
            L + "stage1_counted", tally=tally, tie=tie, names=self.names_of(d["leaders"])
        )

    def _owl_pick(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = self.name(int(d["seat"]))
        if d.get("replaced") is None:
            return self.say(L + "owl_pick_already", name=seat)
        return self.say(L + "owl_pick", name=seat, other=self.name(int(d["replaced"])))

    def _suspects(self, d: Mapping[str, JSON], actor: int) -> str:
        self.suspects = tuple(int(s) for s in d["seats"])
        return self.say(L + "suspects", names=self.names_of(d["seats"]))

    def _rested(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(L + "rested", name=self.name(int(d["seat"])))

    def _stage2_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        self.suspects = tuple(int(s) for s in d["suspects"])
        return self.say(
            L + "stage2_begins",
            voters=self.names_of(d["voters"]),
            names=self.names_of(d["suspects"]),
        )

    def _voted(self, d: Mapping[str, JSON], actor: int) -> str:
        return self.say(L + "stage2_vote", voter=self.name(actor), name=self.name(int(d["seat"])))

    def _votes_revealed(self, d: Mapping[str, JSON], actor: int) -> str:
        say = self.say
        ballots = say("list.semicolon").join(
            say("ballot", voter=self.name(int(v)), name=self.name(int(t))) for v, t in d["ballots"]
        )
        counts = {int(s): int(k) for s, k in d["counts"]}
        candidates = list(self.suspects) or sorted(counts)
        order = ranked(counts, candidates, self.start, self.n)
        tally = ", ".join(f"{self.name(s)} {counts.get(s, 0)}" for s in order)
        tie = self.tie_words(counts, candidates, 1)
        return say(L + "stage2_revealed", ballots=ballots, tally=tally, tie=tie)

    def _lynched(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.dead.append(seat)
        return self.say(L + "lynched", name=self.name(seat))

    def _cards_revealed(self, d: Mapping[str, JSON], actor: int) -> str:
        say = self.say
        cards = [str(c) for c in d["cards"]]
        roles = [str(r) for r in d["roles"]]
        shown = []
        for s, (card, role) in enumerate(zip(cards, roles, strict=True)):
            self.roles[s] = role
            if card != role:
                self.recast.add(s)
                shown.append(
                    say(
                        L + "holds_playing",
                        name=self.name(s),
                        card=self.role(card),
                        playing_a=self.speech.a(self.role(role)),
                    )
                )
            else:
                shown.append(say("holds", name=self.name(s), card=self.role(card)))
        return say("reveal", cards=say("list.semicolon").join(shown))

    def _game_over(self, d: Mapping[str, JSON], actor: int) -> str:
        sides = self.join(
            [self.say(L + f"side.{t}") if t in SIDES else str(t) for t in d["teams"]],
            self.say(L + "no_side"),
        )
        return self.say("game_over", names=self.names_of(d["winners"]), teams=sides)


_TOLD: dict[str, Telling] = {
    "deal": LupusTeller._deal,
    "game_begins": LupusTeller._game_begins,
    "dealt": LupusTeller._dealt,
    "night_begins": LupusTeller._night_begins,
    "night_step": LupusTeller._night_step,
    "freemasons": LupusTeller._freemasons,
    "seen": LupusTeller._seen,
    "medium": LupusTeller._medium,
    "protecting": LupusTeller._protecting,
    "pack": LupusTeller._pack,
    "wolf_vote": LupusTeller._wolf_vote,
    "victim": LupusTeller._victim,
    "picked": LupusTeller._picked,
    "chose": LupusTeller._chose,
    "became": LupusTeller._became,
    "declined": LupusTeller._declined,
    "night_result": LupusTeller._night_result,
    "dawn": LupusTeller._dawn,
    "welcome_card": LupusTeller._welcome_card,
    "day_begins": LupusTeller._day_begins,
    "vote": LupusTeller._vote,
    "stage1_counted": LupusTeller._stage1_counted,
    "owl_pick": LupusTeller._owl_pick,
    "suspects": LupusTeller._suspects,
    "rested": LupusTeller._rested,
    "stage2_begins": LupusTeller._stage2_begins,
    "voted": LupusTeller._voted,
    "votes_revealed": LupusTeller._votes_revealed,
    "lynched": LupusTeller._lynched,
    "cards_revealed": LupusTeller._cards_revealed,
    "game_over": LupusTeller._game_over,
}
"""The sentence-maker of each event kind (a kind not here gets the generic sentence)."""
