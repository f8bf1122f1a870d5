"""How the pages word what a player claims and what a night call is, in a real browser (the
page's own modules imported into a loaded page), in both languages.

Before: a claim's action was left out ("I was the Troublemaker." with no word of the swap,
and in a French room, where the bots' statements carry their claim alone, the swap was
nowhere on the page); a speaker's own card read as if someone else had seen it ("Bot 4: I
saw Bot 4: Hunter."); the multi-night families' claims said "I was"; and three night calls
showed their raw keys ("Call 2 of 3: doppelganger minion")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser

from loupgarou.variants.lupus import Role as LupusRole
from loupgarou.variants.lupus.night import call_list as lupus_calls
from loupgarou.variants.one_night.night import call_list as one_night_calls
from loupgarou.variants.one_night.roles import Role as OneNightRole
from loupgarou.variants.thiercelieux.night import call_list as thiercelieux_calls
from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole
from tests.browser.conftest import Server
from tests.browser.pagedraw import evaluate

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]

CLAIMS: list[tuple[str | None, int, dict[str, Any]]] = [
    ("one-night", 1, {"role": "troublemaker", "did": {"kind": "swap", "players": [2, 3]}}),
    (
        "one-night",
        3,
        {
            "role": "robber",
            "did": {"kind": "rob", "players": [0]},
            "saw": [{"seat": 3, "role": "hunter"}],
        },
    ),
    (
        "one-night",
        2,
        {
            "role": "seer",
            "did": {"kind": "look", "centre": [0, 2]},
            "saw": [{"centre": 0, "role": "werewolf"}, {"centre": 2, "role": "villager"}],
        },
    ),
    ("one-night", 4, {"role": "drunk", "did": {"kind": "take", "centre": [1]}}),
    ("one-night", 4, {"role": "insomniac", "saw": [{"seat": 4, "role": "insomniac"}]}),
    ("thiercelieux", 2, {"role": "seer", "saw": [{"seat": 0, "role": "werewolf"}]}),
    ("lupus", 1, {"role": "human"}),
    (
        "lupus",
        1,
        {
            "role": "bodyguard",
            "did": {"kind": "protect", "players": [2]},
            "saw": [{"seat": 2, "role": "human"}],
        },
    ),
    ("thiercelieux", 0, {"role": "witch", "did": {"kind": "juggle"}}),  # no words at all
    ("thiercelieux", 0, {"role": "little_girl", "did": {"kind": "spy"}}),
]

WORDED = {
    "en": [
        "I was the Troublemaker. I swapped the cards of Cy and Dee.",
        "I was the Robber. I robbed Ann. My own card: Hunter.",
        "I was the Seer. I looked at centre card c1 and centre card c3. I saw centre card c1: "
        "Werewolf. I saw centre card c3: Villager.",
        "I was the Drunk. I took centre card c2.",
        "I was the Insomniac. My own card: Insomniac.",
        "I am the Seer. I saw Ann: Werewolf.",
        "I am not a Werewolf.",
        "I am the Bodyguard. I protected Cy. I saw Cy: not a Werewolf.",
        "I am the Witch. What I did: juggle.",
        "I am the Little Girl. I spied on the pack.",
    ],
    "fr": [
        "Mon rôle : Noiseuse. J'ai échangé les cartes de Cy et Dee.",
        "Mon rôle : Voleur. J'ai volé Ann. Ma propre carte : Chasseur.",
        "Mon rôle : Voyante. J'ai regardé : carte du centre c1 et carte du centre c3. J'ai vu "
        "carte du centre c1 : Loup-Garou. J'ai vu carte du centre c3 : Villageois.",
        "Mon rôle : Soûlard. J'ai pris : carte du centre c2.",
        "Mon rôle : Insomniaque. Ma propre carte : Insomniaque.",
        "Mon rôle : Voyante. J'ai vu Ann : Loup-Garou.",
        "Je ne suis pas un Loup-Garou.",
        "Mon rôle : Garde du corps. J'ai protégé Cy. J'ai vu Cy : pas un Loup-Garou.",
        "Mon rôle : Sorcière. Ce que j'ai fait : juggle.",
        "Mon rôle : Petite Fille. J'ai espionné la meute.",
    ],
}

PAGE_CTX = """
  const common = await import("/static/common.js");
  await common.loadLang(lang);
  const render = await import("/static/render.js");
  const fam = await import("/static/families.js");
  const cat = await (await fetch("/api/catalog")).json();
  const known = fam.families(cat, theme);
  // the room page's own context (room.js), for a room of `family` with `theme`
  const ctx = (family) => ({
    t: common.t, has: common.has, family,
    role: (r, many) => fam.roleName(cat, family, theme, r, many),
    knowsRole: (r) => common.has(`role.${r}`) || known.some((f) => f.roles.includes(r)),
  });
