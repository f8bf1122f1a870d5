"""Simulations: reproducible whatever the number of workers, correct counts, reports."""

from __future__ import annotations

import gc
import json

import pytest

from loupgarou.bots.protocol import BotError
from loupgarou.core.errors import ScriptError, SetupError
from loupgarou.sim import runner
from loupgarou.sim.runner import SimSpec, kind_for, parse_bots, play_game, run, stream
from loupgarou.sim.scenarios import table_spec
from loupgarou.sim.stats import Tally, as_csv, as_json, as_table, summarise, wilson
from loupgarou.variants.registry import find_family

ONE_NIGHT = find_family("one-night")
THIERCELIEUX = find_family("thiercelieux")


def spec(bots: str = "sensible", games: int = 24, seed: int = 3, **kw: object) -> SimSpec:
    table = table_spec(ONE_NIGHT, 5, scenario="premiere-nuit")
    return SimSpec(table, parse_bots(bots), games=games, seed=seed)


def test_the_same_seed_gives_the_same_results_whatever_the_workers() -> None:
    s = spec("village=sensible,*=random", games=16)
    one = run(s, workers=1)
    two = run(s, workers=2)
    assert one == two
    assert as_json(summarise("x", one)) == as_json(summarise("x", two))
    assert [r.index for r in one] == list(range(16))


def test_games_run_with_fewer_collections_and_the_setting_comes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []
    real = runner.play_game

    def spy(s: SimSpec, i: int) -> object:
        seen.append(gc.get_threshold())
        if i == 2:
            raise RuntimeError("a game that breaks")
        return real(s, i)

    monkeypatch.setattr(runner, "play_game", spy)
    assert len(runner.play_chunk(spec(games=2), 0, 2)) == 2
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError, match="breaks"):
        runner.play_chunk(spec(games=3), 0, 3)
    assert gc.get_threshold() == before
    assert seen == [(runner.YOUNG_THRESHOLD, *before[1:])] * 5


@pytest.mark.parametrize("first", [0, 100_000])
def test_a_collector_switched_off_or_already_lazier_is_left_alone(first: int) -> None:
    before = gc.get_threshold()
    gc.set_threshold(first, *before[1:])
    try:
        with runner.fewer_collections():
            assert gc.get_threshold() == (first, *before[1:])
        assert gc.get_threshold() == (first, *before[1:])
    finally:
        gc.set_threshold(*before)


def test_a_game_depends_on_its_seed_and_index_only() -> None:
    s = spec(games=10)
    assert play_game(s, 7) == run(s)[7]
    other = SimSpec(s.table, s.bots, games=10, seed=4)
    assert [play_game(other, i) for i in range(10)] != run(s)


def test_thiercelieux_simulations_are_reproducible() -> None:
    table = table_spec(THIERCELIEUX, 9, scenario="suggested-thief")
    s = SimSpec(table, parse_bots("werewolves=sensible,*=random"), games=8, seed=1)
    assert run(s) == run(s, workers=2)


def test_bots_sit_by_seat_side_or_everywhere() -> None:
    s = SimSpec(spec().table, parse_bots("random,village=sensible,2=random"))
    assert kind_for(s, 0, "village") == "sensible"
    assert kind_for(s, 0, "werewolf") == "random"
    assert kind_for(s, 2, "village") == "random"
    result = play_game(SimSpec(s.table, s.bots, games=1), 0)
    for seat, (side, kind) in enumerate(zip(result.sides, result.kinds, strict=True)):
        assert kind == ("random" if seat == 2 or side != "village" else "sensible")


def test_bad_assignments_are_refused_before_any_game() -> None:
    with pytest.raises(BotError) as err:
        run(spec("clever"))
    assert err.value.code == "bots.unknown_kind"
    with pytest.raises(ScriptError) as bad:
        run(spec("dragons=random"))
    assert bad.value.code == "script.bad_bots"
    with pytest.raises(ScriptError):
        parse_bots("=random")
    with pytest.raises(SetupError):
        table_spec(ONE_NIGHT, 12, scenario="premiere-nuit")
    with pytest.raises(SetupError):
        table_spec(ONE_NIGHT, 5, scenario="premiere-nuit", deck=("werewolf",))


def test_an_agent_command_keeps_its_commas_and_spaces() -> None:
    assert parse_bots("*=random,0=agent:python3 bot.py --x a,b") == (
        ("*", "random"),
        ("0", "agent:python3 bot.py --x a,b"),
    )


def test_the_report_counts_teams_roles_draws_and_lengths() -> None:
    results = run(spec(games=40))
    summary = summarise("premiere", results, ("village", "werewolf", "tanner"))
    assert summary.games == 40
    total_team_wins = sum(r.wins for r in summary.teams.values())
    assert total_team_wins >= 40 - summary.draws.wins
    assert summary.teams["tanner"].wins == 0
    assert sum(r.games for r in summary.roles.values()) == 40 * 5
    assert summary.mean_nights == 1.0
    assert summary.mean_decisions >= 5
    lo, hi = summary.teams["village"].interval
    assert lo <= summary.teams["village"].rate <= hi
    data = json.loads(as_json(summary))
    assert data["teams"]["village"]["games"] == 40
    csv_text = as_csv(summary)
    assert csv_text.splitlines()[0].startswith("label,kind,name,wins")
    assert "village" in as_table(summary)


def test_the_tables_headings_sit_over_their_columns() -> None:
    """The "win rate" heading ended one column right of the rates under it."""
    lines = as_table(summarise("t", run(spec("random", games=20)))).splitlines()
    for heading in (lines[1], next(line for line in lines if "starting role" in line)):
        assert heading.index("win rate") + len("win rate") == heading.index("[95") - 2
    for line in lines:
        if "%  [" in line:  # a rate: "34.0 %  [ 22.4,  47.8]"
            assert line.index("%") == lines[1].index("win rate") + len("win rate") - 1, line
            assert line.index("[") == lines[1].index("[95"), line


def test_wilson_intervals() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_drawn_decks_and_thiercelieux_tables() -> None:
    table = table_spec(ONE_NIGHT, 6, scenario="anarchie")
    assert ("deck_draw", "anarchie") in table.options
    results = run(SimSpec(table, parse_bots("sensible"), games=4, seed=2))
    assert len(results) == 4
    t = table_spec(THIERCELIEUX, 8)
    assert t.deck and t.label == "suggested (8)"


def test_streamed_games_are_the_listed_ones_and_count_the_same() -> None:
    s = SimSpec(table_spec(find_family("one-night"), 5, scenario="premiere-nuit"), games=60, seed=4)
    listed = run(s)
    assert list(stream(s)) == listed
    assert list(stream(s, workers=2)) == listed
    assert as_json(summarise("x", stream(s), ("village", "werewolf"))) == as_json(
        summarise("x", listed, ("village", "werewolf"))
    )


def test_a_tally_counts_one_game_at_a_time_as_the_list_does() -> None:
    s = SimSpec(table_spec(find_family("one-night"), 5, scenario="premiere-nuit"), games=30, seed=9)
    tally = Tally()
    for result in stream(s):
        tally.add(result)
    assert tally.summary("x", ("tanner",)) == summarise("x", run(s), ("tanner",))


def test_stream_refuses_bad_bots_before_any_game() -> None:
    s = SimSpec(
        table_spec(find_family("one-night"), 5, scenario="premiere-nuit"), parse_bots("clever")
    )
    with pytest.raises(BotError):
        stream(s)  # at once, not when the first game is read
