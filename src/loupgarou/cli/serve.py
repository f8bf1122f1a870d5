"""``loupgarou serve``: the game master for phones, on this machine's network.

Starts the server (docs/server.md) on an embedded default: one process, SQLite in a
data folder.  It prints the address to open and a QR code of it in the terminal; by
default it listens on every interface, so phones on the same network can reach it, and
the address shown is this machine's address on that network (``--host 127.0.0.1``
keeps it to this machine).
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path
from typing import Any

from loupgarou.core.errors import LoupGarouError

SWITCH_INTERVAL = 0.001
"""How long the event loop waits for the interpreter lock while a bot thinks in its own
thread before CPython makes the bot hand it over (``sys.setswitchinterval``; CPython's
default is 5 ms).  A request takes the lock several times, so the default could add tens of
milliseconds to a request while a bot thought.  Measured, compiled, a ten-player *Revenants*
table with nine sensible bots, three games each: nine HTTP requests in ten took at most
46 to 57 ms (p99: 85 to 91) with 5 ms, and at most 20 to 25 ms (p99: 43 to 55) with 1 ms.
A bots' thread hands the lock over only when another thread asks for it."""


class ServeError(LoupGarouError):
    pass


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number, not '{text}'") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port lies between 1 and 65535")
    return value


def _hours(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number of hours, not '{text}'") from None
    if not 0.01 <= value <= 24 * 365:
        raise argparse.ArgumentTypeError("between 0.01 hour and a year (8760 hours)")
    return value


def _rate(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not '{text}'") from None
    if not 1 <= value <= 100_000:
        raise argparse.ArgumentTypeError("between 1 and 100000")
    return value


def _lease(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number of seconds, not '{text}'") from None
    if not 1.0 <= value <= 600.0:
        raise argparse.ArgumentTypeError("between 1 and 600 seconds")
    return value


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="serve rooms to phones and browsers (the app at the table)",
        description="Serve the game to phones: create a room in a browser, join by code, "
        "link or QR code, play with cards on phones or narrate a table with real cards.",
    )
    p.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default: every "
        "interface, so phones on this network can connect; 127.0.0.1: this machine only)",
    )
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument(
        "--data", default="loupgarou-data", help="data folder (SQLite; default ./loupgarou-data)"
    )
    p.add_argument(
        "--public-url",
        default=None,
        help="the address devices use, when behind a "
        "reverse proxy (e.g. https://wolves.example.org)",
    )
    p.add_argument(
        "--idle-hours",
        type=_hours,
        default=24 * 7,
        help="forget rooms untouched for this long (default 168: a week)",
    )
    p.add_argument(
        "--rooms-per-minute",
        type=_rate,
        default=30,
        help="rooms one address may create in a minute (default 30)",
    )
    p.add_argument(
        "--database-url",
        default=os.environ.get("LOUPGAROU_DATABASE_URL") or None,
        help="PostgreSQL instead of SQLite, e.g. postgresql://user@db.example.org/loupgarou "
        "(env LOUPGAROU_DATABASE_URL); see docs/deploy.md",
    )
    p.add_argument(
        "--redis-url",
        default=os.environ.get("LOUPGAROU_REDIS_URL") or None,
        help="Redis, to run several processes on one PostgreSQL database behind a load "
        "balancer, e.g. redis://127.0.0.1:6379/0 (env LOUPGAROU_REDIS_URL)",
    )
    p.add_argument(
        "--redis-prefix",
        default=os.environ.get("LOUPGAROU_REDIS_PREFIX") or "loupgarou",
        help="prefix of this service's Redis channels (env LOUPGAROU_REDIS_PREFIX)",
    )
    p.add_argument(
        "--lease-seconds",
        type=_lease,
        default=float(os.environ.get("LOUPGAROU_LEASE_SECONDS") or 10.0),
        help="how long a process owns a room without renewing it: the longest a room "
        "waits when its process dies (default 10; env LOUPGAROU_LEASE_SECONDS)",
    )
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    p.set_defaults(func=handle)


def lan_address() -> str:
    """This machine's address on its local network (no packet is sent: a UDP socket is
    only pointed at a documentation-range address to learn which interface would be
    used); 127.0.0.1 when there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))
            address = str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"
    return address


def shown_url(host: str, port: int, public_url: str | None) -> str:
    if public_url:
        return public_url.rstrip("/")
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def handle(args: argparse.Namespace) -> int:
    import segno
    import uvicorn

    from loupgarou.server.app import ServerConfig, create_app
    from loupgarou.server.hub import Hub
    from loupgarou.server.storage import SqliteStorage, StorageError

    data = Path(args.data)
    hub: Hub
    if args.database_url or args.redis_url:
        hub = _shared_hub(args)
        where = "PostgreSQL" + (" and Redis (one of several processes)" if args.redis_url else "")
    else:
        try:
            storage = SqliteStorage(data / "rooms.sqlite3")
        except (OSError, StorageError) as exc:
            raise ServeError("serve.data", f"cannot use the data folder {data}: {exc}") from None
        hub = Hub(storage, idle_seconds=args.idle_hours * 3600)
        where = f"{data}/"
    resumed = hub.load()
    url = shown_url(args.host, args.port, args.public_url)
    print(f"loupgarou is serving on {url}")
    print(f"  open it on a phone or a browser of this network; data in {where}")
    if resumed:
        print(f"  {resumed} room(s) resumed from the data folder")
    if args.host in ("0.0.0.0", "::"):
        print("  (listening on every interface; --host 127.0.0.1 keeps it to this machine)")
    if not args.no_qr:
        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    app = create_app(
        hub, ServerConfig(public_url=args.public_url, rooms_per_minute=args.rooms_per_minute)
    )
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            log_level="warning",
            ws="websockets-sansio",
            ws_max_size=8 * 1024,
            ws_per_message_deflate=False,
            lifespan="on",
            # several processes: a stopping one gives its rooms back within seconds
            timeout_graceful_shutdown=5 if args.redis_url else None,
        )
    except OSError as exc:
        raise ServeError(
            "serve.listen", f"cannot listen on {args.host}:{args.port}: {exc}"
        ) from None
    return 0


def _shared_hub(args: argparse.Namespace) -> Any:
    """The hub on PostgreSQL: alone, or one process of several with Redis (docs/deploy.md)."""
    if not args.database_url:
        raise ServeError(
            "serve.config", "--redis-url needs --database-url: the processes share PostgreSQL"
        )
    try:
        from loupgarou.server.postgres import PostgresStorage, process_id
        from loupgarou.server.storage import StorageError
    except ImportError as exc:
        raise ServeError(
            "serve.config",
            f"PostgreSQL needs the 'scale' extra (pip install 'loupgarou[scale]'): {exc}",
        ) from None
    owner = process_id() if args.redis_url else None
    try:
        storage = PostgresStorage(args.database_url, owner=owner, lease_seconds=args.lease_seconds)
    except StorageError as exc:
        raise ServeError("serve.database", str(exc)) from None
    idle = args.idle_hours * 3600
    if not args.redis_url:
        from loupgarou.server.hub import Hub

        return Hub(storage, idle_seconds=idle)
    from loupgarou.server.cluster import ClusterHub

    return ClusterHub(storage, args.redis_url, prefix=args.redis_prefix, idle_seconds=idle)
