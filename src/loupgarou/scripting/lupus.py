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
:class:`~loupgarou.scripting.speech.Speech`: English by default, French for a French room); the verdict gains the
story in short (:mod:`.lupus_story`): every vote with its tally and tie, the
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
from loupgarou.scripting.lupus_names import (
    DECISIONS,
    a_role,
    cause_words,
    english,
    werewolf_words,
)
from loupgarou.scripting.lupus_story import Answer, Chronicle, Vote, chronicle
from loupgarou.scripting.lupus_tell import LupusTeller
from loupgarou.scripting.speech import Speech, speech_for
from loupgarou.scripting.verdict import Death, FinalCard, TableNow, Verdict
from loupgarou.scripting.words import and_list, name_of
from loupgarou.variants.lupus.roles import Role, parse_role, side
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
"""The public step in words, for where a game stopped."""

SAVED: dict[str, str] = {
    "bodyguard": "The pack's attack on {name} fails: the Bodyguard protects them.",
    "werehamster": "The pack's attack on {name} fails: the Werewolves cannot kill the Werehamster.",
}
"""Why the pack's victim lived, by the story's ``saved``."""


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

    def story_lines(self, verdict: Verdict) -> list[str]:
        story = verdict.story
        if story is None:
            return []
        out = ["The story in short"]
        for moment, lines in _moments(story):
            out.append(f"  {moment}")
            out.extend(f"    {line}" for line in lines)
        welcome = [_welcome_words(w) for w in story["welcome_card"]]
        out.append(
            "  The Welcome card: " + ("; then ".join(welcome) if welcome else "nobody yet") + "."
        )
        ghosts = [f"{d['name']} (since {_when_words(d['when'])})" for d in story["deaths"]]
        out.append("  Ghosts: " + (", ".join(ghosts) if ghosts else "none") + ".")
        if not verdict.standing.over:
            deaths = [self.death_words(death_of(d), verdict.players) for d in story["deaths"]]
            out.append("  Deaths so far: " + ("; ".join(deaths) if deaths else "nobody") + ".")
        return out

    def death_words(self, death: Death, names: Sequence[str]) -> str:
        by = "" if death.by is None else name_of(names, death.by)
        if death.cause == "seen" and by:
            cause = f"the Werehamster, found by {by}, the Seer"
        elif "owl" in death.cause.split("+") and by:
            cause = cause_words(death.cause).replace("the Deadly Owl", f"{by}, the Deadly Owl")
        else:
            cause = cause_words(death.cause)
        when = "" if death.when is None else f", {death.when[0]} {death.when[1]}"
        return f"{name_of(names, death.seat)} ({cause}{when})"

    def standing_lines(self, verdict: Verdict) -> list[str]:
        extra = verdict.state_extra
        if not extra:
            return []
        names = verdict.players
        phase = verdict.standing.phase
        step = str(extra.get("step") or "")
        if phase == "night":
            moment = f"night {extra['night']}" + (f", {STEPS[step]}" if step in STEPS else "")
        elif phase == "day":
            moment = f"day {extra['day']}" + (f", {STEPS[step]}" if step in STEPS else "")
            if step == "dawn":
                moment = f"dawn after night {extra['night']}"
        elif phase == "deal":
            moment = "before the deal"
        else:
            moment = str(phase)
        holder = extra["welcome_card"]
        ghosts = [str(g["name"]) for g in extra["ghosts"]]
        out = [
            f"  Now: {moment}; the Welcome card: {holder['name'] if holder else 'nobody yet'}; "
            f"Ghosts: {and_list(ghosts, 'none')}."
        ]
        story = verdict.story or {}
        if step == "stage1" and story.get("votes"):
            vote = story["votes"][-1]
            out.append(
                f"  Stage 1 so far: {len(vote['ballots'])} of {len(vote['order'])} ballots cast"
                + (f" ({_ballots(vote)})" if vote["ballots"] else "")
                + "."
            )
        if extra["suspects"]:
            out.append(f"  Suspects: {and_list([str(s['name']) for s in extra['suspects']])}.")
        table = verdict.standing.table
        if table is not None:
            for s, (card, role) in enumerate(zip(table.cards, extra["roles"], strict=False)):
                if card != role:
                    out.append(
                        f"  {name_of(names, s)} holds the {english(card)} card and now plays "
                        f"as {a_role(role)}."
                    )
        return out

    def ending_lines(self, verdict: Verdict) -> list[str]:
        alive = [verdict.players[s] for s in verdict.standing.alive]
        out = [f"  Alive at the end: {and_list(alive)}."]
        ending = verdict.ending
        if ending is not None:
            ghosts = [verdict.players[s] for s in ending.winners if s in verdict.standing.dead]
            if ghosts:
                out.append(f"  Ghosts among the winners (a side wins whole): {and_list(ghosts)}.")
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


