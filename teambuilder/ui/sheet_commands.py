"""The main window's team sheet commands: Print preview and Export PDF.

Both first ask for the player and the event (ui.sheet_details), then hand the sheet to
ui.team_io. Kept apart from the main window so it stays one screenful of wiring.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from teambuilder.teams.formats import Format
from teambuilder.ui import team_io
from teambuilder.ui.context import AppContext
from teambuilder.ui.sheet_details import ask_sheet_details
from teambuilder.ui.team_document import TeamDocument


class SheetHost(Protocol):
    """What the commands use of the main window (a QWidget: the dialogs' parent)."""

    context: AppContext
    document: TeamDocument

    def status(self, message: str) -> None: ...


def _format(host: SheetHost, parent: QWidget) -> Format | None:
    fmt = host.context.formats.get(host.document.team.format)
    if fmt is None:
        QMessageBox.warning(parent, "Unknown format", f"Choose a format for the team first "
                            f"({host.document.team.format!r} is not one).")
    return fmt


def print_preview(host: SheetHost, parent: QWidget) -> team_io.TeamSheetPreview | None:
    """Ask for the sheet's player and event, then open the print preview of the team sheet
    (window-modal; it deletes itself, with its printer, when closed). None when cancelled."""
    fmt = _format(host, parent)
    if fmt is None:
        return None
    info = ask_sheet_details(host.context.settings, host.document.team.name, "Print preview", parent)
    if info is None:
        return None
    dialog = team_io.print_preview_dialog(host.document.team, fmt, host.context.lookup, parent, info)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def export_pdf(host: SheetHost, parent: QWidget) -> Path | None:
    """Ask for the player and event, then a file, and write the sheet there; the path
    written, or None (cancelled, or a failure the user was shown)."""
    fmt = _format(host, parent)
    if fmt is None:
        return None
    info = ask_sheet_details(host.context.settings, host.document.team.name, "Export PDF", parent)
    if info is None:
        return None
    path, _ = QFileDialog.getSaveFileName(parent, "Export team sheet", f"{host.document.team.name}.pdf",
                                          "PDF (*.pdf)")
    if not path:
        return None
    try:
        team_io.export_pdf(host.document.team, fmt, host.context.lookup, Path(path), info)
    except team_io.TeamIOError as error:
        QMessageBox.warning(parent, "Could not export", str(error))
        return None
    host.status(f"Wrote the team sheet to {path}.")
    return Path(path)
