"""Drive a table of phones through a game by their pages, as people would tap."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.browser.conftest import Phone


def seat_of(state: dict[str, Any]) -> int | None:
    you = state.get("you") or {}
    seat = you.get("seat")
    return seat if isinstance(seat, int) else None


def secrets_leaked(phone: Phone) -> list[str]:
    """Events in this device's frames meant for another seat, before the game's end."""
    bad = []
    for st in phone.states():
        game = st.get("game")
        if not game or st["room"]["status"] == "over" or game.get("phase") == "over":
            continue
        seat = seat_of(st)
        for e in game["view"]["events"]:
            aud = e.get("audience")
            if aud == "everyone":
                continue
            if not isinstance(aud, list) or seat not in aud:
                bad.append(f"{phone.label} got {e}")
    return bad


def act(phone: Phone, rng: random.Random) -> bool:
    """Answer the current task through the page; True if something was tapped."""
    st = phone.state()
    if not st or not st.get("game"):
        return False
    task = st["game"].get("task")
    page = phone.page
    if not task or page.locator("#h-task").count() == 0:
        return False
    options = task["options"]
    if page.locator("[data-pick]").count():
        targets = [o for o in options if o.get("players") or o.get("centre")]
        choice = rng.choice(targets)
        for s in choice.get("players", []):
            page.click(f'[data-pick="p{s}"]', timeout=3000)
        for c in choice.get("centre", []):
            page.click(f'[data-pick="c{c}"]', timeout=3000)
        page.click("button.primary[data-act]", timeout=3000)
        return True
    buttons = page.locator("[data-act]")
    n = buttons.count()
    if n:
        buttons.nth(rng.randrange(n)).click(timeout=3000)
        return True
    return False


def play(
    phones: list[Phone], *, timeout: float = 180, talk: bool = True, seed: int = 1, each: Any = None
) -> None:
    """Tap through the game on every phone until each shows the end."""
    rng = random.Random(seed)
    said: set[str] = set()
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        over = 0
        for ph in phones:
            st = ph.state()
            if not st or not st.get("game"):
                continue
            if st["room"]["status"] == "over":
                over += 1
                continue
            g = st["game"]
            if each is not None:
                each(ph, st)  # the test's own checks: nothing of theirs is swallowed
            try:
                if g["stage"] == "discussion":
                    day = f"{ph.label}.{g['night']}"
                    if talk and day not in said and ph.page.locator("#say").count():
                        said.add(day)
                        ph.page.fill("#say-text", f"{ph.label} here, I slept well.")
                        ph.page.click("#say button[type=submit]", timeout=3000)
                    ready = ph.page.locator("[data-ready]:not([disabled])")
                    if ready.count():
                        ready.click(timeout=3000)
                else:
                    act(ph, rng)
            except Exception as exc:  # a re-render took the button away: look again
                if "Timeout" not in type(exc).__name__ and "detached" not in str(exc):
                    raise
        if over == len(phones):
            return
        time.sleep(0.15)
    raise AssertionError(
        "the game did not end in time: " + str([p.state() for p in phones][:1])[:2000]
    )
