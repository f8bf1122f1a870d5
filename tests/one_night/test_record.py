"""§4 The record of a One Night game: everything in it, and a replay that shows, step by
step, what each player knew."""

from __future__ import annotations

import json

from loupgarou.core.events import JSON
from loupgarou.engine import Match, replay
from loupgarou.engine.record import to_record
from tests.one_night.table import Table, table

SPEC = "seer robber troublemaker werewolf werewolf villager | drunk tanner villager"


def played() -> Table:
    """A whole game: two night actions, a timeout, a statement, then the vote."""
    game = table(SPEC)
    game.act("seer", centre=(0, 1))
    game.act("robber", rob="werewolf1")
    game.timeout("troublemaker")
    game.say("seer", "I saw the Drunk and the Tanner in the centre")
    game.votes("robber", "werewolf2", "werewolf2", "werewolf2", "robber", "werewolf2")
    return game


def test_the_record_keeps_the_deck_the_deal_every_input_and_the_verdict() -> None:
    game = played()
    record = json.loads(json.dumps(to_record(game.match)))
    config = record["config"]
    assert sorted(config["deck"]) == sorted(SPEC.replace("|", "").split())
    inputs = record["inputs"]
    deal = inputs[0]
    assert (deal["type"], deal["label"]) == ("chance", "deal")
    assert [config["deck"][c] for c in deal["value"]] == SPEC.replace("|", "").split()
    assert [(i["type"], i["seat"]) for i in inputs[1:5]] == [
        ("action", 0),
        ("action", 1),
        ("timeout", 2),
        ("statement", 0),
    ]
    assert inputs[1]["action"] == {"kind": "look", "centre": [0, 1]}
    assert inputs[2]["action"] == {"kind": "rob", "players": [3]}
    assert [(i["type"], i["action"]["players"]) for i in inputs[5:]] == [
        ("action", [1]),
        ("action", [4]),
        ("action", [4]),
        ("action", [4]),
        ("action", [1]),
        ("action", [4]),
    ]
    kinds = [e["kind"] for e in record["events"]]
    assert {"deal", "centre_seen", "robbed", "declined", "statement", "votes_revealed"} <= set(
        kinds
    )
    (revealed,) = [e["data"] for e in record["events"] if e["kind"] == "cards_revealed"]
    assert revealed["players"] == [
        "seer",
        "werewolf",
        "troublemaker",
        "robber",
        "werewolf",
        "villager",
    ]
    assert revealed["centre"] == ["drunk", "tanner", "villager"]
    assert record["outcome"] == game.outcome.to_json()
    assert record["outcome"]["winners"] == [0, 2, 3, 5]  # the village: werewolf2 died


def knowledge(match: Match) -> list[dict[str, JSON]]:
    """What each seat may see now (its whole view, as it would be sent)."""
    return [match.view(seat).to_json() for seat in range(len(match.players))]


def test_a_finished_game_replays_input_by_input_showing_what_each_player_knew() -> None:
    game = table(SPEC)
    live = [knowledge(game.match)]  # after the deal
    game.act("seer", centre=(0, 1))
    live.append(knowledge(game.match))
    game.act("robber", rob="werewolf1")
    live.append(knowledge(game.match))
    game.timeout("troublemaker")
    live.append(knowledge(game.match))
    game.say("seer", "I saw the Drunk and the Tanner")
    live.append(knowledge(game.match))
    for seat, target in enumerate((3, 4, 4, 4, 3, 4)):
        game.vote(seat, target)
        live.append(knowledge(game.match))
    assert game.match.over

    record = json.loads(json.dumps(to_record(game.match)))
    inputs = record["inputs"]
    assert len(inputs) == len(live)  # the deal, then one entry per step
    for step in range(1, len(inputs) + 1):
        prefix = {**record, "inputs": inputs[:step]}
        del prefix["events"], prefix["outcome"]
        assert knowledge(replay(prefix)) == live[step - 1], f"after input {step}"
    # Each seat's knowledge grew where the rules say: the Seer by her look, the Robber by his
    # theft; the Villager learned nothing at night.
    assert secrets(live[1][0])[len(secrets(live[0][0])) :] == [
        ("centre_seen", {"centre": 0, "role": "drunk"}),
        ("centre_seen", {"centre": 1, "role": "tanner"}),
    ]
    assert secrets(live[2][1])[len(secrets(live[1][1])) :] == [
        ("robbed", {"seat": 3, "role": "werewolf"})
    ]
    assert secrets(live[3][5]) == secrets(live[0][5]) == [("dealt", {"role": "villager"})]


def secrets(view: dict[str, JSON]) -> list[tuple[JSON, JSON]]:
    """The events of a sent view that were told to that seat alone."""
    events = view["events"]
    assert isinstance(events, list)
    return [
        (e["kind"], e["data"])
        for e in events
        if isinstance(e, dict) and e["audience"] != "everyone"
    ]


def test_a_replayed_record_tells_each_seat_exactly_what_it_was_told() -> None:
    game = played()
    again = replay(json.loads(json.dumps(to_record(game.match))))
    assert knowledge(again) == knowledge(game.match)
    seer = [e for e in again.view(0).events if not e.audience.everyone]
    assert [(e.kind, dict(e.data)) for e in seer] == [
        ("dealt", {"role": "seer"}),
        ("centre_seen", {"centre": 0, "role": "drunk"}),
        ("centre_seen", {"centre": 1, "role": "tanner"}),
        ("voted", {"seat": 1}),
    ]
