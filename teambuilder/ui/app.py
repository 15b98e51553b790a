"""Start the desktop app: the QApplication, the catalogue, the main window."""

from __future__ import annotations

import sys

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from teambuilder import __version__, paths
from teambuilder.ui import create_main_window


def run_app(screenshot: str | None = None) -> int:
    """Run the app; with ``screenshot`` save a PNG of the window and exit instead."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Dice Masters Team Builder")
    app.setOrganizationName("teambuilder")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(QIcon(str(paths.resources_dir() / "icons" / "teambuilder.svg")))
    window = create_main_window()
    window.show()
    if screenshot:
        app.processEvents()
        if not window.grab().save(screenshot):
            print(f"teambuilder: could not save screenshot to {screenshot}", file=sys.stderr)
            return 1
        return 0
    return int(app.exec())
