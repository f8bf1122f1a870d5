"""The Thiercelieux dialect of the script format.

Contract: verbs are exactly those the Thiercelieux decisions offer (take, pass,
pair, look, wake, sleep, vote, no_victim, no_lynch, spy, heal, poison, shoot, name); role
names are read as the rules read them (English or French, any case); there are
no scenarios, so a script gives its ``deck``.  An explicit deal gives every
seat's card and, when the deck holds the Thief, the two set-aside cards
(``set_aside``, slots 0 and 1; the Thief's ``take`` names one the same way); it
becomes the ``deal`` permutation of card ids exactly as for One Night (the
first unused card of the named role for each position, seats first).

The chance outcomes a script may fix are ``deal``, ``tiebreak`` (the pack's
tied vote, a second tied election, a second tied lynch with
``lynch_second_tie: random``), ``little_girl_caught`` (true or false) and
``captain_draw`` (with ``captain_mode: random``).  A ``tiebreak`` or
``captain_draw`` outcome is the index the rules draw (into the tied, in seat
order with the pack's "no victim" last; into the living, in seat order), or,
more readably, the player's name (``no_victim`` for the pack's "no victim"):
the name is turned into the index when the draw happens, and a name that is
not among the candidates then is refused (``chance.bad_outcome``).

Events become sentences (:mod:`.thiercelieux_tell`, in the words of a
:class:`~loupgarou.scripting.speech.Speech`: English by default, French for a French room); the verdict gains
the story in short (:mod:`.thiercelieux_story`): deaths dated by night or day,
the Captains, the Lovers, every vote with its count and tie handling.
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
from loupgarou.scripting.speech import Speech, speech_for
from loupgarou.scripting.thiercelieux_names import (
    DECISIONS,
    TEAMS,
    VOTES,
    cause_words,
    english,
)
from loupgarou.scripting.thiercelieux_story import Chronicle, Vote, chronicle
from loupgarou.scripting.thiercelieux_tell import ThiercelieuxTeller
from loupgarou.scripting.verdict import Death, FinalCard, TableNow, Verdict
from loupgarou.scripting.words import and_list, name_of
from loupgarou.variants.thiercelieux.resolution import opposite_lovers, teams
from loupgarou.variants.thiercelieux.roles import Role, camp, parse_role
from loupgarou.variants.thiercelieux.setup import SET_ASIDE
from loupgarou.variants.thiercelieux.state import NO_VICTIM, State

NO_VICTIM_WORD = "no_victim"
NAMED_DRAWS = ("tiebreak", "captain_draw")
"""The draws a script may fix by naming a player."""
DRAW_WORDS: dict[str, str] = {"tiebreak": NO_VICTIM_WORD}
"""The pack's tiebreak may also name "no victim"."""
TIEBREAK_TASKS = ("hunt_tiebreak", "captain_tiebreak", "lynch_draw")


