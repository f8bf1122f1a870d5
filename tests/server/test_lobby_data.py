"""A lobby's problems and warnings, and the errors a device is sent, carry the numbers and
role keys their English message speaks of (``data``), so that a page can word them in its
own language; the code and the English message stay what programs already read."""

from __future__ import annotations

import pickle

from loupgarou.core.errors import SetupError, SetupWarning
from loupgarou.session.settings import Settings, check_table
from tests.server.serving import Server

THREE_WOLVES = ["werewolf", "werewolf", "werewolf", "seer", "villager", "villager"]


def test_a_lobby_lists_its_problems_and_warnings_with_their_data(server: Server) -> None:
    code, token = server.create(
        {"family": "one-night", "scenario": None, "deck": THREE_WOLVES, "players": 3}
    )
    ann = server.device()
    ann.hello(code, token)
    room = ann.until(lambda m: m["type"] == "state")["room"]
    assert room["problems"] == [
        {
            "code": "lobby.seats_empty",
            "message": "2 seat(s) still empty: wait for players or add bots",
            "data": {"count": 2, "seats": [2, 3]},
        }
    ]
    assert room["warnings"] == [
        {
            "code": "setup.more_than_box",
            "message": "3 werewolf cards: the box holds only 2",
            "data": {"role": "werewolf", "count": 3, "box": 2},
        }
    ]

    # A card too many: the engine's refusal is a problem, with its numbers.
    ann.send(
        {
            "type": "lobby",
            "op": "settings",
            "settings": {
                "family": "one-night",
                "scenario": None,
                "deck": [*THREE_WOLVES, "tanner"],
                "players": 3,
            },
        }
    )
    room = ann.until(lambda m: m["type"] == "state" and len(m["room"]["problems"]) == 2)["room"]
    assert room["problems"][1]["code"] == "setup.card_count"
    assert room["problems"][1]["data"] == {"players": 3, "cards": 6, "deck": 7}
    assert room["warnings"] == []

    # The host starts anyway: refused with the first problem's data.
    ann.send({"type": "lobby", "op": "start"})
    error = ann.until(lambda m: m["type"] == "error")
    assert error["code"] == "lobby.seats_empty"
    assert error["data"] == {"count": 2, "seats": [2, 3]}

    # Too few players for the game: the refused setting comes back with the family's range.
    ann.send(
        {
            "type": "lobby",
            "op": "settings",
            "settings": {"family": "one-night", "scenario": "premiere-nuit", "players": 2},
        }
    )
    error = ann.until(lambda m: m["type"] == "error")
    assert error["code"] == "setup.too_few_players"
    assert error["data"]["min"] == 3 and error["data"]["players"] == 2


def test_an_error_without_data_is_sent_as_before(server: Server) -> None:
    code, token = server.create({"family": "one-night", "players": 5})
    ann = server.device()
    ann.hello(code, token)
    ann.send({"type": "lobby", "op": "kick", "seat": 0})
    error = ann.until(lambda m: m["type"] == "error")
    assert error["code"] == "lobby.kick_host" and "data" not in error


def test_the_engine_gives_codes_and_data_never_words() -> None:
    (warning,) = check_table(
        Settings(family="one-night", scenario=None, deck=tuple(THREE_WOLVES), players=3)
    )
    assert warning == SetupWarning("setup.more_than_box", warning.message)
    assert warning.data == {"role": "werewolf", "count": 3, "box": 2}
    assert warning.to_json() == {"code": "setup.more_than_box", "message": warning.message}
    try:
        check_table(Settings(family="thiercelieux", scenario=None, players=8, deck=("seer",) * 8))
    except SetupError as exc:
        assert exc.code == "setup.duplicate_role"
        assert exc.data == {"role": "seer", "count": 8}
        assert pickle.loads(pickle.dumps(exc)).data == exc.data  # from a worker process
    else:
        raise AssertionError("eight Seers were dealt")
