"""The live rooms of one server process: inputs in, states out, clocks, expiry.

Contract: the :class:`Hub` is the only writer of rooms.  For every input (from a device,
or a deadline falling due) it (1) applies it to the room in memory, which checks it and
refuses it with a :class:`RoomError` while changing nothing, (2) appends it to the
room's log in storage, in one transaction, and only then (3) sends every device of the
room whose state changed its new ``state``.  If the append fails, the room is rebuilt
from its log, so memory never runs ahead of the record; so it is too if applying the input
fails with anything but a refusal (a fault of ours: it is logged, and the device is told
``server.internal``).  A room's own input that could not be applied or stored (a
deadline falling due, a bot's answer) is tried again after a second, then after twice as
long each time, at most a minute apart, until one is stored (the store works again).  At
start-up every stored room
is rebuilt by replaying its log, and deadlines that fell while the server was down
apply at once.

Everything runs on one asyncio loop; an input is handled from start to end without
awaiting, so inputs to a room never interleave.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from loupgarou.core.errors import LoupGarouError
from loupgarou.server.limits import Window
from loupgarou.server.storage import Storage, StorageError
from loupgarou.session.encode import dumps, wire_size
from loupgarou.session.room import Room, RoomError

log = logging.getLogger("loupgarou.server")

CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ2345679"
"""31 letters and digits that cannot be mistaken for one another (no 0/O, 1/I, 8/B)."""
CODE_LENGTH: Final = 5
NIGHT_QUANTUM: Final = 1024
"""Night states are padded to a multiple of this many bytes, the same for every seat."""
NIGHT_MARGIN: Final = 2048
"""Room left in a call's size for the answer to a seat's action (what it learned)."""
INTERNAL: Final = "server.internal"
"""The error of an input whose apply failed with a fault of ours (not a refusal)."""
STORAGE: Final = "server.storage"
"""The error of an input that could not be stored (nothing of it was kept)."""
BOT_THREADS: Final = 4
"""Threads the bots think in (:attr:`Hub.thinker`): up to this many rooms' bots think at
once, sharing the interpreter, so that a room's short question is not stuck behind
another room's long one."""
RETRY_FIRST: Final = 1.0
"""Seconds before a room's own input (a deadline, a bot's answer) that could not be stored
is tried again, then twice as long each time it fails again ..."""
RETRY_MOST: Final = 60.0
"""... but at most this long: a room waits no longer than this for its store to come back."""


def internal_error() -> RoomError:
    """What a device is told when its input failed by a fault of ours (the room was put
    back as its log has it)."""
    return RoomError(INTERNAL, "the server failed to do that; it is noted, and nothing changed")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


@dataclass(eq=False)
class Device:
    """One connected device: where to send, and who it is."""

    send: Callable[[str], None]
    token: str  # the hash of its token
    last: str = ""  # the last state sent, without its time


@dataclass(eq=False)
class LiveRoom:
    room: Room
    seq: int
    devices: list[Device] = field(default_factory=list)
    timer: asyncio.TimerHandle | None = None
    thinking: tuple[int, str] | None = None
    """The bot request being thought out (seat, key): one at a time per room."""
    refused: set[tuple[int, str]] = field(default_factory=set)
    """Open requests whose answers the room refused: not asked again (:meth:`answered`)."""
    night_size: int = 0
    night_key: tuple[object, ...] = ()
    failures: int = 0
    """The room's own inputs (its deadlines, its bots' answers) that could not be applied
    or stored since it last stored an input."""
    retry_at: float = 0.0
    """After such a failure, the time before which the room tries none of them again."""
    later: asyncio.TimerHandle | None = None
    """Its bots asked again once :attr:`retry_at` has passed."""

    def failed(self, now: float) -> float:
        """One of its own inputs failed: wait before the next (returned, in seconds), a
        second the first time, then twice as long each time, at most a minute."""
        wait = min(RETRY_FIRST * 2.0 ** min(self.failures, 30), RETRY_MOST)
        self.failures += 1
        self.retry_at = now + wait
        return wait

    def stored(self) -> None:
        """An input was stored: the store works, what waited may be tried at once."""
        self.failures = 0
        self.retry_at = 0.0

    def next_request(self) -> Any | None:
        """The room's first open bot request that it has not refused an answer to (None:
        nothing to think about)."""
        requests = self.room.bot_requests()
        refused = self.refused
        if refused:
            refused &= {(r.seat, r.key) for r in requests}  # those still open
        return next((r for r in requests if (r.seat, r.key) not in refused), None)

    def answered(self, error: RoomError | None) -> None:
        """Its bot request is answered; ``error``: why the answer was refused, if it was.
        A request the room refused stays in :attr:`refused` while it is open (a bot's
        defect: asked again, the bot would answer the same); the server's own failures to
        store an answer, ``server.*``, are not the bot's, and it is asked again, but for a
        fault in applying it (``server.internal``), which would come back the same."""
        retry = error is None or (error.code.startswith("server.") and error.code != INTERNAL)
        if not retry and self.thinking:
            self.refused.add(self.thinking)
        self.thinking = None


