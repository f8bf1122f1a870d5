"""The narrator's device in a narrated room: names, the night spoken cue by cue at the
script's times (speech stubbed), through a lost connection, then "who won?"."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import Phone, Server
from tests.browser.shots import capture, shots_dir


def cue_times(narr: dict[str, Any]) -> list[tuple[float, str]]:
    at = 0.0
    out = []
    for c in narr["cues"]:
        start = c.get("at", at)
        out.append((narr["origin"] + start, c["text"]))
        at = start + c["seconds"]
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_narrated_one_night(browser: Browser, server: Server, tmp_path: Path, lang: str) -> None:
    code, token = server.room(
        None,
        family="one-night",
        scenario="premiere-nuit",
        players=4,
        mode="narrated",
        lang=lang,
        timers={"call": 1, "discussion": 5, "vote": 5},
    )
    narr = Phone(browser, server.base, "narrator", lang=lang).with_token(code, token)
    try:
        narr.open(f"/r/{code}")
        expect(narr.page.locator("#names")).to_be_visible()
        for i, name in enumerate(["Ann", "Bob", "Cid", "Dee"]):
            narr.page.fill(f"#nm-{i}", name)
        narr.page.click("#names button[type=submit]")
        expect(narr.page.locator("[data-start]")).to_be_enabled()
        if lang == "en":
            capture(narr, "narrator-lobby", shots_dir(tmp_path))
        narr.page.click("[data-start]")
        expect(narr.page.locator("#cue-text")).to_be_visible()
        st = narr.state()
        assert st is not None and st["narrator"] is not None
        script = cue_times(st["narrator"])
        offset = st["now"] - time.time()  # server clock minus this machine's
        assert len(script) >= 4
        # Halfway through, the connection drops: the night goes on from the held script.
        half = script[len(script) // 2][0] - offset - time.time()
        time.sleep(max(0.0, half))
        if lang == "en":
            capture(narr, "narrator-night", shots_dir(tmp_path), dark=True)
        narr.context.set_offline(True)
        end = script[-1][0] - offset - time.time()
        time.sleep(max(0.0, end) + 1.0)
        narr.context.set_offline(False)
        spoken = [s for s in narr.page.evaluate("window.__spoken") if "text" in s]
        assert [s["text"] for s in spoken] == [t for _, t in script]
        seconds = [c["seconds"] for c in st["narrator"]["cues"]]
        for s, (at, _), slot in zip(spoken, script, seconds, strict=True):
            assert abs((s["t"] + offset) - at) < 0.6, (s, at)
            assert s["lang"].startswith(lang)
            # Each line fits its slot: spoken faster (up to 2x) when it is long.
            assert 1 <= s["rate"] <= 2
            if slot:
                fits = len(s["text"]) / 14 / s["rate"] <= max(slot * 0.9, 0.5) + 0.01
                assert fits or s["rate"] == 2, (s, slot)
            else:
                assert s["rate"] == 1  # the open-ended last line
        # After the script: "who won?" with a card and a vote per player.
        expect(narr.page.locator("#final")).to_be_visible(timeout=15000)
        if lang == "en":
            capture(narr, "narrator-final", shots_dir(tmp_path))
        cards = ["werewolf", "seer", "villager", "robber"]
        for i, card in enumerate(cards):
            narr.page.select_option(f"#fc-{i}", card)
            narr.page.select_option(f"#fv-{i}", str(0 if i else 1))
        narr.page.click("#final button[type=submit]")
        narr.page.wait_for_function(
            "document.getElementById('h-end') || document.querySelector('.toast')"
        )
        refused = [f for f in narr.received if '"type": "error"' in f or '"type":"error"' in f]
        assert not refused, refused[-1][:300]  # the cards and votes reach the game
        expect(narr.page.locator("#h-end")).to_be_visible()
        if lang == "en":
            capture(narr, "narrator-end", shots_dir(tmp_path))
        assert not narr.errors, narr.errors
    finally:
        narr.close()


@pytest.mark.parametrize(
    ("family", "scenario", "players", "options"),
    [
        ("thiercelieux", "suggested", 8, {}),
        # a narrator who tells results, not ballots: the Captain and the lynch in one answer
        ("thiercelieux", "suggested", 8, {"narrator_knows": "results"}),
        ("lupus", "basic", 8, {}),
    ],
)
def test_narrated_game_master(  # noqa: PLR0917 - pytest's fixtures and parameters
    browser: Browser,
    server: Server,
    tmp_path: Path,
    family: str,
    scenario: str,
    players: int,
    options: dict[str, str],
) -> None:
    """Thiercelieux and Lupus with real cards: the narrator answers each question the game
    master asks with its buttons, until the verdict."""
    code, token = server.room(
        None,
        family=family,
        scenario=scenario,
        players=players,
        mode="narrated",
        lang="en",
        options=options,
        timers={"call": 1, "discussion": 1, "vote": 1},
    )
    narr = Phone(browser, server.base, "narrator").with_token(code, token)
    try:
        narr.open(f"/r/{code}")
        for i in range(players):
            narr.page.fill(f"#nm-{i}", f"N{i + 1}")
        narr.page.click("#names button[type=submit]")
        expect(narr.page.locator("[data-start]")).to_be_enabled()
        narr.page.click("[data-start]")
        # Pause and resume: the clocks stop and start again.
        narr.page.click('[data-op="pause"]')
        expect(narr.page.locator('[data-op="resume"]')).to_be_visible()
        narr.page.wait_for_function("window.__lg.state.room.status === 'paused'")
        narr.page.click('[data-op="resume"]')
        narr.page.wait_for_function("window.__lg.state.room.status === 'playing'")
        asked = 0
        questions: set[str] = set()
        deadline = time.monotonic() + 150
        while narr.page.locator("#h-end").count() == 0:
            if time.monotonic() > deadline:
                st = narr.state() or {}
                narr_state = dict(st.get("narrator") or {})
                cues = narr_state.pop("cues", [])
                raise AssertionError(f"stuck: {st.get('now')} {narr_state} {cues[-3:]}")
            buttons = narr.page.locator("[data-answer]")
            if buttons.count():
                questions.add(narr.page.locator("#h-ask").inner_text())
                if asked == 2 and family == "thiercelieux":
                    capture(narr, "narrator-question", shots_dir(tmp_path), dark=True)
                n = buttons.count()
                try:
                    buttons.nth(asked % n).click(timeout=2000)
                    asked += 1
                except Exception as exc:
                    if "Timeout" not in type(exc).__name__:
                        raise
            elif narr.page.locator("[data-skip]:not([disabled])").count():
                narr.page.click("[data-skip]", timeout=2000)
            time.sleep(0.2)
        assert asked > 0
        if options:  # the village's result was asked, never its ballots
            assert "Whom did the village lynch? (a player, or none)" in questions, questions
            assert not any(q.startswith("Result of the vote") for q in questions), questions
        expect(narr.page.locator("#h-end")).to_be_visible()
        assert not narr.errors, narr.errors
    finally:
        narr.close()


NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


def dealt_at_a_narrated_table(browser: Browser, server: Server, names: Sequence[str]) -> Phone:
    """The narrator's phone at a narrated Thiercelieux table of the suggested deck, the
    players named and every card dealt as the page first offers it (the caller closes it)."""
    code, token = server.room(
        None,
        family="thiercelieux",
        scenario="suggested",
        players=len(names),
        mode="narrated",
        lang="en",
        timers={"call": 1, "discussion": 1, "vote": 1},
    )
    narr = Phone(browser, server.base, "narrator").with_token(code, token)
    try:
        narr.open(f"/r/{code}")
        for i, name in enumerate(names):
            narr.page.fill(f"#nm-{i}", name)
        narr.page.click("#names button[type=submit]")
        narr.page.click("[data-start]")
        ask = narr.page.locator("#h-ask")
        for name in names:  # each player's card: the first card still to deal
            expect(ask).to_contain_text(f"Card of {name}")
            narr.page.locator("[data-answer]").first.click()
    except BaseException:
        narr.close()
        raise
    return narr


def test_cupids_two_lovers_are_tapped_then_sent_together(browser: Browser, server: Server) -> None:
    """Cupid's question takes two names: each name's button sent that name alone, which
    the game master refused, so the narrator had to type both.  The names are tapped now,
    and "Send" answers with both."""
    narr = dealt_at_a_narrated_table(browser, server, NAMES[:9])
    try:
        ask = narr.page.locator("#h-ask")
        expect(ask).to_have_text("The two players Cupid pointed at?", timeout=20_000)
        send = narr.page.locator("button.primary[data-answer]")
        expect(narr.page.locator("#h-ask ~ p.help")).to_have_text("Tap 2 names, then send.")
        expect(send).to_be_disabled()
        narr.page.click('[data-answer-pick="Bob"]')
        expect(send).to_be_disabled()
        narr.page.click('[data-answer-pick="Eve"]')
        expect(send).to_have_text("Send: Bob and Eve")
        send.click()
        expect(ask).not_to_have_text("The two players Cupid pointed at?")
        st = narr.state()
        assert st is not None
        assert not any("two players" in note for note in st["narrator"]["notes"]), st["narrator"]
        assert not narr.errors, narr.errors
    finally:
        narr.close()


def test_the_werewolves_who_slept_are_tapped_or_nobody_at_one_tap(
    browser: Browser, server: Server
) -> None:
    """ "Who kept their eyes shut?" offered one button a name: a tap sent that name alone, so
    two sleeping Werewolves had to be typed.  The names are tapped now (one or more), then
    sent together; "nobody" still answers at one tap, and the question does not tell the
    tablet to press Enter for it (the terminal's words)."""
    narr = dealt_at_a_narrated_table(browser, server, NAMES[:8])
    try:
        ask = narr.page.locator("#h-ask")
        expect(ask).to_contain_text("Seer", timeout=20_000)
        narr.page.click('[data-answer="none"]')
        expect(ask).to_contain_text("Who kept their eyes shut?", timeout=20_000)
        expect(ask).not_to_contain_text("Enter")
        st = narr.state()
        assert st is not None
        question = st["narrator"]["ask"]
        wolves = [c for c in question["choices"] if c not in question["alone"]]
        assert question["upto"] and question["pick"] == len(wolves) >= 2, question
        assert question["alone"] == ["none"]
        send = narr.page.locator("button.primary[data-answer]")
        expect(narr.page.locator("#h-ask ~ p.help")).to_have_text(
            f"Tap one name or more (up to {len(wolves)}), then send."
        )
        expect(send).to_be_disabled()
        expect(narr.page.locator('[data-answer="none"]')).to_be_visible()
        narr.page.click(f'[data-answer-pick="{wolves[0]}"]')
        expect(send).to_have_text(f"Send: {wolves[0]}")
        narr.page.click(f'[data-answer-pick="{wolves[1]}"]')
        expect(send).to_have_text(f"Send: {wolves[0]} and {wolves[1]}")
        send.click()
        # both asleep (the table has two): the game master asks whether the pack starves
        assert len(wolves) == 2
        expect(ask).to_contain_text("None of the Werewolves opened their eyes")
        assert not narr.errors, narr.errors
    finally:
        narr.close()
