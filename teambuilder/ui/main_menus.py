"""The main window's menu bar and toolbar, and how its actions are made.

Split out of the main window so that file keeps to wiring panels and slots: the window
creates its actions (each with its slot) through :func:`make_action`, and
:func:`build_menus` lays them out. Every action is also added to the window itself, so its
shortcut works while the menu bar is hidden, and its tooltip names the shortcut.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QToolBar

Shortcut = QKeySequence | QKeySequence.StandardKey | str | None


def make_action(window: QMainWindow, text: str, slot: object, shortcut: Shortcut = None,
                name: str = "", tip: str = "") -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if name:
        action.setObjectName(name)
    label = tip or text.replace("&", "").rstrip("\u2026")
    keys = f" ({action.shortcut().toString()})" if shortcut is not None else ""
    action.setToolTip(label + keys)
    action.triggered.connect(slot)
    window.addAction(action)          # shortcuts work even while the menu bar is hidden
    return action


def build_menus(window: QMainWindow, a: dict[str, QAction], undo: QAction, redo: QAction,
                export_actions: Sequence[QAction], toolbar_undo: QAction, toolbar_redo: QAction) -> None:
    """The File, Edit, Play, Catalogue, View and Help menus and the main toolbar (which
    shows ``toolbar_undo``/``toolbar_redo``: short labels for the same commands)."""
    menu = window.menuBar().addMenu("&File")
    for name in ("new", "open", "library", "save", "save_as"):
        menu.addAction(a[name])
    menu.addSeparator()
    menu.addAction(a["import_file"])
    menu.addAction(a["import_clipboard"])
    menu.addAction(a["import_formats"])
    export_menu = menu.addMenu("&Export")
    export_menu.addActions(list(export_actions))
    export_menu.addAction(a["copy_link"])
    menu.addSeparator()
    menu.addAction(a["print"])
    menu.addAction(a["pdf"])
    menu.addSeparator()
    menu.addAction(a["settings"])
    menu.addSeparator()
    menu.addAction(a["quit"])
    menu = window.menuBar().addMenu("&Edit")
    menu.addAction(undo)
    menu.addAction(redo)
    menu.addSeparator()
    for name in ("add", "remove", "more", "less"):
        menu.addAction(a[name])
    menu = window.menuBar().addMenu("&Play")
    menu.addAction(a["playtest"])
    menu.addAction(a["matchups"])
    menu = window.menuBar().addMenu("&Catalogue")
    menu.addAction(a["find"])
    menu.addAction(a["filters"])
    menu.addAction(a["my_collection"])
    menu.addSeparator()
    menu.addAction(a["collection_page"])
    menu = window.menuBar().addMenu("&View")
    menu.addAction(a["dark"])
    menu = window.menuBar().addMenu("&Help")
    for name in ("shortcuts", "query_help"):
        menu.addAction(a[name])
    menu.addSeparator()
    menu.addAction(a["about"])
    menu.addAction(a["about_qt"])

    toolbar = QToolBar("Main", objectName="mainToolbar")
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    for item in (a["new"], a["open"], a["library"], a["save"], None, toolbar_undo, toolbar_redo, None,
                 a["add"], a["remove"], None, a["import_clipboard"], a["print"], a["pdf"], None,
                 a["playtest"]):
        if item is None:
            toolbar.addSeparator()
        else:
            toolbar.addAction(item)
    window.addToolBar(toolbar)
