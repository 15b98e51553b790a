"""Start the desktop app: the QApplication, the theme, the catalogue (opened in a worker
thread with a progress dialog, since a changed card folder means rebuilding the index),
then the main window.

``run_app(screenshot=...)`` renders the window to a PNG and exits instead of running;
``search``, ``team`` and ``theme`` set the window up first (for the README pictures and for
tools). With no display the interactive app says so in one line and exits 2, while a
screenshot renders offscreen. The run is logged to the app's log file, and an uncaught
exception becomes a dialog naming that file (ui.crash_handler).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, QThread, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget
from sqlalchemy.exc import SQLAlchemyError

from teambuilder import __version__, paths
from teambuilder.app_log import EXIT_INTERNAL_ERROR, get_logger, setup_logging
from teambuilder.catalogue.repository import Catalogue
from teambuilder.catalogue.store import one_line
from teambuilder.display import (
    EXIT_NO_DISPLAY,
    NO_DISPLAY_MESSAGE,
    can_show_windows,
    render_offscreen_if_headless,
)
from teambuilder.engine.coverage import CoverageRater
from teambuilder.ui import create_main_window, themes
from teambuilder.ui.crash_handler import install_crash_handler
from teambuilder.ui.library_recovery import open_library
from teambuilder.ui.qt_messages import install_qt_message_filter
from teambuilder.ui.settings import Settings

PROGRESS_DELAY_MS = 300      # a warm start never flashes the dialog


class CatalogueLoader(QObject):
    """Opens (and if needed rebuilds) the catalogue off the GUI thread."""

    progress = Signal(str)
    finished = Signal(object)     # a Catalogue, or the exception that stopped it

    def run(self) -> None:
        try:
            catalogue = Catalogue.open(progress=self.progress.emit)
            # Rate the cards for engine: searches here, off the GUI thread (a second or
            # so after the engine changed; nothing otherwise).
            catalogue.rate_with(CoverageRater())
            try:
                catalogue.refresh_engine_statuses()
            except SQLAlchemyError as error:     # the first engine: search says so again
                self.progress.emit(f"cannot record the engine statuses ({one_line(error)})")
            result: object = catalogue
        except Exception as error:   # noqa: BLE001 - shown to the user, not swallowed
            result = error
        self.finished.emit(result)


def load_catalogue_with_progress() -> Catalogue:
    """Open the catalogue in a worker thread; a busy progress dialog says what it does."""
    dialog = QProgressDialog("Opening the card catalogue\u2026", "", 0, 0)
    dialog.setObjectName("catalogueProgress")
    dialog.setWindowTitle("Dice Masters Team Builder")
    dialog.setCancelButton(None)
    dialog.setMinimumDuration(PROGRESS_DELAY_MS)
    thread = QThread()
    loader = CatalogueLoader()
    loader.moveToThread(thread)
    outcome: list[object] = []
    loop = QEventLoop()
    loader.progress.connect(lambda message: dialog.setLabelText(f"Card catalogue: {message}\u2026"))
    loader.finished.connect(lambda result: (outcome.append(result), loop.quit()))
    thread.started.connect(loader.run)
    thread.start()
    loop.exec()
    thread.quit()
    thread.wait()
    dialog.close()
    result = outcome[0]
    if isinstance(result, Exception):
        raise result
    assert isinstance(result, Catalogue)
    return result


def start_application(theme: str | None = None) -> QApplication:
    """The QApplication with the app's name, icon and theme (the saved one by default)."""
    install_qt_message_filter()
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("Dice Masters Team Builder")
    app.setDesktopFileName("teambuilder")     # packaging/teambuilder.desktop: the desktop groups its windows
    app.setOrganizationName("teambuilder")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(QIcon(str(paths.resources_dir() / "icons" / "teambuilder.svg")))
    themes.apply_theme(app, theme or Settings().theme)
    return app


def save_screenshot(app: QApplication, window: QWidget, path: str) -> int:
    """Let the window finish drawing, save it as a PNG; the exit code for the command."""
    for _ in range(3):
        app.processEvents()
    if not window.grab().save(path):
        print(f"teambuilder: could not save screenshot to {path}", file=sys.stderr)
        return 1
    return 0


def run_app(screenshot: str | None = None, search: str | None = None, team: str | None = None,
            theme: str | None = None) -> int:
    """Run the app; with ``screenshot`` save a PNG of the window and exit instead."""
    interactive = not screenshot
    if interactive and not can_show_windows():
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return EXIT_NO_DISPLAY
    # Before the scratch folder below: a screenshot's log belongs with the user's own.
    log_path = setup_logging()
    get_logger("app").info("teambuilder %s starting%s", __version__,
                           "" if interactive else " (screenshot)")
    if screenshot:
        # A picture must not touch the user's library or settings: use a scratch folder.
        os.environ["TEAMBUILDER_USER_DIR"] = tempfile.mkdtemp(prefix="teambuilder-screenshot-")
        render_offscreen_if_headless()
    app = start_application(theme)
    crash = install_crash_handler(log_path, show_dialog=interactive)
    try:
        code = _run(app, screenshot, search, team, theme)
        return EXIT_INTERNAL_ERROR if screenshot and crash.count else code
    except Exception as error:  # noqa: BLE001 - a bug: logged and shown, never lost on a terminal
        return crash.report_fatal(error)
    finally:
        crash.uninstall()


def _run(app: QApplication, screenshot: str | None, search: str | None, team: str | None,
         theme: str | None) -> int:
    library = open_library(interactive=not screenshot)
    if library is None:
        return 1
    try:
        catalogue = load_catalogue_with_progress()
    except (OSError, ValueError) as error:
        print(f"teambuilder: {error}", file=sys.stderr)
        library.close()
        return 1
    window = create_main_window(catalogue, library)
    if theme:
        window.set_theme(theme)
    if team and not window.open_path(Path(team)):
        return 1
    if search is not None:
        window.catalogue_panel.search_box.setText(search)
        window.catalogue_panel.run_search()
        window.catalogue_panel.view.selectRow(0)
    window.show()
    if screenshot:
        return save_screenshot(app, window, screenshot)
    return int(app.exec())
