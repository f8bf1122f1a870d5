"""Checking a decoded script document and turning it into a :class:`Script`.

Contract: :func:`parse_script` accepts the mapping a script file holds and
returns a :class:`Script`, or raises :class:`ScriptError` with a stable code
(listed in ``docs/script-format.md``) and a message that names the field or
the step (numbered from 1) and says what is wrong.  A problem the family's
set-up rules find (e.g. a scenario's player range, or a deal with the wrong
number of centre or set-aside cards) is the rules' own :class:`SetupError`,
with its ``setup.*`` code (``error.kind`` ``"setup"`` in the CLI's JSON).
Nothing is played here.
"""

from __future__ import annotations

from collections.abc import Mapping

from loupgarou.core.errors import ScriptError, SetupError
from loupgarou.core.events import JSON
from loupgarou.core.limits import MAX_STEPS, check_shape
from loupgarou.core.names import name_problem
from loupgarou.core.variant import GameConfig
from loupgarou.scripting.families import dialect_for
from loupgarou.scripting.model import RESULT_KINDS, SCRIPT_FORMAT, SCRIPT_VERSION, Script
from loupgarou.scripting.reader import (
    QUOTE,
    Reader,
    fail,
    listing,
    mapping,
    text,
    type_name,
    unknown,
)
from loupgarou.scripting.steps import read_step
from loupgarou.scripting.words import slot
from loupgarou.variants.registry import find_family

TOP_FIELDS = (
    "format",
    "version",
    "title",
    "description",
    "family",
    "options",
    "players",
    "scenario",
    "deck",
    "deal",
    "seed",
    "chance",
    "steps",
    "strict",
)


def _players(value: JSON) -> tuple[str, ...]:
    names = listing(value, "'players'")
    if not names:
        fail("script.bad_players", "'players' lists no player")
    seen: dict[str, int] = {}
    out: list[str] = []
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            fail(
                "script.bad_players",
                f"player {i + 1} must be a name (text), not {name!r}; {QUOTE}",
            )
        problem = name_problem(name.strip())
        if problem is not None:
            fail("setup.bad_name", f"player {i + 1}: {problem}")
        key = name.strip().casefold()
        if key in seen:
            fail(
                "script.bad_players",
                f"the name '{name}' is used twice (players {seen[key] + 1} and {i + 1})",
            )
        seen[key] = i
        out.append(name.strip())
    return tuple(out)


class _CardCount:
    """The rules' own card count, asked of the family's set-up with a deal's cards as
    the deck: a deal with too many or too few centre (set-aside) cards is refused as
    the rules refuse such a deck (``setup.card_count``), not as a malformed script."""

    def __init__(self, family: str, players: tuple[str, ...], options: Mapping[str, JSON]):
        self.family = family
        self.players = players
        self.options = options

    def check(self, cards: tuple[str, ...]) -> None:
        config = GameConfig(self.family, self.players, cards, dict(self.options))
        try:
            find_family(self.family).setup(config)
        except SetupError as exc:
            if exc.code == "setup.card_count":
                message = exc.message.replace("the deck has", "the deal gives")
                raise SetupError(exc.code, f"'deal': {message}") from exc


def _deal(value: JSON, reader: Reader, slots: int, count: _CardCount) -> tuple[str, ...]:
    """The role at each seat, then at each of the ``slots`` face-down cards."""
    deal = mapping(value, "'deal'")
    field = reader.dialect.slot_field
    unknown(list(deal), ("players", field) if field else ("players",), "'deal'")
    n = len(reader.players)
    if "players" not in deal:
        fail("script.bad_deal", "'deal' needs 'players' (a card for every seat)")
    given = deal["players"]
    roles: list[str | None] = [None] * n
    if isinstance(given, Mapping):
        for ref, role in given.items():
            seat = reader.seat(ref, "'deal'")
            if roles[seat] is not None:
                fail("script.bad_deal", f"'deal' gives {reader.players[seat]} two cards")
            roles[seat] = reader.role(role, f"'deal', {reader.players[seat]}")
        missing = [reader.players[s] for s in range(n) if roles[s] is None]
        if missing:
            fail("script.bad_deal", f"'deal' gives no card to {', '.join(missing)}")
    else:
        cards = listing(given, "'deal.players'")
        if len(cards) != n:
            fail(
                "script.bad_deal",
                f"'deal.players' lists {len(cards)} cards for {n} players (one per seat, in order)",
            )
        roles = [reader.role(r, f"'deal', {reader.players[i]}") for i, r in enumerate(cards)]
    extra = listing(deal.get(field, []), f"'deal.{field}'") if field else []
    label = reader.dialect.centre_label
    dealt = (
        *(r for r in roles if r is not None),
        *(reader.role(r, f"'deal', {label} card {slot(i)}") for i, r in enumerate(extra)),
    )
    if len(extra) != slots:
        count.check(dealt)  # the rules' own card-count error, when they refuse these cards
        fail(
            "script.bad_deal",
            f"'deal.{field}' must list {slots} cards, not {len(extra)}"
            + ("" if slots else " (this deck sets no card aside)"),
        )
    return dealt


