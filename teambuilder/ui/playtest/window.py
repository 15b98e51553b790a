"""The playtest window: the board, the decision panel and the game log.

The engine's decision drives everything: when it is the user's, the panel offers the legal
answers (and where passing is all that is left, the session passes for them: one Pass ends
a step); when it is the AI's, the AI thinks in a worker thread (ai_worker) while the window
stays live, and each move lands in the log after the chosen pace. With ``autoplay`` the
user's side is played by the greedy AI too (the CLI's --autoplay, and a quick way to watch
a matchup). Undo, restart, save and load go through the PlaytestSession; restart and
closing a game in progress ask first.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QScrollArea,
    QSlider,
    QSplitter,
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
from teambuilder.ui.playtest.ai_worker import AiWorker
from teambuilder.ui.playtest.board import BoardWidget
from teambuilder.ui.playtest.decision_panel import DecisionPanel
from teambuilder.ui.playtest.launch import session_from_replay
from teambuilder.ui.playtest.window_actions import build_playtest_actions

DEFAULT_PACE_MS = 400
MAX_PACE_MS = 2000
PANEL_WIDTH = 440        # fixed: the board must not reflow when the decision changes


class PlaytestWindow(QMainWindow):
    """One playtest. ``finished(summary_line)`` is emitted when the game ends."""

    finished = Signal(str)

    def __init__(self, session: PlaytestSession, catalogue: Catalogue, autoplay: bool = False,
                 pace_ms: int = DEFAULT_PACE_MS, stops: frozenset[str] = frozenset(),
                 ask_before_closing: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestWindow")
        self.session, self.catalogue, self.stops = session, catalogue, stops
        self.ask_before_closing = ask_before_closing and not autoplay
        session.stops = stops
        self.worker = AiWorker(self)
        self.worker.answered.connect(self._answered)
        self.worker.failed.connect(self._thought_failed)
        self.autoplay: Agent | None = make_agent("greedy", session.config.seed * 2 + 1) if autoplay else None
        self.log_lines = 0
        self.setWindowTitle(f"Playtest: {session.teams[0].name} vs {session.teams[1].name} "
                            f"({session.config.ai} AI, seed {session.config.seed})")
        self.resize(1340, 700)

        self.board = BoardWidget()
        board_scroll = QScrollArea()
        board_scroll.setWidgetResizable(True)
        board_scroll.setWidget(self.board)
        self.panel = DecisionPanel()
        self.log = QPlainTextEdit(objectName="playtestLog")
        self.log.setReadOnly(True)
        self.log.setAccessibleName("Game log")
        self.summary_label = QLabel(objectName="playtestSummary")
        self.summary_label.setWordWrap(True)
        self.engine_warning = QLabel(objectName="playtestEngineWarning")
        self.engine_warning.setWordWrap(True)
        self.engine_warning.setStyleSheet("color: #b36b00;")
        right = QWidget()
        right.setFixedWidth(PANEL_WIDTH)
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
        self.setCentralWidget(splitter)
        self.thinking = QLabel(objectName="playtestThinking")
        self.statusBar().addPermanentWidget(self.thinking)

        self.timer = QTimer(self, singleShot=True)
        self.timer.timeout.connect(self._ai_tick)
        self.pace = QSlider(Qt.Orientation.Horizontal, objectName="playtestSpeed")
        self.pace.setRange(0, MAX_PACE_MS)
        self.pace.setValue(pace_ms)
        self.pace.setToolTip("How long each AI move stays on screen (left: instant)")
        self.pace.setMaximumWidth(160)
        self.pace.setAccessibleName("AI pace")
        self.paced_ms = pace_ms or DEFAULT_PACE_MS       # what "Instant AI moves" goes back to
        build_playtest_actions(self)

        self._warn_about_engine_support()
        self.panel.chosen.connect(self.choose)
        self.board.die_clicked.connect(self._die_clicked)
        self.board.card_clicked.connect(lambda slot: self._card_clicked(slot, False))
        self.board.global_clicked.connect(lambda slot: self._card_clicked(slot, True))
        self.panel.marks_changed.connect(self._update_marks)
        self.refresh()

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
        session = self.session
        if self.autoplay is None:
            session.pass_for_me()
        game = session.game
        self.board.show_game(game, ME)
        self._show_new_log_lines()
        self.actions_by_name["undo"].setEnabled(session.can_undo())
        self.thinking.setText("")
        if game.over:
            line = session.summary().line()
            self.summary_label.setText(f"Game over: {line}. Restart (Ctrl+R) or save the replay (Ctrl+S).")
            self.panel.show_decision(None, None, "The game is over.")
            self._update_marks()
            self.finished.emit(line)
            return
        self.summary_label.setText(f"Turn {game.turn_number}. You: {game.players[ME].life} life; "
                                   f"AI: {game.players[1 - ME].life} life.")
        if session.my_turn_to_decide and self.autoplay is None:
            self.panel.show_decision(game, game.decision)
            self._update_marks()
        else:
            self.panel.show_decision(None, None, "The AI is thinking\u2026" if session.ai_to_decide
                                     else "Autoplay is playing your side\u2026")
            self._update_marks()
            self.timer.start(self.pace.value())

    def _show_new_log_lines(self) -> None:
        """Append what happened; the log follows it unless the user scrolled up to read."""
        lines = self.session.log_lines()
        new = lines[self.log_lines:]
        if not new:
            return
        bar = self.log.verticalScrollBar()
        following, kept = bar.value() >= bar.maximum() - 2, bar.value()
        self.log.appendPlainText("\n".join(new))
        self.log_lines = len(lines)
        bar.setValue(bar.maximum() if following else kept)

    def choose(self, action: Action) -> None:
        """The user's answer from the panel."""
        try:
            self.session.apply(action)
        except IllegalAction as error:
            self.statusBar().showMessage(f"Not allowed: {error}", 6000)
            return
        self.refresh()

    def _ai_tick(self) -> None:
        """The pace has passed: the AI (or autoplay) starts thinking in the worker."""
        session, decision = self.session, self.session.game.decision
        if session.game.over or decision is None:
            return
        agent = session.agent if session.ai_to_decide else self.autoplay
        if agent is not None:
            self.thinking.setText("AI thinking\u2026")
            self.worker.think(agent, session.game, decision)

    def _answered(self, _generation: int, action: Action) -> None:
        session = self.session
        if session.ai_to_decide:
            session.apply_ai(action)
        elif self.autoplay is not None and session.my_turn_to_decide:
            session.apply(action)
        self.refresh()

    def _thought_failed(self, error: BaseException) -> None:
        self.thinking.setText("")
        raise error                # an engine or AI fault: the crash handler shows and logs it

    def _play_now(self) -> None:
        """One AI (or autoplay) decision on this thread: for the instant, scripted runs."""
        session = self.session
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
        self.timer.stop()
        self.worker.stop()
        while not self.session.game.over and (self.session.ai_to_decide or self.autoplay is not None):
            self._play_now()
        self.timer.stop()

    def play_until(self, turn: int) -> None:
        """Autoplay both sides up to the user's first decision from ``turn`` on while dice
        are in the attack zone (or the end of the game), then hand the user the controls:
        a mid-game position for a picture or a lesson."""
        self.pace.setValue(0)
        self.timer.stop()
        self.worker.stop()
        game = self.session.game
        while not self.session.game.over:
            game = self.session.game
            decision = game.decision
            if self.session.my_turn_to_decide and game.turn_number >= turn and decision is not None \
                    and (decision.kind == DecisionKind.BLOCKERS or any(d.attacking for d in game.dice)):
                break
            self._play_now()
        self.timer.stop()
        self.autoplay = None
        self.refresh()

    def _die_clicked(self, die_id: int) -> None:
        if self.session.my_turn_to_decide and self.autoplay is None:
            self.panel.die_clicked(die_id)
            self._update_marks()

    def _card_clicked(self, slot: int, global_ability: bool) -> None:
        if self.session.my_turn_to_decide and self.autoplay is None:
            self.panel.card_clicked(slot, global_ability)
            self._update_marks()

    def _update_marks(self) -> None:
        """Mark on the board what the decision on screen lets the user click (nothing while
        the AI decides or the game is over), what is picked, and what the payment spends."""
        panel = self.panel
        self.board.set_selectable(panel.selectable_dice())
        self.board.set_selected(panel.ticked_dice())
        self.board.set_highlight_payment(panel.payment_dice())
        self.board.set_card_marks(*panel.card_marks())

    # -- undo, restart, replays --------------------------------------------------------
    def _stop_thinking(self) -> None:
        self.timer.stop()
        self.worker.forget()
        self.thinking.setText("")

    def in_progress(self) -> bool:
        return not self.session.game.over and bool(self.session.game.record)

    def confirm(self, title: str, question: str) -> bool:
        """Ask before throwing a game away (a real message box, window-modal)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("playtestConfirm")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return box.exec() == QMessageBox.StandardButton.Yes

    def undo(self) -> None:
        self._stop_thinking()
        if self.session.undo():
            self._reset_log()
            self.statusBar().showMessage("Took back your last decision.", 4000)
        self.refresh()

    def restart(self) -> None:
        if self.in_progress() and not self.confirm(
                "Restart the game?", "Start this game again from the first roll, with the same seed? "
                "Undo (Ctrl+Z) brings this game back."):
            return
        self._stop_thinking()
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
        self._stop_thinking()
        session.stops = self.stops
        self.session = session
        self._reset_log()
        self.refresh()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.ask_before_closing and self.in_progress() and not self.confirm(
                "Close the playtest?", "This game is not over. Close it? (Save the replay first with Ctrl+S "
                "to keep it.)"):
            event.ignore()
            return
        self.timer.stop()
        self.worker.stop()
        super().closeEvent(event)
