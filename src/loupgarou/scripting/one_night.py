"""The One Night dialect of the script format.

Contract: verbs are exactly those the One Night decisions offer (copy, look,
rob, swap, take, peek, vote, pass); role names are read as the rules read them
(English or French, any case); a ``scenario`` becomes its deck for the number
of players (a drawn scenario sets the ``deck_draw`` option instead); an
explicit deal becomes the ``deal`` permutation of card ids (card id = index in
the deck, the first unused card of the named role for each position, seats
first then the three centre slots); events become sentences (English, or the
language of the teller's words) in which each acting player is labelled with the
role they were dealt (the Doppelgänger with the role she copied, once she has).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum

from loupgarou.core.actions import Action
from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON
from loupgarou.engine.match import Match
from loupgarou.scripting.dialect import Teller
from loupgarou.scripting.family_kit import FamilyDialect
from loupgarou.scripting.one_night_names import english
from loupgarou.scripting.one_night_tell import OneNightTeller
from loupgarou.scripting.speech import Speech, speech_for
from loupgarou.scripting.verdict import Copy, FinalCard, TableNow
from loupgarou.scripting.words import name_of, slot
from loupgarou.variants.one_night.resolution import team_of
from loupgarou.variants.one_night.roles import Role, parse_role
from loupgarou.variants.one_night.scenarios import SCENARIO_BY_KEY, find_scenario
from loupgarou.variants.one_night.setup import CENTRE, drawn_deck


class OneNightDialect(FamilyDialect):
    family = "one-night"
    verbs = frozenset({"copy", "look", "rob", "swap", "take", "peek", "vote", "pass"})
    centre_slots = CENTRE

    every_role = Role
    rules = "One Night"

    def find_role(self, name: str) -> Role | None:
        return parse_role(name)

    def role_name(self, role: str) -> str:
        return english(role)

    def scenario_title(self, key: str) -> str:
        found = SCENARIO_BY_KEY.get(key)
        return key if found is None else found.name_fr

    def table(
        self,
        players: int,
        scenario: str | None,
        deck: Sequence[str] | None,
        options: Mapping[str, JSON],
    ) -> tuple[str | None, tuple[str, ...], dict[str, JSON]]:
        opts = dict(options)
        if scenario is None:
            return None, tuple(deck or ()), opts
        found = find_scenario(scenario)
        asked = opts.get("deck_draw", "fixed")
        if found.draw != "fixed":
            if asked not in ("fixed", found.draw):
                raise ScriptError(
                    "script.scenario_conflict",
                    f"the scenario {found.name_fr} draws its deck ('{found.draw}'), "
                    f"but the options ask for deck_draw '{asked}'",
                )
            found.deck_for(players)  # checks the player count
            opts["deck_draw"] = found.draw
            return found.key, (), opts
        if asked != "fixed":
            raise ScriptError(
                "script.scenario_conflict",
                f"the scenario {found.name_fr} has a fixed deck; remove the option deck_draw",
            )
        return found.key, tuple(r.value for r in found.deck_for(players)), opts

    def describe_action(
        self, action: Action, names: Sequence[str], speech: Speech | None = None
    ) -> str:
        words = speech or speech_for(self.family)
        say = words.say
        who = words.join([name_of(names, p) for p in action.players], say("common.nobody"))
        slots = words.join([slot(c) for c in action.centre], say("common.nobody"))
        many = len(action.centre) != 1
        kind = action.kind
        if kind == "copy" and action.players:
            return say("one_night.do.copy", name=who)
        if kind == "look" and action.players:
            return say("one_night.do.look", name=who)
        if kind in ("look", "peek") and action.centre:
            return say("one_night.do.look_centre" + ("s" if many else ""), slots=slots)
        if kind == "rob" and action.players:
            return say("one_night.do.rob", name=who)
        if kind == "swap" and action.players:
            return say("one_night.do.swap", names=who)
        if kind == "take" and action.centre:
            return say("one_night.do.take_centre" + ("s" if many else ""), slots=slots)
        if kind == "vote" and action.players:
            return say("do.vote", name=who)
        if kind == "pass":
            return say("do.nothing")
        return super().describe_action(action, names, speech)

    def normalise(self, action: Action) -> Action:
        if action.kind == "swap":
            return Action(action.kind, tuple(sorted(action.players)), action.centre)
        if action.kind == "look":
            return Action(action.kind, action.players, tuple(sorted(action.centre)))
        return action

    def deal_outcome(
        self,
        deal: Sequence[str],
        deck: Sequence[str],
        players: int,
        options: Mapping[str, JSON],
        draws: Sequence[tuple[str, JSON]],
    ) -> JSON:
        roles: list[Enum]
        if deck:
            roles = [self.card(name) for name in deck]
        else:
            orders = [value for label, value in draws if label == "deck"]
            drawn = (
                drawn_deck(str(options.get("deck_draw")), players, orders[-1]) if orders else None
            )
            if drawn is None:  # pragma: no cover - the engine only deals a valid drawn deck
                raise ScriptError("script.deal_mismatch", "no deck was drawn before the deal")
            roles = list(drawn)
        return self.deal_from(deal, roles, "deck" if deck else "drawn deck")

    # --- telling ----------------------------------------------------------------------------

    def teller(self, names: Sequence[str], speech: Speech | None = None) -> Teller:
        return OneNightTeller(self, names, speech)

    def describe_death(
        self, data: Mapping[str, JSON], names: Sequence[str], speech: Speech | None = None
    ) -> str:
        say = (speech or speech_for(self.family)).say
        who = name_of(names, int(data["seat"]))
        if data.get("cause") == "hunter" and data.get("by") is not None:
            return say("one_night.death.hunter", who=who, killer=name_of(names, int(data["by"])))
        if data.get("cause") == "vote":
            return say("one_night.death.vote", who=who)
        return super().describe_death(data, names, speech)

    def final_cards(self, match: Match) -> tuple[FinalCard, ...]:
        state = match.state
        n: int = state.n
        return tuple(
            FinalCard(
                s,
                state.card_at(s).value,
                state.effective(state.cards[s]).value,
                team_of(state.effective(state.cards[s])).value,
            )
            for s in range(n)
        )

    def final_copies(self, match: Match) -> tuple[Copy, ...]:
        state = match.state
        n: int = state.n
        copies: list[Copy] = []
        for s in range(n):
            card = state.dealt[s]
            if state.deck[card] is Role.DOPPELGANGER:
                copied = state.copies[card] or Role.DOPPELGANGER
                where = state.cards.index(card)
                copies.append(
                    Copy(
                        s,
                        copied.value,
                        where if where < n else None,
                        where - n if where >= n else None,
                    )
                )
        return tuple(copies)

    def final_centre(self, match: Match) -> tuple[str, ...]:
        state = match.state
        n: int = state.n
        return tuple(state.card_at(n + c).value for c in range(CENTRE))

    def table_now(self, match: Match) -> TableNow | None:
        state = match.state
        if not state.cards:
            return None
        n: int = state.n
        return TableNow(
            tuple(state.card_at(s).value for s in range(n)),
            tuple(state.card_at(n + c).value for c in range(CENTRE)),
        )
