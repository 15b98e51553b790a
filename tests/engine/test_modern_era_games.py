"""Whole-format random play (issue 23): seeded games between random legal Modern Era teams,
greedy and random AIs, every invariant checked after every action.

``make test`` plays 100 games here; ``make soak`` sets TEAMBUILDER_SOAK_GAMES=2000 and
prints the counts (docs/testing.md).
"""

from __future__ import annotations

import os
import random

import pytest

from teambuilder.teams.formats import get_format, load_formats
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.validator import ERROR, validate
from tests.engine.modern_era import CardPool, play_random_games, random_team

GAMES = int(os.environ.get("TEAMBUILDER_SOAK_GAMES", "100"))
CHUNKS = 4


@pytest.fixture(scope="module")
def modern(catalogue):  # type: ignore[no-untyped-def]
    return CardLookup(catalogue), get_format("modern_era", load_formats())


def test_random_modern_era_teams_are_legal_full_and_varied(modern) -> None:  # type: ignore[no-untyped-def]
    lookup, fmt = modern
    pool = CardPool(lookup, fmt)
    assert {c.set_code for c in pool.team_cards} == {"ig", "m2020", "dps", "skc", "msw"}
    rng, seen = random.Random(7), set()
    for number in range(50):
        team = random_team(pool, rng, f"T{number}")
        assert [v.message for v in validate(team, fmt, lookup) if v.severity == ERROR] == []
        assert len(team.cards) == 8 and team.total_dice == 20 and len(team.basic_actions) == 2
        seen.update(card.ref for card in team.cards)
    assert len(seen) > 200, "the teams draw on the whole pool"


def test_the_same_seed_draws_the_same_team(modern) -> None:  # type: ignore[no-untyped-def]
    pool = CardPool(*modern)
    assert random_team(pool, random.Random(3), "A") == random_team(pool, random.Random(3), "A")


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_modern_era_games_keep_every_invariant(modern, chunk: int) -> None:  # type: ignore[no-untyped-def]
    size = -(-GAMES // CHUNKS)
    seeds = range(chunk * size, min(GAMES, (chunk + 1) * size))
    report = play_random_games(*modern, seeds)
    print(f"\nchunk {chunk}: {report.summary()}")
    assert report.games == len(seeds)
    assert report.problems == [], "\n".join(report.problems[:5])
    assert report.finished == report.games
    if len(seeds) >= 20:
        assert report.wins[0] > 0 and report.wins[1] > 0, "both seats win some games"
