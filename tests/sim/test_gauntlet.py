"""teambuilder gauntlet (issue 26): every team against every opponent, one pool for the
whole run, a matchup table that is the same for any number of jobs."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from teambuilder.sim.gauntlet import jobs_for
from teambuilder.sim.runner import SMALL_RUN, available_cpus
from tests.fuzz.conftest import Run, run_cli

TEAMS = Path(__file__).resolve().parents[2] / "data" / "teams"
MINE = [str(TEAMS / "sww-demo-first.yaml"), str(TEAMS / "wf-demo-first.yaml")]
FIELD = [str(TEAMS / "sww-demo-second.yaml"), str(TEAMS / "xmf-demo-second.yaml")]


def gauntlet(*argv: str) -> Run:
    run = run_cli("gauntlet", *argv)
    assert run.code == 0, run.err
    return run


def test_the_report_is_the_same_for_one_job_two_jobs_and_auto() -> None:
    args = [*MINE, "--against", *FIELD, "-n", "6", "--seed", "3", "--json"]
    one = gauntlet(*args, "--jobs", "1").out
    two = gauntlet(*args, "--jobs", "2").out
    auto = gauntlet(*args).out
    assert one == two == auto
    report = json.loads(one)
    assert report["games"] == 24 and len(report["pairings"]) == 4
    assert [(p["team"], p["opponent"]) for p in report["pairings"]][:2] == [
        ("SWW demo: Superman and Wonder Woman", "SWW demo: Cheetah and Giganta"),
        ("SWW demo: Superman and Wonder Woman", "XMF demo: Mastermind and Madelyne Pryor")]
    for team in report["teams"]:
        assert team["games"] == 12 and team["wins"] + team["losses"] + team["ties"] == 12
        low, high = team["ci95"]
        assert low <= team["win_rate"] <= high


def test_a_pairing_is_the_same_games_as_sim() -> None:
    report = json.loads(gauntlet(MINE[0], "--against", FIELD[0], "-n", "8", "--seed", "5", "--json").out)
    sim = json.loads(run_cli("sim", MINE[0], FIELD[0], "-n", "8", "--seed", "5", "--jobs", "1", "--json").out)
    pairing = report["pairings"][0]
    assert (pairing["wins"], pairing["losses"], pairing["ties"]) == (sim["a"]["wins"], sim["a"]["losses"],
                                                                     sim["a"]["ties"])
    assert report["first_player"]["wins"] == sim["first_player"]["wins"]


def test_round_robin_plays_every_team_against_every_other(tmp_path: Path) -> None:
    for name in ("sww-demo-first.yaml", "sww-demo-second.yaml", "wf-demo-first.yaml"):
        shutil.copy(TEAMS / name, tmp_path / name)
    out = tmp_path / "table.csv"
    report = json.loads(gauntlet("--round-robin", str(tmp_path), "-n", "4", "--json", "--csv", str(out)).out)
    assert report["round_robin"] and len(report["pairings"]) == 3
    assert all(team["games"] == 8 for team in report["teams"])     # two opponents, 4 games each
    assert sum(t["wins"] for t in report["teams"]) == sum(p["wins"] + p["losses"] for p in report["pairings"])
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(rows) == 3 and rows[0]["games"] == "4"


def test_progress_goes_to_stderr_and_the_table_to_stdout() -> None:
    run = gauntlet(MINE[0], "--against", *FIELD, "-n", "2")
    assert "gauntlet: 4/4 games" in run.err
    assert "over the field" in run.out and "first player won" in run.out


@pytest.mark.parametrize(("argv", "says"), [
    (["-n", "0", MINE[0], "--against", FIELD[0]], "-n must be at least 1"),
    (["-n", "2", MINE[0], "--against", FIELD[0], "--jobs", "many"], "--jobs must be"),
    (["-n", "2", MINE[0]], "--against"),
    (["-n", "2", MINE[0], "--against", FIELD[0], "--ai", "clever"], "clever"),
    (["-n", "2", "nope.yaml", "--against", FIELD[0]], "nope.yaml"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], says: str) -> None:
    run = run_cli("gauntlet", *argv)
    assert run.code == 2 and says in run.err
    assert len([line for line in run.err.splitlines() if line.strip()]) == 1 and "Traceback" not in run.err


def test_an_empty_folder_is_named(tmp_path: Path) -> None:
    run = run_cli("gauntlet", MINE[0], "--against", str(tmp_path), "-n", "2")
    assert run.code == 2 and str(tmp_path) in run.err and "no team files" in run.err


def test_jobs_auto_uses_the_cpus_this_process_may_use_and_one_for_a_small_run() -> None:
    assert jobs_for("auto", SMALL_RUN - 1) == 1
    assert jobs_for("auto", 10_000) == available_cpus()
    assert jobs_for(3, 2) == 2
    with pytest.raises(ValueError, match="at least 1"):
        jobs_for(0, 10)
