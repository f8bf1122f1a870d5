"""`loupgarou play` talks to a person: plain words (no internal names, roles by their
names), no needless questions, two seat numbers rather than dozens of pairs, the rest of
the game at the person's pace once they are out, and bots whose lies hold together."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from loupgarou.bots.one_night import SensibleOneNight
from loupgarou.bots.one_night.talk import say_claim
from loupgarou.cli import play
from loupgarou.cli.main import build_parser
from loupgarou.core.actions import Action
from loupgarou.core.statements import Claim, Sighting


def run(argv: list[str], answers: list[str]) -> tuple[list[str], list[str]]:
    """The lines written and the prompts shown, for a game with these answers (then "1")."""
    args = build_parser().parse_args(["play", *argv])
    feed: Iterator[str] = iter(answers)
    prompts: list[str] = []
    lines: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(feed, "1")

    assert play.handle(args, read=read, write=lines.append) == 0
    return lines, prompts


def test_lupus_play_shows_no_internal_names() -> None:
    lines, _ = run(["lupus", "--seed", "3", "--seat", "2"], [])
    text = "\n".join(lines)
    for leak in ("stage1", "stage2", "(defence)", "ended the defence", "(werewolves)", "_"):
        assert leak not in text, leak
    assert "Your decision (name a suspect, out loud):" in text
    assert "The cards in play: Werewolf, Werewolf, Seer, Villager" in text
    assert re.search(r"The cards at the end: Ana: Villager; you: Werewolf", text)


def test_a_many_night_game_begins_once_then_counts_its_nights() -> None:
    lines, _ = run(["thiercelieux", "--scenario", "suggested-thief", "--seed", "4"], [])
    assert lines[1].startswith("The game begins. The cards in play: Werewolf, Werewolf, Seer")
    assert "Night 1 falls." in lines and not any(line.startswith("Night falls") for line in lines)
    talk = next(line for line in lines if line.startswith("Your turn to talk"))
    assert "the Thief's two cards as c1 c2" in talk and "c3" not in talk
    # Without a Thief in the deck, the hint does not speak of the Thief's cards.
    lines, _ = run(["thiercelieux", "--scenario", "suggested", "--seed", "4"], [])
    talk = next(line for line in lines if line.startswith("Your turn to talk"))
    assert "Thief" not in talk and "c1" not in talk


def test_a_werewolf_is_not_asked_each_night_whether_to_wake() -> None:
    lines, _ = run(["thiercelieux", "--seed", "5", "--seat", "1"], [])
    text = "\n".join(lines)
    assert "You received a Werewolf." in text
    assert "werewolf wake" not in text and "  2. sleep" not in text
    assert "You woke up to hunt with the pack." in text


def test_a_troublemaker_at_ten_players_names_two_players_instead_of_37_options() -> None:
    lines, prompts = run(
        ["--scenario", "revenants", "--players", "10", "--seed", "1"], ["1 1", "12 3", "3 5"]
    )
    text = "\n".join(lines)
    assert "You received the Troublemaker." in text
    assert not any(line.startswith("  37.") or line.startswith("  10.") for line in lines)
    assert "swap the cards of two players: 2 Bruno, 3 Céline" in text
    assert prompts[:3] == ["two numbers> "] * 3  # two refused answers, then Céline and Élise
    assert "You swapped the cards of Céline and Élise." in text


def test_once_out_the_person_watches_the_rest_at_their_pace() -> None:
    lines, prompts = run(["lupus", "--seed", "3", "--seat", "2"], [])
    out_at = next(i for i, line in enumerate(lines) if line.startswith("You are lynched."))
    assert "You are a Ghost now" in lines[out_at]
    pauses = prompts.count("(press Enter to go on) ")
    nights_after = sum(1 for line in lines[out_at:] if re.match(r"Night \d+ falls", line))
    assert pauses >= nights_after >= 1


def test_the_person_alive_is_never_asked_to_press_enter() -> None:
    _, prompts = run(["--seed", "2"], [])
    assert "(press Enter to go on) " not in prompts


def test_a_robber_claim_reads_as_one_story() -> None:
    claim = Claim("robber", Action("rob", (3,)), (Sighting("seer", seat=0),))
    said = say_claim(claim, ["Ann", "Bob", "Cid", "Élise"], 0)
    assert (
        said == "I started as the Robber. I took Élise's card: it was the Seer, and it is mine now."
    )


def test_a_bot_names_centre_cards_c1_to_c3_as_people_read_them() -> None:
    seer = Claim(
        "seer",
        Action("look", centre=(0, 2)),
        (Sighting("villager", centre=0), Sighting("tanner", centre=2)),
    )
    assert say_claim(seer, ["Ann", "Bob", "Cid"], 1) == (
        "I started as the Seer. I looked at centre cards c1 and c3. "
        "Centre card c1 was a Villager. Centre card c3 was the Tanner."
    )
    drunk = Claim("drunk", Action("take", centre=(1,)))
    assert say_claim(drunk, ["Ann", "Bob", "Cid"], 1).endswith("centre card c2.")


def test_a_lying_robber_never_says_the_card_it_took_was_the_robber() -> None:
    from loupgarou.cli.main import main  # noqa: F401  (the bots register on import)
    from loupgarou.engine import new_match
    from loupgarou.sim.table import Table
    from loupgarou.variants.one_night import VARIANT

    deck = [
        "werewolf",
        "werewolf",
        "seer",
        "robber",
        "troublemaker",
        "villager",
        "villager",
        "villager",
    ]
    said = []
    for seed in range(150):
        match = new_match(VARIANT, ["A", "B", "C", "D", "E"], deck, seed=seed)
        bots = [SensibleOneNight(s, random.Random(seed * 10 + s)) for s in range(5)]
        Table(match, bots, rng=random.Random(seed)).play()
        for e in match.events:
            if e.kind == "statement" and e.data.get("claim"):
                claim = e.data["claim"]
                did = claim.get("did") or {}
                if claim.get("role") == "robber" and did.get("kind") == "rob":
                    said.append(claim)
    assert said, "some bot claimed to be the Robber"
    for claim in said:
        assert all(s["role"] != "robber" for s in claim.get("saw", [])), claim


def test_the_verdict_at_the_end_names_the_werewolf_who_died() -> None:
    lines, _ = run(["--seed", "3"], [])
    assert "  - a Werewolf died (Céline)" in lines  # the rules say "seat 2": people read names
    end = lines[lines.index("=== The game is over ===") :]
    assert not any(re.search(r"\bseat \d", line) for line in end)


def test_a_ghost_is_not_asked_a_question_with_one_answer() -> None:
    """A Lupus in Tabula Ghost is still called at its card's call (so that the table cannot
    tell which card it held), with nothing to do but let it pass: the terminal asked
    "Your decision: 1. do nothing" every night."""
    lines, _ = run(["lupus", "--scenario", "specials", "--players", "9", "--seed", "8"], [])
    text = "\n".join(lines)
    assert "You received the Bodyguard." in text and "You are lynched." in text
    out_at = next(i for i, line in enumerate(lines) if line.startswith("You are lynched."))
    assert "You did nothing (as the Bodyguard)." in lines[out_at:]
    for i, line in enumerate(lines):
        if line.startswith("Your decision"):
            assert lines[i + 2].startswith("  2. ") or "two players" in lines[i + 1], lines[
                i : i + 3
            ]
