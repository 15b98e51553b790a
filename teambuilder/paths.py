"""The one place that finds the app's data, resources, cache and user files.

Data (card YAML) and resources ship in three ways: beside the package in a source tree,
inside the package in an installed wheel (``teambuilder/_data``), or in a frozen bundle
(``sys._MEIPASS``). ``TEAMBUILDER_DATA`` overrides the data folder; the cache and user
folders follow platformdirs unless ``TEAMBUILDER_CACHE_DIR`` / ``TEAMBUILDER_USER_DIR``
say otherwise (tests use those to stay out of the real home directory).
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "teambuilder"
_PACKAGE_DIR = Path(__file__).resolve().parent


def _candidates(name: str) -> list[Path]:
    roots = [_PACKAGE_DIR.parent / name, _PACKAGE_DIR / f"_{name}"]
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        roots.insert(0, Path(frozen_root) / name)
    return roots


def data_dir() -> Path:
    """The folder holding ``cards/`` (set files, sets.yaml, keywords.yaml, formats.yaml)."""
    override = os.environ.get("TEAMBUILDER_DATA")
    if override:
        return Path(override)
    for candidate in _candidates("data"):
        if (candidate / "cards").is_dir():
            return candidate
    raise FileNotFoundError("card data not found; set TEAMBUILDER_DATA to the data folder")


def cards_dir() -> Path:
    return data_dir() / "cards"


def resources_dir() -> Path:
    for candidate in _candidates("resources"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("resources folder not found")


def cache_dir() -> Path:
    """Disposable files (the catalogue index); safe to delete at any time. Created when
    possible; a folder that cannot be made is returned anyway, for the caller to report
    (the catalogue then builds its index in a temporary file)."""
    override = os.environ.get("TEAMBUILDER_CACHE_DIR")
    path = Path(override) if override else Path(platformdirs.user_cache_dir(APP_NAME))
    _make(path)
    return path


def user_dir() -> Path:
    """The user's own files (teams, settings); never rebuilt or dropped. Created when
    possible; a folder that cannot be made is returned anyway, and whoever opens a file in
    it reports the problem in their own words (the library raises LibraryError)."""
    override = os.environ.get("TEAMBUILDER_USER_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))
    _make(path)
    return path


def _make(path: Path) -> None:
    # A read-only home, a file where the folder should be, a full disk: none of these may
    # stop the app here, where nobody could say which file was wanted or what to do.
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
