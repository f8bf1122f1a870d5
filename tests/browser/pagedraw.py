"""A room's state drawn by the pages' own ``render`` in a real browser: what a device
would show for a state the test took from a real room, with no server in between; and
:func:`evaluate`, any question put to the pages' own modules in a page of the server."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from tests.browser.conftest import Phone, Server

DRAW = """async ([lang, st, now, me, ui]) => {
  const common = await import("/static/common.js");
  await common.loadLang(lang);
  const render = await import("/static/render.js");
  const fam = await import("/static/families.js");
  const cat = await (await fetch("/api/catalog")).json();
  const family = st.room.settings.family;
  const ctx = {
    t: common.t, has: common.has, ui, now, origin: location.origin, family,
    role: (r, many) => fam.roleName(cat, family, null, r, many),
    knowsRole: (r) => common.has(`role.${r}`),
    isBot: (seat) => st.room.seats?.[seat]?.kind === "bot",
    familyTitle: (k) => k, scenarioTitle: (f, s) => s, families: fam.families(cat),
    themes: [], optionField: fam.optionField, optionWords: fam.optionWords, lang,
  };
  const box = document.createElement("div");
  box.innerHTML = render.render(st, me, ui, ctx);
  const notes = box.querySelector("#h-notes")?.parentElement;
  return {
    banner: box.querySelector("#h-stage")?.textContent.trim(),
    under: [...(box.querySelector("#h-stage")?.parentElement.querySelectorAll("p") ?? [])].map((p) => p.textContent),
    line: box.querySelector("#h-cue span")?.textContent.trim(),
    cue: box.querySelector("#cue-text")?.textContent.trim(),
    notes: notes ? [...notes.querySelectorAll(":scope > ul > li")].map((li) => li.textContent) : [],
    earlier: notes?.querySelector("details summary")?.textContent ?? null,
    task: box.querySelector("#h-task")?.textContent.trim() ?? null,
    buttons: [...box.querySelectorAll("[data-act]")].map((b) => b.textContent.trim()),
    speak: box.querySelector("form#say") !== null,
    helps: [...box.querySelectorAll(".help")].map((p) => p.textContent.trim()),
    said: [...(box.querySelector("#h-claims")?.parentElement.querySelectorAll("li") ?? [])].map((li) => ({ text: li.textContent, muted: li.querySelector(".muted")?.textContent ?? null })),
    said_today: [...(box.querySelector("#h-claims")?.parentElement.querySelectorAll(":scope > ul > li") ?? [])].map((li) => li.textContent),
    said_before: box.querySelector("#claims-earlier summary")?.textContent ?? null,
    final_cards: [...box.querySelectorAll("#fc-0 option")].map((o) => o.value).filter((v) => v),
    table: [...box.querySelectorAll("ul.grid:not([aria-label]) li")].map((li) => li.textContent.trim()),
    who_done: [...(box.querySelector("ul.grid[aria-label]")?.querySelectorAll("li") ?? [])].map((li) => li.firstChild.textContent.trim()),
  };
}"""

NARRATOR: dict[str, Any] = {"role": "narrator", "seat": None, "name": None}


def draw(
    phone: Phone,
    state: dict[str, Any],
    now: float,
    me: dict[str, Any],
    ui: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What ``me`` (``role``, ``seat``, ``name``) is shown for ``state`` at ``now`` (``ui``:
    the page's own memory, what it sent and when), in
    English: the stage banner (``banner``, and ``under`` it), the narrator's line
    (``line``, ``cue``) and notes (``notes``, ``earlier``), the task's heading (``task``)
    and buttons (``buttons``), whether the form to speak is there (``speak``), the help
    lines (``helps``), the cards the narrator's "who won?" offers (``final_cards``) and
    what the others said (``said``: each line's text, and its claim in small print;
    ``said_today``, the day's lines shown open; ``said_before``, the fold of the earlier
    days), the list of who voted or is ready (``who_done``, each line but its words for
    screen readers) and a spectator's list of the players (``table``)."""
    out: dict[str, Any] = phone.page.evaluate(DRAW, ["en", state, now, me, ui or {}])
    return out


def evaluate(browser: Browser, server: Server, lang: str, script: str, *calls: Any) -> list[Any]:
    """What ``script`` answers for each of ``calls`` (its argument), in a page of ``server``
    opened in ``lang``: the pages' own modules asked directly, with no room."""
    phone = Phone(browser, server.base, "reader", lang=lang)
    try:
        phone.open("/")
        return [phone.page.evaluate(script, args) for args in calls]
    finally:
        phone.close()
