"""The Lupus in Tabula dialect of the script format.

Contract: verbs are exactly those the Lupus decisions offer (look, kill,
protect, pick, choose, vote, rest, pass); role names are read as the rules
read them (English, French or Italian, any case); there are no scenarios and
no face-down cards: a script gives its ``deck`` (one card per player) or omits
it for the family's default deck for that many players (RULINGS §3.1).  An
explicit deal gives every seat's card; it becomes the ``deal`` permutation of
card ids (the first unused card of the named role for each seat, in seat
order), as for the other families.

The chance outcomes a script may fix are ``deal``, ``tiebreak`` (the pack's
tied vote) and ``welcome_card`` (who of several night deaths takes the
Welcome card).  A ``tiebreak`` or ``welcome_card`` outcome is the index the
rules draw (into the tied, or into the night's dead, in seat order) or, more
readably, the player's name: the name is turned into the index when the draw
happens, and a name that is not among the candidates then is refused
(``chance.bad_outcome``).

Events become sentences (:mod:`.lupus_tell`, in the words of a
:class:`~loupgarou.scripting.speech.Speech`: English by default, French for a French
room); the verdict gains the story in short (:mod:`.lupus_story`): every vote with its tally and tie, the
Welcome card over time, the Ghosts, the Seer's and the Medium's answers, the
other night powers, and every death dated by night or day.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from loupgarou.core.actions import Action
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON
from loupgarou.engine.match import Match
from loupgarou.scripting.dialect import Teller
from loupgarou.scripting.family_kit import (
    FamilyDialect,
    death_of,
    deaths_json,
    drawn_index,
    seat_ref,
    when_json,
)
from loupgarou.scripting.lupus_names import CAUSES, DECISIONS, english
from loupgarou.scripting.lupus_story import Answer, Chronicle, Vote, chronicle
from loupgarou.scripting.lupus_tell import LupusTeller
from loupgarou.scripting.speech import Speech, speech_for
from loupgarou.scripting.verdict import Death, FinalCard, TableNow, Verdict
from loupgarou.scripting.words import name_of
from loupgarou.variants.lupus.roles import HUMAN, Role, parse_role, side
from loupgarou.variants.lupus.setup import default_deck
from loupgarou.variants.lupus.state import NONE, State

NAMED_DRAWS: dict[str, str] = {"tiebreak": "the tied", "welcome_card": "the night's dead"}
"""The draws a script may fix by naming a player, and what their candidates are."""

STEPS: dict[str, str] = {
    "freemasons": "the Freemasons' call",
    "seer": "the Seer's call",
    "medium": "the Medium's call",
    "bodyguard": "the Bodyguard's call",
    "werewolves": "the Werewolves' call",
    "owl": "the Owl's call",
    "mythomaniac": "the Mythomaniac's call",
    "dawn": "dawn",
    "stage1": "stage 1",
    "defence": "the defence",
    "stage2": "stage 2",
}
"""The public step in words, for where a game stopped (``lupus.step.<step>`` in the report)."""

L = "lupus."


class LupusDialect(FamilyDialect):
    family = "lupus"
    verbs = frozenset({"look", "kill", "protect", "pick", "choose", "vote", "rest", "pass"})
    centre_slots = 0
    slot_field = ""
    slot_hint = "Lupus in Tabula has no face-down cards"
    decisions = DECISIONS
    no_scenarios = (
        "Lupus in Tabula has no scenarios: give the 'deck' (one card per player), "
        "or leave it out for the default deck"
    )
    centre_label = ""
    present_claims = True
    claim_words = frozenset({HUMAN})

    # --- names ------------------------------------------------------------------------------

    every_role = Role
    rules = "Lupus in Tabula"
    named_draws = NAMED_DRAWS

    def find_role(self, name: str) -> Role | None:
        return parse_role(name)

    def role_name(self, role: str) -> str:
        return english(role)

    # --- the table --------------------------------------------------------------------------

    def default_deck(self, players: int) -> tuple[str, ...]:
        return default_deck(players)

    def deal_slots(self, deck: Sequence[str]) -> int | None:
        return 0

    def describe_action(
        self, action: Action, names: Sequence[str], speech: Speech | None = None
    ) -> str:
        words = speech or speech_for(self.family)
        say = words.say
        kind = action.kind
        who = words.join([name_of(names, p) for p in action.players], say("common.nobody"))
        if not action.players:
            if kind == "rest":
                return say("lupus.do.rest")
            if kind == "pass":
                return say("do.nothing")
            return super().describe_action(action, names, speech)
        if kind == "vote":
            return say("do.vote", name=who)
        if kind in ("look", "kill", "protect", "pick", "choose"):
            return say(f"lupus.do.{kind}", name=who)
        return super().describe_action(action, names, speech)

    # --- chance -----------------------------------------------------------------------------

    def chance_value(
        self, request: ChanceRequest, value: JSON, state: Any, names: Sequence[str]
    ) -> JSON:
        label = request.label
        if not isinstance(value, str) or label not in NAMED_DRAWS:
            return value
        if not isinstance(state, State):  # pragma: no cover - defensive
            return value
        word = value.strip().casefold()
        target = next((s for s, name in enumerate(names) if name.casefold() == word), NONE)
        candidates = state.tied if label == "tiebreak" else state.dying
        return drawn_index(
            label, value, target, candidates, NAMED_DRAWS[label], show=lambda s: name_of(names, s)
        )

    # --- telling ----------------------------------------------------------------------------

    def teller(self, names: Sequence[str], speech: Speech | None = None) -> Teller:
        return LupusTeller(self, names, speech)

    def _chronicle(self, match: Match) -> Chronicle:
        return chronicle(match.events)

    def deaths(self, match: Match) -> tuple[Death, ...]:
        return self._chronicle(match).deaths

    def final_cards(self, match: Match) -> tuple[FinalCard, ...]:
        state: State = match.state
        return tuple(
            FinalCard(s, state.card(s).value, state.roles[s].value, side(state.roles[s]))
            for s in range(state.n)
        )

    def table_now(self, match: Match) -> TableNow | None:
        state: State = match.state
        if not state.cards:
            return None
        return TableNow(tuple(state.card(s).value for s in range(state.n)), ())

    # --- the verdict's additions --------------------------------------------------------------

    def story(self, match: Match) -> dict[str, JSON] | None:
        names = match.players
        told = self._chronicle(match)

        def ref(seat: int | None) -> JSON:
            return None if seat is None else seat_ref(names, seat)

        def answers(items: Sequence[Answer]) -> list[JSON]:
            out: list[JSON] = []
            for a in items:
                entry: dict[str, JSON] = {
                    "when": when_json(a.when),
                    "by": ref(a.by),
                    "player": ref(a.seat),
                }
                if a.werewolf is not None:
                    entry["werewolf"] = a.werewolf
                out.append(entry)
            return out

        myth = told.mythomaniac
        return {
            "freemasons": [ref(s) for s in told.freemasons],
            "welcome_card": [
                {
                    **seat_ref(names, w.seat),
                    "when": when_json(("night", w.night)),
                    "how": "drawn" if w.among else "only_death",
                    "among": [ref(s) for s in w.among],
                }
                for w in told.welcome
            ],
            "votes": [_vote_json(v, ref) for v in told.votes],
            "seer": answers(told.seer),
            "medium": answers(told.medium),
            "bodyguard": answers(told.bodyguard),
            "owl": answers(told.owl),
            "mythomaniac": None
            if myth is None
            else {
                "when": when_json(("night", myth.night)),
                "by": ref(myth.by),
                "player": ref(myth.seat),
                "became": myth.became,
            },
            "dawns": [
                {
                    "when": when_json(("night", dawn.night)),
                    "deaths": [ref(s) for s in dawn.deaths],
                    "attacked": ref(dawn.victim),
                    "saved": dawn.saved,
                }
                for dawn in told.dawns
            ],
            "deaths": deaths_json(names, told.deaths),
        }

    def state_extra(self, match: Match) -> dict[str, JSON]:
        state: State = match.state
        public = match.variant.public(state)
        names = match.players
        holder = public["welcome_card"]
        return {
            "night": public["night"],
            "day": public["day"],
            "step": public["step"],
            "welcome_card": None if holder is None else seat_ref(names, int(holder)),
            "ghosts": [seat_ref(names, int(s)) for s in public["ghosts"]] if state.cards else [],
            "order": [seat_ref(names, int(s)) for s in public["order"]],
            "suspects": [seat_ref(names, int(s)) for s in public["suspects"]],
            "roles": [r.value for r in state.roles],
        }

    def story_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        story = verdict.story
        if story is None:
            return []
        words = speech or speech_for(self.family)
        say = words.say
        out = [say("report.story")]
        for moment, lines in _moments(story, words):
            out.append(f"  {moment}")
            out.extend(f"    {line}" for line in lines)
        welcome = [_welcome_words(w, words) for w in story["welcome_card"]]
        holders = say(L + "story.then").join(welcome) if welcome else say(L + "story.nobody_yet")
        out.append(say(L + "story.welcome", holders=holders))
        ghosts = [
            say(L + "story.ghost_since", name=d["name"], when=_when_words(d["when"], words))
            for d in story["deaths"]
        ]
        out.append(say(L + "story.ghosts", names=", ".join(ghosts) or say(L + "story.none")))
        if not verdict.standing.over:
            deaths = [
                self.death_words(death_of(d), verdict.players, words) for d in story["deaths"]
            ]
            shown = say("list.semicolon").join(deaths) if deaths else say("common.nobody")
            out.append(say("report.deaths_so_far", deaths=shown))
        return out

    def death_words(self, death: Death, names: Sequence[str], speech: Speech | None = None) -> str:
        words = speech or speech_for(self.family)
        say = words.say
        by = "" if death.by is None else name_of(names, death.by)
        if death.cause == "seen" and by:
            cause = say(L + "death.seen_by", name=by)
        else:
            parts = [
                say(L + "death.owl_by", name=by)
                if c == "owl" and by
                else (say(L + f"cause.{c}") if c in CAUSES else c)
                for c in death.cause.split("+")
            ]
            cause = say("statement.and").join(parts)
        when = ""
        if death.when is not None:
            phase, number = death.when
            when = say("report.when", when=_when_words({"phase": phase, "number": number}, words))
        return say("report.death_when", who=name_of(names, death.seat), cause=cause, when=when)

    def standing_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        extra = verdict.state_extra
        if not extra:
            return []
        words = speech or speech_for(self.family)
        say = words.say
        names = verdict.players
        phase = verdict.standing.phase
        step = str(extra.get("step") or "")
        where = f", {say(L + f'step.{step}')}" if step in STEPS else ""
        if phase == "night":
            moment = say("report.night_n", n=extra["night"]) + where
        elif phase == "day":
            moment = say("report.day_n", n=extra["day"]) + where
            if step == "dawn":
                moment = say(L + "story.dawn_after", n=extra["night"])
        elif phase == "deal":
            moment = say(L + "story.before_deal")
        else:
            moment = str(phase)
        holder = extra["welcome_card"]
        ghosts = [str(g["name"]) for g in extra["ghosts"]]
        out = [
            say(
                L + "now",
                moment=moment,
                holder=holder["name"] if holder else say(L + "story.nobody_yet"),
                ghosts=words.join(ghosts, say(L + "story.none")),
            )
        ]
        story = verdict.story or {}
        if step == "stage1" and story.get("votes"):
            vote = story["votes"][-1]
            ballots = f" ({_ballots(vote, words)})" if vote["ballots"] else ""
            out.append(
                say(
                    L + "stage1_so_far",
                    n=len(vote["ballots"]),
                    total=len(vote["order"]),
                    ballots=ballots,
                )
            )
        if extra["suspects"]:
            suspects = words.join([str(s["name"]) for s in extra["suspects"]])
            out.append(say(L + "story.suspects_now", names=suspects))
        table = verdict.standing.table
        if table is not None:
            for s, (card, role) in enumerate(zip(table.cards, extra["roles"], strict=False)):
                if card != role:
                    out.append(
                        say(
                            L + "holds_now",
                            name=name_of(names, s),
                            card=words.role(card),
                            card_a=words.a(words.role(role)),
                        )
                    )
        return out

    def ending_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        words = speech or speech_for(self.family)
        say = words.say
        alive = [verdict.players[s] for s in verdict.standing.alive]
        out = [say("report.alive_at_end", names=words.join(alive, say("common.nobody")))]
        ending = verdict.ending
        if ending is not None:
            ghosts = [verdict.players[s] for s in ending.winners if s in verdict.standing.dead]
            if ghosts:
                out.append(say(L + "ghost_winners", names=words.join(ghosts)))
        return out


# --- JSON helpers ---------------------------------------------------------------------------------


def _vote_json(vote: Vote, ref: Any) -> dict[str, JSON]:
    return {
        "vote": vote.vote,
        "when": when_json(vote.when),
        "candidates": None if vote.candidates is None else [ref(s) for s in vote.candidates],
        "holder": ref(vote.holder),
        "order": [ref(s) for s in vote.order],
        "ballots": [{**ref(v), "for": ref(t), "ghost": g} for v, t, g in vote.ballots],
        "counts": [{"for": ref(t), "votes": k} for t, k in vote.counts],
        "tied": [ref(t) for t in vote.tied],
        "leaders": [ref(s) for s in vote.leaders],
        "owl_pick": ref(vote.owl_pick),
        "replaced": ref(vote.replaced),
        "suspects": [ref(s) for s in vote.suspects],
        "outcome": None
        if vote.outcome is None
        else {"kind": vote.outcome, "player": ref(vote.chosen), "by": None},
    }


# --- the story in words ---------------------------------------------------------------------------


def _when_words(w: Mapping[str, Any], words: Speech) -> str:
    """'night 2', 'day 1' in the report's words."""
    key = "report.night_n" if w["phase"] == "night" else "report.day_n"
    return words.say(key, n=w["number"])


