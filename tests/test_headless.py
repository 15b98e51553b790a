"""With no display (no DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM), the commands that only
render still work, offscreen and quietly, and the interactive app says in one line why it
cannot start, instead of Qt aborting the process (exit 134)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from teambuilder.display import (
    NO_DISPLAY_MESSAGE,
    can_show_windows,
    has_display,
    render_offscreen_if_headless,
)
from tests.conftest import REPO

TEAMS = REPO / "data" / "teams"
NOISE = ("QFont", "propagateSizeHints", "qt.qpa", "platform plugin", "Traceback")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One catalogue index for every run here (so stderr holds no rebuild progress)."""
    folder = tmp_path_factory.mktemp("headless-cache")
    result = run_headless(["catalogue", "build"], folder, tmp_path_factory.mktemp("user"))
    assert result.returncode == 0, result.stderr
    return folder


def headless_env(cache: Path, user: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "TEAMBUILDER_LOG_DIR")}
    env.update(TEAMBUILDER_CACHE_DIR=str(cache), TEAMBUILDER_USER_DIR=str(user))
    return env


def run_headless(args: list[str], cache: Path, user: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "teambuilder", *args],
                          env=headless_env(cache, user), capture_output=True, text=True,
                          timeout=300, check=False, cwd=user.parent)


def assert_quiet(stderr: str) -> None:
    assert not [line for line in stderr.splitlines() if any(word in line for word in NOISE)], stderr


def test_team_print_writes_a_pdf_with_no_display(cache: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    args = ["team", "print", str(TEAMS / "standard-x-men.yaml"), "-o", str(pdf)]
    result = run_headless(args, cache, tmp_path / "user")
    assert result.returncode == 0, result.stderr
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 2000
    assert result.stdout.startswith(f"wrote {pdf}: 1 page(s)")
    assert result.stderr == ""


def test_gui_screenshot_renders_with_no_display(cache: Path, tmp_path: Path) -> None:
    png = tmp_path / "window.png"
    result = run_headless(["gui", "--screenshot", str(png)], cache, tmp_path / "user")
    assert result.returncode == 0, result.stderr
    assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 10_000
    assert_quiet(result.stderr)


def test_playtest_autoplay_and_screenshot_run_with_no_display(cache: Path, tmp_path: Path) -> None:
    team = str(TEAMS / "standard-x-men.yaml")
    played = run_headless(["playtest", team, "--seed", "3", "--autoplay"], cache, tmp_path / "user")
    assert played.returncode == 0, played.stderr
    assert " after " in played.stdout and "turns" in played.stdout
    assert_quiet(played.stderr)
    png = tmp_path / "playtest.png"
    pictured = run_headless(["playtest", team, "--seed", "3", "--screenshot", str(png)], cache,
                            tmp_path / "user")
    assert pictured.returncode == 0, pictured.stderr
    assert png.read_bytes().startswith(b"\x89PNG")
    assert_quiet(pictured.stderr)


@pytest.mark.parametrize("args", [[], ["gui"], ["playtest", str(TEAMS / "standard-x-men.yaml")]],
                         ids=["bare", "gui", "playtest"])
def test_the_interactive_app_says_it_needs_a_display(cache: Path, tmp_path: Path,
                                                    args: list[str]) -> None:
    result = run_headless(args, cache, tmp_path / "user")
    assert result.returncode == 2
    assert result.stderr == NO_DISPLAY_MESSAGE + "\n"
    assert result.stdout == ""


def test_display_detection() -> None:
    assert has_display({"DISPLAY": ":0"}, "linux")
    assert has_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not has_display({}, "linux") and not has_display({"DISPLAY": ""}, "freebsd13")
    assert has_display({}, "darwin") and has_display({}, "win32")   # no variable needed there
    assert can_show_windows({"QT_QPA_PLATFORM": "vnc"}, "linux")    # the user's choice stands


def test_only_a_headless_render_switches_to_offscreen() -> None:
    environ: dict[str, str] = {}
    assert render_offscreen_if_headless(environ, "linux")
    assert environ == {"QT_QPA_PLATFORM": "offscreen"}
    chosen = {"QT_QPA_PLATFORM": "minimal"}
    assert not render_offscreen_if_headless(chosen, "linux")
    assert chosen == {"QT_QPA_PLATFORM": "minimal"}
    desktop = {"DISPLAY": ":1"}
    assert not render_offscreen_if_headless(desktop, "linux") and "QT_QPA_PLATFORM" not in desktop


def test_qt_noise_is_dropped_and_real_warnings_are_kept_and_logged(tmp_path: Path) -> None:
    code = ("from PySide6.QtCore import qWarning\n"
            "from PySide6.QtGui import QGuiApplication\n"
            "from teambuilder.app_log import setup_logging\n"
            "from teambuilder.ui.qt_messages import install_qt_message_filter\n"
            "setup_logging(); install_qt_message_filter()\n"
            "app = QGuiApplication([])\n"
            "qWarning('This plugin does not support propagateSizeHints()')\n"
            "qWarning('QFont::fromString: Invalid description')\n"
            "qWarning('a warning that matters')\n")
    env = headless_env(tmp_path / "cache", tmp_path / "user")
    env.update(QT_QPA_PLATFORM="offscreen", TEAMBUILDER_LOG_DIR=str(tmp_path / "logs"))
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                            timeout=120, check=True, cwd=REPO)
    assert result.stderr == "a warning that matters\n"
    logged = (tmp_path / "logs" / "teambuilder.log").read_text()
    assert "a warning that matters" in logged and "propagateSizeHints" not in logged