class ThiercelieuxDialect(FamilyDialect):
    family = "thiercelieux"
    verbs = frozenset(
        {
            "take",
            "pass",
            "pair",
            "look",
            "wake",
            "sleep",
            "vote",
            "no_victim",
            "no_lynch",
            "spy",
            "heal",
            "poison",
            "shoot",
            "name",
        }
    )
    centre_slots = SET_ASIDE
    slot_field = "set_aside"
    slot_hint = "the set-aside cards are numbered 0 and 1"
    decisions = DECISIONS
    no_scenarios = (
        "Thiercelieux has no scenarios: give the 'deck', one card per player "
        "(plus two set aside with the Thief)"
    )
    centre_label = "set aside"

    # --- names ------------------------------------------------------------------------------

    every_role = Role
    rules = "Thiercelieux"
    named_draws = NAMED_DRAWS
    draw_words = DRAW_WORDS

    def find_role(self, name: str) -> Role | None:
        return parse_role(name)

    def role_name(self, role: str) -> str:
        return english(role)

    # --- the table --------------------------------------------------------------------------

    def deal_slots(self, deck: Sequence[str]) -> int | None:
        return SET_ASIDE if any(parse_role(r) is Role.THIEF for r in deck) else 0

    def describe_action(
        self, action: Action, names: Sequence[str], speech: Speech | None = None
    ) -> str:
        words = speech or speech_for(self.family)
        say = words.say
        kind = action.kind
        who = words.join([name_of(names, p) for p in action.players], say("common.nobody"))
        if kind == "take" and action.centre:
            return say("thiercelieux.do.take", slot=action.centre[0])
        if kind == "pair" and len(action.players) == 2:
            return say("thiercelieux.do.pair", names=who)
        if kind == "look" and action.players:
            return say("thiercelieux.do.look", name=who)
        if kind == "vote" and action.players:
            return say("do.vote", name=who)
        if kind in ("heal", "poison", "shoot", "name") and action.players:
            return say(f"thiercelieux.do.{kind}", name=who)
        if kind in ("wake", "sleep", "no_victim", "no_lynch", "spy"):
            return say(f"thiercelieux.do.{kind}")
        if kind == "pass":
            return say("do.nothing")
        return super().describe_action(action, names, speech)

    def normalise(self, action: Action) -> Action:
        if action.kind == "pair":
            return Action(action.kind, tuple(sorted(action.players)), action.centre)
        return action

    # --- chance -----------------------------------------------------------------------------

    def chance_value(
        self, request: ChanceRequest, value: JSON, state: Any, names: Sequence[str]
    ) -> JSON:
        if not isinstance(value, str) or request.label not in NAMED_DRAWS:
            return value
        if not isinstance(state, State) or not state.agenda:  # pragma: no cover - defensive
            return value
        word = value.strip().casefold()
        target = NO_VICTIM if word == NO_VICTIM_WORD else -99
        for seat, name in enumerate(names):
            if name.casefold() == word:
                target = seat
        task = state.agenda[0]
        if request.label == "captain_draw":
            candidates: tuple[int, ...] = state.living()
            among = "the living"
        else:
            candidates = task.seats if task.kind in TIEBREAK_TASKS else ()
            among = "the tied"
        return drawn_index(
            request.label,
            value,
            target,
            candidates,
            among,
            show=lambda s: "no victim" if s == NO_VICTIM else name_of(names, s),
        )

    # --- telling ----------------------------------------------------------------------------

    def teller(self, names: Sequence[str], speech: Speech | None = None) -> Teller:
        return ThiercelieuxTeller(self, names, speech)

    def _chronicle(self, match: Match) -> Chronicle:
        state: State = match.state
        return chronicle(match.events, dict(state.deaths))

    def deaths(self, match: Match) -> tuple[Death, ...]:
        return self._chronicle(match).deaths

    def final_cards(self, match: Match) -> tuple[FinalCard, ...]:
        state: State = match.state
        team_of = {s: team for team, seats in teams(state).items() for s in seats}
        return tuple(
            FinalCard(s, state.role(s).value, state.role(s).value, team_of[s])
            for s in range(state.n)
        )

    def final_centre(self, match: Match) -> tuple[str, ...]:
        state: State = match.state
        return tuple(state.role(p).value for p in range(state.n, len(state.deck)))

    def table_now(self, match: Match) -> TableNow | None:
        state: State = match.state
        if not state.cards:
            return None
        return TableNow(
            tuple(state.role(s).value for s in range(state.n)),
            tuple(state.role(p).value for p in range(state.n, len(state.deck))),
        )

    # --- the story in short ------------------------------------------------------------------

    def story(self, match: Match) -> dict[str, JSON] | None:
        state: State = match.state
        names = match.players
        told = self._chronicle(match)

        def ref(seat: int | None) -> JSON:
            return None if seat is None else {"seat": seat, "name": name_of(names, seat)}

        lovers: JSON = None
        if told.lovers:
            a = told.lovers[0]
            team = "lovers" if opposite_lovers(state) else camp(state.role(a))
            lovers = {
                "players": [ref(s) for s in told.lovers],
                "cupid": ref(told.cupid),
                "team": team,
            }
        return {
            "lovers": lovers,
            "captains": [
                {
                    **seat_ref(names, c.seat),
                    "how": c.how,
                    "by": ref(c.by),
                    "when": when_json(c.when),
                }
                for c in told.captains
            ],
            "votes": [_vote_json(v, ref) for v in told.votes],
            "deaths": deaths_json(names, told.deaths),
        }

    def state_extra(self, match: Match) -> dict[str, JSON]:
        state: State = match.state
        public = match.variant.public(state)
        names = match.players
        witch = Role.WITCH in state.deck
        return {
            "night": public["night"],
            "day": public["day"],
            "step": public["step"],
            "captain": None
            if public["captain"] is None
            else seat_ref(names, int(public["captain"])),
            "lovers": [seat_ref(names, s) for s in state.lovers],
            "potions": {"heal": not state.heal_used, "poison": not state.poison_used}
            if witch
            else None,
        }

    def story_lines(self, verdict: Verdict) -> list[str]:
        story = verdict.story
        if story is None:
            return []
        names = verdict.players
        out = ["The story in short"]
        lovers = story["lovers"]
        if lovers is None:
            out.append("  Lovers: none.")
        else:
            pair = and_list([str(p["name"]) for p in lovers["players"]])
            cupid = f", chosen by {lovers['cupid']['name']} (Cupid)" if lovers["cupid"] else ""
            team = str(lovers["team"])
            side = (
                "one is a Werewolf and the other is not, so they play for themselves"
                if team == "lovers"
                else f"they play for {TEAMS.get(team, team)}"
            )
            out.append(f"  Lovers: {pair}{cupid}; {side}.")
        captains = [_captain_words(c) for c in story["captains"]]
        out.append("  Captain: " + ("; then ".join(captains) if captains else "none yet") + ".")
        if story["votes"]:
            out.append("  Votes:")
            out.extend(f"    {_vote_words(v)}" for v in story["votes"])
        if not verdict.standing.over:
            deaths = [self.death_words(death_of(d), names) for d in story["deaths"]]
            out.append("  Deaths so far: " + ("; ".join(deaths) if deaths else "nobody") + ".")
        return out

    def death_words(self, death: Death, names: Sequence[str]) -> str:
        cause = cause_words(death.cause)
        by = "" if death.by is None else name_of(names, death.by)
        if death.cause == "grief" and by:
            cause = f"died of grief for {by}"
        elif death.cause == "shot" and by:
            cause = f"shot by {by}, the dying Hunter"
        elif death.cause == "poisoned" and by:
            cause = f"poisoned by {by}, the Witch"
        when = "" if death.when is None else f", {death.when[0]} {death.when[1]}"
        return f"{name_of(names, death.seat)} ({cause}{when})"

    def standing_lines(self, verdict: Verdict) -> list[str]:
        extra = verdict.state_extra
        if not extra:
            return []
        phase = verdict.standing.phase
        if phase == "night":
            moment = f"night {extra['night']}"
        elif phase == "day":
            moment = f"day {extra['day']}"
        else:
            moment = str(phase)
        step = f" ({extra['step']})" if extra.get("step") else ""
        captain = extra.get("captain")
        line = f"  Now: {moment}{step}; Captain: {captain['name'] if captain else 'none'}"
        potions = extra.get("potions")
        if potions is not None:
            left = [
                word for word, key in (("healing", "heal"), ("poison", "poison")) if potions[key]
            ]
            line += f"; the Witch's potions left: {and_list(left, 'none')}"
        return [line + "."]

    def ending_lines(self, verdict: Verdict) -> list[str]:
        alive = [verdict.players[s] for s in verdict.standing.alive]
        return [f"  Alive at the end: {and_list(alive)}."]