def _key(w: Mapping[str, Any]) -> tuple[int, int]:
    return (int(w["number"]), 0 if w["phase"] == "night" else 1)


def _moments(story: Mapping[str, Any], words: Speech) -> list[tuple[str, list[str]]]:
    """The story grouped by night and day, in order: (heading, lines)."""
    say = words.say
    lines: dict[tuple[int, int], list[str]] = {}

    def add(when: Mapping[str, Any], text: str) -> None:
        lines.setdefault(_key(when), []).append(text)

    def answer(werewolf: bool) -> str:
        return say(L + ("a_werewolf" if werewolf else "not_a_werewolf"))

    freemasons = story["freemasons"]
    if freemasons:
        names = words.join([str(f["name"]) for f in freemasons])
        add({"phase": "night", "number": 1}, say(L + "story.freemasons", names=names))
    for a in story["seer"]:
        add(
            a["when"],
            say(
                L + "story.seer",
                by=a["by"]["name"],
                name=a["player"]["name"],
                answer=answer(bool(a["werewolf"])),
            ),
        )
    for a in story["medium"]:
        asked = L + ("story.medium_yes" if a["werewolf"] else "story.medium_no")
        add(a["when"], say(asked, by=a["by"]["name"], name=a["player"]["name"]))
    for a in story["bodyguard"]:
        add(a["when"], say(L + "story.bodyguard", by=a["by"]["name"], name=a["player"]["name"]))
    votes = story["votes"]
    for v in votes:
        if v["vote"] == "pack":
            add(v["when"], _pack_words(v, words))
    for a in story["owl"]:
        add(a["when"], say(L + "story.owl", by=a["by"]["name"], name=a["player"]["name"]))
    myth = story["mythomaniac"]
    if myth is not None:
        add(
            myth["when"],
            say(
                L + "story.mythomaniac",
                by=myth["by"]["name"],
                name=myth["player"]["name"],
                card_a=words.a(words.role(str(myth["became"]))),
            ),
        )
    welcome = {int(w["when"]["number"]): w for w in story["welcome_card"]}
    holder: str | None = None
    for dawn in story["dawns"]:
        night = int(dawn["when"]["number"])
        dead = [str(d["name"]) for d in dawn["deaths"]]
        w = welcome.get(night)
        if dawn["saved"] is not None:
            attacked = dawn["attacked"]["name"]
            add(dawn["when"], say(L + f"story.saved.{dawn['saved']}", name=attacked))
        if not dead:
            keep = say(L + "welcome_stays", name=holder) if holder else say(L + "welcome_nobody")
            add(dawn["when"], say(L + "story.dawn_none", keep=keep))
            continue
        found = L + ("story.dawn_one" if len(dead) == 1 else "story.dawn_many")
        text = say(found, names=words.join(dead))
        if w is not None:
            holder = str(w["name"])
            if w["among"]:
                text += say(L + "story.welcome_drawn", names=words.join(dead), name=holder)
            else:
                text += say(L + "story.welcome_taken", name=holder)
        add(dawn["when"], text + ".")
    for v in votes:
        if v["vote"] == "stage1":
            for line in _stage1_words(v, words):
                add(v["when"], line)
        elif v["vote"] == "stage2":
            add(v["when"], _stage2_words(v, words))
    deaths = story["deaths"]
    out: list[tuple[str, list[str]]] = []
    for key in sorted(lines):
        number, half = key
        if half == 0:
            out.append((say(L + "story.night", n=number), lines[key]))
            continue
        ghosts = [str(d["name"]) for d in deaths if _key(d["when"]) < key]
        day_holder = next(
            (v["holder"] for v in votes if v["vote"] == "stage1" and _key(v["when"]) == key),
            None,
        )
        heading = say(
            L + "story.day",
            n=number,
            holder=day_holder["name"] if day_holder else say("common.nobody"),
            ghosts=words.join(ghosts, say(L + "story.none")),
        )
        out.append((heading, lines[key]))
    return out


