"""The desktop app (PySide6). The only layer besides printing that imports Qt.

Tests and tools build the GUI through :func:`create_main_window`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from teambuilder.catalogue.repository import Catalogue
    from teambuilder.teams.library import TeamLibrary
    from teambuilder.ui.main_window import MainWindow


def create_main_window(catalogue: Catalogue | None = None, library: TeamLibrary | None = None) -> MainWindow:
    """Build the main window over ``catalogue`` and ``library`` (the user's own when None).

    A QApplication must exist already.
    """
    from teambuilder.catalogue.repository import Catalogue
    from teambuilder.ui.context import AppContext
    from teambuilder.ui.main_window import MainWindow

    return MainWindow(AppContext.create(catalogue or Catalogue.open(), library))
