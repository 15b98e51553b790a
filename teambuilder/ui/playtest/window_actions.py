"""The playtest window's actions, menus (Game, View) and toolbar.

Split out of the window so that file keeps to the game loop. Every action has a shortcut
and sits in a menu; the toolbar repeats the frequent ones beside the AI pace slider. Esc
and Ctrl+W close the window (which asks first while a game is in progress).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QToolBar

if TYPE_CHECKING:
    from teambuilder.ui.playtest.window import PlaytestWindow


def _action(window: PlaytestWindow, key: str, text: str, shortcuts: tuple[str, ...], slot: object) -> QAction:
    action = QAction(text, window)
    action.setObjectName(f"playtest_{key}")
    action.setShortcuts([QKeySequence(keys) for keys in shortcuts])
    action.setToolTip(f"{text.replace('&', '').rstrip(chr(0x2026))} ({', '.join(shortcuts)})")
    action.triggered.connect(slot)
    window.addAction(action)          # the shortcut works wherever the focus is in the window
    return action


def build_playtest_actions(window: PlaytestWindow) -> None:
    """Fill ``window.actions_by_name`` and lay out the menus and the toolbar."""
    actions = {
        "undo": _action(window, "undo", "&Undo my last decision", ("Ctrl+Z",), window.undo),
        "restart": _action(window, "restart", "&Restart (same seed)\u2026", ("Ctrl+R",), window.restart),
        "save": _action(window, "save", "&Save replay\u2026", ("Ctrl+S",), window.save_dialog),
        "load": _action(window, "load", "&Load replay\u2026", ("Ctrl+O",), window.load_dialog),
        "close": _action(window, "close", "&Close", ("Ctrl+W", "Esc"), window.close),
        "log": _action(window, "log", "Show the game &log", ("Ctrl+L",), window.log.setVisible),
        "instant": _action(window, "instant", "&Instant AI moves", ("Ctrl+I",),
                           lambda checked: window.pace.setValue(0 if checked else window.paced_ms)),
    }
    for key in ("log", "instant"):
        actions[key].setCheckable(True)
    actions["log"].setChecked(True)
    actions["instant"].setChecked(window.pace.value() == 0)
    window.pace.valueChanged.connect(lambda value: actions["instant"].setChecked(value == 0))
    window.actions_by_name = actions

    game_menu = window.menuBar().addMenu("&Game")
    for key in ("undo", "restart", None, "save", "load", None, "close"):
        if key is None:
            game_menu.addSeparator()
        else:
            game_menu.addAction(actions[key])
    view_menu = window.menuBar().addMenu("&View")
    view_menu.addAction(actions["log"])
    view_menu.addAction(actions["instant"])

    toolbar = QToolBar("Playtest", objectName="playtestToolbar")
    for key in ("undo", "restart", "save", "load"):
        toolbar.addAction(actions[key])
    toolbar.addSeparator()
    toolbar.addWidget(QLabel(" AI pace "))
    toolbar.addWidget(window.pace)
    window.addToolBar(toolbar)
