"""What the user sees when the library fails or is damaged: a save that fails puts up a
banner that stays until a save works (the edits are kept, retried on the next edit, on a
timer and by the Retry button, and Save As still works), and the library dialog lists a
damaged team as damaged, exports its stored bytes and deletes it, without crashing."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from teambuilder.teams.library import LIBRARY_FILE
from teambuilder.teams.model import Team, TeamCard
from teambuilder.ui.library_dialog import LibraryDialog
from teambuilder.ui.save_banner import RETRY_MS
from tests.teams.test_library_damage import read_only


@contextmanager
def blocked_journal(user_dir: Path) -> Iterator[None]:
    """SQLite cannot write its journal: a folder sits where it would go."""
    blocker = user_dir / f"{LIBRARY_FILE}-journal"
    blocker.mkdir()
    try:
        yield
    finally:
        blocker.rmdir()


BREAKERS: dict[str, Callable[[Path], object]] = {
    "a read-only user folder": read_only,
    "a folder where the journal goes": blocked_journal,
}


def banner_parts(window: QWidget) -> tuple[QFrame, QLabel, QPushButton, QPushButton]:
    return (window.findChild(QFrame, "saveFailedBanner"),
            window.findChild(QLabel, "saveFailedMessage"),
            window.findChild(QPushButton, "retrySaveButton"),
            window.findChild(QPushButton, "bannerSaveAsButton"))


def codes(team: Team) -> list[str]:
    return [card.ref for card in team.cards]


@pytest.mark.parametrize("cause", list(BREAKERS))
def test_a_failed_save_shows_a_banner_keeps_the_edit_and_retry_saves_it(
        qtbot: QtBot, window, catalogue, user_dir: Path, cause: str) -> None:  # type: ignore[no-untyped-def]
    banner, message, retry, save_as = banner_parts(window)
    window.add_card(catalogue.get("5sww"))
    team_id = window.document.library_id
    assert team_id is not None and not banner.isVisible()
    library = window.context.library

    with BREAKERS[cause](user_dir):
        window.add_card(catalogue.get("9sww"))
        assert banner.isVisible() and retry.isVisible() and save_as.isVisible()
        assert "not saved" in message.text() and str(user_dir / LIBRARY_FILE) in message.text()
        assert codes(window.document.team) == ["5sww", "9sww"]      # the edit is kept
        assert banner.retry_timer.isActive() and banner.retry_timer.interval() == RETRY_MS
        qtbot.mouseClick(retry, Qt.MouseButton.LeftButton)          # still failing
        assert banner.isVisible()

    assert codes(library.load(team_id)) == ["5sww"]                 # ...only in memory so far
    qtbot.mouseClick(retry, Qt.MouseButton.LeftButton)
    assert not banner.isVisible() and not banner.retry_timer.isActive()
    assert codes(library.load(team_id)) == ["5sww", "9sww"]


def test_the_banner_retries_on_its_own_and_on_the_next_edit(
        qtbot: QtBot, window, catalogue, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    banner, _message, _retry, _save_as = banner_parts(window)
    library = window.context.library
    window.add_card(catalogue.get("5sww"))
    with blocked_journal(user_dir):
        window.add_card(catalogue.get("9sww"))
        assert banner.isVisible()
    banner.retry_timer.setInterval(50)           # the timer, sooner than in real use
    qtbot.waitUntil(lambda: not banner.isVisible(), timeout=5000)
    assert codes(library.load(window.document.library_id)) == ["5sww", "9sww"]

    with blocked_journal(user_dir):
        window.add_card(catalogue.get("7sww"))
        window.add_card(catalogue.get("7sww"))
        assert banner.isVisible()
        banner.retry_timer.stop()               # only the edit below may save it
    window.team_editor.change_dice(1)
    assert not banner.isVisible()
    assert library.load(window.document.library_id) == window.document.team


def test_save_while_failing_does_not_claim_the_team_is_saved(
        qtbot: QtBot, window, catalogue, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    banner = banner_parts(window)[0]
    window.add_card(catalogue.get("5sww"))
    with blocked_journal(user_dir):
        window.add_card(catalogue.get("9sww"))
        qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
        assert banner.isVisible()
        assert not window.statusBar().currentMessage().startswith("Saved")
        assert not window.document.undo_stack.isClean()
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not banner.isVisible() and window.statusBar().currentMessage().startswith("Saved")


def when_modal(handle: Callable[[QWidget], None]) -> None:
    """Answer the next modal dialog (a file dialog, a question) as the user would."""
    def look() -> None:
        widget = QApplication.activeModalWidget()
        if widget is None:
            QTimer.singleShot(20, look)
        else:
            handle(widget)
    QTimer.singleShot(0, look)


def choose_file(path: Path) -> Callable[[QWidget], None]:
    def handle(widget: QWidget) -> None:
        assert isinstance(widget, QFileDialog)
        widget.selectFile(str(path))
        widget.accept()
    return handle


def test_save_as_on_the_banner_writes_the_unsaved_team_to_a_file(
        qtbot: QtBot, window, catalogue, user_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    banner, _message, _retry, save_as = banner_parts(window)
    target = tmp_path / "rescued.yaml"
    with blocked_journal(user_dir):
        window.add_card(catalogue.get("5sww"))
        assert banner.isVisible()
        when_modal(choose_file(target))
        qtbot.mouseClick(save_as, Qt.MouseButton.LeftButton)
        assert "5sww" in target.read_text()
        assert banner.isVisible()                 # the library still holds nothing
    banner.retry_timer.setInterval(50)
    qtbot.waitUntil(lambda: not banner.isVisible(), timeout=5000)


def damage_name(path: Path, team_id: int) -> None:
    connection = sqlite3.connect(path)
    connection.execute(f"UPDATE team SET name = CAST(x'ff4361ff' AS TEXT) WHERE id = {team_id}")
    connection.commit()
    connection.close()


def rows(dialog: LibraryDialog) -> list[str]:
    table = dialog.findChild(QTreeWidget, "libraryTeams")
    return [table.topLevelItem(i).text(0) for i in range(table.topLevelItemCount())]


def select(dialog: LibraryDialog, text: str) -> None:
    table = dialog.findChild(QTreeWidget, "libraryTeams")
    table.setCurrentItem(table.topLevelItem(next(i for i, t in enumerate(rows(dialog)) if text in t)))


def test_the_library_dialog_lists_a_damaged_team_exports_it_and_deletes_it(
        qtbot: QtBot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    library = window.context.library
    library.save(Team(name="Cats", cards=(TeamCard("5sww", 2),)))
    broken = library.save(Team(name="Dogs", cards=(TeamCard("9sww", 1),)))
    library.save(Team(name="Owls"))
    damage_name(library.path, broken)
    dialog = LibraryDialog(library, window)
    qtbot.addWidget(dialog)
    dialog.show()
    button = {name: dialog.findChild(QPushButton, name) for name in (
        "libraryOpen", "libraryRename", "libraryDelete", "libraryExportRaw", "libraryPurge")}
    note = dialog.findChild(QLabel, "libraryDamage")

    assert len(rows(dialog)) >= 3 and "Cats" in rows(dialog) and "Owls" in rows(dialog)
    select(dialog, f"damaged (team {broken})")
    assert note.isVisible() and f"Team {broken} is damaged" in note.text()
    assert "name is not readable text" in note.text()
    assert not button["libraryOpen"].isEnabled() and not button["libraryRename"].isEnabled()
    assert button["libraryExportRaw"].isEnabled() and button["libraryDelete"].isEnabled()
    dialog.open_selected()                              # Enter on it: nothing opens
    assert dialog.chosen is None and dialog.isVisible()

    target = tmp_path / "dogs-as-stored.yaml"
    when_modal(choose_file(target))
    qtbot.mouseClick(button["libraryExportRaw"], Qt.MouseButton.LeftButton)
    exported = target.read_bytes()
    assert b"\xffCa\xff" in exported and b"9sww" in exported

    qtbot.mouseClick(button["libraryDelete"], Qt.MouseButton.LeftButton)
    assert not any("damaged" in r for r in rows(dialog))
    dialog.show_trash.setChecked(True)
    select(dialog, f"damaged (team {broken})")
    assert button["libraryPurge"].isEnabled()
    when_modal(lambda box: box.button(QMessageBox.StandardButton.Yes).click())
    qtbot.mouseClick(button["libraryPurge"], Qt.MouseButton.LeftButton)
    assert not any("damaged" in r for r in rows(dialog))
    assert all(entry.damaged is None for entry in library.entries(include_deleted=True))

    select(dialog, "Cats")                              # the others open as before
    assert not note.isVisible()
    qtbot.mouseClick(button["libraryOpen"], Qt.MouseButton.LeftButton)
    assert dialog.chosen is not None and library.load(dialog.chosen).name == "Cats"


def test_the_main_window_opens_with_a_damaged_last_team(make_window, catalogue) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    first.add_card(catalogue.get("5sww"))
    damage_name(first.context.library.path, first.document.library_id)
    first.close()
    second = make_window()                      # the last team cannot open: a new one does
    assert second.document.team.name == "New team" and second.isVisible()
    assert second.statusBar().currentMessage().startswith("Could not open your last team: ")


def _answer_close_dialog(button_text: str) -> None:
    """Press ``button_text`` in the "Team not saved" box once it is up."""
    def press() -> None:
        for widget in QApplication.topLevelWidgets():
            if widget.objectName() == "unsavedOnCloseDialog" and widget.isVisible():
                for button in widget.findChildren(QPushButton):
                    if button.text().replace("&", "") == button_text:
                        button.click()
                        return
        QTimer.singleShot(20, press)
    QTimer.singleShot(20, press)


def test_closing_while_saves_fail_asks_before_the_edits_are_lost(
        window, catalogue, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    window.add_card(catalogue.get("5sww"))
    with blocked_journal(user_dir):
        window.add_card(catalogue.get("9sww"))
        _answer_close_dialog("Cancel")
        assert not window.close()                   # Cancel: the window and the edits stay
        assert window.isVisible() and codes(window.document.team) == ["5sww", "9sww"]
        _answer_close_dialog("Close without saving")
        assert window.close()                       # the user chose to drop them


def test_closing_after_the_cause_is_fixed_saves_without_asking(
        window, catalogue, user_dir: Path) -> None:  # type: ignore[no-untyped-def]
    window.add_card(catalogue.get("5sww"))
    with blocked_journal(user_dir):
        window.add_card(catalogue.get("9sww"))
    library, team_id = window.context.library, window.document.library_id
    assert window.close()                           # one more try on close succeeds
    assert codes(library.load(team_id)) == ["5sww", "9sww"]
