"""A phone's stage banner by day, drawn by the page's own ``render`` from the states a real
served Thiercelieux room sends at a decision that is not a vote (a dead Hunter's shot, the
Captain's successor): the deciding player's phone, and a spectator's.

Before: the banner read "A decision is awaited" and nothing said whose decision it was."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser.conftest import Phone, Server
from tests.browser.pagedraw import draw
from tests.session.test_phone_days import state_at_a_decision


def test_the_banner_names_who_the_day_waits_for(browser: Browser, server: Server) -> None:
    host, spectator, pending = state_at_a_decision("thiercelieux", 9, range(12))
    assert pending == [0]  # the seed found has the host deciding (a dead Hunter's shot)
    name = host["game"]["view"]["players"][0]
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        mine = draw(phone, host, float(host["now"]), {"role": "host", "seat": 0, "name": name})
        theirs = draw(
            phone, spectator, float(spectator["now"]), {"role": "spectator", "seat": None}
        )
    finally:
        phone.close()
    assert mine["banner"] == theirs["banner"] and mine["banner"].startswith("☀ Day ")
    assert "The day waits for your decision" in mine["under"], mine
    assert f"Waiting for {name} to decide" in theirs["under"], theirs
