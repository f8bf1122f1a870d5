"""``loupgarou simulate`` and ``loupgarou play`` from the command line."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from loupgarou.bots.protocol import Bot
from loupgarou.bots.registry import factory
from loupgarou.cli import play
from loupgarou.cli.main import build_parser, main
from loupgarou.cli.play_claims import parse_claim
from loupgarou.cli.play_words import Words
from loupgarou.core.actions import Action, Decision
from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON, Event, public
from loupgarou.core.statements import Statement
from loupgarou.engine.views import SeatView

ROOT = Path(__file__).resolve().parents[2]
AGENT = ROOT / "examples" / "agents" / "first_option.py"


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--scenario", "premiere-nuit", "--games", "12", "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "village" in out and "95 %" in out and "starting role" in out


def test_simulate_json_is_reproducible_and_csv_parses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["simulate", "one-night", "-s", "premiere-nuit", "-n", "10", "--seed", "5", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    target = tmp_path / "r.csv"
    assert (
        main(
            [
                "simulate",
                "-s",
                "premiere-nuit",
                "-n",
                "5",
                "--format",
                "csv",
                "--output",
                str(target),
            ]
        )
        == 0
    )
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert {r["kind"] for r in rows} >= {"team", "role", "draw", "length"}


def test_simulate_thiercelieux_with_an_external_agent(capsys: pytest.CaptureFixture[str]) -> None:
    bots = f"*=sensible,1=agent:{sys.executable} {AGENT}"
    code = main(["simulate", "thiercelieux", "-p", "8", "-n", "3", "--bots", bots, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["games"] == 3 and data["timeouts"] == 0


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["simulate", "--bots", "wizard"], "bots.unknown_kind"),
        (["simulate", "--scenario", "nowhere"], "setup.unknown_scenario"),
        (
            ["simulate", "--scenario", "premiere-nuit", "--players", "9"],
            "setup.scenario_player_count",
        ),
        (["simulate", "--deck", "werewolf,seer"], "setup.card_count"),
        (["simulate", "--scenario", "premiere-nuit", "--games", "0"], "script.bad_games"),
        (["simulate", "--scenario", "premiere-nuit", "--option", "nonsense"], "script.bad_option"),
        (["play", "--seat", "9"], "script.bad_seat"),
        (["play", "--bots", "humans=random"], "script.bad_bots"),
        (["play", "lupus", "--bots", "wizard"], "bots.unknown_kind"),
        (["simulate", "lupus", "--bots", "village=random"], "script.bad_bots"),
        (["simulate", "lupus", "--scenario", "premiere-nuit"], "setup.unknown_scenario"),
    ],
)
def test_bad_input_is_an_error_code_not_a_traceback(
    args: list[str], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert f"[{code}]" in capsys.readouterr().err


def test_plot_without_matplotlib_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert (
            main(["simulate", "-s", "premiere-nuit", "-n", "3", "--plot", str(tmp_path / "p.png")])
            == 2
        )
        assert "[script.no_plotting]" in capsys.readouterr().err
    else:
        assert (
            main(["simulate", "-s", "premiere-nuit", "-n", "3", "--plot", str(tmp_path / "p.png")])
            == 0
        )
        assert (tmp_path / "p.png").stat().st_size > 0


def _play(argv: list[str], answers: list[str]) -> list[str]:
    args = build_parser().parse_args(["play", *argv])
    feed = iter(answers)
    lines: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            return "1"

    assert play.handle(args, read=read, write=lines.append) == 0
    return lines


def test_solo_play_shows_only_my_seat_then_everything_at_the_end() -> None:
    lines = _play(["--seed", "3", "--name", "Zoé"], ["1", "claim troublemaker swap 2 3", "1"])
    text = "\n".join(lines)
    live, _, end = text.partition("=== The game is over ===")
    assert "You received the Troublemaker." in live
    # my seat never sees another seat's private events during the game
    assert "only Werewolf" not in live and "The Werewolves woke" not in live
    assert "looked at centre card" not in live
    assert "Your decision (vote)" in live
    assert "What happened, step by step:" in end and "What each player knew:" in end
    # Bruno, a lone Werewolf (it read "Bruno woke with the Werewolves: Bruno.")
    assert "Bruno woke as the only Werewolf." in end
    assert ("Winners:" in end) or ("Nobody wins." in end)


def test_solo_play_accepts_free_text_and_reprompts_bad_input() -> None:
    # seed 11, seat 2: the Seer, called at night, then the talk, then the vote
    lines = _play(
        ["--seed", "11", "--seat", "2"],
        ["x", "99", "1", "claim ???", "I am a simple villager", "2"],
    )
    text = "\n".join(lines)
    assert text.count("Type a number from 1 to 8.") == 2
    assert "I could not read that claim [script.bad_claim]: '???' is not a One Night role" in text
    assert 'You: "I am a simple villager"' in text


def test_solo_thiercelieux_runs_to_the_end() -> None:
    lines = _play(["thiercelieux", "--players", "8", "--seed", "2"], [])
    assert "=== The game is over ===" in "\n".join(lines)


def test_solo_lupus_runs_to_the_end_and_words_the_two_stages() -> None:
    lines = _play(["lupus", "--players", "9", "--bots", "random", "--seed", "3"], [])
    text = "\n".join(lines)
    assert "=== The game is over ===" in text
    assert "The suspects:" in text and "The secret votes:" in text
    assert "holds the Welcome card" in text


def test_parse_claim() -> None:
    claim = parse_claim("seer look 3 saw 3=werewolf c1=villager", 5, 0)
    assert claim.role == "seer" and claim.did is not None and claim.did.players == (2,)
    assert [(s.role, s.seat, s.centre) for s in claim.saw] == [
        ("werewolf", 2, None),
        ("villager", None, 0),
    ]
    assert parse_claim("robber rob 2 saw me=seer", 5, 0).saw[0].seat == 0


def test_simulate_lupus_reports_its_sides_in_play(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "lupus", "--players", "9", "--games", "12", "--bots", "random"]
    code = main([*args, "--json", "--no-progress"])
    assert code == 0
    teams = json.loads(capsys.readouterr().out)["teams"]
    assert set(teams) == {"humans", "werewolves"}  # the basic deck holds no Werehamster
    assert sum(t["wins"] for t in teams.values()) == 12
    deck = "werewolf,werewolf,seer,werehamster,villager,villager,villager,villager,villager"
    assert main([*args, "--deck", deck, "--json", "--no-progress"]) == 0
    teams = json.loads(capsys.readouterr().out)["teams"]
    assert {"humans", "werewolves", "werehamster"} <= set(teams)


# --- Lupus in Tabula claims ------------------------------------------------------------------


class Listening:
    """A bot that keeps every view it is given (to see what the table showed it)."""

    def __init__(self, inner: Bot, heard: list[Event]) -> None:
        self.inner = inner
        self.heard = heard

    def _keep(self, view: SeatView) -> None:
        for e in view.events:
            if e.kind == "statement" and e not in self.heard:
                self.heard.append(e)

    def decide(self, view: SeatView, decision: Decision) -> Action:
        self._keep(view)
        return self.inner.decide(view, decision)

    def speak(self, view: SeatView) -> Statement | None:
        self._keep(view)
        return self.inner.speak(view)


def _play_lupus(
    says: list[str], monkeypatch: pytest.MonkeyPatch, *extra: str
) -> tuple[list[str], list[Event]]:
    """A 9-player Lupus game, me in seat 1 (seed 3): every decision takes option 1,
    each talk turn takes the next of ``says`` (then stays silent).  Returns what I was
    shown and the statements the bots were shown."""
    heard: list[Event] = []

    def listening(family: str, kind: str, **kw: Any) -> Callable[..., Bot]:
        make = factory(family, kind, **kw)
        return lambda seat, rng: Listening(make(seat, rng), heard)

    monkeypatch.setattr(play, "factory", listening)
    args = build_parser().parse_args(
        ["play", "lupus", "--players", "9", "--seed", "3", "--bots", "random", *extra]
    )
    feed = iter(says)
    lines: list[str] = []

    def read(prompt: str) -> str:
        return next(feed, "") if prompt == "say> " else "1"

    assert play.handle(args, read=read, write=lines.append) == 0
    return lines, heard


def test_lupus_medium_claim_with_a_human_sighting_reaches_the_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines, heard = _play_lupus(["claim medium saw 4=human"], monkeypatch)
    text = "\n".join(lines)
    assert "I could not read that claim" not in text
    assert "a sighting is werewolf or human" in text  # the prompt says how to claim
    mine = [e for e in heard if e.data["seat"] == 0]
    assert len(mine) == 1
    (said,) = mine
    assert said.audience.everyone
    assert said.data["claim"] == {"role": "medium", "saw": [{"role": "human", "seat": 3}]}
    live = text.partition("=== The game is over ===")[0]
    assert "You claim to be the Medium; say Dédé was human, not a Werewolf" in live
    assert "the Human" not in text


def test_lupus_unknown_role_is_refused_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    silent, quiet_heard = _play_lupus([""], monkeypatch)
    lines, heard = _play_lupus(["claim robber", ""], monkeypatch)
    errors = [line for line in lines if line.startswith("I could not read that claim")]
    assert errors == [
        "I could not read that claim [script.bad_claim]: 'robber' is not a Lupus in Tabula "
        "role (known: werewolf, villager, seer, medium, possessed, bodyguard, owl, freemason, "
        "werehamster, mythomaniac). Nothing was said; try again, or an empty line to stay silent."
    ]
    assert not [e for e in heard if e.data["seat"] == 0]
    assert heard == quiet_heard
    assert [line for line in lines if line not in errors] == silent


@pytest.mark.parametrize(
    "role",
    [
        "werewolf",
        "villager",
        "seer",
        "medium",
        "possessed",
        "bodyguard",
        "owl",
        "freemason",
        "werehamster",
        "mythomaniac",
    ],
)
def test_every_lupus_role_may_be_claimed(role: str) -> None:
    assert parse_claim(role, 9, 0, "lupus").role == role


def test_lupus_claims_read_human_names_and_actions() -> None:
    claim = parse_claim("seer look 3 saw 3=human 5=werewolf", 9, 0, "lupus")
    assert claim.did == Action("look", (2,))
    assert [(s.role, s.seat) for s in claim.saw] == [("human", 2), ("werewolf", 4)]
    assert parse_claim("Hibou", 9, 0, "lupus").role == "owl"
    assert parse_claim("garde-du-corps protect me", 9, 0, "lupus").did == Action("protect", (0,))
    assert parse_claim("freemason saw 2=freemason", 9, 0, "lupus").saw[0].role == "freemason"


@pytest.mark.parametrize(
    ("text", "family", "message"),
    [
        ("robber", "lupus", "'robber' is not a Lupus in Tabula role"),
        ("human", "lupus", "'human' is what the Seer or the Medium learns"),
        ("medium saw 3=wizard", "lupus", "a sighting may also be human"),
        ("medium saw c1=human", "lupus", "Lupus in Tabula has no centre cards"),
        ("medium saw 10=human", "lupus", "'10' is not a seat (1 to 9)"),
        ("thief take c3", "thiercelieux", "c1 or c2 (the Thief's two cards)"),
        ("thief take c2", "thiercelieux", None),
        ("medium", "one-night", "'medium' is not a One Night role"),
        ("seer saw 2=human", "one-night", "'human' is not a One Night role"),
        ("", "lupus", "name a role first"),
    ],
)
def test_bad_claims_say_what_is_wrong(text: str, family: str, message: str | None) -> None:
    if message is None:  # the same words, read in a family where they make sense
        assert parse_claim(text, 9, 0, family).did is not None
        return
    with pytest.raises(ScriptError) as err:
        parse_claim(text, 9, 0, family)
    assert err.value.code == "script.bad_claim"
    assert message in err.value.message


def test_lupus_claims_are_worded_as_what_a_player_is() -> None:
    words = Words(["Ann", "Bob", "Cid"], 0, "lupus")
    medium = {
        "role": "medium",
        "saw": [{"role": "human", "seat": 1}, {"role": "werewolf", "seat": 0}],
    }
    assert words.claim(medium) == (
        "claims to be the Medium; says Bob was human, not a Werewolf; says you were a Werewolf"
    )
    seer = {
        "role": "seer",
        "did": {"kind": "look", "players": [2]},
        "saw": [{"role": "human", "seat": 2}],
    }
    assert words.claim(seer) == (
        "claims to be the Seer; says they looked at Cid; says Cid is human, not a Werewolf"
    )
    assert words.claim({"role": "freemason", "saw": [{"role": "freemason", "seat": 1}]}) == (
        "claims to be a Freemason; says Bob is a Freemason"
    )


def test_an_option_naming_the_persons_own_seat_says_yourself() -> None:
    seat = play.TerminalSeat(0, ["Ann", "Bob", "Cid"], read=input, write=print)
    assert seat.option_text(Action("vote", (0,))) == "vote yourself"  # it said "vote you"
    assert seat.option_text(Action("vote", (1,))) == "vote Bob"
    assert seat.option_text(Action("swap", (0, 2))) == "swap you and Cid"


def test_thiercelieux_is_worded_as_a_game_whose_cards_stay() -> None:
    words = Words(["Ann", "Bob"], 0, "thiercelieux")
    assert words.event(public("night_step", step="lovers")) == "  (The narrator calls the Lovers.)"
    assert words.event(public("night_step", step="cupid")) == "  (The narrator calls Cupid.)"
    # One Night's "claims to have started as" is for cards that move in the night.
    assert words.claim({"role": "witch"}) == "claims to be the Witch"
    assert Words(["Ann"], 0, "one-night").claim({"role": "seer"}) == (
        "claims to have started as the Seer"
    )


def test_a_lupus_day_vote_says_how_its_tie_was_settled() -> None:
    """Stage 1 at twelve seats: Élise 8, Fanny 2, you 2.  Fanny is the second suspect, not
    you, because she comes first going clockwise from Dédé, who holds the Welcome card;
    the sentence says so (it said only "Most accused: Élise, Fanny")."""
    names = ["Zoé", "Bruno", "Céline", "Dédé", "Élise", "Fanny"] + [f"P{s}" for s in range(6, 12)]
    words = Words(names, 0, "lupus")
    counts: JSON = [[0, 2], [4, 8], [5, 2]]
    before = public("stage1_counted", counts=counts, leaders=[4, 0])
    assert words.event(before) == (
        "The votes counted: Élise (8), you (2), Fanny (2). Most accused: Élise, you; you and Fanny "
        "tied at 2 votes: you come first going clockwise from your seat (nobody holds the "
        "Welcome card yet)."
    )
    assert words.event(public("welcome_card", seat=3)) == "Dédé holds the Welcome card."
    counted = public("stage1_counted", counts=counts, leaders=[4, 5])
    assert words.event(counted) == (
        "The votes counted: Élise (8), you (2), Fanny (2). Most accused: Élise, Fanny; Fanny and you "
        "tied at 2 votes: Fanny comes first going clockwise from Dédé, who holds the Welcome "
        "card."
    )
    clear = public("stage1_counted", counts=[[4, 8], [5, 3], [0, 1]], leaders=[4, 5])
    assert words.event(clear) == (
        "The votes counted: Élise (8), Fanny (3), you (1). Most accused: Élise, Fanny."
    )
    alone = public("stage1_counted", counts=[[4, 11]], leaders=[4, 5])
    assert words.event(alone) == (
        "The votes counted: Élise (11). Most accused: Élise, Fanny; nobody else had a vote: "
        "Fanny comes first going clockwise from Dédé, who holds the Welcome card."
    )
    assert words.event(public("owl_pick", seat=5, replaced=None)) == (
        "The Owl's choice, Fanny, is one of them already."
    )
    assert words.event(public("owl_pick", seat=2, replaced=5)) == (
        "The Owl's choice, Céline, stands accused too, in place of Fanny."
    )
    stage2 = public("votes_revealed", ballots=[[1, 5], [2, 4]])
    assert words.event(stage2) == (
        "The secret votes: Bruno -> Fanny; Céline -> Élise; Élise and Fanny tied at 1 vote: "
        "Élise comes first going clockwise from Dédé, who holds the Welcome card."
    )


def test_one_night_claims_say_what_was_done_in_plain_words() -> None:
    words = Words(["Ann", "Bob", "Cid"], 0, "one-night")
    troublemaker = {"role": "troublemaker", "did": {"kind": "swap", "players": [0, 2]}}
    assert words.claim(troublemaker) == (
        "claims to have started as the Troublemaker; says they swapped you and Cid"
    )
    seer = {
        "role": "seer",
        "did": {"kind": "look", "centre": [0, 2]},
        "saw": [{"role": "werewolf", "centre": 0}, {"role": "tanner", "centre": 2}],
    }
    assert words.claim(seer) == (
        "claims to have started as the Seer; says they looked at centre card c1 and centre "
        "card c3; says centre card c1 was a Werewolf; says centre card c3 was the Tanner"
    )
    robber = {"role": "robber", "did": {"kind": "rob", "players": [1]}}
    assert words.claim(robber).endswith("says they robbed Bob")
    # one's own claim, after "You" (it read "You: claims ...; says they swapped ...")
    mine = {"role": "troublemaker", "did": {"kind": "swap", "players": [1, 2]}}
    assert words.event(public("statement", seat=0, text="", claim=mine)) == (
        "You claim to have started as the Troublemaker; say you swapped Bob and Cid"
    )
    assert words.claim({"did": {"kind": "wake"}}) == "says they did 'wake'"


def test_sentences_about_my_seat_speak_to_me() -> None:
    words = Words(["Ann", "Bob"], 0, "lupus")
    assert words.event(public("welcome_card", seat=0)) == "You hold the Welcome card."
    assert words.event(public("welcome_card", seat=1)) == "Bob holds the Welcome card."
    assert words.event(public("vote", seat=0, target=1, stage=1)) == "You vote for Bob."
    assert (words.event(public("lynched", seat=0)) or "").startswith("You are lynched. ")


def test_solo_lupus_plays_a_named_scenario(monkeypatch: pytest.MonkeyPatch) -> None:
    lines, _ = _play_lupus([], monkeypatch, "--scenario", "specials")
    text = "\n".join(lines)
    assert "Medium, Possessed, Bodyguard, Owl" in text
    assert "=== The game is over ===" in text


# --- the player count when none is given -----------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "players"),
    [
        (["simulate"], 5),
        (["simulate", "thiercelieux"], 8),
        (["simulate", "lupus"], 8),
        (["simulate", "lupus", "--scenario", "specials"], 12),
        (["simulate", "lupus", "--scenario", "everything", "--players", "11"], 11),
    ],
)
def test_simulate_without_players_plays_a_table_the_family_suits(
    argv: list[str], players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [*argv, "--games", "2", "--bots", "random", "--json", "--no-progress"]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2
    assert f"({players})," in report["label"]


@pytest.mark.parametrize(
    ("family", "scenario", "players"),
    [
        ("one-night", None, 5),
        ("one-night", "nuit-solitaire", 4),
        ("one-night", "revenants", 8),
        ("thiercelieux", "suggested-thief", 8),
        ("lupus", "basic", 8),
        ("lupus", "everything", 13),
        ("lupus", "nowhere", 8),  # table_spec then names the unknown scenario
    ],
)
def test_default_players_follow_the_family_and_the_scenario(
    family: str, scenario: str | None, players: int
) -> None:
    from loupgarou.cli.simulate import default_players
    from loupgarou.variants.registry import find_family

    assert default_players(find_family(family), scenario) == players


@pytest.mark.parametrize(
    ("family", "deck", "players"),
    [
        # One Night: every card but the three in the centre goes to a player.
        (
            "one-night",
            "werewolf,werewolf,seer,robber,troublemaker,villager,villager,villager,villager",
            6,
        ),
        # Thiercelieux: with a Thief, two cards are set aside.
        (
            "thiercelieux",
            "thief,werewolf,werewolf,seer,witch,hunter,villager,villager,villager,villager",
            8,
        ),
        (
            "thiercelieux",
            "werewolf,werewolf,seer,witch,hunter,villager,villager,villager,villager",
            9,
        ),
        ("lupus", "werewolf,werewolf,seer,medium,villager,villager,villager,villager,villager", 9),
    ],
)
def test_a_deck_without_players_seats_the_table_it_is_made_for(
    family: str, deck: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", family, "--deck", deck, "--games", "2", "--bots", "random"]
    assert main([*args, "--json", "--no-progress"]) == 0
    assert f"({players})," in json.loads(capsys.readouterr().out)["label"]


def test_a_deck_that_fits_no_table_gets_the_card_count_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "one-night", "--deck", "werewolf,seer,villager", "--no-progress"]
    assert main(args) == 2
    assert "setup.card_count" in capsys.readouterr().err


def test_play_lupus_without_players_sits_eight() -> None:
    args = build_parser().parse_args(["play", "lupus", "--seed", "4", "--bots", "random"])
    assert args.players is None
    lines: list[str] = []

    def read(prompt: str) -> str:  # silent at every talk turn, option 1 elsewhere
        return "" if prompt == "say> " else "1"

    assert play.handle(args, read=read, write=lines.append) == 0
    assert lines[0].startswith("Lupus in Tabula: 8 players (")
    assert "=== The game is over ===" in lines


def test_help_gives_the_defaults_and_every_family(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "play"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "default: what --deck is made for" in text
        assert "else 5 for one-night, 8 for thiercelieux and lupus" in text
        assert "Lupus in Tabula: basic (the default), specials or everything" in text
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "humans, werewolves or werehamster in Lupus in Tabula" in text


def test_a_lupus_seat_claiming_to_be_human_is_worded_as_such() -> None:
    words = Words(["Ann", "Bob"], 0, "lupus")
    assert words.claim({"role": "human"}) == "claims to be human (not a Werewolf)"
    assert "Human" not in words.claim({"role": "Human", "saw": [{"role": "human", "seat": 0}]})


def test_every_seat_has_its_own_name() -> None:
    names = play.table_names(24, 0, "Zoé")
    assert names[0] == "Zoé" and len(set(names)) == 24
    bigger = play.table_names(40, 3, "Ana")
    assert len(set(bigger)) == 40 and bigger.count("Ana") == 1 and "Bruno 2" in bigger


def test_plot_draws_a_rate_of_zero_whose_interval_rounds_below_it(tmp_path: Path) -> None:
    """Six games and no Tanner win: the Wilson bound came out 6.9e-18 above the rate of 0,
    a negative error bar, and matplotlib refused the whole picture."""
    pytest.importorskip("matplotlib")
    from loupgarou.sim.plot import plot_summary
    from loupgarou.sim.stats import Rate, summarise

    assert Rate(0, 6).interval[0] == 0.0 and Rate(6, 6).interval[1] == 1.0
    summary = replace(summarise("six games", []), teams={"tanner": Rate(0, 6)})
    plot_summary(summary, tmp_path / "six.png")
    assert (tmp_path / "six.png").stat().st_size > 0


def test_plot_refuses_a_file_that_is_not_an_image_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from loupgarou.cli import simulate

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("games were played before the --plot file was checked")

    monkeypatch.setattr(simulate, "run", no_games)
    assert main(["simulate", "-n", "3", "--plot", str(tmp_path / "x.txt")]) == 2
    assert "[script.bad_plot_file]" in capsys.readouterr().err
    assert main(["simulate", "-n", "3", "--plot", str(tmp_path / "no" / "x.png")]) == 2
    assert "[script.cannot_write]" in capsys.readouterr().err


def test_a_missing_matplotlib_is_reported_before_the_simulation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from loupgarou.cli import simulate

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("games were played before matplotlib was looked for")

    monkeypatch.setattr(simulate, "run", no_games)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    argv = ["simulate", "-n", "100000", "--plot", str(tmp_path / "p.png"), "--json"]
    assert main(argv) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "script.no_plotting"
