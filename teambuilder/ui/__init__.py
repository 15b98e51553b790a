"""The desktop app (PySide6). The only layer besides printing that imports Qt.

Tests and tools build the GUI through :func:`create_main_window`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from teambuilder.catalogue.repository import Catalogue
    from teambuilder.ui.main_window import MainWindow


def create_main_window(catalogue: Catalogue | None = None) -> MainWindow:
    """Build the main window over ``catalogue`` (the user's catalogue when None).

    A QApplication must exist already.
    """
    from teambuilder.catalogue.repository import Catalogue
    from teambuilder.ui.main_window import MainWindow

    return MainWindow(catalogue or Catalogue.open())
