"""The Matchups panel: how the team being built fares against a field of teams.

The user ticks opponents (the full reference teams and the library's teams), picks games
per pairing and the AI, and runs: the games are a gauntlet (``sim.gauntlet``, the same
pairings and seeds as ``teambuilder gauntlet``) played in a worker thread, one game at a
time, so the window stays live, the progress bar moves, and Cancel stops within a game
(well under a second). The result is a bar chart of win rates with their 95% intervals,
opponent by opponent, and the overall figure; clicking an opponent replays that pairing's
first game and shows its log.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt, QThread, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from teambuilder.ai.agents import AGENTS, make_agent, play
from teambuilder.catalogue.repository import Catalogue
from teambuilder.engine.game import Game
from teambuilder.sim.gauntlet import Pairing, run_gauntlet
from teambuilder.sim.gauntlet_report import Entrant, build_gauntlet_report
from teambuilder.sim.matchup import MatchupError, build_matchup
from teambuilder.sim.runner import GameResult, SimSettings, agent_seeds, first_seat
from teambuilder.teams.library import LibraryError, TeamLibrary
from teambuilder.teams.model import Team
from teambuilder.ui.context import AppContext
from teambuilder.ui.matchups_chart import Bar, MatchupChart
from teambuilder.ui.playtest.launch import reference_teams
from teambuilder.ui.team_document import TeamDocument

TEAM_ROLE = Qt.ItemDataRole.UserRole + 60


class MainWindowLike(Protocol):
    """What the panel needs of the main window (kept loose: the window imports this module)."""

    document: TeamDocument
    context: AppContext

    def status(self, text: str) -> None: ...


class Cancelled(Exception):
    """Raised inside the worker's progress callback to stop the gauntlet."""


