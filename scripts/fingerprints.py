"""Fingerprints of seeded games: proof that a change of speed plays the same games.

Each line is a SHA-256 over everything a set of seeded games shows: every event (kind,
audience, data), every pending decision after every input (seat, kind, options,
default) and the outcome; for the bots' tables, every simulated game's result.  A
change that is only about speed must leave every line identical, on both builds.

- ``one-night``: 3,000 five-player games of the bench's deck, random legal choices;
- ``thiercelieux``: 2,000 games over eight tables from 8 to 18 players (suggested decks,
  the Thief, the Little Girl, several option sets), random legal choices;
- ``lupus``: 400 games at 9, 12 and 16 players, two decks;
- ``bots``: six simulated tables (sensible and random bots, every family).

usage: .venv/bin/python scripts/fingerprints.py [--only NAME] [--save FILE | --check FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from loupgarou import compiled_build
from loupgarou.core.chance import SeededChance
from loupgarou.core.events import JSON
from loupgarou.core.variant import Variant
from loupgarou.engine import new_match
from loupgarou.sim.runner import SimSpec, run
from loupgarou.sim.scenarios import table_spec
from loupgarou.variants.registry import find_family as get_variant

NAMES = tuple(f"p{i}" for i in range(24))


def _dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode()


def play(
    h: hashlib._Hash,
    family: Variant,
    deck: Sequence[str],
    options: dict[str, JSON],
    seed: int,
) -> None:
    """One game with uniformly random legal choices, everything it shows hashed."""
    rng = random.Random(seed)
    match = new_match(
        family,
        NAMES[: len(deck) - _extra(family, options, deck)],
        deck,
        options=options,
        chance=SeededChance(seed),
    )
    seen = 0
    while True:
        for event in match.events[seen:]:
            h.update(_dump(event.to_json()))
        seen = len(match.events)
        pending = match.pending()
        for d in pending:
            h.update(_dump([d.seat, d.kind, [a.to_json() for a in d.options], d.default.to_json()]))
        if not pending:
            break
        decision = pending[rng.randrange(len(pending))]
        match.submit(decision.seat, decision.options[rng.randrange(len(decision.options))])
    outcome = match.outcome
    h.update(_dump(outcome.to_json() if outcome is not None else None))


def _extra(family: Variant, options: dict[str, JSON], deck: Sequence[str]) -> int:
    """Cards beyond the players: One Night's three in the centre, the Thief's two."""
    if family.name == "one-night":
        return 3
    if family.name == "thiercelieux" and "thief" in deck:
        return 2
    return 0


def one_night() -> str:
    h = hashlib.sha256()
    family = get_variant("one-night")
    deck = (
        "werewolf",
        "werewolf",
        "seer",
        "robber",
        "troublemaker",
        "drunk",
        "insomniac",
        "villager",
    )
    for seed in range(3000):
        play(h, family, deck, {}, seed)
    return h.hexdigest()


def thiercelieux() -> str:
    from loupgarou.variants.thiercelieux import suggested_deck

    h = hashlib.sha256()
    family = get_variant("thiercelieux")
    tables: list[tuple[tuple[str, ...], dict[str, JSON]]] = [
        (suggested_deck(8), {}),
        (suggested_deck(9), {}),
        (suggested_deck(10, thief=True), {}),
        (suggested_deck(12), {"captain": False}),
        (suggested_deck(13), {"reveal_on_death": False, "lynch_second_tie": "random"}),
        (suggested_deck(15), {"hunter_on_any_death": True, "witch_self_poison": True}),
        (suggested_deck(18), {}),
        (
            (
                "werewolf",
                "werewolf",
                "seer",
                "witch",
                "little_girl",
                "cupid",
                "villager",
                "villager",
                "villager",
                "villager",
            ),
            {"lovers_vote_together": True, "little_girl_catch_chance": 0.5},
        ),
    ]
    for seed in range(2000):
        deck, options = tables[seed % len(tables)]
        play(h, family, deck, options, seed)
    return h.hexdigest()


def lupus() -> str:
    from loupgarou.variants.lupus.setup import default_deck

    h = hashlib.sha256()
    family = get_variant("lupus")
    specials = ("medium", "possessed", "bodyguard", "owl", "werehamster", "mythomaniac")
    tables = [
        default_deck(9),
        default_deck(12, specials),
        default_deck(16, (*specials, "freemason", "freemason")),
    ]
    for seed in range(400):
        play(h, family, tables[seed % len(tables)], {}, seed)
    return h.hexdigest()


def bots() -> str:
    h = hashlib.sha256()
    sims = [
        ("one-night", 5, "premiere-nuit", "sensible", 300),
        ("one-night", 7, "confusion", "village=sensible,werewolf=random", 100),
        ("one-night", 10, "incertitudes", "sensible", 20),
        ("one-night", 5, "premiere-nuit", "random", 300),
        ("thiercelieux", 9, "suggested", "sensible", 100),
        ("lupus", 12, "basic", "sensible", 60),
    ]
    from loupgarou.sim.runner import parse_bots

    for family_name, players, scenario, bots_text, games in sims:
        table = table_spec(get_variant(family_name), players, scenario=scenario)
        spec = SimSpec(table, parse_bots(bots_text), games=games, seed=11)
        for result in run(spec):
            h.update(_dump(repr(result)))
    return h.hexdigest()


SETS: dict[str, Callable[[], str]] = {
    "one-night": one_night,
    "thiercelieux": thiercelieux,
    "lupus": lupus,
    "bots": bots,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(SETS), action="append")
    parser.add_argument("--save", type=Path, help="write the fingerprints to this JSON file")
    parser.add_argument("--check", type=Path, help="compare with the fingerprints in this file")
    args = parser.parse_args()
    build = "interpreted" if compiled_build() is None else f"compiled ({compiled_build()})"
    print(f"build: {build}")
    found = {}
    for name in args.only or SETS:
        found[name] = SETS[name]()
        print(f"{name:<13} {found[name]}", flush=True)
    if args.save:
        args.save.write_text(json.dumps(found, indent=2) + "\n")
    if args.check:
        expected = json.loads(args.check.read_text())
        differ = [n for n in found if expected.get(n) != found[n]]
        if differ:
            print("DIFFERENT:", ", ".join(differ))
            return 1
        print("identical to", args.check)
    return 0


if __name__ == "__main__":
    sys.exit(main())
