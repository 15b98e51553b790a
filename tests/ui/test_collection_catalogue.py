"""The catalogue and the collection: an Owned column, a "My collection" filter (and owned>0
typed in the box), both following every change; and the mark on cards banned in the
team's format."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel
from pytestqt.qtbot import QtBot

from teambuilder.ui.catalogue_model import CARD_ROLE, COL_NAME, COL_OWNED


def rows(window) -> dict[str, int]:  # type: ignore[no-untyped-def]
    proxy = window.catalogue_panel.proxy
    return {proxy.index(r, 0).data(CARD_ROLE).code: r for r in range(proxy.rowCount())}


def cell(window, code: str, column: int, role: int = Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
    proxy = window.catalogue_panel.proxy
    return proxy.index(rows(window)[code], column).data(role)


def test_owned_counts_show_and_my_collection_limits_the_table(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.catalogue_panel
    panel.search_box.setText("set:sww cheetah")
    panel.run_search()
    cheetahs = sorted(rows(window))
    assert len(cheetahs) >= 2 and "5sww" in cheetahs
    assert all(cell(window, code, COL_OWNED) == "" for code in cheetahs)
    header = panel.view.horizontalHeader()
    assert header.visualIndex(COL_OWNED) == 3              # in view beside the name, not off the edge

    window.context.collection.set("5sww", cards=2, dice=3)
    assert cell(window, "5sww", COL_OWNED) == "2 \u00b7 3 dice"
    sibling = next(code for code in cheetahs if code != "5sww")
    assert cell(window, sibling, COL_OWNED) == "0 \u00b7 3 dice"     # the same die

    panel.search_box.setText("")
    mine = window.findChild(QCheckBox, "filterOwned")
    window.actions_by_name["my_collection"].trigger()           # Ctrl+Shift+M
    assert mine.isChecked()
    assert sorted(rows(window)) == ["5sww"]
    window.context.collection.set("1xmf", cards=1)             # the filtered table follows
    assert sorted(rows(window)) == ["1xmf", "5sww"]
    mine.setChecked(False)

    panel.search_box.setText("owned>0 set:sww")                # typed, the same snapshot
    panel.run_search()
    assert sorted(rows(window)) == ["5sww"]
    window.context.collection.set("5sww", cards=0, dice=0)
    assert rows(window) == {}
    assert window.findChild(QLabel, "catalogueResultCount").text() == "0 cards"


def test_cards_banned_in_the_teams_format_are_marked(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.catalogue_panel
    panel.search_box.setText("code:31uxm or code:1uxm")
    panel.run_search()
    assert window.document.team.format == "standard"
    assert cell(window, "31uxm", COL_NAME, Qt.ItemDataRole.DecorationRole) is None

    window.document.set_format("golden_era")
    banned_tip = cell(window, "31uxm", COL_NAME, Qt.ItemDataRole.ToolTipRole)
    assert banned_tip.startswith("Banned in Golden Era")
    assert cell(window, "31uxm", COL_NAME, Qt.ItemDataRole.DecorationRole) is not None
    assert cell(window, "1uxm", COL_NAME, Qt.ItemDataRole.DecorationRole) is None   # not banned
    assert not cell(window, "1uxm", COL_NAME, Qt.ItemDataRole.ToolTipRole).startswith("Banned")

    window.document.set_format("standard")
    assert cell(window, "31uxm", COL_NAME, Qt.ItemDataRole.DecorationRole) is None
