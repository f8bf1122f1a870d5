"""Every screen at 390x844 and 1280x800 in both languages (docs/screenshots with
LOUPGAROU_SCREENSHOTS=1), taken along a real game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from tests.browser.conftest import Phone, Server
from tests.browser.shots import capture, shots_dir
from tests.browser.table import play, secrets_leaked


def test_screens_of_a_game(browser: Browser, server: Server, tmp_path: Path) -> None:
    out = shots_dir(tmp_path)
    phones: list[Phone] = []
    try:
        home = Phone(browser, server.base, "home")
        phones.append(home)
        home.open("/")
        expect(home.page.locator("#create")).to_be_visible()
        capture(home, "home", out)

        code, token = server.room(
            "Ann",
            family="one-night",
            scenario="premiere-nuit",
            players=5,
            mode="phones",
            lang="en",
            timers={"call": 30, "discussion": 30, "vote": 15},
        )
        ann = Phone(browser, server.base, "Ann").with_token(code, token)
        phones.append(ann)
        ann.open(f"/r/{code}")
        bob = Phone(browser, server.base, "Bob")
        phones.append(bob)
        bob.open(f"/r/{code}")
        expect(bob.page.locator("#joinform")).to_be_visible()
        capture(bob, "join", out)
        bob.page.fill("#jn", "Bob")
        bob.page.click("#joinform button[type=submit]")
        expect(ann.page.locator("#seats")).to_contain_text("Bob")
        ann.page.click('[data-bot="2"]')
        expect(ann.page.locator("#seats")).to_contain_text("⚙")
        expect(ann.page.locator("div.qr svg")).to_be_visible()
        capture(ann, "lobby-host", out, dark=True)
        capture(bob, "lobby-player", out)
        ann.page.click("[data-bots-all]")
        expect(ann.page.locator("[data-start]")).to_be_enabled()
        ann.page.click("[data-start]")

        watcher = Phone(browser, server.base, "watcher")
        phones.append(watcher)
        watcher.open(f"/r/{code}")
        watcher.page.click("[data-watch]")
        expect(watcher.page.locator("#h-stage")).to_be_visible()

        taken: set[str] = set()

        def each(ph: Phone, st: dict[str, Any]) -> None:
            if ph is not ann:
                return
            g = st["game"]
            page = ph.page
            if (
                g["phase"] == "night"
                and g.get("task")
                and "night" not in taken
                and page.locator("#h-task").count()
            ):
                taken.add("night")
                capture(ph, "night-task", out, dark=True)
                page.click('[data-card="show"]')
                capture(ph, "night-card", out)
                if page.locator('[data-card="hide"]').count():  # it hides itself after 8 s
                    page.click('[data-card="hide"]')
                capture(watcher, "spectator", out)
                # Answer now (Bob has not yet: the call is still on) and show the wait.
                page.locator("[data-pick]").first.click()
                page.click("button.primary[data-act]")
                expect(page.get_by_text("Keep still")).to_be_visible()
                taken.add("done")
                capture(ph, "night-done", out)
            elif g["stage"] == "discussion" and "day" not in taken:
                taken.add("day")
                page.click("[data-saw-add]")
                page.select_option("#claim-role", "seer")
                capture(ph, "day-discussion", out)
            elif (
                g["stage"] == "vote"
                and g.get("task")
                and "vote" not in taken
                and page.locator("#h-task").count()
            ):
                taken.add("vote")
                capture(ph, "day-vote", out, dark=True)

        play([ann, bob], each=each)
        expect(ann.page.locator("#h-end")).to_be_visible()
        capture(ann, "end", out, dark=True)
        assert {"night", "done", "day", "vote"} <= taken, taken
        for ph in phones:
            assert not ph.errors, ph.errors
        assert not secrets_leaked(watcher), secrets_leaked(watcher)[:3]
        assert not secrets_leaked(bob), secrets_leaked(bob)[:3]
    finally:
        for ph in phones:
            ph.close()
