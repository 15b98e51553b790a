"""Files in and out at the edge of the app: bounded reading of untrusted files, and atomic
writes that respect the umask.

Team files, card files, scenarios and game records come from other people, so every reader
goes through :func:`read_text`: it refuses what is not a regular file (a folder, a FIFO, a
device) before opening it, never reads more than the limit for its kind of file (a 100 MB
"team" fails at once, in constant memory), and decodes UTF-8 strictly, naming the line of
the first bad byte. Every failure is an :class:`InputError` whose message starts with the
place. Writing goes through :func:`write_text_atomic`: a temporary file beside the target,
flushed to disk, given the permissions an ordinary ``open`` would give (the umask's, not
``mkstemp``'s 0600), then renamed over the target, so a full disk or a crash leaves the old
file intact; a failure is an :class:`OutputError` in one line.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

KIB = 1024
MIB = 1024 * KIB

# The most we read of each kind of file. Real ones are a thousandth of these or less (a team
# file is under 1 KB, the largest card file about 1 MB, a long game's record about 300 KB).
TEAM_FILE_LIMIT = 1 * MIB
CARD_FILE_LIMIT = 8 * MIB
SCENARIO_FILE_LIMIT = 1 * MIB
RECORD_FILE_LIMIT = 32 * MIB
FORMAT_FILE_LIMIT = 4 * MIB
COLLECTION_FILE_LIMIT = 16 * MIB


class InputError(ValueError):
    """Input that cannot be used: ``where`` (a file), the 1-based ``line`` when known, and
    the ``problem``; the message is ``where:line: problem`` (or ``where: problem``)."""

    def __init__(self, where: object, problem: str, line: int | None = None) -> None:
        super().__init__(f"{where}:{line}: {problem}" if line else f"{where}: {problem}")
        self.where, self.problem, self.line = str(where), problem, line


class OutputError(OSError):
    """A file that could not be written; the message says which and why, in one line."""


def _size_text(size: int) -> str:
    return f"{size / MIB:.1f} MB" if size >= MIB else f"{size / KIB:.0f} KB" if size >= KIB else f"{size} bytes"


def _why(error: OSError) -> str:
    return error.strerror or str(error)


def read_bytes(path: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else :class:`InputError`."""
    try:
        info = path.stat()
    except OSError as error:
        if error.errno == errno.ENOENT:
            raise InputError(path, "no such file") from error
        raise InputError(path, f"cannot read: {_why(error)}") from error
    if stat.S_ISDIR(info.st_mode):
        raise InputError(path, f"is a folder; expected a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise InputError(path, f"not a regular file; expected a {what}")
    if info.st_size > limit:
        raise InputError(path, f"too large for a {what} ({_size_text(info.st_size)}; "
                               f"the limit is {_size_text(limit)})")
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)      # the file may have grown since stat
    except OSError as error:
        raise InputError(path, f"cannot read: {_why(error)}") from error
    if len(data) > limit:
        raise InputError(path, f"too large for a {what} (the limit is {_size_text(limit)})")
    return data


def decode_text(data: bytes, where: str) -> str:
    """UTF-8 text (a leading byte-order mark dropped), or an error naming the bad byte's line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(where, f"not UTF-8 text (byte 0x{data[error.start]:02x}); save the file as UTF-8",
                         line) from error
    return text.removeprefix("\ufeff")


def parse_json(text: str, where: str) -> Any:
    """Parsed JSON, or :class:`InputError` naming the line (JSON nested past Python's
    recursion limit and numbers of thousands of digits included)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(where, f"invalid JSON: {error.msg}", error.lineno) from error
    except RecursionError as error:
        raise InputError(where, "invalid JSON: nested too deeply", 1) from error
    except ValueError as error:     # an int of more than 4,300 digits
        raise InputError(where, f"invalid JSON: {error}", 1) from error


def read_text(path: Path, limit: int, what: str = "file") -> str:
    """A bounded, strictly decoded UTF-8 file (see :func:`read_bytes`)."""
    return decode_text(read_bytes(path, limit, what), str(path))


def _creation_mode() -> int:
    """The mode ``open(path, 'w')`` would give a new file: 0666 less the umask."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary file beside ``path`` for the caller to fill; when the block ends without
    an error it replaces ``path`` (keeping an existing file's permissions, else the umask's).
    On any failure the temporary file goes and ``path`` is untouched; an OSError becomes
    one :class:`OutputError` line."""
    if path.is_dir():
        raise OutputError(f"{path}: is a folder; give a file name")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError as error:
        # Some folder on the way is a file: name it, so the user knows what is in the way.
        blocker = next((parent for parent in path.parents if parent.is_file()), path.parent)
        raise OutputError(f"{path}: {blocker} is a file, not a folder; give another place") from error
    except OSError as error:
        raise OutputError(f"{path}: cannot create its folder: {_why(error)}") from error
    try:
        # An existing file keeps its permissions; a new one gets the umask's.
        mode = stat.S_IMODE(path.stat().st_mode) if path.is_file() else _creation_mode()
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(handle)
    except OSError as error:
        raise OutputError(f"{path}: cannot write: {_why(error)}") from error
    try:
        yield Path(temporary)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as error:
        raise OutputError(f"{path}: cannot write: {_why(error)}; the previous file is unchanged") from error
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once; on any failure the old file is untouched."""
    with atomic_path(path) as temporary, temporary.open("wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())


def write_text_atomic(path: Path, text: str) -> None:
    """Write UTF-8 text atomically (see :func:`write_bytes_atomic`)."""
    write_bytes_atomic(path, text.encode("utf-8"))
