"""Locales: every narration text and role name, keyed, in one JSON file per language and family.

Contract: :func:`load_locale` reads the locale shipped with the package for a
language and a rules family (:data:`FAMILIES`) and returns a checked
:class:`Locale`: it names every role key of that family's
:class:`LocaleSchema` (singular and plural) and holds exactly its text keys,
each using only known placeholders.  A broken or unknown locale raises
:class:`~loupgarou.core.errors.SetupError` (``narration.unknown_language``,
``narration.bad_locale``).  :meth:`Locale.text` renders a text; it never
performs I/O.

Files: ``locales/<language>.json`` for One Night (the first family, whose
files predate the others), ``locales/<family>/<language>.json`` for the others
(Thiercelieux, Lupus in Tabula).

Placeholders in texts are ``{role}`` (a role's singular name, e.g.
``{seer}``), ``{role.many}`` (its plural, e.g. ``{werewolf.many}``) and the
parameters of the family's schema (``{count}``, ``{duration}`` ...).  A French
``de`` or ``que`` before a placeholder is elided as French writes it (``Vote d'Ann``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, Final

from loupgarou.core.errors import SetupError
from loupgarou.variants.lupus.night import call_list as lupus_call_list
from loupgarou.variants.lupus.roles import Role as LupusRole
from loupgarou.variants.one_night.night import call_list
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.setup import box_cards
from loupgarou.variants.thiercelieux.night import call_list as thiercelieux_call_list
from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole

LANGUAGES = ("en", "fr")
"""The languages shipped with the package."""

ONE_NIGHT = "one_night"
THIERCELIEUX = "thiercelieux"
LUPUS = "lupus"
FAMILIES = (ONE_NIGHT, THIERCELIEUX, LUPUS)
"""The rules families the narrator speaks for (their registry names)."""

ALL_STEPS: tuple[str, ...] = call_list(box_cards())
"""Every step the One Night call list can hold (the whole box's call list)."""

CALL_PARTS = ("wake", "action", "sleep")

CLI_TEXT_KEYS: frozenset[str] = frozenset(
    {
        "cli.bad_duration",
        "cli.long_duration",
        "cli.speak_fitted",
        "cli.wrong_family_flag",
        "cli.wrong_family",
        "cli.or",
        "cli.semicolon",
        "cli.stopped",
        "cli.speak_dry_run",
        "cli.speak_missing",
        "cli.speak_broken",
    }
)
"""What the ``narrate`` command itself says, whatever the family: its errors and notices
(``cli.*``; on stderr, never spoken)."""

CLI_TABLE_TEXT_KEYS: frozenset[str] = frozenset(
    {
        *CLI_TEXT_KEYS,
        "cli.names_empty",
        "cli.names_number",
        "cli.names_twice",
        "cli.names_count",
        "cli.option_form",
        "cli.players_needed",
        "cli.input_ended",
        "cli.cannot_write",
        "cli.record_written",
        "cli.saved_so_far",
        "cli.not_saved",
        "cli.nothing_to_save",
    }
)
"""What ``narrate`` says at a Thiercelieux or Lupus table, besides :data:`CLI_TEXT_KEYS`:
the table's errors, and what becomes of the game's record."""

CLI_PARAMETERS = frozenset(
    {
        *("flag", "flags", "value", "given", "family", "families", "option", "path"),
        *("reason", "players", "centre", "most", "seconds"),
    }
)
"""Placeholders the ``cli.*`` texts may use."""

TEXT_KEYS: frozenset[str] = frozenset(
    {
        *(f"step.{step}.{part}" for step in ALL_STEPS for part in CALL_PARTS),
        "step.werewolves.action_lone_wolf",
        "night.drawn_deck",
        "night.fall",
        "day.dawn",
        "day.discussion",
        "day.minutes_left",
        "day.one_minute_left",
        "day.seconds_left",
        "vote.ready",
        "vote.count",
        "vote.now",
        "end.reveal",
        "end.reveal_doppelganger",
        "duration.minutes",
        "duration.one_minute",
        "duration.seconds",
        "duration.one_second",
        "header.scenario",
        "header.custom_deck",
        "header.players",
        "header.deck",
        "header.drawn",
        "header.theme",
        "header.timing",
        "header.lone_wolf_on",
        "header.lone_wolf_off",
        "header.total",
        *CLI_TEXT_KEYS,
        "cli.card_count",
    }
)
"""The keys every locale must hold, no more and no fewer."""

PARAMETERS = frozenset(
    {"count", "duration", "name", "cards", "title", "step", "total", *CLI_PARAMETERS}
)
"""Placeholders a One Night text may use besides role names."""

THIERCELIEUX_ROLE_KEYS: tuple[str, ...] = (
    *(role.value for role in ThiercelieuxRole),
    "lovers",
    "captain",
)
"""The names a Thiercelieux locale gives: the eight cards, the Lovers and the Captain's title."""

THIERCELIEUX_STEPS: tuple[str, ...] = thiercelieux_call_list(tuple(ThiercelieuxRole), 1)
"""Every call a Thiercelieux night can hold (night 1 with the whole box)."""

THIERCELIEUX_REASONS = (
    "village.no_werewolf",
    "village.starved",
    "werewolves.one_left",
    "werewolves.parity",
    "lovers.last_two",
    "nobody.all_dead",
)
"""The codes of the Thiercelieux verdict's reasons (``Outcome.reasons``)."""

TABLE_TEXT_KEYS: frozenset[str] = frozenset(
    {
        *CLI_TABLE_TEXT_KEYS,
        "night.fall",
        "day.dawn",
        "day.discussion",
        "day.minutes_left",
        "day.one_minute_left",
        "day.seconds_left",
        "vote.count",
        "dawn.nobody",
        "dawn.deaths",
        "lynch.done",
        "end.over",
        "end.winners",
        "duration.minutes",
        "duration.one_minute",
        "duration.seconds",
        "duration.one_second",
        "list.and",
        "player.default",
        "header.family",
        "header.players",
        "header.names",
        "header.deck",
        "header.theme",
        "header.timing",
        "header.night",
        "header.day",
        "note.deal",
        "note.nobody",
        "note.holders",
        "ask.card",
        "ask.victim",
        "error.empty",
        "error.unknown_player",
        "error.ambiguous_player",
        "error.not_allowed",
        "error.unknown_card",
        "error.no_card_left",
        "error.card_count",
        "error.ballot",
        "error.ballots",
        "error.illegal",
        "refusal.action.illegal",
        "refusal.must_choose",
        "refusal.action.not_your_turn",
        "refusal.action.game_over",
    }
)
"""What every multi-night table says, Thiercelieux and Lupus in Tabula alike: nightfall and
dawn, the discussion's clock, the count of a vote, the end, the record's header, and the
game master's common notes, questions and errors at the keyboard."""

THIERCELIEUX_TEXT_KEYS: frozenset[str] = frozenset(
    {
        *(f"step.{step}.{part}" for step in THIERCELIEUX_STEPS for part in CALL_PARTS),
        "step.werewolves.action_little_girl",
        "election.open",
        "election.ready",
        "vote.ready",
        "vote.now",
        "vote.revote",
        "death.card",
        "death.grief",
        "death.starved",
        "hunter.call",
        "hunter.shot",
        "captain.elected",
        "captain.drawn",
        "captain.pick",
        "captain.decides",
        "captain.successor",
        "captain.named",
        "lynch.drawn",
        "lynch.nobody",
        "end.set_aside",
        "end.lovers",
        "end.win.village",
        "end.win.werewolves",
        "end.win.lovers",
        "end.win.nobody",
        *(f"end.reason.{code}" for code in THIERCELIEUX_REASONS),
        "header.captain_elected",
        "header.captain_random",
        "header.captain_off",
        "header.day_election",
        "note.set_aside",
        "note.thief",
        "note.thief_took",
        "note.thief_kept",
        "note.lovers",
        "note.no_lovers",
        "note.seer",
        "note.witch",
        "note.witch_nobody",
        "note.witch_dry",
        "note.caught",
        "note.unseen",
        "note.starving",
        "note.ballots",
        "ask.thief",
        "ask.thief_forced",
        "ask.cupid",
        "ask.seer",
        "ask.asleep",
        "ask.asleep.typed",
        "ask.all_asleep",
        "ask.spied",
        "ask.caught",
        "ask.heal",
        "ask.poison",
        "ask.hunter",
        "ask.successor",
        "ask.vote",
        "ask.pick",
        "ask.elected",
        "ask.lynched",
        "error.player_count",
        "error.yes_no",
        "error.thief",
        "error.not_outright",
        *TABLE_TEXT_KEYS,
        "cli.thief_deck",
    }
)
"""The keys every Thiercelieux locale must hold: the calls, the day, the engine's news,
and what the game master shows or asks the narrator at the keyboard (``note.*``,
``ask.*``, ``error.*``; never spoken)."""

THIERCELIEUX_PARAMETERS = frozenset(
    {
        *CLI_PARAMETERS,
        "count",
        "duration",
        "name",
        "names",
        "target",
        "role",
        "cards",
        "first",
        "second",
        "title",
        "step",
        "total",
        "seat",
        "voter",
        "voters",
        "detail",
    }
)
"""Placeholders a Thiercelieux text may use besides role names."""


LUPUS_ROLE_KEYS: tuple[str, ...] = (*(role.value for role in LupusRole), "ghost")
"""The names a Lupus locale gives: the ten cards and the Ghosts (the dead, who still vote)."""

LUPUS_STEPS: tuple[str, ...] = tuple(
    dict.fromkeys((*lupus_call_list(tuple(LupusRole), 1), *lupus_call_list(tuple(LupusRole), 2)))
)
"""Every call a Lupus night can hold (nights 1 and 2 with the whole box)."""

LUPUS_REASONS = ("humans.no_werewolf", "werewolves.parity", "werehamster.alive")
"""The codes of the Lupus verdict's reasons (``Outcome.reasons``)."""

LUPUS_TEAMS = ("humans", "werewolves", "werehamster")
"""The sides that may win a Lupus game (``Outcome.teams``)."""

LUPUS_TEXT_KEYS: frozenset[str] = frozenset(
    {
        *(f"step.{step}.{part}" for step in LUPUS_STEPS for part in CALL_PARTS),
        "step.owl.action_deadly",
        "stage1.open",
        "stage1.call",
        "stage1.counts",
        "stage1.tie_one",
        "stage1.tie_two",
        "stage1.tie_nobody",
        "owl.replaces",
        "owl.already",
        "suspects",
        "defence.speak",
        "stage2.open",
        "stage2.reveal",
        "stage2.counts",
        "stage2.tie",
        "lynch.last",
        "dawn.ghost",
        "welcome.given",
        "welcome.drawn",
        "welcome.stays",
        "end.became",
        *(f"end.win.{team}" for team in LUPUS_TEAMS),
        *(f"end.reason.{code}" for code in LUPUS_REASONS),
        "header.owl",
        "header.owl_deadly",
        "note.seer_yes",
        "note.seer_no",
        "note.medium_yes",
        "note.medium_no",
        "note.became",
        "note.ghost_cards",
        "note.order",
        "note.clues",
        "ask.seer",
        "ask.bodyguard",
        "ask.owl",
        "ask.mythomaniac",
        "ask.stage1",
        "ask.stage2",
        *TABLE_TEXT_KEYS,
        "cli.specials_deck",
        "cli.discussion_disagree",
    }
)
"""The keys every Lupus locale must hold: the calls, the day's two stages, the engine's
news, and what the game master shows or asks the narrator (``note.*``, ``ask.*``,
``error.*``; never spoken)."""

LUPUS_PARAMETERS = frozenset(
    {
        *CLI_PARAMETERS,
        "count",
        "duration",
        "defence",
        "name",
        "names",
        "target",
        "role",
        "cards",
        "first",
        "second",
        "title",
        "step",
        "total",
        "seat",
        "voters",
        "voter",
        "detail",
    }
)
"""Placeholders a Lupus text may use besides role names."""


@dataclass(frozen=True, slots=True)
class LocaleSchema:
    """What a family's locale must hold: its role keys, text keys and parameters."""

    family: str
    folder: str
    """Where its files are, under ``locales/`` ("" for One Night)."""
    role_keys: tuple[str, ...]
    text_keys: frozenset[str]
    parameters: frozenset[str]

    def source(self, language: str) -> str:
        return f"{self.folder}/{language}.json" if self.folder else f"{language}.json"


SCHEMAS: dict[str, LocaleSchema] = {
    ONE_NIGHT: LocaleSchema(ONE_NIGHT, "", tuple(r.value for r in Role), TEXT_KEYS, PARAMETERS),
    THIERCELIEUX: LocaleSchema(
        THIERCELIEUX,
        THIERCELIEUX,
        THIERCELIEUX_ROLE_KEYS,
        THIERCELIEUX_TEXT_KEYS,
        THIERCELIEUX_PARAMETERS,
    ),
    LUPUS: LocaleSchema(LUPUS, LUPUS, LUPUS_ROLE_KEYS, LUPUS_TEXT_KEYS, LUPUS_PARAMETERS),
}
"""Every family's locale schema, by family name."""

_PLACEHOLDER = re.compile(r"\{([a-z_]+)(\.many)?\}")
FILLED: Final = re.compile(r"(?:\b(de|que) )?\{([a-z_]+)(\.many)?\}")
"""A placeholder, with the French word before it that elides ("de Ann" is "d'Ann")."""
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


def elide(word: str | None, value: str, language: str) -> str:
    """``value`` filled in after ``word`` (``de``, ``que`` or none): French writes "d'Ann",
    "qu'Émile", "de Bruno"."""
    if word is None:
        return value
    if language == "fr" and value[:1].casefold() in _VOWELS:
        return f"{word[:-1]}'{value}"
    return f"{word} {value}"


@dataclass(frozen=True, slots=True)
class RoleName:
    """How a role is named: alone (``one``) and as a group (``many``)."""

    one: str
    many: str


@dataclass(frozen=True, slots=True)
class Locale:
    """The texts and role names of one language (possibly renamed by a theme)."""

    language: str
    voice: str
    """The ``espeak-ng`` voice for this language."""
    decimal_mark: str
    roles: Mapping[str, RoleName]
    """Names by role key (a family's ``Role`` members are their own keys)."""
    texts: Mapping[str, str]
    family: str = ONE_NIGHT

    def role(self, role: str, *, many: bool = False) -> str:
        name = self.roles[role]
        return name.many if many else name.one

    def text(self, key: str, **params: object) -> str:
        """The text for ``key`` with role names and ``params`` filled in."""
        return render(self.texts[key], self.roles, params, self.language)

    def number(self, value: float) -> str:
        """A number as this language writes it (``7.5`` / ``7,5``; whole numbers bare)."""
        return f"{value:g}".replace(".", self.decimal_mark)

    def duration(self, seconds: float) -> str:
        """A duration in words: whole minutes when it is a whole number of minutes."""
        if seconds == 1:
            return self.text("duration.one_second")
        if seconds == 60:
            return self.text("duration.one_minute")
        if seconds > 60 and seconds % 60 == 0:
            return self.text("duration.minutes", count=self.number(seconds / 60))
        return self.text("duration.seconds", count=self.number(seconds))

    def join(self, items: Sequence[str]) -> str:
        """``a``, ``a and b``, ``a, b and c`` in this language."""
        if len(items) < 2:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.text('list.and')} {items[-1]}"

    def renamed(self, names: Mapping[str, RoleName]) -> Locale:
        """This locale with some roles renamed (the others keep their names)."""
        return replace(self, roles={**self.roles, **names})


