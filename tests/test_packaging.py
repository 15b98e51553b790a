"""The wheel carries what an installed app needs: card data, reference teams, resources."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.conftest import REPO


def test_the_wheel_carries_the_catalogue_teams_and_resources(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(REPO)],
                   check=True, capture_output=True, timeout=300)
    [wheel] = tmp_path.glob("teambuilder-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    set_files = {p.name for p in (REPO / "data" / "cards").glob("*.yaml")}
    assert {f"teambuilder/_data/cards/{name}" for name in set_files} <= names
    assert "teambuilder/_data/cards/GAPS.md" in names
    assert "teambuilder/_data/teams/standard-x-men.yaml" in names
    assert "teambuilder/_resources/symbols/mask.svg" in names
    assert "teambuilder/_resources/themes/dark.qss" in names
    assert not any("__pycache__" in name for name in names)
