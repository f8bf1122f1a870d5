"""Where rooms are kept: each room's log of accepted inputs, in SQLite.

Contract: :class:`Storage` is the interface the server needs (create a room, append one
input in its own transaction, read a room's log back, list the rooms to resume, forget
idle rooms); :class:`SqliteStorage` implements it on the standard library's sqlite3 in
WAL mode.  An input is durable when :meth:`Storage.append` returns: the server sends
nothing an input caused before that.  The log is the room: nothing else is stored.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS inputs (
    code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
"""


class StorageError(Exception):
    """The store refused a write (a room code already taken, a sequence out of order)."""


class Storage(Protocol):
    def create(self, code: str, entry: Mapping[str, Any]) -> None:
        """Create room ``code`` with its first input; :class:`StorageError` if it exists."""

    def append(self, code: str, seq: int, entry: Mapping[str, Any]) -> None:
        """Append input number ``seq`` (1, 2 ... after the creation's 0), durably."""

    def log(self, code: str) -> list[dict[str, Any]]:
        """Room ``code``'s inputs in order (empty if there is no such room)."""

    def rooms(self) -> Iterator[str]:
        """Every room's code."""

    def expire(self, before: float) -> list[str]:
        """Forget the rooms untouched since ``before``; return their codes."""

    def close(self) -> None: ...


class SqliteStorage:
    """:class:`Storage` in one SQLite file (WAL, synchronous NORMAL: a commit survives a
    crash of the process; the last commits may be lost only if the machine itself fails)."""

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)
        row = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(row[0]) != SCHEMA_VERSION:
            raise StorageError(
                f"the data folder holds schema version {row[0]}; this server reads {SCHEMA_VERSION}"
            )

    def create(self, code: str, entry: Mapping[str, Any]) -> None:
        now = float(entry.get("now", 0.0))
        try:
            with self._transaction():
                self.db.execute("INSERT INTO rooms VALUES (?, ?, ?)", (code, now, now))
                self.db.execute(
                    "INSERT INTO inputs VALUES (?, 0, ?)", (code, json.dumps(entry, sort_keys=True))
                )
        except sqlite3.IntegrityError as exc:
            raise StorageError(f"room {code} exists already") from exc

    def append(self, code: str, seq: int, entry: Mapping[str, Any]) -> None:
        try:
            with self._transaction():
                self.db.execute(
                    "INSERT INTO inputs VALUES (?, ?, ?)",
                    (code, seq, json.dumps(entry, sort_keys=True)),
                )
                self.db.execute(
                    "UPDATE rooms SET updated=? WHERE code=?",
                    (float(entry.get("now", 0.0)), code),
                )
        except sqlite3.IntegrityError as exc:
            raise StorageError(f"input {seq} of room {code} exists already") from exc

    def log(self, code: str) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT entry FROM inputs WHERE code=? ORDER BY seq", (code,))
        return [json.loads(r[0]) for r in rows]

    def rooms(self) -> Iterator[str]:
        for (code,) in self.db.execute("SELECT code FROM rooms ORDER BY created").fetchall():
            yield str(code)

    def expire(self, before: float) -> list[str]:
        with self._transaction():
            codes = [
                str(r[0])
                for r in self.db.execute("SELECT code FROM rooms WHERE updated < ?", (before,))
            ]
            self.db.execute(
                "DELETE FROM inputs WHERE code IN (SELECT code FROM rooms WHERE updated < ?)",
                (before,),
            )
            self.db.execute("DELETE FROM rooms WHERE updated < ?", (before,))
        return codes

    def close(self) -> None:
        self.db.close()

    class _Tx:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def __enter__(self) -> None:
            self.db.execute("BEGIN IMMEDIATE")

        def __exit__(self, kind: object, value: object, tb: object) -> None:
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")

    def _transaction(self) -> SqliteStorage._Tx:
        return SqliteStorage._Tx(self.db)
