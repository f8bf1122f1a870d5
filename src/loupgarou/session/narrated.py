"""A One Night table with physical cards, narrated by one device.

Contract: :class:`NarratedOneNight` is a pure state machine, like the phones game: time
comes with each input.  It holds the night's whole script (built from the deck alone by
:func:`loupgarou.narration.script.build_script`, so the narrator's device can play it to
the end even if its connection drops), the moment it started, pauses and skips; when
the script has run out it asks the narrator "who won?": each player's card at the end
(what a Doppelgänger stood for, for them) and whom each player pointed at.  From those
alone it tells the deaths (Hunters included) and the winners, by the rules' own
functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from loupgarou.core.events import JSON
from loupgarou.narration.cues import Cue, total_seconds
from loupgarou.narration.locale import Locale, load_locale
from loupgarou.narration.script import Timing, build_script, possible_roles
from loupgarou.narration.themes import load_theme
from loupgarou.scripting.speech import speech_for
from loupgarou.scripting.words import with_names
from loupgarou.session.phones import GameError
from loupgarou.session.settings import Settings, spec
from loupgarou.variants.one_night.resolution import decide, team_of, vote_deaths
from loupgarou.variants.one_night.roles import Role

ASK_FINAL: Final = 1


def narration_locale(settings: Settings, family: str = "one_night") -> Locale:
    locale = load_locale(settings.lang, family)
    if settings.theme:
        locale = load_theme(settings.theme).apply(locale)
    return locale


class ScriptClock:
    """The time of a narrated game's script: seconds since its start, paused with the
    game.  ``origin`` is the wall time of script time 0 (a pause moves it on)."""

    def __init__(self, now: float) -> None:
        self.origin = now
        self.paused_at: float | None = None

    @property
    def over(self) -> bool:
        raise NotImplementedError

    def script_time(self, now: float) -> float:
        return (self.paused_at if self.paused_at is not None else now) - self.origin

    def pause(self, now: float) -> None:
        if self.over:
            raise GameError("action.game_over", "the game is over")
        if self.paused_at is None:
            self.paused_at = now

    def resume(self, now: float) -> None:
        if self.paused_at is None:
            raise GameError("room.not_paused", "the game is not paused")
        self.origin += now - self.paused_at
        self.paused_at = None


class NarratedOneNight(ScriptClock):
    """One Night narrated by the host's device (see the module docstring)."""

    def __init__(self, settings: Settings, names: Sequence[str], now: float) -> None:
        table = spec(settings)
        options = dict(table.options)
        self.options = options
        self.names = tuple(names)
        self.locale = narration_locale(settings)
        self.speech = speech_for("one-night", settings.lang, settings.theme)
        draw = options.get("deck_draw")
        drawn = isinstance(draw, str) and draw != "fixed"
        deck = (
            possible_roles(draw)
            if drawn and isinstance(draw, str)
            else tuple(Role(r) for r in table.deck)
        )
        self.roles = tuple(dict.fromkeys(r for r in Role if r in set(deck)))
        self.deck: tuple[Role, ...] | None = None if drawn else deck
        """The cards of a fixed deck (None: drawn at random, any count may be dealt)."""
        timing = Timing(
            step_seconds=settings.timers.call, discussion_seconds=settings.timers.discussion
        )
        self.cues: tuple[Cue, ...] = build_script(
            deck,
            self.locale,
            timing=timing,
            lone_wolf_peek=bool(options.get("lone_wolf_peek", True)),
            drawn=drawn,
        )
        super().__init__(now)
        self.length = total_seconds(self.cues)
        self.stage = "night"
        self.result: dict[str, JSON] | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def deadline(self) -> float | None:
        if self.stage != "night" or self.paused_at is not None:
            return None
        return self.origin + self.length

    def tick(self, now: float) -> None:
        deadline = self.deadline
        if deadline is not None and now >= deadline:
            self.stage = "verdict"

    def skip(self, now: float) -> None:
        """Jump to the next cue (the script moves earlier by what was left of this one)."""
        if self.stage != "night" or self.paused_at is not None:
            raise GameError("narrate.cannot_skip", "only a running night script can be skipped")
        at = self.script_time(now)
        end = 0.0
        for cue in self.cues:
            end += cue.seconds
            if end > at:
                self.origin -= end - at
                break
        self.tick(now)

    def answer(self, ask: JSON, data: Mapping[str, JSON], now: float) -> None:
        """The narrator's "who won?": ``cards`` (a role per seat) and ``votes`` (a seat per seat).
        It may come while the night's script still runs: the narrator skips to the verdict."""
        if self.over:
            raise GameError("action.game_over", "the verdict is given already")
        if ask != ASK_FINAL:
            raise GameError("task.stale", "that question has passed; answer the current one")
        n = len(self.names)
        cards = data.get("cards")
        votes = data.get("votes")
        if not isinstance(cards, list) or len(cards) != n:
            raise GameError(
                "narrate.bad_cards", f"give the card in front of each of the {n} players"
            )
        if not isinstance(votes, list) or len(votes) != n:
            raise GameError("narrate.bad_votes", f"give whom each of the {n} players pointed at")
        roles: list[Role] = []
        for card in cards:
            try:
                roles.append(Role(card))
            except ValueError:
                raise GameError("narrate.bad_cards", f"'{card}' is not a One Night card") from None
            if roles[-1] is Role.DOPPELGANGER:
                raise GameError(
                    "narrate.doppelganger",
                    "for the Doppelgänger card, give the role it copied: whoever holds it "
                    "plays that role",
                )
        targets: list[int] = []
        for seat, target in enumerate(votes):
            if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < n:
                raise GameError("narrate.bad_votes", f"{self.names[seat]} must point at a player")
            if target == seat:
                raise GameError("narrate.bad_votes", f"{self.names[seat]} cannot point at themself")
            targets.append(target)
        self._check_counts(roles)
        deaths = vote_deaths(targets, [s for s, r in enumerate(roles) if r is Role.HUNTER])
        outcome = decide(
            roles,
            [s for s, _, _ in deaths],
            minion_alone_dead=str(self.options.get("minion_alone_dead", "nobody")),
            tanner_and_minion=str(self.options.get("tanner_and_minion", "tanner")),
        )

        def who(seat: int) -> dict[str, JSON]:
            return {"seat": seat, "name": self.names[seat]}

        self.result = {
            "format": "loupgarou-verdict",
            "version": 1,
            "status": "finished",
            "players": [who(s) for s in range(n)],
            "timeline": [],
            "learned": [],
            "result": {
                "cards": [
                    {**who(s), "card": r.value, "effective": r.value, "team": team_of(r).value}
                    for s, r in enumerate(roles)
                ],
                "centre": [],
                "doppelganger": [],
                "votes": [{**who(s), "for": who(t)} for s, t in enumerate(targets)],
                "deaths": [
                    {**who(s), "cause": cause, "by": None if by < 0 else who(by)}
                    for s, cause, by in deaths
                ],
                "winners": [who(s) for s in sorted(outcome.winners)],
                "teams": sorted(outcome.teams),
                "reasons": [
                    {"code": told.code, "text": with_names(told.text, self.names)}
                    for told in (self.speech.reason(r) for r in outcome.reasons)
                ],
            },
        }
        self.stage = "over"

    def _check_counts(self, roles: Sequence[Role]) -> None:
        """The cards given fit the deck: no role more often than the deck holds it, but for
        one more of the role the Doppelgänger copied, one of the deck's (:class:`GameError`
        otherwise)."""
        if self.deck is None:
            return
        spare = self.deck.count(Role.DOPPELGANGER)  # the copy may stand for one more
        for role in dict.fromkeys(roles):
            given, held = roles.count(role), self.deck.count(role)
            if given > held + (spare if held else 0):
                raise GameError(
                    "narrate.card_count",
                    f"the deck holds {held} {role.value} card(s), but {given} were given",
                    {"role": role.value, "deck": held, "given": given},
                )
            spare -= max(0, given - held)

    def narrator_json(self) -> dict[str, JSON]:
        """The ``narrator`` part of the narrator's state (docs/protocol.md)."""
        ask: JSON = None
        if self.stage == "verdict":
            ask = {
                "id": ASK_FINAL,
                "key": "ask.final_cards",
                "question": self.speech.say("one_night.ask.final_cards"),
                "form": {
                    # the Doppelgänger card is told as the role it copied
                    "cards": [r.value for r in self.roles if r is not Role.DOPPELGANGER],
                    "players": list(self.names),
                    "doppelganger": Role.DOPPELGANGER in self.roles,
                },
                "choices": [],
            }
        return {
            "origin": self.origin,
            "paused_at": self.paused_at,
            "length": self.length,
            "cues": [
                {
                    "kind": str(c.kind),
                    "step": c.step,
                    "key": c.key,
                    "text": c.text,
                    "seconds": c.seconds,
                }
                for c in self.cues
            ],
            "notes": [],
            "notes_at": [],
            "ask": ask,
        }

    def game_json(self) -> dict[str, JSON]:
        """The ``game`` part of every device's state."""
        return {
            "phase": "over" if self.over else ("night" if self.stage == "night" else "day"),
            "stage": self.stage,
            "night": 1,
            "call": None,
            "deadline": self.deadline,
            "paused": self.paused_at is not None,
            "task": None,
            "done": [],
            "ready": [],
            "view": None,
            "verdict": self.result,
        }
