"""The team library's file: its table, its numbered migrations, and the checks that decide
whether a file on disk is a library this release may open.

A library is an SQLite file whose header carries our ``application_id`` and whose
``user_version`` counts the migration steps applied to it. :func:`check_file` refuses, from
the raw header alone, anything else (a team file, another program's database, a library from
a newer release), so SQLite never opens such a file and cannot change a byte of it.
:func:`migrate` brings a file up to date inside the caller's transaction, after
:func:`check_integrity` has made sure no page of it is damaged. :func:`explain` turns a
database error into the one line the user reads, with what to do about it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import URL, Connection, Engine, event
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel, create_engine

from teambuilder.catalogue.store import one_line

LIBRARY_FILE = "library.sqlite"
# Written into the SQLite header by the first migration: tells our libraries apart from
# every other SQLite file without running a query (b"TBLB").
APPLICATION_ID = 0x54424C42
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
WRITE_OPTION = "teambuilder_library_write"
SET_ASIDE_HINT = "set it aside to start a new, empty library"
_ROW_PROBLEMS = ("CHECK constraint failed", "NULL value in ")


class LibraryError(Exception):
    """A library problem the user can act on; the message is one line."""


class _LibraryModel(SQLModel, registry=registry()):
    """Base of the library tables. Its own registry keeps them out of ``SQLModel.metadata``,
    which the catalogue index creates wholesale in its own file."""


class TeamRow(_LibraryModel, table=True):
    """A stored team. Timestamps are fixed-width UTC ISO text, so text order is time order.
    The table itself is created by the migration steps, never by ``create_all``."""

    __tablename__ = "team"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    format: str
    cards: int
    dice: int
    team_yaml: str
    source: str = ""
    created: str
    modified: str
    deleted: bool = False


Migration = Callable[[Connection], None]


def _create_schema_v1(connection: Connection) -> None:
    # AUTOINCREMENT: an id is never handed out again after a purge, so a stale id kept by
    # a window or a setting can never open somebody else's team.
    connection.exec_driver_sql("""
        CREATE TABLE team (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            format TEXT NOT NULL,
            cards INTEGER NOT NULL,
            dice INTEGER NOT NULL,
            team_yaml TEXT NOT NULL,
            source TEXT NOT NULL DEFAULT '',
            created TEXT NOT NULL,
            modified TEXT NOT NULL,
            deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
        )""")
    connection.exec_driver_sql("CREATE INDEX team_listing ON team (deleted, modified)")
    connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")


def _add_collection_v2(connection: Connection) -> None:
    # The collection (issue 25): copies of each card, and dice of each physical die. Dice
    # are shared by the cards of one character in one set, as the physical dice are, so
    # they are counted per die, not per card. Counts can never go negative.
    connection.exec_driver_sql("""
        CREATE TABLE collection_card (
            code TEXT PRIMARY KEY NOT NULL,
            cards INTEGER NOT NULL DEFAULT 0 CHECK (cards >= 0),
            foils INTEGER NOT NULL DEFAULT 0 CHECK (foils >= 0),
            want INTEGER NOT NULL DEFAULT 0 CHECK (want >= 0)
        )""")
    connection.exec_driver_sql("""
        CREATE TABLE collection_die (
            die TEXT PRIMARY KEY NOT NULL,
            dice INTEGER NOT NULL DEFAULT 0 CHECK (dice >= 0)
        )""")


# Step N takes a file from version N - 1 to version N. Append steps; never edit a released
# one (a user's file was built by it).
MIGRATIONS: tuple[Migration, ...] = (_create_schema_v1, _add_collection_v2)
SCHEMA_VERSION = len(MIGRATIONS)


def _take_transaction_control(dbapi_connection: Any, _record: Any) -> None:
    # Python's sqlite3 (before 3.12) begins no transaction before DDL or SELECT; with its
    # control off and our own BEGIN, migrations and read-check-write sequences are atomic.
    dbapi_connection.isolation_level = None


def _begin(connection: Connection) -> None:
    # Writers take the write lock up front: two app instances saving at once wait for each
    # other instead of one failing halfway through.
    immediate = connection.get_execution_options().get(WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def make_engine(path: Path) -> Engine:
    # URL.create, not an f-string: a folder name with '?' or '#' stays part of the path.
    engine = create_engine(URL.create("sqlite", database=str(path)),
                           connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _take_transaction_control)
    event.listen(engine, "begin", _begin)
    return engine


# What the user can do about each kind of failure, matched on SQLite's own wording.
_HINTS = (
    (("locked", "busy"), "it is busy (is teambuilder running twice?); try again"),
    (("disk is full", "database or disk is full"), "the disk is full; free some space"),
    (("readonly", "read-only"), "the file or its folder is read-only; make them writable"),
    (("unable to open database file",),
     "its folder cannot be written or is gone; check the folder and its permissions"),
    (("disk i/o error",), "the disk reported an error; check the disk and the folder"),
    (("malformed", "not a database", "file is encrypted"), f"the file is damaged; {SET_ASIDE_HINT}"),
)


def explain(error: BaseException) -> str:
    """The error's own first line and, when we know one, what to do about it."""
    reason = one_line(error)
    lowered = reason.lower()
    for words, hint in _HINTS:
        if any(word in lowered for word in words):
            return hint if words[0] == "locked" else f"{reason} ({hint})"
    return reason


