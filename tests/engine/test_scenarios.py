"""The rule scenarios of tests/scenarios, each a test, and the scenario command itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from teambuilder.engine.scenario import run_scenario
from teambuilder.engine.scenario_cards import inline_cards
from tests.conftest import REPO

SCENARIOS = sorted((REPO / "tests" / "scenarios").rglob("*.yaml"))


def test_there_are_at_least_40_rule_scenarios() -> None:
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(catalogue, path: Path) -> None:  # type: ignore[no-untyped-def]
    result = run_scenario(path, catalogue.get)
    assert result.failures == []


def test_every_scenario_card_gets_its_own_code() -> None:
    # Keys without digits, or with the same digits, used to share a code ("0test").
    spec = {"name": "X", "levels": [[0, 1, 1]]}
    codes = {key: card.code for key, card in inline_cards(
        {"armor": spec, "shield": spec, "blade7": spec, "a1": spec, "b1": spec}).items()}
    assert codes["blade7"] == "7test" and codes["a1"] == "1test"
    assert len(set(codes.values())) == 5


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "teambuilder", *args], capture_output=True, text=True,
                          cwd=REPO, check=False)


def test_scenario_command_reports_a_broken_rule_and_exits_1(tmp_path: Path) -> None:
    source = (REPO / "tests" / "scenarios" / "demo-cheetah-into-wonder-woman.yaml").read_text()
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(source.replace("life: {Diane: 5, Carlos: 10}", "life: {Diane: 6, Carlos: 10}"))
    good = REPO / "tests" / "scenarios" / "demo-cheetah-into-wonder-woman.yaml"
    result = _cli("scenario", str(good), str(wrong))
    assert result.returncode == 1
    assert "Diane has 5 life, expected 6" in result.stdout
    assert "1 passed, 1 failed" in result.stdout
    report = json.loads(_cli("scenario", str(good), "--json").stdout)
    assert report["passed"] == 1 and report["scenarios"][0]["passed"] is True


def test_a_broken_scenario_file_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nplayers:\n  - {name: A}\n  - {name: B}\nactions:\n  - {fly: away}\n")
    result = _cli("scenario", str(bad))
    assert result.returncode == 1
    assert "bad.yaml:6: unknown action 'fly' (one of pass, reroll," in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_play_writes_a_log_and_a_record_that_replays_to_the_same_log(tmp_path: Path) -> None:
    teams = REPO / "data" / "teams"
    log, record = tmp_path / "game.log", tmp_path / "game.json"
    result = _cli("play", str(teams / "sww-demo-first.yaml"), str(teams / "sww-demo-second.yaml"),
                  "--seed", "11", "--log", str(log), "--record", str(record), "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["winner"] in ("SWW demo: Superman and Wonder Woman", "SWW demo: Cheetah and Giganta")
    assert summary["turns"] > 2
    replayed = _cli("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == log.read_text()
    assert "-- Turn 1:" in replayed.stdout


def test_play_with_an_unknown_ai_is_one_line(tmp_path: Path) -> None:
    teams = REPO / "data" / "teams"
    result = _cli("play", str(teams / "sww-demo-first.yaml"), str(teams / "sww-demo-second.yaml"),
                  "--ai-a", "genius")
    assert result.returncode == 2
    assert result.stderr.strip() == "teambuilder: unknown AI 'genius' (one of greedy, random, search)"


def test_an_unreadable_scenario_file_exits_2_and_the_others_still_run(tmp_path: Path) -> None:
    unreadable = tmp_path / "unreadable.yaml"
    unreadable.write_bytes(b"name: \xff\xfe\nplayers: []\n")
    good = REPO / "tests" / "scenarios" / "demo-cheetah-into-wonder-woman.yaml"
    result = _cli("scenario", str(good), str(unreadable))
    assert result.returncode == 2
    assert f"{unreadable}:1: not UTF-8 text" in result.stdout
    assert "1 passed, 1 failed" in result.stdout
