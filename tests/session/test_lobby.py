"""A room's lobby on its own: names, the host's changes (refused ones change nothing), who a
token's hash is as seats move, and what stops a start."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from loupgarou.session.lobby import NAME_LIMIT, Lobby, RoomError, Seat, check_name

FIVE = {"family": "one-night", "players": 5}


def lobby(settings: dict[str, Any] | None = None, name: str = "Ana") -> Lobby:
    out = Lobby()
    out.create({"settings": settings or FIVE, "host": "h", "name": name})
    return out


def refused(code: str, lob: Lobby, op: str, **fields: Any) -> None:
    """``op`` is refused with ``code``, and the lobby is as it was."""
    before = (lob.settings, copy.deepcopy(lob.seats), lob.host, set(lob.spectators))
    with pytest.raises(RoomError) as caught:
        lob.change(op, {"op": op, **fields})
    assert caught.value.code == code
    assert (lob.settings, lob.seats, lob.host, lob.spectators) == before


def test_a_name_is_folded_and_checked() -> None:
    assert check_name("  Mary   Ann ") == "Mary Ann"
    for value, code in ((7, "name.bad"), ("   ", "name.empty"), ("a\u202eb", "name.bad")):
        with pytest.raises(RoomError) as caught:
            check_name(value)
        assert caught.value.code == code
    with pytest.raises(RoomError) as caught:
        check_name("x" * (NAME_LIMIT + 1))
    assert (caught.value.code, caught.value.data) == ("name.too_long", {"max": NAME_LIMIT})


def test_the_host_sits_first_on_phones_and_narrates_a_narrated_room() -> None:
    phones = lobby()
    assert phones.seats[0] == Seat("Ana", "human", "h")
    assert (phones.role_of("h"), phones.host_seat, phones.narrator) == ("host", 0, None)
    narrated = lobby({**FIVE, "mode": "narrated"})
    assert all(s.kind == "empty" for s in narrated.seats)
    assert (narrated.role_of("h"), narrated.host_seat) == ("narrator", None)


def test_who_a_token_is_follows_the_seats() -> None:
    lob = lobby()
    lob.join({"name": "Bob", "token": "b"})
    lob.watch({"token": "w"})
    assert [lob.seat_of(t) for t in ("h", "b", "w", None)] == [0, 1, None, None]
    assert [lob.role_of(t) for t in ("h", "b", "w", "x")] == ["host", "player", "spectator", None]
    lob.change("order", {"seats": [1, 0, 2, 3, 4]})
    assert (lob.seat_of("b"), lob.host_seat) == (0, 1)
    lob.change("handover", {"seat": 0})
    assert (lob.role_of("b"), lob.role_of("h")) == ("host", "player")
    lob.change("kick", {"seat": 1})
    assert (lob.seat_of("h"), lob.role_of("h")) == (None, None)


def test_a_player_takes_over_only_from_a_host_the_server_says_is_away() -> None:
    lob = lobby()
    lob.join({"name": "Bob", "token": "b"})
    lob.watch({"token": "w"})
    lob.change("bot", {"seat": 2, "level": "random"})

    def refused_take(code: str, target: Lobby, **fields: Any) -> None:
        before = (copy.deepcopy(target.seats), target.host)
        with pytest.raises(RoomError) as caught:
            target.take_host({"op": "take_host", **fields})
        assert caught.value.code == code
        assert (target.seats, target.host) == before

    refused_take("lobby.host_here", lob, by="b")  # the server did not say the host is away
    refused_take("lobby.host_here", lob, by="b", host_away=False)
    refused_take("lobby.already_host", lob, by="h", host_away=True)
    refused_take("auth.no_seat", lob, by="w", host_away=True)  # a spectator
    refused_take("auth.no_seat", lob, by="x", host_away=True)  # a stranger
    refused_take("lobby.not_phones", lobby({**FIVE, "mode": "narrated"}), by="b", host_away=True)
    lob.take_host({"op": "take_host", "by": "b", "host_away": True})
    assert (lob.role_of("b"), lob.role_of("h"), lob.host_seat) == ("host", "player", 1)
    lob.change("handover", {"seat": 0})  # and back, by hand
    assert (lob.role_of("h"), lob.role_of("b")) == ("host", "player")


def test_a_join_takes_the_first_empty_seat_under_a_free_name() -> None:
    lob = lobby({**FIVE, "players": 3})
    with pytest.raises(RoomError, match="called Ana already") as caught:
        lob.join({"name": " Ana ", "token": "a2"})
    assert caught.value.code == "name.taken"
    lob.change("bot", {"seat": 1, "level": "random"})
    lob.join({"name": "Bob", "token": "b"})
    assert lob.seat_of("b") == 2
    with pytest.raises(RoomError) as caught:
        lob.join({"name": "Cy", "token": "c"})
    assert caught.value.code == "room.full"


def test_refused_changes_change_nothing() -> None:
    lob = lobby()
    lob.join({"name": "Bob", "token": "b"})
    lob.change("bot", {"seat": 2, "level": "sensible"})
    refused("lobby.bad_seat", lob, "bot", seat=5, level="random")
    refused("lobby.bad_seat", lob, "kick", seat=True)
    refused("lobby.bad_level", lob, "bot", seat=3, level="genius")
    refused("lobby.seat_taken", lob, "bot", seat=1, level="random")
    refused("lobby.kick_host", lob, "kick", seat=0)
    refused("lobby.bad_seat", lob, "handover", seat=2)
    refused("lobby.bad_order", lob, "order", seats=[0, 1, 2, 3, 3])
    refused("lobby.not_narrated", lob, "names", names=["A", "B", "C", "D", "E"])
    refused("settings.mode_fixed", lob, "settings", settings={**FIVE, "mode": "narrated"})
    refused("settings.bad_value", lob, "settings", settings={**FIVE, "players": "x"})
    refused("proto.bad_field", lob, "frob")
    narrated = lobby({**FIVE, "mode": "narrated"})
    refused("lobby.bad_names", narrated, "names", names=["A", "B"])
    refused("name.taken", narrated, "names", names=["A", "B", "C", "D", " A "])
    refused("name.empty", narrated, "names", names=["A", "B", "C", "D", " "])


@pytest.mark.parametrize(
    ("settings", "name", "code"),
    [
        (FIVE, "a\u202eb", "name.bad"),
        ({**FIVE, "players": "x"}, "Ana", "settings.bad_value"),  # the settings' own
        ({**FIVE, "scenario": "nope"}, "Ana", "setup.unknown_scenario"),  # the engine's
    ],
)
def test_a_refused_creation_changes_nothing(settings: dict[str, Any], name: str, code: str) -> None:
    # Every refusal is a RoomError, whichever part of the room refuses (as for changes).
    lob = Lobby()
    before = (lob.settings, list(lob.seats), lob.host, lob.narrator)
    with pytest.raises(RoomError) as caught:
        lob.create({"settings": settings, "host": "h", "name": name})
    assert caught.value.code == code
    assert (lob.settings, lob.seats, lob.host, lob.narrator) == before


def test_fewer_seats_drop_the_last_seats_nobody_sits_in() -> None:
    lob = lobby()
    lob.change("bot", {"seat": 1, "level": "random"})
    lob.change("order", {"seats": [1, 2, 3, 4, 0]})  # the host sits last
    lob.change("settings", {"settings": {**FIVE, "players": 3}})
    assert [s.kind for s in lob.seats] == ["bot", "empty", "human"]
    assert lob.host_seat == 2
    lob.change("settings", {"settings": FIVE})
    assert [s.kind for s in lob.seats] == ["bot", "empty", "human", "empty", "empty"]
    assert lob.settings.players == 5


def test_what_stops_a_start_and_what_is_dealt() -> None:
    lob = lobby({**FIVE, "bots": "random"})
    assert [p["code"] for p in lob.problems()] == ["lobby.seats_empty"]
    assert lob.problems()[0]["data"] == {"count": 4, "seats": [2, 3, 4, 5]}
    lob.change("bot", {"seat": 1, "level": "sensible"})
    for seat in (2, 3, 4):
        lob.seats[seat] = Seat(f"Bot {seat + 1}", "bot")  # a bot of the settings' level
    assert lob.problems() == []
    assert lob.names() == ["Ana", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
    assert lob.bots() == {1: "sensible", 2: "random", 3: "random", 4: "random"}
    narrated = lobby({**FIVE, "mode": "narrated"})
    assert [p["code"] for p in narrated.problems()] == ["lobby.seats_unnamed"]
    assert narrated.names() == [f"Seat {i}" for i in range(1, 6)]
    narrated.change("names", {"names": ["A", "B", "C", "D", "E"]})
    assert (narrated.problems(), [s.kind for s in narrated.seats]) == ([], ["named"] * 5)


def test_the_lobby_part_of_the_room_state() -> None:
    lob = lobby()
    before = lob.to_json({0}, before_start=True)
    assert list(before) == [
        "settings", "host", "seats", "spectators", "problems", "warnings", "table"
    ]  # fmt: skip
    assert before["seats"][0] == {"seat": 0, "name": "Ana", "kind": "human", "connected": True}
    assert before["problems"] and before["table"]
    during = lob.to_json(set(), before_start=False)
    assert (during["problems"], during["warnings"], during["table"]) == ([], [], None)


def test_a_bot_never_takes_a_name_someone_in_the_room_goes_by() -> None:
    """A person called "Bot 3", then a bot put in seat 3; a bot moved by a new order, then
    another put where its number points: each new bot gets the next free number, and a bot
    whose level changes keeps its name."""
    lob = lobby()
    lob.join({"name": "Bot 3", "token": "b"})  # seat 1 (the second seat)
    lob.change("bot", {"seat": 2, "level": "sensible"})
    lob.change("bot", {"seat": 3, "level": "sensible"})
    assert [s.name for s in lob.seats[2:4]] == ["Bot 4", "Bot 5"]
    lob.change("order", {"seats": [0, 1, 3, 2, 4]})
    lob.change("bot", {"seat": 4, "level": "random"})
    lob.change("bot", {"seat": 2, "level": "random"})
    assert [s.name for s in lob.seats] == ["Ana", "Bot 3", "Bot 5", "Bot 4", "Bot 6"]
    with pytest.raises(RoomError) as caught:
        lob.join({"name": "Bot 6", "token": "x"})
    assert caught.value.code == "name.taken"
