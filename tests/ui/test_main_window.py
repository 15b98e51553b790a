"""The catalogue window, driven like a user drives it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QTableView, QTextBrowser
from pytestqt.qtbot import QtBot

from teambuilder.ui import create_main_window
from teambuilder.ui.catalogue_model import CatalogueTableModel


def window_for(qtbot: QtBot, catalogue):  # type: ignore[no-untyped-def]
    window = create_main_window(catalogue)
    qtbot.addWidget(window)
    window.show()
    return window


def test_typing_a_query_filters_the_table_live(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = window_for(qtbot, catalogue)
    view = window.findChild(QTableView, "catalogueView")
    box = window.findChild(QLineEdit, "catalogueSearch")
    assert view.model().rowCount() == catalogue.count()
    qtbot.keyClicks(box, "set:sww cheetah")
    qtbot.waitUntil(lambda: view.model().rowCount() == 3)
    names = {view.model().index(row, 2).data() for row in range(3)}
    assert names == {"Feline Fury", "Goddess of the Hunt", "Some Manner of Monster"}


def test_bad_query_shows_a_message_under_the_box_and_keeps_results(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = window_for(qtbot, catalogue)
    view = window.findChild(QTableView, "catalogueView")
    error = window.findChild(QLabel, "catalogueSearchError")
    box = window.findChild(QLineEdit, "catalogueSearch")
    qtbot.keyClicks(box, "set:wwe")
    qtbot.waitUntil(lambda: view.model().rowCount() == 58)
    qtbot.keyClicks(box, " cost<=x")
    qtbot.waitUntil(error.isVisible)
    assert error.text() == "Column 9: cost: expected a number, got 'x'"
    assert view.model().rowCount() == 58
    box.clear()
    qtbot.waitUntil(lambda: not error.isVisible())


def test_selecting_a_card_shows_its_details(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = window_for(qtbot, catalogue)
    box = window.findChild(QLineEdit, "catalogueSearch")
    view = window.findChild(QTableView, "catalogueView")
    box.setText("code:5sww")
    window.run_search()
    view.selectRow(0)
    detail = window.findChild(QTextBrowser, "cardDetail").toPlainText()
    assert "Cheetah" in detail and "Goddess of the Hunt" in detail and "When fielded: KO target opposing Sidekick die" in detail
    assert "Rules engine: full" in detail


def test_ctrl_f_focuses_the_search_box(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = window_for(qtbot, catalogue)
    view = window.findChild(QTableView, "catalogueView")
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(window.findChild(QLineEdit, "catalogueSearch").hasFocus)


def test_model_passes_the_qt_model_tester(qtmodeltester, catalogue) -> None:  # type: ignore[no-untyped-def]
    model = CatalogueTableModel(catalogue.affiliations)
    model.set_cards(catalogue.search("set:sww"))
    qtmodeltester.check(model)
