"""A team library that cannot be opened at start gets a dialog: open a fresh library (the
damaged file is renamed aside, every byte kept, and the user is told where) or quit."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QStyleFactory
from pytestqt.qtbot import QtBot

from teambuilder.app_log import stop_logging
from teambuilder.teams.library import LIBRARY_FILE
from teambuilder.teams.model import Team
from teambuilder.ui.library_recovery import open_library

GARBAGE = b"this is not a team library\x00\xff" * 40


@pytest.fixture
def damaged(user_dir: Path) -> Path:
    user_dir.mkdir(parents=True, exist_ok=True)
    path = user_dir / LIBRARY_FILE
    path.write_bytes(GARBAGE)
    return path


@pytest.fixture
def answer() -> Iterator[Callable[[list[tuple[str, str]]], list[str]]]:
    """Answer the modal boxes as they come up: each (objectName, button text) in turn. The
    texts of the boxes answered are returned (filled in as they are seen)."""
    timers: list[QTimer] = []

    def plan(steps: list[tuple[str, str]]) -> list[str]:
        seen: list[str] = []
        remaining = list(steps)

        def press() -> None:
            if not remaining:
                timer.stop()
                return
            name, label = remaining[0]
            for box in QApplication.topLevelWidgets():
                if isinstance(box, QMessageBox) and box.objectName() == name and box.isVisible():
                    button = next(b for b in box.buttons() if b.text().replace("&", "") == label)
                    seen.append(f"{box.text()}\n{box.informativeText()}")
                    remaining.pop(0)
                    button.click()
                    return

        timer = QTimer()
        timer.timeout.connect(press)
        timer.start(30)
        timers.append(timer)
        return seen

    yield plan
    for timer in timers:
        timer.stop()


Answer = Callable[[list[tuple[str, str]]], list[str]]


def test_open_a_fresh_library_keeps_the_damaged_file_and_says_where(qtbot: QtBot, damaged: Path,
                                                                    answer: Answer) -> None:
    seen = answer([("libraryOpenFailedDialog", "Open a fresh library"),
                   ("librarySetAsideDialog", "OK")])
    library = open_library(interactive=True)
    assert library is not None
    try:
        asked, told = seen
        assert str(damaged) in asked and "not a team library" in asked and "bytes are kept" in asked
        kept = [path for path in damaged.parent.iterdir()
                if path.name.startswith(f"{LIBRARY_FILE}.damaged")]
        assert len(kept) == 1 and kept[0].read_bytes() == GARBAGE
        assert str(kept[0]) in told
        # The fresh library is a working one, in the usual place.
        saved = library.save(Team(name="After the rescue"))
        assert library.load(saved).name == "After the rescue"
        assert damaged.read_bytes() != GARBAGE
    finally:
        library.close()


def test_quit_leaves_the_file_alone_and_the_app_exits_1(qtbot: QtBot, damaged: Path, answer: Answer,
                                                        tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from teambuilder.ui.app import run_app

    monkeypatch.setenv("TEAMBUILDER_LOG_DIR", str(tmp_path / "logs"))
    app = QApplication.instance()
    style, palette, sheet = app.style().name(), app.palette(), app.styleSheet()
    seen = answer([("libraryOpenFailedDialog", "Quit")])
    try:
        assert run_app() == 1
    finally:
        stop_logging()
        app.setStyleSheet(sheet)
        app.setStyle(QStyleFactory.create(style))
        app.setPalette(palette)
    assert len(seen) == 1 and "cannot be opened" in seen[0]
    assert damaged.read_bytes() == GARBAGE
    files = sorted(path.name for path in damaged.parent.iterdir() if path.is_file())
    assert files == [LIBRARY_FILE]
    logged = (tmp_path / "logs" / "teambuilder.log").read_text()
    assert "cannot open the team library" in logged


def test_without_a_user_at_the_screen_the_problem_is_one_line(
        damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert open_library(interactive=False) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("teambuilder: ") and str(damaged) in err
    assert damaged.read_bytes() == GARBAGE