"""

WORD_THEM = (
    """async ([lang, names, claims, theme]) => {"""
    + PAGE_CTX
    + """
  return claims.map(([family, speaker, claim]) => render.claimText(claim, names, ctx(family), speaker));
}"""
)


def words(browser: Browser, server: Server, lang: str, theme: str | None) -> list[str]:
    (out,) = evaluate(browser, server, lang, WORD_THEM, [lang, NAMES, CLAIMS, theme])
    return list(out)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_claim_says_the_role_what_was_done_and_what_was_seen(
    browser: Browser, server: Server, lang: str
) -> None:
    assert words(browser, server, lang, None) == WORDED[lang]


def test_a_claim_names_the_werewolves_as_the_rooms_theme_does(
    browser: Browser, server: Server
) -> None:
    themed = words(browser, server, "en", "pirates")
    assert themed[6] == "I am not a Mutineer."
    assert themed[7] == "I am the Bosun. I protected Cy. I saw Cy: not a Mutineer."


CALLS = sorted(
    {
        *(("one-night", s) for s in (*one_night_calls(tuple(OneNightRole)), "lone_wolf")),
        *(("thiercelieux", s) for s in thiercelieux_calls(tuple(ThiercelieuxRole), 1)),
        *(("lupus", s) for n in (1, 2) for s in lupus_calls(tuple(LupusRole), n)),
    }
)
"""Every night call of every family, with the One Night lone Werewolf's own call."""

CALL_NAMES = (
    """async ([lang, calls, theme]) => {"""
    + PAGE_CTX
    + """
  return calls.map(([family, step]) => render.stepName(step, ctx(family)));
}"""
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_night_call_has_words(browser: Browser, server: Server, lang: str) -> None:
    """The call's header reads "Call 2 of 11: the Doppelgänger turned Minion", never the
    call's key; a call of several people names them in the plural ("the Lovers", not
    "Lover"), as the room's theme names them."""
    plain, themed = evaluate(
        browser, server, lang, CALL_NAMES, [lang, CALLS, None], [lang, CALLS, "pirates"]
    )
    named = {step: name for (_, step), name in zip(CALLS, plain, strict=True)}
    for step, name in named.items():
        assert "_" not in name and name != step and "{" not in name, (step, name)
    pirate = {step: name for (_, step), name in zip(CALLS, themed, strict=True)}
    if lang == "en":
        assert named["doppelganger_minion"] == "the Doppelgänger turned Minion"
        assert named["lovers"] == "the Lovers"
        assert named["werewolves"] == "Werewolves"
        assert pirate["doppelganger_minion"] == "the Chameleon turned Bilge Rat"
        assert pirate["lovers"] == "the Sweethearts"
        assert pirate["lone_wolf"] == "the lone Mutineer"
    else:
        assert named["doppelganger_insomniac"] == "le Doppelgänger devenu Insomniaque"
        assert named["lovers"] == "les Amoureux"
        assert pirate["doppelganger_minion"] == "le Caméléon devenu Rat de cale"


ROLE_NAMES = """async ([lang]) => {
  const common = await import("/static/common.js");
  await common.loadLang(lang);
  const fam = await import("/static/families.js");
  const cat = await (await fetch("/api/catalog")).json();
  const out = {};
  for (const f of cat.families) {
    out[f.key] = {};
    for (const key of Object.keys(f.roles[lang][""])) {
      const many = key.endsWith(".many");
      const role = many ? key.slice(0, -5) : key;
      out[f.key][key] = fam.roleName(cat, f.key, null, role, many);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_names_each_role_as_its_familys_story_does(
    browser: Browser, server: Server, lang: str
) -> None:
    """A family may name a role its own way (a French Lupus table has a "Voyant", a
    Thiercelieux one a "Voyante"): the page says what the story and the narrator say."""
    catalog = json.loads(server.get("/api/catalog"))
    (page,) = evaluate(browser, server, lang, ROLE_NAMES, [lang])
    for family in catalog["families"]:
        story = family["roles"][lang][""]
        assert page[family["key"]] == story, family["key"]
    if lang == "fr":
        assert page["lupus"]["seer"] == "Voyant"
        assert page["thiercelieux"]["seer"] == "Voyante"
        assert page["lupus"]["werehamster"] == "Hamster-Garou"


ELIDED = """async ([lang]) => {
  const common = await import("/static/common.js");
  await common.loadLang(lang);
  return [
    common.t("ev.card_seen", { name: "Ann", role: "X" }),
    common.t("ev.card_seen", { name: "Bruno", role: "X" }),
    common.t("lobby.handover_who", { name: "Émile" }),
    common.t("ev.wolf_vote", { name: "Bruno", target: "Igor" }),
  ];
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_french_page_texts_elide_before_a_vowel(
    browser: Browser, server: Server, lang: str
) -> None:
    """ "Carte d'Ann", "Faire d'Émile l'hôte", as the story writes them; never in English."""
    (said,) = evaluate(browser, server, lang, ELIDED, [lang])
    if lang == "fr":
        assert said[0].startswith("Carte d'Ann")
        assert said[1].startswith("Carte de Bruno")
        assert said[2] == "Faire d'Émile l'hôte"
        assert said[3].endswith("la mort d'Igor.")
    else:
        assert all("'A" not in s and "'É" not in s and "'I" not in s for s in said), said
