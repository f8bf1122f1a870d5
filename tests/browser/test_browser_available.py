"""Says whether the browser tests can run here: skipped with the reason on a developer's
machine without Chromium or Playwright, an error under LOUPGAROU_REQUIRE_BROWSER=1."""

from __future__ import annotations

from tests.browser.conftest import missing


def test_browser_is_available() -> None:
    # The autouse fixture has skipped (or failed) already when something is missing.
    assert missing() is None
