"""The narrator's screen in narrated Thiercelieux and One Night rooms, drawn by the page's
own `render` (in a real browser) from the room's real state at chosen moments of the
script.

The table game master writes ahead of its script: once the day's vote is answered it has
written the lynch, then night 2 up to its next question.  Before: while the narrator still
read "The village lynches Cy." the screen said "Night 2", listed night 2's notes ("Nobody
acts at this call", the Werewolves' names), and counted the lines as "(28/35)" although
more would come."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser

from loupgarou.session.room import Room
from tests.browser.conftest import Phone, Server
from tests.browser.pagedraw import NARRATOR, draw
from tests.session.test_narrated_one_night import revenants
from tests.session.test_narrated_room import narrator_sees, thiercelieux_to_night_two


def test_the_narrators_screen_follows_the_line_being_read(browser: Browser, server: Server) -> None:
    room, narrator, lynch, nightfall, _ = thiercelieux_to_night_two()
    origin = narrator["origin"]
    phone = Phone(browser, server.base, "narrator")
    try:
        phone.open("/")
        moment = origin + lynch + 0.5
        at_lynch = draw(phone, json.loads(narrator_sees(room, moment)), moment, NARRATOR)
        moment = origin + nightfall + 0.5
        at_night = draw(phone, json.loads(narrator_sees(room, moment)), moment, NARRATOR)
        moment = origin + max(narrator["notes_at"]) + 0.5
        at_wolves = draw(phone, json.loads(narrator_sees(room, moment)), moment, NARRATOR)
    finally:
        phone.close()
    assert at_lynch["cue"] == "The village lynches Cy."
    assert at_lynch["banner"] == "☀ Day 1"  # the game is at night 2 already
    assert at_lynch["line"].startswith("(line ") and " of " not in at_lynch["line"]
    shown = at_lynch["notes"]
    assert not any(n.startswith(("Nobody acts", "Werewolves")) for n in shown[-1:]), shown
    assert "Nobody acts at this call: say the words and wait for the call to end." not in shown
    assert at_night["banner"] == "☾ Night 2"
    assert at_night["cue"].startswith("Night falls")
    assert (
        "Nobody acts at this call: say the words and wait for the call to end."
        not in at_night["notes"]
    )
    # at night 2's Werewolves' call: its notes, the four latest shown, the earlier folded
    notes = narrator["notes"]
    assert len(notes) > 4 and at_wolves["notes"] == notes[-4:]
    assert at_wolves["notes"][-1].startswith("Werewolves:")
    assert at_wolves["earlier"] == f"Earlier notes ({len(notes) - 4})"


def one_night_narrated() -> tuple[Room, dict[str, Any]]:
    room = Room("ONE")
    settings = {"family": "one-night", "players": 5, "mode": "narrated"}
    room.apply({"t": "create", "settings": settings, "host": "nat", "name": None, "now": 0.0})
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    room.apply({"t": "lobby", "op": "names", "names": names, "by": "nat", "now": 1.0})
    room.apply({"t": "lobby", "op": "start", "seed": 7, "by": "nat", "now": 2.0})
    narrator: dict[str, Any] = json.loads(narrator_sees(room, 3.0))["narrator"]
    return room, narrator


def test_a_one_night_script_read_by_day_shows_the_day(browser: Browser, server: Server) -> None:
    """One Night's script is read whole while the game waits for the votes: the banner
    said "Night 1" through the dawn, the discussion and the count to the vote."""
    room, narrator = one_night_narrated()
    at, t = [], 0.0
    for cue in narrator["cues"]:
        at.append((cue["kind"], narrator["origin"] + t + 0.5))
        t += cue["seconds"]
    moments = dict(reversed(at))  # each kind's first line
    phone = Phone(browser, server.base, "narrator")
    try:
        phone.open("/")
        shown = {
            kind: draw(
                phone, json.loads(narrator_sees(room, moments[kind])), moments[kind], NARRATOR
            )
            for kind in ("nightfall", "wake", "dawn", "discussion", "vote")
        }
    finally:
        phone.close()
    banners = {kind: s["banner"] for kind, s in shown.items()}
    assert banners == {
        "nightfall": "☾ Night 1",
        "wake": "☾ Night 1",
        "dawn": "☀ Day 1",
        "discussion": "☀ Day 1",
        "vote": "☀ Day 1",
    }


def test_who_won_asks_for_the_role_the_doppelganger_copied(
    browser: Browser, server: Server
) -> None:
    """The Doppelgänger card is given as the role it copied (its holder plays that role);
    "Doppelgänger" was offered as a card, and its holder then counted with the village."""
    room = revenants()
    phone = Phone(browser, server.base, "narrator")
    try:
        phone.open("/")
        shown = draw(phone, json.loads(narrator_sees(room, 10_001.0)), 10_001.0, NARRATOR)
    finally:
        phone.close()
    assert "doppelganger" not in shown["final_cards"] and "werewolf" in shown["final_cards"]
    assert (
        "The Doppelgänger card: pick the role it copied, as its holder plays that role."
        in shown["helps"]
    )
