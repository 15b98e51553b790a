"""Under the card view: what the user owns of the card shown, in spin boxes that save to
the library at once.

Dice belong to the card's die, shared with its sibling cards (every Cheetah card of sww
rolls the same Cheetah die), so setting them here shows on each sibling too. A save that
fails is said in red beside the boxes, and the boxes go back to what the library holds:
what is shown is always what is saved.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from teambuilder.catalogue.model import Card
from teambuilder.teams.collection import MAX_COUNT
from teambuilder.ui.collection_store import CollectionStore, SaveError

MIN_BOX_WIDTH = 48
# field -> (label, objectName, tooltip)
FIELDS = {
    "cards": ("Cards", "ownedCards", "Copies of this card you own"),
    "dice": ("Dice", "ownedDice", "Dice of this card's die you own (shared by its sibling cards)"),
    "foils": ("Foils", "ownedFoils", "Foil copies you own"),
    "want": ("Want", "ownedWant", "Copies you want (the wants list of the Collection page)"),
}


class OwnedEditor(QWidget):
    """Spin boxes for the card shown; disabled when no card is."""

    def __init__(self, store: CollectionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ownedEditor")
        self.store = store
        self.card: Card | None = None
        self.boxes: dict[str, QSpinBox] = {}
        # Two rows of two: the card pane is narrow, and must not widen the window.
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel("<b>You own</b>"), 0, 0, 1, 4)
        for index, (field, (label, name, tip)) in enumerate(FIELDS.items()):
            box = QSpinBox()
            box.setObjectName(name)
            box.setRange(0, MAX_COUNT)
            # Sized for everyday counts, not for 100,000: the pane keeps its old narrowest width.
            box.setMinimumWidth(MIN_BOX_WIDTH)
            box.setToolTip(tip)
            box.setAccessibleName(f"{label} owned" if field != "want" else "Copies wanted")
            box.lineEdit().setAccessibleName(box.accessibleName())   # the part that takes the keys
            box.valueChanged.connect(lambda value, f=field: self._save(f, value))
            caption = QLabel(label)
            caption.setBuddy(box)
            grid.addWidget(caption, 1 + index // 2, 2 * (index % 2))
            grid.addWidget(box, 1 + index // 2, 2 * (index % 2) + 1)
            self.boxes[field] = box
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.error = QLabel()
        self.error.setObjectName("ownedSaveError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addLayout(grid)
        layout.addWidget(self.error)
        store.changed.connect(self._refresh)
        self.show_card(None)

    def show_card(self, card: Card | None) -> None:
        self.card = card
        self.error.setVisible(False)
        self._refresh()

    def _refresh(self) -> None:
        card = self.card
        holding = self.store.holding(card.code) if card is not None else None
        for field, box in self.boxes.items():
            box.blockSignals(True)              # showing a value is not saving it
            box.setValue(getattr(holding, field) if holding is not None else 0)
            box.blockSignals(False)
            box.setEnabled(card is not None and not (field == "dice" and card.kind == "basic_action"))
        if card is not None and card.kind == "basic_action":
            self.boxes["dice"].setToolTip("Basic action dice are generic: only the card is counted")
        else:
            self.boxes["dice"].setToolTip(FIELDS["dice"][2])

    def _save(self, field: str, value: int) -> None:
        if self.card is None:
            return
        try:
            self.store.set(self.card.code, **{field: value})
        except SaveError as error:
            self.error.setText(f"Not saved: {error}")
            self.error.setVisible(True)
            return
        self.error.setVisible(False)
