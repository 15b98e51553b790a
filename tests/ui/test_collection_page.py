"""The Collection page: completion per set as bars, the wants list, following edits."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QTableWidget
from pytestqt.qtbot import QtBot

from teambuilder.ui.collection_page import CollectionPage


def open_page(window) -> CollectionPage:  # type: ignore[no-untyped-def]
    window.actions_by_name["collection_page"].trigger()
    pages = [w for w in QApplication.topLevelWidgets() if isinstance(w, CollectionPage) and w.isVisible()]
    assert len(pages) == 1
    return pages[0]


def test_completion_per_set_and_wants_follow_the_collection(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    assert window.actions_by_name["collection_page"].shortcut().toString() == "Ctrl+Shift+O"
    sww_total = len(window.context.catalogue.search("set:sww"))
    store = window.context.collection
    store.set("5sww", cards=2, dice=3)
    store.set("9sww", cards=1)
    store.set("1xmf", want=2)
    page = open_page(window)
    qtbot.addWidget(page)

    assert page.chart.rows[0].code == "sww"               # a set you collect comes first
    rows = {row.code: row for row in page.chart.rows}
    assert len(rows) == len(window.context.catalogue.sets())
    assert (rows["sww"].owned, rows["sww"].total) == (2, sww_total)
    assert rows["sww"].label() == f"2/{sww_total} ({2 / sww_total:.0%})"
    assert rows["xmf"].owned == 0                          # wanted is not owned
    wants = page.wants
    assert page.findChild(QTableWidget, "collectionWants") is wants
    first_row = [item.text() if (item := wants.item(0, c)) else "" for c in range(4)]
    assert first_row == ["1xmf", window.context.catalogue.get("1xmf").full_name, "2", "0"]
    assert page.tabs.tabText(1) == "Wants (1)"
    assert page.findChild(QLabel, "collectionSummary") is page.summary
    assert page.summary.text().startswith("You own 2 of ")
    assert not page.chart.grab().isNull()

    # An edit in the main window shows at once.
    store.set("1xmf", cards=1, want=0)
    assert {row.code: row.owned for row in page.chart.rows}["xmf"] == 1
    assert wants.rowCount() == 0 and page.tabs.tabText(1) == "Wants (0)"
    page.close()
