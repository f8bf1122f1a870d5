"""The host edits the table in the lobby of a rematch: the theme and a rule change, and
every phone shows the new table at once (roles renamed, the rule in words); a table the
rules refuse is shown with the engine's reason, and the start waits for it; the new game,
French now, is told in French at its end."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.conftest import ROOT, Phone, Server
from tests.browser.shots import capture, shots_dir
from tests.browser.table import play


def test_the_host_retunes_a_rematch_in_the_lobby(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    code, token = server.room(
        "Ann",
        family="one-night",
        scenario="premiere-nuit",
        players=3,
        mode="phones",
        lang="en",
        timers={"call": 2, "discussion": 5, "vote": 5},
    )
    ann = Phone(browser, server.base, "Ann").with_token(code, token)
    bob = Phone(browser, server.base, "Bob", lang="fr")
    try:
        ann.open(f"/r/{code}")
        bob.join(code, "Bob")
        expect(ann.page.locator("#seats")).to_contain_text("Bob")
        ann.page.click("[data-bots-all]")
        expect(ann.page.locator("[data-start]")).to_be_enabled()
        ann.page.click("[data-start]")
        play([ann, bob], talk=False)

        # The rematch: back in the lobby, the host opens the table's settings.
        ann.page.click('[data-op="rematch"]')
        expect(ann.page.locator("#seats")).to_be_visible()
        expect(bob.page.locator("#seats")).to_be_visible()
        expect(bob.page.locator("#edit-settings")).to_have_count(0)  # guests only look
        ann.page.click("#edit-settings summary")
        ann.page.select_option("#set-theme", "pirates")
        expect(ann.page.locator("#h-set + p + p")).to_contain_text("Mutineer")
        # Bob's page (in French) names the roles as pirates do, live.
        expect(bob.page.locator("#h-set + p + p")).to_contain_text("Mutin")
        # A rule, explained in words, switched off: the guest sees it named.
        expect(ann.page.locator("#set-opt-lone_wolf_peek-h")).to_contain_text("in the middle")
        ann.page.uncheck("#set-opt-lone_wolf_peek")
        expect(bob.page.locator("#table-options")).to_contain_text("Mutin solitaire")
        expect(bob.page.locator("#table-options")).not_to_contain_text("Loup")
        expect(bob.page.locator("#table-options")).to_contain_text("non")
        settings = bob.state()["room"]["settings"]  # type: ignore[index]
        assert settings["theme"] == "pirates"
        assert settings["options"]["lone_wolf_peek"] is False
        # The language of the game and a clock change the same way.
        ann.page.select_option("#set-lang", "fr")
        ann.page.fill("#set-discussion", "240")
        ann.page.press("#set-discussion", "Enter")
        expect(bob.page.locator("#h-set ~ p.muted")).to_contain_text("240")
        assert bob.state()["room"]["settings"]["lang"] == "fr"  # type: ignore[index]
        # A custom deck the rules refuse: the engine's reason is shown, the start waits.
        ann.page.select_option("#set-scenario", "")
        expect(ann.page.locator("[data-set-deck]").first).to_be_visible()
        capture(ann, "lobby-settings", shots_dir(tmp_path), full=True)
        ann.page.click('[data-set-deck="+"][data-role="tanner"]')
        expect(ann.page.locator(".notice.bad")).to_be_visible()
        expect(ann.page.locator("[data-start]")).to_be_disabled()
        expect(bob.page.locator(".notice.bad")).to_be_visible()
        ann.page.click('[data-set-deck="-"][data-role="tanner"]')
        expect(ann.page.locator("[data-start]")).to_be_enabled()
        capture(bob, "lobby-player-themed", shots_dir(tmp_path), full=True)
        # The new game deals its cards under their pirate names.
        ann.page.click("[data-start]")
        expect(bob.page.locator('[data-card="show"]')).to_be_visible()
        bob.page.click('[data-card="show"]')
        st = bob.state()
        assert st is not None
        dealt = next(e for e in st["game"]["view"]["events"] if e["kind"] == "dealt")
        theme = json.loads((ROOT / "src/loupgarou/narration/themes/pirates.json").read_text())
        pirate = theme["names"]["fr"][dealt["data"]["role"]]
        expect(bob.page.locator("#my-card")).to_contain_text(
            pirate["one"] if isinstance(pirate, dict) else pirate
        )
        # At its end the game is told in the room's language, roles as the pirates say.
        play([ann, bob], talk=False, seed=2)
        told = bob.page.locator('ol.events[lang="fr"]')
        expect(told).to_contain_text("La partie est finie")
        expect(told).to_contain_text(pirate["one"] if isinstance(pirate, dict) else pirate)
        capture(bob, "end-french-room", shots_dir(tmp_path), full=True)
        # Bob switches his page to English: the story follows him (the server told it in both).
        bob.page.click('[data-lang="en"]')
        expect(bob.page.locator('ol.events[lang="en"]')).to_contain_text("The game is over")
        assert not ann.errors and not bob.errors, ann.errors + bob.errors
    finally:
        ann.close()
        bob.close()
