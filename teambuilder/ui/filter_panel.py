"""The catalogue's filter panel: point-and-click filters that become query-language terms.

Players who do not know the query language still want to narrow the catalogue by set,
universe, energy, affiliation, kind, rarity, cost, keyword, and how fully the rules
engine plays the card. Rather than filtering
cards itself, the panel writes the same terms a user could type (``set:sww energy:fist``)
so there is one search path: the main window appends :meth:`FilterPanel.query_terms` to
the search box's query and runs the catalogue search as usual. The panel is compact, to
sit above the catalogue table in a narrow column.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QWidget,
)

from teambuilder.catalogue.model import ENERGY_TYPES, RARITIES, CardSet
from teambuilder.ui.symbols import symbol_icon

COST_MIN, COST_MAX = 0, 10
KINDS = (("Character", "character"), ("Action", "action"), ("Basic action", "basic_action"))
# How fully the rules engine plays a card: the query language's engine: statuses.
ENGINE_SUPPORT = (("Played fully", "full"), ("Played in part", "partial"), ("Stats only", "none"))
# A value the query language reads as one bare token; anything else is quoted.
_BARE_VALUE = re.compile(r'[^\s()"]+')


def quote_value(value: str) -> str:
    """``value`` as the query language reads it: bare when it is one token, else quoted."""
    return value if _BARE_VALUE.fullmatch(value) else f'"{value}"'


def any_of(terms: list[str]) -> str:
    """One term, or several joined by ``or`` in parentheses (so they bind as one)."""
    return terms[0] if len(terms) == 1 else "(" + " or ".join(terms) + ")"


def _label(text: str, buddy: QWidget) -> QLabel:
    label = QLabel(text)
    label.setBuddy(buddy)
    return label


class FilterPanel(QWidget):
    """Filters over the catalogue; the state lives in the widgets, nowhere else.

    ``changed`` is emitted once for each change a user makes; :meth:`clear` resets every
    control and emits it once at the end (and not at all when nothing was set).
    """

    changed = Signal()

    def __init__(self, sets: list[CardSet], affiliations: dict[str, str],
                 keywords: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogueFilters")
        self._sets = list(sets)
        self._quiet = False

        self.set_combo = self._combo("filterSet", "Any set",
                                     [(s.name, s.code) for s in self._sets])
        # Long set names are cut short in the narrow combo; the tooltip has them whole.
        for index, card_set in enumerate(self._sets, start=1):
            self.set_combo.setItemData(index, f"{card_set.name} ({card_set.code}, "
                                       f"{card_set.universe}, {card_set.year})",
                                       Qt.ItemDataRole.ToolTipRole)
        universes = sorted({s.universe for s in self._sets}, key=str.lower)
        self.universe_combo = self._combo("filterUniverse", "Any universe",
                                          [(u, u) for u in universes])
        self.affiliation_combo = self._combo("filterAffiliation", "Any affiliation",
                                             self._by_name(affiliations))
        self.kind_combo = self._combo("filterKind", "Any kind", list(KINDS))
        self.rarity_combo = self._combo(
            "filterRarity", "Any rarity", [(r.replace("_", " ").capitalize(), r) for r in RARITIES])
        self.keyword_combo = self._combo("filterKeyword", "Any keyword", self._by_name(keywords))
        self.engine_combo = self._combo("filterEngine", "Any engine support", list(ENGINE_SUPPORT))
        self.engine_combo.setAccessibleName("Filter: engine support")
        self.engine_combo.setToolTip("How fully the playtest's rules engine plays the card "
                                     "(engine:full, engine:partial, engine:none)")
        self.energy_buttons = {energy: self._energy_button(energy) for energy in ENERGY_TYPES}
        self.cost_min = self._spin("filterCostMin", COST_MIN, "Lowest cost (0: no lower limit)")
        self.cost_max = self._spin("filterCostMax", COST_MAX, "Highest cost (10: no upper limit)")
        self.cost_min.valueChanged.connect(lambda _value: self._cost_edited(self.cost_min))
        self.cost_max.valueChanged.connect(lambda _value: self._cost_edited(self.cost_max))
        # "My collection": the query language's owned>0, so it composes with every filter.
        self.owned_check = QCheckBox("My collection")
        self.owned_check.setObjectName("filterOwned")
        self.owned_check.setAccessibleName("Filter: only cards in my collection")
        self.owned_check.setToolTip("Only the cards you own (owned>0; Ctrl+Shift+M)")
        self.owned_check.toggled.connect(lambda _checked: self._emit())
        self.clear_button = QPushButton("Clear")
        self.clear_button.setObjectName("filterClear")
        self.clear_button.setToolTip("Reset every filter")
        self.clear_button.clicked.connect(self.clear)
        self._lay_out()

    # --- building -------------------------------------------------------------------

    @staticmethod
    def _by_name(names: dict[str, str]) -> list[tuple[str, str]]:
        return sorted(((name, key) for key, name in names.items()), key=lambda p: p[0].lower())

    def _combo(self, name: str, any_text: str, items: list[tuple[str, str]]) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(name)
        combo.setAccessibleName(f"Filter: {any_text.removeprefix('Any ')}")
        combo.addItem(any_text, None)
        for text, value in items:
            combo.addItem(text, value)
        # Long set names must not widen the narrow column the panel lives in.
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(8)
        combo.currentIndexChanged.connect(lambda _index: self._emit())
        return combo

    def _energy_button(self, energy: str) -> QToolButton:
        button = QToolButton()
        button.setObjectName(f"filterEnergy_{energy}")
        button.setCheckable(True)
        button.setIcon(symbol_icon(energy))
        button.setIconSize(QSize(18, 18))
        button.setAutoRaise(True)
        button.setToolTip(f"{energy.capitalize()} energy (cards with any checked type)")
        button.setAccessibleName(f"{energy} energy")
        button.toggled.connect(lambda _checked: self._emit())
        return button

    def _spin(self, name: str, value: int, tooltip: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(COST_MIN, COST_MAX)
        spin.setValue(value)
        spin.setToolTip(tooltip)
        label = tooltip.split(" (")[0]
        spin.setAccessibleName(label)
        spin.lineEdit().setAccessibleName(label)    # the part that takes the keys
        return spin

    def _lay_out(self) -> None:
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(3)
        energy_row = QHBoxLayout()
        energy_row.setSpacing(0)
        for button in self.energy_buttons.values():
            energy_row.addWidget(button)
        energy_row.addStretch(1)
        cost_row = QHBoxLayout()
        cost_row.setSpacing(4)
        cost_row.addWidget(self.cost_min)
        cost_row.addWidget(QLabel("to"))
        cost_row.addWidget(self.cost_max)
        cost_row.addStretch(1)
        rows: list[tuple[str, Any, str, Any]] = [
            ("Set", self.set_combo, "Universe", self.universe_combo),
            ("Energy", energy_row, "Kind", self.kind_combo),
            ("Affil.", self.affiliation_combo, "Rarity", self.rarity_combo),
            ("Cost", cost_row, "Keyword", self.keyword_combo),
        ]
        buddies = {id(energy_row): self.energy_buttons[ENERGY_TYPES[0]],
                   id(cost_row): self.cost_min}
        for row, (left_text, left, right_text, right) in enumerate(rows):
            for column, text, item in ((0, left_text, left), (2, right_text, right)):
                buddy = buddies.get(id(item), item)
                grid.addWidget(_label(text, buddy), row, column)
                if isinstance(item, QWidget):
                    grid.addWidget(item, row, column + 1)
                else:
                    grid.addLayout(item, row, column + 1)
        grid.addWidget(_label("Engine", self.engine_combo), len(rows), 0)
        grid.addWidget(self.engine_combo, len(rows), 1)
        grid.addWidget(self.owned_check, len(rows), 2, 1, 2, Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(self.clear_button, len(rows), 3, Qt.AlignmentFlag.AlignRight)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

    # --- reacting -------------------------------------------------------------------

    def _emit(self) -> None:
        if not self._quiet:
            self.changed.emit()

    def _cost_edited(self, edited: QSpinBox) -> None:
        # Keep min <= max by moving the other bound silently: one user change, one signal.
        low, high = self.cost_min.value(), self.cost_max.value()
        if low > high:
            other = self.cost_max if edited is self.cost_min else self.cost_min
            other.blockSignals(True)
            other.setValue(edited.value())
            other.blockSignals(False)
        self._emit()

    # --- the public face ------------------------------------------------------------

    def checked_energies(self) -> list[str]:
        """The checked energy types, in the game's order (mask, fist, bolt, shield)."""
        return [energy for energy, button in self.energy_buttons.items() if button.isChecked()]

    def query_terms(self) -> str:
        """The filters as query-language terms joined by spaces; "" when none is set."""
        terms: list[str] = []
        if (code := self.set_combo.currentData()) is not None:
            terms.append(f"set:{quote_value(code)}")
        if (universe := self.universe_combo.currentData()) is not None:
            terms.append(f"universe:{quote_value(universe)}")
        if energies := self.checked_energies():
            terms.append(any_of([f"energy:{energy}" for energy in energies]))
        for field, combo, names in (("aff", self.affiliation_combo, True),
                                    ("kind", self.kind_combo, False),
                                    ("rarity", self.rarity_combo, False),
                                    ("kw", self.keyword_combo, True),
                                    ("engine", self.engine_combo, False)):
            if (key := combo.currentData()) is not None:
                terms.append(f"{field}:{self._named_value(combo, key) if names else key}")
        if self.cost_min.value() > COST_MIN:
            terms.append(f"cost>={self.cost_min.value()}")
        if self.cost_max.value() < COST_MAX:
            terms.append(f"cost<={self.cost_max.value()}")
        if self.owned_check.isChecked():
            terms.append("owned>0")
        return " ".join(terms)

    @staticmethod
    def _named_value(combo: QComboBox, key: str) -> str:
        # The display name reads better in the search line; a name the query language
        # cannot quote (it holds a double quote) falls back to its key.
        name = combo.currentText()
        return key if '"' in name else quote_value(name)

    def active_count(self) -> int:
        """How many filters are set; the energy buttons count as one, the cost range too."""
        combos = (self.set_combo, self.universe_combo, self.affiliation_combo, self.kind_combo,
                  self.rarity_combo, self.keyword_combo, self.engine_combo)
        count = sum(combo.currentIndex() > 0 for combo in combos)
        count += bool(self.checked_energies())
        count += self.cost_min.value() > COST_MIN or self.cost_max.value() < COST_MAX
        count += self.owned_check.isChecked()
        return int(count)

    def clear(self) -> None:
        """Reset every filter; emits ``changed`` once at the end if anything was set."""
        was_active = self.active_count() > 0
        self._quiet = True
        try:
            for combo in (self.set_combo, self.universe_combo, self.affiliation_combo,
                          self.kind_combo, self.rarity_combo, self.keyword_combo, self.engine_combo):
                combo.setCurrentIndex(0)
            for button in self.energy_buttons.values():
                button.setChecked(False)
            self.cost_min.setValue(COST_MIN)
            self.cost_max.setValue(COST_MAX)
            self.owned_check.setChecked(False)
        finally:
            self._quiet = False
        if was_active:
            self.changed.emit()
