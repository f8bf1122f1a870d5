"""A room: its lobby, its seats, its games, as a fold of its log of inputs.

Contract: a :class:`Room` changes only through :meth:`Room.apply`, which takes one input
(a JSON object with its type ``t``, its time ``now`` and, for what a device sent, the
hash of the device's token ``by``).  ``apply`` checks the input first and raises
:class:`RoomError` (a stable code, a message a person can act on) without changing
anything; an input it accepts is the room's next entry in its record.  Replaying the
accepted inputs in order rebuilds the same room: everything random (the deal, the bots)
comes from seeds carried by the inputs, and time from their ``now``.

The room holds its status (new, lobby, playing, paused, over) and its games; who sits
where, who hosts, who watches and how the game is set are its
:class:`~loupgarou.session.lobby.Lobby`'s (:attr:`Room.lobby`), whose operations the
fold calls for the inputs that concern them.  Here are the game's inputs (start, pause,
skip, answer, act, bot, botsay, say, ready, tick), the verdict, the next deadline and
the state each device is sent.

Tokens never enter this module: only their hashes, made by the server.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from loupgarou.core.actions import action_from_json
from loupgarou.core.errors import LoupGarouError
from loupgarou.core.events import JSON
from loupgarou.core.statements import Statement
from loupgarou.session.encode import Raw, raw
from loupgarou.session.lobby import Lobby, RoomError
from loupgarou.session.narrated import NarratedOneNight
from loupgarou.session.narrated_table import NarratedTable
from loupgarou.session.phones import GameError, PhoneGame
from loupgarou.session.settings import LANGUAGES
from loupgarou.session.standings import standings

__all__ = ["Room", "RoomError"]

TEXT_LIMIT: Final = 500


class Room:
    """One room (see the module docstring)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.lobby = Lobby()
        self.status = "new"
        self.game: PhoneGame | None = None
        """The game of a room whose cards are on the phones."""
        self.table: NarratedOneNight | NarratedTable | None = None
        """The game of a narrated room (physical cards)."""
        self.games = 0
        self.created = 0.0
        self.updated = 0.0
        self._verdict: dict[str, JSON] | None = None
        self.changed: set[int] | None = None
        """The seats whose state the last input may have changed (None: every device's)."""
        self.revision = 0
        """Counts the inputs applied: what devices are sent is a function of it."""
        self._room_text: tuple[object, Raw] | None = None
        self._verdict_text: Raw | None = None
        self.records: list[dict[str, JSON]] = []
        """The records of the games finished in this room, oldest first."""
        self._race: tuple[int, JSON] | None = None  # (games counted, the standings)

    # --- the fold ---------------------------------------------------------------------------

    def apply(self, entry: Mapping[str, Any]) -> None:
        """Apply one input (see the module docstring); :class:`RoomError` if refused."""
        kind = entry.get("t")
        now = float(entry.get("now", 0.0))
        handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            raise RoomError("proto.unknown_type", f"unknown input '{kind}'")
        if kind != "create" and self.status == "new":
            raise RoomError("room.not_found", "there is no such room")
        self.changed = None
        try:
            handler(entry, now)
        except GameError as exc:
            raise RoomError(exc.code, exc.message, exc.data) from None
        self.updated = now
        self.revision += 1

    # --- the lobby's inputs -----------------------------------------------------------------

    def _on_create(self, e: Mapping[str, Any], now: float) -> None:
        if self.status != "new":
            raise RoomError("room.exists", "this room exists already")
        self.lobby.create(e)
        self.status = "lobby"
        self.created = now

    def _on_join(self, e: Mapping[str, Any], now: float) -> None:
        if self.status not in ("lobby",):
            raise RoomError("room.started", "the game has started; you may watch it instead")
        self.lobby.join(e)

    def _on_watch(self, e: Mapping[str, Any], now: float) -> None:
        self.lobby.watch(e)

    def _on_lobby(self, e: Mapping[str, Any], now: float) -> None:
        """The host's ``lobby`` input: a pause, a resume or a rematch, or before a game
        the start or a change of the lobby's (:meth:`Lobby.change`); or a player's taking
        over from a host who is away (:meth:`Lobby.take_host`), at any time."""
        op = e.get("op")
        if op == "take_host":
            self.lobby.take_host(e)
            return
        if e.get("by") != self.lobby.host:
            raise RoomError("auth.not_host", "only the host can do that")
        if op in ("pause", "resume"):
            self._pause(op, now)
            return
        if op == "rematch":
            if self.status != "over":
                raise RoomError("lobby.not_over", "a rematch comes after the game's end")
            self.status, self.game, self.table = "lobby", None, None
            return
        if self.status != "lobby":
            raise RoomError("room.started", "the seats and settings are fixed once the game starts")
        if op == "start":
            self._start(e, now)
        else:
            self.lobby.change(op, e)

    # --- the game's inputs ------------------------------------------------------------------

    def _start(self, e: Mapping[str, Any], now: float) -> None:
        lobby = self.lobby
        problems = lobby.problems()
        if problems:
            first = problems[0]
            raise RoomError(str(first["code"]), str(first["message"]), first.get("data"))
        names = lobby.names()
        if lobby.settings.mode == "narrated":
            if lobby.settings.family == "one-night":
                self.table = NarratedOneNight(lobby.settings, names, now)
            else:
                self.table = NarratedTable(lobby.settings, names, int(e["seed"]), now)
            self._verdict = None
            self._verdict_text = None
            self.games += 1
            self.status = "playing"
            return
        self.game = PhoneGame(lobby.settings, names, lobby.bots(), int(e["seed"]), now)
        self._verdict = None
        self._verdict_text = None
        self.games += 1
        self.status = "playing"
        self._after_game_input()

    def _pause(self, op: str, now: float) -> None:
        game = self.game or self.table
        if game is None or self.status not in ("playing", "paused"):
            raise RoomError("room.not_playing", "there is no game to pause or resume")
        if op == "pause":
            if self.status == "paused":
                raise RoomError("room.paused", "the game is paused already")
            game.pause(now)
            self.status = "paused"
        else:
            game.resume(now)
            self.status = "playing"
            self._after_game_input()

    def _on_skip(self, e: Mapping[str, Any], now: float) -> None:
        if e.get("by") != self.lobby.narrator or self.table is None or self.status != "playing":
            raise RoomError("auth.not_narrator", "only the narrator of a running night can skip")
        self.table.skip(now)

    def _on_answer(self, e: Mapping[str, Any], now: float) -> None:
        if e.get("by") != self.lobby.narrator:
            raise RoomError("auth.not_narrator", "only the narrator answers the game master")
        if self.table is None or self.status != "playing":
            raise RoomError("room.not_playing", "there is no game running in this room")
        if isinstance(self.table, NarratedOneNight):
            self.table.answer(e.get("ask"), e, now)
        else:
            self.table.answer(e.get("ask"), e.get("text"), now)
        self._after_game_input()

    def _player(self, e: Mapping[str, Any]) -> tuple[int, PhoneGame]:
        if self.status == "paused":
            raise RoomError("room.paused", "the game is paused; the host can resume it")
        if self.game is None or self.status != "playing":
            raise RoomError("room.not_playing", "there is no game running in this room")
        seat = self.lobby.seat_of(e.get("by"))
        if seat is None:
            raise RoomError("auth.no_seat", "only a player in a seat can do that")
        return seat, self.game

    def _on_act(self, e: Mapping[str, Any], now: float) -> None:
        seat, game = self._player(e)
        task = e.get("task")
        if not isinstance(task, str):
            raise RoomError("proto.bad_field", "'task' must be the id of your current task")
        action_json = e.get("action")
        if not isinstance(action_json, dict):
            raise RoomError("proto.bad_field", "'action' must be an object")
        try:
            action = action_from_json(action_json)
        except LoupGarouError as exc:
            raise RoomError("proto.bad_field", exc.message) from None
        before = game.night_mark()
        events = len(game.match.events)
        tasks = {s: t.id for s, t in game.tasks.items()}
        game.act(seat, task, action, now)
        self._after_game_input()
        if before is not None and game.night_mark() == before and self.status == "playing":
            # the same call goes on: only the seats this answer concerns see a change
            changed = {seat}
            for event in game.match.events[events : game.cut()]:
                changed |= event.audience.seats
            changed |= {s for s, t in game.tasks.items() if tasks.get(s) != t.id}
            changed |= {s for s in tasks if s not in game.tasks}
            self.changed = changed

    def _bot_game(self, e: Mapping[str, Any]) -> tuple[int, PhoneGame]:
        if self.game is None or self.status != "playing":
            raise RoomError("room.not_playing", "there is no game running in this room")
        seat = e.get("seat")
        if not isinstance(seat, int) or seat not in self.game.bots:
            raise RoomError("task.none", "that seat is not a bot's")
        return seat, self.game

    def _on_bot(self, e: Mapping[str, Any], now: float) -> None:
        """A bot's decision, thought out by the server away from its loop."""
        seat, game = self._bot_game(e)
        game.bot_act(seat, str(e.get("task")), action_from_json(e["action"]), now)
        self._after_game_input()

    def _on_botsay(self, e: Mapping[str, Any], now: float) -> None:
        """What a bot says when the discussion opens, or in its defence (``statement``
        null: nothing)."""
        seat, game = self._bot_game(e)
        said = e.get("statement")
        game.bot_say(seat, None if said is None else Statement.from_json(said), now)
        self._after_game_input()

    def bot_requests(self) -> list[Any]:
        if self.game is None or self.status != "playing":
            return []
        return self.game.bot_requests()

    def _on_say(self, e: Mapping[str, Any], now: float) -> None:
        seat, game = self._player(e)
        text = e.get("text") or ""
        if not isinstance(text, str) or len(text) > TEXT_LIMIT:
            raise RoomError(
                "say.bad_text",
                f"a statement is text of at most {TEXT_LIMIT} characters",
                {"max": TEXT_LIMIT},
            )
        claim = e.get("claim")
        obj: dict[str, JSON] = {"text": " ".join(text.split())}
        if claim is not None:
            obj["claim"] = claim
        try:
            statement = Statement.from_json(obj)
        except LoupGarouError as exc:
            raise RoomError("say.bad_claim", exc.message) from None
        game.say(seat, statement, now)

    def _on_ready(self, e: Mapping[str, Any], now: float) -> None:
        seat, game = self._player(e)
        game.set_ready(seat, now)
        self._after_game_input()

    def _on_tick(self, e: Mapping[str, Any], now: float) -> None:
        game = self.game or self.table
        if game is not None and self.status == "playing":
            game.tick(now)
            self._after_game_input()

    def _after_game_input(self) -> None:
        table = self.table
        if table is not None and table.over and self.status == "playing":
            from loupgarou.engine.record import to_record

            self.status = "over"
            if isinstance(table, NarratedOneNight):
                assert table.result is not None
                self.records.append(table.result)
            else:
                assert table.match is not None
                self.records.append(to_record(table.match))
            return
        game = self.game
        if game is not None and game.match.over and self.status == "playing":
            from loupgarou.engine.record import to_record

            self.status = "over"
            self.records.append(to_record(game.match))

    def verdict(self) -> dict[str, JSON]:
        """The last finished game told as the adjudicator tells it (docs/adjudicate-json.md),
        in the room's language, its roles named by the room's theme; ``told`` adds the
        timeline's sentences and the reasons in every language, for a page that
        switches."""
        from loupgarou.scripting.adjudicator import verdict_of_match
        from loupgarou.scripting.speech import speech_for

        if isinstance(self.table, NarratedOneNight) and self.table.result is not None:
            return self.table.result
        match = self.table.match if isinstance(self.table, NarratedTable) else None
        if match is None:
            assert self.game is not None
            match = self.game.match
        assert match.over
        if self._verdict is None:
            title = self.lobby.settings.scenario or "a served game"
            told: dict[str, JSON] = {}
            for lang in LANGUAGES:
                verdict = verdict_of_match(
                    match,
                    source=f"room {self.code}",
                    title=title,
                    scenario=self.lobby.settings.scenario,
                    speech=speech_for(match.variant.name, lang, self.lobby.settings.theme),
                )
                told[lang] = {
                    "timeline": [line.text for line in verdict.timeline],
                    "reasons": []
                    if verdict.ending is None
                    else [{"code": r.code, "text": r.text} for r in verdict.ending.reasons],
                }
                if lang == self.lobby.settings.lang:
                    self._verdict = verdict.to_json()
            assert self._verdict is not None
            self._verdict["told"] = told
        return self._verdict

    # --- time -------------------------------------------------------------------------------

    def next_deadline(self) -> float | None:
        game = self.game or self.table
        if game is None or self.status != "playing":
            return None
        return game.deadline

    # --- what a device is sent --------------------------------------------------------------

    def _verdict_json(self) -> Raw | None:
        if self.status != "over":
            return None
        if self._verdict_text is None:
            self._verdict_text = raw(self.verdict())
        return self._verdict_text

    def _standings(self) -> JSON:
        """The room's tournament (:mod:`~loupgarou.session.standings`), worked out once
        per finished game."""
        games = len(self.records)
        if self._race is None or self._race[0] != games:
            self._race = (games, standings(self.records))
        return self._race[1]

    def _room_json(self, connected: set[int]) -> Raw:
        """The ``room`` part, the same for every device (encoded once per change)."""
        key = (self.revision, frozenset(connected))
        cached = self._room_text
        if cached is not None and cached[0] == key:
            return cached[1]
        room: dict[str, JSON] = {
            "code": self.code,
            "status": self.status,
            **self.lobby.to_json(connected, before_start=self.status == "lobby"),
            "standings": self._standings(),
        }
        text = raw(room)
        self._room_text = (key, text)
        return text

    def state_for(self, token: str, connected: set[int], now: float) -> dict[str, JSON]:
        """The ``state`` message for the device holding ``token`` (docs/protocol.md); its
        large parts are :class:`Raw` JSON (encode it with :func:`encode.dumps`)."""
        seat = self.lobby.seat_of(token)
        role = self.lobby.role_of(token)
        room = self._room_json(connected)
        game: JSON = None
        narrator: JSON = None
        if self.table is not None:
            if isinstance(self.table, NarratedTable):
                game = self.table.game_json(seat)
                game["verdict"] = self._verdict_json()
            else:
                game = self.table.game_json()
            game["number"] = self.games
            if role == "narrator":
                narrator = self.table.narrator_json()
        elif self.game is not None:
            dead = seat is not None and seat not in self._alive_now()
            everything = self.status == "over" or (
                self.lobby.settings.dead_see_all and (seat is None or dead)
            )
            game = self.game.view_json(seat if role != "narrator" else None, everything=everything)
            game["number"] = self.games
            game["verdict"] = self._verdict_json()
        return {
            "type": "state",
            "v": 1,
            "now": now,
            "you": {"role": role, "seat": seat},
            "room": room,
            "game": game,
            "narrator": narrator,
        }

    def _alive_now(self) -> set[int]:
        if self.game is None:
            return set(range(len(self.lobby.seats)))
        return self.game._alive()

    def night_running(self) -> bool:
        return self.game is not None and self.status == "playing" and self.game.stage == "call"
