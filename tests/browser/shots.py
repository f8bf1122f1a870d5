"""Screenshots of a screen at a phone's and a desktop's size, in English and French."""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.browser.conftest import DESKTOP, PHONE, ROOT, Phone

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

SAVE = os.environ.get("LOUPGAROU_SCREENSHOTS") == "1"
"""Set to write them under docs/screenshots (else they go to the test's temporary folder)."""


def shots_dir(tmp: Path) -> Path:
    out = ROOT / "docs" / "screenshots" if SAVE else tmp / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    return out


def shrink(path: Path) -> None:
    """Down to 256 colours when Pillow is there (a screen has few): a quarter of the bytes."""
    try:
        image: Any = importlib.import_module("PIL.Image")
    except ImportError:
        return
    with image.open(path) as im:
        small = im.convert("RGB").quantize(
            colors=256, method=image.Quantize.MEDIANCUT, dither=image.Dither.NONE
        )
        small.save(path, optimize=True)


UNLABELLED = """
[...document.querySelectorAll('button, input:not([type=hidden]), select, textarea')]
  .filter((el) => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.placeholder || '').trim();
    const label = el.id && document.querySelector(`label[for="${el.id}"]`);
    return !text && !label && !el.closest('label');
  })
  .map((el) => el.outerHTML.slice(0, 120))
"""
SMALL = """
[...document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=radio])')]
  .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height < 40; })
  .map((el) => el.outerHTML.slice(0, 120))
"""


OUTSIDE = """
(() => {
  const out = [];
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1) out.push(`the page is ${page.scrollWidth} px wide`);
  for (const box of document.querySelectorAll('.panel, .stage')) {
    const b = box.getBoundingClientRect();
    if (!b.width) continue;
    // What a block that scrolls sideways (or clips) inside the panel holds may be wider.
    const held = (el) => {
      for (let a = el.parentElement; a && a !== box; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of box.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width || held(el) || getComputedStyle(el).position === 'absolute') continue;
      if (r.right > b.right + 1 || r.left < b.left - 1) {
        out.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}" runs past its panel`);
      }
    }
  }
  return out;
})()
"""
NARROW: ViewportSize = {"width": 320, "height": 640}
"""The narrowest phone the pages are made for."""


def check_fits(phone: Phone) -> None:
    """Nothing runs past the edge of its panel, nor makes the page scroll sideways."""
    outside = phone.page.evaluate(OUTSIDE)
    width = phone.page.viewport_size
    assert outside == [], f"at {width}: {outside}"


def check_access(phone: Phone) -> None:
    """Every control has a name a screen reader can say, and a target a finger can hit."""
    assert phone.page.evaluate(UNLABELLED) == []
    assert phone.page.evaluate(SMALL) == []


def capture(
    phone: Phone, name: str, folder: Path, *, full: bool = False, dark: bool = False
) -> list[Path]:
    """Four pictures of what the phone shows now (and a fifth, dark, on the phone in
    English with ``dark``); the page's language is restored.  In each language the screen
    is checked to fit (:func:`check_fits`) at 320 px and at both sizes."""
    page = phone.page
    check_access(phone)
    before = page.evaluate("document.documentElement.lang") or "en"
    made = []
    for lang in ("en", "fr"):
        if page.locator(f'[data-lang="{lang}"]').count():
            page.click(f'[data-lang="{lang}"]')
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.set_viewport_size(NARROW)
        check_fits(phone)
        for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
            page.set_viewport_size(size)
            page.evaluate("document.fonts.ready")
            check_fits(phone)
            path = folder / f"{name}-{label}-{lang}.png"
            page.screenshot(path=str(path), full_page=full, animations="disabled", caret="hide")
            if SAVE:
                shrink(path)
            made.append(path)
    page.set_viewport_size(PHONE)
    if dark:
        page.click('[data-lang="en"]')
        page.emulate_media(color_scheme="dark")
        path = folder / f"{name}-phone-en-dark.png"
        page.screenshot(path=str(path), animations="disabled", caret="hide")
        if SAVE:
            shrink(path)
        made.append(path)
        page.emulate_media(color_scheme="light")
    if page.locator(f'[data-lang="{before}"]').count():
        page.click(f'[data-lang="{before}"]')
    return made
