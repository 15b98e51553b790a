"""Hostile files fail fast and small: a 1 KB YAML alias bomb and a 100 MB team file are
refused with one clear line while the process is held to 200 MB of address space
(``ulimit -v``), for every command that reads a user's file. (Their time is measured by
bench/limits.py, not here.)"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CARDS_DIR, REPO

MEMORY_CAP = 200 * 1024 * 1024
BOMB = 'name: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "\n".join(
    f"k{i}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i) if i else 'a'}"] * 9) + "]" for i in range(9)) + "\n"


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_capped(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TEAMBUILDER_USER_DIR": str(tmp_path / "user"),
           "TEAMBUILDER_CACHE_DIR": str(tmp_path / "cache")}
    # The index is built uncapped first: building it is not what this test measures.
    subprocess.run([sys.executable, "-m", "teambuilder", "catalogue", "build"], env=env, check=True,
                   capture_output=True, cwd=REPO)
    return subprocess.run([sys.executable, "-m", "teambuilder", *argv], env=env, capture_output=True,
                          text=True, cwd=REPO, preexec_fn=_capped, timeout=60, check=False)


@pytest.fixture(scope="module")
def huge_team(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("huge") / "huge.yaml"
    line = "  - {code: 5sww, dice: 4}\n"
    with path.open("w") as stream:
        stream.write("name: x\ncards:\n")
        stream.write(line * (100 * 1024 * 1024 // len(line)))
    return path


def test_the_alias_bomb_is_one_kilobyte() -> None:
    assert len(BOMB) < 1024


@pytest.mark.parametrize("command", [["team", "validate"], ["team", "stats"], ["team", "export", "--to", "text"],
                                     ["scenario"]])
def test_an_alias_bomb_is_refused_within_the_memory_cap(tmp_path: Path, command: list[str]) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(BOMB)
    result = run_capped(tmp_path, *command[:2], str(bomb), *command[2:])
    assert result.returncode in (1, 2), result.stderr
    shown = result.stderr + result.stdout
    assert f"{bomb}:" in shown and "too many aliases" in shown
    assert "Traceback" not in shown and "MemoryError" not in shown


def test_an_alias_bomb_in_a_card_file_is_a_problem_with_its_line(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    for name in ("sets.yaml", "keywords.yaml"):
        (cards / name).write_bytes((CARDS_DIR / name).read_bytes())
    (cards / "sww.yaml").write_text(BOMB)
    result = run_capped(tmp_path, "catalogue", "check", str(cards))
    assert result.returncode == 1, result.stderr
    assert re.search(r"sww\.yaml:\d+: expands to more than [0-9,]+ values", result.stdout)


@pytest.mark.parametrize("command", [["team", "validate"], ["team", "import"], ["replay"], ["scenario"]])
def test_a_100_mb_file_is_refused_within_the_memory_cap(tmp_path: Path, huge_team: Path,
                                                       command: list[str]) -> None:
    extra = ["-o", str(tmp_path / "out.yaml")] if command[-1] == "import" else []
    result = run_capped(tmp_path, *command, str(huge_team), *extra)
    assert result.returncode in (1, 2), result.stderr
    shown = result.stderr + result.stdout
    assert f"{huge_team}" in shown and "too large" in shown and "100.0 MB" in shown
    assert "Traceback" not in shown
    assert not (tmp_path / "out.yaml").exists()