def _envelope(obj: JSON) -> Mapping[str, JSON]:
    if not isinstance(obj, Mapping):
        fail(
            "script.not_a_mapping",
            f"a script is a mapping (format, version, family, players, ...), not {type_name(obj)}",
        )
    if obj.get("format") != SCRIPT_FORMAT:
        fail(
            "script.not_a_script",
            f"this is not a game script: its 'format' must be '{SCRIPT_FORMAT}'"
            + (f", not {obj['format']!r}" if "format" in obj else " (the field is missing)"),
        )
    version = obj.get("version")
    if version != SCRIPT_VERSION or isinstance(version, bool):
        fail(
            "script.version",
            f"script version {version!r} is not supported; this build reads version {SCRIPT_VERSION}",
        )
    unknown([str(k) for k in obj], TOP_FIELDS, "the script")
    for name in ("family", "players"):
        if name not in obj:
            fail("script.missing_field", f"the script needs a '{name}' field")
    return obj


def parse_script(obj: JSON, source: str = "<script>") -> Script:
    """Check a decoded document and build the :class:`Script`; see the module docstring."""
    check_shape(obj, f"the script '{source}'")
    doc = _envelope(obj)
    try:
        family = find_family(text(doc["family"], "'family'")).name
    except SetupError as exc:
        raise ScriptError("script.unknown_family", exc.message) from exc
    dialect = dialect_for(family)
    players = _players(doc["players"])
    reader = Reader(players, dialect)
    options = dict(mapping(doc.get("options", {}), "'options'"))
    if "scenario" in doc and "deck" in doc:
        fail("script.deck_and_scenario", "give either a 'scenario' or a 'deck', not both")
    scenario = text(doc["scenario"], "'scenario'") if "scenario" in doc else None
    deck: list[str] | None = None
    if "deck" in doc:
        deck = []
        for i, r in enumerate(listing(doc["deck"], "'deck'")):
            if not isinstance(r, str):
                fail("script.bad_field", f"'deck' card {i} must be a role name, not {r!r}")
            deck.append(r)
    scenario_key, cards, options = dialect.table(len(players), scenario, deck, options)
    if not cards and options.get("deck_draw", "fixed") == "fixed" and scenario_key is None:
        fail("script.no_deck", "the script needs a 'scenario' or a 'deck'")
    seed = doc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        fail("script.bad_field", f"'seed' must be a whole number or text, not {seed!r}")
    chance = dict(mapping(doc.get("chance", {}), "'chance'"))
    dialect.check_chance(chance, players)
    deal = None
    if doc.get("deal") is not None:
        if "deal" in chance:
            fail("script.deal_twice", "the deal is given twice: in 'deal' and in 'chance.deal'")
        slots = dialect.deal_slots(cards)
        if slots is None:
            fail(
                "script.no_explicit_deal",
                f"the family '{family}' has no explicit 'deal' in scripts; "
                "fix the 'deal' chance outcome under 'chance' instead",
            )
        deal = _deal(doc["deal"], reader, slots, _CardCount(family, players, options))
    raw_steps = listing(doc.get("steps", []), "'steps'")
    if len(raw_steps) > MAX_STEPS:
        fail(
            "script.too_many_steps",
            f"the script has {len(raw_steps):,} steps; the limit is {MAX_STEPS:,}",
        )
    steps = tuple(read_step(i, s, reader) for i, s in enumerate(raw_steps, start=1))
    results = [s for s in steps if s.kind in RESULT_KINDS]
    if results and options.get("narrator_knows") != "results":
        fail(
            "script.bad_step",
            f"step {results[0].number}: '{results[0].kind}' states a result alone; "
            "set the option narrator_knows: results (the table then gives results, "
            "not ballots)",
        )
    strict = doc.get("strict", False)
    if not isinstance(strict, bool):
        fail("script.bad_field", f"'strict' must be true or false, not {strict!r}")
    title = doc.get("title", "")
    return Script(
        source=source,
        family=family,
        players=players,
        deck=cards,
        options=options,
        steps=steps,
        title=title if isinstance(title, str) else str(title),
        scenario=scenario_key,
        seed=seed,
        chance=chance,
        deal=deal,
        strict=strict,
    )
