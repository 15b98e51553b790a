"""What the app does with an exception nobody caught: a dialog the user sees, the traceback
in the log file.

Without this an exception in a Qt slot is printed to a terminal that, for an app started
from a menu, nobody reads, and the window carries on as if nothing happened. The handler is
``sys.excepthook`` (PySide reports exceptions raised in slots through it) and
``threading.excepthook`` (worker threads). A worker thread must not touch widgets, so the
dialog is requested through a signal that Qt queues onto the GUI thread. While one crash
dialog is open, further errors are only logged, so a failure that repeats on every paint
cannot bury the user in boxes.
"""

from __future__ import annotations

import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox

from teambuilder.app_log import EXIT_INTERNAL_ERROR, get_logger, internal_error_line, summary

TITLE = "Dice Masters Team Builder: something went wrong"
GO_ON = "You can go on working, but save your team first."
MUST_CLOSE = "The app has to close."

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


class CrashHandler(QObject):
    """Logs every uncaught exception with its traceback and tells the user in a dialog
    (``show_dialog``) or in one line on stderr (no user at the screen: screenshots)."""

    crashed = Signal(str)   # the one-line summary; connected queued-or-direct to the dialog

    def __init__(self, log_path: Path | None, show_dialog: bool = True) -> None:
        super().__init__()
        self.log_path = log_path
        self.show_dialog = show_dialog
        self.dialog: QMessageBox | None = None
        self.count = 0   # uncaught exceptions so far (a screenshot run fails on any)
        self.log = get_logger("crash")
        self._previous_hooks: tuple[object, object] | None = None
        self.crashed.connect(self._tell_user)

    # -- installation ---------------------------------------------------------------------------
    def install(self) -> CrashHandler:
        self._previous_hooks = (sys.excepthook, threading.excepthook)
        sys.excepthook = self.excepthook
        threading.excepthook = self.thread_excepthook
        return self

    def uninstall(self) -> None:
        if self._previous_hooks is not None:
            sys.excepthook, threading.excepthook = self._previous_hooks  # type: ignore[assignment]
            self._previous_hooks = None

    # -- hooks ----------------------------------------------------------------------------------
    def excepthook(self, kind: type[BaseException], error: BaseException,
                   trace: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, trace)
            return
        self.record((kind, error, trace), "uncaught exception")
        self.crashed.emit(summary(error))

    def thread_excepthook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or issubclass(args.exc_type, SystemExit):
            return   # a thread that exits on purpose is not a crash (as the default hook)
        name = args.thread.name if args.thread is not None else "a thread"
        self.record((args.exc_type, args.exc_value, args.exc_traceback),
                    f"uncaught exception in {name}")
        # Emitted from the worker: Qt queues the call onto the GUI thread, where the dialog lives.
        self.crashed.emit(summary(args.exc_value))

    def record(self, info: ExcInfo, what: str) -> None:
        """The traceback into the log file (or, with no log file, onto stderr: it must be
        kept somewhere)."""
        self.count += 1
        self.log.error("%s", what, exc_info=info)
        if self.log_path is None:
            traceback.print_exception(*info, file=sys.stderr)

    # -- telling the user -----------------------------------------------------------------------
    def where(self) -> str:
        if self.log_path is None:
            return "No log file could be written; the details were printed to the terminal."
        return f"The details are in the log file:\n{self.log_path}"

    def message_box(self, text: str, then: str = GO_ON) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Critical, TITLE,
                          f"Something went wrong inside the app: {text}")
        box.setObjectName("crashDialog")
        box.setInformativeText(f"{self.where()}\n\nPlease attach it when you report the problem. "
                               f"{then}")
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        return box

    def _tell_user(self, text: str) -> None:
        if not self.show_dialog:
            print(internal_error_line(text, self.log_path), file=sys.stderr)
            return
        if self.dialog is not None:
            return   # one box at a time; the log holds every error
        box = self.message_box(text)
        box.setWindowModality(Qt.WindowModality.ApplicationModal)
        box.finished.connect(self._dialog_closed)
        self.dialog = box
        box.show()

    def _dialog_closed(self) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None

    def report_fatal(self, error: BaseException) -> int:
        """An exception that stops the app before or after its event loop: log it, tell
        the user (a blocking box, as no loop may be running) and give the exit code."""
        self.record((type(error), error, error.__traceback__), "fatal error")
        if self.show_dialog:
            self.message_box(summary(error), MUST_CLOSE).exec()
        else:
            print(internal_error_line(error, self.log_path), file=sys.stderr)
        return EXIT_INTERNAL_ERROR


def install_crash_handler(log_path: Path | None, show_dialog: bool = True) -> CrashHandler:
    """Make a handler the process's excepthook and threading excepthook; returns it."""
    return CrashHandler(log_path, show_dialog).install()
