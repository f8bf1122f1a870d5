"""A table with real cards (``narrator_knows: results``): the app is told results, not
ballots, and the first living player's phone asks for them in plain words.  The Captain's
heading names the title, and the lynch can be told as nobody."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from tests.browser.conftest import Phone, Server
from tests.browser.shots import capture, shots_dir
from tests.browser.table import play


class Seen(Exception):
    """The lynch's result was asked of Ann: the test has what it came for."""


class Gone(Exception):
    """Ann died before she could speak for the table: deal again."""


_SHOWN = """() => {
  const heading = document.querySelector("#h-task");
  return {
    kind: window.__lg.state?.game?.task?.kind ?? null,
    heading: heading ? heading.innerText : null,
    buttons: [...document.querySelectorAll("[data-act]")].map((b) => b.innerText),
  };
}"""
"""The task of the state the page holds, and its heading and buttons as rendered."""


def _one_game(browser: Browser, server: Server, shots: Path) -> dict[str, Any]:
    code, token = server.room(
        "Ann",
        family="thiercelieux",
        scenario="suggested",
        players=8,
        mode="phones",
        lang="en",
        options={"narrator_knows": "results"},
        timers={"call": 2, "discussion": 5, "vote": 5},
    )
    ann = Phone(browser, server.base, "Ann").with_token(code, token)
    seen: dict[str, Any] = {}

    def look(phone: Phone, state: dict[str, Any]) -> None:
        game = state["game"]
        task = game.get("task") or {}
        alive = game["view"]["public"].get("alive")
        if alive is not None and 0 not in alive:
            raise Gone
        if task.get("kind") not in ("captain_result", "lynch_result"):
            return
        # The task and what the page shows for it, read in one go: the page renders each
        # state as it arrives, so a later state (the task's timer ran out) cannot come
        # between the two reads.
        now = phone.page.evaluate(_SHOWN)
        kind = now["kind"]
        if kind in ("captain_result", "lynch_result") and now["heading"] is not None:
            seen[kind] = now["heading"]
            seen[kind + ".buttons"] = now["buttons"]
            capture(phone, f"task-{kind.replace('_', '-')}", shots)
            if kind == "lynch_result":
                raise Seen

    try:
        ann.open(f"/r/{code}")
        ann.page.click("[data-bots-all]")
        ann.page.click("[data-start]")
        with contextlib.suppress(Seen, Gone):
            play([ann], talk=False, each=look)
        assert not ann.errors, ann.errors
        return seen
    finally:
        ann.close()


def test_the_tables_voice_is_asked_for_results_in_words(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    # Ann sits first: she speaks for the table while she lives (a night's victim
    # in one deal of six or so, hence a few deals at most).
    for _ in range(6):
        seen = _one_game(browser, server, shots_dir(tmp_path))
        if "lynch_result" in seen:
            break
    else:
        raise AssertionError("Ann never lived to give a result in six deals")
    assert seen.get("captain_result") == "Tell the app whom the table elected Captain"
    assert seen["lynch_result"] == "Tell the app whom the table lynched (or nobody)"
    assert "Nobody is lynched" in seen["lynch_result.buttons"]
