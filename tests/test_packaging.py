"""The wheel carries what an installed app needs: card data, reference teams, resources."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from teambuilder.native import built_modules, stale_modules
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


def test_the_platform_wheel_carries_the_compiled_engine_and_runs_it(tmp_path: Path) -> None:
    built = built_modules()
    if not built or stale_modules(built):
        pytest.skip("the compiled engine is not built here (make native)")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(REPO)],
                   check=True, capture_output=True, timeout=300)
    [pure] = tmp_path.glob("teambuilder-*-py3-none-any.whl")
    made = subprocess.run([sys.executable, str(REPO / "tools" / "platform_wheel.py"), str(pure)],
                          check=True, capture_output=True, text=True, timeout=120)
    wheel = Path(made.stdout.strip())
    assert wheel.exists() and "py3-none-any" not in wheel.name and wheel.name.startswith("teambuilder-")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = archive.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
        archive.extractall(tmp_path / "site")
    assert "Root-Is-Purelib: false" in info and "Tag: cp3" in info
    assert "teambuilder/_native.json" in names and any(n.startswith("teambuilder/engine/game.") and
                                                        n.endswith(".so") for n in names)
    # Installed as pip would lay it out, outside the repository, the engine loads compiled.
    probe = ("import teambuilder.engine.game as g, teambuilder.native as n; "
             "print(g.__file__.endswith('.so'), n.stale_modules(n.built_modules()))")
    run = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"})
    assert run.stdout.split() == ["True", "[]"], run.stdout + run.stderr
