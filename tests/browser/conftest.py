"""Browser tests: Playwright (sync API) driving Debian's Chromium against a real
``loupgarou serve`` started for the session on a free loopback port.

Without Playwright or Chromium the tests skip and say why; with
``LOUPGAROU_REQUIRE_BROWSER=1`` (set by ``.ci/run``) the same absence is an error.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.builds import COMPILED

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, WebSocket

CHROMIUM = os.environ.get("LOUPGAROU_CHROMIUM", "/usr/bin/chromium")
REQUIRE = os.environ.get("LOUPGAROU_REQUIRE_BROWSER") == "1"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
ROOT = Path(__file__).resolve().parents[2]


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed: make .venv/.installed (the dev extra has it)"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM}: apt-get install chromium (or set LOUPGAROU_CHROMIUM)"
    return None


def _importable() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


# Without Playwright the test modules cannot even be imported: only
# test_browser_available.py is collected, and it says why (or fails, in CI).
collect_ignore_glob = [] if _importable() else ["test_[!b]*.py"]


@pytest.fixture(autouse=True)
def _need_browser(request: pytest.FixtureRequest) -> None:
    needs = {"browser", "server"} & set(request.fixturenames)
    if not needs and request.node.name != "test_browser_is_available":
        return  # a test of the files alone (the weight budget)
    if COMPILED:
        pytest.skip("browser tests run once, on the interpreted build")
    why = missing()
    if why is not None:
        if REQUIRE:
            pytest.fail(f"LOUPGAROU_REQUIRE_BROWSER=1 but {why}", pytrace=False)
        pytest.skip(why)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    def __init__(self, base: str, proc: subprocess.Popen[bytes], log: Path) -> None:
        self.base = base
        self.proc = proc
        self.log = log

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            out: dict[str, Any] = json.loads(r.read())
            return out

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(self.base + path, timeout=10) as r:
            data: bytes = r.read()
            return data

    def room(self, name: str | None, **settings: Any) -> tuple[str, str]:
        """Create a room by the HTTP call; answers its code and the creator's token."""
        base: dict[str, Any] = {"timers": {"call": 2, "discussion": 20, "vote": 10}}
        base.update(settings)
        out = self.post("/api/rooms", {"settings": base, "name": name})
        return str(out["code"]), str(out["token"])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if missing() is not None or COMPILED:
        pytest.skip("no browser")
    data = tmp_path_factory.mktemp("data")
    port = free_port()
    log = data / "serve.log"
    code = "import sys; from loupgarou.cli.main import main; sys.exit(main())"
    cmd = [sys.executable, "-c", code, "serve", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--data", str(data)]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"loupgarou serve did not start:\n{log.read_text()}")
        time.sleep(0.1)
    yield Server(base, proc, log)
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


SPEECH_STUB = """
(() => {
  const log = [];
  window.__spoken = log;
  class Utterance { constructor(text) { this.text = text; this.lang = ""; this.rate = 1; this.voice = null; } }
  window.SpeechSynthesisUtterance = Utterance;
  const synth = {
    speaking: false,
    getVoices() { return []; },
    speak(u) { log.push({ text: u.text, lang: u.lang, rate: u.rate, t: Date.now() / 1000 });
               setTimeout(() => u.onend && u.onend(), 50); },
    cancel() { log.push({ cancel: true, t: Date.now() / 1000 }); },
    addEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
})();
"""


class Phone:
    """One device: its own browser context (storage, cookies), page and WebSocket log."""

    def __init__(
        self,
        browser: Browser,
        base: str,
        label: str,
        viewport: ViewportSize = PHONE,
        lang: str = "en",
    ) -> None:
        self.label = label
        self.base = base
        self.context: BrowserContext = browser.new_context(viewport=viewport, base_url=base)
        self.context.add_init_script(f"localStorage.setItem('lg.lang', JSON.stringify('{lang}'));")
        self.context.add_init_script(SPEECH_STUB)
        self.page: Page = self.context.new_page()
        self.received: list[str] = []
        self.sent: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", self._socket)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _socket(self, ws: WebSocket) -> None:
        ws.on(
            "framereceived", lambda p: self.received.append(p if isinstance(p, str) else p.decode())
        )
        ws.on("framesent", lambda p: self.sent.append(p if isinstance(p, str) else p.decode()))

    def with_token(self, code: str, token: str) -> Phone:
        tokens = json.dumps({code: token})
        self.context.add_init_script(
            f"if (!localStorage.getItem('lg.tokens')) localStorage.setItem('lg.tokens', {json.dumps(tokens)});"
        )
        return self

    def open(self, path: str) -> None:
        self.page.goto(path)
        self.page.wait_for_function("window.__lg && window.__lg.ready")

    def join(self, code: str, name: str) -> None:
        """Open the room's link and join under ``name`` by its form, as a person would."""
        self.open(f"/r/{code}")
        self.page.fill("#jn", name)
        self.page.click("#joinform button[type=submit]")

    def state(self) -> dict[str, Any] | None:
        out: dict[str, Any] | None = self.page.evaluate("window.__lg.state")
        return out

    def states(self) -> list[dict[str, Any]]:
        out = []
        for raw in self.received:
            msg = json.loads(raw)
            if msg.get("type") == "state":
                out.append(msg)
        return out

    def close(self) -> None:
        self.context.close()
