"""The print preview of the team sheet opens, draws the sheet and closes without crashing.

The preview used to be built around a QPrinter that was freed as soon as the function that
made it returned; the dialog then painted through freed memory and the app died with a
segfault. These tests show the dialog for real (paintRequested fires and the preview
widget lays out pages), drop every Python reference but the dialog's own, and close it.
"""

from __future__ import annotations

import gc
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog, QPrintPreviewWidget
from pytestqt.qtbot import QtBot

from teambuilder.ui import team_io
from teambuilder.ui.main_window import MainWindow
from tests.conftest import REPO
from tests.ui.sheet_answers import answer_sheet_details

X_MEN = REPO / "data" / "teams" / "standard-x-men.yaml"


def _shown_pages(qtbot: QtBot, dialog: QPrintPreviewDialog) -> int:
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    qtbot.waitUntil(lambda: preview.pageCount() > 0, timeout=5000)
    return preview.pageCount()


def test_preview_dialog_renders_the_sheet_and_closes(qtbot: QtBot, window: MainWindow) -> None:
    window.open_path(X_MEN)
    fmt = window.context.formats["standard"]
    team = window.document.team
    dialog = team_io.print_preview_dialog(team, fmt, window.context.lookup, window)
    qtbot.addWidget(dialog)
    gc.collect()   # nothing but the dialog holds the printer now
    with qtbot.waitSignal(dialog.paintRequested, timeout=5000):
        dialog.open()
    assert _shown_pages(qtbot, dialog) == 1
    assert dialog.windowTitle() == f"Print preview: {window.document.team.name}"
    dialog.close()
    assert not dialog.isVisible()


def test_print_action_opens_a_preview_that_draws_and_closes(qtbot: QtBot,
                                                            window: MainWindow) -> None:
    window.open_path(X_MEN)
    answer_sheet_details(qtbot)
    window.findChild(QAction, "actionPrint").trigger()
    dialog = window.findChild(QPrintPreviewDialog, "printPreview")
    assert dialog is not None and dialog.isVisible()
    gc.collect()
    assert _shown_pages(qtbot, dialog) == 1
    dialog.close()
    # The preview deletes itself (and its printer) on close; the window goes on working.
    qtbot.waitUntil(lambda: window.findChild(QPrintPreviewDialog, "printPreview") is None,
                    timeout=5000)
    answer_sheet_details(qtbot)
    window.findChild(QAction, "actionPrint").trigger()
    again = window.findChild(QPrintPreviewDialog, "printPreview")
    assert again is not None and _shown_pages(qtbot, again) == 1
    again.close()


def test_preview_of_a_team_prints_what_it_shows(qtbot: QtBot, window: MainWindow,
                                                tmp_path: Path) -> None:
    from PySide6.QtPrintSupport import QPrinter

    window.open_path(X_MEN)
    answer_sheet_details(qtbot)
    dialog = window.print_preview()
    assert dialog is not None
    assert _shown_pages(qtbot, dialog) == 1
    # The dialog's own printer, used the way its Print button uses it, writes the sheet.
    printed = tmp_path / "printed.pdf"
    printer = dialog.printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(printed))
    dialog.paintRequested.emit(printer)
    assert printed.read_bytes().startswith(b"%PDF")
    dialog.close()