def check_identity(path: Path, application_id: int, version: int, newest: int) -> None:
    if application_id != APPLICATION_ID:
        raise LibraryError(f"{path} is an SQLite database but not a team library; "
                           "it was left as it is (choose another file, or set it aside)")
    if version > newest:
        raise LibraryError(f"{path} was written by a newer teambuilder (library version "
                           f"{version}, this one reads up to {newest}); update teambuilder, or "
                           f"{SET_ASIDE_HINT}")


def check_file(path: Path, newest: int) -> None:
    """Refuse, from the raw header alone, a file that is not a library we can read.

    SQLite never opens such a file, so nothing (not even a journal) can change it."""
    if path.is_dir():
        raise LibraryError(f"{path} is a folder, not a team library; move it away, "
                           "or set it aside")
    try:
        with path.open("rb") as stream:
            header = stream.read(HEADER_SIZE)
    except FileNotFoundError:
        return
    except OSError as error:
        raise LibraryError(f"cannot read the team library {path}: {error.strerror}; "
                           "check the file and its folder") from error
    if not header:  # an empty file holds nothing to lose: it becomes a new library
        return
    if len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        raise LibraryError(f"{path} is not a team library (not an SQLite database, or damaged); "
                           "it was left as it is (choose another file, or set it aside)")
    check_identity(path, int.from_bytes(header[68:72], "big"),
                   int.from_bytes(header[60:64], "big"), newest)


def check_integrity(connection: Connection, path: Path) -> None:
    """Refuse a library with a damaged page. A whole-file check costs milliseconds for a
    library, and finding the damage now beats a listing that fails at a random team later."""
    problems = [str(row[0]) for row in connection.exec_driver_sql("PRAGMA quick_check")]
    # A row breaking a CHECK or NOT NULL rule is one damaged team, listed as such (see
    # library_rows); only damage to the file's structure refuses the whole library.
    problems = [p for p in problems if p != "ok" and not p.startswith(_ROW_PROBLEMS)]
    if problems:
        raise LibraryError(f"the team library {path} is damaged ({problems[0]}); it was left "
                           f"as it is: {SET_ASIDE_HINT}")


def migrate(connection: Connection, path: Path, migrations: Sequence[Migration]) -> None:
    """Bring the file to ``len(migrations)`` inside the caller's transaction."""
    def pragma(name: str) -> int:
        return int(connection.exec_driver_sql(f"PRAGMA {name}").scalar_one())

    version, application_id = pragma("user_version"), pragma("application_id")
    objects = connection.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar_one()
    # Checked again under the lock: the header read before may have predated a rollback.
    if (version, application_id, objects) != (0, 0, 0):
        check_identity(path, application_id, version, len(migrations))
        check_integrity(connection, path)
    if version == len(migrations):
        return
    for step in migrations[version:]:
        step(connection)
    connection.exec_driver_sql(f"PRAGMA user_version = {len(migrations)}")
