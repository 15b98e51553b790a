"""The catalogue panel: the search box (the query language, live as you type), the filter
panel, and the table of cards.

The search box and the filters compose: the box's query in parentheses, then the filters'
terms. Under the box one line of fixed height says how many cards match, or, for a bad
query, what is wrong (the column counts from the box's own text) while the last good
results stay in place, greyed out as stale: the layout never moves. Down in the box moves
into the results. Rows drag into the team as card codes; Enter or a double-click on a row
asks to add that card.

What the user owns shows in its own column and follows every change to the collection; a
search that reads the collection (``owned>0``, the "My collection" filter) runs again when
it changes. Cards banned in the team's format carry a mark (:meth:`set_format`).
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from teambuilder.catalogue.model import Card
from teambuilder.catalogue.query import QueryError
from teambuilder.catalogue.repository import Catalogue
from teambuilder.ui.catalogue_model import CARD_ROLE, COL_OWNED, SORT_ROLE, CatalogueTableModel
from teambuilder.ui.collection_store import CollectionStore
from teambuilder.ui.filter_panel import FilterPanel, quote_value
from teambuilder.ui.team_model import CARD_CODES_MIME, encode_codes

# 0 ms: search on the next pass of the event loop, so a burst of keys already queued runs
# one query, yet a single keystroke is answered at once (a search takes a few ms).
SEARCH_DELAY_MS = 0
MAX_COLUMN = 130
OWNED_POSITION = 3          # shown after code, name and subtitle
# A query with one of these words reads the collection: it is run again when that changes.
COLLECTION_TERM = re.compile(r"\b(owned|dice_owned|foils|want)\b", re.IGNORECASE)


class CatalogueProxy(QSortFilterProxyModel):
    """Sorting by ``SORT_ROLE``, and dragging rows out as card codes."""

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        return flags | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else flags

    def mimeTypes(self) -> list[str]:
        return [CARD_CODES_MIME]

    def mimeData(self, indexes: Any) -> QMimeData:
        codes = list(dict.fromkeys(index.data(CARD_ROLE).code for index in indexes if index.isValid()))
        return encode_codes(codes)


class CataloguePanel(QWidget):
    """``card_selected`` when the current row changes; ``card_activated`` on Enter or
    double-click (the window adds the card to the team)."""

    card_selected = Signal(object)
    card_activated = Signal(object)
    count_changed = Signal(int)

    def __init__(self, catalogue: Catalogue, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalogue = catalogue
        self.search_box = QLineEdit(objectName="catalogueSearch")
        self.search_box.setPlaceholderText('Search: cheetah, cost<=3 energy:fist, kw:overcrush, aff:villain -set:wwe')
        self.search_box.setClearButtonEnabled(True)
        self.search_box.setToolTip("The query language: see Help > Search syntax (Ctrl+F to come back here)")
        self.search_box.setAccessibleName("Search the catalogue")
        self.search_box.installEventFilter(self)
        self.search_error = QLabel(objectName="catalogueSearchError")
        self.search_error.setWordWrap(True)
        self.search_error.setVisible(False)
        self.result_count = QLabel(objectName="catalogueResultCount")
        # The count and the error share one line of fixed height (two for a long error).
        status_line = QWidget(objectName="catalogueStatusLine")
        status_line.setFixedHeight(2 * self.fontMetrics().lineSpacing() + 4)
        status_layout = QVBoxLayout(status_line)
        status_layout.setContentsMargins(2, 0, 2, 0)
        status_layout.addWidget(self.result_count)
        status_layout.addWidget(self.search_error)
        self.filters = FilterPanel(catalogue.sets(), catalogue.affiliations, catalogue.keywords)

        self.model = CatalogueTableModel(catalogue.affiliations, self)
        self.proxy = CatalogueProxy(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.view = QTableView(objectName="catalogueView")
        self.view.setAccessibleName("Catalogue results")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.proxy.sort(-1)    # the catalogue's own order (set, number) until a header is clicked
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setDragEnabled(True)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        # What you own reads beside the name, not past the right edge (the model keeps it last).
        self.view.horizontalHeader().moveSection(COL_OWNED, OWNED_POSITION)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search_box)
        layout.addWidget(status_line)
        layout.addWidget(self.filters)
        layout.addWidget(self.view, 1)

        self._timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self._timer.timeout.connect(self.run_search)
        self.search_box.textChanged.connect(lambda _text: self._timer.start())
        self.filters.changed.connect(self.run_search)
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        self.view.activated.connect(self._activated)
        self.last_count = 0
        self._format = ("", "")
        self.run_search()
        self.fit_columns()

    def use_collection(self, store: CollectionStore) -> None:
        """Show what ``store`` holds, and follow its changes."""
        self.model.set_owned(store.holding)
        store.changed.connect(self._collection_changed)

    def _collection_changed(self) -> None:
        if COLLECTION_TERM.search(self.query()):
            self.run_search()
        else:
            self.model.owned_changed()

    def set_format(self, key: str, name: str, force: bool = False) -> None:
        """Mark the cards banned in format ``key`` (called ``name``); "" marks none.
        ``force`` reads the ban list again (the formats were reloaded)."""
        if (key, name) == self._format and not force:
            return              # most team edits keep the format: no search for them
        self._format = (key, name)
        codes: frozenset[str] = frozenset()
        # A format the catalogue was not told of marks nothing.
        with contextlib.suppress(QueryError):
            if key:
                codes = frozenset(card.code for card in self.catalogue.search(f"banned:{quote_value(key)}"))
        self.model.set_banned(codes, name)

    def fit_columns(self) -> None:
        """Size columns to their contents, but no wider than MAX_COLUMN px (names and
        subtitles elide; the tooltip has the whole card), so every column fits in view."""
        self.view.resizeColumnsToContents()
        header = self.view.horizontalHeader()
        for column in range(header.count()):
            header.resizeSection(column, min(header.sectionSize(column), MAX_COLUMN))

    def query(self) -> str:
        """What the table shows: the box's query and the filters together."""
        text, terms = self.search_box.text().strip(), self.filters.query_terms()
        if not terms:
            return text
        return f"({text}) {terms}" if text else terms

    def run_search(self) -> bool:
        """Search now; False (and a message under the box) when the query is bad."""
        text = self.search_box.text()
        query = self.query() if self.filters.query_terms() else text
        try:
            cards = self.catalogue.search(query)
        except QueryError as error:
            # Point at the column of what the user typed: the composed query wraps it in
            # "(" after its leading spaces were stripped.
            shift = 0 if query == text else 1 - (len(text) - len(text.lstrip()))
            self.search_error.setText(f"Column {error.position - shift + 1}: {error.message}")
            self.search_error.setVisible(True)
            self.result_count.setVisible(False)
            self.view.setEnabled(False)          # the results below are stale: greyed out
            return False
        self.search_error.setVisible(False)
        self.view.setEnabled(True)
        current = self.current_card()
        self.model.set_cards(cards)
        self.last_count = len(cards)
        self.result_count.setText(f"{len(cards):,} card{'s' if len(cards) != 1 else ''}")
        self.result_count.setVisible(True)
        self.count_changed.emit(len(cards))
        # The card view follows the current result: the old card if still listed, else
        # the first result (or nothing, when nothing matches).
        if (current is None or not self.select_code(current.code)) and cards and self.view.isVisible():
            self.view.selectRow(0)
        elif not cards:
            self.card_selected.emit(None)
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down (or Page Down) in the search box moves into the results."""
        if watched is self.search_box and event.type() == QEvent.Type.KeyPress and \
                event.key() in (Qt.Key.Key_Down, Qt.Key.Key_PageDown) and self.proxy.rowCount():  # type: ignore[attr-defined]
            self.view.setFocus(Qt.FocusReason.TabFocusReason)
            if not self.view.currentIndex().isValid():
                self.view.selectRow(0)
            return True
        return super().eventFilter(watched, event)

    def current_card(self) -> Card | None:
        index = self.view.currentIndex()
        return index.data(CARD_ROLE) if index.isValid() else None

    def select_code(self, code: str) -> bool:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data(CARD_ROLE).code == code:
                self.view.selectRow(row)
                self.view.scrollTo(index)
                return True
        return False

    def focus_search(self) -> None:
        self.search_box.setFocus()
        self.search_box.selectAll()

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.card_selected.emit(current.data(CARD_ROLE))

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.card_activated.emit(index.data(CARD_ROLE))
