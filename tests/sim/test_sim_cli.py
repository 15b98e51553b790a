"""``teambuilder sim`` through the real command line: determinism across jobs, the JSON
shape, the plain table, stderr kept to one line, and one-line errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

TEAMS = REPO / "data" / "teams"
TEAM_A = str(TEAMS / "standard-superman-family.yaml")
TEAM_B = str(TEAMS / "standard-wwe.yaml")
RANDOM = ("--ai-a", "random", "--ai-b", "random")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "teambuilder", *args], capture_output=True, text=True,
                          cwd=REPO, check=False)


@pytest.fixture(scope="module", autouse=True)
def built_catalogue() -> None:
    """Build the (private) catalogue index first, so no "indexing" line reaches stderr."""
    assert _cli("catalogue", "build").returncode == 0


@pytest.fixture(scope="module")
def reports() -> dict[int, subprocess.CompletedProcess[str]]:
    return {jobs: _cli("sim", TEAM_A, TEAM_B, "-n", "6", "--seed", "7", "--jobs", str(jobs), *RANDOM, "--json")
            for jobs in (1, 2)}


def test_same_seed_same_json_whatever_the_jobs(reports: dict[int, subprocess.CompletedProcess[str]]) -> None:
    for run in reports.values():
        assert run.returncode == 0, run.stderr
    assert reports[1].stdout == reports[2].stdout
    # stderr is one summary line (not a terminal: no rewritten progress, no carriage return).
    assert reports[2].stderr.startswith("sim: 6/6 games in ") and reports[2].stderr.count("\n") == 1
    assert "2 jobs" in reports[2].stderr and "\r" not in reports[2].stderr


def test_json_shape(reports: dict[int, subprocess.CompletedProcess[str]]) -> None:
    report = json.loads(reports[1].stdout)
    assert set(report) == {"schema", "games", "seeds", "format", "life", "a", "b", "ties", "by_seat",
                           "first_player", "average_turns", "confidence", "per_game"}
    assert (report["schema"], report["games"], report["seeds"]) == (1, 6, {"first": 7, "last": 12})
    assert (report["format"], report["life"]) == ("standard", 20)
    a, b = report["a"], report["b"]
    assert (a["name"], a["ai"], a["file"]) == ("Last Sons of Krypton", "random", TEAM_A)
    assert b["name"] == "Main Event"
    for team in (a, b):
        assert set(team) == {"name", "file", "ai", "wins", "losses", "ties", "win_rate", "ci95",
                             "average_damage_dealt"}
        assert team["wins"] + team["losses"] + team["ties"] == 6
        assert 0 <= team["ci95"][0] <= team["win_rate"] <= team["ci95"][1] <= 1
    assert a["wins"] == b["losses"] and a["ties"] == b["ties"] == report["ties"]["total"]
    seats = report["by_seat"]
    assert seats["a_first"]["games"] == seats["a_second"]["games"] == 3
    assert seats["a_first"]["a_wins"] + seats["a_second"]["a_wins"] == a["wins"]
    assert report["confidence"] == {"level": 0.95, "method": "wilson", "z": 1.96}
    games = report["per_game"]
    assert [g["seed"] for g in games] == list(range(7, 13))
    assert [g["first"] for g in games] == ["a", "b", "a", "b", "a", "b"]   # seats alternate
    assert sum(g["winner"] == "a" for g in games) == a["wins"]
    assert report["average_turns"] == round(sum(g["turns"] for g in games) / 6, 4)
    assert a["average_damage_dealt"] == round(sum(g["damage_dealt"]["a"] for g in games) / 6, 4)
    assert report["first_player"]["wins"] == sum(g["winner"] == g["first"] for g in games)


def test_a_different_seed_plays_different_games() -> None:
    run = _cli("sim", TEAM_A, TEAM_B, "-n", "2", "--seed", "1000", "--jobs", "1", *RANDOM, "--json")
    assert [g["seed"] for g in json.loads(run.stdout)["per_game"]] == [1000, 1001]


def test_plain_output_is_a_short_table() -> None:
    run = _cli("sim", str(TEAMS / "sww-demo-first.yaml"), str(TEAMS / "sww-demo-second.yaml"), "-n", "4",
               "--jobs", "1", *RANDOM)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "4 games, seeds 0-3, format demo"
    assert lines[3].startswith("A  SWW demo: Superman and Wonder Woman  random")
    assert lines[4].startswith("B  SWW demo: Cheetah and Giganta")
    assert any(line.startswith("A goes first       2") for line in lines)
    assert any(line.startswith("first player won ") for line in lines)
    assert len(lines) < 15


@pytest.mark.parametrize(("args", "message"), [
    (("--ai-a", "genius"), "teambuilder: unknown AI 'genius' (one of "),
    (("-n", "0"), "teambuilder: -n must be at least 1 (the number of games), got 0"),
    (("--jobs", "0"), "teambuilder: --jobs must be a whole number of at least 1 or 'auto', got '0'"),
])
def test_bad_arguments_are_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    run = _cli("sim", TEAM_A, TEAM_B, "-n", "2", *args)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and run.stderr.startswith(message), run.stderr
    assert run.stdout == ""


def test_a_bad_team_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    run = _cli("sim", str(missing), TEAM_B, "-n", "2")
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert run.stderr.startswith(f"teambuilder: {missing}: no such file")
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("name: Ghosts\ncards:\n  - {code: 999sww, dice: 2}\nbasic_actions: [31sww, 34sww]\n")
    run = _cli("sim", str(unknown), TEAM_B, "-n", "2", *RANDOM)
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "unknown card '999sww'" in run.stderr and "Traceback" not in run.stderr
