"""Qt's own warnings: harmless platform noise is dropped, the rest goes to the log file and
on to stderr as before.

Rendering with the offscreen plugin (a PDF, a screenshot, an autoplayed game with no
display) makes Qt print lines a user can do nothing about, once per window: the plugin
cannot pass size hints to a window manager, fonts are looked up that the machine lacks.
They buried the one line a command prints about its outcome. The filter is chained in
front of whatever handler was installed (Qt's default, or pytest-qt's capture).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

from teambuilder.app_log import get_logger

# Substrings of messages that say nothing about the app (platform and font set-up).
NOISE = (
    "does not support propagateSizeHints",
    "QFont::",
    "QFontDatabase:",
    "Cannot find font directory",
    "Note that Qt no longer ships fonts",
    "Populating font family aliases",
)
NOISY_CATEGORIES = ("qt.qpa.fonts",)

Handler = Callable[[QtMsgType, QMessageLogContext, str], None]


def is_noise(category: str | None, message: str) -> bool:
    return (category or "").startswith(NOISY_CATEGORIES) or any(part in message for part in NOISE)


class QtMessageFilter:
    """Drops noise; logs the rest and hands it to the handler installed before it."""

    def __init__(self, previous: Handler | None = None) -> None:
        self.previous = previous
        self.log = get_logger("qt")

    def __call__(self, mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if is_noise(context.category, message):
            return
        if mode in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            self.log.warning("%s", message)
        if self.previous is not None:
            self.previous(mode, context, message)
        elif mode != QtMsgType.QtDebugMsg:
            print(message, file=sys.stderr)


def install_qt_message_filter() -> None:
    """Put the filter in front of the current handler (once: a second call changes nothing)."""
    new = QtMessageFilter()
    previous = qInstallMessageHandler(new)
    if isinstance(previous, QtMessageFilter):
        qInstallMessageHandler(previous)
        return
    new.previous = previous
