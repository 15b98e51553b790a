"""The team editor's collection warning: what the team needs that the user does not own.

It sits apart from the rules check on purpose: owning too few dice never makes a team
illegal (a player may borrow dice, or be planning a purchase), so it has its own summary
line and its own tab, and never touches the legality verdict. A user who has recorded
nothing is not tracking a collection, and is not nagged about it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QStyle, QWidget

from teambuilder.teams.collection_needs import Shortfall
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team
from teambuilder.ui.collection_store import CollectionStore

SHORTFALL_ROLE = Qt.ItemDataRole.UserRole + 21


class CollectionCheck(QListWidget):
    """One line per card the team is short of; ``summary`` is the line above the tabs."""

    def __init__(self, store: CollectionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.setObjectName("teamCollection")
        self.setAccessibleName("Collection check")
        self.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setObjectName("teamCollectionSummary")
        self.summary.setWordWrap(True)
        self.shortfalls: list[Shortfall] = []

    def show_for(self, team: Team, lookup: CardLookup) -> None:
        self.clear()
        self.shortfalls = [] if self.store.empty else self.store.shortfalls(team, lookup)
        if self.store.error is not None:
            self.summary.setText(f"Collection: could not be read ({self.store.error}).")
        elif self.store.empty:
            self.summary.setText("Collection: not tracked (set what you own under the card).")
        elif not self.shortfalls:
            self.summary.setText("Collection: you own everything this team needs.")
        else:
            self.summary.setText(f"\u26a0 Collection: you are short for {len(self.shortfalls)} card(s) "
                                 "(this does not affect legality).")
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation)
        for shortfall in self.shortfalls:
            item = QListWidgetItem(icon, shortfall.describe())
            item.setData(SHORTFALL_ROLE, shortfall.card)
            item.setToolTip("What you own is set under the card view; this never makes the team illegal.")
            self.addItem(item)