class GauntletWorker(QThread):
    """Plays the pairings off the GUI thread; ``progressed(done, total)``, then
    ``completed(results)``, or ``cancelled``."""

    progressed = Signal(int, int)
    completed = Signal(object)
    cancelled = Signal()
    failed = Signal(str)

    def __init__(self, pairings: list[Pairing], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pairings = pairings

    def _progress(self, done: int, total: int) -> None:
        if self.isInterruptionRequested():
            raise Cancelled
        self.progressed.emit(done, total)

    def run(self) -> None:
        try:
            # One process, game by game: the progress callback (and so Cancel) is reached
            # after every game.
            results = run_gauntlet(self.pairings, 1, self._progress)
        except Cancelled:
            self.cancelled.emit()
            return
        except Exception as error:  # noqa: BLE001 - an engine fault, shown to the user
            self.failed.emit(f"{type(error).__name__}: {error}")
            return
        self.completed.emit(results)


class MatchupsDialog(QDialog):
    """Matchups for ``team``: opponents, games and AI; run, cancel, chart, sample games."""

    def __init__(self, team: Team, catalogue: Catalogue, opponents: list[tuple[str, Team]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("matchupsDialog")
        self.setWindowTitle(f"Matchups: {team.name or 'this team'}")
        self.team, self.catalogue = team, catalogue
        self.worker: GauntletWorker | None = None
        self.pairings: list[Pairing] = []
        self.opponents = QListWidget()
        self.opponents.setObjectName("matchupOpponents")
        self.opponents.setAccessibleName("Opponents")
        for label, opponent in opponents:
            item = QListWidgetItem(label)
            item.setData(TEAM_ROLE, opponent)
            item.setCheckState(Qt.CheckState.Checked if len(opponent.cards) == 8 else Qt.CheckState.Unchecked)
            self.opponents.addItem(item)
        self.games = QSpinBox()
        self.games.setObjectName("matchupGames")
        self.games.setRange(1, 2000)
        self.games.setValue(50)
        self.games.setAccessibleName("Games per opponent")
        self.ai = QComboBox()
        self.ai.setObjectName("matchupAi")
        self.ai.setAccessibleName("AI")
        for name in AGENTS:
            self.ai.addItem(name.capitalize(), name)
        self.ai.setCurrentIndex(max(0, self.ai.findData("greedy")))
        self.run_button = QPushButton("&Run")
        self.run_button.setObjectName("matchupRun")
        self.run_button.setToolTip("Play the games (Ctrl+Return)")
        self.cancel_button = QPushButton("&Cancel")
        self.cancel_button.setObjectName("matchupCancel")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setObjectName("matchupProgress")
        self.progress.setAccessibleName("Games played")
        self.status = QLabel("Tick the opponents and press Run.")
        self.status.setObjectName("matchupStatus")
        self.chart = MatchupChart()
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.cancel)
        self.chart.opponent_clicked.connect(self.show_sample_game)
        QShortcut(QKeySequence("Ctrl+Return"), self, self.run)
        form = QFormLayout()
        form.addRow("Games per opponent", self.games)
        form.addRow("AI (both sides)", self.ai)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Opponents"))
        layout.addWidget(self.opponents, 1)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.chart, 2)
        self.resize(760, 640)

    def chosen(self) -> list[tuple[str, Team]]:
        return [(self.opponents.item(i).text(), self.opponents.item(i).data(TEAM_ROLE))
                for i in range(self.opponents.count())
                if self.opponents.item(i).checkState() == Qt.CheckState.Checked]

    def run(self) -> None:
        if self.worker is not None and self.worker.isRunning():
            return
        chosen = self.chosen()
        if not chosen:
            self.status.setText("Tick at least one opponent.")
            return
        agent = str(self.ai.currentData())
        try:
            self.pairings = [Pairing(0, index, SimSettings(build_matchup([self.team, opponent], self.catalogue),
                                                           (agent, agent), self.games.value()))
                             for index, (_label, opponent) in enumerate(chosen)]
        except MatchupError as error:
            self.status.setText(f"Cannot play these teams: {error}")
            return
        self.labels = [label for label, _team in chosen]
        total = len(self.pairings) * self.games.value()
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self.status.setText(f"Playing {total} games\u2026")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.worker = GauntletWorker(self.pairings, self)
        self.worker.progressed.connect(lambda done, _total: self.progress.setValue(done))
        self.worker.completed.connect(self._show)
        self.worker.cancelled.connect(lambda: self._stopped("Cancelled."))
        self.worker.failed.connect(lambda message: self._stopped(f"The games stopped: {message}"))
        self.worker.start()

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.requestInterruption()

    def _stopped(self, message: str) -> None:
        self.status.setText(message)
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _show(self, results: list[list[GameResult]]) -> None:
        report = build_gauntlet_report([Entrant(self.team.name, "")],
                                       [Entrant(label, "") for label in self.labels], self.pairings, results)
        self.chart.set_bars([Bar(label, row["win_rate"] or 0.0, row["ci95"][0], row["ci95"][1], row["games"])
                             for label, row in zip(self.labels, report["pairings"], strict=True)])
        overall = report["teams"][0]
        self._stopped(f"Over the field: {overall['win_rate'] * 100:.0f}% "
                      f"(95% interval {overall['ci95'][0] * 100:.0f}-{overall['ci95'][1] * 100:.0f}%) in "
                      f"{overall['games']} games. Click an opponent to see a sample game.")

    def show_sample_game(self, index: int) -> None:
        """Replay the first game against opponent ``index`` and show its log."""
        if not 0 <= index < len(self.pairings):
            return
        settings = self.pairings[index].settings
        seeds = agent_seeds(settings.base_seed)
        game = Game(list(settings.matchup.setups), life=settings.matchup.life, seed=settings.base_seed,
                    first_player=first_seat(0))
        play(game, [make_agent(settings.agents[seat], seeds[seat]) for seat in (0, 1)])
        viewer = QDialog(self)
        viewer.setObjectName("sampleGame")
        viewer.setWindowTitle(f"Sample game against {self.labels[index]} (seed {settings.base_seed})")
        log = QPlainTextEdit("\n".join(game.log))
        log.setObjectName("sampleGameLog")
        log.setReadOnly(True)
        log.setAccessibleName("Game log")
        QVBoxLayout(viewer).addWidget(log)
        viewer.resize(720, 520)
        viewer.show()

    def done(self, result: int) -> None:
        """Closing waits for the worker to stop (it stops after the game in hand)."""
        if self.worker is not None and self.worker.isRunning():
            self.worker.requestInterruption()
            self.worker.wait()
        super().done(result)


def field_of(team: Team, library: TeamLibrary | None) -> list[tuple[str, Team]]:
    """The opponents on offer: the reference teams and the library's teams (each once, the
    team itself left out)."""
    offered: list[tuple[str, Team]] = [(label, t) for label, t in reference_teams() if t.name != team.name]
    if library is not None:
        try:
            for entry in library.entries():
                if entry.name != team.name and not entry.damaged:
                    offered.append((f"{entry.name} (library)", library.load(entry.id)))
        except LibraryError:
            pass                        # the library's own dialog reports its problems
    return offered


def open_matchups(window: MainWindowLike) -> QDialog | None:
    """The Matchups panel for the window's team (Play > Matchups, Ctrl+Shift+G)."""
    team = window.document.team
    if not team.cards:
        window.status("Add cards to the team before measuring its matchups.")
        return None
    parent = window if isinstance(window, QWidget) else None
    dialog = MatchupsDialog(team, window.context.catalogue, field_of(team, window.context.library), parent)
    dialog.show()
    return dialog