def _ballots(v: Mapping[str, Any], words: Speech) -> str:
    say = words.say
    return say("list.semicolon").join(
        say(
            "ballot",
            voter=say(L + "ghost_name", name=b["name"]) if b["ghost"] else b["name"],
            name=b["for"]["name"],
        )
        for b in v["ballots"]
    )


def _counts(v: Mapping[str, Any]) -> str:
    return ", ".join(f"{c['for']['name']} {c['votes']}" for c in v["counts"])


def _from(v: Mapping[str, Any], words: Speech) -> str:
    holder = v["holder"]
    if holder is None:
        return words.say(L + "story.from_seat_0")
    return words.say(L + "from_holder", name=holder["name"])


def _tie(v: Mapping[str, Any], taken: Sequence[str], words: Speech) -> str:
    tied = [str(t["name"]) for t in v["tied"]]
    key = L + ("story.tie_one" if len(taken) == 1 else "story.tie_many")
    return words.say(
        key, names=words.join(tied), first=words.join(list(taken)), where=_from(v, words)
    )


def _pack_words(v: Mapping[str, Any], words: Speech) -> str:
    say = words.say
    text = say(L + "story.pack", ballots=_ballots(v, words) or say(L + "story.no_ballot"))
    outcome = v["outcome"]
    if outcome is None:
        return text + say(L + "story.pack_unsettled")
    chosen = outcome["player"]["name"]
    if outcome["kind"] == "drawn":
        tied = words.join([str(t["name"]) for t in v["tied"]])
        return text + say(L + "story.pack_drawn", names=tied, name=chosen)
    return text + say(L + "story.pack_victim", name=chosen)


