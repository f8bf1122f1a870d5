"""Each way of cheating or breaking a room is refused with a clear error and changes
nothing: another seat's token, a forged or replayed action, an oversized message, a
flood, a spectator acting, a player acting as the host, guessing room codes, a page of
another site opening a socket."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.server.serving import Device, Server

SLOW = {"call": 600, "discussion": 600, "vote": 600}


def started_room(server: Server) -> tuple[str, str, Device, Device]:
    """A five-seat One Night room: Ann (host) and Bob on phones, three bots, started."""
    code, token = server.create({"family": "one-night", "players": 5, "timers": SLOW})
    ann = server.device()
    ann.hello(code, token)
    bob = server.device()
    bob.join(code, "Bob")
    for seat in (2, 3, 4):
        ann.send({"type": "lobby", "op": "bot", "seat": seat, "level": "random"})
    ann.send({"type": "lobby", "op": "start"})
    ann.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")
    bob.until(lambda m: m["type"] == "state" and m["game"] is not None)
    return code, token, ann, bob


def last_error(device: Device) -> dict[str, object]:
    return device.until(lambda m: m["type"] == "error")


def test_a_made_up_token_is_refused(server: Server) -> None:
    code, _token, _ann, _bob = started_room(server)
    thief = server.device()
    reply = thief.hello(code, "not-a-real-token")
    assert reply == {"type": "error", "code": "auth.bad_token", "message": reply["message"]}


def test_a_forged_action_is_refused_and_changes_nothing(server: Server) -> None:
    _code, _token, _ann, bob = started_room(server)
    assert bob.state is not None
    before = bob.state["game"]
    task = before["task"]
    bob.send(
        {"type": "act", "task": task["id"], "action": {"kind": "seer", "players": [0]}, "id": 7}
    )
    error = last_error(bob)
    assert error["code"] == "action.illegal" and error["ref"] == 7
    bob.send({"type": "ping"})
    bob.until(lambda m: m["type"] == "pong")
    after = bob.state["game"]
    assert after["task"] == task and after["view"]["events"] == before["view"]["events"]


def test_a_replayed_action_is_refused(server: Server) -> None:
    _code, _token, _ann, bob = started_room(server)
    assert bob.state is not None
    task = bob.state["game"]["task"]
    act = {"type": "act", "task": task["id"], "action": task["options"][0]}
    bob.send(act)
    bob.until(lambda m: m["type"] == "state")
    bob.send(act)
    assert last_error(bob)["code"] in ("task.stale", "task.none")


def test_an_oversized_message_is_refused(server: Server) -> None:
    _code, _token, _ann, bob = started_room(server)
    bob.send({"type": "say", "text": "x" * 20_000})
    with pytest.raises((ConnectionClosed, TimeoutError)):
        bob.until(lambda m: False, timeout=3)


def test_a_flood_is_cut_short(server: Server) -> None:
    _code, _token, _ann, bob = started_room(server)
    for _ in range(40):
        bob.send({"type": "ping"})
    codes = []
    pongs = 0
    while True:
        try:
            m = bob.recv(1.0)
        except TimeoutError:
            break
        if m["type"] == "error":
            codes.append(m["code"])
        pongs += m["type"] == "pong"
    assert "proto.rate_limited" in codes and pongs <= 20


def test_a_spectator_cannot_act(server: Server) -> None:
    code, _token, _ann, bob = started_room(server)
    eve = server.device()
    eve.send({"type": "watch", "v": 1, "room": code})
    welcome = eve.until(lambda m: m["type"] == "welcome")
    assert welcome["role"] == "spectator"
    eve.until(lambda m: m["type"] == "state")
    assert bob.state is not None
    task = bob.state["game"]["task"]
    eve.send({"type": "act", "task": task["id"], "action": task["options"][0]})
    assert last_error(eve)["code"] == "auth.no_seat"
    # and the spectator sees no card dealt to anyone
    assert eve.state is not None
    assert not [e for e in eve.state["game"]["view"]["events"] if e["audience"] != "everyone"]


def test_a_player_cannot_do_the_hosts_work(server: Server) -> None:
    code, token = server.create({"family": "one-night", "players": 5})
    ann = server.device()
    ann.hello(code, token)
    bob = server.device()
    bob.join(code, "Bob")
    bob.send({"type": "lobby", "op": "kick", "seat": 0})
    assert last_error(bob)["code"] == "auth.not_host"
    bob.send({"type": "lobby", "op": "start"})
    assert last_error(bob)["code"] == "auth.not_host"


def test_guessing_room_codes_is_stopped(server: Server) -> None:
    codes = []
    for i in range(12):
        d = server.device()
        d.send({"type": "join", "v": 1, "room": f"ZZZZ{i % 10}", "name": "Mallory"})
        codes.append(d.until(lambda m: m["type"] == "error")["code"])
        d.close()
    assert codes[:10] == ["room.not_found"] * 10
    assert codes[10:] == ["room.too_many_attempts"] * 2


def test_another_site_cannot_open_a_socket(server: Server) -> None:
    with pytest.raises((InvalidStatus, ConnectionClosed)):
        d = server.device(Origin="https://evil.example")
        d.send({"type": "watch", "v": 1, "room": "ABCDE"})
        d.recv(3)


def test_bad_messages_get_clear_errors(server: Server) -> None:
    code, token = server.create({"family": "one-night", "players": 5})
    ann = server.device()
    ann.hello(code, token)
    ann.ws.send("not json")
    assert last_error(ann)["code"] == "proto.bad_json"
    ann.send({"type": "dance"})
    assert last_error(ann)["code"] == "proto.unknown_type"
    ann.send({"type": "lobby", "op": "settings", "settings": {"family": "chess"}})
    assert last_error(ann)["code"] == "settings.bad_family"
    ann.send({"type": "lobby", "op": "start"})
    assert last_error(ann)["code"] == "lobby.seats_empty"
    status, body = server.post("/api/rooms", {"settings": {"players": 5, "timers": {"call": -1}}})
    assert status == 400 and body["error"]["code"] == "settings.bad_timer"
    status, body = server.post("/api/rooms", {"settings": {}, "name": "A\u202eB"})
    assert status == 400 and body["error"]["code"] == "name.bad"
    assert json.dumps(body)  # plain JSON, never a traceback
