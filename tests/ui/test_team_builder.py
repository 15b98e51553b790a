"""Building a team in the main window with real clicks and keys: add, dice, violations,
undo, the library, import from the clipboard, export and print."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QTableView,
)
from pytestqt.qtbot import QtBot

from teambuilder.teams.library import TeamLibrary
from teambuilder.teams.team_file import read_team_file
from teambuilder.ui import team_io
from teambuilder.ui.team_model import COL_DICE, TeamTableModel

REPO = Path(__file__).resolve().parents[2]
X_MEN_LINK = ("https://dicecoalition.com/teambuilder/?view&cards=3x1xmf;3x11xmf;2x19xmf;2x22xmf;"
              "2x24xmf;3x27xmf;3x29xmf;2x38xmf;1x64xmf;1x71xmf&name=Children%20of%20the%20Atom")


def search(qtbot: QtBot, window, query: str, rows: int) -> QTableView:  # type: ignore[no-untyped-def]
    box = window.findChild(QLineEdit, "catalogueSearch")
    view = window.findChild(QTableView, "catalogueView")
    box.clear()
    qtbot.keyClicks(box, query)
    qtbot.waitUntil(lambda: view.model().rowCount() == rows)
    return view


def team_rows(window) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(c.ref, c.dice) for c in window.document.team.cards]


def cell_point(view: QTableView, row: int, column: int = 1) -> QPoint:
    return view.visualRect(view.model().index(row, column)).center()


def double_click(qtbot: QtBot, view: QTableView, row: int) -> None:
    """What a mouse sends for a double-click: a press and release, then the double-click."""
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=cell_point(view, row))
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=cell_point(view, row))


def test_add_by_double_click_enter_action_and_drag(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    view = search(qtbot, window, "set:sww cheetah", 3)
    double_click(qtbot, view, 0)
    assert team_rows(window) == [("4sww", 1)]
    view.setFocus()
    view.selectRow(1)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert team_rows(window) == [("4sww", 1), ("5sww", 1)]
    view.selectRow(2)
    window.actions_by_name["add"].trigger()          # the toolbar button / Ctrl+Return
    assert [ref for ref, _ in team_rows(window)] == ["4sww", "5sww", "6sww"]
    # Drag and drop: the catalogue's drag data dropped on the team table.
    view = search(qtbot, window, "code:1xmf", 1)
    mime = view.model().mimeData([view.model().index(0, 0)])
    team_view = window.findChild(QTableView, "teamView")
    assert team_view.model().dropMimeData(mime, Qt.DropAction.CopyAction, -1, -1, team_view.rootIndex())
    assert team_rows(window)[-1] == ("1xmf", 1)
    # A basic action goes to the basic-action slots, not the cards.
    view = search(qtbot, window, "code:31sww", 1)
    qtbot.wait(QApplication.doubleClickInterval() + 50)   # not a triple click with the first one
    double_click(qtbot, view, 0)
    assert window.document.team.basic_actions == ("31sww",)
    assert window.findChild(QComboBox, "basicAction1").currentData() == "31sww"


def test_dice_change_with_keys_buttons_and_the_spin_box_within_the_card_limit(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    window.add_card(catalogue.get("5sww"))     # Cheetah: Goddess of the Hunt, up to 4 dice
    team_view = window.findChild(QTableView, "teamView")
    team_view.setFocus()
    for _ in range(5):
        qtbot.keyClick(team_view, Qt.Key.Key_Plus)
    assert team_rows(window) == [("5sww", 4)]           # stops at the card's limit
    qtbot.keyClick(team_view, Qt.Key.Key_Minus)
    assert team_rows(window) == [("5sww", 3)]
    index = team_view.model().index(0, COL_DICE)
    team_view.edit(index)
    editor = team_view.findChild(QSpinBox, "diceEditor")
    assert (editor.minimum(), editor.maximum()) == (1, 4)
    qtbot.keyClick(editor, Qt.Key.Key_Down)
    qtbot.keyClick(editor, Qt.Key.Key_Return)      # the delegate commits on the next loop pass
    qtbot.waitUntil(lambda: team_rows(window) == [("5sww", 2)])
    assert window.findChild(QLabel, "teamCount").text() == "1/8 cards, 2/20 dice"


def test_a_violation_appears_and_disappears_and_clicking_it_selects_the_card(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    validation = window.findChild(QListWidget, "teamValidation")
    team_view = window.findChild(QTableView, "teamView")

    def rules() -> list[str]:
        return [validation.item(i).toolTip().split("]")[0].lstrip("[") for i in range(validation.count())]

    window.add_card(catalogue.get("5sww"))       # Cheetah: Goddess of the Hunt
    assert "duplicate-name" not in rules()
    window.add_card(catalogue.get("4sww"))       # another Cheetah: one card per name
    assert "duplicate-name" in rules()
    team_view.clearSelection()
    item = validation.item(rules().index("duplicate-name"))
    qtbot.mouseClick(validation.viewport(), Qt.MouseButton.LeftButton,
                     pos=validation.visualItemRect(item).center())
    assert team_view.currentIndex().row() in (0, 1)
    assert "Cheetah" in window.card_face.plain_text()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "duplicate-name" not in rules()


def test_too_many_dice_is_reported_until_a_card_is_removed(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    validation = window.findChild(QListWidget, "teamValidation")
    summary = window.findChild(QLabel, "teamValidationSummary")
    team = read_team_file(REPO / "data" / "teams" / "standard-x-men.yaml")
    window.load_team(team, None)
    assert summary.text().startswith("\u2714 Legal")
    team_view = window.findChild(QTableView, "teamView")
    team_view.selectRow(2)           # Hope Summers: 2 of 4 dice
    team_view.setFocus()
    qtbot.keyClick(team_view, Qt.Key.Key_Plus)     # 21 dice
    assert summary.text().startswith("Not legal")
    assert any("21" in validation.item(i).text() for i in range(validation.count()))
    qtbot.keyClick(team_view, Qt.Key.Key_Delete)   # remove Hope Summers: 19 dice, 7 cards
    assert len(window.document.team.cards) == 7
    assert not any("21" in validation.item(i).text() for i in range(validation.count()))


def test_undo_and_redo_every_edit_with_the_keyboard(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    window.add_card(catalogue.get("5sww"))
    window.add_card(catalogue.get("1xmf"))
    team_view = window.findChild(QTableView, "teamView")
    team_view.selectRow(1)
    team_view.setFocus()
    qtbot.keyClick(team_view, Qt.Key.Key_Plus)
    qtbot.keyClick(team_view, Qt.Key.Key_Plus)      # two presses, one undo step
    assert team_rows(window) == [("5sww", 1), ("1xmf", 3)]
    qtbot.keyClick(team_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert team_rows(window) == [("5sww", 1), ("1xmf", 1)]
    qtbot.keyClick(team_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert team_rows(window) == [("5sww", 1)]
    qtbot.keyClick(team_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert team_rows(window) == [("5sww", 1), ("1xmf", 1)]
    format_box = window.findChild(QComboBox, "teamFormat")
    format_box.setCurrentIndex(format_box.findData("casual"))
    format_box.activated.emit(format_box.currentIndex())
    assert window.document.team.format == "casual"
    qtbot.keyClick(team_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.team.format == "standard"
    assert format_box.currentData() == "standard"


def test_every_change_is_in_the_library_and_a_new_window_reopens_it(qtbot: QtBot, make_window, catalogue) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    first.add_card(catalogue.get("5sww"))
    name = first.findChild(QLineEdit, "teamName")
    name.clear()
    qtbot.keyClicks(name, "Cats")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    library = TeamLibrary.open()
    try:
        [entry] = library.entries()
        assert (entry.name, entry.cards) == ("Cats", 1)
    finally:
        library.close()
    # No save, no clean close: the next start still has it.
    second = make_window()
    assert second.document.team.name == "Cats"
    assert team_rows(second) == [("5sww", 1)]


def test_import_a_team_link_from_the_clipboard(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    QGuiApplication.clipboard().setText(X_MEN_LINK)
    qtbot.keyClick(window, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.document.team.name == "Children of the Atom"
    assert len(window.document.team.cards) == 8 and window.document.team.total_dice == 20
    assert window.document.team.basic_actions == ("64xmf", "71xmf")
    assert window.findChild(QLabel, "teamValidationSummary").text().startswith("\u2714 Legal")
    QGuiApplication.clipboard().setText("   ")
    assert not window.import_clipboard()
    assert "Nothing imported" in window.statusBar().currentMessage()
    assert window.document.team.name == "Children of the Atom"     # nothing lost


def test_export_in_every_format_reads_back_the_same_team(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.open_path(REPO / "data" / "teams" / "standard-x-men.yaml")
    team = window.document.team
    for to in team_io.EXPORT_LABELS:
        path = tmp_path / f"team{team_io.EXPORT_SUFFIXES[to]}"
        team_io.export_to_file(team, to, window.context.lookup, path)
        back = team_io.import_from_file(path, window.context.lookup)
        assert {(c.ref, c.dice) for c in back.cards} == {(c.ref, c.dice) for c in team.cards}, to
        assert set(back.basic_actions) == set(team.basic_actions), to
    window.copy_export("link")
    assert QGuiApplication.clipboard().text() == X_MEN_LINK


def test_print_preview_and_pdf_export(qtbot: QtBot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.open_path(REPO / "data" / "teams" / "standard-x-men.yaml")
    fmt = window.context.formats["standard"]
    pdf = tmp_path / "sheet.pdf"
    assert team_io.export_pdf(window.document.team, fmt, window.context.lookup, pdf) == 1
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 2000
    dialog = team_io.print_preview_dialog(window.document.team, fmt, window.context.lookup, window)
    qtbot.addWidget(dialog)
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printed = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(printed))
    dialog.paintRequested.emit(printer)      # what the preview and the Print button draw
    assert printed.read_bytes().startswith(b"%PDF")


def test_team_model_passes_the_qt_model_tester(qtmodeltester, window) -> None:  # type: ignore[no-untyped-def]
    window.open_path(REPO / "data" / "teams" / "standard-x-men.yaml")
    qtmodeltester.check(TeamTableModel(window.document))
