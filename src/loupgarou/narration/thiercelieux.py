"""The narrator's script of a Thiercelieux game, night by night, built from the deck alone.

Contract: :func:`night_script` is a pure function of the deck (as a set of
roles), the night's number, a Thiercelieux :class:`Locale` and a
:class:`Timing`; it never sees the deal, who is alive, or what anyone did.
A night is:

1. nightfall (everyone closes their eyes);
2. for every call of :func:`loupgarou.variants.thiercelieux.night.call_list`
   (night 1 only: Thief, Cupid, Lovers; every night: Seer, Werewolves, Witch),
   a wake, an action and a sleep cue, lasting ``Timing.step_seconds`` in all,
   the same for every call, whether a living player, a dead one or the
   set-aside pile holds the card.  The Little Girl has no call of her own: when
   the deck holds her, the Werewolves' call says she may peek (same length);
3. dawn (everyone opens their eyes).

The Werewolves are always called in the plural, whatever their number, so
neither the words nor the timing of a night tell who holds what or who is
alive.  The day's fixed parts (:func:`election_script`, :func:`lynch_script`,
:func:`revote_script`) depend on the locale and the timing only; the news of
the day (deaths, cards, results, the verdict) comes from the engine, read out
with :func:`announcement`.
"""

from __future__ import annotations

from collections.abc import Iterable

from loupgarou.core.errors import SetupError
from loupgarou.narration.cues import Cue, CueKind
from loupgarou.narration.locale import THIERCELIEUX, Locale
from loupgarou.narration.script import VOTE_COUNT, Timing, discussion, make_cue
from loupgarou.variants.thiercelieux.night import call_list
from loupgarou.variants.thiercelieux.roles import Role

DEFAULT_STEP_SECONDS = 20.0
"""A Thiercelieux role call is longer than One Night's: the narrator also types what happened."""

DISPLAY_ORDER = (
    Role.WEREWOLF,
    Role.SEER,
    Role.WITCH,
    Role.HUNTER,
    Role.CUPID,
    Role.THIEF,
    Role.LITTLE_GIRL,
    Role.VILLAGER,
)
"""The order in which the narrator lists a deck's cards."""


def _check(locale: Locale) -> None:
    if locale.family != THIERCELIEUX:
        raise SetupError(
            "narration.bad_locale",
            f"a Thiercelieux script needs a Thiercelieux locale, not a {locale.family} one",
        )


def night_script(
    deck: Iterable[Role], night: int, locale: Locale, *, timing: Timing | None = None
) -> tuple[Cue, ...]:
    """Night ``night`` (1, 2, ...) of a game played with ``deck`` (a list or a set of roles)."""
    _check(locale)
    timing = timing or Timing(step_seconds=DEFAULT_STEP_SECONDS)
    roles = frozenset(deck)
    steps = call_list(tuple(r for r in Role if r in roles), night)
    wake, action, sleep = timing.call_parts()
    cues = [make_cue(locale, CueKind.NIGHTFALL, "night", "night.fall", timing.nightfall_seconds)]
    for step in steps:
        action_key = f"step.{step}.action"
        if step == "werewolves" and Role.LITTLE_GIRL in roles:
            action_key = "step.werewolves.action_little_girl"
        cues += [
            make_cue(locale, CueKind.WAKE, step, f"step.{step}.wake", wake),
            make_cue(locale, CueKind.ACTION, step, action_key, action),
            make_cue(locale, CueKind.SLEEP, step, f"step.{step}.sleep", sleep),
        ]
    cues.append(make_cue(locale, CueKind.DAWN, "day", "day.dawn", timing.dawn_seconds))
    return tuple(cues)


def _count(locale: Locale, timing: Timing, step: str) -> list[Cue]:
    cues = [
        make_cue(locale, CueKind.VOTE, step, "vote.count", timing.count_seconds, count=n)
        for n in VOTE_COUNT
    ]
    cues.append(make_cue(locale, CueKind.VOTE, step, "vote.now", timing.vote_seconds))
    return cues


def election_script(locale: Locale, *, timing: Timing | None = None) -> tuple[Cue, ...]:
    """Day 1 with an elected Captain: time to make one's case, then the call to vote."""
    _check(locale)
    timing = timing or Timing(step_seconds=DEFAULT_STEP_SECONDS)
    return (
        make_cue(
            locale,
            CueKind.ELECTION,
            "election",
            "election.open",
            timing.election_seconds,
            duration=locale.duration(timing.election_seconds),
        ),
        make_cue(locale, CueKind.VOTE, "election", "election.ready", timing.ready_seconds),
        *_count(locale, timing, "election"),
    )


def lynch_script(locale: Locale, *, timing: Timing | None = None) -> tuple[Cue, ...]:
    """Every day: the discussion with its countdown, then the call to the lynch vote."""
    _check(locale)
    timing = timing or Timing(step_seconds=DEFAULT_STEP_SECONDS)
    return (
        *discussion(locale, timing),
        make_cue(locale, CueKind.VOTE, "vote", "vote.ready", timing.ready_seconds),
        *_count(locale, timing, "vote"),
    )


def day_script(locale: Locale, *, election: bool, timing: Timing | None = None) -> tuple[Cue, ...]:
    """A day's fixed parts: the Captain's election (``election``), then the lynch."""
    first = election_script(locale, timing=timing) if election else ()
    return (*first, *lynch_script(locale, timing=timing))


def revote_script(
    locale: Locale, tied: Iterable[str], *, timing: Timing | None = None
) -> tuple[Cue, ...]:
    """A tie: the tied players' names, then the call to vote again among them."""
    _check(locale)
    timing = timing or Timing(step_seconds=DEFAULT_STEP_SECONDS)
    names = locale.join(list(tied))
    return (
        make_cue(locale, CueKind.VOTE, "vote", "vote.revote", timing.ready_seconds, names=names),
        *_count(locale, timing, "vote"),
    )


def announcement(locale: Locale, key: str, seconds: float, **params: object) -> Cue:
    """A piece of news read out to the table (``ANNOUNCE``), followed by a pause."""
    return make_cue(locale, CueKind.ANNOUNCE, "day", key, seconds, **params)


def deck_text(deck: Iterable[Role], locale: Locale) -> str:
    """The cards of a deck as the narrator lists them: ``Werewolf ×2, Seer, ...``."""
    cards = list(deck)
    return ", ".join(
        locale.role(role) + (f" ×{cards.count(role)}" if cards.count(role) > 1 else "")
        for role in DISPLAY_ORDER
        if role in cards
    )
