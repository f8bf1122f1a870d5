"""Golden playthroughs: a few seeded games, every seat's view after every input.

Each game is played by a small seeded policy (random legal actions, a few
timeouts, a few public statements during the day by players allowed to speak)
and written as one JSON
document: the table, then for every input what each seat's view became.  A
view is ``SeatView.to_json()``; to keep the files small and easy to review, a
seat's view is written in full once (after the deal) and then as what changed:
``new_events`` appended to ``events``, and ``public`` / ``decision`` /
``outcome`` when they changed.  :func:`expand` turns a document back into the
full views.  The moderator's whole event list and the outcome close the file.

Lupus in Tabula games are long (every stage 1 ballot is an input) and big
tables, so their files use the *shared* layout (``"layout": "shared"``), which
writes what every seat shares once per step: the step's new ``events`` (the
moderator's, each with its audience), the ``public`` fields that changed
(``public_removed`` for those that disappeared), and per seat only a changed
``decision`` or ``outcome`` (under ``seats``).  A seat's view is then the
public fields, the events whose audience includes the seat, and its own
decision and outcome: exactly how ``Match.view`` builds it, and
:func:`expand` rebuilds it the same way.  The moderator's event list is the
``start`` events followed by every step's; the file closes with the outcome.

``scripts/regen_golden.py`` (``make golden``) rewrites the files;
``tests/golden/test_golden.py`` regenerates them in memory and diffs.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from loupgarou.core.actions import Action
from loupgarou.core.events import JSON
from loupgarou.core.statements import Claim, Sighting, Statement
from loupgarou.engine import Match, new_match
from loupgarou.variants.one_night.scenarios import find_scenario
from loupgarou.variants.registry import find_family

FORMAT = "loupgarou-playthrough"
VERSION = 1
HERE = Path(__file__).resolve().parent
NAMES = (
    "Ana",
    "Bruno",
    "Céline",
    "Dédé",
    "Élise",
    "Fanfan",
    "Gégé",
    "Hugo",
    "Inès",
    "Jo",
    "Kiki",
    "Léon",
    "Mimi",
)


@dataclass(frozen=True, slots=True)
class GoldenGame:
    """One seeded game for ``players`` seats, played with ``seed``: a One Night scenario's
    deck, or the ``deck`` given (``scenario`` None) for another ``family``.  ``layout`` is
    ``views`` (every seat's view, then what changed in it) or ``shared`` (see the module
    docstring)."""

    name: str
    about: str
    scenario: str | None
    players: int
    seed: int
    options: dict[str, JSON] = field(default_factory=dict)
    family: str = "one-night"
    deck: tuple[str, ...] = ()
    layout: str = "views"

    def cards(self) -> tuple[str, ...]:
        if self.scenario is None:
            return self.deck
        return tuple(r.value for r in find_scenario(self.scenario).deck_for(self.players))

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.json"


GAMES: tuple[GoldenGame, ...] = (
    GoldenGame(
        "premiere-nuit-5",
        "La Première Nuit, 5 players: Seer, Robber and Troublemaker at work.",
        "premiere-nuit",
        5,
        seed=68,
    ),
    GoldenGame(
        "revenants-8",
        "Revenants, 8 players: the Doppelgänger copies an active role; Minion, Masons, Hunter.",
        "revenants",
        8,
        seed=63,
    ),
    GoldenGame(
        "nuit-solitaire-4",
        "Nuit solitaire, 4 players: the lone Werewolf peeks at a centre card.",
        "nuit-solitaire",
        4,
        seed=16,
    ),
    GoldenGame(
        "thiercelieux-9",
        "Thiercelieux, 9 players: Cupid and the Lovers, the Little Girl spies, the Witch "
        "heals and poisons, a Hunter's shot, grief, and the dying Captain's successor.",
        None,
        9,
        seed=38,
        family="thiercelieux",
        deck=(
            "werewolf",
            "werewolf",
            "seer",
            "witch",
            "hunter",
            "cupid",
            "little_girl",
            "villager",
            "villager",
        ),
    ),
    GoldenGame(
        "thiercelieux-thief-8",
        "Thiercelieux, 8 players with the Thief (two cards set aside): the Thief takes a "
        "card; the Witch, a Hunter's shot and the dying Captain's successor.",
        None,
        8,
        seed=209,
        family="thiercelieux",
        deck=(
            "werewolf",
            "werewolf",
            "seer",
            "witch",
            "hunter",
            "thief",
            "villager",
            "villager",
            "werewolf",
            "villager",
        ),
    ),
    GoldenGame(
        "lupus-medium-9",
        "Lupus in Tabula, 9 players with the Medium: Ghosts vote in stage 1, ties settled "
        "clockwise from the Welcome card, the Medium learns about the lynched.",
        None,
        9,
        seed=27,
        family="lupus",
        deck=("werewolf", "werewolf", "seer", "medium", *("villager",) * 5),
        layout="shared",
    ),
    GoldenGame(
        "lupus-freemasons-owl-13",
        "Lupus in Tabula, 13 players with the Freemasons and the Owl: the Freemasons meet, "
        "the Owl's pick joins the suspects, the pack's tie is drawn.",
        None,
        13,
        seed=18,
        family="lupus",
        deck=(
            "werewolf",
            "werewolf",
            "seer",
            "freemason",
            "freemason",
            "owl",
            *("villager",) * 7,
        ),
        layout="shared",
    ),
)


# --- the policy -----------------------------------------------------------------------------------

_SAYINGS = (
    Statement("Je n'ai rien vu cette nuit."),
    Statement("I am the Seer.", Claim(role="seer", saw=(Sighting("werewolf", seat=0),))),
    Statement(claim=Claim(role="villager")),
    Statement("Someone moved my card!", Claim(did=Action("pass"))),
)


def _step(match: Match, rng: random.Random) -> None:
    """One input from the seeded policy: a statement (day only), a timeout, or an action."""
    n = len(match.players)
    speakers = [s for s in range(n) if match.variant.may_speak(match.state, s)]
    if speakers and rng.random() < 0.25:
        match.say(speakers[rng.randrange(len(speakers))], _SAYINGS[rng.randrange(len(_SAYINGS))])
        return
    pending = match.pending()
    decision = pending[rng.randrange(len(pending))]
    if rng.random() < 0.1:
        match.timeout(decision.seat)
    else:
        match.submit(decision.seat, decision.options[rng.randrange(len(decision.options))])


# --- documents ------------------------------------------------------------------------------------


def _views(match: Match) -> list[JSON]:
    return [_plain(match.view(s).to_json()) for s in range(len(match.players))]


def _plain(value: JSON) -> JSON:
    """Exactly what a JSON round trip gives (role enums become text, tuples lists)."""
    return json.loads(json.dumps(value))


def _delta(before: JSON, after: JSON) -> JSON:
    """What changed in one seat's view; None when nothing did."""
    out: dict[str, JSON] = {}
    old_events, new_events = before["events"], after["events"]
    assert new_events[: len(old_events)] == old_events, "a view lost or rewrote an event"
    if len(new_events) > len(old_events):
        out["new_events"] = new_events[len(old_events) :]
    for key in ("public", "decision", "outcome"):
        if after[key] != before[key]:
            out[key] = after[key]
    for key in ("seat", "players", "family"):
        assert after[key] == before[key], f"a view's '{key}' changed"
    return out or None