class Hub:
    """The rooms this process holds (see the module docstring)."""

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        idle_seconds: float = 7 * 86400,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.idle_seconds = idle_seconds
        self.rooms: dict[str, LiveRoom] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thinker = concurrent.futures.ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="bots")
        """Where bots think, away from the loop, so that a bot's seconds of thought never
        hold it up (it gets the interpreter lock back within a few milliseconds: from
        CPython's bytecode loop, and in the compiled build from the One Night solver's
        pauses, :mod:`loupgarou.bots.one_night.meter`; tests/bots/test_solver_threads.py).
        Each room has one request in its queue at a time (:meth:`_bots`), so the rooms
        take turns, and a room whose bots think for seconds holds one thread of several."""
        self._inline = False

    def window(self, name: str, seconds: float, limit: int) -> Window:
        """A rate limit named ``name`` (this process's own: one process holds every room)."""
        return Window(seconds, limit)

    # --- start-up and rebuilding --------------------------------------------------------------

    def load(self) -> int:
        """Rebuild every stored room from its log; return how many."""
        count = 0
        for code in list(self.storage.rooms()):
            live = self._rebuild(code)
            if live is not None:
                self.rooms[code] = live
                count += 1
        return count

    def _rebuild(self, code: str) -> LiveRoom | None:
        """Room ``code`` from its log (None: no log).  A log that no longer replays (a
        newer rule refuses an input, or a fault of ours fails on one) gives the room its
        inputs before that one: one room's log never stops the others from loading."""
        entries = self.storage.log(code)
        if not entries:
            return None
        room = Room(code)
        for number, entry in enumerate(entries):
            try:
                room.apply(entry)
            except LoupGarouError as exc:  # refused, nothing changed: keep what did
                log.error("room %s: input %d no longer applies: %s", code, number, exc.message)
                break
            except Exception:  # it may have half changed the room: replay up to it again
                log.exception("room %s: input %d fails", code, number)
                room = Room(code)
                for earlier in entries[:number]:
                    room.apply(earlier)
                break
        return LiveRoom(room, len(entries))

    def _reset(self, live: LiveRoom) -> None:
        """The room as its log has it, after a failure that may have left it half changed
        (every device's state may differ from what it was sent)."""
        rebuilt = self._rebuild(live.room.code)
        if rebuilt is not None:
            live.room, live.seq = rebuilt.room, rebuilt.seq
            live.room.changed = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Begin the clocks (deadlines passed while the server was down fall now)."""
        self.loop = loop
        for code in list(self.rooms):
            self._tick(code)
            self._bots(self.rooms[code])
        loop.call_later(60.0, self._expire_loop)

    # --- rooms --------------------------------------------------------------------------------

    def create(self, settings: Any, name: str | None) -> tuple[str, str]:
        """A new room; returns its code and the host's token."""
        token = new_token()
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code in self.rooms:
                continue
            entry = {
                "t": "create",
                "now": self.clock(),
                "settings": settings,
                "host": token_hash(token),
                "name": name,
            }
            room = Room(code)
            try:
                room.apply(entry)  # RoomError: refused, nothing stored
            except LoupGarouError:
                raise
            except Exception:  # a fault of ours: the room is dropped, nothing stored
                log.exception("a room could not be created")
                raise internal_error() from None
            try:
                self.storage.create(code, entry)
            except StorageError:
                continue  # another process took the code: draw again
            self.rooms[code] = LiveRoom(room, 1)
            return code, token
        raise RoomError("room.no_code", "no free room code was found; try again")

    def find(self, code: str) -> LiveRoom | None:
        return self.rooms.get(code.strip().upper())

    # --- what the transport awaits (a hub of several processes, server/cluster.py, may
    # fetch a room from the database first, or pass an input to the room's owner) --------

    async def open(self, code: str) -> LiveRoom | None:
        """Room ``code`` ready to serve a device or a request, or None if there is none."""
        return self.find(code)

    async def submit_input(self, live: LiveRoom, entry: dict[str, Any]) -> None:
        """A device's input: :meth:`submit` (:class:`RoomError` if refused)."""
        self.submit(live, entry)

    async def aclose(self) -> None:
        """The server is stopping."""

    def submit(self, live: LiveRoom, entry: dict[str, Any]) -> None:
        """Apply, store, then send (see the module docstring); :class:`RoomError` if refused."""
        entry["now"] = self.clock()
        try:
            live.room.apply(entry)
        except LoupGarouError:
            raise  # refused: the room changed nothing
        except Exception:
            log.exception("room %s: input %r failed", live.room.code, entry.get("t"))
            self._reset(live)
            raise internal_error() from None
        try:
            self.storage.append(live.room.code, live.seq, entry)
        except Exception:
            log.exception("room %s: input %d could not be stored", live.room.code, live.seq)
            self._reset(live)
            raise RoomError(STORAGE, "the server could not save that; try again") from None
        live.seq += 1
        live.stored()
        self.broadcast(live)
        self._schedule(live)
        self._bots(live)

    # --- devices ------------------------------------------------------------------------------

    def attach(self, live: LiveRoom, device: Device) -> None:
        live.devices.append(device)
        if shows_presence(live, device.token):
            live.room.changed = None  # every device shows who is connected
        self.broadcast(live)

    def detach(self, live: LiveRoom, device: Device) -> None:
        with contextlib.suppress(ValueError):
            live.devices.remove(device)
        if shows_presence(live, device.token):
            live.room.changed = None  # every device shows who is connected
            self.broadcast(live)

    def connected_seats(self, live: LiveRoom) -> set[int]:
        out = set()
        for d in live.devices:
            seat = live.room.lobby.seat_of(d.token)
            if seat is not None:
                out.add(seat)
        return out

    def broadcast(self, live: LiveRoom, *, force: Device | None = None) -> None:
        """Send each device of the room its state if it changed (``force``: send anyway)."""
        room = live.room
        now = self.clock()
        connected = self.connected_seats(live)
        bodies: list[tuple[Device, str]] = []
        changed = room.changed if force is None else None
        for device in list(live.devices):
            if changed is not None and room.lobby.seat_of(device.token) not in changed:
                continue  # the input changed nothing this device sees
            if room.lobby.role_of(device.token) is None:  # kicked: its token no longer works
                device.send(_error("auth.kicked", "you were removed from this room"))
                live.devices.remove(device)
                continue
            state = room.state_for(device.token, connected, now)
            del state["now"]  # the time is added below: it alone does not make a change
            bodies.append((device, dumps(state)))
        night = room.night_running()
        if night:
            self._night_size(live, bodies)
        stamp = f'{{"now":{now!r},"seq":{live.seq},'
        for device, body in bodies:
            if body == device.last and device is not force:
                continue
            device.last = body
            text = stamp + body[1:]
            if night and room.lobby.seat_of(device.token) is not None:
                text = _pad(text, live.night_size)
            device.send(text)

    def _night_size(self, live: LiveRoom, bodies: list[tuple[Device, str]]) -> None:
        """At the start of each call, the size every seat's night state is padded to."""
        game = live.room.game
        assert game is not None
        key = (live.room.games, game.night_start, game.call)
        if key == live.night_key and live.night_size:
            return
        live.night_key = key
        biggest = max((wire_size(b) + 60 for _, b in bodies), default=0)
        live.night_size = _round_up(biggest + NIGHT_MARGIN)

    # --- bots ---------------------------------------------------------------------------------

    def _bots(self, live: LiveRoom) -> None:
        """Have the room's bots think about what is asked of them; each answer comes back
        as an input of its own.  Without a loop (tests), they think at once."""
        if self.loop is None:
            if self._inline:
                return  # the outer call goes on until no bot has anything left to do
            self._inline = True
            try:
                while live.retry_at <= self.clock():  # (else the store failed: not now)
                    request = live.next_request()
                    if request is None:
                        break
                    live.thinking = (request.seat, request.key)
                    self._deliver(live, request, _think(live, request))
            finally:
                self._inline = False
            return
        if live.thinking is not None:
            return  # the room's next request is asked for once this one is answered
        wait = live.retry_at - self.clock()
        if wait > 0.0:  # an answer could not be stored a moment ago: ask again later
            if live.later is None:
                live.later = self.loop.call_later(wait, self._bots_later, live.room.code)
            return
        request = live.next_request()
        if request is None:
            return
        live.thinking = (request.seat, request.key)
        future = self.loop.run_in_executor(self.thinker, _think, live, request)
        future.add_done_callback(functools.partial(self._thought, live, request))

    def _bots_later(self, code: str) -> None:
        live = self.rooms.get(code)
        if live is not None:
            live.later = None
            self._bots(live)

    def _thought(self, live: LiveRoom, request: Any, future: Any) -> None:
        if self.rooms.get(live.room.code) is not live:
            return
        try:
            entry = future.result()
        except Exception:  # a bot that fails answers with the default, and we say so
            log.exception("room %s: the bot of seat %d failed", live.room.code, request.seat)
            entry = request.default_input()
        self._deliver(live, request, entry)

    def _deliver(self, live: LiveRoom, request: Any, entry: dict[str, Any]) -> None:
        """A bot's answer, as an input; then the room's next request."""
        error: RoomError | None = None
        try:
            self.submit(live, entry)
        except RoomError as exc:  # the question passed while the bot thought, or a failure
            error = exc
        finally:
            self._next_thought(live, error)

    def _next_thought(self, live: LiveRoom, error: RoomError | None) -> None:
        """The room's request is answered: think about the next one.  A request whose
        answer the room refused is not asked again while it stays open: its deadline's
        default answers it (:meth:`LiveRoom.answered`)."""
        self._answer_failed(live, error)
        live.answered(error)
        self._bots(live)

    def _answer_failed(self, live: LiveRoom, error: RoomError | None) -> None:
        """If a bot's answer could not be stored, the room's bots wait before they are
        asked again (:meth:`LiveRoom.failed`): asked at once, they would answer and fail
        as fast as they think, for as long as the store is down."""
        if error is not None and error.code == STORAGE:
            wait = live.failed(self.clock())
            log.error(
                "room %s: a bot's answer could not be stored; asking again in %g s",
                live.room.code,
                wait,
            )

    # --- clocks -------------------------------------------------------------------------------

    def _schedule(self, live: LiveRoom) -> None:
        if self.loop is None:
            return
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        deadline = live.room.next_deadline()
        if deadline is None:
            return
        delay = max(0.0, max(deadline, live.retry_at) - self.clock())
        code = live.room.code
        live.timer = self.loop.call_later(min(delay, 86400.0), self._tick, code)

    def _tick(self, code: str) -> None:
        live = self.rooms.get(code)
        if live is None:
            return
        live.timer = None
        deadline = live.room.next_deadline()
        if deadline is not None and deadline <= self.clock():
            try:
                self.submit(live, {"t": "tick"})
            except LoupGarouError as exc:
                self._tick_failed(live, exc)
        else:
            self._schedule(live)

    def _tick_failed(self, live: LiveRoom, exc: LoupGarouError) -> None:
        """The room's due deadline could not be applied (not stored, or a fault of ours,
        the room put back as its log has it): try it again later (:meth:`LiveRoom.failed`).
        Without this the room would wait for its next input, and a room whose every seat
        waits for the deadline would wait for ever."""
        wait = live.failed(self.clock())
        log.error(
            "room %s: a deadline could not be applied (%s: %s); trying again in %g s",
            live.room.code,
            exc.code,
            exc.message,
            wait,
        )
        self._schedule(live)

    def _expire_loop(self) -> None:
        assert self.loop is not None
        self.expire()
        self.loop.call_later(60.0, self._expire_loop)

    def expire(self) -> list[str]:
        """Forget rooms idle for longer than ``idle_seconds`` (in storage and in memory)."""
        codes = self.storage.expire(self.clock() - self.idle_seconds)
        for code in codes:
            live = self.rooms.pop(code, None)
            if live is None:
                continue
            for timer in (live.timer, live.later):
                if timer is not None:
                    timer.cancel()
            for device in live.devices:
                device.send(_error("room.expired", "this room was closed after a long idle time"))
        return codes


