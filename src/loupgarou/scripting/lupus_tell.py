"""Lupus in Tabula events told as English sentences.

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
from loupgarou.scripting.lupus_names import (
    CALLS,
    DECLINED,
    SIDES,
    a_role,
    cause_words,
    english,
    werewolf_words,
)
from loupgarou.scripting.lupus_story import cut_tie, ranked
from loupgarou.scripting.words import and_list
from loupgarou.variants.lupus.roles import Role

MYTHOMANIAC = Role.MYTHOMANIAC.value
WEREWOLF = Role.WEREWOLF.value


class LupusTeller(FamilyTeller):
    """Sentences for Lupus events; see the module docstring."""

    calls = CALLS
    recast_from = "the Mythomaniac"

    def __init__(self, dialect: Dialect, names: Sequence[str]) -> None:
        super().__init__(dialect, names)
        self.n = len(self.names)
        self.dead: list[int] = []
        self.holder: int | None = None
        self.suspects: tuple[int, ...] = ()

    # --- labels -----------------------------------------------------------------------------

    def names_of(self, seats: Sequence[JSON]) -> str:
        return and_list([self.name(int(s)) for s in seats])

    @property
    def start(self) -> int:
        return 0 if self.holder is None else (self.holder + 1) % self.n

    def from_where(self) -> str:
        """Where today's count starts, in words."""
        if self.holder is None:
            return (
                f"going clockwise from {self.name(0)} (seat 0: nobody holds the Welcome card yet)"
            )
        return f"going clockwise from {self.name(self.holder)}, who holds the Welcome card"

    def tie_words(self, counts: Mapping[int, int], candidates: Sequence[int], places: int) -> str:
        """'; a tie between Cal and Dan at 2 votes: Cal is met first going clockwise ...'."""
        tied = cut_tie(counts, candidates, self.start, self.n, places)
        if not tied:
            return ""
        taken = places - sum(1 for c in candidates if counts.get(c, 0) > counts.get(tied[0], 0))
        first = and_list([self.name(s) for s in tied[:taken]])
        verb = "is" if taken == 1 else "are"
        votes = counts.get(tied[0], 0)
        return (
            f"; a tie between {self.names_of(tied)} at {votes} vote{'s' if votes != 1 else ''}: "
            f"{first} {verb} met first {self.from_where()}"
        )

    # --- events -----------------------------------------------------------------------------

    def telling(self, kind: str) -> Telling | None:
        return _TOLD.get(kind)

    def english(self, role: str) -> str:
        return english(role)

    def _deal(self, d: Mapping[str, JSON], actor: int) -> str:
        cards = [str(c) for c in d["cards"]]
        for s, c in enumerate(cards):
            self.roles[s] = c
        dealt = "; ".join(f"{self.name(s)}: {english(c)}" for s, c in enumerate(cards))
        return f"The cards are dealt. {dealt}."

    def _night_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        self.suspects = ()
        return super()._night_begins(d, actor)

    def _freemasons(self, d: Mapping[str, JSON], actor: int) -> str:
        for s in d["seats"]:
            self.roles[int(s)] = Role.FREEMASON.value
        return (
            f"{self.names_of(d['seats'])} opened their eyes as the Freemasons and know each other."
        )

    def _seen(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = self.name(int(d["seat"]))
        return f"{self.label(actor)} pointed at {seat}: {werewolf_words(bool(d['werewolf']))}."

    def _medium(self, d: Mapping[str, JSON], actor: int) -> str:
        was = "was a Werewolf" if d["werewolf"] else "was not a Werewolf"
        return f"{self.label(actor)} learned that {self.name(int(d['seat']))}, lynched last, {was}."

    def _protecting(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} is protecting {self.name(int(d['seat']))} tonight."

    def _pack(self, d: Mapping[str, JSON], actor: int) -> str:
        for s in d["seats"]:
            self.roles[int(s)] = WEREWOLF
        if len(d["seats"]) == 1:
            return f"The pack tonight is {self.name(int(d['seats'][0]))} alone."
        return f"The pack awake tonight: {self.names_of(d['seats'])}."

    def _wolf_vote(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(int(d['seat']))} voted to kill {self.name(int(d['target']))}."

    def _victim(self, d: Mapping[str, JSON], actor: int) -> str:
        chosen = self.name(int(d["seat"]))
        tied = d.get("tied")
        if tied:
            return (
                f"The pack's vote was tied between {self.names_of(tied)}; the draw chose {chosen}."
            )
        return f"The pack chose its victim: {chosen}."

    def _picked(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} picked {self.name(int(d['seat']))}."

    def _chose(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.label(actor)} chose {self.name(int(d['seat']))}."

    def _became(self, d: Mapping[str, JSON], actor: int) -> str:
        role = str(d["role"])
        text = f"{self.label(actor)} now plays as {a_role(role)}."
        self.roles[actor] = role
        self.recast.add(actor)
        return text

    def _declined(self, d: Mapping[str, JSON], actor: int) -> str:
        if actor in self.dead:
            return f"{self.label(actor)}, a Ghost, could only let the call pass."
        return f"{self.label(actor)} {DECLINED.get(str(d['step']), 'did nothing')}."

    def _night_result(self, d: Mapping[str, JSON], actor: int) -> str:
        bits: list[str] = []
        victim = d["victim"]
        if victim is not None:
            bits.append(f"the pack attacks {self.name(int(victim))}")
        if d["protected"] is not None:
            bits.append(f"the Bodyguard protects {self.name(int(d['protected']))}")
        if d["seen"]:
            bits.append(f"the Seer pointed at {self.names_of(d['seen'])}")
        if d["owl"] is not None:
            bits.append(f"the Owl picked {self.name(int(d['owl']))}")
        deaths = [(int(s), str(c)) for s, c in d["deaths"]]
        dead = "; ".join(f"{self.name(s)} ({cause_words(c)})" for s, c in deaths)
        text = "What the night does: " + ("; ".join(bits) or "nothing") + ". "
        text += f"Deaths: {dead}." if deaths else "Nobody dies."
        if victim is not None and int(victim) not in {s for s, _ in deaths}:
            if victim == d["protected"]:
                text += f" The Bodyguard's protection saves {self.name(int(victim))}."
            else:
                text += f" {self.name(int(victim))} is the Werehamster: the Werewolves cannot kill them."
        return text

    def _dawn(self, d: Mapping[str, JSON], actor: int) -> str:
        dead = [int(s) for s in d["deaths"]]
        self.dead.extend(dead)
        if not dead:
            keep = (
                f"the Welcome card stays with {self.name(self.holder)}"
                if self.holder is not None
                else "nobody holds the Welcome card yet"
            )
            return f"Dawn after night {d['night']}: nobody died; {keep}."
        word = "was" if len(dead) == 1 else "were"
        return (
            f"Dawn after night {d['night']}: {self.names_of(dead)} {word} found dead "
            f"and {'becomes a Ghost' if len(dead) == 1 else 'become Ghosts'}."
        )

    def _welcome_card(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.holder = seat
        among = d.get("among")
        if among:
            return (
                f"The Welcome card is drawn between {self.names_of(among)}: "
                f"{self.name(seat)} takes it."
            )
        return f"{self.name(seat)} takes the Welcome card."

    def _day_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        order = [int(s) for s in d["order"]]
        called = ", ".join(self.name(s) + (" (Ghost)" if s in self.dead else "") for s in order)
        return (
            f"Day {d['day']}: the village talks. Stage 1 calls the players in this order: {called}."
        )

    def _vote(self, d: Mapping[str, JSON], actor: int) -> str:
        voter = int(d["seat"])
        ghost = " (Ghost)" if voter in self.dead else ""
        return f"{self.name(voter)}{ghost} names {self.name(int(d['target']))} (stage 1)."

    def _stage1_counted(self, d: Mapping[str, JSON], actor: int) -> str:
        counts = {int(s): int(k) for s, k in d["counts"]}
        living = [s for s in range(self.n) if s not in self.dead]
        order = ranked(counts, living, self.start, self.n)
        tally = ", ".join(f"{self.name(s)} {counts[s]}" for s in order if counts.get(s, 0))
        text = f"Stage 1 count: {tally}"
        text += self.tie_words(counts, living, 2)
        return text + f". The two most named: {self.names_of(d['leaders'])}."

    def _owl_pick(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = self.name(int(d["seat"]))
        if d.get("replaced") is None:
            return f"The Owl's pick is revealed: {seat}, already one of the two."
        return (
            f"The Owl's pick is revealed: {seat}, who takes the place of "
            f"{self.name(int(d['replaced']))} as a suspect."
        )

    def _suspects(self, d: Mapping[str, JSON], actor: int) -> str:
        self.suspects = tuple(int(s) for s in d["seats"])
        return f"The suspects are {self.names_of(d['seats'])}; each may now speak in their defence."

    def _rested(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.name(int(d['seat']))} ends their defence."

    def _stage2_begins(self, d: Mapping[str, JSON], actor: int) -> str:
        self.suspects = tuple(int(s) for s in d["suspects"])
        return (
            f"Stage 2: {self.names_of(d['voters'])} vote in secret, between "
            f"{self.names_of(d['suspects'])}."
        )

    def _voted(self, d: Mapping[str, JSON], actor: int) -> str:
        return f"{self.name(actor)} voted in secret to lynch {self.name(int(d['seat']))}."

    def _votes_revealed(self, d: Mapping[str, JSON], actor: int) -> str:
        ballots = "; ".join(f"{self.name(int(v))} for {self.name(int(t))}" for v, t in d["ballots"])
        counts = {int(s): int(k) for s, k in d["counts"]}
        candidates = list(self.suspects) or sorted(counts)
        order = ranked(counts, candidates, self.start, self.n)
        tally = ", ".join(f"{self.name(s)} {counts.get(s, 0)}" for s in order)
        text = f"The stage 2 ballots are revealed together: {ballots}. Count: {tally}"
        return text + self.tie_words(counts, candidates, 1) + "."

    def _lynched(self, d: Mapping[str, JSON], actor: int) -> str:
        seat = int(d["seat"])
        self.dead.append(seat)
        return f"{self.name(seat)} is lynched and becomes a Ghost (the Welcome card does not move)."

    def _cards_revealed(self, d: Mapping[str, JSON], actor: int) -> str:
        cards = [str(c) for c in d["cards"]]
        roles = [str(r) for r in d["roles"]]
        shown = []
        for s, (card, role) in enumerate(zip(cards, roles, strict=True)):
            self.roles[s] = role
            if card != role:
                self.recast.add(s)
                shown.append(f"{self.name(s)}: {english(card)}, playing as {a_role(role)}")
            else:
                shown.append(f"{self.name(s)}: {english(card)}")
        return "Every card is turned face up. " + "; ".join(shown) + "."

    def _game_over(self, d: Mapping[str, JSON], actor: int) -> str:
        sides = and_list([SIDES.get(str(t), str(t)) for t in d["teams"]], "no side")
        return f"The game is over. Winners: {self.names_of(d['winners'])} ({sides})."


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
