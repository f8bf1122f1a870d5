"""The room fuzz target: a room fed any sequence of what its devices may send, of its
bots' answers (on time or late) and of the clock's ticks.

A move is ``(who, kind, pick, junk, wait)``: the clock moves on by ``WAITS[wait]``
seconds, then ``kind`` says what happens, ``who`` picks the device that sends it (the
host or the narrator, a player, a spectator, or a token the room does not know), ``pick``
picks among what is open (a task's options, a bot's request, a seat, a lobby operation,
a question's choices) and ``junk``, when it is not None, holds a value that takes the
place of one field, as a broken or hostile client would send it.  Inputs go through the same door as the
server's (:data:`DEVICE_FIELDS`: what :mod:`loupgarou.server.app` lets a device set), so
the fields the server sets itself (``by``, ``now``, a start's ``seed``) are always its own.

After each input (:func:`room_inputs`):

- the room accepted it or refused it with a :class:`LoupGarouError` (a code and a
  message): anything else is a bug;
- a refused input changed nothing: every device's state (each seat's, the host's or the
  narrator's, a spectator's, an unknown token's), the room's status and its revision are
  what they were;

- while a game on phones runs, no device is sent an event whose audience leaves it out
  (:func:`_check_secrets`);

and at the end the accepted inputs, replayed in order into a new room, rebuild the same
room, device by device (the server's recovery after a crash rests on it).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any, Final

from loupgarou.core.errors import LoupGarouError
from loupgarou.session.encode import dumps
from loupgarou.session.room import Room
from tests.fuzz.targets import Bug

TABLES: Final[tuple[dict[str, Any], ...]] = (
    {"family": "one-night", "players": 5},
    {"family": "one-night", "scenario": "confusion", "players": 6},
    {"family": "thiercelieux", "players": 8},
    {"family": "lupus", "players": 8},
    {"family": "one-night", "players": 5, "mode": "narrated"},
    {"family": "thiercelieux", "players": 8, "mode": "narrated"},
    {"family": "lupus", "players": 9, "mode": "narrated"},
)
"""The rooms a fuzzed sequence starts from (every family, both modes)."""

KINDS: Final = (
    "act",
    "act",
    "act",
    "bot",
    "bot",
    "late",
    "tick",
    "say",
    "ready",
    "answer",
    "skip",
    "lobby",
    "fill",
    "join",
    "watch",
)
"""What a move does (repeats weigh the common ones): ``act`` a device's task, ``bot`` a
bot's answer at once, ``late`` one kept back and given later (its question may have
passed), ``fill`` the host readying the room (a bot in an empty seat, the seats named, or
the start), the rest as the protocol's messages of that name."""

WAITS: Final = (0.0, 0.0, 0.5, 2.0, 30.0, 400.0)
"""Seconds the clock moves on before a move (400: past every default deadline but the
discussion's)."""

DEVICE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "act": ("task", "action"),
    "say": ("text", "claim"),
    "ready": (),
    "answer": ("ask", "text", "cards", "votes"),
    "skip": (),
}
"""The fields a device may set in each input (the server sets ``t``, ``by`` and ``now``;
a ``lobby`` input takes every field but those, and the server's ``seed`` and
``host_away``)."""

OPS: Final = (
    "settings",
    "order",
    "bot",
    "kick",
    "handover",
    "start",
    "pause",
    "resume",
    "rematch",
    "names",
    "take_host",
    "frob",
)
NAMES: Final = ("Bob", "Cy", "Dee", "Ann", " ", "x" * 60, "Ann\u202e")
CLAIMS: Final[tuple[Any, ...]] = (
    None,
    {"role": "seer"},
    {"role": "villager"},
    {
        "role": "robber",
        "did": {"kind": "rob", "players": [1]},
        "saw": [{"seat": 1, "role": "seer"}],
    },
    {"role": "troublemaker", "did": {"kind": "swap", "players": [0, 2]}},
    {"role": "seer", "saw": [{"seat": 0, "role": "werewolf"}]},
    {"role": "witch"},
    {"role": "nobody"},
)
CARDS: Final = ("werewolf", "villager", "seer", "robber", "troublemaker", "minion", "tanner")

Move = tuple[int, str, int, tuple[Any] | None, int]
"""(who, kind, pick, junk, wait): see the module docstring."""


def _states(room: Room, tokens: Sequence[str], now: float) -> list[object]:
    """What every device would be sent now, and the room's status and revision."""
    connected = set(range(len(room.lobby.seats)))
    out: list[object] = [dumps(room.state_for(t, connected, now)) for t in tokens]
    out += [room.status, room.revision, len(room.records)]
    return out


