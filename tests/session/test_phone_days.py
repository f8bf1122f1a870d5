"""The day on phones, stage by stage, over seeded served games (the hub in memory, bots
and a random person in the seats): every day with a vote discusses first, a vote is shown
as a vote and any other decision (a dead Hunter's shot, the Captain's successor, a
suspect's defence) as one of its own.

Before: a decision due at dawn (the Hunter killed in the night) opened a "decide" stage
that then handed out the day's votes too: that day had no discussion, its lynch read "A
decision is awaited", and the shot and the votes shared one clock."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from loupgarou.server.hub import Hub, token_hash
from loupgarou.server.storage import SqliteStorage
from loupgarou.session.encode import dumps
from loupgarou.session.lobby import RoomError
from loupgarou.session.phones import PhoneGame

BALLOTS = {"captain_election", "captain_revote", "lynch", "lynch_revote", "stage1", "stage2"}
"""The day's votes (Thiercelieux's Captain and lynch, Lupus's two stages)."""
FIRST = {"captain_election", "lynch", "stage1"}
"""The votes a day may open with: the discussion comes before them."""


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def served(
    family: str, players: int, seed: int, timers: dict[str, int] | None = None
) -> tuple[Hub, Any, str, Clock]:
    """A game started in a hub in memory: the host (Ann, seat 0) and sensible bots in the
    other seats; the hub, the live room, the host's token hash and the hub's clock."""
    clock = Clock()
    hub = Hub(SqliteStorage(":memory:"), clock=clock)
    settings: dict[str, Any] = {"family": family, "players": players}
    if timers:
        settings["timers"] = timers
    code, host = hub.create(settings, "Ann")
    live = hub.rooms[code]
    by = token_hash(host)
    for seat in range(1, players):
        hub.submit(live, {"t": "lobby", "op": "bot", "seat": seat, "level": "sensible", "by": by})
    hub.submit(live, {"t": "lobby", "op": "start", "seed": seed, "by": by})
    return hub, live, by, clock


def wait_a_second(hub: Hub, live: Any, clock: Clock) -> None:
    """A second passes; a deadline due by then falls."""
    clock.t += 1.0
    deadline = live.room.next_deadline()
    if deadline is not None and deadline <= clock.t:
        hub.submit(live, {"t": "tick"})


