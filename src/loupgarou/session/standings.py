"""A room's tournament: the points race of RULINGS §1.5 across the games played in it.

Contract: :func:`standings` is a pure function of the room's finished games, oldest
first (each a game record, ``docs/record-format.md``, or a narrated One Night's verdict,
``docs/adjudicate-json.md``, which is what such a room keeps).  It plays
:class:`~loupgarou.variants.one_night.tournament.PointsRace` across them:

- every winner of a game scores a point (a dead member of a winning team too); players
  are known by name, since people change seats between games, and a name first seen
  in a later game joins the race with no points;
- once a player is alone at the top with :data:`TARGET` points or more, that race is
  won; the room's next game starts a new race (the champions so far are kept, oldest
  first).

The race is One Night's tournament rule; a Thiercelieux or Lupus room keeps the same
count of games won (RULINGS is silent there: ``docs/rules-decisions.md``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from loupgarou.core.events import JSON
from loupgarou.core.outcome import Outcome
from loupgarou.variants.one_night.tournament import (
    DEFAULT_TARGET,
    PointsRace,
    TournamentError,
    winners_by_name,
)

TARGET: Final = DEFAULT_TARGET
"""Points that win a room's tournament (the rule's own default)."""


def standings(games: Sequence[Mapping[str, JSON]]) -> dict[str, JSON] | None:
    """The room's race: ``games`` (played in the current race), ``target``, ``points``
    (``[name, points]``, most first, ties in the order the names first played),
    ``champion`` (the current race's winner, or null), ``tied`` (the target is reached
    by several players: play on) and ``champions`` (earlier races' winners).  None
    before any game is over."""
    if not games:
        return None
    try:
        return _race(games)
    except TournamentError:
        # names the race cannot tell apart (the lobby keeps names apart, but a room stored
        # before it kept a bot's apart from a person's may have a person called "Bot 3"
        # beside the bot in seat 3): no standings rather than a room whose every state fails
        return None


def _race(games: Sequence[Mapping[str, JSON]]) -> dict[str, JSON]:
    race: PointsRace | None = None
    champions: list[str] = []
    for game in games:
        names, winners = _names_and_winners(game)
        if race is not None and race.over:
            assert race.champion is not None
            champions.append(race.champion)
            race = None
        players = race.players if race is not None else ()
        points = race.points if race is not None else ()
        new = tuple(n for n in names if n not in players)
        # A race of fewer than three names cannot be started by the rule's own checks; a
        # room's first game always has three or more.
        race = PointsRace(
            players + new,
            points + (0,) * len(new),
            TARGET,
            race.games if race is not None else 0,
        ).record(winners)
    assert race is not None
    return {
        "games": race.games,
        "target": race.target,
        "points": [[name, pts] for name, pts in race.standings()],
        "champion": race.champion,
        "tied": race.tied_at_top,
        "champions": list(champions),
    }


def _names_and_winners(game: Mapping[str, JSON]) -> tuple[list[str], list[str]]:
    """A finished game's player names, clockwise, and its winners' names (a record's read
    as ``loupgarou tournament`` reads them)."""
    config = game.get("config")
    if isinstance(config, Mapping):  # a game record
        names = [str(n) for n in _list(config.get("players"))]
        outcome = game.get("outcome")
        if not isinstance(outcome, Mapping):
            return names, []
        return names, sorted(winners_by_name(Outcome.from_json(outcome), names))
    # a narrated One Night's verdict: players and winners as {seat, name}
    names = [str(p["name"]) for p in _list(game.get("players")) if isinstance(p, Mapping)]
    result = game.get("result")
    won = _list(result.get("winners")) if isinstance(result, Mapping) else []
    return names, [str(w["name"]) for w in won if isinstance(w, Mapping)]


def _list(value: JSON) -> list[JSON]:
    return value if isinstance(value, list) else []


__all__ = ["TARGET", "standings"]
