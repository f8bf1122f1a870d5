"""A player takes over as host while the host has no device connected (a phone gone flat
or closed), through a real server and real WebSockets; never while the host is there.  The
server says whether the host was away and the log keeps it, so a restart keeps the new
host."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.server.serving import Device, Server
from tests.server.test_attacks import started_room

LOBBY = {"family": "one-night", "scenario": "premiere-nuit", "players": 5}
SLOW = {"call": 30, "discussion": 60, "vote": 30}


def refused(device: Device, message: dict[str, Any]) -> str:
    """The code of the error ``message`` is refused with (the error names its ``id``)."""
    device.send(message)
    answer = device.until(lambda m: m["type"] == "error" and m.get("ref") == message["id"])
    return str(answer["code"])


def host_seat_shown(device: Device, connected: bool) -> dict[str, Any]:
    """The next state in which the host's seat shows as connected or not."""
    return device.until(
        lambda m: (
            m["type"] == "state" and m["room"]["seats"][m["room"]["host"]]["connected"] is connected
        )
    )


def host_away_back_away(
    host: Device, again: Callable[[], Device], code: str, token: str, watchers: list[Device]
) -> None:
    """The host's device closes; a new one says hello with the host's token (a page
    reloaded: still the host), then closes too.  Every watcher is shown each change at
    once, and while the host is back the last watcher's take-over is refused."""
    host.close()
    for w in watchers:
        host_seat_shown(w, connected=False)
    back = again()
    assert back.hello(code, token)["role"] == "host"
    for w in watchers:
        host_seat_shown(w, connected=True)
    assert refused(watchers[-1], {"type": "lobby", "op": "take_host", "id": 1}) == "lobby.host_here"
    back.close()
    for w in watchers:
        host_seat_shown(w, connected=False)


def take_over(device: Device) -> dict[str, Any]:
    """``device`` takes over as host: the state that says so."""
    device.send({"type": "lobby", "op": "take_host", "id": 2})
    return device.until(lambda m: m["type"] == "state" and m["you"]["role"] == "host")


def test_a_player_takes_over_as_host_only_while_the_host_is_away(server: Server) -> None:
    code, ann_token = server.create({**LOBBY, "timers": SLOW}, "Ann")
    ann = server.device()
    assert ann.hello(code, ann_token)["role"] == "host"
    bob = server.device()
    welcome = bob.join(code, "Bob")
    bob_token = welcome["token"]
    assert welcome["role"] == "player"

    # While Ann is here: refused, and a device cannot say for the server that she is away.
    take = {"type": "lobby", "op": "take_host"}
    assert refused(bob, {**take, "id": 1}) == "lobby.host_here"
    assert refused(bob, {**take, "host_away": True, "id": 2}) == "lobby.host_here"
    assert refused(ann, {**take, "id": 3}) == "lobby.already_host"

    ann.close()
    host_seat_shown(bob, connected=False)
    assert take_over(bob)["room"]["host"] == 1

    # Bob runs the lobby now; Ann, back, is a player whose host operations are refused.
    bob.send({"type": "lobby", "op": "bot", "seat": 2, "level": "random"})
    bob.until(lambda m: m["type"] == "state" and m["room"]["seats"][2]["kind"] == "bot")
    ann = server.device()
    assert ann.hello(code, ann_token)["role"] == "player"
    bot = {"type": "lobby", "op": "bot", "seat": 3, "level": "random", "id": 5}
    assert refused(ann, bot) == "auth.not_host"
    assert refused(ann, {**take, "id": 6}) == "lobby.host_here"
    ann.close()
    bob.close()

    # The log holds the server's word that the host was away: a restart keeps Bob the host.
    server.stop()
    server.start()
    bob = server.device()
    assert bob.hello(code, bob_token)["role"] == "host"
    ann = server.device()
    assert ann.hello(code, ann_token)["role"] == "player"
    bob.close()
    ann.close()


def test_during_a_game_the_host_leaving_is_shown_and_a_player_can_pause(server: Server) -> None:
    """In a game the host's phone going away is sent to every phone at once (the other
    seats' comings and goings are not), so that a player can take over and pause."""
    code, ann_token, ann, bob = started_room(server)
    bob.drain(0.3)

    host_away_back_away(ann, server.device, code, ann_token, [bob])
    take_over(bob)
    bob.send({"type": "lobby", "op": "pause", "id": 3})
    bob.until(lambda m: m["type"] == "state" and m["room"]["status"] == "paused")
    ann = server.device()
    assert ann.hello(code, ann_token)["role"] == "player"
    ann.close()
    bob.close()