def _play(game: GoldenGame) -> tuple[Match, list[JSON], list[list[JSON]], list[int]]:
    """:func:`play`, plus how many events the match held after each step."""
    variant = find_family(game.family)
    match = new_match(
        variant, NAMES[: game.players], game.cards(), options=game.options, seed=game.seed
    )
    rng = random.Random(game.seed)
    steps: list[JSON] = [[_plain(i.to_json()) for i in match.inputs]]
    views = [_views(match)]
    marks = [len(match.events)]
    while not match.over:
        mark = len(match.inputs)
        _step(match, rng)
        steps.append([_plain(i.to_json()) for i in match.inputs[mark:]])
        views.append(_views(match))
        marks.append(len(match.events))
    return match, steps, views, marks


def play(game: GoldenGame) -> tuple[Match, list[JSON], list[list[JSON]]]:
    """Play ``game``; return the match, the inputs of each step, and all views after each."""
    match, steps, views, _ = _play(game)
    return match, steps, views


def build(game: GoldenGame) -> dict[str, JSON]:
    """The golden document of ``game`` (plain JSON values)."""
    if game.layout == "shared":
        return _build_shared(game)
    match, steps, views = play(game)
    n = len(match.players)
    doc: dict[str, JSON] = {
        "format": FORMAT,
        "version": VERSION,
        "about": game.about,
        "scenario": game.scenario,
        "seed": game.seed,
        "config": _plain(match.config.to_json()),
        "warnings": [w.to_json() for w in match.warnings],
        "start": {"inputs": steps[0], "views": views[0]},
        "steps": [],
    }
    for k in range(1, len(steps)):
        changed = {}
        for seat in range(n):
            delta = _delta(views[k - 1][seat], views[k][seat])
            if delta is not None:
                changed[str(seat)] = delta
        doc["steps"].append({"step": k, "inputs": steps[k], "views": changed})
    outcome = match.outcome
    doc["moderator"] = {
        "events": [_plain(e.to_json()) for e in match.events],
        "outcome": None if outcome is None else _plain(outcome.to_json()),
    }
    return doc