def _check_secrets(room: Room, tokens: Sequence[str], now: float, entry: Any) -> None:
    """While a game on phones runs (and the dead do not see everything), no device is sent
    an event whose audience leaves it out: a player only its seat's and everyone's, a
    spectator or a token the room does not know only everyone's."""
    if room.game is None or room.status not in ("playing", "paused"):
        return
    if room.lobby.settings.dead_see_all:
        return
    for token in [*tokens, "unknown-token"]:
        game = room.state_for(token, set(), now)["game"]
        view = game.get("view") if isinstance(game, dict) else None
        if not isinstance(view, dict):
            continue
        seat = room.lobby.seat_of(token)
        if room.lobby.role_of(token) == "narrator":
            continue
        for event in json.loads(dumps(view.get("events", []))):
            audience = event["audience"]  # "everyone", "moderator" (nobody at the table), seats
            if audience != "everyone" and (not isinstance(audience, list) or seat not in audience):
                raise Bug(f"seat {seat} was sent {event['kind']} for {audience} after {entry!r}")


def _device(room: Room, tokens: Sequence[str], who: int) -> str:
    """The device a move comes from: mostly one with a part to play."""
    lobby = room.lobby
    first = [t for t in (lobby.host, lobby.narrator) if t]
    seated = [t for t in tokens if lobby.seat_of(t) is not None]
    pool = [*first, *first, *seated, *seated, *tokens, "unknown-token"]
    return pool[who % len(pool)]


