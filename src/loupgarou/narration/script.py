"""The narrator's script of a One Night game, built from the deck alone.

Contract: :func:`build_script` is a pure function of the deck (as a set of
roles), a :class:`Locale`, a :class:`Timing` and the options; it never sees
the deal.  The script is:

1. for a drawn deck, a notice that every role that might be in play is called;
2. nightfall (everyone closes their eyes);
3. for every step of :func:`~loupgarou.variants.one_night.night.call_list`,
   a wake, an action and a sleep cue, lasting ``Timing.step_seconds`` in all,
   the same for every step, whether a player or the centre holds the card;
4. dawn, the discussion with countdown cues, the call to vote (get ready, 3,
   2, 1, vote) and the reveal.

So every duration depends on the deck and the options only, and the timing
of the night never tells who holds what.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, fields

from loupgarou.core.errors import SetupError
from loupgarou.narration.cues import Cue, CueKind
from loupgarou.narration.locale import Locale
from loupgarou.variants.one_night.night import call_list
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.setup import ANARCHIE_SET_ASIDE, draw_pool

WAKE_SHARE = 0.2
"""Part of a role call given to the wake cue (the sleep cue gets as much)."""

VOTE_COUNT = (3, 2, 1)


@dataclass(frozen=True, slots=True)
class Timing:
    """Durations, in seconds, of the parts of the script."""

    step_seconds: float = 10.0
    """One role call: wake + action + sleep."""
    discussion_seconds: float = 300.0
    note_seconds: float = 8.0
    nightfall_seconds: float = 5.0
    dawn_seconds: float = 4.0
    ready_seconds: float = 4.0
    """From "get ready to vote" to the count."""
    count_seconds: float = 1.0
    """Each of 3, 2, 1."""
    vote_seconds: float = 5.0
    """From "vote!" to the reveal: time to point."""
    election_seconds: float = 60.0
    """Thiercelieux: time to make one's case before the Captain's election."""
    announce_seconds: float = 3.0
    """Thiercelieux and Lupus: the pause after each piece of news the game master announces
    (and, in Lupus, each stage 1 voter's call)."""
    defence_seconds: float = 60.0
    """Lupus: each suspect's defence."""
    token_seconds: float = 10.0
    """Lupus: time to lay the stage 2 vote token down, before 3, 2, 1."""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
                raise SetupError(
                    "narration.bad_timing",
                    f"{field.name} must be a positive number of seconds, not {value!r}",
                )

    def call_parts(self) -> tuple[float, float, float]:
        """The wake, action and sleep durations of every role call."""
        edge = self.step_seconds * WAKE_SHARE
        return edge, self.step_seconds - 2 * edge, edge


def countdown_marks(discussion_seconds: float) -> tuple[float, ...]:
    """Time left at each countdown cue: every whole minute of the last ten, every ten
    minutes of the last two hours, every hour before (a discussion may last days: the
    cues stay a few hundred), then 30 and 10 seconds."""
    end = math.ceil(discussion_seconds)
    marks = {float(m) for m in range(60, min(end, 601), 60)}
    marks |= {float(m) for m in range(1200, min(end, 7201), 600)}
    marks |= {float(m) for m in range(10800, end, 3600)}
    marks |= {m for m in (30.0, 10.0) if m < discussion_seconds}
    return tuple(sorted((m for m in marks if m < discussion_seconds), reverse=True))


def possible_roles(draw: str) -> tuple[Role, ...]:
    """Every role a drawn deck (``anarchie`` or ``bag``) could hold, in box order."""
    could = set(draw_pool(draw))
    if draw == "anarchie":
        could |= set(ANARCHIE_SET_ASIDE)
    return tuple(role for role in Role if role in could)


def build_script(
    deck: Iterable[Role],
    locale: Locale,
    *,
    timing: Timing | None = None,
    lone_wolf_peek: bool = True,
    drawn: bool = False,
) -> tuple[Cue, ...]:
    """The whole script for a game played with ``deck`` (a list or a set of roles).

    ``drawn`` says the deck is not known in advance: pass every role that could
    be drawn (:func:`possible_roles`) and the script opens with a notice.
    """
    timing = timing or Timing()
    roles = tuple(deck)
    cues: list[Cue] = []
    if drawn:
        cues.append(_cue(locale, CueKind.NOTE, "night", "night.drawn_deck", timing.note_seconds))
    cues.append(_cue(locale, CueKind.NIGHTFALL, "night", "night.fall", timing.nightfall_seconds))
    cues.extend(_role_calls(call_list(roles), locale, timing, lone_wolf_peek))
    cues.append(_cue(locale, CueKind.DAWN, "day", "day.dawn", timing.dawn_seconds))
    cues.extend(discussion(locale, timing))
    cues.extend(_vote(locale, timing, Role.DOPPELGANGER in roles))
    return tuple(cues)


def make_cue(
    locale: Locale, kind: CueKind, step: str, key: str, seconds: float, **params: object
) -> Cue:
    """The cue saying ``key`` (rendered with ``params``) for ``seconds``."""
    return Cue(kind, step, key, locale.text(key, **params), seconds)


def _cue(
    locale: Locale, kind: CueKind, step: str, key: str, seconds: float, **params: object
) -> Cue:
    return Cue(kind, step, key, locale.text(key, **params), seconds)


def _role_calls(
    steps: tuple[str, ...], locale: Locale, timing: Timing, lone_wolf_peek: bool
) -> list[Cue]:
    wake, action, sleep = timing.call_parts()
    cues: list[Cue] = []
    for step in steps:
        action_key = f"step.{step}.action"
        if step == "werewolves" and lone_wolf_peek:
            action_key = "step.werewolves.action_lone_wolf"
        cues += [
            _cue(locale, CueKind.WAKE, step, f"step.{step}.wake", wake),
            _cue(locale, CueKind.ACTION, step, action_key, action),
            _cue(locale, CueKind.SLEEP, step, f"step.{step}.sleep", sleep),
        ]
    return cues


def discussion(locale: Locale, timing: Timing) -> list[Cue]:
    """The discussion cue (``day.discussion``) and its countdown cues, ``timing`` long."""
    total = timing.discussion_seconds
    marks = countdown_marks(total)
    ends = [*marks, 0.0]
    cues = [
        _cue(
            locale,
            CueKind.DISCUSSION,
            "day",
            "day.discussion",
            total - ends[0],
            duration=locale.duration(total),
        )
    ]
    for left, next_left in zip(marks, ends[1:], strict=True):
        if left == 60:
            key, count = "day.one_minute_left", left
        elif left > 60 and left % 60 == 0:
            key, count = "day.minutes_left", left / 60
        else:
            key, count = "day.seconds_left", left
        cues.append(
            _cue(
                locale,
                CueKind.COUNTDOWN,
                "day",
                key,
                left - next_left,
                count=locale.number(count),
            )
        )
    return cues


def _vote(locale: Locale, timing: Timing, with_doppelganger: bool) -> list[Cue]:
    cues = [_cue(locale, CueKind.VOTE, "vote", "vote.ready", timing.ready_seconds)]
    cues += [
        _cue(locale, CueKind.VOTE, "vote", "vote.count", timing.count_seconds, count=n)
        for n in VOTE_COUNT
    ]
    cues.append(_cue(locale, CueKind.VOTE, "vote", "vote.now", timing.vote_seconds))
    reveal = "end.reveal_doppelganger" if with_doppelganger else "end.reveal"
    cues.append(_cue(locale, CueKind.REVEAL, "end", reveal, 0.0))
    return cues
