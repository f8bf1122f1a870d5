"""The moderator's script of a Lupus in Tabula game, night by night, built from the deck alone.

Contract: :func:`night_script` is a pure function of the deck (as a set of
roles), the night's number, a Lupus :class:`Locale`, a :class:`Timing` and
whether the Owl is deadly (the ``deadly_owl`` option, which depends on the
table size, never on the deal).  It never sees the deal, who is alive, or what
anyone did.  A night is:

1. nightfall (everyone closes their eyes and drums on the table, to cover any
   sound);
2. for every call of :func:`loupgarou.variants.lupus.night.call_list`
   (Freemasons on night 1; the Seer; the Medium and the Bodyguard from night 2;
   the Werewolves; the Owl; the Mythomaniac at the end of night 2), a wake, an
   action and a sleep cue, lasting ``Timing.step_seconds`` in all, the same for
   every call, whether the card's holder is alive or a Ghost (the Seer's turn is
   called even after the Seer's death);
3. dawn (everyone opens their eyes).

Groups (the Werewolves, the Freemasons) are always called in the plural, so
neither the words nor the timing of a night tell who holds what or who is
alive.  The day's fixed parts depend on the locale and the timing only
(:func:`day_script`: the discussion with its countdown, then the call to stage
1) or on the players' names (:func:`voter_cue`, :func:`defence_cue`,
:func:`stage2_script`); the news of the day (the dead, the Welcome card, the
votes, the suspects, the lynch, the verdict) comes from the engine, read out
with :func:`announcement`.
"""

from __future__ import annotations

from collections.abc import Iterable

from loupgarou.core.errors import SetupError
from loupgarou.narration.cues import Cue, CueKind
from loupgarou.narration.locale import LUPUS, Locale
from loupgarou.narration.script import VOTE_COUNT, Timing, discussion, make_cue
from loupgarou.variants.lupus.night import call_list
from loupgarou.variants.lupus.roles import Role

DEFAULT_STEP_SECONDS = 20.0
"""A Lupus call is as long as a Thiercelieux one: the moderator also types what happened."""

DEFAULT_DISCUSSION_MINUTES = 3.0
"""The rules' discussion before stage 1 (the ``discussion_minutes`` option's default)."""

DISPLAY_ORDER = (
    Role.WEREWOLF,
    Role.SEER,
    Role.MEDIUM,
    Role.POSSESSED,
    Role.BODYGUARD,
    Role.OWL,
    Role.FREEMASON,
    Role.WEREHAMSTER,
    Role.MYTHOMANIAC,
    Role.VILLAGER,
)
"""The order in which the moderator lists a deck's cards."""


def _check(locale: Locale) -> None:
    if locale.family != LUPUS:
        raise SetupError(
            "narration.bad_locale",
            f"a Lupus in Tabula script needs a Lupus locale, not a {locale.family} one",
        )


def _timing(timing: Timing | None) -> Timing:
    return timing or Timing(
        step_seconds=DEFAULT_STEP_SECONDS, discussion_seconds=DEFAULT_DISCUSSION_MINUTES * 60
    )


def night_script(
    deck: Iterable[Role],
    night: int,
    locale: Locale,
    *,
    timing: Timing | None = None,
    deadly_owl: bool = False,
) -> tuple[Cue, ...]:
    """Night ``night`` (1, 2, ...) of a game played with ``deck`` (a list or a set of roles)."""
    _check(locale)
    timing = _timing(timing)
    roles = frozenset(deck)
    steps = call_list(tuple(r for r in Role if r in roles), night)
    wake, action, sleep = timing.call_parts()
    cues = [make_cue(locale, CueKind.NIGHTFALL, "night", "night.fall", timing.nightfall_seconds)]
    for step in steps:
        action_key = f"step.{step}.action"
        if step == "owl" and deadly_owl:
            action_key = "step.owl.action_deadly"
        cues += [
            make_cue(locale, CueKind.WAKE, step, f"step.{step}.wake", wake),
            make_cue(locale, CueKind.ACTION, step, action_key, action),
            make_cue(locale, CueKind.SLEEP, step, f"step.{step}.sleep", sleep),
        ]
    cues.append(make_cue(locale, CueKind.DAWN, "day", "day.dawn", timing.dawn_seconds))
    return tuple(cues)


def day_script(locale: Locale, *, timing: Timing | None = None) -> tuple[Cue, ...]:
    """Every day, after the morning's news: the discussion with its countdown, then the
    call to stage 1 (each voter is then called by name: :func:`voter_cue`)."""
    _check(locale)
    timing = _timing(timing)
    return (
        *discussion(locale, timing),
        make_cue(locale, CueKind.VOTE, "stage1", "stage1.open", timing.ready_seconds),
    )


def voter_cue(locale: Locale, name: str, *, timing: Timing | None = None) -> Cue:
    """Stage 1: one voter (living or Ghost) is called to lay their token."""
    _check(locale)
    timing = _timing(timing)
    return make_cue(
        locale, CueKind.VOTE, "stage1", "stage1.call", timing.announce_seconds, name=name
    )


def defence_cue(locale: Locale, name: str, *, timing: Timing | None = None) -> Cue:
    """One suspect's defence, ``Timing.defence_seconds`` long."""
    _check(locale)
    timing = _timing(timing)
    return make_cue(
        locale,
        CueKind.DEFENCE,
        "defence",
        "defence.speak",
        timing.defence_seconds,
        name=name,
        duration=locale.duration(timing.defence_seconds),
    )


def stage2_script(
    locale: Locale, first: str, second: str, *, timing: Timing | None = None
) -> tuple[Cue, ...]:
    """The secret stage 2 between the two suspects: lay the tokens down, 3, 2, 1, reveal."""
    _check(locale)
    timing = _timing(timing)
    cues = [
        make_cue(
            locale,
            CueKind.VOTE,
            "stage2",
            "stage2.open",
            timing.token_seconds,
            first=first,
            second=second,
        )
    ]
    cues += [
        make_cue(locale, CueKind.VOTE, "stage2", "vote.count", timing.count_seconds, count=n)
        for n in VOTE_COUNT
    ]
    cues.append(make_cue(locale, CueKind.VOTE, "stage2", "stage2.reveal", timing.vote_seconds))
    return tuple(cues)


def announcement(locale: Locale, key: str, seconds: float, **params: object) -> Cue:
    """A piece of news read out to the table (``ANNOUNCE``), followed by a pause."""
    return make_cue(locale, CueKind.ANNOUNCE, "day", key, seconds, **params)


def deck_text(deck: Iterable[Role], locale: Locale) -> str:
    """The cards of a deck as the moderator lists them: ``Werewolf ×2, Seer, ...``."""
    cards = list(deck)
    return ", ".join(
        locale.role(role) + (f" ×{cards.count(role)}" if cards.count(role) > 1 else "")
        for role in DISPLAY_ORDER
        if role in cards
    )
