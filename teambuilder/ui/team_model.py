"""Qt table model over the team being edited (one row per card), and drag and drop.

The model reads the TeamDocument and writes only through it (so every edit is undoable).
The Dice column is editable with a spin box bounded by the card's die limit. Cards dragged
from the catalogue arrive as a list of codes under ``CARD_CODES_MIME``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QMimeData, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QSpinBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from teambuilder.ui import symbols
from teambuilder.ui.team_document import TeamDocument

CARD_CODES_MIME = "application/x-teambuilder-card-codes"
COL_NAME, COL_CODE, COL_COST, COL_ENERGY, COL_DICE, COL_MAX = range(6)
HEADERS = ("Card", "Code", "Cost", "Energy", "Dice", "Max")
CODE_ROLE = Qt.ItemDataRole.UserRole + 10

ModelIndex = QModelIndex | QPersistentModelIndex


def encode_codes(codes: list[str]) -> QMimeData:
    mime = QMimeData()
    mime.setData(CARD_CODES_MIME, "\n".join(codes).encode())
    mime.setText(" ".join(codes))
    return mime


def decode_codes(mime: QMimeData) -> list[str]:
    if not mime.hasFormat(CARD_CODES_MIME):
        return []
    return [code for code in bytes(mime.data(CARD_CODES_MIME).data()).decode().split("\n") if code]


class TeamTableModel(QAbstractTableModel):
    """Rows follow ``document.team.cards``; unknown references show as they were written."""

    def __init__(self, document: TeamDocument, parent: Any = None) -> None:
        super().__init__(parent)
        self.document = document
        self._rows = len(document.team.cards)
        document.changed.connect(self._reset)

    def _reset(self) -> None:
        rows = len(self.document.team.cards)
        if rows == self._rows and rows:
            # Same rows (dice, format, name changed): keep the view's selection.
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(HEADERS) - 1))
            return
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.document.team.cards)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section]
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsDropEnabled
        if not index.isValid():
            return base
        flags = base | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == COL_DICE and self.document.card(index.row()) is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.document.team.cards):
            return None
        entry = self.document.team.cards[index.row()]
        card = self.document.card(index.row())
        column = index.column()
        if role == CODE_ROLE:
            return card.code if card else entry.ref
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == COL_DICE:
                return entry.dice
            if card is None:
                return {COL_NAME: entry.ref, COL_CODE: "?"}.get(column, "")
            return {COL_NAME: card.full_name, COL_CODE: card.code, COL_COST: card.cost,
                    COL_ENERGY: "", COL_MAX: card.max_dice}.get(column, "")
        if role == Qt.ItemDataRole.DecorationRole and column == COL_ENERGY and card is not None:
            return symbols.energy_row(card.energy, 16)
        if role == Qt.ItemDataRole.ToolTipRole:
            if card is None:
                return f"Unknown card {entry.ref!r}"
            if column == COL_DICE:
                return f"1 to {card.max_dice} dice; + and - change it"
            return f"{card.full_name} ({card.code}): cost {card.cost} {', '.join(card.energy)}"
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (COL_COST, COL_DICE, COL_MAX):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def setData(self, index: ModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() != COL_DICE:
            return False
        try:
            dice = int(value)
        except (TypeError, ValueError):
            return False
        self.document.set_dice(index.row(), dice)
        return True

    # -- drag and drop from the catalogue ------------------------------------------------
    def mimeTypes(self) -> list[str]:
        return [CARD_CODES_MIME]

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction | Qt.DropAction.MoveAction

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                        parent: ModelIndex) -> bool:
        return bool(decode_codes(data))

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: ModelIndex) -> bool:
        codes = decode_codes(data)
        for code in codes:
            card = self.document.lookup.resolve(code)
            if card is not None:
                self.document.add_card(card)
        return bool(codes)


class DiceDelegate(QStyledItemDelegate):
    """Edits the Dice column with a spin box from 1 to the card's die limit."""

    def __init__(self, document: TeamDocument, parent: Any = None) -> None:
        super().__init__(parent)
        self.document = document

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex) -> QWidget:
        editor = QSpinBox(parent)
        editor.setObjectName("diceEditor")
        card = self.document.card(index.row())
        editor.setRange(1, card.max_dice if card is not None else 1)
        return editor

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        assert isinstance(editor, QSpinBox)
        editor.setValue(int(index.data(Qt.ItemDataRole.EditRole)))

    def setModelData(self, editor: QWidget, model: Any, index: ModelIndex) -> None:
        assert isinstance(editor, QSpinBox)
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
