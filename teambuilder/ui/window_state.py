"""Saving and restoring a window's geometry, its dock/toolbar state and its splitters.

A restored geometry is kept within the screen the window opens on: a layout saved on a
larger monitor must not leave the window (and the team panel's lower rows) off screen.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QSplitter

from teambuilder.ui.settings import Settings


def restore(window: QMainWindow, settings: Settings, splitters: dict[str, QSplitter]) -> None:
    restored = settings.geometry is not None and window.restoreGeometry(settings.geometry)
    if settings.window_state is not None:
        window.restoreState(settings.window_state)
    for name, splitter in splitters.items():
        saved = settings.splitter(name)
        if saved is not None:
            splitter.restoreState(saved)
    screen = window.screen()
    if restored and screen is not None:
        room = screen.availableGeometry()
        if window.width() > room.width() or window.height() > room.height():
            window.resize(min(window.width(), room.width()), min(window.height(), room.height()))


def save(window: QMainWindow, settings: Settings, splitters: dict[str, QSplitter]) -> None:
    settings.geometry = window.saveGeometry()
    settings.window_state = window.saveState()
    for name, splitter in splitters.items():
        settings.set_splitter(name, splitter.saveState())
    settings.sync()
