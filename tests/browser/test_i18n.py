"""The pages' words: both languages have the same keys, every fixed key the scripts ask
for exists, and no text is left empty."""

from __future__ import annotations

import json
import random
import re

from loupgarou.engine import new_match
from loupgarou.sim.scenarios import table_spec
from loupgarou.variants.registry import find_family
from tests.browser.conftest import ROOT

WEB = ROOT / "src" / "loupgarou" / "web"


def load(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def test_same_keys_in_both_languages() -> None:
    en, fr = load("en"), load("fr")
    assert sorted(en) == sorted(fr)
    assert all(v.strip() for v in [*en.values(), *fr.values()])


def test_every_fixed_key_exists() -> None:
    en = load("en")
    used: set[str] = set()
    for path in WEB.glob("*.js"):
        used |= set(re.findall(r"\bt\(\"([a-z][a-z0-9_.-]+)\"", path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing


def test_placeholders_match() -> None:
    en, fr = load("en"), load("fr")
    for key, text in en.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", fr[key])), key


def test_every_choice_the_engines_offer_has_words() -> None:
    """Each kind of option a decision offers has its verb (`act.<kind>`; the Little Girl's
    button read "spy" in a French room), and each decision taken by day its heading
    (`task.<kind>`; a Captain breaking a tie read "Your decision").  Night decisions share
    one heading, so that a decoy reads as the call it hides."""
    tables = [
        ("one-night", "revenants", 10),
        ("one-night", "alliance", 10),
        ("one-night", "anarchie", 8),
        ("thiercelieux", "suggested-thief", 12),
        ("thiercelieux", "suggested", 14),
        ("lupus", "everything", 22),
    ]
    verbs: set[str] = set()
    by_day: set[str] = set()
    for family, scenario, players in tables:
        variant = find_family(family)
        spec = table_spec(variant, players, scenario=scenario)
        for seed in range(25):
            rng = random.Random(seed)
            names = [f"p{i}" for i in range(players)]
            match = new_match(variant, names, spec.deck, options=dict(spec.options), seed=seed)
            while pending := match.pending():
                day = match.variant.public(match.state).get("phase") == "day"
                for decision in pending:
                    verbs |= {a.kind for a in decision.options}
                    if day:
                        by_day.add(decision.kind)
                chosen = pending[rng.randrange(len(pending))]
                match.submit(chosen.seat, chosen.options[rng.randrange(len(chosen.options))])
    for lang in ("en", "fr"):
        words = load(lang)
        assert not sorted(k for k in verbs if f"act.{k}" not in words), lang
        assert not sorted(k for k in by_day if f"task.{k}" not in words), lang
    assert {"spy", "captain_pick"} <= verbs | by_day
