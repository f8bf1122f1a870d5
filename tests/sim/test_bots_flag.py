"""``--bots`` counts seats as people do, like ``play``: from 1, or by a player's name."""

from __future__ import annotations

import json
import random

import pytest

from loupgarou.bots.protocol import Bot, BotFactory
from loupgarou.bots.registry import factory
from loupgarou.cli import play
from loupgarou.cli.main import build_parser, main
from loupgarou.core.errors import ScriptError
from loupgarou.sim.bots_flag import bots_from_flag, show_bots
from loupgarou.sim.runner import SimSpec, play_game
from loupgarou.sim.scenarios import table_spec
from loupgarou.variants.registry import find_family

FIVE = table_spec(find_family("one-night"), 5, scenario="premiere-nuit")
NAMES = ("Ana", "Bruno", "Céline", "Dédé", "Élise")


def refusal(text: str, names: tuple[str, ...] = ()) -> ScriptError:
    with pytest.raises(ScriptError) as caught:
        bots_from_flag(text, "one-night", 5, names)
    assert caught.value.code == "script.bad_bots"
    return caught.value


def test_bots_flag_counts_seats_from_one_like_play() -> None:
    bots = bots_from_flag("*=random,1=sensible,5=sensible", "one-night", 5)
    # the data form a simulation holds counts from 0, as records do
    assert bots == (("*", "random"), ("0", "sensible"), ("4", "sensible"))
    result = play_game(SimSpec(FIVE, bots, games=1, seed=2), 0)
    assert result.kinds == ("sensible", "random", "random", "random", "sensible")


def test_seat_zero_in_bots_is_refused_with_the_range() -> None:
    message = refusal("0=random").message
    assert "seats count from 1" in message and "1 to 5" in message


def test_a_seat_past_the_table_is_refused_with_the_range() -> None:
    assert "this table's are 1 to 5" in refusal("*=random,6=sensible").message


def test_bots_flag_takes_player_names_in_any_case() -> None:
    bots = bots_from_flag("village=sensible,bruno=random,Élise=sensible", "one-night", 5, NAMES)
    assert bots == (("village", "sensible"), ("1", "random"), ("4", "sensible"))


def test_an_unknown_place_is_refused_with_every_valid_one() -> None:
    message = refusal("Zed=random", NAMES).message
    assert "'Zed'" in message
    assert "a seat from 1 to 5" in message
    assert "a player's name (Ana, Bruno, Céline, Dédé, Élise)" in message
    assert "a side (village, werewolf, tanner)" in message


def test_a_command_without_names_does_not_offer_them() -> None:
    assert "player's name" not in refusal("Zed=random").message


def test_the_report_shows_the_bots_as_they_were_typed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "-n", "2", "--no-progress", "--json", "--bots", "*=random,2=sensible"]
    assert main(argv) == 0
    assert "bots *=random, 2=sensible" in json.loads(capsys.readouterr().out)["label"]
    assert show_bots((("*", "random"), ("1", "sensible")), NAMES) == "*=random, Bruno=sensible"


def test_simulate_refuses_seat_zero_before_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "-n", "1", "--no-progress", "--bots", "0=random"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [script.bad_bots]: there is no seat 0")
    assert "seats count from 1" in err


def played(argv: list[str]) -> list[str]:
    args = build_parser().parse_args(["play", *argv])
    lines: list[str] = []
    play.handle(args, read=lambda prompt: "" if prompt == "say> " else "1", write=lines.append)
    return lines


def test_play_takes_a_bot_by_the_name_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    made: dict[int, str] = {}

    def recording(family: str, kind: str, **kw: float) -> BotFactory:
        make = factory(family, kind, **kw)

        def seat(s: int, rng: random.Random) -> Bot:
            made[s] = kind
            return make(s, rng)

        return seat

    monkeypatch.setattr(play, "factory", recording)
    lines = played(["--seed", "1", "--seat", "2", "--bots", "random,Ana=sensible,4=sensible"])
    assert "5 players (Ana, Player, Céline, Dédé, Élise)" in lines[0]
    assert made == {0: "sensible", 2: "random", 3: "sensible", 4: "random"}


def test_play_refuses_a_bot_in_the_persons_own_seat() -> None:
    with pytest.raises(ScriptError) as caught:
        played(["--seed", "1", "--seat", "2", "--name", "Zoé", "--bots", "zoé=random"])
    assert caught.value.code == "script.bad_bots"
    assert caught.value.message == ("seat 2 is yours (Zoé): --bots places bots in the other seats")


@pytest.mark.parametrize("where", ["²", "9" * 5000])
def test_a_number_that_is_no_seat_is_refused_not_a_crash(where: str) -> None:
    assert refusal(f"{where}=random").code == "script.bad_bots"


def test_play_asks_again_for_an_answer_that_is_no_option_number() -> None:
    answers = iter(["²", "9" * 5000, "1"])
    args = build_parser().parse_args(["play", "--seed", "3", "--seat", "2"])
    lines: list[str] = []

    def read(prompt: str) -> str:
        return next(answers, "1") if prompt == "> " else ""

    assert play.handle(args, read=read, write=lines.append) == 0
    assert sum(line.startswith("Type a number from 1 to") for line in lines) == 2
