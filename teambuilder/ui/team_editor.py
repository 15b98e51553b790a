"""The team panel: name, format, the cards with their dice, basic actions, the live
validation list and the statistics.

Everything redraws from the TeamDocument's ``changed`` signal, and every control edits
through the document, so undo covers all of it. The validation list comes from the one
validator (teams.validator); clicking a violation selects the card it is about.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStyle,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from teambuilder.catalogue.model import Card
from teambuilder.teams.formats import Format
from teambuilder.teams.stats import team_stats
from teambuilder.teams.validator import ERROR, Violation, validate
from teambuilder.ui.collection_check import SHORTFALL_ROLE, CollectionCheck
from teambuilder.ui.collection_store import CollectionStore
from teambuilder.ui.team_document import TeamDocument
from teambuilder.ui.team_model import CODE_ROLE, COL_DICE, COL_NAME, DiceDelegate, TeamTableModel
from teambuilder.ui.team_stats_view import TeamStatsView

VIOLATION_ROLE = Qt.ItemDataRole.UserRole + 20
# The team table always has room for a full Standard team without scrolling.
VISIBLE_TEAM_ROWS = 8
MIN_TABS_HEIGHT = 140    # the checks and charts below the team: a few lines, then they scroll


class TeamEditor(QWidget):
    """Edits ``document``; ``card_chosen`` asks the window to show a card's details."""

    card_chosen = Signal(object)

    def __init__(self, document: TeamDocument, formats: dict[str, Format], basic_actions: list[Card],
                 affiliation_names: dict[str, str], collection: CollectionStore,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document, self.formats, self.basic_action_cards = document, formats, basic_actions
        self.violations: list[Violation] = []
        self._errors_shown = 0

        self.name_edit = QLineEdit(objectName="teamName")
        self.name_edit.setPlaceholderText("Team name")
        self.name_edit.setAccessibleName("Team name")
        self.name_edit.editingFinished.connect(lambda: document.rename(self.name_edit.text()))
        self.format_box = QComboBox(objectName="teamFormat")
        self.format_box.setAccessibleName("Team format")
        self._fill_formats()
        self.format_box.activated.connect(
            lambda index: document.set_format(str(self.format_box.itemData(index))))

        self.model = TeamTableModel(document, self)
        self.view = QTableView(objectName="teamView")
        self.view.setAccessibleName("Team cards and dice")
        self.view.setModel(self.model)
        self.view.setItemDelegateForColumn(COL_DICE, DiceDelegate(document, self.view))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.SelectedClicked)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.view.setAcceptDrops(True)
        self.view.setDropIndicatorShown(True)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        rows = self.view.verticalHeader().defaultSectionSize()
        self.view.setMinimumHeight(header.sizeHint().height() + VISIBLE_TEAM_ROWS * rows + 2 * self.view.frameWidth())
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.view.selectionModel().currentRowChanged.connect(self._row_changed)

        self.remove_button = QPushButton("Remove", objectName="teamRemove")
        self.remove_button.setToolTip("Remove the selected card (Delete)")
        self.remove_button.clicked.connect(self.remove_selected)
        self.less_button = QPushButton("\u2212", objectName="teamLessDice")
        self.less_button.setToolTip("One die fewer (-)")
        self.less_button.setAccessibleName("One die fewer")
        self.less_button.clicked.connect(lambda: self.change_dice(-1))
        self.more_button = QPushButton("+", objectName="teamMoreDice")
        self.more_button.setToolTip("One die more (+)")
        self.more_button.clicked.connect(lambda: self.change_dice(1))
        self.count_label = QLabel(objectName="teamCount")
        buttons = QHBoxLayout()
        for widget in (self.less_button, self.more_button, self.remove_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        buttons.addWidget(self.count_label)

        self.basic_boxes: list[QComboBox] = []
        self.basic_form = QFormLayout()

        self.validation_label = QLabel(objectName="teamValidationSummary")
        self.validation = QListWidget(objectName="teamValidation")
        self.validation.setAccessibleName("Rules check")
        self.validation.setWordWrap(True)
        self.validation.itemClicked.connect(self._violation_clicked)
        self.validation.itemActivated.connect(self._violation_clicked)
        self.stats_view = TeamStatsView(affiliation_names)
        self.collection_check = CollectionCheck(collection)
        self.collection_check.itemClicked.connect(self._shortfall_clicked)
        self.collection_check.itemActivated.connect(self._shortfall_clicked)
        self.playtest_button = QPushButton("Playtest\u2026", objectName="playtestButton")

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Format", self.format_box)
        top_layout.addLayout(form)
        top_layout.addWidget(self.view, 1)
        top_layout.addLayout(buttons)
        top_layout.addLayout(self.basic_form)
        top_layout.addWidget(self.validation_label)
        top_layout.addWidget(self.collection_check.summary)
        # The checks and the charts share the lower half: the summary line above says
        # legal or not at a glance, and a new error brings the Checks tab forward.
        self.tabs = QTabWidget(objectName="teamTabs")
        self.tabs.setAccessibleName("Rules check and statistics")
        self.tabs.addTab(self.validation, "Checks")
        # The charts scroll inside their tab: their size must never push the team (above)
        # out of view on a small screen.
        self.stats_scroll = QScrollArea(objectName="teamStatsScroll")
        self.stats_scroll.setWidgetResizable(True)
        self.stats_scroll.setWidget(self.stats_view)
        self.stats_scroll.setAccessibleName("Team statistics")
        self.tabs.addTab(self.stats_scroll, "Statistics")
        self.tabs.addTab(self.collection_check, "Collection")
        self.tabs.setMinimumHeight(MIN_TABS_HEIGHT)
        self.splitter = QSplitter(Qt.Orientation.Vertical, objectName="teamSplitter")
        for part in (top, self.tabs):
            self.splitter.addWidget(part)
        self.splitter.setSizes([480, 300])
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.playtest_button)

        document.changed.connect(self.refresh)
        collection.changed.connect(self._show_collection)
        self.refresh()

    def _fill_formats(self) -> None:
        self.format_box.clear()
        for key, fmt in self.formats.items():
            self.format_box.addItem(fmt.name, key)

    def reload_formats(self) -> None:
        """The formats changed (a list was imported): offer them all, and check again."""
        self.format_box.blockSignals(True)
        self._fill_formats()
        self.format_box.blockSignals(False)
        self.refresh()

    # -- actions -------------------------------------------------------------------------
    def selected_row(self) -> int | None:
        index = self.view.currentIndex()
        return index.row() if index.isValid() else None

    def select_code(self, code: str) -> bool:
        row = self.document.row_of(code)
        if row is None:
            return False
        self.view.selectionModel().setCurrentIndex(
            self.model.index(row, COL_NAME),
            QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        return True

    def remove_selected(self) -> None:
        row = self.selected_row()
        if row is not None:
            self.document.remove_card(row)

    def change_dice(self, step: int) -> None:
        row = self.selected_row()
        if row is not None:
            self.document.set_dice(row, self.document.team.cards[row].dice + step)

    # -- redraw ----------------------------------------------------------------------------
    def refresh(self) -> None:
        team = self.document.team
        selected = self.selected_row()
        selected_code = self.model.index(selected, 0).data(CODE_ROLE) if selected is not None else None
        if self.name_edit.text() != team.name:
            self.name_edit.setText(team.name)
        fmt = self.formats.get(team.format)
        index = self.format_box.findData(team.format)
        self.format_box.setCurrentIndex(index)
        self._rebuild_basic_slots(fmt)
        limit = f"/{fmt.max_dice}" if fmt is not None and fmt.max_dice is not None else ""
        cards_limit = f"/{fmt.max_cards}" if fmt is not None else ""
        self.count_label.setText(f"{len(team.cards)}{cards_limit} cards, {team.total_dice}{limit} dice")
        self._show_violations(fmt)
        self._show_collection()
        self.stats_view.set_stats(team_stats(team, self.document.lookup) if team.cards else None)
        if selected_code is not None and not self.select_code(selected_code) and team.cards:
            self.view.selectRow(min(selected or 0, len(team.cards) - 1))

    def _rebuild_basic_slots(self, fmt: Format | None) -> None:
        wanted = max(1, fmt.max_basic_actions if fmt is not None else 2, len(self.document.team.basic_actions))
        while len(self.basic_boxes) < wanted:
            slot = len(self.basic_boxes)
            box = QComboBox(objectName=f"basicAction{slot + 1}")
            box.setAccessibleName(f"Basic action {slot + 1}")
            box.addItem("(none)", None)
            for card in self.basic_action_cards:
                box.addItem(f"{card.full_name} ({card.code})", card.code)
            # Searchable: type any part of a name or code and pick from what matches.
            box.setEditable(True)
            box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            completer = QCompleter(box.model(), box)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
            box.setCompleter(completer)
            box.lineEdit().setPlaceholderText("Type to search basic actions")
            box.lineEdit().setAccessibleName(f"Basic action {slot + 1}: type to search")
            box.activated.connect(lambda index, s=slot, b=box: self.document.set_basic_action(s, b.itemData(index)))
            self.basic_boxes.append(box)
            self.basic_form.addRow(f"Basic action {slot + 1}", box)
        while len(self.basic_boxes) > wanted:
            self.basic_form.removeRow(len(self.basic_boxes) - 1)
            self.basic_boxes.pop()
        actions = self.document.team.basic_actions
        for slot, box in enumerate(self.basic_boxes):
            code = actions[slot] if slot < len(actions) else None
            card = self.document.lookup.resolve(code) if code else None
            index = box.findData(card.code if card else code)
            if index < 0 and code:     # a reference the catalogue does not know: keep it visible
                box.addItem(f"{code} (unknown)", code)
                index = box.count() - 1
            box.setCurrentIndex(max(index, 0))

    def _show_violations(self, fmt: Format | None) -> None:
        self.validation.clear()
        if fmt is None:
            self.violations = []
            self.validation_label.setText(f"Unknown format {self.document.team.format!r}: choose one above.")
            return
        self.violations = validate(self.document.team, fmt, self.document.lookup)
        errors = sum(1 for v in self.violations if v.severity == ERROR)
        warnings = len(self.violations) - errors
        if errors > self._errors_shown:
            self.tabs.setCurrentWidget(self.validation)
        elif not self.violations and self.tabs.currentWidget() is self.validation:
            self.tabs.setCurrentWidget(self.stats_scroll)     # nothing to check: show the charts
        self._errors_shown = errors
        self.tabs.setTabText(0, f"Checks ({len(self.violations)})" if self.violations else "Checks")
        if not self.violations:
            self.validation_label.setText(f"\u2714 Legal for {fmt.name}.")
        else:
            verdict = "Not legal" if errors else "Legal"
            self.validation_label.setText(f"{verdict} for {fmt.name}: {errors} error(s), {warnings} warning(s).")
        style = self.style()
        for violation in self.violations:
            icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical if violation.severity == ERROR
                                      else QStyle.StandardPixmap.SP_MessageBoxWarning)
            item = QListWidgetItem(icon, f"{violation.message} Fix: {violation.fix}")
            item.setData(VIOLATION_ROLE, violation)
            item.setToolTip(f"[{violation.rule}] {violation.message}\nFix: {violation.fix}")
            self.validation.addItem(item)

    def _show_collection(self) -> None:
        check = self.collection_check
        check.show_for(self.document.team, self.document.lookup)
        index = self.tabs.indexOf(check)
        self.tabs.setTabText(index, f"Collection ({len(check.shortfalls)})" if check.shortfalls else "Collection")

    def _shortfall_clicked(self, item: QListWidgetItem) -> None:
        card: Card = item.data(SHORTFALL_ROLE)
        self.select_code(card.code)
        self.card_chosen.emit(card)

    def _violation_clicked(self, item: QListWidgetItem) -> None:
        violation: Violation = item.data(VIOLATION_ROLE)
        for ref in violation.cards:
            card = self.document.lookup.resolve(ref)
            if card is not None:
                self.select_code(card.code)
                self.card_chosen.emit(card)
                return

    def _row_changed(self, current: object, _previous: object) -> None:
        row = self.selected_row()
        card = self.document.card(row) if row is not None else None
        if card is not None:
            self.card_chosen.emit(card)
