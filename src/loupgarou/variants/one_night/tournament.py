"""Tournament play across One Night games (RULINGS §1.5, seed 000).

Two formats, both pure and immutable: recording a game returns a new value and
never changes the old one.  Players are identified by name, not by seat, since
people change seats between games; :func:`winners_by_name` turns a game's
:class:`~loupgarou.core.outcome.Outcome` (seats) into names.

**Points race** (:class:`PointsRace`).  Every winner of a game scores one point
(dead members of a winning team included, as the outcome lists them; several
teams may score in the same game; nobody scores when nobody wins).  As soon as
at least one player has reached the target (default 5), the player with the
most points wins the tournament.  If several players share the top score, more
games are played until one player is alone at the top; that player wins even
if the others also keep scoring.

**Double elimination** (:class:`DoubleElimination`).  Our reading of "players
continue until they have lost twice":

- A player *loses* a game they played in when they are not among its winners.
  A dead player on a winning team does not lose; when nobody wins, everyone at
  the table loses.  Players who did not sit at that game's table neither win
  nor lose.
- A player who has lost twice (``lives``, default 2) is out and plays no more.
- A game is played by players still in: by default all of them (a table of
  3 to 10); a larger event records each table's game separately, in the order
  the games ended.
- The event ends when fewer than 3 players are still in, since One Night
  cannot be played by fewer.  The champions are the players still in (one or
  two, who share the title).  If the last game put everyone left out at once,
  the champions are the players that game eliminated: they lasted longest.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from loupgarou.core.errors import LoupGarouError
from loupgarou.core.outcome import Outcome
from loupgarou.variants.one_night.setup import MAX_PLAYERS, MIN_PLAYERS

DEFAULT_TARGET = 5
DEFAULT_LIVES = 2


class TournamentError(LoupGarouError):
    """A tournament cannot be set up this way, or a game cannot be recorded."""

    kind = "tournament"


def winners_by_name(outcome: Outcome, seating: Sequence[str]) -> frozenset[str]:
    """The names of a game's winners, given the names of its seats in seat order."""
    for seat in outcome.winners:
        if not 0 <= seat < len(seating):
            raise TournamentError(
                "tournament.bad_seating",
                f"the game's winners include seat {seat}, but only {len(seating)} names were given",
            )
    return frozenset(seating[s] for s in outcome.winners)


