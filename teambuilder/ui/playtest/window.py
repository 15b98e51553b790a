"""The playtest window: the board, the decision panel and the game log.

The engine's decision drives everything: when it is the user's, the panel offers the legal
answers; when it is the AI's, a timer plays one AI decision per tick at the chosen pace
(instant plays them all at once) and each move lands in the log. With ``autoplay`` the
user's side is played by the greedy AI too (the CLI's --autoplay, and a quick way to
watch a matchup). Undo, restart, save and load go through the PlaytestSession.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QScrollArea,
    QSlider,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from teambuilder.ai.agents import Agent, make_agent
from teambuilder.catalogue.repository import Catalogue
from teambuilder.engine.actions import Action, DecisionKind
from teambuilder.engine.coverage import coverage
from teambuilder.engine.game import IllegalAction
from teambuilder.sim.playtest import ME, PlaytestError, PlaytestSession
from teambuilder.teams.lookup import CardLookup
from teambuilder.ui.playtest.board import BoardWidget
from teambuilder.ui.playtest.decision_panel import DecisionPanel
from teambuilder.ui.playtest.launch import session_from_replay

DEFAULT_PACE_MS = 400
MAX_PACE_MS = 2000


class PlaytestWindow(QMainWindow):
    """One playtest. ``finished(summary_line)`` is emitted when the game ends."""

    finished = Signal(str)

    def __init__(self, session: PlaytestSession, catalogue: Catalogue, autoplay: bool = False,
                 pace_ms: int = DEFAULT_PACE_MS, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestWindow")
        self.session, self.catalogue = session, catalogue
        self.autoplay: Agent | None = make_agent("greedy", session.config.seed * 2 + 1) if autoplay else None
        self.log_lines = 0
        self.setWindowTitle(f"Playtest: {session.teams[0].name} vs {session.teams[1].name} "
                            f"({session.config.ai} AI, seed {session.config.seed})")
        self.resize(1400, 860)

        self.board = BoardWidget()
        board_scroll = QScrollArea()
        board_scroll.setWidgetResizable(True)
        board_scroll.setWidget(self.board)
        self.panel = DecisionPanel()
        self.log = QPlainTextEdit(objectName="playtestLog")
        self.log.setReadOnly(True)
        self.summary_label = QLabel(objectName="playtestSummary")
        self.summary_label.setWordWrap(True)
        self.engine_warning = QLabel(objectName="playtestEngineWarning")
        self.engine_warning.setWordWrap(True)
        self.engine_warning.setStyleSheet("color: #b36b00;")
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 4, 4, 4)
        right_layout.addWidget(self.engine_warning)
        right_layout.addWidget(self.summary_label)
        right_layout.addWidget(self.panel, 2)
        right_layout.addWidget(QLabel("Game log"))
        right_layout.addWidget(self.log, 3)
        splitter = QSplitter()
        splitter.addWidget(board_scroll)
        splitter.addWidget(right)
        splitter.setSizes([950, 450])
        self.setCentralWidget(splitter)

        self.timer = QTimer(self, singleShot=True)
        self.timer.timeout.connect(self._ai_tick)
        self.pace = QSlider(Qt.Orientation.Horizontal, objectName="playtestSpeed")
        self.pace.setRange(0, MAX_PACE_MS)
        self.pace.setValue(pace_ms)
        self.pace.setToolTip("How long each AI move stays on screen (left: instant)")
        self.pace.setMaximumWidth(160)
        self._build_toolbar()

        self._warn_about_engine_support()
        self.panel.chosen.connect(self.choose)
        self.board.die_clicked.connect(self._die_clicked)
        self.refresh()

    def _build_toolbar(self) -> None:
        toolbar = QToolBar("Playtest", objectName="playtestToolbar")
        self.actions_by_name: dict[str, QAction] = {}
        for key, text, shortcut, slot in (
                ("undo", "Undo my last decision", "Ctrl+Z", self.undo),
                ("restart", "Restart (same seed)", "Ctrl+R", self.restart),
                ("save", "Save replay\u2026", "Ctrl+S", self.save_dialog),
                ("load", "Load replay\u2026", "Ctrl+O", self.load_dialog)):
            action = QAction(text, self)
            action.setObjectName(f"playtest_{key}")
            action.setShortcut(QKeySequence(shortcut))
            action.setToolTip(f"{text.rstrip(chr(0x2026))} ({shortcut})")
            action.triggered.connect(slot)
            toolbar.addAction(action)
            self.actions_by_name[key] = action
        toolbar.addSeparator()
        toolbar.addWidget(QLabel(" AI pace "))
        toolbar.addWidget(self.pace)
        self.addToolBar(toolbar)

    def _warn_about_engine_support(self) -> None:
        """Say which cards the engine cannot play completely (their abilities are missing
        in part or whole), so a result is read with that in mind."""
        lookup = CardLookup(self.catalogue)
        short = []
        for team in self.session.teams:
            for ref in [c.ref for c in team.cards] + list(team.basic_actions):
                card = lookup.resolve(ref)
                if card is not None and coverage(card).status != "full":
                    short.append(f"{card.full_name} ({coverage(card).status})")
        self.engine_warning.setVisible(bool(short))
        self.engine_warning.setText(
            f"The rules engine plays {len(short)} card(s) here without all of their abilities: "
            + "; ".join(short) + "." if short else "")

    # -- the game loop -----------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the game, then let whoever decides next decide."""
        session, game = self.session, self.session.game
        self.board.show_game(game, ME)
        new = game.log[self.log_lines:]
        if new:
            self.log.appendPlainText("\n".join(new))
            self.log_lines = len(game.log)
        self.actions_by_name["undo"].setEnabled(session.can_undo())
        if game.over:
            line = session.summary().line()
            self.summary_label.setText(f"Game over: {line}. Restart (Ctrl+R) or save the replay (Ctrl+S).")
            self.panel.show_decision(None, None, "The game is over.")
            self.board.set_selectable(set())
            self.board.set_selected(set())
            self.finished.emit(line)
            return
        self.summary_label.setText(f"Turn {game.turn_number}. You: {game.players[ME].life} life; "
                                   f"AI: {game.players[1 - ME].life} life.")
        if session.my_turn_to_decide and self.autoplay is None:
            self.panel.show_decision(game, game.decision)
            self.board.set_selectable(self.panel.selectable_dice())
            self.board.set_selected(self.panel.ticked_dice())
        else:
            self.panel.show_decision(None, None, "The AI is thinking\u2026" if session.ai_to_decide
                                     else "Autoplay is playing your side\u2026")
            self.board.set_selectable(set())
            self.board.set_selected(set())
            self.timer.start(self.pace.value())

    def choose(self, action: Action) -> None:
        """The user's answer from the panel."""
        try:
            self.session.apply(action)
        except IllegalAction as error:
            self.statusBar().showMessage(f"Not allowed: {error}", 6000)
            return
        self.refresh()

    def _ai_tick(self) -> None:
        session = self.session
        if session.game.over:
            return
        if session.ai_to_decide:
            session.ai_step()
        elif self.autoplay is not None and session.my_turn_to_decide:
            decision = session.game.decision
            assert decision is not None
            session.apply(self.autoplay.choose(session.game, decision))
        self.refresh()

    def play_to_end(self) -> None:
        """Run every remaining decision now (autoplay at instant pace)."""
        self.pace.setValue(0)
        while not self.session.game.over and (self.session.ai_to_decide or self.autoplay is not None):
            self._ai_tick()

    def play_until(self, turn: int) -> None:
        """Autoplay both sides up to the user's first decision from ``turn`` on while dice
        are in the attack zone (or the end of the game), then hand the user the controls:
        a mid-game position for a picture or a lesson."""
        self.pace.setValue(0)
        game = self.session.game
        while not self.session.game.over:
            game = self.session.game
            decision = game.decision
            if self.session.my_turn_to_decide and game.turn_number >= turn and decision is not None \
                    and (decision.kind == DecisionKind.BLOCKERS or any(d.attacking for d in game.dice)):
                break
            self._ai_tick()
        self.timer.stop()
        self.autoplay = None
        self.refresh()

    def _die_clicked(self, die_id: int) -> None:
        if self.session.my_turn_to_decide:
            self.panel.die_clicked(die_id)
            self.board.set_selected(self.panel.ticked_dice())

    # -- undo, restart, replays --------------------------------------------------------
    def undo(self) -> None:
        self.timer.stop()
        if self.session.undo():
            self._reset_log()
            self.statusBar().showMessage("Took back your last decision.", 4000)
        self.refresh()

    def restart(self) -> None:
        self.timer.stop()
        self.session.restart()
        self._reset_log()
        self.refresh()

    def _reset_log(self) -> None:
        self.log.clear()
        self.log_lines = 0

    def save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save replay", "playtest.json", "Replays (*.json)")
        if path:
            self.session.save(Path(path))
            self.statusBar().showMessage(f"Saved the replay to {path}.", 6000)

    def load_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load replay", "", "Replays (*.json)")
        if path:
            self.load(Path(path))

    def load(self, path: Path) -> bool:
        """Replace this game by a saved one (same teams and settings as saved)."""
        try:
            session = session_from_replay(path, self.catalogue)
        except PlaytestError as error:
            QMessageBox.warning(self, "Could not load the replay", str(error))
            return False
        self.timer.stop()
        self.session = session
        self._reset_log()
        self.refresh()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        self.timer.stop()
        super().closeEvent(event)
