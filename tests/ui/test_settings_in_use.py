"""Settings a user chose are the defaults where they matter: the playtest setup dialog
starts at the AI picked in Settings, and the playtest window runs at the chosen pace."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QSlider
from pytestqt.qtbot import QtBot

from teambuilder.sim.playtest import PlaytestConfig
from teambuilder.teams.team_file import read_team_file
from teambuilder.ui.playtest.launch import PlaytestSetupDialog

TEAMS = Path(__file__).resolve().parents[2] / "data" / "teams"


def test_the_playtest_setup_starts_at_the_ai_and_pace_chosen_in_settings(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    settings = window.settings_dialog()
    settings.ai.setCurrentIndex(settings.ai.findData("search"))
    settings.pace.setValue(1200)
    settings.accept()
    window.open_path(TEAMS / "standard-x-men.yaml")
    seen: list[str] = []

    def look_and_cancel() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, PlaytestSetupDialog):
            QTimer.singleShot(20, look_and_cancel)
            return
        seen.append(dialog.findChild(QComboBox, "playtestAI").currentText())
        seen.append(dialog.config().ai)
        dialog.reject()

    QTimer.singleShot(0, look_and_cancel)
    assert window.playtest() is None           # cancelled
    assert seen == ["search", "search"]

    opened = window.playtest(read_team_file(TEAMS / "standard-villains.yaml"),
                             PlaytestConfig(ai="greedy", seed=2, first="me"))
    assert opened is not None
    opened.ask_before_closing = False
    qtbot.addWidget(opened)
    assert opened.findChild(QSlider, "playtestSpeed").value() == 1200


def test_an_unknown_ai_falls_back_to_greedy(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    window.open_path(TEAMS / "standard-x-men.yaml")
    dialog = PlaytestSetupDialog(window.document.team, window.context.formats["standard"], None,
                                 default_ai="deep-blue")
    qtbot.addWidget(dialog)
    assert dialog.config().ai == "greedy"
