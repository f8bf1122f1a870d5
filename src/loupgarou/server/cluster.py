"""Several server processes sharing their rooms: PostgreSQL holds the records and the
leases, Redis carries the live traffic between the processes.

Contract: a :class:`ClusterHub` is a :class:`~loupgarou.server.hub.Hub` that a device may
reach through any process of the cluster.

- **One owner per room.**  A room is owned by the process holding its lease in
  PostgreSQL (:class:`~loupgarou.server.postgres.PostgresStorage`); the lease lasts
  ``lease_seconds`` and the owner renews it every third of that.  Only the owner applies
  inputs, runs the room's clocks and appends to the room's log, and the append is
  fenced by the lease: an owner that lost it cannot write, and the log's
  ``(code, seq)`` key refuses a second input at any place.  Rooms whose lease expired
  (their owner died or stalled) are claimed by the next process to sweep, which
  rebuilds them from their log and applies the deadlines that fell meanwhile.
- **Inputs reach the owner.**  A process serving a device of a room it does not own
  publishes the input on the room's input channel (``{prefix}:in:{code}``) with a
  request id; the owner applies it and answers on the sender's own channel
  (``{prefix}:proc:{id}``).  Nobody listening means nobody owns the room: the sender
  takes the lease itself if it is free, or retries for a few seconds.  The request id
  is stored with the input, so a retried input is never applied twice, even by an
  owner that took the room over in between.
- **States reach every device.**  Every process keeps, for each room one of its devices
  is in, a replica of the room (a room is a fold of its log, so the replica is exact):
  the owner publishes each input it stored on ``{prefix}:room:{code}`` with its place
  in the log, and each process applies it to its replica and sends its own devices
  their new states.  A gap in the places (a message lost while Redis was away) is
  filled from the log; every process also compares its replicas with the log's length
  every third of a lease, so a device is never left behind longer than that, with or
  without Redis.
- **Who is connected** is the union of every process's devices, published on the
  room's channel when it changes and again every third of a lease (so that a dead
  process's devices drop out).
- **The night's padding** (every seat's message of a call has one size) is decided by
  the owner from every seat's state, not from its own devices, and published with the
  input, so that devices on different processes get messages of one size.

- **Writes wait together.**  The owner applies an input and appends it through
  :class:`~loupgarou.server.postgres.AsyncAppender` (group commit); the room's next
  inputs may be applied meanwhile, and nothing of the room is sent to anyone until all
  its inputs applied are written.  A refused write fails the room's later ones without
  writing, and the room is read back from its log.

Nothing of a room is kept in Redis: it may restart at any time.  Everything runs on one
asyncio loop per process; creating a room, the leases and the sweeps are short
synchronous calls on the process's other connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from loupgarou.core.errors import LoupGarouError
from loupgarou.server.hub import (
    NIGHT_MARGIN,
    STORAGE,
    Device,
    Hub,
    LiveRoom,
    _error,
    _round_up,
    internal_error,
)
from loupgarou.server.limits import SharedWindow, Window
from loupgarou.server.postgres import AsyncAppender, LeaseLost, PostgresStorage
from loupgarou.session.encode import dumps, wire_size
from loupgarou.session.room import RoomError

log = logging.getLogger("loupgarou.server")

FORWARD_SECONDS: Final = 6.0
"""How long an input waits for its room's owner before the device is told to retry."""
CLAIMS_PER_SWEEP: Final = 200
REMEMBERED_REQUESTS: Final = 256
"""Request ids remembered per room, to answer a retried input without applying it again."""


