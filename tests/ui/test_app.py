"""Starting the app: the catalogue opens in a worker, the screenshot command, the team
library dialog, the theme and the New shortcut."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication, QPushButton, QTreeWidget
from pytestqt.qtbot import QtBot

from teambuilder.teams.model import Team, TeamCard
from teambuilder.ui.app import load_catalogue_with_progress
from teambuilder.ui.library_dialog import LibraryDialog

REPO = Path(__file__).resolve().parents[2]


def test_the_catalogue_is_built_in_a_worker_when_the_index_is_missing(qtbot: QtBot, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAMBUILDER_CACHE_DIR", str(tmp_path / "cache"))
    catalogue = load_catalogue_with_progress()
    try:
        assert catalogue.info.rebuilt and catalogue.count() == 4079
        assert (tmp_path / "cache").is_dir()
    finally:
        catalogue.close()


def test_gui_screenshot_renders_the_window_with_a_team_and_a_search(tmp_path: Path) -> None:
    png = tmp_path / "shot.png"
    env = {"QT_QPA_PLATFORM": "offscreen", "TEAMBUILDER_CACHE_DIR": str(tmp_path / "cache"),
           "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "teambuilder", "gui", "--screenshot", str(png),
                             "--team", str(REPO / "data" / "teams" / "standard-x-men.yaml"),
                             "--search", "set:xmf", "--theme", "dark"],
                            check=False, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    image = QImage(str(png))
    assert image.width() >= 1000 and image.height() >= 600
    # Dark theme: the status bar along the bottom is dark.
    assert image.pixelColor(image.width() // 2, image.height() - 5).lightness() < 100


def test_library_dialog_opens_trashes_and_restores_teams(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    library = window.context.library
    first = library.save(Team(name="Cats", cards=(TeamCard("5sww", 2),)))
    library.save(Team(name="Dogs"))
    dialog = LibraryDialog(library, window)
    qtbot.addWidget(dialog)
    teams = dialog.findChild(QTreeWidget, "libraryTeams")
    assert [teams.topLevelItem(i).text(0) for i in range(teams.topLevelItemCount())][:2] == ["Dogs", "Cats"]
    teams.setCurrentItem(teams.topLevelItem(1))
    qtbot.mouseClick(dialog.findChild(QPushButton, "libraryDelete"), Qt.MouseButton.LeftButton)
    assert "Cats" not in [teams.topLevelItem(i).text(0) for i in range(teams.topLevelItemCount())]
    dialog.show_trash.setChecked(True)
    names = [teams.topLevelItem(i).text(0) for i in range(teams.topLevelItemCount())]
    teams.setCurrentItem(teams.topLevelItem(names.index("Cats (in the trash)")))
    qtbot.mouseClick(dialog.findChild(QPushButton, "libraryRestore"), Qt.MouseButton.LeftButton)
    dialog.show_trash.setChecked(False)
    names = [teams.topLevelItem(i).text(0) for i in range(teams.topLevelItemCount())]
    teams.setCurrentItem(teams.topLevelItem(names.index("Cats")))
    qtbot.mouseClick(dialog.findChild(QPushButton, "libraryOpen"), Qt.MouseButton.LeftButton)
    assert dialog.chosen == first
    window.load_team(library.load(first), first)
    assert window.document.team.name == "Cats"


def test_ctrl_n_starts_a_new_team_and_undo_history(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    window.add_card(catalogue.get("5sww"))
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.document.team.cards == () and window.document.team.name == "New team"
    assert not window.document.undo_stack.canUndo()


def test_dark_theme_shortcut_switches_the_palette(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 80
    assert window.context.settings.theme == "dark"
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 180
