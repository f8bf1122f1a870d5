"""The HTTP and WebSocket transport: Starlette routes around a :class:`Hub`.

Contract: this module turns requests and WebSocket messages into the hub's inputs and
the hub's states into messages (docs/protocol.md), and guards the door: message size
and rate, the origin of a WebSocket, room codes that cannot be guessed by trying, and
tokens (a device acts only with its own).  It holds no rule and no table logic.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import secrets
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

import segno
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from loupgarou.core.errors import LoupGarouError
from loupgarou.server.catalog import catalog
from loupgarou.server.hub import (
    INTERNAL,
    Device,
    Hub,
    LiveRoom,
    error_message,
    new_token,
    token_hash,
)
from loupgarou.server.limits import Window
from loupgarou.server.memory import Collector
from loupgarou.session.room import RoomError

MAX_MESSAGE: Final = 8 * 1024
RATE_PER_SECOND: Final = 20
RATE_PER_MINUTE: Final = 200
CODE_ATTEMPTS: Final = 10
"""Wrong room codes one address may try in a minute."""
HELLO_SECONDS: Final = 10.0
CREATE_PER_MINUTE: Final = 30
SERVER_FIELDS: Final = ("type", "id", "t", "by", "now", "seed", "host_away")
"""The fields of a stored lobby input that only the server writes: a device's are dropped."""


@dataclass(frozen=True, slots=True)
class ServerConfig:
    public_url: str | None = None
    """The address devices use (behind a reverse proxy); None: the request's own."""
    web_root: Path | None = None
    """Where the pages are (default: the package's ``web`` folder)."""
    rooms_per_minute: int = CREATE_PER_MINUTE
    """Rooms one address may create in a minute."""
    collector: bool = True
    """Whether the server paces the garbage collector (:mod:`loupgarou.server.memory`)."""


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client else "?"


def _web_root(config: ServerConfig) -> Path:
    if config.web_root is not None:
        return config.web_root
    return Path(str(resources.files("loupgarou") / "web"))


