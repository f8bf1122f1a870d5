"""What a phone shows at a stage, drawn by the page's own ``render`` from the states a real
served room sends: a decision by day that is not a vote (a dead Hunter's shot, the
Captain's successor), a Lupus in Tabula suspect's defence, a night call with nothing to
pick, a statement that is a claim alone; on the deciding player's phone and on a
spectator's.

Before: the day's banner read "A decision is awaited" and nothing said whose decision it
was; a suspect's phone offered only "Say nothing", with no way to speak in their defence;
the Little Girl was told to pick players or cards and shown a greyed-out Confirm."""

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


def test_a_suspect_may_speak_in_their_defence(browser: Browser, server: Server) -> None:
    host, spectator, pending = state_at_a_decision("lupus", 9, range(20), "defence")
    names = host["game"]["view"]["players"]
    others = [names[s] for s in pending if s != 0]
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        mine = draw(phone, host, float(host["now"]), {"role": "host", "seat": 0, "name": names[0]})
        theirs = draw(
            phone, spectator, float(spectator["now"]), {"role": "spectator", "seat": None}
        )
    finally:
        phone.close()
    assert (mine["task"], mine["buttons"], mine["speak"]) == (
        "Your defence",
        ["End my defence"],
        True,
    )
    everyone = [names[0], *others]
    said = everyone[0] if len(everyone) == 1 else f"{', '.join(everyone[:-1])} and {everyone[-1]}"
    assert f"Defending themselves: {said}" in theirs["under"], theirs
    assert not theirs["speak"] and theirs["task"] is None
    if others:
        assert f"Defending themselves: you and {' and '.join(others)}" in mine["under"], mine
    else:
        assert "Your defence: speak if you wish, then end it" in mine["under"], mine


def test_a_night_choice_with_nothing_to_pick_shows_only_its_choices(
    browser: Browser, server: Server
) -> None:
    """The Little Girl's call: "Wake up" or "Stay asleep", with no "pick players or cards"
    help and no greyed-out Confirm (both were there, with nothing to pick)."""
    host, _, _ = state_at_a_decision("thiercelieux", 9, range(40), "call", "werewolf_wake")
    name = host["game"]["view"]["players"][0]
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        mine = draw(phone, host, float(host["now"]), {"role": "host", "seat": 0, "name": name})
    finally:
        phone.close()
    assert mine["buttons"] == ["Wake up", "Stay asleep"], mine


def test_a_claim_without_words_is_shown_as_the_statement(browser: Browser, server: Server) -> None:
    """In a room not in English a bot's statement is its claim alone: the page showed its
    name and a colon, then the claim in small grey print, as if it had said nothing.  In
    English a bot's words are its claim, and the claim was shown again under them."""
    host, _, _ = state_at_a_decision("thiercelieux", 9, range(12))
    claim = {"role": "seer", "saw": [{"seat": 2, "role": "werewolf"}]}
    seats = host["room"]["seats"]
    seats[4] = {**seats[4], "kind": "human"}
    seats[5] = {**seats[5], "kind": "bot"}
    for data in (
        {"seat": 3, "text": "", "claim": claim},
        {"seat": 4, "text": "Trust me.", "claim": claim},
        {"seat": 5, "text": "I am the Seer, and Cy is a Werewolf.", "claim": claim},
    ):
        host["game"]["view"]["events"].append(
            {"kind": "statement", "audience": "everyone", "data": data}
        )
    names = host["game"]["view"]["players"]
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        shown = draw(phone, host, float(host["now"]), {"role": "host", "seat": 0, "name": names[0]})
    finally:
        phone.close()
    said = f"I am the Seer. I saw {names[2]}: Werewolf."
    assert {"text": f"{names[3]}: {said}", "muted": None} in shown["said"], shown["said"]
    # a person's words and their claim may differ: both; a bot's words are its claim: once
    assert {"text": f"{names[4]}: Trust me.{said}", "muted": said} in shown["said"], shown["said"]
    bot_said = f"{names[5]}: I am the Seer, and Cy is a Werewolf."
    assert {"text": bot_said, "muted": None} in shown["said"], shown["said"]


def test_a_second_decision_at_one_call_is_shown(browser: Browser, server: Server) -> None:
    """A Thiercelieux Werewolf wakes, then votes for the victim, at one call.  Once the
    phone had sent its "Wake up" it showed "Done" for the rest of the call and hid the vote,
    so a person's pack vote always fell to the default (and a Doppelgänger's copied action
    likewise)."""
    host, _, _ = state_at_a_decision("thiercelieux", 9, range(40), "call", "werewolf_vote")
    g = host["game"]
    name = g["view"]["players"][0]
    woke = {
        "sentTask": "the wake task sent",
        "actedCall": f"{g['number']}.{g['night']}.{g['call']['index']}",
    }
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        me = {"role": "host", "seat": 0, "name": name}
        shown = draw(phone, host, float(host["now"]), me, woke)
        sent = draw(phone, host, float(host["now"]), me, {**woke, "sentTask": g["task"]["id"]})
    finally:
        phone.close()
    assert shown["task"] == "Your move for this call", shown
    assert sent["task"] is None  # the vote sent: done


