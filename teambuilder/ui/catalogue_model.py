"""Qt table model over a list of catalogue cards (the result of one search).

Besides the card's facts it shows how completely the rules engine plays each card
(``COL_ENGINE``). That status is derived from the card's abilities, so it is computed only
when a row is first painted or sorted and then kept per card: a full catalogue holds
thousands of cards and most searches never show most of them. The energy column paints
the game's symbols instead of words; the words stay available as tooltip and sort key.

It also shows what the user owns of each card (``COL_OWNED``, from the collection the
window hands it) and marks the cards banned in the team's current format: a mark beside
the name and a tooltip line, so a banned card is seen before it is added.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap

from teambuilder.catalogue.model import Card
from teambuilder.engine.coverage import STATUSES, CardCoverage, coverage
from teambuilder.teams.collection import Holding
from teambuilder.ui.symbols import energy_row

COL_CODE, COL_NAME, COL_SUBTITLE, COL_SET, COL_KIND, COL_COST, COL_ENERGY, \
    COL_AFFILIATIONS, COL_MAX_DICE, COL_RARITY, COL_ENGINE, COL_OWNED = range(12)
HEADERS = ("Code", "Name", "Subtitle", "Set", "Kind", "Cost", "Energy", "Affiliations",
           "Max dice", "Rarity", "Engine", "Owned")
HEADER_TOOLTIPS = (
    "The card's code: its number, then its set (as team links write it)",
    "Card name",
    "Card subtitle (tells apart cards with the same name)",
    "The set the card was printed in",
    "Character, action or basic action",
    "Purchase cost",
    "Energy types needed to buy it (two or more: a crossover card)",
    "Affiliations",
    "How many of its dice a team may take",
    "Rarity",
    "How completely the playtest engine plays the card: full, partial, or none (stats only)",
    "What you own: copies of the card, and the dice of its die (set them under the card view)",
)
CARD_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
ENGINE_ROLE = Qt.ItemDataRole.UserRole + 3
"""The card's engine status as a string, one of ``coverage.STATUSES``, on every column."""

BANNED_COLOUR = "#c62828"
ENGINE_COLOURS = {"full": "#2e9e4f", "partial": "#e0a000", "none": "#9a9a9a"}
ENERGY_ICON_SIZE = 16

ModelIndex = QModelIndex | QPersistentModelIndex


