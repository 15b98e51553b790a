"""The team library dialog: every team the app has saved, newest first; open, rename,
move to the trash and restore. Nothing is ever lost: deleting moves a team to the trash,
and only "Delete for good" in the trash removes it (after a question).

Each team's line says whether it is legal in its own format; the tooltip of an illegal
one gives the first reason (the team editor's Checks tab lists them all).

A team the library finds damaged (see ``TeamLibrary.entries``) is listed as damaged, with
its id and the reason below the list; it cannot be opened or renamed, but its stored bytes
can be exported to a file ("Export raw…") and it can be moved to the trash and deleted. A
library error during any action is shown as a message, never raised out of the dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from teambuilder.safe_io import write_bytes_atomic
from teambuilder.teams.library import LibraryEntry, LibraryError, TeamLibrary
from teambuilder.teams.model import Team
from teambuilder.teams.validator import Verdict

Judge = Callable[[Team], Verdict]

ID_ROLE = Qt.ItemDataRole.UserRole + 30
DAMAGED_COLOUR = QColor("#c62828")
HEADERS = ["Team", "Format", "Legal", "Cards", "Dice", "Last changed"]
COL_LEGAL = HEADERS.index("Legal")


class LibraryDialog(QDialog):
    """After ``exec()`` returns Accepted, ``chosen`` is the id of the team to open.
    ``judge`` says whether a team is legal (the Legal column is blank without one)."""

    def __init__(self, library: TeamLibrary, parent: QWidget | None = None, judge: Judge | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("libraryDialog")
        self.setWindowTitle("Team library")
        self.resize(700, 420)
        self.library = library
        self.judge = judge
        # Verdicts by (id, last change): a refresh after a rename or a move to the trash
        # does not load and check every team again.
        self._verdicts: dict[tuple[int, object], tuple[str, str]] = {}
        self.chosen: int | None = None
        self.problem: str | None = None      # why the list could not be read, if it could not
        self.table = QTreeWidget(objectName="libraryTeams")
        self.table.setRootIsDecorated(False)
        self.table.setHeaderLabels(HEADERS)
        self.table.setAccessibleName("Teams in the library")
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.itemActivated.connect(lambda _item, _column: self.open_selected())
        self.table.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.show_trash = QCheckBox("Show the trash", objectName="libraryShowTrash")
        self.show_trash.toggled.connect(lambda _on: self.refresh())
        self.open_button = QPushButton("Open", objectName="libraryOpen")
        self.rename_button = QPushButton("Rename\u2026", objectName="libraryRename")
        self.delete_button = QPushButton("Move to trash", objectName="libraryDelete")
        self.restore_button = QPushButton("Restore", objectName="libraryRestore")
        self.purge_button = QPushButton("Delete for good\u2026", objectName="libraryPurge")
        self.export_raw_button = QPushButton("Export raw\u2026", objectName="libraryExportRaw")
        self.export_raw_button.setToolTip("Save a damaged team's stored data, byte for byte, "
                                          "to a file")
        self.damage_note = QLabel(objectName="libraryDamage")
        self.damage_note.setWordWrap(True)
        self.damage_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.entries: dict[int, LibraryEntry] = {}
        self.export_raw_button.clicked.connect(lambda _checked=False: self.export_raw_selected())
        self.open_button.clicked.connect(self.open_selected)
        self.rename_button.clicked.connect(self.rename_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        self.restore_button.clicked.connect(self.restore_selected)
        self.purge_button.clicked.connect(self.purge_selected)
        buttons = QHBoxLayout()
        for button in (self.open_button, self.rename_button, self.delete_button,
                       self.restore_button, self.purge_button, self.export_raw_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.show_trash)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.damage_note)
        layout.addLayout(buttons)
        layout.addWidget(close)
        self.refresh()

    def refresh(self) -> None:
        self.table.clear()
        try:
            listed = self.library.entries(include_deleted=self.show_trash.isChecked())
        except LibraryError as error:
            listed, self.problem = [], str(error)
        else:
            self.problem = None
        self.entries = {entry.id: entry for entry in listed}
        for entry in listed:
            self.table.addTopLevelItem(self._item(entry))
        for column in range(len(HEADERS) - 1):
            self.table.resizeColumnToContents(column)
        if self.table.topLevelItemCount():
            self.table.setCurrentItem(self.table.topLevelItem(0))
        self._update_buttons()

    def _item(self, entry: LibraryEntry) -> QTreeWidgetItem:
        name = entry.name or "(no name)"
        if entry.damaged is not None:
            name = f"{name} \u2014 damaged (team {entry.id})"
        if entry.deleted:
            name = f"{name} (in the trash)"
        modified = entry.modified.strftime("%Y-%m-%d %H:%M") if entry.modified else "?"
        legal, why = self._legality(entry)
        item = QTreeWidgetItem([name, entry.format, legal, str(entry.cards), str(entry.dice), modified])
        item.setData(0, ID_ROLE, entry.id)
        item.setData(1, ID_ROLE, entry.deleted)
        item.setToolTip(COL_LEGAL, why)
        if entry.damaged is not None:
            item.setToolTip(0, f"Team {entry.id} is damaged: {entry.damaged}")
            for column in range(len(HEADERS)):
                item.setForeground(column, QBrush(DAMAGED_COLOUR))
        elif legal.endswith("Illegal"):
            item.setForeground(COL_LEGAL, QBrush(DAMAGED_COLOUR))
        return item

    def _legality(self, entry: LibraryEntry) -> tuple[str, str]:
        """The Legal column's text and tooltip for ``entry``."""
        if self.judge is None or entry.damaged is not None:
            return "", ""
        key = (entry.id, entry.modified)
        if key not in self._verdicts:
            self._verdicts[key] = self._judge(entry)
        return self._verdicts[key]

    def _judge(self, entry: LibraryEntry) -> tuple[str, str]:
        assert self.judge is not None
        try:
            verdict = self.judge(self.library.load(entry.id))
        except LibraryError as error:
            return "?", str(error)
        if verdict.legal:
            return "\u2714 Legal", f"Legal in {verdict.format_name}"
        return "\u2718 Illegal", f"Not legal in {verdict.format_name}: {verdict.reason}"

    def selected(self) -> tuple[int, bool] | None:
        item = self.table.currentItem()
        return (int(item.data(0, ID_ROLE)), bool(item.data(1, ID_ROLE))) if item else None

    def selected_entry(self) -> LibraryEntry | None:
        chosen = self.selected()
        return self.entries.get(chosen[0]) if chosen is not None else None

    def _update_buttons(self) -> None:
        entry = self.selected_entry()
        deleted = entry is not None and entry.deleted
        usable = entry is not None and not deleted and entry.damaged is None
        self.open_button.setEnabled(usable)
        self.rename_button.setEnabled(usable)
        self.delete_button.setEnabled(entry is not None and not deleted)
        self.restore_button.setEnabled(deleted)
        self.purge_button.setEnabled(deleted)
        self.export_raw_button.setEnabled(entry is not None and entry.damaged is not None)
        if self.problem is not None:
            note = self.problem
        elif entry is not None and entry.damaged is not None:
            note = (f"Team {entry.id} is damaged and cannot be opened: {entry.damaged}. "
                    "Export raw keeps its stored data in a file; then you can move it to the "
                    "trash and delete it.")
        else:
            note = ""
        self.damage_note.setText(note)
        self.damage_note.setVisible(bool(note))

    def _change(self, title: str, action: Callable[[], object]) -> None:
        """Run a library change, show a failure, and read the list again either way."""
        try:
            action()
        except LibraryError as error:
            QMessageBox.warning(self, title, str(error))
        self.refresh()

    def open_selected(self) -> None:
        entry = self.selected_entry()
        if entry is None or entry.deleted or entry.damaged is not None:
            return
        # Checked here so a team damaged since the list was read is explained, not opened.
        try:
            self.library.load(entry.id)
        except LibraryError as error:
            QMessageBox.warning(self, "Cannot open the team", str(error))
            self.refresh()
            return
        self.chosen = entry.id
        self.accept()

    def rename_selected(self) -> None:
        chosen = self.selected()
        item = self.table.currentItem()
        if chosen is None or item is None:
            return
        name, ok = QInputDialog.getText(self, "Rename team", "Name:", text=item.text(0))
        if ok and name.strip():
            self._change("Cannot rename the team", lambda: self.library.rename(chosen[0], name.strip()))

    def delete_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None:
            self._change("Cannot move the team to the trash", lambda: self.library.delete(chosen[0]))

    def restore_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None:
            self._change("Cannot restore the team", lambda: self.library.restore(chosen[0]))

    def purge_selected(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        answer = QMessageBox.question(self, "Delete for good",
                                      "Delete this team for good? This cannot be undone.")
        if answer == QMessageBox.StandardButton.Yes:
            self._change("Cannot delete the team", lambda: self.library.purge(chosen[0]))

    def export_raw_selected(self) -> Path | None:
        """Ask for a file and write the selected team's stored bytes to it (atomically)."""
        entry = self.selected_entry()
        if entry is None:
            return None
        path, _ = QFileDialog.getSaveFileName(self, f"Export team {entry.id} as stored",
                                              f"team-{entry.id}-as-stored.yaml",
                                              "Team data (*.yaml *.txt);;All files (*)")
        if not path:
            return None
        try:
            write_bytes_atomic(Path(path), self.library.export_raw(entry.id))
        except (LibraryError, OSError) as error:
            QMessageBox.warning(self, "Cannot export the team", str(error))
            return None
        return Path(path)
