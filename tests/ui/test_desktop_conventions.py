"""What players expect of a desktop app (issue 24): a full team in view at 1280x720, redo
on both keys, the search box leading into the results, help and settings, and an
accessible name on everything that takes the keyboard focus."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAccessible, QKeySequence
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QLineEdit, QTableView, QWidget
from pytestqt.qtbot import QtBot

from teambuilder.teams.model import Team, TeamCard
from teambuilder.ui.help_dialogs import AboutDialog, QueryHelpDialog, ShortcutSheet
from teambuilder.ui.settings_dialog import SettingsDialog

EIGHT_CARDS = Team(name="Eight", cards=tuple(TeamCard(code, 2) for code in (
    "1xmf", "11xmf", "19xmf", "22xmf", "24xmf", "27xmf", "29xmf", "38xmf")),
    basic_actions=("64xmf", "71xmf"))


def _inside(window: QWidget, widget: QWidget) -> bool:
    top_left = widget.mapTo(window, widget.rect().topLeft())
    return window.rect().contains(QRect(top_left, widget.size())) and not widget.visibleRegion().isEmpty()


def test_a_full_team_is_in_view_at_1280_by_720(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    window.resize(1280, 720)
    window.load_team(EIGHT_CARDS, None)
    qtbot.wait(50)
    assert window.frameGeometry().height() <= 768 or window.height() <= 720
    view = window.findChild(QTableView, "teamView")
    assert view.model().rowCount() == 8
    viewport = view.viewport().rect()
    for row in range(8):
        assert viewport.contains(view.visualRect(view.model().index(row, 1))), f"row {row + 1} is hidden"
    for slot in (1, 2):
        box = window.findChild(QComboBox, f"basicAction{slot}")
        assert box.isVisible() and _inside(window, box), f"basic action {slot} is hidden"


def test_the_first_window_fits_a_1366_by_768_screen(window) -> None:  # type: ignore[no-untyped-def]
    assert window.width() <= 1366 and window.height() <= 768 - 60   # a panel and the title bar


def test_redo_answers_ctrl_shift_z_and_ctrl_y(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    redo = window.redo_action
    assert [k.toString() for k in redo.shortcuts()] == ["Ctrl+Shift+Z", "Ctrl+Y"]
    bound = [k.toString() for a in window.findChildren(type(redo)) for k in a.shortcuts()]
    assert bound.count("Ctrl+Shift+Z") == 1 and bound.count("Ctrl+Y") == 1   # never ambiguous
    window.add_card(catalogue.get("5sww"))
    team_view = window.findChild(QTableView, "teamView")
    team_view.setFocus()
    for keys in ("Ctrl+Shift+Z", "Ctrl+Y"):
        qtbot.keyClick(team_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert window.document.team.cards == ()
        sequence = QKeySequence(keys)[0]
        qtbot.keyClick(team_view, sequence.key(), sequence.keyboardModifiers())
        assert [c.ref for c in window.document.team.cards] == ["5sww"], keys


def test_undo_says_the_dice_count_it_returns_to(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    window.add_card(catalogue.get("1xmf"))
    team_view = window.findChild(QTableView, "teamView")
    team_view.selectRow(0)
    team_view.setFocus()
    for _ in range(3):
        qtbot.keyClick(team_view, Qt.Key.Key_Plus)
    assert window.document.team.cards[0].dice == 4
    assert window.undo_action.text().endswith("1 \u2192 4 dice")
    toolbar_undo = window.findChild(type(window.undo_action), "actionUndoToolbar")
    assert toolbar_undo.text() == "Undo" and "1 \u2192 4 dice" in toolbar_undo.toolTip()


def test_down_moves_from_the_search_box_into_the_results(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    box = window.findChild(QLineEdit, "catalogueSearch")
    view = window.findChild(QTableView, "catalogueView")
    qtbot.keyClicks(box, "set:sww cheetah")
    qtbot.waitUntil(lambda: view.model().rowCount() == 3)
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is view
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1
    assert window.card_face.card is view.currentIndex().data(Qt.ItemDataRole.UserRole + 1) or \
        window.card_face.card.code == window.catalogue_panel.current_card().code


def test_the_status_bar_counts_results_and_the_card_follows_them(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    box = window.findChild(QLineEdit, "catalogueSearch")
    count = window.findChild(QLabel, "statusResultCount")
    qtbot.keyClicks(box, "set:sww cheetah")
    qtbot.waitUntil(lambda: count.text() == "3 cards found")
    shown = window.card_face.card
    assert shown is not None and "Cheetah" in shown.name
    box.clear()
    qtbot.keyClicks(box, "name=Storm set:xmf")
    qtbot.waitUntil(lambda: window.card_face.card is not None and window.card_face.card.name == "Storm")


def test_a_bad_query_keeps_the_filters_in_place_and_greys_the_results(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    box = window.findChild(QLineEdit, "catalogueSearch")
    view = window.findChild(QTableView, "catalogueView")
    filters = window.catalogue_panel.filters
    before = filters.mapTo(window, filters.rect().topLeft())
    qtbot.keyClicks(box, "cost<=x and a very long query that would wrap " * 2)
    qtbot.waitUntil(lambda: not view.isEnabled())
    assert filters.mapTo(window, filters.rect().topLeft()) == before


def test_help_and_settings_dialogs_open(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    sheet = window.shortcut_sheet()
    assert isinstance(sheet, ShortcutSheet) and sheet.isVisible()
    rows = {sheet.table.item(r, 0).text(): sheet.table.item(r, 1).text() for r in range(sheet.table.rowCount())}
    assert rows["Redo"] == "Ctrl+Shift+Z, Ctrl+Y" and rows["Keyboard shortcuts"] == "F1"
    sheet.close()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.findChild(ShortcutSheet) is not None
    help_dialog = window.query_help()
    assert isinstance(help_dialog, QueryHelpDialog) and "set:sww" in help_dialog.browser.toPlainText()
    about = window.about()
    assert isinstance(about, AboutDialog)
    text = about.findChild(QLabel, "aboutText").text()
    assert "not affiliated" in text and "MIT" in text
    settings = window.settings_dialog()
    assert isinstance(settings, SettingsDialog) and settings.isVisible()
    settings.player.setText("Ada")
    settings.accept()
    assert window.context.settings.player_name == "Ada"


def test_every_focusable_widget_has_an_accessible_name(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    window.load_team(EIGHT_CARDS, None)
    qtbot.wait(20)
    nameless = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            continue
        interface = QAccessible.queryAccessibleInterface(widget)
        name = interface.text(QAccessible.Text.Name) if interface is not None else ""
        if not name.strip():
            nameless.append(f"{type(widget).__name__} {widget.objectName()!r}")
    assert not nameless, ", ".join(nameless)


def test_the_desktop_entry_and_the_licence_match_the_app(qapp) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QStyleFactory

    from teambuilder.ui.app import start_application

    style, palette, sheet = qapp.style().name(), qapp.palette(), qapp.styleSheet()
    start_application("light")
    qapp.setStyleSheet(sheet)                       # (the theme is app-wide: put it back)
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(palette)
    repo = Path(__file__).resolve().parents[2]
    assert (repo / "packaging" / f"{QGuiApplication.desktopFileName()}.desktop").is_file()
    assert (repo / "LICENSE").read_text().startswith("MIT License")
    assert 'license = "MIT"' in (repo / "pyproject.toml").read_text()
