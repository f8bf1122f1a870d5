"""A room's lobby: who sits where, who hosts, who watches, and how the game is set.

Contract: a :class:`Lobby` holds a room's settings, its seats, its host, its narrator and
its spectators, and answers who the hash of a token is (:meth:`Lobby.seat_of`,
:meth:`Lobby.role_of`).  It changes only through its operations (:meth:`Lobby.create`,
:meth:`Lobby.join`, :meth:`Lobby.watch`, :meth:`Lobby.change`, :meth:`Lobby.take_host`),
which the room's fold (:class:`~loupgarou.session.room.Room`) calls with the input it
applies, once it has checked what only the room knows (its status, who the host is).
Each operation checks the input and raises :class:`RoomError` (a stable code, a message a
person can act on; :meth:`Lobby.create` also lets the settings' own errors through) before
it changes anything.  :meth:`Lobby.problems` says why a game cannot start,
:meth:`Lobby.warnings` what is odd about the table it would be dealt.

Nothing here is random or timed, and no token enters: only their hashes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from loupgarou.core.errors import LoupGarouError
from loupgarou.core.events import JSON
from loupgarou.core.names import name_problem
from loupgarou.session.settings import BOT_LEVELS, Settings, check_table, parse_settings, spec

NAME_LIMIT: Final = 24
SPECTATOR_LIMIT: Final = 200


class RoomError(LoupGarouError):
    """An input the room refuses; nothing changed."""


@dataclass(slots=True)
class Seat:
    name: str | None = None
    kind: str = "empty"  # "human" | "bot" | "empty"
    token: str | None = None  # the hash of the seat's token
    level: str | None = None

    def to_json(self, seat: int, connected: bool) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "seat": seat,
            "name": self.name,
            "kind": self.kind,
            "connected": connected or self.kind == "bot",
        }
        if self.kind == "bot":
            out["level"] = self.level
        return out


def check_name(name: JSON) -> str:
    """A player's name: the engine's rule (:mod:`loupgarou.core.names`: printable, one
    line, no control, format or direction characters), spaces folded, and short enough
    for a phone's screen (24 characters)."""
    if not isinstance(name, str):
        raise RoomError("name.bad", "a name is text")
    clean = " ".join(name.split())
    if not clean:
        raise RoomError("name.empty", "give a name of at least one letter")
    if len(clean) > NAME_LIMIT:
        raise RoomError(
            "name.too_long", f"a name has at most {NAME_LIMIT} characters", {"max": NAME_LIMIT}
        )
    problem = name_problem(clean)
    if problem is not None:
        raise RoomError("name.bad", f"that name cannot be used: {problem}")
    return clean


def _parsed(value: JSON) -> Settings:
    """:func:`parse_settings`, its refusals (the settings' own codes and the engine's
    ``setup.*``) raised as :class:`RoomError`, as every refusal of a room is."""
    try:
        return parse_settings(value)
    except LoupGarouError as exc:
        raise RoomError(exc.code, exc.message, exc.data) from None


def _notice(code: str, message: str, data: Mapping[str, JSON]) -> dict[str, JSON]:
    """A lobby's problem or warning: its code, its English message and, when it has any,
    the data a page words it with (see docs/protocol.md)."""
    out: dict[str, JSON] = {"code": code, "message": message}
    if data:
        out["data"] = dict(data)
    return out


