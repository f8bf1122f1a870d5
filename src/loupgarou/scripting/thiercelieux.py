"""The Thiercelieux dialect of the script format.

Contract: verbs are exactly those the Thiercelieux decisions offer (take, pass,
pair, look, wake, sleep, vote, no_victim, no_lynch, spy, heal, poison, shoot, name); role
names are read as the rules read them (English or French, any case); there are
no scenarios, so a script gives its ``deck``.  An explicit deal gives every
seat's card and, when the deck holds the Thief, the two set-aside cards
(``set_aside``, slots ``c1`` and ``c2``, or 0 and 1 in the data form; the Thief's
``take`` names one the same way); it
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
:class:`~loupgarou.scripting.speech.Speech`: English by default, French for a French
room); the verdict gains the story in short (:mod:`.thiercelieux_story`): deaths dated by night or day,
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
    CAUSES,
    DECISIONS,
    TEAMS,
    VOTES,
    english,
)
from loupgarou.scripting.thiercelieux_story import Chronicle, Vote, chronicle
from loupgarou.scripting.thiercelieux_tell import ThiercelieuxTeller
from loupgarou.scripting.verdict import Death, FinalCard, TableNow, Verdict
from loupgarou.scripting.words import name_of, slot
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
T = "thiercelieux."


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
    slot_hint = "the set-aside cards are c1 and c2 (or, in the data form, 0 and 1)"
    decisions = DECISIONS
    present_claims = True
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
            return say("thiercelieux.do.take", slot=slot(action.centre[0]))
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

    def story_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        story = verdict.story
        if story is None:
            return []
        words = speech or speech_for(self.family)
        say = words.say
        names = verdict.players
        out = [say("report.story")]
        lovers = story["lovers"]
        if lovers is None:
            out.append(say(T + "story.no_lovers"))
        else:
            pair = words.join([str(p["name"]) for p in lovers["players"]])
            cupid = (
                say(T + "story.chosen_by", name=lovers["cupid"]["name"]) if lovers["cupid"] else ""
            )
            team = str(lovers["team"])
            if team == "lovers":
                side = say(T + "story.lovers_apart")
            else:
                side = say(T + "story.lovers_side", team=_team(team, words))
            out.append(say(T + "story.lovers", names=pair, chooser=cupid, side=side))
        captains = [_captain_words(c, words) for c in story["captains"]]
        shown = say(T + "story.then").join(captains) if captains else say(T + "story.none_yet")
        out.append(say(T + "story.captain", captains=shown))
        if story["votes"]:
            out.append(say(T + "story.votes"))
            out.extend(f"    {_vote_words(v, words)}" for v in story["votes"])
        if not verdict.standing.over:
            deaths = [self.death_words(death_of(d), names, words) for d in story["deaths"]]
            shown = say("list.semicolon").join(deaths) if deaths else say("common.nobody")
            out.append(say("report.deaths_so_far", deaths=shown))
        return out

    def death_words(self, death: Death, names: Sequence[str], speech: Speech | None = None) -> str:
        words = speech or speech_for(self.family)
        say = words.say
        cause = _causes(death.cause, words)
        by = "" if death.by is None else name_of(names, death.by)
        if death.cause == "grief" and by:
            cause = say(T + "death.grief_for", name=by)
        elif death.cause == "shot" and by:
            cause = say(T + "death.shot_by", name=by)
        elif death.cause == "poisoned" and by:
            cause = say(T + "death.poisoned_by", name=by)
        when = "" if death.when is None else say("report.when", when=_when(death.when, words))
        return say("report.death_when", who=name_of(names, death.seat), cause=cause, when=when)

    def standing_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        extra = verdict.state_extra
        if not extra:
            return []
        words = speech or speech_for(self.family)
        say = words.say
        phase = verdict.standing.phase
        if phase == "night":
            moment = say("report.night_n", n=extra["night"])
        elif phase == "day":
            moment = say("report.day_n", n=extra["day"])
        else:
            moment = str(phase)
        step = f" ({extra['step']})" if extra.get("step") else ""
        captain = extra.get("captain")
        line = say(
            T + "now",
            moment=moment,
            step=step,
            holder=captain["name"] if captain else say(T + "story.none"),
        )
        potions = extra.get("potions")
        if potions is not None:
            left = [say(T + f"potion.{key}") for key in ("heal", "poison") if potions[key]]
            line += say(T + "potions_left", potions=words.join(left, say(T + "story.none")))
        return [line + "."]

    def ending_lines(self, verdict: Verdict, speech: Speech | None = None) -> list[str]:
        words = speech or speech_for(self.family)
        alive = [verdict.players[s] for s in verdict.standing.alive]
        return [
            words.say("report.alive_at_end", names=words.join(alive, words.say("common.nobody")))
        ]


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


def _when(w: tuple[str, int], words: Speech) -> str:
    """'night 2', 'day 1' (a phase and its number) in the report's words."""
    return words.say("report.night_n" if w[0] == "night" else "report.day_n", n=w[1])


def _team(team: str, words: Speech) -> str:
    return words.say(T + f"team.{team}") if team in TEAMS else team


def _causes(cause: str, words: Speech) -> str:
    """'devoured+poisoned' -> 'devoured by the Werewolves and poisoned by the Witch'."""
    parts = [words.say(T + f"cause.{c}") if c in CAUSES else c for c in cause.split("+")]
    return words.say("statement.and").join(parts)


def _captain_words(c: Mapping[str, Any], words: Speech) -> str:
    say = words.say
    day = say("report.day_n", n=c["when"]["number"])
    if c["how"] == "named":
        return say(T + "story.captain_named", name=c["name"], by=c["by"]["name"], day=day)
    if c["how"] == "drawn":
        return say(T + "story.captain_drawn", name=c["name"], day=day)
    return say(T + "story.captain_elected", name=c["name"], day=day)


def _target(ref: Mapping[str, Any] | None, words: Speech) -> str:
    return words.say(T + "no_victim") if ref is None else str(ref["name"])


OUTCOMES = frozenset(
    {
        "elected",
        "lynched",
        "victim",
        "no_victim",
        "revote",
        "drawn",
        "captain_vote",
        "captain_pick",
        "no_lynch",
    }
)
"""How a vote may be settled (the story's ``outcome.kind``)."""


def _vote_words(v: Mapping[str, Any], words: Speech) -> str:
    """'day 1, lynch vote: Ana 3, Bruno 3 (tie) -> ...' for the report."""
    say = words.say
    phase = "night" if v["when"]["phase"] == "night" else "day"
    when = _when((phase, int(v["when"]["number"])), words)
    counts = ", ".join(f"{_target(c['for'], words)} {c['votes']}" for c in v["counts"])
    settled = v["outcome"] is not None
    unknown = say(T + ("story.result_alone" if settled else "story.not_all_cast"))
    vote = str(v["vote"])
    what = say(T + f"vote.{vote}") if vote in VOTES else vote
    text = say(T + "story.vote", when=when, vote=what, counts=counts or unknown)
    if v["tied"]:
        text += say(T + "story.tie", names=words.join([_target(t, words) for t in v["tied"]]))
    outcome = v["outcome"]
    if outcome is None:
        return text + say(T + "story.unsettled")
    kind = outcome["kind"]
    chosen = _target(outcome["player"], words)
    by = outcome["by"]["name"] if outcome["by"] else say(T + "story.the_captain")
    result = say(T + f"outcome.{kind}", name=chosen, by=by) if kind in OUTCOMES else kind
    return f"{text} -> {result}"