def test_a_lupus_ghost_is_told_it_still_votes(browser: Browser, server: Server) -> None:
    """A dead Lupus in Tabula player is a Ghost who names a suspect in each day's first
    round: "You are dead: stay silent and watch" sat above the vote it was asked for."""
    host, _, _ = state_at_a_decision("lupus", 9, range(20), "defence")
    thiercelieux, _, _ = state_at_a_decision("thiercelieux", 9, range(12))
    for st in (host, thiercelieux):
        public = st["game"]["view"]["public"]
        public["alive"] = [s for s in public["alive"] if s != 0]
    me = {"role": "host", "seat": 0, "name": "Ann"}
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        ghost = draw(phone, host, float(host["now"]), me)
        dead = draw(phone, thiercelieux, float(thiercelieux["now"]), me)
    finally:
        phone.close()
    assert (
        "You are a Ghost: you may not speak, but you still name a suspect in each day's first "
        "round." in ghost["under"]
    ), ghost["under"]
    assert "You are dead: stay silent and watch." in dead["under"], dead["under"]


def test_the_ghosts_are_listed_among_the_voters_of_stage_1(
    browser: Browser, server: Server
) -> None:
    """Stage 1 of Lupus in Tabula is voted in turn by the living and the Ghosts: "Who voted"
    listed the living only, so a Ghost's ballot was never seen coming, and in seat order.
    It lists the calling order now, a Ghost named as one.  Stage 2 is voted by the living
    who are not suspects: the suspects were listed as yet to vote, which they never do.  A
    spectator's screen (the table's shared one) had no such list at all."""
    host, spectator, _ = state_at_a_decision("lupus", 9, range(20), "vote", "stage1")
    names = host["game"]["view"]["players"]
    public = host["game"]["view"]["public"]
    alive, order = public["alive"], public["order"]
    dead = [s for s in range(len(names)) if s not in alive]
    assert dead  # the pack killed on the first night
    assert sorted(order) == list(range(len(names)))  # every seat, from the Welcome card on
    me = {"role": "host", "seat": 0, "name": names[0]}
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        shown = draw(phone, host, float(host["now"]), me)
        watched = draw(phone, spectator, float(spectator["now"]), {"role": "spectator"})
        public["step"], public["suspects"] = "stage2", alive[:2]
        stage2 = draw(phone, host, float(host["now"]), me)
    finally:
        phone.close()
    listed = [line[1:].strip() for line in shown["who_done"]]  # "✔ Ann" or "… Ann"
    assert listed == [f"{names[s]} (Ghost)" if s in dead else names[s] for s in order], listed
    # the table's shared screen (a spectator's) lists them too; it listed nobody before
    assert watched["who_done"] == shown["who_done"]
    # and names the dead as Ghosts in its list of the players ("dead" before)
    assert watched["table"] == [f"{n} (Ghost)" if s in dead else n for s, n in enumerate(names)]
    assert [line[1:].strip() for line in stage2["who_done"]] == [names[s] for s in alive[2:]]


def test_what_was_said_on_earlier_days_is_folded_away(browser: Browser, server: Server) -> None:
    """Today's statements first; the earlier days' under "Earlier days": by day 3 of a Lupus
    table the list ran to screens of what had been said before."""
    host, _, _ = state_at_a_decision("lupus", 9, range(20), "defence")
    events = host["game"]["view"]["events"]
    day = max(e["data"]["day"] for e in events if e["kind"] == "day_begins")
    names = host["game"]["view"]["players"]
    events += [
        {"kind": "statement", "audience": "everyone", "data": {"seat": 3, "text": "Yesterday."}},
        {"kind": "day_begins", "audience": "everyone", "data": {"day": day + 1}},
        {"kind": "statement", "audience": "everyone", "data": {"seat": 4, "text": "Today."}},
    ]
    me = {"role": "host", "seat": 0, "name": names[0]}
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        shown = draw(phone, host, float(host["now"]), me)
        events.append({"kind": "day_begins", "audience": "everyone", "data": {"day": day + 2}})
        quiet = draw(phone, host, float(host["now"]), me)
    finally:
        phone.close()
    assert shown["said_today"] == [f"{names[4]}: Today."], shown["said_today"]
    assert shown["said_before"] is not None and shown["said_before"].startswith("Earlier days (")
    assert f"{names[3]}: Yesterday." in [line["text"] for line in shown["said"]]
    # a new day where nobody has spoken yet: nothing of yesterday's shown as today's
    assert quiet["said_today"] == [], quiet["said_today"]
    assert quiet["said_before"] is not None


def test_a_thiercelieux_night_pick_names_players_and_the_spy_its_verb(
    browser: Browser, server: Server
) -> None:
    """Thiercelieux has no cards in the centre: Cupid was told to pick "players or cards";
    the Little Girl's button read "spy", the action's key."""
    host, _, _ = state_at_a_decision("thiercelieux", 9, range(40), "call", "werewolf_wake")
    name = host["game"]["view"]["players"][0]
    me = {"role": "host", "seat": 0, "name": name}
    task = host["game"]["task"]
    phone = Phone(browser, server.base, "host")
    try:
        phone.open("/")
        task["options"] = [{"kind": "spy"}, {"kind": "pass"}]
        spy = draw(phone, host, float(host["now"]), me)
        task["options"] = [{"kind": "pair", "players": [0, s]} for s in range(1, 9)]
        cupid = draw(phone, host, float(host["now"]), me)
    finally:
        phone.close()
    assert spy["buttons"] == ["Spy", "Do nothing"], spy
    assert "Pick the players, then confirm." in cupid["helps"], cupid["helps"]
