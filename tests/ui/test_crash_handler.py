"""An exception nobody caught shows the crash dialog, naming the log file that holds its
traceback; in the running app (run_app) as much as with the handler on its own."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox, QStyleFactory
from pytestqt.qtbot import QtBot

from teambuilder import __version__
from teambuilder.app_log import setup_logging, stop_logging
from teambuilder.ui.crash_handler import CrashHandler, install_crash_handler

pytestmark = pytest.mark.qt_no_exception_capture   # the handler under test takes the exceptions


def crash_dialogs() -> list[QMessageBox]:
    return [widget for widget in QApplication.topLevelWidgets()
            if isinstance(widget, QMessageBox) and widget.objectName() == "crashDialog"
            and widget.isVisible()]


@pytest.fixture
def log_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TEAMBUILDER_LOG_DIR", str(tmp_path / "logs"))
    path = setup_logging()
    assert path == tmp_path / "logs" / "teambuilder.log"
    yield path
    stop_logging()


@pytest.fixture
def handler(log_file: Path) -> Iterator[CrashHandler]:
    installed = install_crash_handler(log_file)
    yield installed
    installed.uninstall()
    for dialog in crash_dialogs():
        dialog.close()


def test_an_exception_in_a_slot_shows_the_dialog_and_logs_the_traceback(
        qtbot: QtBot, handler: CrashHandler, log_file: Path) -> None:
    def sort_the_dice_pool() -> None:
        raise RuntimeError("the dice pool lost a die")

    QTimer.singleShot(0, sort_the_dice_pool)
    qtbot.waitUntil(lambda: len(crash_dialogs()) == 1, timeout=5000)
    dialog = crash_dialogs()[0]
    assert "RuntimeError: the dice pool lost a die" in dialog.text()
    assert str(log_file) in dialog.informativeText()
    logged = log_file.read_text()
    assert "Traceback (most recent call last)" in logged
    assert "sort_the_dice_pool" in logged and "RuntimeError: the dice pool lost a die" in logged
    dialog.button(QMessageBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: crash_dialogs() == [], timeout=5000)


def test_a_second_error_while_the_dialog_is_open_is_logged_not_stacked(
        qtbot: QtBot, handler: CrashHandler, log_file: Path) -> None:
    def first() -> None:
        raise ValueError("first failure")

    def second() -> None:
        raise KeyError("second failure")

    QTimer.singleShot(0, first)
    QTimer.singleShot(10, second)
    qtbot.waitUntil(lambda: "second failure" in log_file.read_text(), timeout=5000)
    assert len(crash_dialogs()) == 1 and "first failure" in crash_dialogs()[0].text()


def test_an_exception_in_a_worker_thread_reaches_the_dialog(qtbot: QtBot, handler: CrashHandler,
                                                            log_file: Path) -> None:
    def simulate() -> None:
        raise ZeroDivisionError("no games to average")

    worker = threading.Thread(target=simulate, name="sim-worker")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: len(crash_dialogs()) == 1, timeout=5000)
    assert "ZeroDivisionError: no games to average" in crash_dialogs()[0].text()
    logged = log_file.read_text()
    assert "uncaught exception in sim-worker" in logged and "in simulate" in logged


def test_the_running_app_installs_the_handler(qtbot: QtBot, log_file: Path, user_dir: Path) -> None:
    from teambuilder.ui.app import run_app

    app = QApplication.instance()
    style, palette, sheet = app.style().name(), app.palette(), app.styleSheet()
    seen: list[str] = []
    steps = iter(range(400))   # 20 s at most, then close up so a missing dialog fails, not hangs

    def broken_menu_action() -> None:
        raise RuntimeError("a menu action broke")

    def step() -> None:
        # Wait for the main window, break a slot in it, read the dialog, close it all.
        windows = [w for w in QApplication.topLevelWidgets()
                   if isinstance(w, QMainWindow) and w.isVisible()]
        dialogs = crash_dialogs()
        if next(steps, None) is None:
            for window in windows:
                window.close()
            return
        if dialogs:
            seen.append(dialogs[0].text() + "\n" + dialogs[0].informativeText())
            dialogs[0].button(QMessageBox.StandardButton.Ok).click()
            for window in windows:
                window.close()
            return
        if windows and not seen:
            seen.append("")
            QTimer.singleShot(0, broken_menu_action)
        QTimer.singleShot(50, step)

    QTimer.singleShot(50, step)
    try:
        assert run_app() == 0
    finally:
        app.setStyleSheet(sheet)
        app.setStyle(QStyleFactory.create(style))
        app.setPalette(palette)
    assert "RuntimeError: a menu action broke" in seen[-1] and str(log_file) in seen[-1]
    logged = log_file.read_text()
    assert f"teambuilder {__version__} starting" in logged and "broken_menu_action" in logged
