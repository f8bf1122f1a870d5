"""Whole games on phones, one browser context per phone, bots in the other seats."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import Phone, Server
from tests.browser.table import play, seat_of, secrets_leaked

FAMILIES = [
    ("one-night", {"scenario": "premiere-nuit", "players": 5}, 3),
    ("thiercelieux", {"scenario": "suggested", "players": 8}, 2),
    ("lupus", {"scenario": "basic", "players": 8}, 2),
]


@pytest.fixture
def table() -> Iterator[list[Phone]]:
    phones: list[Phone] = []
    yield phones
    for p in phones:
        p.close()


def seat_table(  # noqa: PLR0917 - the table's six parts
    browser: Browser,
    server: Server,
    phones: list[Phone],
    family: str,
    extra: dict[str, object],
    humans: int,
    lang: str = "en",
) -> str:
    """Ann creates the room, the others join from its link, bots take the rest; started."""
    code, token = server.room("Ann", family=family, mode="phones", lang=lang, **extra)
    host = Phone(browser, server.base, "Ann", lang=lang).with_token(code, token)
    phones.append(host)
    host.open(f"/r/{code}")
    expect(host.page.locator("#seats")).to_be_visible()
    for i in range(1, humans):
        ph = Phone(browser, server.base, f"P{i}", lang=lang)
        phones.append(ph)
        ph.join(code, f"P{i}")
        expect(ph.page.locator("#seats")).to_be_visible()
        expect(host.page.locator("#seats")).to_contain_text(f"P{i}")
    host.page.click("[data-bots-all]")
    expect(host.page.locator("[data-start]")).to_be_enabled()
    host.page.click("[data-start]")
    for ph in phones:
        expect(ph.page.locator("#h-stage")).to_be_visible()
    return code


@pytest.mark.parametrize(("family", "extra", "humans"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_whole_game(  # noqa: PLR0917 - pytest's fixtures and parameters
    browser: Browser,
    server: Server,
    table: list[Phone],
    family: str,
    extra: dict[str, object],
    humans: int,
) -> None:
    seat_table(browser, server, table, family, extra, humans)
    # The card: hidden until tapped, then the seat's own dealt role, hidden again.
    for ph in table:
        st = ph.state()
        assert st is not None
        seat = seat_of(st)
        dealt = [e for e in st["game"]["view"]["events"] if e["kind"] == "dealt"]
        assert len(dealt) == 1 and dealt[0]["audience"] == [seat]
        expect(ph.page.locator("#my-card")).to_have_count(0)
        ph.page.click('[data-card="show"]')
        expect(ph.page.locator("#my-card")).to_be_visible()
        role = ph.page.evaluate("r => window.__lg && r", dealt[0]["data"]["role"])
        assert role
        ph.page.click('[data-card="hide"]')
        expect(ph.page.locator("#my-card")).to_have_count(0)

    seen: dict[str, set[str]] = {}

    def same_night_screens(ph: Phone, st: dict[str, Any]) -> None:
        # Real tasks and decoys: the same heading and help, no word of which is which.
        g = st["game"]
        if g["phase"] != "night" or not g.get("task"):
            return
        panel = ph.page.locator("#h-task").locator("xpath=..")
        if panel.count() == 0:
            return
        text = panel.inner_text()
        assert "decoy" not in text.lower() and "leurre" not in text.lower(), text
        heading = ph.page.locator("#h-task").inner_text()
        seen.setdefault(heading, set()).add("decoy" if g["task"]["decoy"] else "real")

    play(table, each=same_night_screens)
    assert len(seen) == 1, seen  # one heading for every night screen, real or decoy
    for ph in table:
        expect(ph.page.locator("#h-end")).to_be_visible()
        rows = ph.page.locator("#h-cards ~ .wide table tbody tr")
        st = ph.state()
        assert st is not None
        expect(rows).to_have_count(len(st["room"]["seats"]))
        assert not ph.errors, ph.errors
        assert not secrets_leaked(ph), secrets_leaked(ph)[:3]
    # The room's tournament after its first game: a point for each winner; and the
    # game's record, downloaded from the end screen, names the same winners.
    host = table[0]
    st = host.state()
    assert st is not None
    names = [s["name"] for s in st["room"]["seats"]]
    winners = st["game"]["view"]["outcome"]["winners"]
    points = dict(st["room"]["standings"]["points"])
    assert points == {n: int(i in winners) for i, n in enumerate(names)}
    expect(host.page.locator("#standings")).to_contain_text("after 1 game")
    href = host.page.get_attribute("#record-link", "href")
    assert href is not None
    record = json.loads(server.get(href))
    assert record["config"]["players"] == names
    assert record["outcome"]["winners"] == winners