def _build_shared(game: GoldenGame) -> dict[str, JSON]:
    """The golden document of ``game`` in the shared layout (see the module docstring)."""
    match, steps, views, marks = _play(game)
    n = len(match.players)
    events = [_plain(e.to_json()) for e in match.events]
    for k, after_step in enumerate(views):
        first = after_step[0]["public"]
        assert all(v["public"] == first for v in after_step), f"step {k}: public differs"

    def own(view: JSON) -> dict[str, JSON]:
        return {"decision": view["decision"], "outcome": view["outcome"]}

    doc: dict[str, JSON] = {
        "format": FORMAT,
        "version": VERSION,
        "about": game.about,
        "scenario": game.scenario,
        "seed": game.seed,
        "config": _plain(match.config.to_json()),
        "warnings": [w.to_json() for w in match.warnings],
        "layout": "shared",
        "start": {
            "inputs": steps[0],
            "events": events[: marks[0]],
            "public": views[0][0]["public"],
            "seats": [own(v) for v in views[0]],
        },
        "steps": [],
    }
    for k in range(1, len(steps)):
        step: dict[str, JSON] = {"step": k, "inputs": steps[k]}
        new_events = events[marks[k - 1] : marks[k]]
        if new_events:
            step["events"] = new_events
        before, after = views[k - 1][0]["public"], views[k][0]["public"]
        changed = {key: value for key, value in after.items() if before.get(key) != value}
        if changed:
            step["public"] = changed
        removed = [key for key in before if key not in after]
        if removed:
            step["public_removed"] = removed
        seats: dict[str, JSON] = {}
        for seat in range(n):
            old_own, new_own = own(views[k - 1][seat]), own(views[k][seat])
            delta = {key: value for key, value in new_own.items() if old_own[key] != value}
            if delta:
                seats[str(seat)] = delta
        if seats:
            step["seats"] = seats
        doc["steps"].append(step)
    outcome = match.outcome
    doc["moderator"] = {"outcome": None if outcome is None else _plain(outcome.to_json())}
    return doc


def _sees(event: JSON, seat: int) -> bool:
    audience = event["audience"]
    return audience == "everyone" or (isinstance(audience, list) and seat in audience)


def _expand_shared(doc: dict[str, JSON]) -> list[list[JSON]]:
    config = doc["config"]
    n = len(config["players"])
    events: list[JSON] = list(doc["start"]["events"])
    public: dict[str, JSON] = dict(doc["start"]["public"])
    own: list[dict[str, JSON]] = [dict(o) for o in doc["start"]["seats"]]

    def views() -> list[JSON]:
        return [
            {
                "seat": seat,
                "players": list(config["players"]),
                "family": config["family"],
                "public": json.loads(json.dumps(public)),
                "events": [e for e in events if _sees(e, seat)],
                "decision": own[seat]["decision"],
                "outcome": own[seat]["outcome"],
            }
            for seat in range(n)
        ]

    out = [views()]
    for step in doc["steps"]:
        events.extend(step.get("events", ()))
        public.update(step.get("public", {}))
        for key in step.get("public_removed", ()):
            del public[key]
        for seat, delta in step.get("seats", {}).items():
            own[int(seat)] = {**own[int(seat)], **delta}
        out.append(views())
    return out


def expand(doc: dict[str, JSON]) -> list[list[JSON]]:
    """Every seat's full view after each step (the start first), rebuilt from ``doc``."""
    if doc.get("layout") == "shared":
        return _expand_shared(doc)
    current = [json.loads(json.dumps(v)) for v in doc["start"]["views"]]
    out = [current]
    for step in doc["steps"]:
        current = [dict(v) for v in current]
        for seat, delta in step["views"].items():
            view = current[int(seat)]
            view["events"] = [*view["events"], *delta.get("new_events", ())]
            for key in ("public", "decision", "outcome"):
                if key in delta:
                    view[key] = delta[key]
        out.append(current)
    return out


# --- writing --------------------------------------------------------------------------------------


def dumps(value: JSON, width: int = 100) -> str:
    """JSON text where every value that fits on one line of ``width`` is written on one line."""
    return _dump(value, 0, width) + "\n"


def _dump(value: JSON, indent: int, width: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, indent + 2, width)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _dump(v, indent + 2, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def write_all() -> list[Path]:
    """Rewrite every golden file; return their paths."""
    paths = []
    for game in GAMES:
        game.path.write_text(dumps(build(game)), encoding="utf-8")
        paths.append(game.path)
    return paths