@lru_cache(maxsize=8)
def engine_dot(status: str, size: int = 10) -> QPixmap:
    """A small filled circle in the colour of an engine status (green, amber, grey)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(ENGINE_COLOURS.get(status, ENGINE_COLOURS["none"])))
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.end()
    return pixmap


@lru_cache(maxsize=2)
def banned_mark(size: int = 14) -> QPixmap:
    """A "no entry" sign: a red disc with a white bar, for a card banned in the format."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(BANNED_COLOUR))
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.setPen(QPen(QColor("white"), max(2, size // 6)))
    painter.drawLine(size // 4, size // 2, size - size // 4, size // 2)
    painter.end()
    return pixmap


def owned_text(holding: Holding) -> str:
    """"2", "2 · 3 dice", "0 · 3 dice", or "" for nothing owned (the column stays quiet)."""
    if not (holding.cards or holding.dice):
        return ""
    return f"{holding.cards} \u00b7 {holding.dice} dice" if holding.dice else str(holding.cards)


class CatalogueTableModel(QAbstractTableModel):
    """One row per card; ``CARD_ROLE`` gives the Card, ``SORT_ROLE`` a sortable value,
    ``ENGINE_ROLE`` the engine status. Coverage is cached per card code for the model's
    lifetime (across ``set_cards``), and recomputed if a different card object arrives
    under the same code."""

    def __init__(self, affiliation_names: dict[str, str], parent: Any = None) -> None:
        super().__init__(parent)
        self._cards: list[Card] = []
        self._affiliation_names = affiliation_names
        self._coverage: dict[str, tuple[Card, CardCoverage]] = {}
        self._owned: Callable[[str], Holding] = Holding
        self._banned: frozenset[str] = frozenset()
        self._format_name = ""

    def set_cards(self, cards: list[Card]) -> None:
        self.beginResetModel()
        self._cards = list(cards)
        self.endResetModel()

    def set_owned(self, owned: Callable[[str], Holding]) -> None:
        """Read what the user owns through ``owned`` (card code -> Holding) from now on."""
        self._owned = owned
        self.owned_changed()

    def owned_changed(self) -> None:
        """The collection changed: repaint the owned column."""
        if self._cards:
            self.dataChanged.emit(self.index(0, COL_OWNED), self.index(len(self._cards) - 1, COL_OWNED))

    def set_banned(self, codes: frozenset[str], format_name: str) -> None:
        """Mark ``codes`` as banned in the format called ``format_name``."""
        self._banned, self._format_name = codes, format_name
        if self._cards:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._cards) - 1, len(HEADERS) - 1))

    def is_banned(self, card: Card) -> bool:
        return card.code in self._banned

    def card_at(self, row: int) -> Card:
        return self._cards[row]

    def coverage_of(self, card: Card) -> CardCoverage:
        """The engine coverage of ``card``, computed on first use and then remembered."""
        cached = self._coverage.get(card.code)
        if cached is None or cached[0] is not card:
            cached = self._coverage[card.code] = (card, coverage(card))
        return cached[1]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._cards)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADER_TOOLTIPS[section]
        return None

    def _display(self, card: Card, column: int) -> str:
        if column == COL_ENGINE:
            return self.coverage_of(card).status
        if column == COL_OWNED:
            return owned_text(self._owned(card.code))
        values = {
            COL_CODE: card.code, COL_NAME: card.name, COL_SUBTITLE: card.subtitle,
            COL_SET: card.set_code, COL_KIND: card.kind.replace("_", " "),
            COL_COST: str(card.cost), COL_ENERGY: "",
            COL_AFFILIATIONS: ", ".join(self._affiliation_names.get(a, a)
                                        for a in card.affiliations),
            COL_MAX_DICE: str(card.max_dice), COL_RARITY: card.rarity.replace("_", " "),
        }
        return values[column]

    def _sort_key(self, card: Card, column: int) -> Any:
        if column == COL_CODE:
            return f"{card.set_code}:{card.number:05d}"
        if column == COL_COST:
            return card.cost
        if column == COL_MAX_DICE:
            return card.max_dice
        if column == COL_ENERGY:
            return " ".join(card.energy)
        if column == COL_OWNED:
            holding = self._owned(card.code)
            return holding.cards * 1_000_000 + holding.dice
        if column == COL_ENGINE:
            # full first, then partial, then none: the order of how well a card plays.
            return STATUSES.index(self.coverage_of(card).status)
        return self._display(card, column).lower()

    def _tooltip(self, card: Card, column: int) -> str:
        if column == COL_ENERGY:
            return ", ".join(card.energy) if card.energy else "no energy type"
        if column == COL_ENGINE:
            engine = self.coverage_of(card)
            missing = "".join(f"\n- {item}" for item in engine.missing)
            return f"Rules engine: {engine.status}{missing}"
        if column == COL_OWNED:
            h = self._owned(card.code)
            return f"You own {h.cards} card(s), {h.dice} dice of its die, {h.foils} foil(s); you want {h.want}"
        banned = f"Banned in {self._format_name}.\n" if card.code in self._banned else ""
        return f"{banned}{card.full_name}\n{card.display_text}"

    def _decoration(self, card: Card, column: int) -> QPixmap | None:
        if column == COL_ENERGY and card.energy:
            return energy_row(tuple(card.energy), ENERGY_ICON_SIZE)
        if column == COL_ENGINE:
            return engine_dot(self.coverage_of(card).status)
        if column == COL_NAME and card.code in self._banned:
            return banned_mark()
        return None

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
            return self._sort_key(card, column)
        if role == ENGINE_ROLE:
            return self.coverage_of(card).status
        if role == Qt.ItemDataRole.DecorationRole:
            return self._decoration(card, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(card, column)
        if role == Qt.ItemDataRole.AccessibleTextRole and column == COL_NAME and card.code in self._banned:
            return f"{card.name}, banned in {self._format_name}"
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (COL_COST, COL_MAX_DICE, COL_OWNED):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None