def render(
    template: str, roles: Mapping[str, RoleName], params: Mapping[str, object], language: str = "en"
) -> str:
    """Fill ``{role}``, ``{role.many}`` and parameter placeholders in ``template``, the
    French ``de`` and ``que`` elided before them as the language wants (:func:`elide`)."""

    def fill(match: re.Match[str]) -> str:
        word, name, many = match.group(1), match.group(2), match.group(3)
        role = roles.get(name)
        if role is not None:
            value = role.many if many else role.one
        elif many or name not in params:
            raise KeyError(match.group(0)[len(word) + 1 :] if word else match.group(0))
        else:
            value = str(params[name])
        return elide(word, value, language)

    return FILLED.sub(fill, template)


def placeholders(template: str) -> frozenset[str]:
    """The placeholders a text uses, as written (``seer``, ``werewolf.many``, ``count``)."""
    return frozenset(m.group(1) + (m.group(2) or "") for m in _PLACEHOLDER.finditer(template))


def load_locale(language: str, family: str = ONE_NIGHT) -> Locale:
    """The shipped locale for ``language`` (``en`` or ``fr``) and ``family``, checked."""
    if language not in LANGUAGES:
        raise SetupError(
            "narration.unknown_language",
            f"no narration in '{language}'; available: {', '.join(LANGUAGES)}",
        )
    schema = _schema(family)
    source = resources.files("loupgarou.narration") / "locales" / schema.source(language)
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SetupError(
            "narration.bad_locale", f"cannot read the '{language}' locale of {family}: {exc}"
        ) from exc
    return parse_locale(data, language, family)


