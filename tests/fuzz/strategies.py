"""Hypothesis strategies for the fuzz targets (:mod:`tests.fuzz.targets`)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.fuzz.rooms import KINDS as ROOM_KINDS
from tests.fuzz.rooms import TABLES, WAITS
from tests.fuzz.targets import COMMANDS, EXAMPLES, FAMILIES

NASTY_TEXT = [
    "",
    " ",
    "Ann",
    "Ann\x00",
    "Ann\nBob",
    "\x1b[31mAnn",
    "Ann\u202e",
    "é" * 70,
    "werewolf",
    "seer",
    "robber",
    "troublemaker",
    "villager",
    "doppelganger",
    "premiere-nuit",
    "anarchie",
    "bag",
    "basic",
    "specials",
    "everything",
    "suggested",
    "suggested-thief",
    "pass",
    "vote",
    "look",
    "swap",
    "rob",
    "-",
    "*",
    "'",
    "{",
    "[",
    "&a",
    "*a",
    "!!python/object:os.system",
]

NUMBERS = [
    "0",
    "1",
    "2",
    "3",
    "5",
    "9",
    "-1",
    "10",
    "12",
    "100",
    "1000",
    "100000000000",
    "1e308",
    "1e9",
    "nan",
    "inf",
    "-inf",
    "0.5",
    "1_000",
    "9" * 40,
    "0x10",
    "",
]

NUMERIC_FLAGS = frozenset(
    {
        "--players",
        "--games",
        "--seed",
        "--workers",
        "--agent-timeout",
        "--seat",
        "--target",
        "--lives",
        "--step-seconds",
        "--discussion-minutes",
        "--defence-seconds",
        "--election-minutes",
    }
)
"""Flags that take a number: their values are mostly numbers, good and bad."""

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(NASTY_TEXT),
    st.text(max_size=20),
)

json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(
            st.one_of(st.sampled_from(NASTY_TEXT), st.text(max_size=8)), inner, max_size=5
        ),
    ),
    max_leaves=12,
)

edits = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=100_000), st.one_of(st.just("<del>"), json_values)
    ),
    min_size=1,
    max_size=4,
)

examples = st.integers(min_value=0, max_value=max(0, len(EXAMPLES) - 1))

script_texts = st.one_of(
    st.text(max_size=400),
    st.builds(
        lambda head, body: head + body,
        st.sampled_from(
            [
                "format: loupgarou-script\nversion: 1\nfamily: one-night\n",
                "format: loupgarou-script\nversion: 1\nfamily: lupus\nplayers: [A, B, C, D, E, F, G, H]\n",
                '{"format": "loupgarou-script", "version": 1, ',
            ]
        ),
        st.text(max_size=300),
    ),
)

agent_answers = st.one_of(
    st.binary(max_size=300),
    st.builds(
        lambda obj, tail: (obj + tail).encode("utf-8", "surrogatepass"),
        st.sampled_from(
            [
                '{"id": 1, "choice": 0}',
                '{"id": 1, "choice": -1}',
                '{"id": 1, "choice": 1e400}',
                '{"id": 1, "choice": true}',
                '{"id": 1, "action": {"kind": "look", "players": [1]}}',
                '{"id": 1, "action": {"kind": "look", "players": "x"}}',
                '{"id": 1, "action": {"kind": 5}}',
                '{"id": 1, "action": []}',
                '{"id": 1}',
                '{"id": 2, "choice": 0}',
                "[" * 5000,
                '{"id": 1, "choice": 0' + "}" * 3,
            ]
        ),
        st.sampled_from(["\n", "", "\n\n", "\n" + "x" * 100, "\r\n"]),
    ),
)


def _flag_words(command: str) -> st.SearchStrategy[list[str]]:
    flags = COMMANDS[command]
    values = st.one_of(
        st.sampled_from(NUMBERS),
        st.sampled_from(NASTY_TEXT),
        st.sampled_from(FAMILIES),
        st.sampled_from([f"examples/{p.name}" for p in EXAMPLES]),
        st.sampled_from(["werewolf,werewolf,seer,robber,troublemaker,villager", "x.png", "x.txt"]),
        st.sampled_from(
            [
                "random",
                "sensible",
                "*=random",
                "1=agent:'x",
                "agent:",
                "village=random",
                "0=random",
                "Ana=sensible",
            ]
        ),
        st.text(max_size=12),
    )
    numbers = st.one_of(st.sampled_from(NUMBERS), values)
    pair = (
        st.sampled_from(flags)
        .flatmap(
            lambda flag: st.tuples(st.just(flag), numbers if flag in NUMERIC_FLAGS else values)
        )
        .map(list)
    )
    return st.lists(st.one_of(pair, st.sampled_from(flags).map(lambda f: [f])), max_size=5).map(
        lambda parts: [w for part in parts for w in part]
    )


BASES: dict[str, list[list[str]]] = {
    "narrate": [
        ["--dry-run"],
        ["--dry-run", "--family", "thiercelieux", "--players", "9"],
        ["--dry-run", "--family", "lupus", "--players", "9"],
    ],
    "simulate": [["-n", "1"], ["lupus", "-n", "1"], ["thiercelieux", "-n", "1"]],
    "play": [[], ["lupus"], ["thiercelieux"]],
    "adjudicate": [["examples/hunter-chain.yaml"]],
    "tournament": [["examples/hunter-chain.yaml"]],
}
"""A command line that works, to which one flag is added (:data:`one_flag_words`)."""


def _one_flag(command: str) -> st.SearchStrategy[list[str]]:
    flags = sorted(COMMANDS[command])
    value = st.one_of(st.sampled_from(NUMBERS), st.sampled_from(NASTY_TEXT), st.text(max_size=8))
    return st.tuples(st.sampled_from(BASES.get(command, [[]])), st.sampled_from(flags), value).map(
        lambda t: [command, *t[0], t[1], t[2]]
    )


def sweep(
    commands: tuple[str, ...] = tuple(sorted(COMMANDS)), numeric_only: bool = False
) -> list[list[str]]:
    """Every command line of :data:`BASES` with one flag more and one of :data:`NUMBERS`
    (or a nasty text) as its value: the systematic counterpart of :data:`one_flag_words`."""
    out: list[list[str]] = []
    for command in commands:
        for flag in sorted(COMMANDS[command]):
            if numeric_only and flag not in NUMERIC_FLAGS:
                continue
            values = NUMBERS if flag in NUMERIC_FLAGS else [*NUMBERS[:8], *NASTY_TEXT[:8]]
            for base in BASES.get(command, [[]]):
                out.extend([command, *base, flag, value] for value in values)
    return out


one_flag_words = st.sampled_from(sorted(COMMANDS)).flatmap(_one_flag)
"""A working command line with one flag more, its value mostly a number out of bounds
(the way most bad values come)."""

mixed_words = st.sampled_from(sorted(COMMANDS)).flatmap(
    lambda command: st.tuples(
        st.just(command),
        st.lists(
            st.one_of(
                st.sampled_from(FAMILIES), st.sampled_from([f"examples/{p.name}" for p in EXAMPLES])
            ),
            max_size=1,
        ),
        _flag_words(command),
    ).map(lambda t: [t[0], *t[1], *t[2]])
)
"""A command with any of its flags and values, mixed."""

command_words = st.one_of(one_flag_words, mixed_words)


room_moves = st.lists(
    st.tuples(
        st.integers(0, 63),
        st.sampled_from(ROOM_KINDS),
        st.integers(0, 2**20),
        st.one_of(st.none(), st.none(), st.none(), st.tuples(json_values)),
        st.integers(0, len(WAITS) - 1),
    ),
    min_size=10,
    max_size=160,
)
"""A room's inputs (:func:`tests.fuzz.rooms.room_inputs`): mostly well formed, one in four
with a field replaced by any JSON value."""

room_tables = st.integers(0, len(TABLES) - 1)
room_begun = st.sampled_from([True, True, True, False])
"""Whether the room's game starts before the moves (most often: the game is what they play)."""
