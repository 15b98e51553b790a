"""The Matchups panel (issue 26): it runs a gauntlet for the team being built in a worker,
shows progress, cancels within a second, draws the win rates, and a click on an opponent
shows a sample game."""

from __future__ import annotations

import itertools
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QPlainTextEdit, QProgressBar, QPushButton
from pytestqt.qtbot import QtBot

from teambuilder.teams.team_file import read_team_file
from teambuilder.ui.matchups import MatchupsDialog
from teambuilder.ui.matchups_chart import ROW

TEAMS = Path(__file__).resolve().parents[2] / "data" / "teams"


def dialog_for(qtbot: QtBot, catalogue, opponents: list[str], games: int) -> MatchupsDialog:  # type: ignore[no-untyped-def]
    team = read_team_file(TEAMS / "sww-demo-first.yaml")
    field = [(name, read_team_file(TEAMS / f"{name}.yaml")) for name in opponents]
    dialog = MatchupsDialog(team, catalogue, field)
    qtbot.addWidget(dialog)
    for index in range(dialog.opponents.count()):
        dialog.opponents.item(index).setCheckState(Qt.CheckState.Checked)
    dialog.games.setValue(games)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_a_run_shows_progress_and_draws_a_bar_per_opponent(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    dialog = dialog_for(qtbot, catalogue, ["sww-demo-second", "wf-demo-second"], 6)
    seen: list[int] = []
    dialog.findChild(QProgressBar, "matchupProgress").valueChanged.connect(seen.append)
    qtbot.mouseClick(dialog.findChild(QPushButton, "matchupRun"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(dialog.chart.bars) == 2, timeout=60000)
    assert seen and seen[-1] == 12 and len(set(seen)) > 2          # it moved, and reached every game
    status = dialog.findChild(QLabel, "matchupStatus").text()
    assert status.startswith("Over the field:") and "12 games" in status
    for bar in dialog.chart.bars:
        assert bar.low <= bar.win_rate <= bar.high and bar.games == 6
    image = dialog.chart.grab().toImage()
    assert image.width() > 300 and image.height() >= 2 * ROW


def test_cancel_stops_after_the_game_in_hand(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    dialog = dialog_for(qtbot, catalogue, ["sww-demo-second", "wf-demo-second", "xmf-demo-second"], 2000)
    played: list[int] = []
    assert dialog.findChild(QPushButton, "matchupRun").isEnabled()
    qtbot.mouseClick(dialog.findChild(QPushButton, "matchupRun"), Qt.MouseButton.LeftButton)
    assert dialog.worker is not None
    # Blocking: the worker waits until each report is recorded here, so ``played`` is never
    # behind the worker, however busy this machine is.
    dialog.worker.progressed.connect(lambda done, _total: played.append(done),
                                     Qt.ConnectionType.BlockingQueuedConnection)
    qtbot.waitUntil(lambda: len(played) >= 3, timeout=30000)
    qtbot.mouseClick(dialog.findChild(QPushButton, "matchupCancel"), Qt.MouseButton.LeftButton)
    at_cancel = played[-1]
    qtbot.waitUntil(lambda: dialog.findChild(QLabel, "matchupStatus").text() == "Cancelled.", timeout=10000)
    assert dialog.worker.wait(1000)
    # It stops once the game being played when Cancel was pressed is over: at most one
    # more game is reported (progress comes after every game, not every batch).
    assert max(played) <= at_cancel + 1 and max(played) < 6000
    assert all(later == earlier + 1 for earlier, later in itertools.pairwise(played))
    assert dialog.findChild(QPushButton, "matchupRun").isEnabled() and not dialog.chart.bars


def test_clicking_an_opponent_shows_a_sample_game(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    dialog = dialog_for(qtbot, catalogue, ["sww-demo-second"], 2)
    qtbot.mouseClick(dialog.findChild(QPushButton, "matchupRun"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(dialog.chart.bars) == 1, timeout=60000)
    qtbot.mouseClick(dialog.chart, Qt.MouseButton.LeftButton, pos=dialog.chart.rect().topLeft() + 
                     type(dialog.chart.rect().topLeft())(100, 6 + ROW // 2))
    sample = dialog.findChild(QDialog, "sampleGame")
    assert sample is not None and sample.isVisible()
    log = sample.findChild(QPlainTextEdit, "sampleGameLog").toPlainText()
    assert "goes first" in log and ("wins" in log or "life" in log)
