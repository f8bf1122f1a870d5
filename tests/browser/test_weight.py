"""Page weight (script and style under 150 kB) and time to first render from loopback."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.conftest import ROOT, Phone, Server

WEB = ROOT / "src" / "loupgarou" / "web"
BUDGET = 150_000


def test_script_and_style_fit_the_budget() -> None:
    files = [*WEB.glob("*.js"), *WEB.glob("*.css")]
    total = sum(p.stat().st_size for p in files)
    assert total < BUDGET, f"{total} bytes of script and style"


def first_paint(phone: Phone) -> float:
    fcp: float = phone.page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1"
    )
    return fcp


def load_both(browser: Browser, server: Server) -> dict[str, float]:
    """One load of the home page and of a new room's lobby, with their figures (ms, bytes)."""
    figures: dict[str, float] = {}
    home = Phone(browser, server.base, "home")
    room_phone = None
    try:
        sizes: list[int] = []
        home.page.on("response", lambda r: sizes.append(len(r.body())) if r.ok else None)
        home.page.goto("/")
        expect(home.page.locator("#create")).to_be_visible()
        figures["home_fcp_ms"] = first_paint(home)
        home.page.wait_for_function("window.__lg && window.__lg.formAt")
        figures["home_form_ms"] = home.page.evaluate("window.__lg.formAt")
        figures["home_bytes"] = sum(sizes)
        code, token = server.room("Ann", family="one-night", scenario="premiere-nuit", players=5)
        room_phone = Phone(browser, server.base, "Ann").with_token(code, token)
        sizes.clear()
        room_phone.page.on("response", lambda r: sizes.append(len(r.body())) if r.ok else None)
        room_phone.page.goto(f"/r/{code}")
        room_phone.page.wait_for_function(
            "window.__lg && window.__lg.state && document.getElementById('seats')"
        )
        figures["room_lobby_ms"] = room_phone.page.evaluate("window.__lg.stateAt")
        figures["room_fcp_ms"] = first_paint(room_phone)
        room_phone.page.wait_for_load_state("networkidle")
        figures["room_bytes"] = sum(sizes)
    finally:
        home.close()
        if room_phone is not None:
            room_phone.close()
    return figures


def test_first_render_is_quick(browser: Browser, server: Server, tmp_path: Path) -> None:
    # Each time is the better of two loads: on a shared machine in the middle of the test
    # suite one load may wait a moment for the CPU (seen: a lobby at 1,085 ms whose loads
    # alone take 290 to 520 ms), and the bound is about the pages, not that moment.
    runs = [load_both(browser, server) for _ in range(2)]
    figures = {key: min(run[key] for run in runs) for key in runs[0]}
    (tmp_path / "figures.json").write_text(json.dumps(runs, indent=1))
    print("page figures:", json.dumps(runs))
    assert 0 < figures["home_fcp_ms"] < 1000, runs
    assert 0 < figures["room_fcp_ms"] < 1000, runs
    assert figures["home_form_ms"] < 1000, runs
    assert figures["room_lobby_ms"] < 1000, runs
