"""Opening the team library at start, and what the user can do when it cannot be opened.

People start the app from a menu, where a line on stderr is never seen, so a library that
cannot be opened (damaged, not a library, from a newer version) gets a dialog that says
what is wrong and that the file is kept as it is, with two ways on: "Open a fresh library"
renames the old file aside (its bytes untouched, for recovery or a bug report), says where
it went, and starts an empty library; "Quit" leaves everything alone. With no user at the
screen (screenshots) the problem is one line on stderr, as before.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QMessageBox

from teambuilder.app_log import get_logger
from teambuilder.teams.library import LibraryError, TeamLibrary

TITLE = "Dice Masters Team Builder"
FRESH = "Open a fresh library"
QUIT = "Quit"


def open_library(interactive: bool = True) -> TeamLibrary | None:
    """The user's team library, or None when the app should exit (code 1)."""
    try:
        return TeamLibrary.open()
    except LibraryError as error:
        get_logger("library").warning("cannot open the team library: %s", error)
        if not interactive:
            print(f"teambuilder: {error}", file=sys.stderr)
            return None
        return _ask_and_recover(error)


def _ask_and_recover(error: LibraryError) -> TeamLibrary | None:
    box = QMessageBox(QMessageBox.Icon.Warning, TITLE,
                      f"The team library cannot be opened.\n\n{error}")
    box.setObjectName("libraryOpenFailedDialog")
    box.setInformativeText("Nothing in that file has been changed or deleted: its bytes are kept "
                           "as they are.\n\nYou can open a fresh, empty library (the old file is "
                           "renamed and kept beside it, for recovery or a bug report), or quit and "
                           "look at the file first.")
    fresh = box.addButton(FRESH, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QUIT, QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(fresh)
    box.exec()
    if box.clickedButton() is not fresh:
        return None
    try:
        kept = TeamLibrary.set_aside()
        library = TeamLibrary.open()
    except (LibraryError, OSError) as failure:
        get_logger("library").error("cannot start a fresh team library: %s", failure)
        _tell(QMessageBox.Icon.Critical, "libraryFreshFailedDialog",
              f"A fresh library could not be started either.\n\n{failure}")
        return None
    get_logger("library").warning("the damaged team library was moved to %s", kept)
    _tell(QMessageBox.Icon.Information, "librarySetAsideDialog",
          f"The old library was moved to:\n{kept}\n\nIts bytes are kept there unchanged. "
          "A new, empty library is now in use.")
    return library


def _tell(icon: QMessageBox.Icon, name: str, text: str) -> None:
    box = QMessageBox(icon, TITLE, text)
    box.setObjectName(name)
    box.exec()
