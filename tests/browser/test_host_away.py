"""The host's phone goes away (closed, flat): the others' pages say so and offer to take
over as host, in a real browser against a real server."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.conftest import Phone, Server
from tests.browser.shots import capture, shots_dir


def test_a_player_takes_over_from_a_host_whose_phone_went_away(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    code, token = server.room("Ann", family="one-night", scenario="premiere-nuit", players=5)
    ann = Phone(browser, server.base, "Ann").with_token(code, token)
    bob = Phone(browser, server.base, "Bob", lang="fr")
    try:
        ann.open(f"/r/{code}")
        bob.join(code, "Bob")
        expect(bob.page.locator("#seats")).to_contain_text("Bob")
        away = bob.page.locator("#host-away")
        expect(away).to_have_count(0)  # the host is here: nothing to offer
        expect(bob.page.locator("[data-start]")).to_have_count(0)

        ann.close()
        expect(away).to_contain_text("Ann, l'hôte, n'est plus en ligne")
        capture(bob, "host-away", shots_dir(tmp_path))  # fits at 320 px, named controls
        bob.page.click('[data-op="take_host"]')
        expect(away).to_have_count(0)
        expect(bob.page.locator("[data-bots-all]")).to_be_visible()  # the host's controls
        bob.page.click("[data-bots-all]")
        expect(bob.page.locator("[data-start]")).to_be_enabled()
        assert not bob.errors, bob.errors

        # Ann back on her phone: a player now, offered nothing (Bob is here).
        ann = Phone(browser, server.base, "Ann").with_token(code, token)
        ann.open(f"/r/{code}")
        expect(ann.page.locator("#seats")).to_be_visible()
        expect(ann.page.locator("[data-start]")).to_have_count(0)
        expect(ann.page.locator("#host-away")).to_have_count(0)
        assert not ann.errors, ann.errors
    finally:
        ann.close()
        bob.close()
