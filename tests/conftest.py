"""Shared fixtures: headless Qt, a private cache folder, the real catalogue, data copies."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # The offscreen screen is 800x800 by default, smaller than the app's window; give it a
    # desktop-sized screen so restored window geometry is not squeezed onto it.
    _SCREEN = Path(tempfile.mkdtemp(prefix="teambuilder-screen-")) / "screen.json"
    _SCREEN.write_text(json.dumps({"screens": [{"name": "desktop", "x": 0, "y": 0, "width": 1920,
                                                "height": 1200, "logicalDpiX": 96, "logicalDpiY": 96,
                                                "dpr": 1}]}))
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_SCREEN}"

REPO = Path(__file__).resolve().parent.parent
CARDS_DIR = REPO / "data" / "cards"


@pytest.fixture(scope="session", autouse=True)
def private_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep every test out of the real user cache and data folders."""
    base = tmp_path_factory.mktemp("home")
    old = {key: os.environ.get(key) for key in ("TEAMBUILDER_CACHE_DIR", "TEAMBUILDER_USER_DIR")}
    os.environ["TEAMBUILDER_CACHE_DIR"] = str(base / "cache")
    os.environ["TEAMBUILDER_USER_DIR"] = str(base / "user")
    yield
    for key, value in old.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def catalogue(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from teambuilder.catalogue.repository import Catalogue

    store = tmp_path_factory.mktemp("store") / "catalogue.sqlite"
    opened = Catalogue.open(CARDS_DIR, store)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def loaded():  # type: ignore[no-untyped-def]
    """The real card files loaded straight from YAML (the oracle for SQL searches)."""
    from teambuilder.catalogue.loader import load_catalogue

    return load_catalogue(CARDS_DIR)


@pytest.fixture
def cards_copy(tmp_path: Path) -> Path:
    """A writable copy of data/cards for tests that break or change files."""
    target = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, target)
    return target


@pytest.fixture(scope="session")
def setups(catalogue):  # type: ignore[no-untyped-def]
    """name of a data/teams file (without .yaml) -> (PlayerSetup, starting life): the
    reference teams as the engine plays them."""
    from teambuilder.engine.setup import player_setup
    from teambuilder.teams.formats import get_format, load_formats
    from teambuilder.teams.lookup import CardLookup
    from teambuilder.teams.team_file import read_team_file

    lookup = CardLookup(catalogue)
    formats = load_formats()

    def build(name: str, label: str | None = None):  # type: ignore[no-untyped-def]
        team = read_team_file(REPO / "data" / "teams" / f"{name}.yaml")
        fmt = get_format(team.format, formats)
        return player_setup(team, lookup, fmt, label or name), fmt.life

    return build
