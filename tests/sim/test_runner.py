"""The runner and the report in this process: seeds, seats, aggregation in game order."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
import time

import pytest

from teambuilder.sim.command import ProgressLine
from teambuilder.sim.matchup import Matchup, MatchupError, build_matchup
from teambuilder.sim.report import build_report, format_report
from teambuilder.sim.runner import GameResult, SimSettings, effective_jobs, play_game, run_games, start_method
from teambuilder.teams.team_file import read_team_file
from tests.conftest import REPO

TEAMS = REPO / "data" / "teams"


@pytest.fixture(scope="module")
def demo(catalogue) -> Matchup:  # type: ignore[no-untyped-def]
    teams = [read_team_file(TEAMS / "sww-demo-first.yaml"), read_team_file(TEAMS / "sww-demo-second.yaml")]
    return build_matchup(teams, catalogue)


def test_game_i_uses_seed_base_plus_i_and_seats_alternate(demo: Matchup) -> None:
    settings = SimSettings(demo, ("random", "random"), 6, base_seed=100)
    results = run_games(settings, jobs=1)
    assert [r.index for r in results] == list(range(6))
    assert [r.seed for r in results] == list(range(100, 106))
    assert [r.first for r in results] == [0, 1, 0, 1, 0, 1]   # team A opens the even games
    assert all(r.winner in (0, 1, None) and r.turns > 0 for r in results)
    # A game depends on nothing but its index and the settings.
    assert play_game(settings, 3) == results[3]


def test_a_team_with_the_same_name_twice_is_told_apart(catalogue) -> None:  # type: ignore[no-untyped-def]
    team = read_team_file(TEAMS / "sww-demo-first.yaml")
    matchup = build_matchup([team, team], catalogue)
    assert [s.name for s in matchup.setups] == [f"{team.name} (A)", f"{team.name} (B)"]
    assert (matchup.life, matchup.format_key) == (10, "demo")
    with pytest.raises(MatchupError, match="unknown format 'nope'"):
        build_matchup([team, team], catalogue, "nope")


def test_jobs_default_to_the_cpu_count_and_never_exceed_the_games() -> None:
    assert effective_jobs(8, 3) == 3
    assert effective_jobs(1, 100) == 1
    assert effective_jobs(None, 1000) >= 1
    with pytest.raises(ValueError):
        effective_jobs(0, 10)


def result(index: int, winner: int | None, damage: tuple[int, int], turns: int = 10,
           turn_limit: bool = False) -> GameResult:
    return GameResult(index, index, index % 2, winner, "x", turns, damage, turn_limit)


def test_report_counts_wins_seats_first_player_and_damage(demo: Matchup) -> None:
    settings = SimSettings(demo, ("random", "greedy"), 5, base_seed=0)
    results = [result(0, 0, (3, 10)), result(1, 0, (4, 10)), result(2, 1, (10, 2)),
               result(3, None, (0, 0), turns=200, turn_limit=True), result(4, 0, (5, 10), turns=20)]
    report = build_report(settings, ["a.yaml", "b.yaml"], results)
    a, b = report["a"], report["b"]
    assert (a["wins"], a["losses"], a["ties"]) == (3, 1, 1) and (b["wins"], b["losses"], b["ties"]) == (1, 3, 1)
    assert a["win_rate"] == 0.6 and a["ci95"] == [0.2307, 0.8824]
    assert (a["ai"], b["ai"], a["file"]) == ("random", "greedy", "a.yaml")
    assert a["average_damage_dealt"] == 6.4 and b["average_damage_dealt"] == 4.4   # damage the other took
    assert report["by_seat"]["a_first"] == {"games": 3, "a_wins": 2, "b_wins": 1, "ties": 0,
                                            "a_win_rate": 0.6667, "ci95": [0.2077, 0.9385]}
    assert report["by_seat"]["a_second"]["games"] == 2 and report["by_seat"]["a_second"]["a_wins"] == 1
    assert report["first_player"]["wins"] == 2   # the first player won games 0 and 4 only
    assert report["ties"] == {"total": 1, "turn_limit": 1}
    assert report["average_turns"] == 50.0
    assert [g["first"] for g in report["per_game"]] == ["a", "b", "a", "b", "a"]
    assert report["per_game"][2]["damage_dealt"] == {"a": 2, "b": 10}
    text = format_report(report)
    assert "A goes first" in text and "60.0%" in text and "23.1%-88.2%" in text


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_one_rewritten_line_on_a_terminal_and_one_line_elsewhere() -> None:
    terminal = FakeTerminal()
    line = ProgressLine(terminal, interval=0)
    for done in range(1, 4):
        line.update(done, 3)
    line.finish(3, 1.5, 2)
    assert terminal.getvalue() == ("\rsim: 1/3 games\rsim: 2/3 games\rsim: 3/3 games"
                                   "\rsim: 3/3 games in 1.5 s (2.0 games/s, 2 jobs)\n")
    log = io.StringIO()
    line = ProgressLine(log, interval=0)
    line.update(1, 3)
    line.finish(3, 3.0, 1)
    assert log.getvalue() == "sim: 3/3 games in 3.0 s (1.0 games/s, 1 job)\n"


def test_workers_fork_only_from_a_single_threaded_process_on_linux() -> None:
    # A subprocess: this one (pytest, maybe Qt) may run other threads already.
    script = ("import threading, time\n"
              "from teambuilder.sim.runner import start_method\n"
              "alone = start_method()\n"
              "threading.Thread(target=time.sleep, args=(2,), daemon=True).start()\n"
              "print(alone, start_method())\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert out == (["fork", "spawn"] if sys.platform == "linux" else ["spawn", "spawn"])


def test_spawned_workers_play_the_same_games_as_one_process(demo: Matchup) -> None:
    settings = SimSettings(demo, ("random", "random"), 12, base_seed=3)
    sleeper = threading.Thread(target=time.sleep, args=(1,), daemon=True)
    sleeper.start()           # another thread: the pool must spawn its workers
    assert start_method() == "spawn"
    assert run_games(settings, 2) == run_games(settings, 1)