def _vote_json(vote: Vote, ref: Any) -> dict[str, JSON]:
    return {
        "vote": vote.vote,
        "when": when_json(vote.when),
        "candidates": None if vote.candidates is None else [ref(s) for s in vote.candidates],
        "ballots": [{**ref(v), "for": ref(t)} for v, t in vote.ballots],
        "counts": [{"for": ref(t), "votes": k} for t, k in vote.counts],
        "tied": [ref(t) for t in vote.tied],
        "outcome": None
        if vote.outcome is None
        else {"kind": vote.outcome, "player": ref(vote.chosen), "by": ref(vote.by)},
    }


def _captain_words(c: Mapping[str, Any]) -> str:
    day = f"day {c['when']['number']}"
    if c["how"] == "named":
        return f"{c['name']} (named by {c['by']['name']}, the dying Captain, on {day})"
    if c["how"] == "drawn":
        return f"{c['name']} (drawn by lot on {day})"
    return f"{c['name']} (elected on {day})"


def _target(ref: Mapping[str, Any] | None) -> str:
    return "no victim" if ref is None else str(ref["name"])


def _vote_words(v: Mapping[str, Any]) -> str:
    """'day 1, lynch vote: Ana 3, Bruno 3 (tie) -> ...' for the report."""
    when = f"{v['when']['phase']} {v['when']['number']}"
    counts = ", ".join(f"{_target(c['for'])} {c['votes']}" for c in v["counts"])
    settled = v["outcome"] is not None
    unknown = "the result alone (no ballots given)" if settled else "ballots not all cast yet"
    text = f"{when}, {VOTES.get(v['vote'], v['vote'])}: {counts or unknown}"
    if v["tied"]:
        text += f" (a tie between {and_list([_target(t) for t in v['tied']])})"
    outcome = v["outcome"]
    if outcome is None:
        return text + " -> not settled yet"
    kind = outcome["kind"]
    chosen = _target(outcome["player"])
    by = outcome["by"]["name"] if outcome["by"] else "the Captain"
    result = {
        "elected": f"{chosen} is elected Captain",
        "lynched": f"{chosen} is lynched",
        "victim": f"{chosen} is the pack's victim",
        "no_victim": "the pack chooses no victim",
        "revote": "a second round between the tied",
        "drawn": f"drawn by lot: {chosen}",
        "captain_vote": f"{by}, the Captain, had voted for {chosen}: {chosen} is lynched",
        "captain_pick": f"{by}, the Captain, picks {chosen}: {chosen} is lynched",
        "no_lynch": "tied again: nobody is lynched",
    }.get(kind, kind)
    return f"{text} -> {result}"