def create_app(hub: Hub, config: ServerConfig | None = None) -> Starlette:
    """The ASGI application serving ``hub``."""
    config = config or ServerConfig()
    web = _web_root(config)
    wrong_codes = hub.window("codes", 60.0, CODE_ATTEMPTS)
    creations = hub.window("creations", 60.0, config.rooms_per_minute)

    def err(
        status: int, code: str, message: str, data: Mapping[str, Any] | None = None
    ) -> JSONResponse:
        body: dict[str, Any] = {"code": code, "message": message}
        if data:
            body["data"] = dict(data)
        return JSONResponse({"error": body}, status_code=status)

    def base_url(request: Request) -> str:
        if config.public_url:
            return config.public_url.rstrip("/")
        return str(request.base_url).rstrip("/")

    async def home(request: Request) -> Response:
        return FileResponse(web / "index.html")

    async def room_page(request: Request) -> Response:
        return FileResponse(web / "room.html")

    async def health(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def get_catalog(request: Request) -> Response:
        return JSONResponse(catalog())

    async def create_room(request: Request) -> Response:
        if not await creations.allow(_client(request)):
            return err(
                429,
                "room.too_many",
                f"at most {config.rooms_per_minute} rooms a minute from one address; wait a minute",
            )
        body = await request.body()
        if len(body) > MAX_MESSAGE:
            return err(413, "proto.too_large", f"a request is at most {MAX_MESSAGE} bytes")
        try:
            data = json.loads(body or b"{}")
        except ValueError:
            return err(400, "proto.bad_json", "the request body must be JSON")
        if not isinstance(data, dict):
            return err(400, "proto.bad_json", "the request body must be a JSON object")
        try:
            code, token = hub.create(data.get("settings", {}), data.get("name"))
        except LoupGarouError as exc:
            return err(500 if exc.code == INTERNAL else 400, exc.code, exc.message, exc.data)
        return JSONResponse(
            {"code": code, "token": token, "url": f"{base_url(request)}/r/{code}"}, status_code=201
        )

    async def _room_for(request: Request) -> LiveRoom | Response:
        code = str(request.path_params["code"])
        live = await hub.open(code)
        if live is None:
            if not await wrong_codes.allow(_client(request)):
                return err(429, "room.too_many_attempts", "too many wrong codes; wait a minute")
            return err(404, "room.not_found", f"there is no room {code}")
        return live

    async def qr(request: Request) -> Response:
        live = await _room_for(request)
        if isinstance(live, Response):
            return live
        url = f"{base_url(request)}/r/{live.room.code}"
        out = io.BytesIO()
        segno.make(url, error="m").save(out, kind="svg", scale=8, border=2, xmldecl=False)
        return Response(out.getvalue(), media_type="image/svg+xml")

    async def _finished(request: Request) -> LiveRoom | Response:
        live = await _room_for(request)
        if isinstance(live, Response):
            return live
        token = request.query_params.get("token", "")
        if live.room.lobby.role_of(token_hash(token)) is None:
            return err(403, "auth.bad_token", "this token does not belong to this room")
        if not live.room.records:
            return err(409, "record.not_over", "no game of this room has ended yet")
        return live

    async def record(request: Request) -> Response:
        live = await _finished(request)
        if isinstance(live, Response):
            return live
        return JSONResponse(live.room.records[-1])

    async def verdict(request: Request) -> Response:
        live = await _finished(request)
        if isinstance(live, Response):
            return live
        return JSONResponse(live.room.verdict())

    async def ws(websocket: WebSocket) -> None:
        origin = websocket.headers.get("origin")
        if origin is not None and not _same_origin(origin, websocket, config):
            await websocket.close(code=4403)
            return
        await websocket.accept()
        session = _Connection(hub, websocket, wrong_codes)
        await session.run()

    routes = [
        Route("/", home),
        Route("/r/{code}", room_page),
        Route("/healthz", health),
        Route("/api/catalog", get_catalog),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{code}/qr.svg", qr),
        Route("/api/rooms/{code}/record", record),
        Route("/api/rooms/{code}/verdict", verdict),
        WebSocketRoute("/ws", ws),
    ]
    if web.is_dir():
        routes.append(Mount("/static", StaticFiles(directory=str(web)), name="static"))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        hub.start(loop)
        collector = Collector() if config.collector else None
        if collector is not None:
            collector.start(loop)
        yield
        if collector is not None:
            collector.stop()
        await hub.aclose()

    return Starlette(routes=routes, lifespan=lifespan)


def _same_origin(origin: str, websocket: WebSocket, config: ServerConfig) -> bool:
    allowed = {websocket.headers.get("host", "")}
    if config.public_url:
        allowed.add(urlsplit(config.public_url).netloc)
    return urlsplit(origin).netloc in allowed


class _Connection:
    """One device's WebSocket: the first message says who it is, then inputs flow."""

    def __init__(self, hub: Hub, websocket: WebSocket, wrong_codes: Window) -> None:
        self.hub = hub
        self.ws = websocket
        self.wrong_codes = wrong_codes
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.second = Window(1.0, RATE_PER_SECOND)
        self.minute = Window(60.0, RATE_PER_MINUTE)
        self.live: LiveRoom | None = None
        self.device: Device | None = None

    def send(self, text: str) -> None:
        self.out.put_nowait(text)

    async def _writer(self) -> None:
        while True:
            text = await self.out.get()
            if text is None:
                return
            await self.ws.send_text(text)

    async def run(self) -> None:
        writer = asyncio.create_task(self._writer())
        try:
            await self._serve()
        except WebSocketDisconnect:
            pass
        finally:
            if self.live is not None and self.device is not None:
                self.hub.detach(self.live, self.device)
            self.out.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer
            with contextlib.suppress(Exception):
                await self.ws.close()

    async def _receive(self) -> dict[str, Any] | None:
        """The next message, or None after an error was sent for it (too big, too fast,
        not JSON)."""
        text = await self.ws.receive_text()
        if len(text.encode()) > MAX_MESSAGE:
            self.send(error_message("proto.too_large", f"a message is at most {MAX_MESSAGE} bytes"))
            raise WebSocketDisconnect(1009)
        now = time.monotonic()
        if not (self.second.check("m", now) and self.minute.check("m", now)):
            self.send(error_message("proto.rate_limited", "too many messages; slow down"))
            return None
        try:
            message = json.loads(text)
        except ValueError:
            self.send(error_message("proto.bad_json", "a message must be a JSON object"))
            return None
        if not isinstance(message, dict):
            self.send(error_message("proto.bad_json", "a message must be a JSON object"))
            return None
        return message

    async def _serve(self) -> None:
        first: dict[str, Any] | None = None
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                while first is None:
                    first = await self._receive()
        except TimeoutError:
            self.send(
                error_message("proto.no_hello", "say who you are first (hello, join or watch)")
            )
            return
        if not await self._identify(first):
            return
        while True:
            message = await self._receive()
            if message is not None:
                await self._handle(message)

    async def _identify(self, m: dict[str, Any]) -> bool:
        kind = m.get("type")
        if m.get("v") != 1:
            self.send(
                error_message("proto.version", "this server speaks version 1 of the protocol")
            )
            return False
        if kind not in ("hello", "join", "watch"):
            self.send(
                error_message("proto.no_hello", "say who you are first (hello, join or watch)")
            )
            return False
        code = m.get("room")
        address = _client(self.ws)
        if not await self.wrong_codes.allow(address, count=False):
            self.send(
                error_message("room.too_many_attempts", "too many wrong codes; wait a minute")
            )
            return False
        live = await self.hub.open(code) if isinstance(code, str) else None
        if live is None:
            await self.wrong_codes.allow(address)
            self.send(error_message("room.not_found", f"there is no room {code}"))
            return False
        token: str
        try:
            if kind == "hello":
                given = m.get("token")
                if not isinstance(given, str) or live.room.lobby.role_of(token_hash(given)) is None:
                    self.send(
                        error_message("auth.bad_token", "this token does not belong to this room")
                    )
                    return False
                token = given
            else:
                token = new_token()
                entry: dict[str, Any] = {"t": kind, "token": token_hash(token)}
                if kind == "join":
                    entry["name"] = m.get("name")
                await self.hub.submit_input(live, entry)
        except RoomError as exc:
            self.send(error_message(exc.code, exc.message, m.get("id"), exc.data))
            return False
        hashed = token_hash(token)
        room = live.room
        self.send(
            json.dumps(
                {
                    "type": "welcome",
                    "v": 1,
                    "token": token,
                    "role": room.lobby.role_of(hashed),
                    "seat": room.lobby.seat_of(hashed),
                    "name": None
                    if room.lobby.seat_of(hashed) is None
                    else room.lobby.seats[room.lobby.seat_of(hashed) or 0].name,
                }
            )
        )
        self.live = live
        self.device = Device(self.send, hashed)
        self.hub.attach(live, self.device)
        self.hub.broadcast(live, force=self.device)
        return True

    async def _handle(self, m: dict[str, Any]) -> None:
        assert self.live is not None and self.device is not None
        kind = m.get("type")
        ref = m.get("id")
        if kind == "ping":
            self.send(json.dumps({"type": "pong", "now": self.hub.clock()}))
            return
        entry: dict[str, Any]
        if kind == "act":
            entry = {"t": "act", "task": m.get("task"), "action": m.get("action")}
        elif kind == "say":
            entry = {"t": "say", "text": m.get("text"), "claim": m.get("claim")}
        elif kind == "ready":
            entry = {"t": "ready"}
        elif kind == "answer":
            entry = {"t": "answer", "ask": m.get("ask"), "text": m.get("text")}
            for key in ("cards", "votes"):  # One Night's "who won?"
                if key in m:
                    entry[key] = m[key]
        elif kind == "skip":
            entry = {"t": "skip"}
        elif kind == "lobby":
            entry = {k: v for k, v in m.items() if k not in SERVER_FIELDS}
            entry["t"] = "lobby"
            if entry.get("op") == "start":
                entry["seed"] = secrets.randbits(48)
            elif entry.get("op") == "take_host":
                # the server says whether the host is away, and the log keeps what it said
                host = self.live.room.lobby.host_seat
                entry["host_away"] = host not in self.hub.connected_seats(self.live)
        else:
            self.send(error_message("proto.unknown_type", f"unknown message type '{kind}'", ref))
            return
        entry["by"] = self.device.token
        try:
            await self.hub.submit_input(self.live, entry)
        except RoomError as exc:
            self.send(error_message(exc.code, exc.message, ref, exc.data))
        except LoupGarouError as exc:
            self.send(error_message(exc.code, exc.message, ref, exc.data))
