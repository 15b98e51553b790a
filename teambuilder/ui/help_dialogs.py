"""The Help menu's dialogs: the keyboard-shortcut sheet, the search syntax and About.

The shortcut sheet is built from the actions the window really has (their text and their
shortcuts), so it cannot drift from the key bindings. The search syntax is the same
markdown file the repository's docs link to (resources/help/query-language.md), shipped
with the app.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from teambuilder import __version__, paths

QUERY_HELP_FILE = ("help", "query-language.md")
NOT_AFFILIATED = ("Dice Masters is a trademark of WizKids. This app is a fan-made tool; it is not "
                  "affiliated with, endorsed by or sponsored by WizKids.")
CREDITS = ("Card facts were checked against the community's transcriptions (Dice Coalition) and "
           "printed card scans; card text is written in the app's own words.")


def _close_buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    return buttons


def shortcut_rows(actions: Iterable[QAction]) -> list[tuple[str, str]]:
    """(what, keys) for every action that has a shortcut, in menu order, without duplicates."""
    rows: list[tuple[str, str]] = []
    for action in actions:
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts() if not k.isEmpty()]
        text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("\u2026")
        if keys and text and (text, ", ".join(keys)) not in rows:
            rows.append((text, ", ".join(dict.fromkeys(keys))))
    return rows


class ShortcutSheet(QDialog):
    """Every keyboard shortcut of a window, in a two-column table."""

    def __init__(self, actions: Iterable[QAction], extra: Iterable[tuple[str, str]] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutSheet")
        self.setWindowTitle("Keyboard shortcuts")
        rows = shortcut_rows(actions) + list(extra)
        self.table = QTableWidget(len(rows), 2, objectName="shortcutTable")
        self.table.setAccessibleName("Keyboard shortcuts")
        self.table.setHorizontalHeaderLabels(["Action", "Keys"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, (what, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(what))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(_close_buttons(self))
        self.resize(520, 560)


def query_help_markdown() -> str:
    path = paths.resources_dir().joinpath(*QUERY_HELP_FILE)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        return f"The search syntax help could not be read ({path}: {error.strerror})."


class QueryHelpDialog(QDialog):
    """The search box's query language, with examples."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("queryHelp")
        self.setWindowTitle("Search syntax")
        self.browser = QTextBrowser(objectName="queryHelpText")
        self.browser.setAccessibleName("Search syntax")
        self.browser.setMarkdown(query_help_markdown())
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(_close_buttons(self))
        self.resize(760, 600)


class AboutDialog(QDialog):
    """Version, licence, credits and the notice that the app is not WizKids'."""

    def __init__(self, card_count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle("About Dice Masters Team Builder")
        text = QLabel(objectName="aboutText")
        text.setTextFormat(Qt.TextFormat.RichText)
        text.setWordWrap(True)
        text.setOpenExternalLinks(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        text.setText(
            f"<h2>Dice Masters Team Builder {__version__}</h2>"
            f"<p>{card_count:,} cards, the tournament rules, team sheets, and a rules engine that "
            "plays the cards against an AI. Teams are saved in the library after every change.</p>"
            "<p>Licence: MIT (the LICENSE file that comes with the app).</p>"
            f"<p>{CREDITS}</p><p><i>{NOT_AFFILIATED}</i></p>")
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(_close_buttons(self))
        self.resize(460, 320)
