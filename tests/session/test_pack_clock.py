"""The pack's own clock on phones: in Thiercelieux and Lupus in Tabula the Werewolves wake,
find their partners and agree on a victim at one call, which takes people longer than one
role's tap.  That call runs on the ``pack`` timer; every other call on the ``call`` timer.

Before: every call shared the call clock (10 s by default), and a person who woke as a
Werewolf could not vote in time at short calls (the pack's "no victim" by default)."""

from __future__ import annotations

from typing import Any

import pytest

from loupgarou.session.phones import PhoneGame
from loupgarou.session.settings import DEFAULT_TIMERS, Settings, SettingsError, parse_settings

from .test_phone_days import served, wait_a_second

TIMERS = {"call": 2, "pack": 7, "discussion": 5, "vote": 5}


def first_night_calls(
    family: str, players: int, monkeypatch: pytest.MonkeyPatch, *, answer: bool = False
) -> list[tuple[str, float, float]]:
    """Each call of the first night of a served game where the host (a person) answers at
    once (``answer``) or never: (its step, the seconds its clock was given, the seconds it
    lasted)."""
    given: list[tuple[str, float, float]] = []
    enter = PhoneGame._enter_call

    def entering(game: PhoneGame, now: float) -> None:
        enter(game, now)
        assert game.deadline is not None
        given.append((game.steps[game.call][1], game.deadline - now, now))

    monkeypatch.setattr(PhoneGame, "_enter_call", entering)
    hub, live, by, clock = served(family, players, 3, TIMERS)
    for _ in range(200):
        game: Any = live.room.game
        if game.stage != "call":
            break
        task = game.tasks.get(0)
        if answer and task is not None:
            action = task.decision.options[0].to_json()
            hub.submit(live, {"t": "act", "task": task.id, "action": action, "by": by})
        else:
            wait_a_second(hub, live, clock)
    else:
        raise AssertionError("the first night never ended")
    ends = [at for _, _, at in given[1:]] + [clock.t]
    return [(step, seconds, end - at) for (step, seconds, at), end in zip(given, ends, strict=True)]


@pytest.mark.parametrize(("family", "players"), [("thiercelieux", 8), ("lupus", 8)])
def test_the_pack_agrees_on_its_victim_on_its_own_clock(
    family: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = first_night_calls(family, players, monkeypatch)
    assert "werewolves" in [step for step, _, _ in calls]
    for step, seconds, lasted in calls:
        want = TIMERS["pack"] if step == "werewolves" else TIMERS["call"]
        assert (step, seconds) == (step, want)
        assert lasted == pytest.approx(want, abs=1.0)  # the person never answered


@pytest.mark.parametrize(("family", "players"), [("thiercelieux", 8), ("lupus", 8)])
def test_a_call_ends_once_every_phone_has_answered(
    family: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the clocks' help says: a call lasts up to its clock, not always that long."""
    calls = first_night_calls(family, players, monkeypatch, answer=True)
    assert [lasted for _, _, lasted in calls] == [0.0] * len(calls)


def test_one_night_werewolves_only_look_so_their_call_is_a_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = first_night_calls("one-night", 5, monkeypatch)
    assert "werewolves" in [step for step, _, _ in calls]
    assert {seconds for _, seconds, _ in calls} == {TIMERS["call"]}


def test_the_pack_timer_is_a_setting_with_bounds() -> None:
    assert DEFAULT_TIMERS["pack"] == 30.0  # what the pages offer a new room
    assert parse_settings({"timers": {"pack": 90}}).timers.pack == 90.0
    assert parse_settings({"timers": {"pack": 90}}).to_json()["timers"] == {
        "call": 10.0,
        "pack": 90.0,
        "discussion": 300.0,
        "vote": 60.0,
    }
    for bad in (0, -5, "long", True, 10**7):
        with pytest.raises(SettingsError) as caught:
            parse_settings({"timers": {"pack": bad}})
        assert caught.value.code == "settings.bad_timer"
        assert "'pack'" in caught.value.message


def test_settings_without_a_pack_timer_give_the_pack_the_calls_clock() -> None:
    """As every room had before the timer existed: a stored room's log replays as played
    (its ticks fall where its deadlines were)."""
    assert parse_settings({}).timers.pack == 10.0
    assert parse_settings({"timers": {"call": 4}}).timers.pack == 4.0
    assert parse_settings({}) == Settings()