def _check_players(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(players)
    if len(names) < MIN_PLAYERS:
        raise TournamentError(
            "tournament.too_few_players",
            f"a One Night tournament needs at least {MIN_PLAYERS} players, not {len(names)}",
        )
    if any(not name for name in names):
        raise TournamentError("tournament.empty_name", "every player needs a name")
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise TournamentError(
                "tournament.duplicate_player", f"two players are both called {name!r}"
            )
        seen.add(name)
    return names


def _known(players: tuple[str, ...], names: Iterable[str], what: str) -> frozenset[str]:
    out = frozenset(names)
    unknown = sorted(out.difference(players))
    if unknown:
        raise TournamentError(
            "tournament.unknown_player",
            f"{what} {', '.join(repr(u) for u in unknown)} not in this tournament",
        )
    return out


# --- points race ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PointsRace:
    """First to ``target`` points; a tie at the top is played off with more games."""

    players: tuple[str, ...]
    points: tuple[int, ...]
    target: int = DEFAULT_TARGET
    games: int = 0

    def __post_init__(self) -> None:
        _check_players(self.players)
        if self.target < 1:
            raise TournamentError(
                "tournament.bad_target", f"the target must be at least 1 point, not {self.target}"
            )
        if len(self.points) != len(self.players) or any(p < 0 for p in self.points):
            raise TournamentError("tournament.bad_points", "give one score of 0 or more per player")

    @staticmethod
    def start(players: Sequence[str], target: int = DEFAULT_TARGET) -> PointsRace:
        return PointsRace(tuple(players), (0,) * len(players), target)

    def score(self, player: str) -> int:
        _known(self.players, (player,), "player")
        return self.points[self.players.index(player)]

    @property
    def leaders(self) -> tuple[str, ...]:
        """The players with the most points, in the tournament's order."""
        top = max(self.points)
        return tuple(p for p, pts in zip(self.players, self.points, strict=True) if pts == top)

    @property
    def champion(self) -> str | None:
        """The winner: alone at the top once someone reached the target; else None."""
        leaders = self.leaders
        if max(self.points) >= self.target and len(leaders) == 1:
            return leaders[0]
        return None

    @property
    def over(self) -> bool:
        return self.champion is not None

    @property
    def tied_at_top(self) -> bool:
        """The target is reached but several players share the top score: play on."""
        return max(self.points) >= self.target and len(self.leaders) > 1

    def record(self, winners: Iterable[str]) -> PointsRace:
        """The race after one more game: each of its ``winners`` scores a point."""
        if self.over:
            raise TournamentError(
                "tournament.over", f"the tournament is over: {self.champion} won it"
            )
        won = _known(self.players, winners, "winners")
        points = tuple(
            pts + (1 if p in won else 0) for p, pts in zip(self.players, self.points, strict=True)
        )
        return PointsRace(self.players, points, self.target, self.games + 1)

    def standings(self) -> tuple[tuple[str, int], ...]:
        """``(player, points)``, most points first (ties in the tournament's order)."""
        order = sorted(range(len(self.players)), key=lambda i: -self.points[i])
        return tuple((self.players[i], self.points[i]) for i in order)


# --- double elimination -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DoubleElimination:
    """Out after ``lives`` losses (default two); ends when fewer than 3 players are left."""

    players: tuple[str, ...]
    losses: tuple[int, ...]
    out_after: tuple[int | None, ...]
    """For each player, the number of the game that put them out (1-based), or None."""
    lives: int = DEFAULT_LIVES
    games: int = 0

    def __post_init__(self) -> None:
        _check_players(self.players)
        if self.lives < 1:
            raise TournamentError(
                "tournament.bad_lives", f"players need at least 1 life, not {self.lives}"
            )
        if len(self.losses) != len(self.players) or len(self.out_after) != len(self.players):
            raise TournamentError(
                "tournament.bad_losses", "give one loss count and one exit per player"
            )

    @staticmethod
    def start(players: Sequence[str], lives: int = DEFAULT_LIVES) -> DoubleElimination:
        n = len(players)
        return DoubleElimination(tuple(players), (0,) * n, (None,) * n, lives)

    def losses_of(self, player: str) -> int:
        _known(self.players, (player,), "player")
        return self.losses[self.players.index(player)]

    @property
    def remaining(self) -> tuple[str, ...]:
        """The players still in, in the tournament's order."""
        return tuple(p for p, out in zip(self.players, self.out_after, strict=True) if out is None)

    @property
    def eliminated(self) -> tuple[str, ...]:
        """The players who are out, in the order they went out (same game: tournament order)."""
        order = sorted((out, i) for i, out in enumerate(self.out_after) if out is not None)
        return tuple(self.players[i] for _, i in order)

    @property
    def over(self) -> bool:
        return len(self.remaining) < MIN_PLAYERS

    @property
    def champions(self) -> frozenset[str]:
        """Who won the event (empty while it goes on); see the module docstring."""
        if not self.over:
            return frozenset()
        if self.remaining:
            return frozenset(self.remaining)
        return frozenset(
            p for p, out in zip(self.players, self.out_after, strict=True) if out == self.games
        )

    def record(
        self, winners: Iterable[str], table: Iterable[str] | None = None
    ) -> DoubleElimination:
        """The event after one more game, played by ``table`` (default: everyone still in).

        Each player at the table who is not among ``winners`` takes a loss.
        """
        if self.over:
            raise TournamentError(
                "tournament.over",
                "the tournament is over: fewer than 3 players are still in",
            )
        seated = self.remaining if table is None else tuple(dict.fromkeys(table))
        _known(self.players, seated, "players")
        out = sorted(set(seated).difference(self.remaining))
        if out:
            raise TournamentError(
                "tournament.eliminated",
                f"{', '.join(repr(p) for p in out)} already lost {self.lives} times and cannot play",
            )
        if not MIN_PLAYERS <= len(seated) <= MAX_PLAYERS:
            raise TournamentError(
                "tournament.table_size",
                f"a One Night game seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seated)}",
            )
        won = _known(self.players, winners, "winners")
        strangers = sorted(won.difference(seated))
        if strangers:
            raise TournamentError(
                "tournament.not_at_table",
                f"{', '.join(repr(p) for p in strangers)} did not play this game",
            )
        game = self.games + 1
        losses = list(self.losses)
        out_after = list(self.out_after)
        for i, player in enumerate(self.players):
            if player in seated and player not in won:
                losses[i] += 1
                if losses[i] >= self.lives:
                    out_after[i] = game
        return DoubleElimination(self.players, tuple(losses), tuple(out_after), self.lives, game)

    def standings(self) -> tuple[tuple[str, int], ...]:
        """``(player, losses)``: players still in (fewest losses first), then the others
        from the last to go out to the first."""
        still_in = sorted(
            (i for i, out in enumerate(self.out_after) if out is None),
            key=lambda i: self.losses[i],
        )
        gone = sorted(
            (i for i, out in enumerate(self.out_after) if out is not None),
            key=lambda i: -(self.out_after[i] or 0),
        )
        return tuple((self.players[i], self.losses[i]) for i in [*still_in, *gone])
