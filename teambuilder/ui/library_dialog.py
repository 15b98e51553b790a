"""The team library dialog: every team the app has saved, newest first; open, rename,
move to the trash and restore. Nothing is ever lost: deleting moves a team to the trash,
and only "Delete for good" in the trash removes it (after a question)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from teambuilder.teams.library import LibraryEntry, TeamLibrary

ID_ROLE = Qt.ItemDataRole.UserRole + 30


class LibraryDialog(QDialog):
    """After ``exec()`` returns Accepted, ``chosen`` is the id of the team to open."""

    def __init__(self, library: TeamLibrary, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("libraryDialog")
        self.setWindowTitle("Team library")
        self.resize(640, 420)
        self.library = library
        self.chosen: int | None = None
        self.table = QTreeWidget(objectName="libraryTeams")
        self.table.setRootIsDecorated(False)
        self.table.setHeaderLabels(["Team", "Format", "Cards", "Dice", "Last changed"])
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
        self.open_button.clicked.connect(self.open_selected)
        self.rename_button.clicked.connect(self.rename_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        self.restore_button.clicked.connect(self.restore_selected)
        self.purge_button.clicked.connect(self.purge_selected)
        buttons = QHBoxLayout()
        for button in (self.open_button, self.rename_button, self.delete_button,
                       self.restore_button, self.purge_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.show_trash)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(close)
        self.refresh()

    def refresh(self) -> None:
        self.table.clear()
        for entry in self.library.entries(include_deleted=self.show_trash.isChecked()):
            self.table.addTopLevelItem(self._item(entry))
        for column in range(4):
            self.table.resizeColumnToContents(column)
        if self.table.topLevelItemCount():
            self.table.setCurrentItem(self.table.topLevelItem(0))
        self._update_buttons()

    def _item(self, entry: LibraryEntry) -> QTreeWidgetItem:
        name = f"{entry.name} (in the trash)" if entry.deleted else entry.name
        item = QTreeWidgetItem([name, entry.format, str(entry.cards), str(entry.dice),
                                entry.modified.strftime("%Y-%m-%d %H:%M")])
        item.setData(0, ID_ROLE, entry.id)
        item.setData(1, ID_ROLE, entry.deleted)
        return item

    def selected(self) -> tuple[int, bool] | None:
        item = self.table.currentItem()
        return (int(item.data(0, ID_ROLE)), bool(item.data(1, ID_ROLE))) if item else None

    def _update_buttons(self) -> None:
        chosen = self.selected()
        deleted = chosen is not None and chosen[1]
        self.open_button.setEnabled(chosen is not None and not deleted)
        self.rename_button.setEnabled(chosen is not None and not deleted)
        self.delete_button.setEnabled(chosen is not None and not deleted)
        self.restore_button.setEnabled(deleted)
        self.purge_button.setEnabled(deleted)

    def open_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None and not chosen[1]:
            self.chosen = chosen[0]
            self.accept()

    def rename_selected(self) -> None:
        chosen = self.selected()
        item = self.table.currentItem()
        if chosen is None or item is None:
            return
        name, ok = QInputDialog.getText(self, "Rename team", "Name:", text=item.text(0))
        if ok and name.strip():
            self.library.rename(chosen[0], name.strip())
            self.refresh()

    def delete_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None:
            self.library.delete(chosen[0])
            self.refresh()

    def restore_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None:
            self.library.restore(chosen[0])
            self.refresh()

    def purge_selected(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        answer = QMessageBox.question(self, "Delete for good",
                                      "Delete this team for good? This cannot be undone.")
        if answer == QMessageBox.StandardButton.Yes:
            self.library.purge(chosen[0])
            self.refresh()
