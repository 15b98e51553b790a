"""The catalogue side of the main window, driven like a user drives it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSplitter, QTableView, QWidget
from pytestqt.qtbot import QtBot

from teambuilder.ui.catalogue_model import CatalogueTableModel

NAMES = ("catalogueSearch", "catalogueView", "cardDetail", "teamView", "teamValidation", "teamStats",
         "playtestButton")


def test_the_window_has_every_named_part(window) -> None:  # type: ignore[no-untyped-def]
    for name in NAMES:
        assert window.findChild(QWidget, name) is not None, name
    assert isinstance(window.findChild(QWidget, "catalogueSearch"), QLineEdit)
    splitter = window.findChild(QSplitter, "mainSplitter")
    # Left to right: the catalogue, the card, the team.
    for position, name in enumerate(("catalogueView", "cardDetail", "teamView")):
        assert splitter.widget(position).findChild(QWidget, name) is not None, name


def test_typing_a_query_filters_the_table_live(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = window.findChild(QTableView, "catalogueView")
    box = window.findChild(QLineEdit, "catalogueSearch")
    assert view.model().rowCount() == catalogue.count()
    qtbot.keyClicks(box, "set:sww cheetah")
    qtbot.waitUntil(lambda: view.model().rowCount() == 3)
    names = {view.model().index(row, 2).data() for row in range(3)}
    assert names == {"Feline Fury", "Goddess of the Hunt", "Some Manner of Monster"}


def test_bad_query_shows_a_message_under_the_box_and_keeps_results(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
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


def test_filters_compose_with_the_query_and_errors_still_point_at_the_box(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    view = window.findChild(QTableView, "catalogueView")
    box = window.findChild(QLineEdit, "catalogueSearch")
    universe = window.findChild(QComboBox, "filterUniverse")
    beasts = len(window.context.catalogue.search("name=Beast"))      # every Beast is Marvel
    qtbot.keyClicks(box, "name=Beast")
    qtbot.waitUntil(lambda: view.model().rowCount() == beasts)
    universe.setCurrentIndex(universe.findText("DC"))
    qtbot.waitUntil(lambda: view.model().rowCount() == 0)
    universe.setCurrentIndex(universe.findText("Marvel"))
    qtbot.waitUntil(lambda: view.model().rowCount() == beasts)
    qtbot.keyClicks(box, " cost<=x")
    error = window.findChild(QLabel, "catalogueSearchError")
    qtbot.waitUntil(error.isVisible)
    assert error.text() == "Column 12: cost: expected a number, got 'x'"


def test_selecting_a_card_shows_it_drawn_like_a_card(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    box = window.findChild(QLineEdit, "catalogueSearch")
    view = window.findChild(QTableView, "catalogueView")
    qtbot.keyClicks(box, "code:5sww")
    qtbot.waitUntil(lambda: view.model().rowCount() == 1)
    view.selectRow(0)
    detail = window.findChild(QWidget, "cardDetail").plain_text()
    assert "Cheetah" in detail and "Goddess of the Hunt" in detail
    assert "When fielded: KO target opposing Sidekick die" in detail
    assert "Rules engine: full" in detail


def test_ctrl_f_focuses_the_search_box(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    view = window.findChild(QTableView, "catalogueView")
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(window.findChild(QLineEdit, "catalogueSearch").hasFocus)


def test_model_passes_the_qt_model_tester(qtmodeltester, catalogue) -> None:  # type: ignore[no-untyped-def]
    model = CatalogueTableModel(catalogue.affiliations)
    model.set_cards(catalogue.search("set:sww"))
    qtmodeltester.check(model)


def test_splitter_sizes_theme_and_last_team_come_back_on_start(qtbot: QtBot, make_window, catalogue) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    first.resize(1300, 800)
    splitter = first.findChild(QSplitter, "mainSplitter")
    before = splitter.sizes()
    splitter.moveSplitter(before[0] + 60, 1)     # drag the first handle 60 px to the right
    sizes = splitter.sizes()
    assert sizes != before
    first.add_card(catalogue.get("5sww"))
    first.set_theme("dark")
    first.close()
    second = make_window()
    assert second.findChild(QSplitter, "mainSplitter").sizes() == sizes
    assert second.actions_by_name["dark"].isChecked()
    assert [c.ref for c in second.document.team.cards] == ["5sww"]
    second.set_theme("light")
