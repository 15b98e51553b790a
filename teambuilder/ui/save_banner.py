"""The banner that says the team is not saved: a strip across the top of the main window,
shown for as long as saving to the library fails.

The main window saves every change to the library; when that fails (a full disk, a
read-only folder, another program holding the file) a status-bar message would vanish in
seconds, and the user would go on editing work that exists only in memory. The banner stays
until a save succeeds: it names the error, keeps trying on its own (every
:data:`RETRY_MS`, and the window retries on every edit anyway), and offers Retry and
"Save As…" (a team file is a way out that does not need the library). The edits themselves
stay in the team document, so nothing is lost while the banner shows.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

RETRY_MS = 10_000
# Its own colours, not the theme's: the banner must stand out in light and dark alike.
_STYLE = """
#saveFailedBanner { background: #b3261e; border: none; }
#saveFailedBanner QLabel { color: white; font-weight: bold; }
#saveFailedBanner QPushButton { color: black; background: #fbe9e7; border: 1px solid white;
                                 border-radius: 3px; padding: 3px 12px; }
"""


class SaveBanner(QFrame):
    """Hidden while saves succeed. :meth:`failed` shows it with the error and starts the
    retry timer; :meth:`succeeded` hides it and stops the timer. ``retry`` is called by the
    Retry button and the timer (it should save and call back one of the two); ``save_as``
    by the "Save As…" button."""

    def __init__(self, retry: Callable[[], object], save_as: Callable[[], object],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("saveFailedBanner")
        self.setStyleSheet(_STYLE)
        self.message = QLabel()
        self.message.setObjectName("saveFailedMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.retry_button = QPushButton("Retry")
        self.retry_button.setObjectName("retrySaveButton")
        self.retry_button.setToolTip("Try to save to the team library again now")
        self.save_as_button = QPushButton("Save As\u2026")
        self.save_as_button.setObjectName("bannerSaveAsButton")
        self.save_as_button.setToolTip("Keep the team in a file of your choice")
        self.retry_timer = QTimer(self)
        self.retry_timer.setInterval(RETRY_MS)
        self._retry, self._save_as = retry, save_as
        self.retry_button.clicked.connect(lambda _checked=False: retry())
        self.save_as_button.clicked.connect(lambda _checked=False: save_as())
        self.retry_timer.timeout.connect(retry)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 6)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.retry_button)
        layout.addWidget(self.save_as_button)
        self.error: str | None = None
        self.hide()

    def wrap(self, content: QWidget) -> QWidget:
        """A widget holding the banner above ``content``: the window's central widget."""
        holder = QWidget()
        holder.setObjectName("saveBannerHolder")
        layout = QVBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self)
        layout.addWidget(content, 1)
        return holder

    def failed(self, error: str) -> None:
        """Show (or update) the banner for a save that failed with ``error``."""
        self.error = error
        seconds = self.retry_timer.interval() // 1000
        self.message.setText(
            f"Your changes are not saved in the team library: {error}. They are kept while "
            f"the app is open; it tries again after your next change and every {seconds} "
            "seconds. Use Save As to keep the team in a file.")
        self.show()
        if not self.retry_timer.isActive():
            self.retry_timer.start()

    def succeeded(self) -> None:
        """A save worked: hide the banner and stop retrying."""
        self.error = None
        self.retry_timer.stop()
        self.hide()

    def may_close(self, parent: QWidget) -> bool:
        """Whether the window may close: at once when the team is saved; while saving
        fails, one more try, then the user chooses between a file (Save As), closing
        without saving, and staying. ``save_as`` returns whether it wrote a file."""
        if self.error is None:
            return True
        self._retry()
        if self.error is None:
            return True
        box = QMessageBox(QMessageBox.Icon.Warning, "Team not saved",
                          f"Your last changes are not saved in the team library: {self.error}.",
                          parent=parent)
        box.setObjectName("unsavedOnCloseDialog")
        box.setInformativeText("Save the team to a file before closing?")
        save = box.addButton("Save As\u2026", QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton("Close without saving", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        if box.clickedButton() is save:
            return bool(self._save_as())
        return box.clickedButton() is discard