def _with_junk(entry: dict[str, Any], pick: int, junk: tuple[Any] | None) -> dict[str, Any]:
    """``entry`` with one of its device's fields (``pick`` says which) replaced by the value
    ``junk`` holds (or, half the time where that field is an object, one of its fields)."""
    if junk is None:
        return entry
    fields = [k for k in entry if k not in ("t", "by", "now")] or ["t"]
    field = fields[pick % len(fields)]
    inside = entry.get(field)
    if isinstance(inside, dict) and inside and pick // len(fields) % 2:
        # one level down: a setting, a field of an action or of a claim
        keys = sorted(inside)
        entry[field] = {**inside, keys[pick // len(fields) // 2 % len(keys)]: junk[0]}
    else:
        entry[field] = junk[0]
    return entry


def _lobby_input(room: Room, pick: int) -> dict[str, Any]:
    """A host's ``lobby`` operation, well formed (the junk comes after)."""
    n = len(room.lobby.seats)
    op = OPS[pick % len(OPS)]
    entry: dict[str, Any] = {"t": "lobby", "op": op}
    k = pick // len(OPS)
    if op == "settings":
        # every field of the room's settings, some of them another table's
        settings = room.lobby.settings.to_json()
        table = TABLES[k % len(TABLES)]
        if table["family"] != settings["family"]:
            for key in ("scenario", "deck", "options"):
                settings.pop(key)
        settings.update(table)
        settings["mode"] = room.lobby.settings.mode
        entry["settings"] = settings
    elif op == "order":
        entry["seats"] = [(s + k) % n for s in range(n)]
    elif op == "bot":
        entry["seat"] = k % n
        entry["level"] = ("sensible", "random", None)[k % 3]
    elif op in ("kick", "handover"):
        entry["seat"] = k % n
    elif op == "names":
        entry["names"] = [f"P{s}" for s in range(n)]
    elif op == "take_host":
        entry["host_away"] = k % 2 == 1  # the server's word, either way
    return entry


def _fill(room: Room) -> dict[str, Any]:
    """The host readying the room: a bot in the first empty seat, the seats named (a
    narrated room), or the start."""
    lobby = room.lobby
    if room.status == "over":
        return {"t": "lobby", "op": "rematch"}
    if lobby.settings.mode == "narrated":
        if any(not seat.name for seat in lobby.seats):
            return {
                "t": "lobby",
                "op": "names",
                "names": [f"P{s}" for s in range(len(lobby.seats))],
            }
        return {"t": "lobby", "op": "start"}
    empty = [s for s, seat in enumerate(lobby.seats) if seat.kind == "empty"]
    if empty:
        return {"t": "lobby", "op": "bot", "seat": empty[0], "level": "random"}
    return {"t": "lobby", "op": "start"}


def _device_input(room: Room, token: str, kind: str, pick: int, now: float) -> dict[str, Any]:
    """A message of ``kind`` from the device holding ``token``, well formed where the room
    says what it may be (its task, the narrator's question)."""
    state = room.state_for(token, set(), now)
    game = state["game"] if isinstance(state["game"], dict) else {}
    if kind == "act":
        task = game.get("task")
        if not isinstance(task, dict):
            return {"t": "act", "task": "t1", "action": {"kind": "pass"}}
        options = task.get("options") or [task.get("default")]
        return {"t": "act", "task": task["id"], "action": options[pick % len(options)]}
    if kind == "say":
        claim = CLAIMS[pick % len(CLAIMS)]
        return {"t": "say", "text": ("I was the Seer", "", None)[pick % 3], "claim": claim}
    if kind == "answer":
        n = len(room.lobby.seats)
        entry: dict[str, Any] = {"t": "answer", "ask": pick % 20, "text": "P1"}
        narrator = state.get("narrator")
        ask = narrator.get("ask") if isinstance(narrator, dict) else None
        if isinstance(ask, dict):
            entry["ask"] = ask.get("id")
            choices = ask.get("choices") or ["P0"]
            entry["text"] = choices[pick % len(choices)]
        # the cards the room offers (mostly a table it can judge), else any
        form = ask.get("form") if isinstance(ask, dict) else None
        offered = form.get("cards") if isinstance(form, dict) else None
        cards = offered if isinstance(offered, list) and offered else CARDS
        entry["cards"] = [cards[(pick + s) % len(cards)] for s in range(n)]
        entry["votes"] = [(s + 1 + pick % max(1, n - 1)) % n for s in range(n)]
        return entry
    return {"t": kind}


def room_inputs(table: int, begun: bool, moves: Sequence[Move]) -> None:
    """Play ``moves`` on a new room set as ``TABLES[table]``, ``begun``: with a second
    person seated, bots in the other seats (the seats named, narrated) and the game
    started (see the module docstring); raises :class:`Bug` with the input at fault."""
    now = 0.0
    room = Room("FUZZ1")
    settings = dict(TABLES[table % len(TABLES)])
    accepted: list[dict[str, Any]] = []
    entry: dict[str, Any]
    setup: list[dict[str, Any]] = [
        {"t": "create", "settings": settings, "host": "host", "name": "Ann"}
    ]
    tokens = ["host"]
    if begun and settings.get("mode") != "narrated":
        setup.append({"t": "join", "token": "bob", "name": "Bob"})
        tokens.append("bob")
    for entry in setup:
        entry["now"] = now
        room.apply(copy.deepcopy(entry))
        accepted.append(entry)
    while begun and room.status == "lobby":
        entry = {**_fill(room), "by": room.lobby.host or room.lobby.narrator, "now": now}
        if entry["op"] == "start":
            entry["seed"] = table
        room.apply(copy.deepcopy(entry))
        accepted.append(entry)
    kept_back: list[dict[str, Any]] = []
    for step, (who, kind, pick, junk, wait) in enumerate(moves):
        now += WAITS[wait % len(WAITS)]
        if kind in ("bot", "late"):
            requests = room.bot_requests()
            if kind == "late" and kept_back and (pick % 2 or not requests):
                entry = kept_back.pop(0)
            elif not requests or room.game is None:
                entry = {"t": "tick"}
            else:
                entry = room.game.bot_input(requests[pick % len(requests)])
                if kind == "late":
                    kept_back.append(entry)
                    continue
        elif kind == "tick":
            entry = {"t": "tick"}
        elif kind in ("join", "watch"):
            token = f"device{step}"
            entry = {"t": kind, "token": token}
            if kind == "join":
                entry["name"] = NAMES[pick % len(NAMES)] if junk is None else junk[0]
        else:
            by = _device(room, tokens, who)
            if kind == "fill":
                entry = _fill(room)
                by = room.lobby.host or room.lobby.narrator or by
            elif kind == "lobby":
                entry = _with_junk(_lobby_input(room, pick), pick // 7, junk)
            else:
                entry = _with_junk(_device_input(room, by, kind, pick, now), pick // 7, junk)
                entry = {k: v for k, v in entry.items() if k in ("t", *DEVICE_FIELDS[kind])}
            if entry.get("op") == "start":
                entry["seed"] = pick
            entry["by"] = by
        entry["now"] = now
        before = _states(room, tokens, now)
        try:
            room.apply(copy.deepcopy(entry))
        except LoupGarouError as exc:
            if _states(room, tokens, now) != before:
                raise Bug(f"refused ({exc.code}) but changed the room: {entry!r}") from None
            continue
        except Exception as exc:
            raise Bug(f"{type(exc).__name__}: {exc} on {entry!r}") from exc
        accepted.append(entry)
        if entry["t"] in ("join", "watch"):
            tokens.append(entry["token"])
        _check_secrets(room, tokens, now, entry)
    again = Room("FUZZ1")
    for entry in accepted:
        try:
            again.apply(copy.deepcopy(entry))
        except LoupGarouError as exc:
            raise Bug(f"replayed, the room refused ({exc.code}) {entry!r}") from None
    if _states(again, tokens, now) != _states(room, tokens, now):
        raise Bug(f"the room replayed from its {len(accepted)} inputs is not the same room")
