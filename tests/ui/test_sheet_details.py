"""Print and Export PDF ask for the player and the event, prefilled from the Settings
defaults at first and from the last sheet after that; the sheet shows what was given."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from teambuilder.printing.team_sheet import SheetInfo
from teambuilder.ui import team_io
from tests.conftest import REPO
from tests.ui.sheet_answers import answer_sheet_details

X_MEN = REPO / "data" / "teams" / "standard-x-men.yaml"


def set_defaults(window, player: str, event: str) -> None:  # type: ignore[no-untyped-def]
    dialog = window.settings_dialog()
    dialog.player.setText(player)
    dialog.event.setText(event)
    dialog.accept()


def test_print_asks_prefilled_from_settings_then_from_the_last_sheet(qtbot: QtBot, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    set_defaults(window, "Ada Lovelace", "Regionals")
    window.open_path(X_MEN)
    seen = answer_sheet_details(qtbot, player="Grace Hopper", event="Worlds 2026")
    window.findChild(QAction, "actionPrint").trigger()
    assert seen == [("Ada Lovelace", "Regionals")]
    preview = window.findChild(QPrintPreviewDialog, "printPreview")
    assert preview is not None and preview.isVisible()
    sheet = preview.document.toPlainText()
    assert "Grace Hopper" in sheet and "Worlds 2026" in sheet and "Ada Lovelace" not in sheet
    preview.close()
    # The next sheet, even in a new session, starts from what the last one used.
    again = make_window()
    again.open_path(X_MEN)
    seen = answer_sheet_details(qtbot, accept=False)
    assert again.print_preview() is None                    # cancelled: no preview
    assert seen == [("Grace Hopper", "Worlds 2026")]
    assert again.findChild(QPrintPreviewDialog, "printPreview") is None


def test_export_pdf_asks_and_the_sheet_carries_the_answers(qtbot: QtBot, window, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    set_defaults(window, "Ada Lovelace", "Regionals")
    window.open_path(X_MEN)
    target = tmp_path / "sheet.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), "PDF (*.pdf)"))
    written: list[SheetInfo] = []
    real_write = team_io.write_sheet_pdf

    def spy(team, fmt, lookup, info, path, *rest):  # type: ignore[no-untyped-def]
        written.append(info)
        return real_write(team, fmt, lookup, info, path, *rest)

    monkeypatch.setattr(team_io, "write_sheet_pdf", spy)
    seen = answer_sheet_details(qtbot, event="Store championship")
    window.findChild(QAction, "actionPdf").trigger()
    assert seen == [("Ada Lovelace", "Regionals")]
    assert [(i.player, i.event) for i in written] == [("Ada Lovelace", "Store championship")]
    assert target.read_bytes().startswith(b"%PDF")
    # Cancelling the question writes nothing and forgets nothing.
    target.unlink()
    seen = answer_sheet_details(qtbot, player="Someone else", accept=False)
    window.findChild(QAction, "actionPdf").trigger()
    assert seen == [("Ada Lovelace", "Store championship")] and not target.exists()
    assert window.context.settings.sheet_details == ("Ada Lovelace", "Store championship")


def test_a_new_default_in_settings_replaces_the_last_sheets_names(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    window.open_path(X_MEN)
    answer_sheet_details(qtbot, player="Grace Hopper", event="Worlds")
    preview = window.print_preview()
    assert preview is not None
    preview.close()
    set_defaults(window, "Katherine Johnson", "Worlds")       # the player changed, the event not
    assert window.context.settings.sheet_details == ("Katherine Johnson", "Worlds")
