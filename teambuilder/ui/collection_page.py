"""The Collection page (Catalogue > My collection…, Ctrl+Shift+O): how complete each set
is, as a bar chart, and the wants list. It reads the shared collection store and follows
its changes while open; the per-set totals are counted once, when it opens.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from teambuilder.catalogue.repository import Catalogue
from teambuilder.ui.collection_store import CollectionStore
from teambuilder.ui.completion_chart import CompletionChart, SetCompletion

if TYPE_CHECKING:
    from teambuilder.ui.main_window import MainWindow

WANT_HEADERS = ("Code", "Card", "Want", "Own")


class CollectionPage(QDialog):
    """Completion per set and the wants list of ``store``."""

    def __init__(self, store: CollectionStore, catalogue: Catalogue, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("collectionPage")
        self.setWindowTitle("My collection")
        self.resize(760, 560)
        self.store, self.catalogue = store, catalogue
        cards = catalogue.search("")
        self.names = {card.code: card.full_name for card in cards}
        self.set_of = {card.code: card.set_code for card in cards}
        self.totals = Counter(card.set_code for card in cards)
        self.sets = [s for s in catalogue.sets() if self.totals[s.code]]

        self.summary = QLabel()
        self.summary.setObjectName("collectionSummary")
        self.chart = CompletionChart()
        chart_scroll = QScrollArea()
        chart_scroll.setObjectName("collectionChartScroll")
        chart_scroll.setAccessibleName("Completion per set")
        chart_scroll.setWidgetResizable(True)
        chart_scroll.setWidget(self.chart)
        self.wants = QTableWidget(0, len(WANT_HEADERS))
        self.wants.setObjectName("collectionWants")
        self.wants.setAccessibleName("Wants list")
        self.wants.setHorizontalHeaderLabels(list(WANT_HEADERS))
        self.wants.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.wants.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.wants.verticalHeader().setVisible(False)
        self.wants.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("collectionTabs")
        self.tabs.setAccessibleName("Completion and wants")
        self.tabs.addTab(chart_scroll, "Completion per set")
        self.tabs.addTab(self.wants, "Wants")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        store.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        holdings = self.store.holdings()
        owned = Counter(self.set_of[code] for code, h in holdings.items() if h.cards > 0 and code in self.set_of)
        rows = [SetCompletion(s.code, s.name, owned[s.code], self.totals[s.code]) for s in self.sets]
        # The sets you collect first (in the catalogue's order), then the rest: with dozens
        # of sets, the ones you started must not hide below the fold.
        rows.sort(key=lambda row: row.owned == 0)
        self.chart.set_rows(rows)
        wanted = sorted((h for h in holdings.values() if h.want > 0), key=lambda h: h.code)
        self.wants.setRowCount(len(wanted))
        for row, holding in enumerate(wanted):
            cells = (holding.code, self.names.get(holding.code, "(not in the catalogue)"),
                     str(holding.want), str(holding.cards))
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                if column >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.wants.setItem(row, column, item)
        self.wants.resizeColumnToContents(0)
        self.tabs.setTabText(1, f"Wants ({len(wanted)})")
        total, have = sum(self.totals.values()), sum(owned.values())
        started = sum(1 for r in rows if r.owned)
        self.summary.setText(f"You own {have:,} of {total:,} cards ({have / total if total else 0:.1%}), "
                             f"in {started} of {len(rows)} sets; {len(wanted)} card(s) wanted.")


def open_collection_page(window: MainWindow) -> CollectionPage:
    """Open the page beside the main window (it follows edits made there)."""
    page = CollectionPage(window.context.collection, window.context.catalogue, window)
    page.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    page.show()
    return page
