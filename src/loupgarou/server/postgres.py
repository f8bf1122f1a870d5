"""Rooms kept in PostgreSQL, with the leases that say which server process owns a room.

Contract: :class:`PostgresStorage` is a :class:`~loupgarou.server.storage.Storage` (the
same log of inputs as SQLite: one row per input, keyed by ``(code, seq)``) that several
server processes share.  Its schema is created and upgraded by the versioned
:data:`MIGRATIONS`, applied in order under an advisory lock when a process starts.

When it is given an ``owner`` (the id of one server process), it also keeps the
*leases*: each room is owned by at most one process until its lease expires, by the
database's clock.  :meth:`PostgresStorage.append` is then *fenced*: the input is stored
only if this process holds the room's lease at that instant, in the same statement, so
an owner that lost its lease (it stalled, it was cut off) can no longer write; and the
``(code, seq)`` primary key refuses a second input at the same place, whoever sends it.
An append retried after the connection was cut is recognised: if the very same input
is already stored at that place, it succeeded the first time.

The calls are synchronous: the hub makes them on its event loop, one at a time.  A
connection that was closed under it (the server restarted, ``pg_terminate_backend``) is
opened again and the call made once more.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, TypeVar

import psycopg
from psycopg import errors as pg_errors

from loupgarou.server.storage import StorageError

log = logging.getLogger("loupgarou.server")

T = TypeVar("T")

MIGRATIONS: Final[tuple[tuple[int, str, str], ...]] = (
    (
        1,
        "rooms, their inputs, and the leases of server processes",
        """
        CREATE TABLE rooms (
            code TEXT PRIMARY KEY,
            created DOUBLE PRECISION NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            last_seq INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX rooms_updated ON rooms (updated);
        CREATE TABLE inputs (
            code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            entry TEXT NOT NULL,
            PRIMARY KEY (code, seq)
        );
        CREATE TABLE leases (
            code TEXT PRIMARY KEY REFERENCES rooms(code) ON DELETE CASCADE,
            owner TEXT NOT NULL,
            expires TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX leases_owner ON leases (owner);
        CREATE INDEX leases_expires ON leases (expires);
        """,
    ),
)
"""Every version of the schema: (version, what it does, SQL).  Append, never edit."""

SCHEMA_VERSION: Final = MIGRATIONS[-1][0]
_LOCK: Final = 0x6C6F7570  # the advisory lock taken while migrating ('loup')


class LeaseLost(StorageError):
    """This process does not hold the room's lease (any more): it may not write."""


def process_id() -> str:
    """A name for this server process, unique across machines and restarts."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def migrate(conn: psycopg.Connection[Any]) -> list[int]:
    """Bring the schema to :data:`SCHEMA_VERSION`; return the versions applied now.

    Several processes starting at once are serialised by an advisory lock; a database
    already at a newer version than this code knows is refused."""
    applied: list[int] = []
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        row = conn.execute("SELECT coalesce(max(version), 0) FROM schema_migrations").fetchone()
        current = int(row[0]) if row else 0
        if current > SCHEMA_VERSION:
            raise StorageError(
                f"the database holds schema version {current}; this server reads "
                f"{SCHEMA_VERSION} (upgrade loupgarou)"
            )
        for version, name, sql in MIGRATIONS:
            if version <= current:
                continue
            conn.execute(sql.encode())
            conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (version, name)
            )
            applied.append(version)
    return applied


_STORED: Final = "SELECT entry FROM inputs WHERE code = %s AND seq = %s"


def _append(
    code: str, seq: int, entry: Mapping[str, Any], owner: str | None
) -> tuple[str, dict[str, Any]]:
    """The one statement that appends an input (fenced by the lease when there is an
    owner) and marks the room touched: it writes one row, or none if not allowed."""
    args = {
        "code": code,
        "seq": seq,
        "entry": json.dumps(entry, sort_keys=True),
        "now": float(entry.get("now", 0.0)),
        "owner": owner,
    }
    if owner is None:
        source = "SELECT %(code)s, %(seq)s, %(entry)s"
    else:
        source = (
            "SELECT %(code)s, %(seq)s, %(entry)s FROM leases WHERE code = %(code)s"
            " AND owner = %(owner)s AND expires > clock_timestamp()"
        )
    sql = (
        f"WITH ins AS (INSERT INTO inputs (code, seq, entry) {source} RETURNING seq)"
        " UPDATE rooms SET updated = %(now)s, last_seq = ins.seq FROM ins"
        " WHERE rooms.code = %(code)s"
    )
    return sql, args


def _check_same(stored: Any, args: Mapping[str, Any], code: str, seq: int) -> None:
    if stored is None or json.loads(stored[0]) != json.loads(args["entry"]):
        raise StorageError(f"input {seq} of room {code} exists already")


def _check_written(written: int, code: str, owner: str | None) -> None:
    if written != 1:
        if owner is not None:
            raise LeaseLost(f"this process no longer holds the lease of room {code}")
        raise StorageError(f"there is no room {code}")


class _Refused(Exception):
    """One input of a batch may not be written: write them one by one instead."""


class AsyncAppender:
    """Fenced appends (as :meth:`PostgresStorage.append`) made asynchronously, so that a
    process waits for one room's commit (its flush to disk) without holding up its other
    rooms.  Group commit: the inputs that wait together (of different rooms) are written
    in one transaction, flushed to disk once; should any of them be refused, they are
    written one by one, each with its own answer."""

    def __init__(self, url: str, owner: str, *, connections: int = 4) -> None:
        self.url = url
        self.owner = owner
        self.free: asyncio.Queue[psycopg.AsyncConnection[Any] | None] = asyncio.Queue()
        for _ in range(connections):
            self.free.put_nowait(None)  # opened when first needed
        self.opened: list[psycopg.AsyncConnection[Any]] = []
        self.queue: list[tuple[str, int, Mapping[str, Any], asyncio.Future[None]]] = []
        self.wake = asyncio.Event()
        self.committer: asyncio.Task[None] | None = None
        self.failed: set[str] = set()
        """Rooms one of whose inputs could not be written: their later inputs are refused
        without writing (the log has no gap) until the caller has read the room back
        from its log and discards it from here."""

    async def append(self, code: str, seq: int, entry: Mapping[str, Any]) -> None:
        """Store it, durably, with whatever else is waiting (see the class docstring)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.append((code, seq, entry, future))
        self.wake.set()
        if self.committer is None or self.committer.done():
            self.committer = asyncio.get_running_loop().create_task(self._commit())
        await future

    async def _commit(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            batch, self.queue = self.queue, []
            if any(code in self.failed for code, *_ in batch) or len(batch) == 1:
                together = False
            else:
                try:
                    await self._together(batch)
                    together = True
                except (_Refused, psycopg.Error, StorageError):
                    together = False  # rolled back: one by one, each with its answer
            if together:
                for *_, future in batch:
                    if not future.done():
                        future.set_result(None)
                continue
            for item in batch:
                await self._one(*item)

    async def _together(
        self, batch: list[tuple[str, int, Mapping[str, Any], asyncio.Future[None]]]
    ) -> None:
        conn = await self.free.get()
        try:
            if conn is None or conn.closed:
                conn = await self._connect()
            async with conn.transaction():
                for code, seq, entry, _ in batch:
                    sql, args = _append(code, seq, entry, self.owner)
                    if (await conn.execute(sql, args)).rowcount != 1:
                        raise _Refused
        finally:
            if conn is not None and (conn.broken or conn.closed):
                conn = None
            self.free.put_nowait(conn)

    async def _one(
        self, code: str, seq: int, entry: Mapping[str, Any], future: asyncio.Future[None]
    ) -> None:
        try:
            if code in self.failed:
                raise StorageError(f"an earlier input of room {code} was not stored")
            await self._append_one(code, seq, entry)
        except Exception as exc:
            self.failed.add(code)
            if not future.done():
                future.set_exception(exc)
        else:
            if not future.done():
                future.set_result(None)

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        try:
            conn = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=3
            )
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {exc}".strip()) from None
        self.opened.append(conn)
        return conn

    async def _append_one(self, code: str, seq: int, entry: Mapping[str, Any]) -> None:
        sql, args = _append(code, seq, entry, self.owner)
        conn = await self.free.get()
        try:
            for attempt in (1, 2):
                if conn is None or conn.closed:
                    conn = await self._connect()
                try:
                    written = (await conn.execute(sql, args)).rowcount
                except pg_errors.UniqueViolation:
                    cursor = await conn.execute(_STORED, (code, seq))
                    _check_same(await cursor.fetchone(), args, code, seq)
                    return  # our own write, committed before the connection was cut
                except psycopg.OperationalError as exc:
                    if attempt == 2 or (not conn.broken and not conn.closed):
                        raise StorageError(f"PostgreSQL: {exc}".strip()) from None
                    log.warning("the connection to PostgreSQL was lost (%s); connecting again", exc)
                    await conn.close()
                    conn = None
                    continue
                _check_written(written, code, self.owner)
                return
        finally:
            self.free.put_nowait(conn)

    async def close(self) -> None:
        if self.committer is not None:
            self.committer.cancel()
        for conn in self.opened:
            with contextlib.suppress(Exception):
                await conn.close()


class PostgresStorage:
    """:class:`~loupgarou.server.storage.Storage` in PostgreSQL (see the module docstring).

    ``owner``: this process's id; with it, appends are fenced by the room's lease and
    the lease methods work.  ``lease_seconds``: how long a lease lasts unless renewed."""

    def __init__(
        self,
        url: str,
        *,
        owner: str | None = None,
        lease_seconds: float = 10.0,
        connect_timeout: float = 3.0,
    ) -> None:
        self.url = url
        self.owner = owner
        self.lease_seconds = lease_seconds
        self.connect_timeout = connect_timeout
        self.conn = self._connect()
        migrate(self.conn)

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(
                self.url, autocommit=True, connect_timeout=max(1, round(self.connect_timeout))
            )
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {exc}".strip()) from None

    def _run(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work`` on the connection; once more on a new connection if it was cut."""
        for attempt in (1, 2):
            if self.conn.closed:
                self.conn = self._connect()
            try:
                return work(self.conn)
            except psycopg.OperationalError as exc:
                if attempt == 2 or (not self.conn.broken and not self.conn.closed):
                    raise StorageError(f"PostgreSQL: {exc}".strip()) from None
                log.warning("the connection to PostgreSQL was lost (%s); connecting again", exc)
                self.conn.close()
        raise AssertionError("unreachable")

    # --- the log ------------------------------------------------------------------------------

    def create(self, code: str, entry: Mapping[str, Any]) -> None:
        now = float(entry.get("now", 0.0))
        text = json.dumps(entry, sort_keys=True)

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                conn.execute("INSERT INTO rooms VALUES (%s, %s, %s, 0)", (code, now, now))
                conn.execute("INSERT INTO inputs VALUES (%s, 0, %s)", (code, text))
                if self.owner is not None:
                    conn.execute(
                        "INSERT INTO leases VALUES (%s, %s,"
                        " clock_timestamp() + make_interval(secs => %s))",
                        (code, self.owner, self.lease_seconds),
                    )

        try:
            self._run(work)
        except pg_errors.UniqueViolation as exc:
            raise StorageError(f"room {code} exists already") from exc

    def append(self, code: str, seq: int, entry: Mapping[str, Any]) -> None:
        sql, args = _append(code, seq, entry, self.owner)

        def work(conn: psycopg.Connection[Any]) -> int:
            return conn.execute(sql, args).rowcount

        try:
            written = self._run(work)
        except pg_errors.UniqueViolation:
            stored = self._run(lambda conn: conn.execute(_STORED, (code, seq)).fetchone())
            _check_same(stored, args, code, seq)
            return  # our own write, committed before the connection was cut
        _check_written(written, code, self.owner)

    def log(self, code: str) -> list[dict[str, Any]]:
        return self.log_from(code, 0)

    def log_from(self, code: str, seq: int) -> list[dict[str, Any]]:
        """Room ``code``'s inputs from number ``seq`` on."""
        rows = self._run(
            lambda conn: conn.execute(
                "SELECT entry FROM inputs WHERE code = %s AND seq >= %s ORDER BY seq", (code, seq)
            ).fetchall()
        )
        return [json.loads(r[0]) for r in rows]

    def lengths(self, codes: Iterable[str]) -> dict[str, int]:
        """How many inputs each of these rooms has (rooms that are gone are left out)."""
        wanted = list(codes)
        if not wanted:
            return {}
        rows = self._run(
            lambda conn: conn.execute(
                "SELECT code, last_seq + 1 FROM rooms WHERE code = ANY(%s)", (wanted,)
            ).fetchall()
        )
        return {str(code): int(n) for code, n in rows}

    def rooms(self) -> Iterator[str]:
        rows = self._run(
            lambda conn: conn.execute("SELECT code FROM rooms ORDER BY created").fetchall()
        )
        for (code,) in rows:
            yield str(code)

    def expire(self, before: float) -> list[str]:
        rows = self._run(
            lambda conn: conn.execute(
                "DELETE FROM rooms WHERE updated < %s RETURNING code", (before,)
            ).fetchall()
        )
        return [str(r[0]) for r in rows]

    def close(self) -> None:
        self.conn.close()

    # --- leases -------------------------------------------------------------------------------

    def _me(self) -> str:
        if self.owner is None:
            raise StorageError("this storage was opened without an owner: it holds no lease")
        return self.owner

    def acquire(self, code: str) -> bool:
        """Take room ``code``'s lease if nobody holds it (or it expired); True if held now."""
        me = self._me()
        try:
            row = self._run(
                lambda conn: conn.execute(
                    "INSERT INTO leases VALUES (%s, %s,"
                    " clock_timestamp() + make_interval(secs => %s))"
                    " ON CONFLICT (code) DO UPDATE SET owner = EXCLUDED.owner,"
                    " expires = EXCLUDED.expires"
                    " WHERE leases.expires <= clock_timestamp() OR leases.owner = EXCLUDED.owner"
                    " RETURNING code",
                    (code, me, self.lease_seconds),
                ).fetchone()
            )
        except pg_errors.ForeignKeyViolation:
            return False  # no such room (any more)
        return row is not None

    def renew(self, codes: Iterable[str]) -> set[str]:
        """Extend the leases this process holds on ``codes``; return those still held."""
        me, wanted = self._me(), list(codes)
        if not wanted:
            return set()
        rows = self._run(
            lambda conn: conn.execute(
                "UPDATE leases SET expires = clock_timestamp() + make_interval(secs => %s)"
                " WHERE owner = %s AND code = ANY(%s) RETURNING code",
                (self.lease_seconds, me, wanted),
            ).fetchall()
        )
        return {str(r[0]) for r in rows}

    def claim_orphans(self, limit: int) -> list[str]:
        """Take up to ``limit`` rooms whose lease expired (their owner died or stalled)
        or that have none; return their codes."""
        me = self._me()

        def work(conn: psycopg.Connection[Any]) -> list[str]:
            with conn.transaction():
                taken = conn.execute(
                    "UPDATE leases SET owner = %s,"
                    " expires = clock_timestamp() + make_interval(secs => %s)"
                    " WHERE code IN (SELECT code FROM leases WHERE expires <= clock_timestamp()"
                    "  ORDER BY random() LIMIT %s FOR UPDATE SKIP LOCKED)"
                    " RETURNING code",
                    (me, self.lease_seconds, limit),
                ).fetchall()
                bare = conn.execute(
                    "INSERT INTO leases SELECT code, %s,"
                    " clock_timestamp() + make_interval(secs => %s) FROM rooms"
                    " WHERE NOT EXISTS (SELECT 1 FROM leases WHERE leases.code = rooms.code)"
                    " LIMIT %s ON CONFLICT (code) DO NOTHING RETURNING code",
                    (me, self.lease_seconds, limit),
                ).fetchall()
            return [str(r[0]) for r in [*taken, *bare]]

        return self._run(work)

    def release(self, codes: Iterable[str]) -> None:
        """Give these rooms' leases up at once (a clean shutdown): others take them over."""
        me, wanted = self._me(), list(codes)
        if wanted:
            self._run(
                lambda conn: conn.execute(
                    "UPDATE leases SET expires = clock_timestamp() - interval '1 second'"
                    " WHERE owner = %s AND code = ANY(%s)",
                    (me, wanted),
                )
            )

    def owner_of(self, code: str) -> str | None:
        """The process holding room ``code``'s lease now, if any."""
        row = self._run(
            lambda conn: conn.execute(
                "SELECT owner FROM leases WHERE code = %s AND expires > clock_timestamp()",
                (code,),
            ).fetchone()
        )
        return None if row is None else str(row[0])
