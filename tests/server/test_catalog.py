"""The catalog (``GET /api/catalog``) names every scenario in each language.

The tables we named ourselves (Thiercelieux's suggested decks, Lupus in Tabula's three)
had their key for a French title ("suggested", "basic"): the pages used their own words,
a client of the API got the key."""

from __future__ import annotations

from loupgarou.server.catalog import catalog


def titles() -> dict[tuple[str, str], dict[str, str]]:
    out: dict[tuple[str, str], dict[str, str]] = {}
    for family in catalog()["families"]:
        for scenario in family["scenarios"]:
            out[family["key"], scenario["key"]] = scenario["title"]
    return out


def test_every_scenario_has_a_title_in_each_language() -> None:
    for (family, key), title in titles().items():
        for lang in ("en", "fr"):
            assert title[lang] and title[lang] != key, (family, key, lang)
            assert "{" not in title[lang], title


def test_our_own_tables_are_named_as_the_pages_name_them() -> None:
    named = titles()
    assert named["thiercelieux", "suggested"] == {
        "en": "The suggested deck",
        "fr": "Le paquet conseillé",
    }
    assert named["thiercelieux", "suggested-thief"]["fr"] == (
        "Le paquet conseillé, avec la carte Voleur"
    )
    assert named["lupus", "basic"]["fr"] == "De base — Loups-Garous, Voyant et Villageois."
    assert named["one-night", "premiere-nuit"]["fr"] == "La Première Nuit"


def test_each_family_says_whether_its_pack_has_a_call_of_its_own() -> None:
    """The pages offer the pack's clock for these families only (docs/protocol.md)."""
    calls = {f["key"]: f["victim_call"] for f in catalog()["families"]}
    assert calls == {"one-night": None, "thiercelieux": "werewolves", "lupus": "werewolves"}
    assert catalog()["timers"]["default"] == {
        "call": 10.0,
        "pack": 30.0,
        "discussion": 300.0,
        "vote": 60.0,
    }
