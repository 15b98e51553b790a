"""The app's log file: what ran, and the full traceback of anything that went wrong.

A user who starts the app from a menu never sees a terminal, and a CLI user should see one
clear line, not a traceback; the details a bug report needs go here instead. The file is
``teambuilder.log`` in the user's log folder (platformdirs), rotated at 1 MB with three old
files kept. ``TEAMBUILDER_LOG_DIR`` names another folder; without it a
``TEAMBUILDER_USER_DIR`` override (tests, screenshots) also moves the log, into its
``logs`` subfolder, so runs against a scratch folder never write into the real home. When
the folder cannot be created the app runs on without a log file: logging must never be the
reason it fails. No Qt here: the CLI sets this up before it knows whether Qt is needed.
"""

from __future__ import annotations

import logging
import os
from logging.handlers import RotatingFileHandler
from pathlib import Path

import platformdirs

from teambuilder.paths import APP_NAME

LOGGER_NAME = "teambuilder"
LOG_FILE = "teambuilder.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
EXIT_INTERNAL_ERROR = 70   # EX_SOFTWARE in sysexits.h: a bug in the app, not the user's input
FORMAT = "%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"

# Without any handler, logging's last resort would print our warnings to stderr, the
# terminal this module exists to keep clean; records with no log file simply go nowhere.
logging.getLogger(LOGGER_NAME).addHandler(logging.NullHandler())


def log_dir() -> Path:
    """Where the log file goes (the folder may not exist yet)."""
    override = os.environ.get("TEAMBUILDER_LOG_DIR")
    if override:
        return Path(override)
    user_override = os.environ.get("TEAMBUILDER_USER_DIR")
    if user_override:
        return Path(user_override) / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME))


class AppLogHandler(RotatingFileHandler):
    """The app's rotating log file. A write that fails (disk full, file made read-only)
    is dropped quietly: the log is a help, never a new way for the app to fail."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


def _our_handler(logger: logging.Logger) -> AppLogHandler | None:
    for handler in logger.handlers:
        if isinstance(handler, AppLogHandler):
            return handler
    return None


def setup_logging() -> Path | None:
    """Log the ``teambuilder`` loggers to the rotating file; returns its path, or None when
    no log file can be written. Calling it again is cheap; when the folder has changed
    (another ``TEAMBUILDER_LOG_DIR``) the file handler moves with it."""
    logger = logging.getLogger(LOGGER_NAME)
    path = log_dir() / LOG_FILE
    current = _our_handler(logger)
    if current is not None:
        if Path(current.baseFilename) == path.absolute():
            return path
        logger.removeHandler(current)
        current.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Opened now, not on the first record, so a folder we cannot write to is found here.
        handler = AppLogHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(logging.INFO)
    logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
    return path


def log_path() -> Path | None:
    """The file the log is being written to, if logging is set up."""
    handler = _our_handler(logging.getLogger(LOGGER_NAME))
    return Path(handler.baseFilename) if handler is not None else None


def get_logger(name: str) -> logging.Logger:
    """A logger under the app's own (``teambuilder.<name>``)."""
    return logging.getLogger(f"{LOGGER_NAME}.{name}")


def summary(error: BaseException) -> str:
    """``RuntimeError: the message`` on one line, short enough for a dialog."""
    text = " ".join(str(error).split())
    if len(text) > 300:
        text = text[:297] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def internal_error_line(error: BaseException | str, path: Path | None) -> str:
    """The one line a command prints for a bug (the traceback is in the log file);
    ``error`` is the exception or its :func:`summary`."""
    where = f"details in {path}" if path is not None else "no log file could be written"
    text = error if isinstance(error, str) else summary(error)
    return f"teambuilder: internal error: {text}; {where}"


def stop_logging() -> None:
    """Close and drop the log file handler (tests; the app keeps it until it exits)."""
    logger = logging.getLogger(LOGGER_NAME)
    handler = _our_handler(logger)
    if handler is not None:
        logger.removeHandler(handler)
        handler.close()