class ClusterHub(Hub):
    """The rooms of one process of a cluster (see the module docstring)."""

    def __init__(
        self,
        storage: PostgresStorage,
        redis_url: str,
        *,
        prefix: str = "loupgarou",
        clock: Callable[[], float] = time.time,
        idle_seconds: float = 7 * 86400,
    ) -> None:
        super().__init__(storage, clock=clock, idle_seconds=idle_seconds)
        if storage.owner is None:
            raise ValueError("a cluster's storage needs this process's id as its owner")
        self.pg = storage
        self.me: str = storage.owner
        self.prefix = prefix
        self.period = storage.lease_seconds / 3
        self.redis = aioredis.Redis.from_url(
            redis_url, socket_connect_timeout=1.0, socket_timeout=5.0, retry_on_timeout=False
        )
        self.owned: set[str] = set()
        self.watched: set[str] = set()  # channels this process listens to
        self.redis_up = False
        self.pubsub: Any = None
        self.outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.done: dict[str, OrderedDict[str, int]] = {}  # room -> request id -> log length
        self.remote: dict[str, dict[str, tuple[frozenset[int], float]]] = {}
        self.shown: dict[str, frozenset[int]] = {}  # the seats we last said we hold
        self.nights: dict[str, tuple[list[Any], int]] = {}
        self.tasks: list[asyncio.Task[None]] = []
        self.closing = False
        self.appender = AsyncAppender(storage.url, self.me)
        self.pending: dict[str, list[Device]] = {}
        """Rooms whose last inputs are being committed, and devices that arrived meanwhile."""
        self.inflight: dict[str, int] = {}  # how many inputs of a room are being committed
        self.changes: dict[str, set[int] | None] = {}  # the seats they changed (None: all)

    # --- names --------------------------------------------------------------------------------

    def _room_channel(self, code: str) -> str:
        return f"{self.prefix}:room:{code}"

    def _input_channel(self, code: str) -> str:
        return f"{self.prefix}:in:{code}"

    @property
    def _my_channel(self) -> str:
        return f"{self.prefix}:proc:{self.me}"

    @property
    def _presence_channel(self) -> str:
        return f"{self.prefix}:presence"

    def window(self, name: str, seconds: float, limit: int) -> Window:
        """A rate limit every process of the cluster shares (in Redis, under the prefix)."""
        return SharedWindow(
            self.redis, f"{self.prefix}:rate:{name}", seconds, limit, up=lambda: self.redis_up
        )

    # --- start and stop -----------------------------------------------------------------------

    def load(self) -> int:
        """Rooms are claimed once the loop runs (their owners may still be alive)."""
        return 0

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        super().start(loop)
        self.watched |= {self._my_channel, self._presence_channel}
        self.tasks = [
            loop.create_task(self._listen()),
            loop.create_task(self._publisher()),
            loop.create_task(self._sweeper()),
        ]

    async def aclose(self) -> None:
        self.closing = True
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            self.pg.release(self.owned)  # the others take them over at once
        await self.appender.close()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # --- Redis: listening and publishing ------------------------------------------------------

    async def _listen(self) -> None:
        while not self.closing:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                subscribed = set(self.watched)
                await pubsub.subscribe(*sorted(subscribed))
                self.pubsub = pubsub
                if self.watched - subscribed:  # rooms opened meanwhile
                    await pubsub.subscribe(*sorted(self.watched - subscribed))
                if not self.redis_up:
                    self.redis_up = True
                    log.info("connected to Redis; catching up with the log")
                    self._sync_replicas()  # whatever was published while we were away
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        self._on_message(_text(message["channel"]), _text(message["data"]))
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                if self.redis_up:
                    log.warning("lost Redis (%s); retrying", exc)
                self.redis_up = False
            except Exception:  # a bug must not stop the listening
                log.exception("while listening to Redis")
            self.pubsub = None
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(0.2)

    def _watch(self, *channels: str) -> None:
        new = [c for c in channels if c not in self.watched]
        self.watched.update(new)
        if new and self.pubsub is not None and self.loop is not None:
            self._spawn(self.pubsub.subscribe(*new))

    def _unwatch(self, *channels: str) -> None:
        gone = [c for c in channels if c in self.watched]
        self.watched.difference_update(gone)
        if gone and self.pubsub is not None and self.loop is not None:
            self._spawn(self.pubsub.unsubscribe(*gone))

    def _spawn(self, work: Any) -> None:
        async def run() -> None:
            try:
                await work
            except (RedisError, OSError) as exc:  # the listener resubscribes on reconnection
                log.warning("Redis: %s", exc)

        assert self.loop is not None
        self.loop.create_task(run())

    def _publish(self, channel: str, message: dict[str, Any]) -> None:
        """Publish in order, after everything published before (fire and forget)."""
        if self.redis_up:
            self.outbox.put_nowait((channel, json.dumps(message, separators=(",", ":"))))

    async def _publisher(self) -> None:
        """Publish what waits, in order, all of it in one round trip (a pipeline)."""
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty() and len(batch) < 1000:
                batch.append(self.outbox.get_nowait())
            if not self.redis_up:
                continue  # the others catch up from the log
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except (RedisError, OSError) as exc:
                log.warning("could not publish to Redis: %s", exc)

    def _on_message(self, channel: str, text: str) -> None:
        message = json.loads(text)
        kind = message.get("k")
        if channel == self._my_channel:
            future = self.waiting.get(str(message.get("id")))
            if future is not None and not future.done():
                future.set_result(message)
            return
        if channel == self._presence_channel:
            self._on_presence_all(message)
            return
        _, _, code = channel.rpartition(":")
        if kind == "input":
            self._on_input(code, message)
        elif kind == "entry":
            self._on_entry(code, message)
        elif kind == "presence":
            self._on_presence(code, str(message["p"]), message["seats"])
        elif kind == "gone":
            self._forget(code, expired=True)

    # --- rooms: opening, owning, following ----------------------------------------------------

    async def open(self, code: str) -> LiveRoom | None:
        code = code.strip().upper()
        live = self.rooms.get(code)
        if live is not None:
            if code not in self.owned and self._catch_up(live):
                # a copy may lag behind by a message still on its way (a device that
                # just joined elsewhere comes back here): the log has it already
                self.broadcast(live)
            return live
        live = self._rebuild(code)
        if live is None:
            return None
        self._register(code, live)
        if self.pg.acquire(code):  # nobody held it: ours now
            self._own(code)
        return live

    def _register(self, code: str, live: LiveRoom) -> None:
        self.rooms[code] = live
        self._watch(self._room_channel(code))

    def _catch_up(self, live: LiveRoom) -> bool:
        """Apply what the log holds beyond the replica; True if anything was."""
        code = live.room.code
        entries = self.pg.log_from(code, live.seq)
        for entry in entries:
            try:
                live.room.apply(entry)
            except LoupGarouError:
                self._reset(live)
                return True
            live.seq += 1
            self._night_ready(live)  # see :meth:`_night_size`
        if entries:
            live.room.changed = None  # several inputs: look at every device
        return bool(entries)

    def _own(self, code: str) -> None:
        """This process now holds room ``code``'s lease: take the room over."""
        live = self.rooms.get(code)
        if live is None:
            live = self._rebuild(code)
            if live is None:
                return
            self._register(code, live)
        else:
            self._reset(live)  # memory may be ahead of the log if a write failed
        self.owned.add(code)
        self._remember_requests(code, self.pg.log(code))
        self._watch(self._input_channel(code))
        log.info("room %s: owned by %s from input %d", code, self.me, live.seq)
        self.broadcast(live)
        self._tick(code)  # deadlines that fell while nobody owned it apply now
        self._bots(live)

    def _demote(self, code: str) -> None:
        """This process lost room ``code``'s lease: keep following it, or forget it."""
        self.owned.discard(code)
        self._unwatch(self._input_channel(code))
        live = self.rooms.get(code)
        if live is None:
            return
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        self._reset(live)
        log.warning("room %s: lease lost by %s", code, self.me)
        if not live.devices:
            self._forget(code)
        else:
            self.broadcast(live)

    def _forget(self, code: str, *, expired: bool = False) -> None:
        live = self.rooms.pop(code, None)
        self.owned.discard(code)
        self._unwatch(self._room_channel(code), self._input_channel(code))
        for table in (self.done, self.remote, self.shown, self.nights):
            table.pop(code, None)
        if live is None:
            return
        if live.timer is not None:
            live.timer.cancel()
        if expired:
            for device in live.devices:
                device.send(_error("room.expired", "this room was closed after a long idle time"))

    def _remember_requests(self, code: str, entries: list[dict[str, Any]]) -> None:
        done: OrderedDict[str, int] = OrderedDict()
        for seq, entry in enumerate(entries):
            rid = entry.get("rid")
            if isinstance(rid, str):
                done[rid] = seq + 1
        while len(done) > REMEMBERED_REQUESTS:
            done.popitem(last=False)
        self.done[code] = done

    # --- inputs -------------------------------------------------------------------------------

    def create(self, settings: Any, name: str | None) -> tuple[str, str]:
        code, token = super().create(settings, name)  # the storage gave us its lease
        self.owned.add(code)
        self.done[code] = OrderedDict()
        self._watch(self._room_channel(code), self._input_channel(code))
        return code, token

    def submit(self, live: LiveRoom, entry: dict[str, Any]) -> None:
        """(The synchronous path of a single process is not used here: see
        :meth:`_store`.)"""
        raise RoomError("server.moved", "this room is served through the cluster; try again")

    async def _store(self, live: LiveRoom, entry: dict[str, Any], *, tick: bool = False) -> int:
        """The owner's apply, store, publish, then send; returns the log's length after
        it.  While its commit is flushed the process serves its other rooms, and nothing
        of this room is sent to anyone.  It runs to its end even if the device that sent
        the input goes away meanwhile."""
        assert self.loop is not None
        return await asyncio.shield(self.loop.create_task(self._store_now(live, entry, tick)))

    async def _store_now(self, live: LiveRoom, entry: dict[str, Any], tick: bool) -> int:
        code = live.room.code
        if code not in self.owned or self.rooms.get(code) is not live:
            raise RoomError("server.moved", "this room is served by another process")
        if code in self.appender.failed:  # a write of this room failed: wait for the reset
            raise RoomError(STORAGE, "the server could not save that; try again")
        rid = entry.get("rid")
        done = self.done.setdefault(code, OrderedDict())
        known = done.get(rid) if isinstance(rid, str) else None
        if known is not None:
            return known  # a retry of an input stored already
        entry["now"] = now = self.clock()
        if tick:
            deadline = live.room.next_deadline()
            if deadline is None or deadline > now:  # answered meanwhile
                self._schedule(live)
                return live.seq
        try:
            live.room.apply(entry)  # RoomError: refused, nothing changed
        except LoupGarouError:
            raise
        except Exception:  # a fault of ours: back to the log, once the writes in flight end
            log.exception("room %s: input %r failed", code, entry.get("t"))
            if code in self.inflight:
                # as when a write fails: the inputs still queued are refused (their devices
                # try again), and :meth:`_settle` reads the room back from its log
                self.appender.failed.add(code)
            else:
                self._reset(live)
            raise internal_error() from None
        changed = live.room.changed
        if code not in self.changes:
            self.changes[code] = None if changed is None else set(changed)
        elif (so_far := self.changes[code]) is not None:
            self.changes[code] = None if changed is None else so_far | changed
        # The room's next inputs may be applied while this one is committed (they are
        # written after it, in order); nothing of the room is sent until all are.
        seq = live.seq
        live.seq += 1
        if isinstance(rid, str):
            done[rid] = seq + 1
            if len(done) > REMEMBERED_REQUESTS:
                done.popitem(last=False)
        self.pending.setdefault(code, [])
        self.inflight[code] = self.inflight.get(code, 0) + 1
        self._night_ready(live)  # the night's size, published with the input
        failure: Exception | None = None
        try:
            await self.appender.append(code, seq, entry)
        except Exception as exc:
            failure = exc
        self.inflight[code] -= 1
        if failure is None:
            live.stored()
            self._publish(
                self._room_channel(code),
                {"k": "entry", "seq": seq, "entry": entry, "night": self.nights.get(code)},
            )
        if self.inflight[code] == 0:
            del self.inflight[code]
            self._settle(live)
        if failure is None:
            return seq + 1
        if isinstance(failure, LeaseLost):
            raise RoomError(
                "server.moved", "this room moved to another server process; try again"
            ) from None
        log.error("room %s: input %d could not be stored: %s", code, seq, failure)
        raise RoomError(STORAGE, "the server could not save that; try again") from None

    def _settle(self, live: LiveRoom) -> None:
        """Every input of the room is written (or refused): send the states, or go back
        to the log if a write failed."""
        code = live.room.code
        held_back = self.pending.pop(code, [])
        changed = self.changes.pop(code, None)
        if code in self.appender.failed:
            self.appender.failed.discard(code)
            self._reset(live)
            self._remember_requests(code, self.pg.log(code))  # only what was stored
            if self.pg.owner_of(code) != self.me:
                self._demote(code)
                return
            live.room.changed = None
        else:
            live.room.changed = changed  # the seats any of these inputs may have changed
        self.broadcast(live)
        for device in held_back:
            self.broadcast(live, force=device)
        self._schedule(live)
        self._bots(live)  # the owner's bots think about what is asked of them now

    def _deliver(self, live: LiveRoom, request: Any, entry: dict[str, Any]) -> None:
        """A bot's answer: an input of the owner's, stored as any other."""
        if live.room.code in self.owned and self.loop is not None:
            self.loop.create_task(self._deliver_now(live, entry))
        else:
            live.answered(None)  # the room's new owner asks its own bots

    async def _deliver_now(self, live: LiveRoom, entry: dict[str, Any]) -> None:
        error: RoomError | None = None
        try:
            await self._store(live, entry)
        except RoomError as exc:  # the question passed while the bot thought, or a failure
            error = exc
        finally:
            self._next_thought(live, error)

    def _next_thought(self, live: LiveRoom, error: RoomError | None) -> None:
        """As the hub's, but the bots think only about what is written: while inputs of
        the room are being committed, :meth:`_settle` asks them once they are."""
        self._answer_failed(live, error)
        live.answered(error)
        code = live.room.code
        if code in self.owned and code not in self.inflight:
            self._bots(live)

    def _night_ready(self, live: LiveRoom) -> None:
        if live.room.night_running():
            self._night_size(live, [])

    def broadcast(self, live: LiveRoom, *, force: Device | None = None) -> None:
        held_back = self.pending.get(live.room.code)
        if held_back is not None:  # memory is ahead of the log: wait for the commit
            if force is not None:
                held_back.append(force)
            return
        super().broadcast(live, force=force)

    async def submit_input(self, live: LiveRoom, entry: dict[str, Any]) -> None:
        """Apply it here if this process owns the room, else have the owner apply it."""
        assert self.loop is not None
        code = live.room.code
        entry["rid"] = uuid.uuid4().hex
        end = self.loop.time() + FORWARD_SECONDS
        while True:
            if code in self.owned and code in self.rooms:
                try:
                    await self._store(self.rooms[code], entry)
                    return
                except RoomError as exc:
                    if exc.code != "server.moved":
                        raise
            else:
                reply = await self._forward(code, entry, end)
                if reply is not None:
                    if "error" in reply:
                        error_code, message, *data = reply["error"]
                        if error_code != "server.moved":
                            raise RoomError(error_code, message, data[0] if data else None)
                    else:
                        self._reach(live, int(reply["seq"]))
                        return
            if self.loop.time() >= end:
                raise RoomError(
                    "server.unavailable",
                    "the server process of this room cannot be reached; try again in a moment",
                )
            await asyncio.sleep(0.1)

    async def _forward(self, code: str, entry: dict[str, Any], end: float) -> dict[str, Any] | None:
        """Send the input to the owner and wait for its answer (None: none came)."""
        assert self.loop is not None
        rid = str(entry["rid"])
        future: asyncio.Future[dict[str, Any]] = self.loop.create_future()
        self.waiting[rid] = future
        try:
            listeners = 0
            if self.redis_up:
                with contextlib.suppress(RedisError, OSError):
                    text = json.dumps({"k": "input", "from": self.me, "entry": entry})
                    listeners = int(await self.redis.publish(self._input_channel(code), text))
            if listeners == 0:
                # nobody listens for the room: take it if its lease is free
                if code not in self.owned and self.pg.acquire(code):
                    self._own(code)
                return None
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(future, max(0.1, min(3.0, end - self.loop.time())))
            log.warning("room %s: no answer from its owner; sending the input again", code)
            return None
        finally:
            self.waiting.pop(rid, None)

    def _reach(self, live: LiveRoom, seq: int) -> None:
        """The owner stored an input at ``seq - 1``: bring the replica that far."""
        code = live.room.code
        here = self.rooms.get(code)
        if here is None:  # not followed any more (no device): a fresh copy
            self._register(code, live)
            here = live
        if here.seq < seq and self._catch_up(here):
            self.broadcast(here)

    def _on_input(self, code: str, message: dict[str, Any]) -> None:
        live = self.rooms.get(code)
        if code not in self.owned or live is None:
            return  # not ours (any more): the sender retries
        entry = message.get("entry")
        sender = message.get("from")
        if not isinstance(entry, dict) or not isinstance(sender, str):
            return
        assert self.loop is not None
        self.loop.create_task(self._answer(live, entry, sender))

    async def _answer(self, live: LiveRoom, entry: dict[str, Any], sender: str) -> None:
        """Apply an input another process passed on, and tell it how that went."""
        reply: dict[str, Any] = {"k": "reply", "id": str(entry.get("rid"))}
        try:
            reply["seq"] = await self._store(live, entry)
        except LoupGarouError as exc:
            reply["error"] = [exc.code, exc.message, exc.data]
        self._publish(f"{self.prefix}:proc:{sender}", reply)

    def _on_entry(self, code: str, message: dict[str, Any]) -> None:
        live = self.rooms.get(code)
        if live is None or code in self.owned:
            return
        seq = int(message["seq"])
        if seq < live.seq:
            return  # known already (and its night's size with it: it may be an older call's)
        night = message.get("night")
        if night is not None:
            self.nights[code] = (list(night[0]), int(night[1]))
        if seq > live.seq:
            self._catch_up(live)  # a gap: read the log
        else:
            try:
                live.room.apply(message["entry"])
                live.seq += 1
                self._night_ready(live)  # see :meth:`_night_size`
            except LoupGarouError:
                self._reset(live)
        self.broadcast(live)

    # --- clocks: only the owner's run ---------------------------------------------------------

    def _schedule(self, live: LiveRoom) -> None:
        if live.room.code in self.owned:
            super()._schedule(live)

    def _tick(self, code: str) -> None:
        live = self.rooms.get(code)
        if code not in self.owned or live is None or self.loop is None:
            return
        live.timer = None
        deadline = live.room.next_deadline()
        if deadline is not None and deadline <= self.clock():
            self.loop.create_task(self._tick_now(live))
        else:
            self._schedule(live)

    async def _tick_now(self, live: LiveRoom) -> None:
        try:
            await self._store(live, {"t": "tick"}, tick=True)
        except LoupGarouError as exc:
            if exc.code != "server.moved":  # else the room's new owner applies it
                self._tick_failed(live, exc)

    async def _sweeper(self) -> None:
        """Every third of a lease: renew ours, claim orphans, catch replicas up, say who
        is connected here, forget rooms nobody here needs."""
        while True:
            await asyncio.sleep(self.period)
            try:
                self._sweep()
            except Exception:
                log.exception("the lease sweep failed; trying again")

    def _sweep(self) -> None:
        if self.owned:
            held = self.pg.renew(self.owned)
            for code in sorted(self.owned - held - set(self.pending)):
                self._demote(code)  # (a room whose write is on its way learns it from that)
        for code in self.pg.claim_orphans(CLAIMS_PER_SWEEP):
            if code not in self.owned:
                self._own(code)
        self._sync_replicas()
        for code, live in list(self.rooms.items()):
            if code not in self.owned and not live.devices:
                self._forget(code)
        self._expire_presence()
        mine = {code: sorted(self._local_seats(live)) for code, live in self.rooms.items()}
        self._publish(self._presence_channel, {"p": self.me, "rooms": mine})

    def _sync_replicas(self) -> None:
        followed = [code for code in self.rooms if code not in self.owned]
        if not followed:
            return
        lengths = self.pg.lengths(followed)
        for code in followed:
            live = self.rooms.get(code)
            if live is None:
                continue
            if code not in lengths:
                self._forget(code, expired=True)
            elif lengths[code] > live.seq and self._catch_up(live):
                self.broadcast(live)

    def expire(self) -> list[str]:
        codes = super().expire()
        for code in codes:
            self._publish(self._room_channel(code), {"k": "gone"})
            self._forget(code)
        return codes

    # --- who is connected ---------------------------------------------------------------------

    def _local_seats(self, live: LiveRoom) -> frozenset[int]:
        return frozenset(super().connected_seats(live))

    def connected_seats(self, live: LiveRoom) -> set[int]:
        seats = set(self._local_seats(live))
        for others, _ in self.remote.get(live.room.code, {}).values():
            seats |= others
        return seats

    def attach(self, live: LiveRoom, device: Device) -> None:
        code = live.room.code
        if self.rooms.get(code) is not live:  # forgotten while the device was joining
            self.rooms[code] = live
            self._watch(self._room_channel(code))
            self._catch_up(live)
        super().attach(live, device)
        self._tell_presence(live)

    def detach(self, live: LiveRoom, device: Device) -> None:
        super().detach(live, device)
        self._tell_presence(live)

    def _tell_presence(self, live: LiveRoom) -> None:
        code = live.room.code
        seats = self._local_seats(live)
        if self.shown.get(code, frozenset()) != seats:
            self.shown[code] = seats
            self._publish(
                self._room_channel(code), {"k": "presence", "p": self.me, "seats": sorted(seats)}
            )

    def _on_presence(self, code: str, process: str, seats: list[int]) -> None:
        if process == self.me:
            return
        live = self.rooms.get(code)
        if live is None:
            return
        table = self.remote.setdefault(code, {})
        before = table.get(process, (frozenset(), 0.0))[0]
        table[process] = (frozenset(seats), time.monotonic())
        moved = before ^ table[process][0]
        host = live.room.lobby.host_seat
        if moved and (live.room.status == "lobby" or host in moved):
            live.room.changed = None  # who is connected: every device shows it (shows_presence)
            self.broadcast(live)

    def _on_presence_all(self, message: dict[str, Any]) -> None:
        process = str(message.get("p"))
        rooms = message.get("rooms")
        if process == self.me or not isinstance(rooms, dict):
            return
        for code in self.rooms:
            self._on_presence(code, process, list(rooms.get(code, [])))

    def _expire_presence(self) -> None:
        old = time.monotonic() - 3.5 * self.period
        for table in self.remote.values():
            for process in [p for p, (_, when) in table.items() if when < old]:
                del table[process]

    # --- the night's size, the same on every process ------------------------------------------

    def _night_size(self, live: LiveRoom, bodies: list[tuple[Device, str]]) -> None:
        """The size of a call's night states, the same on every process: the owner works
        it out from every seat's state at the input that opened the call and publishes it
        with the input; a replica takes it from there, or works it out the same way at the
        same input (it does so after each input it applies), never later in the call,
        when the states may have grown past the next size."""
        room = live.room
        game = room.game
        assert game is not None
        key = json.loads(json.dumps([room.games, game.night_start, game.call]))
        code = room.code
        published = self.nights.get(code)
        if published is not None and published[0] == key:  # the owner's, for this call
            live.night_key, live.night_size = tuple(key), published[1]
            return
        if key == list(live.night_key) and live.night_size:
            return
        everyone = set(range(len(room.lobby.seats)))
        biggest = 0
        for seat in room.lobby.seats:
            if seat.token is None:
                continue
            state = room.state_for(seat.token, everyone, 0.0)
            del state["now"]
            # + the time and place added to each state, + "connected" false for some seats
            biggest = max(biggest, wire_size(dumps(state)) + 60 + 8 * len(room.lobby.seats))
        live.night_key = tuple(key)
        live.night_size = _round_up(biggest + NIGHT_MARGIN)
        self.nights[code] = (key, live.night_size)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
