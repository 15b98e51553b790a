"""Engine fixtures: the reference teams as the engine plays them."""

from __future__ import annotations

from pathlib import Path

import pytest

from teambuilder.engine.game import PlayerSetup
from teambuilder.engine.setup import player_setup
from teambuilder.teams.formats import get_format, load_formats
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.team_file import read_team_file
from tests.conftest import REPO

TEAMS = REPO / "data" / "teams"


@pytest.fixture(scope="session")
def setups(catalogue):  # type: ignore[no-untyped-def]
    """name of a data/teams file (without .yaml) -> (PlayerSetup, starting life)."""
    lookup = CardLookup(catalogue)
    formats = load_formats()

    def build(name: str, label: str | None = None) -> tuple[PlayerSetup, int]:
        team = read_team_file(TEAMS / f"{name}.yaml")
        fmt = get_format(team.format, formats)
        return player_setup(team, lookup, fmt, label or name), fmt.life

    return build


def team_files() -> list[Path]:
    return sorted(TEAMS.glob("*.yaml"))