def _schema(family: str) -> LocaleSchema:
    schema = SCHEMAS.get(family)
    if schema is None:
        raise SetupError(
            "narration.bad_locale",
            f"no narration for the family '{family}'; available: {', '.join(FAMILIES)}",
        )
    return schema


def parse_locale(data: Any, language: str, family: str = ONE_NIGHT) -> Locale:
    """Check the JSON of a locale file and build the :class:`Locale`."""
    schema = _schema(family)
    where = f"'{language}'" if family == ONE_NIGHT else f"'{language}' ({family})"

    def bad(problem: str) -> SetupError:
        return SetupError("narration.bad_locale", f"locale {where}: {problem}")

    if not isinstance(data, dict):
        raise bad("the file must hold a JSON object")
    if data.get("language") != language:
        raise bad(f"'language' must be '{language}'")
    voice, mark = data.get("voice"), data.get("decimal_mark")
    if not isinstance(voice, str) or not isinstance(mark, str):
        raise bad("'voice' and 'decimal_mark' must be strings")
    roles_data, texts = data.get("roles"), data.get("texts")
    if not isinstance(roles_data, dict) or not isinstance(texts, dict):
        raise bad("'roles' and 'texts' must be objects")
    roles: dict[str, RoleName] = {}
    for key in schema.role_keys:
        entry = roles_data.get(key)
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("one"), str)
            and isinstance(entry.get("many"), str)
        ):
            raise bad(f"role '{key}' needs a 'one' and a 'many' name")
        roles[key] = RoleName(entry["one"], entry["many"])
    extra = sorted(set(roles_data) - set(schema.role_keys))
    if extra:
        raise bad(f"unknown role keys: {', '.join(extra)}")
    missing = sorted(schema.text_keys - set(texts))
    unknown = sorted(set(texts) - schema.text_keys)
    if missing or unknown:
        raise bad(f"missing texts: {missing or 'none'}; unknown texts: {unknown or 'none'}")
    for key, text in texts.items():
        if not isinstance(text, str):
            raise bad(f"text '{key}' must be a string")
        for name in placeholders(text):
            base = name.removesuffix(".many")
            if base not in roles and name not in schema.parameters:
                raise bad(f"text '{key}' uses an unknown placeholder {{{name}}}")
    return Locale(language, voice, mark, roles, dict(texts), family)
