"""The small dialog before a team sheet is printed or exported: who plays, at which event.

A tournament sheet needs the player's name and the event; retyping them for every print
is a chore, so the fields come prefilled with what the last sheet used (or, before any
sheet was made, the defaults from the Settings dialog), and what the user confirms is
remembered for next time. Cancelling changes nothing.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from teambuilder.printing.team_sheet import SheetInfo
from teambuilder.ui.settings import MAX_TEXT, Settings


class SheetDetailsDialog(QDialog):
    """Player and event for the sheet of ``team_name``; ``purpose`` names the button
    ("Print preview", "Export PDF") so the user knows what OK will do."""

    def __init__(self, settings: Settings, team_name: str, purpose: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheetDetails")
        self.setWindowTitle(f"Team sheet: {team_name}")
        player, event = settings.sheet_details
        self.player_edit = self._line("sheetPlayer", "Player name on the team sheet", player)
        self.event_edit = self._line("sheetEvent", "Event name on the team sheet", event)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(purpose)
        ok.setObjectName("sheetDetailsOk")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(QLabel("The sheet shows who registers the team, and where."))
        form.addRow("&Player", self.player_edit)
        form.addRow("&Event", self.event_edit)
        form.addRow(buttons)
        self.player_edit.setFocus()

    @staticmethod
    def _line(name: str, accessible: str, text: str) -> QLineEdit:
        edit = QLineEdit(text)
        edit.setObjectName(name)
        edit.setMaxLength(MAX_TEXT)
        edit.setAccessibleName(accessible)
        edit.selectAll()
        return edit

    def info(self) -> SheetInfo:
        return SheetInfo(player=self.player_edit.text().strip(), event=self.event_edit.text().strip())


def ask_sheet_details(settings: Settings, team_name: str, purpose: str,
                      parent: QWidget | None = None) -> SheetInfo | None:
    """Ask (modally) for the sheet's player and event; None when cancelled. What the user
    confirms becomes the next sheet's prefill."""
    dialog = SheetDetailsDialog(settings, team_name, purpose, parent)
    if not dialog.exec():
        return None
    info = dialog.info()
    settings.sheet_details = (info.player, info.event)
    settings.sync()
    return info
