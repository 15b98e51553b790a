"""The decision panel: what the engine asks the user now, with only the legal answers.

Three shapes, as the engine's decisions have: pick one option (priority, targets, trigger
order, modes, "you may", damage splits), pick a set of dice (rerolls, attackers: dice the
rules force are ticked and locked), or give each blocker an attacker. A purchase, a
fielding or a global can be paid another way: the payment box lists the alternatives.
The board is the other way to answer (``click_plan`` says what a click means): click a
card to pick its purchase (the payment's dice are marked in the reserve; click other
reserve dice to pay another way), a die to pick what is about it (fielding, an action
die, a target; or tick it, for rerolls and attackers), a blocker and then an attacker to
block. A second click on the same card or die does it, as Enter does.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from teambuilder.engine.actions import (
    Action,
    Decision,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Pass,
    Reroll,
)
from teambuilder.engine.describe import describe_action, describe_payment, payment_alternatives
from teambuilder.engine.dice import ACTION, ENERGY
from teambuilder.engine.game import Game
from teambuilder.ui.playtest.board_model import face_words
from teambuilder.ui.playtest.click_plan import (
    action_card,
    card_actions,
    cards_offering,
    payment_candidates,
    repay,
    spent_dice,
)

ACTION_ROLE = Qt.ItemDataRole.UserRole + 40
DIE_ROLE = Qt.ItemDataRole.UserRole + 41


class DecisionPanel(QWidget):
    """Shows ``decision`` for ``game``; emits ``chosen(action)`` when the user answers."""

    chosen = Signal(object)
    marks_changed = Signal()     # what the board should mark has changed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestDecision")
        self.game: Game | None = None
        self.decision: Decision | None = None
        self.prompt = QLabel(objectName="decisionPrompt")
        self.prompt.setWordWrap(True)
        font = self.prompt.font()
        font.setBold(True)
        self.prompt.setFont(font)
        self.options = QListWidget(objectName="decisionOptions")
        self.options.setWordWrap(True)
        self.options.currentItemChanged.connect(lambda *_: self._option_changed())
        self.options.itemDoubleClicked.connect(lambda _item: self.confirm())
        self.payment = QComboBox(objectName="decisionPayment")
        self.payment.setAccessibleName("Pay with")
        self.payment.currentIndexChanged.connect(lambda _index: self.marks_changed.emit())
        self.pending_blocker: int | None = None
        # What the last click on the board picked ("card", slot, is a global) or ("die", id):
        # a second click on the same thing does it. The list's first row is selected for
        # the keyboard, so a selected row alone must not make one click act.
        self.board_pick: tuple[str, int, bool] | None = None
        self.payment_label = QLabel("Pay with")
        self.blocks = QFormLayout()
        self.block_boxes: dict[int, QComboBox] = {}
        self.confirm_button = QPushButton("Do it", objectName="decisionConfirm")
        self.confirm_button.setToolTip("Answer with the selected choice (Enter)")
        self.confirm_button.clicked.connect(self.confirm)
        self.pass_button = QPushButton("Pass", objectName="decisionPass")
        self.pass_button.setToolTip("Pass (P)")
        self.pass_button.clicked.connect(self.pass_)
        QShortcut(QKeySequence(Qt.Key.Key_Return), self, self.confirm)
        QShortcut(QKeySequence(Qt.Key.Key_Enter), self, self.confirm)
        QShortcut(QKeySequence(Qt.Key.Key_P), self, self.pass_)
        buttons = QHBoxLayout()
        buttons.addWidget(self.confirm_button)
        buttons.addWidget(self.pass_button)
        payment_row = QHBoxLayout()
        payment_row.addWidget(self.payment_label)
        payment_row.addWidget(self.payment, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.prompt)
        layout.addWidget(self.options, 1)
        layout.addLayout(payment_row)
        layout.addLayout(self.blocks)
        layout.addLayout(buttons)
        self.show_decision(None, None)

    # -- showing -------------------------------------------------------------------------
    def show_decision(self, game: Game | None, decision: Decision | None, waiting: str = "") -> None:
        """Show what to decide; ``decision`` None shows ``waiting`` (the AI is thinking,
        or the game is over) and disables every control."""
        self.game, self.decision = game, decision
        self.pending_blocker = None
        self.board_pick = None
        self.options.clear()
        self._clear_blocks()
        self.payment.clear()
        self.payment_label.setVisible(False)
        self.payment.setVisible(False)
        if game is None or decision is None:
            self.prompt.setText(waiting)
            self.options.setEnabled(False)
            self.confirm_button.setEnabled(False)
            self.pass_button.setEnabled(False)
            return
        self.prompt.setText(decision.prompt)
        self.options.setEnabled(True)
        self.confirm_button.setEnabled(True)
        if decision.kind == DecisionKind.BLOCKERS:
            self._show_blockers(game, decision)
        elif not decision.options:
            self._show_subset(game, decision)
        else:
            for action in decision.options:
                if isinstance(action, Pass):
                    continue
                item = QListWidgetItem(describe_action(game, decision, action))
                item.setData(ACTION_ROLE, action)
                self.options.addItem(item)
            if self.options.count():
                self.options.setCurrentRow(0)
            elif any(isinstance(a, Pass) for a in decision.options):
                note = QListWidgetItem("Nothing else is legal now: pass (P).")
                note.setFlags(Qt.ItemFlag.NoItemFlags)
                self.options.addItem(note)
        passing = any(isinstance(a, Pass) for a in decision.options)
        self.pass_button.setEnabled(passing)
        self.pass_button.setText("Pass" if decision.kind == DecisionKind.PRIORITY else "No / skip")
        if decision.options and not any(self.options.item(i).data(ACTION_ROLE) is not None
                                        for i in range(self.options.count())):
            self.confirm_button.setEnabled(False)      # only Pass is legal

    def _show_subset(self, game: Game, decision: Decision) -> None:
        verb = "Reroll" if decision.kind == DecisionKind.REROLL else "Attack with"
        self.confirm_button.setText(f"{verb} the ticked dice")
        for die_id in decision.subset:
            name = game.die_name(game.dice[die_id])
            item = QListWidgetItem(f"{name}: {rolled_face(game, die_id)}" if decision.kind == DecisionKind.REROLL
                                   else name)
            item.setData(DIE_ROLE, die_id)
            required = die_id in decision.required
            item.setCheckState(Qt.CheckState.Checked if required else Qt.CheckState.Unchecked)
            flags = item.flags() | Qt.ItemFlag.ItemIsUserCheckable
            if required:
                flags &= ~Qt.ItemFlag.ItemIsEnabled
                item.setToolTip("A rule makes this die attack")
            item.setFlags(flags)
            self.options.addItem(item)

    def _show_blockers(self, game: Game, decision: Decision) -> None:
        self.confirm_button.setText("Declare these blocks")
        self.options.setVisible(False)
        for blocker, attackers in decision.assign:
            box = QComboBox(objectName=f"block{blocker}")
            if blocker not in decision.required:
                box.addItem("No block", None)
            for attacker in attackers:
                box.addItem(f"blocks {game.die_name(game.dice[attacker])} (die {attacker})", attacker)
            box.setAccessibleName(f"Block with {game.die_name(game.dice[blocker])}")
            box.currentIndexChanged.connect(lambda _index: self.marks_changed.emit())
            self.blocks.addRow(f"{game.die_name(game.dice[blocker])} (die {blocker})", box)
            self.block_boxes[blocker] = box

    def _clear_blocks(self) -> None:
        while self.blocks.rowCount():
            self.blocks.removeRow(0)
        self.block_boxes = {}
        self.options.setVisible(True)
        self.confirm_button.setText("Do it")

    def _option_changed(self) -> None:
        self.board_pick = None           # a row picked in the list (a board click sets it after)
        item = self.options.currentItem()
        self.payment.clear()
        action = item.data(ACTION_ROLE) if item is not None else None
        if self.game is None or action is None:
            self.payment_label.setVisible(False)
            self.payment.setVisible(False)
            return
        alternatives = payment_alternatives(self.game, action)
        for alternative in alternatives:
            payment = getattr(alternative, "payment", None)
            self.payment.addItem(describe_payment(self.game, payment) if payment is not None else "nothing",
                                 alternative)
        shown = len(alternatives) > 1
        self.payment_label.setVisible(shown)
        self.payment.setVisible(shown)
        self.marks_changed.emit()

    # -- answering -----------------------------------------------------------------------
    def selected_action(self) -> Action | None:
        """The answer the controls describe now, or None when nothing is chosen."""
        decision = self.decision
        if decision is None:
            return None
        if decision.kind == DecisionKind.BLOCKERS:
            return DeclareBlockers(tuple((blocker, box.currentData()) for blocker, box in self.block_boxes.items()
                                         if box.currentData() is not None))
        if not decision.options:
            ticked = tuple(self.options.item(i).data(DIE_ROLE) for i in range(self.options.count())
                           if self.options.item(i).checkState() == Qt.CheckState.Checked)
            return Reroll(ticked) if decision.kind == DecisionKind.REROLL else DeclareAttackers(ticked)
        if self.payment.isVisible() and self.payment.currentData() is not None:
            return self.payment.currentData()  # type: ignore[no-any-return]
        item = self.options.currentItem()
        return item.data(ACTION_ROLE) if item is not None else None

    def confirm(self) -> None:
        action = self.selected_action()
        if action is not None and self.confirm_button.isEnabled():
            self.chosen.emit(action)

    def pass_(self) -> None:
        if self.pass_button.isEnabled():
            self.chosen.emit(Pass())

    def card_clicked(self, slot: int, global_ability: bool = False) -> None:
        """A card clicked on the board: pick its purchase (or its global); clicked again
        while picked, do it."""
        if self.board_pick == ("card", slot, global_ability) \
                and action_card(self.selected_action()) == (slot, global_ability):
            self.confirm()
            return
        for row in range(self.options.count()):
            if self.options.item(row).data(ACTION_ROLE) in card_actions(self.decision, slot, global_ability):
                self.options.setCurrentRow(row)
                self.board_pick = ("card", slot, global_ability)
                self.marks_changed.emit()
                return

    def die_clicked(self, die_id: int) -> None:
        """A die clicked on the board: tick it (rerolls, attackers), pair it (blocks), pay
        with it, or pick the option about it (fielding, action dice, targets); clicked
        again while picked, do it."""
        if self.decision is not None and self.decision.kind == DecisionKind.BLOCKERS:
            self._block_click(die_id)
            return
        current = self.selected_action()
        if current is not None and die_id in self._payment_choices() and not self._is_about(current, die_id):
            repaid = repay(self._alternatives(), current, die_id)
            if repaid is not None:
                self.payment.setCurrentIndex(self._alternatives().index(repaid))
            return
        for row in range(self.options.count()):
            item = self.options.item(row)
            if item.data(DIE_ROLE) == die_id and item.flags() & Qt.ItemFlag.ItemIsEnabled:
                checked = item.checkState() == Qt.CheckState.Checked
                item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)
                self.marks_changed.emit()
                return
            action = item.data(ACTION_ROLE)
            if action is not None and self._is_about(action, die_id):
                if self.options.currentRow() == row and self.board_pick == ("die", die_id, False):
                    self.confirm()
                else:
                    self.options.setCurrentRow(row)
                    self.board_pick = ("die", die_id, False)
                    self.marks_changed.emit()
                return

    def _block_click(self, die_id: int) -> None:
        """Click a blocker, then the attacker it blocks; click a blocker twice to take its
        block back."""
        decision = self.decision
        assert decision is not None
        allowed = dict(decision.assign)
        if die_id in self.block_boxes:
            box = self.block_boxes[die_id]
            if self.pending_blocker == die_id and box.itemData(0) is None:
                box.setCurrentIndex(0)                       # "No block"
                self.pending_blocker = None
            else:
                self.pending_blocker = die_id
        elif self.pending_blocker is not None and die_id in allowed[self.pending_blocker]:
            box = self.block_boxes[self.pending_blocker]
            box.setCurrentIndex(box.findData(die_id))
            self.pending_blocker = None
        self.marks_changed.emit()

    @staticmethod
    def _is_about(action: Action, die_id: int) -> bool:
        return die_id in (getattr(action, "die", None), getattr(action, "target", None))

    def _alternatives(self) -> list[Action]:
        return [self.payment.itemData(i) for i in range(self.payment.count())]

    def _payment_choices(self) -> set[int]:
        return payment_candidates(self._alternatives()) if self.payment.count() > 1 else set()

    # -- what the board marks ----------------------------------------------------------
    def selectable_dice(self) -> set[int]:
        """Dice a click on the board can do something with for this decision."""
        decision = self.decision
        if decision is not None and decision.kind == DecisionKind.BLOCKERS:
            if self.pending_blocker is not None:
                return set(self.block_boxes) | set(dict(decision.assign)[self.pending_blocker])
            return set(self.block_boxes)
        found: set[int] = set(self._payment_choices())
        for row in range(self.options.count()):
            item = self.options.item(row)
            if item.data(DIE_ROLE) is not None and item.flags() & Qt.ItemFlag.ItemIsEnabled:
                found.add(int(item.data(DIE_ROLE)))
            action = item.data(ACTION_ROLE)
            for name in ("die", "target"):
                value = getattr(action, name, None)
                if isinstance(value, int) and value >= 0:
                    found.add(value)
        return found

    def ticked_dice(self) -> set[int]:
        """Dice picked so far: ticked rerolls or attackers, blockers given an attacker (and
        the one waiting for its attacker), the die the picked option is about."""
        if self.decision is not None and self.decision.kind == DecisionKind.BLOCKERS:
            paired = {blocker for blocker, box in self.block_boxes.items() if box.currentData() is not None}
            return paired | ({self.pending_blocker} if self.pending_blocker is not None else set())
        ticked = {int(self.options.item(i).data(DIE_ROLE)) for i in range(self.options.count())
                  if self.options.item(i).data(DIE_ROLE) is not None
                  and self.options.item(i).checkState() == Qt.CheckState.Checked}
        current = self.selected_action()
        for name in ("die", "target"):
            value = getattr(current, name, None)
            if isinstance(value, int) and value >= 0:
                ticked.add(value)
        return ticked

    def payment_dice(self) -> set[int]:
        """The reserve dice the picked answer would spend."""
        return spent_dice(self.selected_action()) if self.decision is not None else set()

    def card_marks(self) -> tuple[set[int], set[int], int | None]:
        """Cards that can be bought now, cards whose global can be used now, and the card
        the picked answer is about."""
        picked = action_card(self.selected_action()) if self.decision is not None else None
        return (cards_offering(self.decision, False), cards_offering(self.decision, True),
                picked[0] if picked is not None else None)

def rolled_face(game: Game, die_id: int) -> str:
    """What a rolled die shows, in words: ``double mask``, ``action``, ``level 2``."""
    die = game.dice[die_id]
    face = die.spec.faces[die.face]
    if face.kind == ENERGY:
        return face_words(face)
    if face.kind == ACTION:
        return "action" + " burst" * face.burst
    return f"level {face.level}"
