"""A French room speaks French to the end: the verdict's night told step by step, what
each player learned and why the winners won, for each family, cards on phones and
narrated; the table game master's questions, notes and cues too; a themed room names its
roles as the theme does, in the verdict as everywhere else."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from loupgarou.session.narrated import NarratedOneNight
from loupgarou.session.settings import Settings
from tests.server.serving import Server
from tests.server.test_games import play_out, seat_players

FAST = {"call": 1, "discussion": 1, "vote": 1}
ENGLISH = re.compile(
    r"\b(the|was|were|is|are|their|voted|looked|called|nobody|died|dies|with|from|and|of|"
    r"Werewolf|Werewolves|Seer|Villager|Witch|Hunter|Thief|Ghost|Welcome)\b"
)
"""Words that only an English sentence (or an English role name) would hold."""
QUOTED = re.compile(r"«[^»]*»")
"""A player's own words (a bot speaks English whatever the room): not ours to translate."""


def english_in(texts: list[str]) -> list[str]:
    return [t for t in texts if ENGLISH.search(QUOTED.sub("", t))]


def told(verdict: dict[str, Any]) -> list[str]:
    """Every sentence of a verdict: the timeline, what each learned, the reasons."""
    lines = [line["text"] for line in verdict["timeline"]]
    lines += [e["text"] for seat in verdict["learned"] for e in seat["events"]]
    lines += [r["text"] for r in verdict["result"]["reasons"]]
    return lines


@pytest.mark.parametrize(
    ("settings", "theme"),
    [
        ({"family": "one-night", "scenario": "premiere-nuit", "players": 5}, None),
        ({"family": "one-night", "scenario": "premiere-nuit", "players": 5}, "pirates"),
        ({"family": "thiercelieux", "players": 8}, None),
        ({"family": "lupus", "players": 9}, None),
    ],
    ids=["one-night", "one-night-pirates", "thiercelieux", "lupus"],
)
def test_a_french_room_on_phones_tells_its_verdict_in_french(
    server: Server, settings: dict[str, Any], theme: str | None
) -> None:
    code, token, devices = seat_players(server, {**settings, "lang": "fr", "theme": theme}, 2)
    devices[0].send({"type": "lobby", "op": "start"})
    play_out(devices, seed=len(code))
    verdict = devices[1].state["game"]["verdict"]  # type: ignore[index]
    lines = told(verdict)
    assert len(verdict["timeline"]) > 5
    assert not english_in(lines), english_in(lines)[:5]
    everything = "\n".join(lines)
    assert "La partie est finie. Gagnants\u00a0:" in everything
    if theme == "pirates":  # the roles as the pirates name them, in French
        assert re.search(r"\b(Mutin|Mutins|Vigie|Matelot)\b", everything), everything[:800]
        assert "Loup-Garou" not in everything
    # For a page switched to English, the same story is told in English too.
    assert verdict["told"]["fr"]["timeline"] == [line["text"] for line in verdict["timeline"]]
    english = verdict["told"]["en"]["timeline"]
    assert len(english) == len(verdict["timeline"]) and english[-1].startswith("The game is over")
    status, over_http = server.get(f"/api/rooms/{code}/verdict?token={token}")
    assert status == 200 and over_http["timeline"] == verdict["timeline"]
    for d in devices:
        d.close()


@pytest.mark.parametrize(("family", "players"), [("thiercelieux", 8), ("lupus", 9)])
def test_a_french_narrated_table_asks_tells_and_judges_in_french(
    server: Server, family: str, players: int
) -> None:
    code, token = server.create(
        {"family": family, "players": players, "mode": "narrated", "lang": "fr", "timers": FAST}
    )
    narrator = server.device()
    narrator.hello(code, token)
    narrator.send({"type": "lobby", "op": "names", "names": [f"N{i}" for i in range(players)]})
    narrator.until(lambda m: m["type"] == "state" and not m["room"]["problems"])
    narrator.send({"type": "lobby", "op": "start"})
    narrator.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")
    rng = random.Random(5)
    questions: list[str] = []
    notes: list[str] = []
    cues: list[str] = []
    for _ in range(300):
        state = narrator.state
        assert state is not None
        notes += state["narrator"]["notes"] if state["narrator"] else []
        cues += [c["text"] for c in state["narrator"]["cues"]] if state["narrator"] else []
        if state["room"]["status"] == "over":
            break
        ask = state["narrator"]["ask"]
        questions.append(ask["question"])
        assert ask["choices"], ask
        time.sleep(0.06)  # a person's pace: the server takes at most 20 messages a second
        narrator.send({"type": "answer", "ask": ask["id"], "text": rng.choice(ask["choices"])})
        narrator.until(lambda m: m["type"] in ("state", "error"))
    assert narrator.state is not None and narrator.state["room"]["status"] == "over"
    # A refused answer's note carries the rules' own reason (English, from the engine).
    ours = [n for n in notes if not n.startswith("Les règles ne le permettent pas")]
    assert not english_in(questions + ours + cues), english_in(questions + ours + cues)[:5]
    verdict = narrator.state["game"]["verdict"]
    assert not english_in(told(verdict)), english_in(told(verdict))[:5]
    assert any(line["text"].startswith("La partie est finie") for line in verdict["timeline"])


def test_a_french_narrated_one_night_asks_and_judges_in_french(server: Server) -> None:
    code, token = server.create(
        {
            "family": "one-night",
            "players": 5,
            "mode": "narrated",
            "lang": "fr",
            "timers": FAST,
            "scenario": "benefice",  # a Hunter in the deck
        }
    )
    narrator = server.device()
    narrator.hello(code, token)
    narrator.send({"type": "lobby", "op": "names", "names": [f"N{i}" for i in range(5)]})
    narrator.until(lambda m: m["type"] == "state" and not m["room"]["problems"])
    narrator.send({"type": "lobby", "op": "start"})
    narrator.until(lambda m: m["type"] == "state" and m["room"]["status"] == "playing")
    cards = ["hunter", "werewolf", "seer", "robber", "insomniac"]
    narrator.send({"type": "answer", "ask": 1, "cards": cards, "votes": [1, 0, 0, 0, 0]})
    narrator.until(lambda m: m["type"] == "state" and m["room"]["status"] == "over")
    reasons = narrator.state["game"]["verdict"]["result"]["reasons"]  # type: ignore[index]
    assert [r["text"] for r in reasons] == ["Un Loup-Garou est mort\u00a0: le village gagne."]


def test_who_won_is_asked_in_the_rooms_language() -> None:
    table = NarratedOneNight(Settings(lang="fr"), [f"N{i}" for i in range(5)], 0.0)
    table.tick(table.length)
    ask = table.narrator_json()["ask"]
    assert isinstance(ask, dict) and str(ask["question"]).startswith("Qui a gagné\u00a0?")
