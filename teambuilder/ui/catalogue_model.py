"""Qt table model over a list of catalogue cards (the result of one search)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from teambuilder.catalogue.model import Card

COL_CODE, COL_NAME, COL_SUBTITLE, COL_SET, COL_KIND, COL_COST, COL_ENERGY, \
    COL_AFFILIATIONS, COL_MAX_DICE, COL_RARITY = range(10)
HEADERS = ("Code", "Name", "Subtitle", "Set", "Kind", "Cost", "Energy", "Affiliations",
           "Max dice", "Rarity")
CARD_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

ModelIndex = QModelIndex | QPersistentModelIndex


class CatalogueTableModel(QAbstractTableModel):
    """One row per card; ``CARD_ROLE`` gives the Card, ``SORT_ROLE`` a sortable value."""

    def __init__(self, affiliation_names: dict[str, str], parent: Any = None) -> None:
        super().__init__(parent)
        self._cards: list[Card] = []
        self._affiliation_names = affiliation_names

    def set_cards(self, cards: list[Card]) -> None:
        self.beginResetModel()
        self._cards = list(cards)
        self.endResetModel()

    def card_at(self, row: int) -> Card:
        return self._cards[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._cards)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section]
        return None

    def _display(self, card: Card, column: int) -> str:
        values = {
            COL_CODE: card.code, COL_NAME: card.name, COL_SUBTITLE: card.subtitle,
            COL_SET: card.set_code, COL_KIND: card.kind.replace("_", " "),
            COL_COST: str(card.cost), COL_ENERGY: " ".join(card.energy),
            COL_AFFILIATIONS: ", ".join(self._affiliation_names.get(a, a) for a in card.affiliations),
            COL_MAX_DICE: str(card.max_dice), COL_RARITY: card.rarity.replace("_", " "),
        }
        return values[column]

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._cards):
            return None
        card = self._cards[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(card, column)
        if role == CARD_ROLE:
            return card
        if role == SORT_ROLE:
            if column == COL_CODE:
                return f"{card.set_code}:{card.number:05d}"
            if column == COL_COST:
                return card.cost
            if column == COL_MAX_DICE:
                return card.max_dice
            return self._display(card, column).lower()
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{card.full_name}\n{card.display_text}"
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (COL_COST, COL_MAX_DICE):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None
