"""The home page: create a room from the catalog's form, remembered next time; join by code."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from tests.browser.conftest import Phone, Server


def create_as_ann(host: Phone) -> dict[str, Any]:
    """Type the host's name, create the room, wait for its lobby: the room's state."""
    page = host.page
    page.fill("#my-name", "Ann")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/r/*")
    expect(page.locator("#seats")).to_be_visible()
    st = host.state()
    assert st is not None
    return st


def test_create_remember_and_join(browser: Browser, server: Server) -> None:
    host = Phone(browser, server.base, "host")
    guest = Phone(browser, server.base, "guest", lang="fr")
    try:
        host.open("/")
        page = host.page
        page.check('input[name="family"][value="thiercelieux"]')
        expect(page.locator("#scenario")).to_have_value("suggested")
        page.fill("#players", "9")
        page.dispatch_event("#players", "change")
        page.click("details summary")
        page.fill("#timer-discussion", "120")
        st = create_as_ann(host)
        settings = st["room"]["settings"]
        assert settings["family"] == "thiercelieux" and settings["players"] == 9
        assert settings["timers"]["discussion"] == 120
        code = st["room"]["code"]
        # Back home: the last settings are there again.
        host.open("/")
        expect(page.locator('input[name="family"][value="thiercelieux"]')).to_be_checked()
        expect(page.locator("#my-name")).to_have_value("Ann")
        # A guest joins by the code typed on the home page (in French).
        guest.open("/")
        expect(guest.page.locator("h1")).to_have_text("Le Loup-Garou à votre table")
        guest.page.fill("#join-code", code.lower())
        guest.page.fill("#join-name", "Bob")
        guest.page.click("#join button[type=submit]")
        expect(guest.page.locator("#seats")).to_contain_text("Bob")
        expect(guest.page.locator("#seats")).to_contain_text("Ann")
        # The host changes the table in the lobby: ten players now.
        host.open(f"/r/{code}")
        host.page.click("#edit-settings summary")
        host.page.fill("#set-players", "10")
        host.page.click("#settings-form button[type=submit]")
        expect(host.page.locator("#seats li")).to_have_count(10)
        expect(guest.page.locator("#seats li")).to_have_count(10)
        # The host reorders with the arrows: Bob goes first.
        host.page.click('[data-move="-1"][data-seat="1"]')
        expect(host.page.locator("#seats li").first).to_contain_text("Bob")
        # A wrong code says so.
        guest.join("ZZZZZ", "Bob")
        expect(guest.page.locator(".notice.bad")).to_be_visible()
        assert not host.errors and not guest.errors, host.errors + guest.errors
    finally:
        host.close()
        guest.close()


def test_a_link_to_a_room_that_does_not_exist_says_so(browser: Browser, server: Server) -> None:
    """The page asks for a name with no word of a connection (it has none yet), and once
    the server says there is no such room it says that, not "connecting…" for ever."""
    guest = Phone(browser, server.base, "guest")
    try:
        guest.open("/r/QQQQQ")
        page = guest.page
        expect(page.locator("#joinform")).to_be_visible()
        expect(page.locator(".conn")).to_have_count(0)
        page.fill("#jn", "Zed")
        page.click("#joinform button[type=submit]")
        expect(page.get_by_text("There is no room with that code.")).to_be_visible()
        expect(page.locator(".conn")).to_have_count(0)
        expect(page.locator("a.button[href='/']")).to_be_visible()
    finally:
        guest.close()


def test_a_name_typed_after_the_player_count_is_kept(browser: Browser, server: Server) -> None:
    """A person types the count, taps "Your name" and types it.  The count's change redrew
    the whole form as the name field took the tap, so the name went nowhere."""
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        page = phone.page
        page.click('input[name="family"][value="lupus"]')
        page.click("#players")
        page.keyboard.press("Control+A")
        page.keyboard.type("12")
        page.click("#my-name")
        page.keyboard.type("Zoé")
        assert page.input_value("#my-name") == "Zoé"
        assert page.evaluate("document.activeElement.id") == "my-name"
        # the deck shown is the twelve-player one (the basic table's: nine Villagers)
        expect(page.locator("#players-deck")).to_contain_text("Villager, Villager")
        deck = page.inner_text("#players-deck")
        assert deck.count("Villager") == 9 and deck.count("Werewolf") == 2, deck
    finally:
        phone.close()


def test_the_packs_clock_is_offered_where_a_pack_chooses_a_victim(
    browser: Browser, server: Server
) -> None:
    """Thiercelieux and Lupus on phones have a clock for the Werewolves' call; One Night's
    Werewolves only look (no such clock), and a narrated table has no phone calls to time."""
    host = Phone(browser, server.base, "host")
    try:
        host.open("/")
        page = host.page
        page.click("details summary")
        page.check('input[name="family"][value="one-night"]')
        expect(page.locator("#timer-call")).to_be_visible()
        expect(page.locator("#timer-pack")).to_have_count(0)
        page.check('input[name="family"][value="lupus"]')
        expect(page.locator("#timer-pack")).to_have_value("30")
        expect(page.locator("#timer-pack-h")).to_contain_text("agrees on a victim")
        page.check('input[name="mode"][value="narrated"]')
        expect(page.locator("#timer-pack")).to_have_count(0)
        page.check('input[name="mode"][value="phones"]')
        page.fill("#timer-pack", "75")
        page.dispatch_event("#timer-pack", "change")
        assert create_as_ann(host)["room"]["settings"]["timers"]["pack"] == 75
        expect(page.locator("section[aria-labelledby=h-set]")).to_contain_text(
            "the pack's call 75 s"
        )
        # The host changes it in the lobby.
        page.click("#edit-settings summary")
        page.fill("#set-pack", "40")
        page.click("#settings-form button[type=submit]")
        expect(page.get_by_text("the pack's call 40 s")).to_be_visible()
        # A family without a victim call: neither the field nor the words.
        if not page.locator("#set-family").is_visible():
            page.click("#edit-settings summary")
        page.select_option("#set-family", "one-night")
        page.click("#settings-form button[type=submit]")
        expect(page.get_by_text("Night calls 10 s · discussion")).to_be_visible()
        expect(page.locator("#set-pack")).to_have_count(0)
        assert not host.errors, host.errors
    finally:
        host.close()
