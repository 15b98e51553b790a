"""Answering the team sheet's player-and-event dialog the way a user does, from a test."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from teambuilder.ui.sheet_details import SheetDetailsDialog


def answer_sheet_details(qtbot: QtBot, player: str | None = None, event: str | None = None,
                         accept: bool = True) -> list[tuple[str, str]]:
    """When the dialog opens: note its prefilled (player, event), type the new ones (None
    keeps the field), then press the OK button (or Escape). The notes land in the list."""
    seen: list[tuple[str, str]] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, SheetDetailsDialog):
            QTimer.singleShot(20, answer)
            return
        player_edit = dialog.findChild(QLineEdit, "sheetPlayer")
        event_edit = dialog.findChild(QLineEdit, "sheetEvent")
        seen.append((player_edit.text(), event_edit.text()))
        for edit, text in ((player_edit, player), (event_edit, event)):
            if text is not None:
                edit.clear()
                qtbot.keyClicks(edit, text)
        if accept:
            qtbot.mouseClick(dialog.findChild(QPushButton, "sheetDetailsOk"), Qt.MouseButton.LeftButton)
        else:
            qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    QTimer.singleShot(0, answer)
    return seen
