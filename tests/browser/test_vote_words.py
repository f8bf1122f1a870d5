"""How the pages word a Lupus in Tabula day vote, in both languages, in a real browser
(the page's own modules, imported into a loaded page): the first round's tally and its
most accused, the Owl's pick, and a tie settled clockwise from the Welcome card.  Before,
the log said only "The first round is counted." and "The Owl names Fanny.", so a person
whose name was level with a suspect's could not tell why the other was taken."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import Server
from tests.browser.pagedraw import evaluate

NAMES = ["Zoé", "Bruno", "Céline", "Dédé", "Élise", "Fanny", "Gaston", "Hugo"]


def ev(kind: str, **data: Any) -> dict[str, Any]:
    return {"kind": kind, "audience": "everyone", "data": data}


EVENTS = [
    ev("stage1_counted", counts=[[0, 2], [4, 5], [5, 2]], leaders=[4, 0]),  # nobody holds it
    ev("welcome_card", seat=3),
    ev("stage1_counted", counts=[[0, 2], [4, 5], [5, 2]], leaders=[4, 5]),  # Fanny before Zoé
    ev("stage1_counted", counts=[[4, 5], [5, 3], [0, 1]], leaders=[4, 5]),  # no tie
    ev("stage1_counted", counts=[[4, 7]], leaders=[4, 5]),  # Fanny: the first with no vote
    ev("owl_pick", seat=5, replaced=None),
    ev("owl_pick", seat=2, replaced=5),
    ev("votes_revealed", ballots=[[1, 5], [2, 4]]),  # one each: Élise comes first after Dédé
    ev("stage2_begins", suspects=[4, 5], voters=[1, 2]),
]

WORDED = {
    "en": [
        "The first round: Élise (5), Zoé (2), Fanny (2); most accused: Élise and Zoé. Tied: Zoé and "
        "Fanny; Zoé first going clockwise from Zoé's seat (nobody holds the welcome card yet).",
        "Dédé holds the welcome card.",
        "The first round: Élise (5), Zoé (2), Fanny (2); most accused: Élise and Fanny. Tied: Fanny "
        "and Zoé; Fanny first going clockwise from Dédé, who holds the welcome card.",
        "The first round: Élise (5), Fanny (3), Zoé (1); most accused: Élise and Fanny.",
        "The first round: Élise (7); most accused: Élise and Fanny. Nobody else had a vote: Fanny "
        "first going clockwise from Dédé, who holds the welcome card.",
        "Named by the Owl: Fanny, a suspect already.",
        "Named by the Owl: Céline, who becomes a suspect in place of Fanny.",
        "Votes: Bruno → Fanny · Céline → Élise. Tied: Élise and Fanny; Élise first going "
        "clockwise from Dédé, who holds the welcome card.",
        "Final vote between Élise and Fanny.",  # it said "between nobody"
    ],
    "fr": [
        "Premier tour : Élise (5), Zoé (2), Fanny (2) ; les plus accusés : Élise et Zoé. Égalité : "
        "Zoé et Fanny ; Zoé d'abord, en tournant dans le sens des aiguilles d'une montre "
        "depuis la place de Zoé (personne n'a encore la carte de bienvenue).",
        "Dédé tient la carte de bienvenue.",
        "Premier tour : Élise (5), Zoé (2), Fanny (2) ; les plus accusés : Élise et Fanny. Égalité : "
        "Fanny et Zoé ; Fanny d'abord, en tournant dans le sens des aiguilles d'une montre "
        "depuis Dédé, qui tient la carte de bienvenue.",
        "Premier tour : Élise (5), Fanny (3), Zoé (1) ; les plus accusés : Élise et Fanny.",
        "Premier tour : Élise (7) ; les plus accusés : Élise et Fanny. Personne d'autre n'a eu de "
        "voix : Fanny d'abord, en tournant dans le sens des aiguilles d'une montre depuis Dédé, "
        "qui tient la carte de bienvenue.",
        "Désigné par le Hibou : Fanny, déjà suspect.",
        "Désigné par le Hibou : Céline, qui devient suspect à la place de Fanny.",
        "Votes : Bruno → Fanny · Céline → Élise. Égalité : Élise et Fanny ; Élise d'abord, en "
        "tournant dans le sens des aiguilles d'une montre depuis Dédé, qui tient la carte de "
        "bienvenue.",
        "Vote final entre Élise et Fanny.",
    ],
}

WORD_THEM = """async ([lang, names, events]) => {
  const common = await import("/static/common.js");
  await common.loadLang(lang);
  const render = await import("/static/render.js");
  const ctx = { t: common.t, has: common.has, role: (r) => ({ owl: lang === "fr" ? "Hibou" : "Owl" })[r] || r };
  return render.eventTexts(events, names, ctx);
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_day_votes_tally_and_tie_are_worded(browser: Browser, server: Server, lang: str) -> None:
    (words,) = evaluate(browser, server, lang, WORD_THEM, [lang, NAMES, EVENTS])
    assert words == WORDED[lang]


WITCH_NIGHTS = [
    {"kind": "victim_shown", "audience": [2], "data": {"seat": 1}},
    {"kind": "healed", "audience": [2], "data": {"seat": 1}},
    {"kind": "declined", "audience": [2], "data": {"step": "witch"}},
    {"kind": "victim_shown", "audience": [2], "data": {"seat": 3}},
    {"kind": "declined", "audience": [2], "data": {"step": "witch"}},
]


WORD_WITCH = WORD_THEM.replace("const ctx = {", "const ctx = { knowsRole: () => true,")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_witch_who_heals_then_passes_kept_her_other_potion(
    browser: Browser, server: Server, lang: str
) -> None:
    (words,) = evaluate(browser, server, lang, WORD_WITCH, [lang, NAMES, WITCH_NIGHTS])
    other, none = (
        ("You used no other potion.", "You used no potion.")
        if lang == "en"
        else ("Vous n'avez pas utilisé d'autre potion.", "Vous n'avez utilisé aucune potion.")
    )
    assert words[2] == other
    assert words[4] == none


@pytest.mark.parametrize(
    ("lang", "worded"),
    [
        ("en", "Élise's card is turned over: seer."),
        ("fr", "On retourne la carte d'Élise : seer."),  # the test's ctx names roles by key
    ],
)
def test_a_turned_card_is_worded_as_the_story_words_it(
    browser: Browser, server: Server, lang: str, worded: str
) -> None:
    """ "Élise was Seer." lacked its article in English; the pages now say what the story
    says ("Élise's card is turned over: Seer"), with French elision."""
    turned = [ev("card_revealed", seat=4, role="seer")]
    (words,) = evaluate(browser, server, lang, WORD_THEM, [lang, NAMES, turned])
    assert words == [worded]


TABLES = [
    ("one-night", 5, "premiere-nuit"),
    ("one-night", 10, "revenants"),
    ("one-night", 8, "anarchie"),
    ("thiercelieux", 8, "suggested"),
    ("thiercelieux", 10, "suggested-thief"),
    ("lupus", 8, "basic"),
    ("lupus", 12, "specials"),
    ("lupus", 13, "everything"),
]


def events_a_player_sees() -> dict[str, dict[str, Any]]:
    """One event of each kind that a seat or everyone is told, from seeded games of every
    family with sensible bots (the moderator's own record, ``deal`` and the like, aside)."""
    from loupgarou.sim.game import play_match
    from loupgarou.sim.runner import SimSpec, parse_bots
    from loupgarou.sim.scenarios import table_spec
    from loupgarou.variants.registry import find_family

    seen: dict[str, dict[str, Any]] = {}
    for family, players, scenario in TABLES:
        table = table_spec(find_family(family), players, scenario=scenario)
        for seed in range(8):
            match, _ = play_match(SimSpec(table, parse_bots("sensible"), games=1, seed=seed), 0)
            for e in match.events:
                if e.audience.everyone or e.audience.seats:
                    seen.setdefault(e.kind, e.to_json())
    return seen


FALLS_BACK = """async ([lang, names, events]) => {
  const common = await import("/static/common.js");
  await common.loadLang(lang);
  const render = await import("/static/render.js");
  const ctx = { t: common.t, has: common.has, role: (r) => r, knowsRole: () => true };
  return events
    .filter((e) => render.eventText(e, names, ctx) === render.genericEvent(e, names, ctx))
    .map((e) => e.kind);
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_event_a_player_sees_has_words(browser: Browser, server: Server, lang: str) -> None:
    """Before, sixteen kinds fell back to the generic form on the pages, in English words
    whatever the language ("pack vote: P3, P5"): the Witch's potions, the Little Girl's
    peek, the Thief's cards, the Owl's and the Mythomaniac's own picks, a drawn deck ..."""
    seen = events_a_player_sees()
    assert {"pack_vote", "healed", "took", "picked", "chose", "deck_drawn"} <= set(seen)
    names = [f"P{s + 1}" for s in range(24)]
    (generic,) = evaluate(browser, server, lang, FALLS_BACK, [lang, names, list(seen.values())])
    assert generic == []


THEMED = """async ([lang, names, events, theme]) => {
  const common = await import("/static/common.js");
  await common.loadLang(lang);
  const render = await import("/static/render.js");
  const role = (r, many) => theme[r + (many ? ".many" : "")] || common.t(`role.${r}${many ? ".many" : ""}`);
  const ctx = { t: common.t, has: common.has, role, knowsRole: () => true };
  return render.eventTexts(events, names, ctx);
}"""


def test_the_werewolves_are_named_as_the_rooms_theme_names_them(
    browser: Browser, server: Server
) -> None:
    """A pirates room calls its Werewolves Mutineers, Cupid the Siren and the Lovers
    Sweethearts everywhere but in these sentences, which said "The Werewolves: ..." and
    "Cupid's arrow: ... the Lovers" whatever the theme."""
    events = [
        ev("werewolves", seats=[1, 2]),
        ev("seen", seat=2, werewolf=True),
        ev("medium", seat=3, werewolf=False),
        ev("caught"),
        ev("lovers", seats=[1, 2]),
        ev("paired", seats=[1, 2]),
    ]
    pirates = {
        "werewolf": "Mutineer",
        "werewolf.many": "Mutineers",
        "cupid": "Siren",
        "lovers.many": "Sweethearts",
    }
    plain_fr = {"lovers.many": "Amoureux"}  # the catalog's name: the page's words have none
    themed, plain = evaluate(
        browser,
        server,
        "en",
        THEMED,
        ["en", NAMES, events, pirates],
        ["fr", NAMES, events, plain_fr],
    )
    assert themed == [
        "The Mutineers: Bruno and Céline.",
        "Céline is a Mutineer.",
        "Dédé was not a Mutineer.",
        "The Mutineers caught you spying.",
        "Siren's arrow: Bruno and Céline are the Sweethearts.",
        "The Sweethearts: Bruno and Céline.",
    ]
    assert plain == [
        "Les Loups-Garous : Bruno et Céline.",
        "Céline est un Loup-Garou.",
        "Dédé n'était pas un Loup-Garou.",
        "Les Loups-Garous vous ont surprise en train d'espionner.",
        "La flèche de Cupidon : Bruno et Céline sont les Amoureux.",
        "Les Amoureux : Bruno et Céline.",
    ]
