"""Reload and network loss: the page comes back to the same place with the same view."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.conftest import Phone, Server
from tests.browser.table import play


def view_text(phone: Phone) -> str:
    """What the page shows, without its running clocks."""
    text: str = phone.page.inner_text("#app")
    return re.sub(r"\d+:\d\d", "#:##", text)


def test_reload_and_offline_come_back(browser: Browser, server: Server) -> None:
    code, token = server.room(
        "Ann",
        family="one-night",
        scenario="premiere-nuit",
        players=4,
        mode="phones",
        timers={"call": 30, "discussion": 30, "vote": 30},
    )
    ann = Phone(browser, server.base, "Ann").with_token(code, token)
    bob = Phone(browser, server.base, "Bob")
    try:
        ann.open(f"/r/{code}")
        bob.join(code, "Bob")
        expect(ann.page.locator("#seats")).to_contain_text("Bob")
        # The lobby after a reload: the same seats.
        before = view_text(bob)
        bob.page.reload()
        bob.page.wait_for_function("window.__lg && window.__lg.state")
        expect(bob.page.locator("#seats")).to_contain_text("Bob")
        assert view_text(bob) == before
        ann.page.click("[data-bots-all]")
        ann.page.click("[data-start]")
        # The night's first call (30 s): reload, then lose and regain the network.
        expect(bob.page.locator("#h-task")).to_be_visible()
        bob.page.click('[data-card="show"]')
        expect(bob.page.locator("#my-card")).to_be_visible()
        bob.page.click('[data-card="hide"]')
        before = view_text(bob)
        sockets = len([f for f in bob.sent if '"hello"' in f or '"join"' in f])
        bob.page.reload()
        expect(bob.page.locator("#h-task")).to_be_visible()
        assert view_text(bob) == before
        assert len([f for f in bob.sent if '"hello"' in f]) == sockets  # came back with its token

        bob.context.set_offline(True)
        expect(bob.page.locator('.conn[data-ok="false"]')).to_be_visible(timeout=15000)
        bob.context.set_offline(False)
        expect(bob.page.locator('.conn[data-ok="true"]')).to_be_visible(timeout=20000)
        assert view_text(bob) == before
        play([ann, bob])
        bob.page.reload()
        expect(bob.page.locator("#h-end")).to_be_visible()
        # The host starts a rematch: both are back in the lobby, in the same seats.
        ann.page.click('[data-op="rematch"]')
        expect(bob.page.locator("#seats")).to_contain_text("Bob")
        expect(ann.page.locator("#seats")).to_contain_text("Ann")
        assert not ann.errors and not bob.errors, ann.errors + bob.errors
    finally:
        ann.close()
        bob.close()
