"""The team library as a user meets it: importing a team twice keeps both, told apart
("Children of the Atom (2)"), and the library list says whether each team is legal in its
format, with the first reason in a tooltip."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QTreeWidget
from pytestqt.qtbot import QtBot

from teambuilder.ui.library_dialog import COL_LEGAL, LibraryDialog
from tests.conftest import REPO

X_MEN = REPO / "data" / "teams" / "standard-x-men.yaml"
TOO_MANY_DICE = "name: Tiny\nformat: standard\ncards:\n  - {code: 5sww, dice: 9}\nbasic_actions: [31sww, 34sww]\n"


def test_opening_the_same_team_twice_keeps_both_and_numbers_the_second(window) -> None:  # type: ignore[no-untyped-def]
    assert window.open_path(X_MEN)
    first_id = window.document.library_id
    assert window.open_path(X_MEN)
    assert window.document.team.name == "Children of the Atom (2)"
    assert window.windowTitle().startswith("Children of the Atom (2)")
    assert "saved as 'Children of the Atom (2)'" in window.statusBar().currentMessage()
    assert window.document.library_id != first_id
    names = sorted(entry.name for entry in window.context.library.entries())
    assert names == ["Children of the Atom", "Children of the Atom (2)"]
    assert window.context.library.load(first_id).name == "Children of the Atom"   # untouched


def test_pasting_the_same_team_twice_numbers_it_too(window) -> None:  # type: ignore[no-untyped-def]
    QGuiApplication.clipboard().setText(X_MEN.read_text())
    assert window.import_clipboard() and window.import_clipboard()
    assert window.document.team.name == "Children of the Atom (2)"
    assert len(window.context.library.entries()) == 2


def test_the_library_list_says_which_teams_are_legal(qtbot: QtBot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tiny = tmp_path / "tiny.yaml"
    tiny.write_text(TOO_MANY_DICE)
    assert window.open_path(X_MEN) and window.open_path(tiny)
    rows: dict[str, tuple[str, str]] = {}

    def read_and_close() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, LibraryDialog):
            QTimer.singleShot(20, read_and_close)
            return
        table = dialog.findChild(QTreeWidget, "libraryTeams")
        assert table.headerItem().text(COL_LEGAL) == "Legal"
        for row in range(table.topLevelItemCount()):
            item = table.topLevelItem(row)
            rows[item.text(0)] = (item.text(COL_LEGAL), item.toolTip(COL_LEGAL))
        dialog.reject()

    QTimer.singleShot(0, read_and_close)
    window.open_library()
    assert rows["Children of the Atom"] == ("\u2714 Legal", "Legal in Standard tournament")
    legal, tooltip = rows["Tiny"]
    assert legal == "\u2718 Illegal"
    assert tooltip.startswith("Not legal in Standard tournament: Cheetah: Goddess of the Hunt (5sww) "
                              "has 9 dice; its limit is 4.")