def _when_words(w: Mapping[str, Any]) -> str:
    return f"{w['phase']} {w['number']}"


def _key(w: Mapping[str, Any]) -> tuple[int, int]:
    return (int(w["number"]), 0 if w["phase"] == "night" else 1)


def _moments(story: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """The story grouped by night and day, in order: (heading, lines)."""
    lines: dict[tuple[int, int], list[str]] = {}

    def add(when: Mapping[str, Any], text: str) -> None:
        lines.setdefault(_key(when), []).append(text)

    freemasons = story["freemasons"]
    if freemasons:
        add(
            {"phase": "night", "number": 1},
            f"Freemasons: {and_list([str(f['name']) for f in freemasons])} know each other.",
        )
    for a in story["seer"]:
        add(
            a["when"],
            f"Seer: {a['by']['name']} pointed at {a['player']['name']}: "
            f"{werewolf_words(bool(a['werewolf']))}.",
        )
    for a in story["medium"]:
        was = "was a Werewolf" if a["werewolf"] else "was not a Werewolf"
        add(
            a["when"],
            f"Medium: {a['by']['name']} learned that {a['player']['name']}, lynched last, {was}.",
        )
    for a in story["bodyguard"]:
        add(a["when"], f"Bodyguard: {a['by']['name']} protected {a['player']['name']}.")
    votes = story["votes"]
    for v in votes:
        if v["vote"] == "pack":
            add(v["when"], _pack_words(v))
    for a in story["owl"]:
        add(a["when"], f"Owl: {a['by']['name']} picked {a['player']['name']}.")
    myth = story["mythomaniac"]
    if myth is not None:
        add(
            myth["when"],
            f"Mythomaniac: {myth['by']['name']} chose {myth['player']['name']} "
            f"and now plays as {a_role(str(myth['became']))}.",
        )
    welcome = {int(w["when"]["number"]): w for w in story["welcome_card"]}
    holder: str | None = None
    for dawn in story["dawns"]:
        night = int(dawn["when"]["number"])
        dead = [str(d["name"]) for d in dawn["deaths"]]
        w = welcome.get(night)
        if dawn["saved"] is not None:
            attacked = dawn["attacked"]["name"]
            add(dawn["when"], SAVED[str(dawn["saved"])].format(name=attacked))
        if not dead:
            keep = (
                f"the Welcome card stays with {holder}"
                if holder
                else "nobody holds the Welcome card yet"
            )
            add(dawn["when"], f"Dawn: nobody died; {keep}.")
            continue
        text = f"Dawn: {and_list(dead)} {'was' if len(dead) == 1 else 'were'} found dead"
        if w is not None:
            holder = str(w["name"])
            if w["among"]:
                text += f"; the Welcome card, drawn between {and_list(dead)}, goes to {holder}"
            else:
                text += f"; {holder} takes the Welcome card"
        add(dawn["when"], text + ".")
    for v in votes:
        if v["vote"] == "stage1":
            for line in _stage1_words(v):
                add(v["when"], line)
        elif v["vote"] == "stage2":
            add(v["when"], _stage2_words(v))
    deaths = story["deaths"]
    out: list[tuple[str, list[str]]] = []
    for key in sorted(lines):
        number, half = key
        if half == 0:
            out.append((f"Night {number}", lines[key]))
            continue
        ghosts = [str(d["name"]) for d in deaths if _key(d["when"]) < key]
        day_holder = next(
            (v["holder"] for v in votes if v["vote"] == "stage1" and _key(v["when"]) == key),
            None,
        )
        heading = (
            f"Day {number} (the Welcome card: {day_holder['name'] if day_holder else 'nobody'}; "
            f"Ghosts: {and_list(ghosts, 'none')})"
        )
        out.append((heading, lines[key]))
    return out


def _ballots(v: Mapping[str, Any]) -> str:
    return "; ".join(
        f"{b['name']}{' (Ghost)' if b['ghost'] else ''} for {b['for']['name']}"
        for b in v["ballots"]
    )


def _counts(v: Mapping[str, Any]) -> str:
    return ", ".join(f"{c['for']['name']} {c['votes']}" for c in v["counts"])


def _from(v: Mapping[str, Any]) -> str:
    holder = v["holder"]
    if holder is None:
        return "going clockwise from seat 0 (nobody held the Welcome card)"
    return f"going clockwise from {holder['name']}, who holds the Welcome card"


def _tie(v: Mapping[str, Any], taken: Sequence[str]) -> str:
    tied = [str(t["name"]) for t in v["tied"]]
    verb = "is" if len(taken) == 1 else "are"
    return f"a tie between {and_list(tied)}: {and_list(list(taken))} {verb} met first {_from(v)}"


def _pack_words(v: Mapping[str, Any]) -> str:
    text = f"The pack's vote: {_ballots(v) or 'no ballot yet'}"
    outcome = v["outcome"]
    if outcome is None:
        return text + " (not settled yet)."
    chosen = outcome["player"]["name"]
    if outcome["kind"] == "drawn":
        tied = and_list([str(t["name"]) for t in v["tied"]])
        return text + f"; a tie between {tied}, drawn by lot: {chosen} is the victim."
    return text + f" -> {chosen} is the victim."


def _stage1_words(v: Mapping[str, Any]) -> list[str]:
    out = [f"Stage 1, in calling order: {_ballots(v) or 'no ballot yet'}."]
    if not v["leaders"]:
        return out
    line = f"Count: {_counts(v)}"
    leaders = [str(s["name"]) for s in v["leaders"]]
    if v["tied"]:
        tied = {int(t["seat"]) for t in v["tied"]}
        taken = [str(s["name"]) for s in v["leaders"] if int(s["seat"]) in tied]
        line += f"; {_tie(v, taken)}"
    out.append(line + f". The two most named: {and_list(leaders)}.")
    pick = v["owl_pick"]
    if pick is not None:
        if v["replaced"] is None:
            out.append(f"The Owl's pick: {pick['name']}, already one of the two.")
        else:
            out.append(
                f"The Owl's pick: {pick['name']}, who takes the place of {v['replaced']['name']}."
            )
    if v["suspects"]:
        out.append(f"Suspects: {and_list([str(s['name']) for s in v['suspects']])}.")
    return out


def _stage2_words(v: Mapping[str, Any]) -> str:
    outcome = v["outcome"]
    if outcome is None:
        return "Stage 2: the secret ballots are not all in yet."
    chosen = str(outcome["player"]["name"])
    text = f"Stage 2, revealed together: {_ballots(v)}. Count: {_counts(v)}"
    if v["tied"]:
        text += f"; {_tie(v, [chosen])}"
    return text + f" -> {chosen} is lynched."


def _welcome_words(w: Mapping[str, Any]) -> str:
    night = w["when"]["number"]
    if w["how"] == "drawn":
        among = and_list([str(a["name"]) for a in w["among"]])
        return f"{w['name']} (dawn after night {night}: drawn between {among})"
    return f"{w['name']} (dawn after night {night}: the night's only death)"