def shows_presence(live: LiveRoom, token: str) -> bool:
    """Whether the devices show that the device of ``token`` (a hash) came or went: in
    the lobby anyone's (its seats say who is connected), at any time the host's (while the
    host has no device connected, a player may take over as host; the cluster's presence
    messages follow the same rule by seats)."""
    return live.room.status == "lobby" or token == live.room.lobby.host


def _think(live: LiveRoom, request: Any) -> dict[str, Any]:
    """A bot's answer to ``request`` as an input (run in one of the bots' threads)."""
    game = live.room.game
    assert game is not None
    return game.bot_input(request)


def _round_up(size: int) -> int:
    return -(-size // NIGHT_QUANTUM) * NIGHT_QUANTUM


def _pad(text: str, size: int) -> str:
    """``text`` (a JSON object) with a ``pad`` field of spaces making it ``size`` bytes
    in UTF-8 (or the next multiple of the quantum, should it be larger: then the size
    tells that much)."""
    bare = wire_size(text) + len(',"pad":""')
    target = size if bare <= size else _round_up(bare)
    return text[:-1] + ',"pad":"' + " " * (target - bare) + '"}'


def _error(
    code: str, message: str, ref: object = None, data: Mapping[str, Any] | None = None
) -> str:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if data:
        out["data"] = dict(data)
    if ref is not None:
        out["ref"] = ref
    return json.dumps(out)


def error_message(
    code: str, message: str, ref: object = None, data: Mapping[str, Any] | None = None
) -> str:
    """An ``error`` message; ``data`` (when there is any) holds what the message speaks
    of, for a page to word it in its own language."""
    return _error(code, message, ref, data)