def days_of(family: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every day stage the game entered or handed decisions out in: (day, stage, the
    pending decisions' kinds), in order."""
    seen: list[tuple[int, str, set[str]]] = []

    def note(game: PhoneGame) -> None:
        day = int(game.variant.public(game.match.state).get("day", 0))
        kinds = {d.kind for d in game.match.pending()}
        if game.stage == "discussion" or kinds:
            seen.append((day, game.stage, kinds))

    enter, give = PhoneGame._enter_day_stage, PhoneGame._give_day_tasks

    def entering(game: PhoneGame, now: float) -> None:
        enter(game, now)
        note(game)

    def giving(game: PhoneGame) -> None:
        give(game)
        note(game)

    monkeypatch.setattr(PhoneGame, "_enter_day_stage", entering)
    monkeypatch.setattr(PhoneGame, "_give_day_tasks", giving)
    hub, live, by, clock = served(family, players, seed, {"call": 2, "discussion": 8, "vote": 6})
    rng = random.Random(seed)
    for _ in range(20_000):
        if live.room.status == "over":
            break
        game = live.room.game
        assert game is not None
        task = game.tasks.get(0)
        if task is not None and rng.random() < 0.7:
            action = rng.choice(task.decision.options).to_json()
            hub.submit(live, {"t": "act", "task": task.id, "action": action, "by": by})
        else:
            wait_a_second(hub, live, clock)
    assert live.room.status == "over"
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize(("family", "players"), [("thiercelieux", 9), ("lupus", 9)])
def test_every_day_discusses_before_its_votes_and_each_kind_has_its_stage(
    family: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    decided_first = 0  # days whose first stage was another decision than a vote
    for seed in range(12):
        stages = days_of(family, players, seed, monkeypatch)
        for day in sorted({d for d, _, _ in stages}):
            today = [(stage, kinds) for d, stage, kinds in stages if d == day]
            for stage, kinds in today:
                if stage == "vote":
                    assert kinds & BALLOTS, (seed, day, today)
                if stage == "decide":
                    assert not kinds & BALLOTS and "defence" not in kinds, (seed, day, today)
                if stage == "defence":
                    assert kinds == {"defence"}, (seed, day, today)
            named = [stage for stage, _ in today]
            voted = [
                i for i, (st, kinds) in enumerate(today) if st != "discussion" and kinds & FIRST
            ]
            if voted:
                assert "discussion" in named[: voted[0]], (family, seed, day, named)
            if named and named[0] == "decide":
                decided_first += 1
    if family == "thiercelieux":
        assert decided_first > 0  # the case that went wrong was met


def host_at(
    family: str, players: int, seeds: range, stage: str, kind: str | None = None
) -> tuple[Hub, Any, str, Clock]:
    """A served game (the first of ``seeds`` that has one) at its first ``stage`` in which
    the host (seat 0) has a decision (of ``kind``, when given, and no decoy): the hub, the
    live room, the host's token hash and the clock.  The host answers a Werewolf's "wake
    or sleep" at once, by its default (so the pack's vote comes at the same call), and lets
    every other clock run out."""
    for seed in seeds:
        hub, live, by, clock = served(family, players, seed, {"call": 2, "vote": 6})
        while live.room.status != "over":
            game = live.room.game
            assert game is not None
            task = game.tasks.get(0)
            if (
                game.stage == stage
                and task is not None
                and not task.decoy
                and kind in (None, task.decision.kind)
            ):
                return hub, live, by, clock
            if task is not None and task.decision.kind == "werewolf_wake":
                wake = task.decision.default.to_json()
                hub.submit(live, {"t": "act", "task": task.id, "action": wake, "by": by})
                continue
            wait_a_second(hub, live, clock)
    raise AssertionError(f"the host never decides at a {stage} stage in seeds {seeds}")


def state_at_a_decision(
    family: str, players: int, seeds: range, stage: str = "decide", kind: str | None = None
) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """The states the host's phone (seat 0) and a spectator's are sent at the first
    ``stage`` at which the host has a decision (:func:`host_at`), JSON as sent, and the
    seats the engine waits for then."""
    _, live, by, clock = host_at(family, players, seeds, stage, kind)
    host, other = (
        json.loads(dumps(live.room.state_for(token, set(), clock.t)))
        for token in (by, "a spectator's hash")
    )
    game = live.room.game
    return host, other, sorted({d.seat for d in game.match.pending()})


def test_a_phone_is_told_who_the_day_waits_for_at_a_decision() -> None:
    """A dead Hunter's shot or a successor to name: every phone is sent who decides (the
    page names them in the banner); in the other stages nobody is listed."""
    host, spectator, pending = state_at_a_decision("thiercelieux", 9, range(12))
    assert pending
    assert host["game"]["waiting"] == spectator["game"]["waiting"] == pending
    for seed in range(2):
        hub, live, _, clock = served("thiercelieux", 9, seed)
        while live.room.status != "over":
            game = live.room.game
            assert game is not None
            g = game.view_json(None)
            assert (g["stage"] == "decide") == bool(g["waiting"]), (seed, g["stage"], g["waiting"])
            wait_a_second(hub, live, clock)


def test_lupus_suspects_bots_included_speak_in_their_defence() -> None:
    """A suspect bot says its piece in its defence before it ends it, as it does in
    ``simulate``: a statement between the first round's count and the final vote.

    Before: on phones a bot was asked to speak only when the discussion opened; at its
    defence it ended the defence in silence, and a person had no way to speak there."""
    speeches = 0
    for seed in range(6):
        hub, live, _, clock = served("lupus", 9, seed, {"call": 2, "vote": 6})
        while live.room.status != "over":
            wait_a_second(hub, live, clock)
        game = live.room.game
        assert game is not None
        defending = False
        for e in game.match.events:
            if e.kind == "stage1_counted":
                defending = True
            elif e.kind == "stage2_begins":
                defending = False
            elif e.kind == "statement" and defending:
                assert e.data["seat"] != 0  # the host, seat 0, says nothing in this test
                speeches += 1
    assert speeches > 0


def test_a_person_speaks_in_their_defence_then_ends_it() -> None:
    """The host is a suspect: what they say during their defence is heard; once they end
    it they may not speak again until the next day."""
    hub, live, by, _ = host_at("lupus", 9, range(20), "defence")
    game = live.room.game
    said = len([e for e in game.match.events if e.kind == "statement"])
    hub.submit(live, {"t": "say", "text": "I was asleep, ask the Seer.", "by": by})
    statements = [e for e in game.match.events if e.kind == "statement"]
    assert len(statements) == said + 1 and statements[-1].data["seat"] == 0
    task = game.tasks[0]
    hub.submit(live, {"t": "act", "task": task.id, "action": {"kind": "rest"}, "by": by})
    before = len(game.match.events)
    with pytest.raises(RoomError) as caught:
        hub.submit(live, {"t": "say", "text": "One more thing.", "by": by})
    assert caught.value.code.startswith("say.") and len(game.match.events) == before
