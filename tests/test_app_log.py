"""The log file: where it goes, that it rotates, that the app runs on without it, and that
a bug in a command is one line on stderr (exit 70) with the traceback in the log."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from teambuilder.app_log import (
    BACKUPS,
    EXIT_INTERNAL_ERROR,
    MAX_BYTES,
    get_logger,
    log_path,
    setup_logging,
    stop_logging,
)
from teambuilder.cli import main
from tests.conftest import REPO


@pytest.fixture(autouse=True)
def no_log_file_left_open() -> Iterator[None]:
    yield
    stop_logging()


def test_the_log_goes_to_the_named_folder_and_rotates(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAMBUILDER_LOG_DIR", str(tmp_path / "logs"))
    path = setup_logging()
    assert path == tmp_path / "logs" / "teambuilder.log" and log_path() == path
    assert setup_logging() == path   # a second call changes nothing
    log = get_logger("test")
    line = "x" * 1000
    for _ in range(4 * MAX_BYTES // 1000):
        log.info("%s", line)
    files = sorted(p.name for p in path.parent.iterdir())
    assert files == ["teambuilder.log"] + [f"teambuilder.log.{n}" for n in range(1, BACKUPS + 1)]
    assert all(p.stat().st_size <= MAX_BYTES for p in path.parent.iterdir())


def test_a_scratch_user_folder_keeps_its_log_too(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEAMBUILDER_LOG_DIR", raising=False)
    monkeypatch.setenv("TEAMBUILDER_USER_DIR", str(tmp_path / "user"))
    assert setup_logging() == tmp_path / "user" / "logs" / "teambuilder.log"


def test_without_a_usable_folder_the_app_runs_on_without_a_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TEAMBUILDER_LOG_DIR", str(blocker / "logs"))
    assert setup_logging() is None and log_path() is None
    get_logger("test").warning("nowhere to go")   # neither an error nor a line on the terminal
    assert capsys.readouterr().err == ""
    assert main(["cards", "show", "5sww"]) == 0


def test_every_command_is_logged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TEAMBUILDER_LOG_DIR", str(tmp_path / "logs"))
    assert main(["cards", "search", "set:sww cost<=2"]) == 0
    logged = (tmp_path / "logs" / "teambuilder.log").read_text()
    assert "command: teambuilder cards search 'set:sww cost<=2'" in logged


# A bug is simulated by breaking the catalogue for one process (no input reaches this).
BROKEN_COMMAND = ("import sys\n"
                  "from teambuilder import cli\n"
                  "def open_catalogue(force=False):\n"
                  "    raise RuntimeError('the index\\nlost its cards')\n"
                  "cli.open_catalogue = open_catalogue\n"
                  "sys.exit(cli.main(['cards', 'search', 'set:sww']))\n")


def run_broken(env_changes: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "TEAMBUILDER_LOG_DIR"}
    env.update(env_changes)
    return subprocess.run([sys.executable, "-c", BROKEN_COMMAND], env=env, capture_output=True,
                          text=True, timeout=120, check=False, cwd=REPO)


def test_a_bug_in_a_command_is_one_line_and_the_traceback_is_in_the_log(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    result = run_broken({"TEAMBUILDER_LOG_DIR": str(logs)}, tmp_path)
    assert result.returncode == EXIT_INTERNAL_ERROR == 70
    log_file = logs / "teambuilder.log"
    assert result.stderr == ("teambuilder: internal error: RuntimeError: the index lost its "
                             f"cards; details in {log_file}\n")
    logged = log_file.read_text()
    assert "command: teambuilder cards search set:sww" in logged
    assert "Traceback (most recent call last)" in logged and "in open_catalogue" in logged


def test_with_no_log_file_the_traceback_is_kept_on_the_terminal(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    result = run_broken({"TEAMBUILDER_LOG_DIR": str(blocker / "logs")}, tmp_path)
    assert result.returncode == 70
    assert "Traceback (most recent call last)" in result.stderr
    assert result.stderr.splitlines()[-1] == ("teambuilder: internal error: RuntimeError: the "
                                              "index lost its cards; no log file could be written")


def test_the_logger_never_prints_to_the_terminal_by_itself(
        capsys: pytest.CaptureFixture[str]) -> None:
    logging.getLogger("teambuilder.test").error("only for a log file")
    assert capsys.readouterr().err == ""
