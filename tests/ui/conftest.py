"""GUI fixtures: a main window over the real catalogue with its own library and settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot


@pytest.fixture
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user folder (library, settings) for one test."""
    folder = tmp_path / "user"
    monkeypatch.setenv("TEAMBUILDER_USER_DIR", str(folder))
    return folder


@pytest.fixture
def make_window(qtbot: QtBot, catalogue, user_dir: Path):  # type: ignore[no-untyped-def]
    """Build main windows the way the app does (each call: a new window, same user folder)."""
    from PySide6.QtWidgets import QApplication, QStyleFactory

    from teambuilder.teams.library import TeamLibrary
    from teambuilder.ui import create_main_window

    app = QApplication.instance()
    style, palette, sheet = app.style().name(), app.palette(), app.styleSheet()
    libraries = []

    def make():  # type: ignore[no-untyped-def]
        library = TeamLibrary.open()
        libraries.append(library)
        window = create_main_window(catalogue, library)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    yield make
    for library in libraries:
        library.close()
    # A theme is app-wide: put the app back as it was for the next test.
    app.setStyleSheet(sheet)
    app.setStyle(QStyleFactory.create(style))
    app.setPalette(palette)


@pytest.fixture
def window(make_window):  # type: ignore[no-untyped-def]
    return make_window()