class Lobby:
    """A room's seats, settings and people (see the module docstring)."""

    def __init__(self) -> None:
        self.settings = Settings()
        self.seats: list[Seat] = []
        self.host: str | None = None  # the hash of the host's token
        self.narrator: str | None = None  # narrated rooms: the host's hash
        self.spectators: set[str] = set()
        self._seat_index: dict[str, int] | None = None
        """Token -> seat, built when asked and dropped by every operation that may move
        a seat (a broadcast asks it of every device several times)."""

    # --- who is who -------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        if token is None:
            return None
        index = self._seat_index
        if index is None:
            index = self._seat_index = {}
            for i, seat in enumerate(self.seats):
                if seat.token is not None:
                    index.setdefault(seat.token, i)
        return index.get(token)

    def role_of(self, token: str) -> str | None:
        """'host', 'player', 'narrator', 'spectator', or None for a stranger."""
        if self.narrator is not None and token == self.narrator:
            return "narrator"
        if token == self.host:
            return "host"
        if self.seat_of(token) is not None:
            return "player"
        if token in self.spectators:
            return "spectator"
        return None

    @property
    def host_seat(self) -> int | None:
        return self.seat_of(self.host)

    # --- the operations ---------------------------------------------------------------------

    def create(self, e: Mapping[str, Any]) -> None:
        """A new room's settings, seats and host (in a room on phones, seated first)."""
        settings = _parsed(e["settings"])
        host = str(e["host"])
        # Everything checked before anything changes.
        name = None if settings.mode == "narrated" else check_name(e.get("name") or "Host")
        self._seat_index = None
        self.settings = settings
        self.seats = [Seat() for _ in range(settings.players)]
        self.host = host
        if name is None:
            self.narrator = host
        else:
            self.seats[0] = Seat(name, "human", host)

    def join(self, e: Mapping[str, Any]) -> None:
        """A person takes the first empty seat under a name nobody else has."""
        self._seat_index = None
        name = check_name(e.get("name"))
        if any(s.name == name for s in self.seats if s.kind != "empty"):
            raise RoomError("name.taken", f"someone here is called {name} already; pick another")
        for seat in self.seats:
            if seat.kind == "empty":
                seat.name, seat.kind, seat.token = name, "human", str(e["token"])
                return
        raise RoomError("room.full", "every seat is taken; you may watch instead")

    def watch(self, e: Mapping[str, Any]) -> None:
        if len(self.spectators) >= SPECTATOR_LIMIT:
            raise RoomError("room.full", "this room has as many spectators as it can hold")
        self.spectators.add(str(e["token"]))

    def change(self, op: object, e: Mapping[str, Any]) -> None:
        """The host's change ``op`` of a lobby input: its settings, the order of its seats,
        a bot in a seat or out of it, a kick, the host handed over, the players' names."""
        self._seat_index = None
        if op == "settings":
            self._set_settings(e.get("settings"))
        elif op == "order":
            self._reorder(e.get("seats"))
        elif op == "bot":
            seat = self._seat_number(e.get("seat"))
            level = e.get("level")
            if level is None:
                if self.seats[seat].kind == "bot":
                    self.seats[seat] = Seat()
                return
            if level not in BOT_LEVELS:
                raise RoomError("lobby.bad_level", f"a bot is one of: {', '.join(BOT_LEVELS)}")
            if self.seats[seat].kind == "human":
                raise RoomError("lobby.seat_taken", "a person sits there; kick them first")
            self.seats[seat] = Seat(self._bot_name(seat), "bot", None, str(level))
        elif op == "kick":
            seat = self._seat_number(e.get("seat"))
            if self.seats[seat].token == self.host:
                raise RoomError("lobby.kick_host", "the host cannot kick themself; hand over first")
            self.seats[seat] = Seat()
        elif op == "handover":
            seat = self._seat_number(e.get("seat"))
            target = self.seats[seat]
            if target.kind != "human" or target.token is None:
                raise RoomError("lobby.bad_seat", "hand the host over to a person in a seat")
            self.host = target.token
        elif op == "names":
            self._name_seats(e.get("names"))
        else:
            raise RoomError("proto.bad_field", f"unknown lobby operation '{op}'")

    def take_host(self, e: Mapping[str, Any]) -> None:
        """A person in a seat takes the host's rights while the host has no device connected
        (a phone gone flat or closed): otherwise nobody could start, pause, resume or begin
        a rematch.  Whether the host is away is the server's to say (``host_away``, set on
        the input before it is applied and stored, so a replay takes the same decision);
        the old host stays a player, and may be handed the rights back."""
        by = e.get("by")
        seat = self.seat_of(by) if isinstance(by, str) else None
        if self.settings.mode != "phones":
            raise RoomError("lobby.not_phones", "a narrated room's host is its narrator")
        if seat is None or self.seats[seat].kind != "human":
            raise RoomError("auth.no_seat", "only a player in a seat can take over as host")
        if by == self.host:
            raise RoomError("lobby.already_host", "you are the host already")
        if e.get("host_away") is not True:
            raise RoomError(
                "lobby.host_here", "the host is connected; ask them to make you the host"
            )
        self.host = by

    def _bot_name(self, seat: int) -> str:
        """A new bot's name: "Bot" and its seat's number, or the next number nobody else in
        the room goes by (a person may have called themself "Bot 3", and a bot moved by a
        new order keeps the name it had)."""
        taken = {s.name for i, s in enumerate(self.seats) if i != seat and s.kind != "empty"}
        number = seat + 1
        while f"Bot {number}" in taken:
            number += 1
        return f"Bot {number}"

    def _name_seats(self, value: JSON) -> None:
        """A narrated room: the narrator types the players' names, clockwise."""
        if self.settings.mode != "narrated":
            raise RoomError("lobby.not_narrated", "players name themselves when they join")
        if not isinstance(value, list) or len(value) != len(self.seats):
            raise RoomError(
                "lobby.bad_names",
                f"give the {len(self.seats)} players' names, clockwise",
                {"count": len(self.seats)},
            )
        names = [check_name(v) for v in value]
        if len(set(names)) != len(names):
            raise RoomError("name.taken", "two players have the same name; tell them apart")
        for seat, name in zip(self.seats, names, strict=True):
            seat.name = name
            if seat.kind == "empty":
                seat.kind = "named"

    def _seat_number(self, value: JSON) -> int:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not 0 <= value < len(self.seats)
        ):
            raise RoomError("lobby.bad_seat", f"seats are numbered 0 to {len(self.seats) - 1}")
        return value

    def _set_settings(self, value: JSON) -> None:
        settings = _parsed(value)
        if settings.mode != self.settings.mode:
            raise RoomError("settings.mode_fixed", "a room's mode is chosen when it is created")
        seats = list(self.seats)
        while len(seats) > settings.players:
            drop = next(
                (i for i in range(len(seats) - 1, -1, -1) if seats[i].kind != "human"), None
            )
            if drop is None:
                raise RoomError(
                    "settings.seats_taken", "fewer seats than people: kick someone first"
                )
            del seats[drop]
        seats += [Seat() for _ in range(settings.players - len(seats))]
        self.settings, self.seats = settings, seats

    def _reorder(self, value: JSON) -> None:
        n = len(self.seats)
        if not isinstance(value, list) or sorted(v for v in value if isinstance(v, int)) != list(
            range(n)
        ):
            raise RoomError("lobby.bad_order", f"give every seat number from 0 to {n - 1} once")
        self.seats = [self.seats[i] for i in value]

    # --- before a start ---------------------------------------------------------------------

    def problems(self) -> list[dict[str, JSON]]:
        """Why the game cannot start now (empty when it can)."""
        out: list[dict[str, JSON]] = []
        empty = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
        if empty and self.settings.mode == "phones":
            out.append(
                {
                    "code": "lobby.seats_empty",
                    "message": f"{len(empty)} seat(s) still empty: wait for players or add bots",
                    "data": {"count": len(empty), "seats": [i + 1 for i in empty]},
                }
            )
        elif empty:
            out.append(
                {
                    "code": "lobby.seats_unnamed",
                    "message": f"{len(empty)} player(s) still to name, clockwise around the table",
                    "data": {"count": len(empty), "seats": [i + 1 for i in empty]},
                }
            )
        try:
            check_table(self.settings)
        except LoupGarouError as exc:
            out.append(_notice(exc.code, exc.message, exc.data))
        return out

    def warnings(self) -> list[dict[str, JSON]]:
        try:
            return [_notice(w.code, w.message, w.data) for w in check_table(self.settings)]
        except LoupGarouError:
            return []

    def names(self) -> list[str]:
        """The players' names, seat by seat, as a game is dealt to them."""
        return [s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats)]

    def bots(self) -> dict[int, str]:
        """Seat -> level of each bot (the settings' level for a bot without its own)."""
        return {
            i: s.level or self.settings.bots for i, s in enumerate(self.seats) if s.kind == "bot"
        }

    # --- what a device is sent --------------------------------------------------------------

    def to_json(self, connected: set[int], before_start: bool) -> dict[str, JSON]:
        """The lobby's part of a room's ``room`` object (docs/protocol.md): its problems,
        warnings and table only ``before_start``; ``connected``, the seats with a device."""
        return {
            "settings": self.settings.to_json(),
            "host": self.host_seat,
            "seats": [s.to_json(i, i in connected) for i, s in enumerate(self.seats)],
            "spectators": len(self.spectators),
            "problems": self.problems() if before_start else [],
            "warnings": self.warnings() if before_start else [],
            "table": list(spec(self.settings).deck) if before_start else None,
        }
