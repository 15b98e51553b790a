"""The main window: the catalogue with a live search box and the selected card's details.

Searching happens as the user types (after a short pause, so a fast typist does not run
a query per key); a bad query shows its message under the box and leaves the last good
results in place.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QItemSelection, QSortFilterProxyModel, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from teambuilder import __version__
from teambuilder.catalogue.model import Card
from teambuilder.catalogue.query import QueryError
from teambuilder.catalogue.repository import Catalogue
from teambuilder.engine.coverage import coverage
from teambuilder.ui.catalogue_model import CARD_ROLE, SORT_ROLE, CatalogueTableModel

SEARCH_DELAY_MS = 150


class MainWindow(QMainWindow):
    """Catalogue browser. Widgets that tests drive have stable objectNames."""

    def __init__(self, catalogue: Catalogue) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.setWindowTitle(f"Dice Masters Team Builder {__version__}")
        self.resize(1200, 760)

        self.search_box = QLineEdit(objectName="catalogueSearch")
        self.search_box.setPlaceholderText('Search: cheetah, cost<=3 energy:fist, kw:overcrush, aff:villain -set:wwe')
        self.search_box.setClearButtonEnabled(True)
        self.search_error = QLabel(objectName="catalogueSearchError")
        self.search_error.setStyleSheet("color: #c0392b;")
        self.search_error.setVisible(False)

        self.model = CatalogueTableModel(catalogue.affiliations, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.view = QTableView(objectName="catalogueView")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        # Unsorted until the user clicks a header: the catalogue's own order (set, number).
        self.proxy.sort(-1)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().setVisible(False)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)

        self.detail = QTextBrowser(objectName="cardDetail")

        left = QWidget()
        layout = QVBoxLayout(left)
        layout.addWidget(self.search_box)
        layout.addWidget(self.search_error)
        layout.addWidget(self.view)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.detail)
        splitter.setSizes([820, 380])
        self.setCentralWidget(splitter)

        self._timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self._timer.timeout.connect(self.run_search)
        self.search_box.textChanged.connect(lambda _text: self._timer.start())
        self.view.selectionModel().selectionChanged.connect(self._show_selected)
        self._add_actions()
        self._report_skipped()
        self.run_search()
        self.view.resizeColumnsToContents()
        if self.proxy.rowCount():
            self.view.selectRow(0)

    def _add_actions(self) -> None:
        find = QAction("&Find", self, shortcut=QKeySequence.StandardKey.Find)
        find.triggered.connect(lambda: (self.search_box.setFocus(), self.search_box.selectAll()))
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        menu = self.menuBar().addMenu("&Catalogue")
        menu.addAction(find)
        menu.addSeparator()
        menu.addAction(quit_action)

    def _report_skipped(self) -> None:
        if self.catalogue.skipped:
            files = "; ".join(f"{path}: {reason}" for path, reason in self.catalogue.skipped)
            self.statusBar().showMessage(f"Skipped card files - {files}")

    def run_search(self) -> None:
        """Run the query in the search box now (the timer calls this as the user types)."""
        query = self.search_box.text()
        try:
            cards = self.catalogue.search(query)
        except QueryError as error:
            self.search_error.setText(f"Column {error.position + 1}: {error.message}")
            self.search_error.setVisible(True)
            return
        self.search_error.setVisible(False)
        self.model.set_cards(cards)
        if not self.catalogue.skipped:
            self.statusBar().showMessage(f"{len(cards)} of {self.catalogue.count()} cards")

    def _show_selected(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self.show_card(indexes[0].data(CARD_ROLE))

    def show_card(self, card: Card) -> None:
        names = self.catalogue.affiliations
        lines = [f"<h2>{html.escape(card.name)}</h2><h3>{html.escape(card.subtitle)}</h3>",
                 (f"<p>{card.code} &middot; {card.kind.replace('_', ' ')} &middot; "
                  f"{card.rarity.replace('_', ' ')} &middot; cost {card.cost} "
                  f"{' '.join(card.energy)} &middot; max {card.max_dice} dice</p>")]
        if card.affiliations:
            lines.append("<p>" + ", ".join(html.escape(names.get(a, a)) for a in card.affiliations) + "</p>")
        if card.keywords:
            lines.append("<p><b>" + ", ".join(self.catalogue.keywords.get(k, k) for k in card.keywords) + "</b></p>")
        lines.append("<p>" + html.escape(card.display_text).replace("\n", "<br>") + "</p>")
        if card.levels:
            rows = "".join(f"<tr><td>{lv.level}</td><td>{lv.fielding}</td><td>{lv.attack}</td>"
                           f"<td>{lv.defense}</td><td>{'*' * lv.burst}</td></tr>" for lv in card.levels)
            lines.append("<table border=1 cellpadding=3><tr><th>Level</th><th>Field</th><th>A</th>"
                         f"<th>D</th><th>Burst</th></tr>{rows}</table>")
        faces = ", ".join(face.notation() for face in card.energy_faces)
        lines.append(f"<p>Energy faces: {html.escape(faces)}</p>")
        engine = coverage(card)
        missing = f": {html.escape('; '.join(engine.missing))}" if engine.missing else ""
        lines.append(f"<p><i>Rules engine: {engine.status}{missing}</i></p>")
        self.detail.setHtml("".join(lines))