def _stage1_words(v: Mapping[str, Any], words: Speech) -> list[str]:
    say = words.say
    ballots = _ballots(v, words) or say(L + "story.no_ballot")
    out = [say(L + "story.stage1", ballots=ballots)]
    if not v["leaders"]:
        return out
    leaders = [str(s["name"]) for s in v["leaders"]]
    tie = ""
    if v["tied"]:
        tied = {int(t["seat"]) for t in v["tied"]}
        taken = [str(s["name"]) for s in v["leaders"] if int(s["seat"]) in tied]
        tie = say("list.semicolon") + _tie(v, taken, words)
    out.append(say(L + "story.count", counts=_counts(v), tie=tie, names=words.join(leaders)))
    pick = v["owl_pick"]
    if pick is not None:
        if v["replaced"] is None:
            out.append(say(L + "story.owl_pick_already", name=pick["name"]))
        else:
            out.append(say(L + "story.owl_pick", name=pick["name"], other=v["replaced"]["name"]))
    if v["suspects"]:
        suspects = words.join([str(s["name"]) for s in v["suspects"]])
        out.append(say(L + "story.suspects", names=suspects))
    return out


def _stage2_words(v: Mapping[str, Any], words: Speech) -> str:
    say = words.say
    outcome = v["outcome"]
    if outcome is None:
        return say(L + "story.stage2_waiting")
    chosen = str(outcome["player"]["name"])
    tie = say("list.semicolon") + _tie(v, [chosen], words) if v["tied"] else ""
    return say(
        L + "story.stage2", ballots=_ballots(v, words), counts=_counts(v), tie=tie, name=chosen
    )


def _welcome_words(w: Mapping[str, Any], words: Speech) -> str:
    night = w["when"]["number"]
    if w["how"] == "drawn":
        among = words.join([str(a["name"]) for a in w["among"]])
        return words.say(L + "story.welcome_drawn_at", name=w["name"], n=night, names=among)
    return words.say(L + "story.welcome_only", name=w["name"], n=night)
