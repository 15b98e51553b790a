"""The user's team library: every saved team, in one SQLite file in the user data folder.

Unlike the catalogue index this file is the only copy of the user's work, so it is never
rebuilt, replaced or dropped: it is created once, changed only inside transactions, and
brought up to date by numbered migration steps (``PRAGMA user_version``). A file that is not
a library, or a library written by a newer schema, is refused and left byte for byte as it
was. Each team is kept as its team-file YAML (``team_file.to_yaml``) so card references the
catalogue does not know survive; name, format and counts are copied into columns so the
library lists without parsing every team. Deleting moves a team to the trash (a flag); only
purging a trashed team removes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Self

import yaml
from sqlalchemy import URL, Connection, Engine, event, func
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import registry
from sqlmodel import Field, Session, SQLModel, col, create_engine, select

from teambuilder import paths
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import TeamFileError, parse_yaml_team, to_yaml

LIBRARY_FILE = "library.sqlite"
# Written into the SQLite header by the first migration: tells our libraries apart from
# every other SQLite file without running a query (b"TBLB").
APPLICATION_ID = 0x54424C42
_SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
_WRITE_OPTION = "teambuilder_library_write"


class LibraryError(Exception):
    """A library problem the user can act on; the message is one line."""


@dataclass(frozen=True)
class LibraryEntry:
    """One team as the library lists it. ``cards`` counts characters and actions (not basic
    actions); ``modified`` is time-zone aware, in the computer's local time."""

    id: int
    name: str
    format: str
    cards: int
    dice: int
    modified: datetime
    deleted: bool


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


# Step N takes a file from version N - 1 to version N. Append steps; never edit a released
# one (a user's file was built by it).
MIGRATIONS: tuple[Migration, ...] = (_create_schema_v1,)
SCHEMA_VERSION = len(MIGRATIONS)


def _take_transaction_control(dbapi_connection: Any, _record: Any) -> None:
    # Python's sqlite3 (before 3.12) begins no transaction before DDL or SELECT; with its
    # control off and our own BEGIN, migrations and read-check-write sequences are atomic.
    dbapi_connection.isolation_level = None


def _begin(connection: Connection) -> None:
    # Writers take the write lock up front: two app instances saving at once wait for each
    # other instead of one failing halfway through.
    immediate = connection.get_execution_options().get(_WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _engine(path: Path) -> Engine:
    # URL.create, not an f-string: a folder name with '?' or '#' stays part of the path.
    engine = create_engine(URL.create("sqlite", database=str(path)),
                           connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _take_transaction_control)
    event.listen(engine, "begin", _begin)
    return engine


def _one_line(error: BaseException) -> str:
    reason = error.orig if isinstance(error, DBAPIError) else error
    lines = str(reason).strip().splitlines()
    return lines[0] if lines else type(reason).__name__


def _check_identity(path: Path, application_id: int, version: int, newest: int) -> None:
    if application_id != APPLICATION_ID:
        raise LibraryError(f"{path} is an SQLite database but not a team library; "
                           "it was left as it is (choose another file)")
    if version > newest:
        raise LibraryError(f"{path} was written by a newer teambuilder (library version "
                           f"{version}, this one reads up to {newest}); update teambuilder")


def _check_file(path: Path, newest: int) -> None:
    """Refuse, from the raw header alone, a file that is not a library we can read.

    SQLite never opens such a file, so nothing (not even a journal) can change it."""
    if path.is_dir():
        raise LibraryError(f"{path} is a folder, not a team library")
    try:
        with path.open("rb") as stream:
            header = stream.read(_HEADER_SIZE)
    except FileNotFoundError:
        return
    except OSError as error:
        raise LibraryError(f"cannot read the team library {path}: {error.strerror}") from error
    if not header:  # an empty file holds nothing to lose: it becomes a new library
        return
    if len(header) < _HEADER_SIZE or not header.startswith(_SQLITE_MAGIC):
        raise LibraryError(f"{path} is not a team library (not an SQLite database); "
                           "it was left as it is (choose another file)")
    _check_identity(path, int.from_bytes(header[68:72], "big"),
                    int.from_bytes(header[60:64], "big"), newest)


def _migrate(connection: Connection, path: Path, migrations: Sequence[Migration]) -> None:
    """Bring the file to ``len(migrations)`` inside the caller's transaction."""
    def pragma(name: str) -> int:
        return int(connection.exec_driver_sql(f"PRAGMA {name}").scalar_one())

    version, application_id = pragma("user_version"), pragma("application_id")
    objects = connection.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar_one()
    # Checked again under the lock: the header read before may have predated a rollback.
    if (version, application_id, objects) != (0, 0, 0):
        _check_identity(path, application_id, version, len(migrations))
    if version == len(migrations):
        return
    for step in migrations[version:]:
        step(connection)
    connection.exec_driver_sql(f"PRAGMA user_version = {len(migrations)}")


def _yaml_of(team: Team) -> str:
    """The team's YAML, refused unless reading it back gives the same team."""
    text = to_yaml(team)
    try:
        again: Team | None = parse_yaml_team(text, "<library>")
        problem = ""
    except (TeamFileError, yaml.YAMLError) as error:
        again, problem = None, f" ({_one_line(error)})"
    if again != team:
        raise LibraryError(f"cannot save team {team.name!r}: its name, format or card references "
                           f"do not survive being written as a team file{problem}")
    return text


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


class TeamLibrary:
    """An open library file. Every method is one transaction: it happens completely or, when
    it raises :class:`LibraryError`, not at all. Safe to share between threads."""

    def __init__(self, path: Path, engine: Engine) -> None:
        self.path = path
        self._engine = engine
        self._writer = engine.execution_options(**{_WRITE_OPTION: True})
        self._closed = False

    @classmethod
    def open(cls, path: Path | None = None, *,
             migrations: Sequence[Migration] = MIGRATIONS) -> TeamLibrary:
        """Open (creating or upgrading) the library at ``path``, by default
        ``library.sqlite`` in the user data folder. ``migrations`` is the schema history;
        only tests pass anything but :data:`MIGRATIONS`."""
        path = path if path is not None else paths.user_dir() / LIBRARY_FILE
        _check_file(path, len(migrations))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LibraryError(f"cannot create the team library {path}: {error.strerror}") from error
        library = cls(path, _engine(path))
        try:
            with library._errors("open"), library._writer.begin() as connection:
                _migrate(connection, path, migrations)
        except BaseException:
            library.close()
            raise
        return library

    def close(self) -> None:
        """Release the file; the library cannot be used afterwards."""
        self._closed = True
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        if self._closed:
            raise LibraryError(f"the team library {self.path} is closed")
        try:
            yield
        except SQLAlchemyError as error:
            reason = _one_line(error)
            if "locked" in reason:
                reason = "it is busy (is teambuilder running twice?); try again"
            raise LibraryError(f"cannot {doing} the team library {self.path}: {reason}") from error

    @contextmanager
    def _session(self, doing: str, write: bool = True) -> Iterator[Session]:
        engine = self._writer if write else self._engine
        with self._errors(doing), Session(engine) as session, session.begin():
            yield session

    @staticmethod
    def _row(session: Session, team_id: int) -> TeamRow:
        row = session.get(TeamRow, team_id)
        if row is None:
            raise LibraryError(f"no team {team_id} in the library")
        return row

    @staticmethod
    def _next_stamp(session: Session) -> str:
        """Now, but always after the latest stamp: saves in one clock tick (or after the
        clock was set back) still list in the order they happened."""
        now = datetime.now(UTC)
        latest = session.exec(select(func.max(col(TeamRow.modified)))).one()
        if latest is not None and now <= datetime.fromisoformat(latest):
            now = datetime.fromisoformat(latest) + timedelta(microseconds=1)
        return _stamp(now)

    @staticmethod
    def _columns(team: Team, text: str, stamp: str) -> dict[str, Any]:
        return {"name": team.name, "format": team.format, "cards": len(team.cards),
                "dice": team.total_dice, "team_yaml": text, "modified": stamp}

    def save(self, team: Team, team_id: int | None = None) -> int:
        """Add ``team`` (no ``team_id``) or replace team ``team_id``; returns its id.

        An update keeps the stored ``source`` unless ``team.source`` names a new one, and
        keeps a trashed team in the trash."""
        text = _yaml_of(team)
        with self._session("save to") as session:
            stamp = self._next_stamp(session)
            if team_id is None:
                row = TeamRow(source=team.source, created=stamp,
                              **self._columns(team, text, stamp))
                session.add(row)
            else:
                row = self._row(session, team_id)
                row.sqlmodel_update(self._columns(team, text, stamp))
                row.source = team.source or row.source
            session.flush()
            saved_id = row.id
        assert saved_id is not None  # the flush assigned it
        return saved_id

    def load(self, team_id: int) -> Team:
        """The team as saved; its ``source`` is where it originally came from."""
        with self._session("read", write=False) as session:
            row = self._row(session, team_id)
            text, source = row.team_yaml, row.source
        try:
            team = parse_yaml_team(text, f"team {team_id}")
        except (TeamFileError, yaml.YAMLError) as error:
            raise LibraryError(f"team {team_id} in the library cannot be read: "
                               f"{_one_line(error)}") from error
        return replace(team, source=source)

    def entries(self, include_deleted: bool = False) -> list[LibraryEntry]:
        """The library's teams, most recently modified first; the trash only when asked."""
        statement = select(TeamRow)
        if not include_deleted:
            statement = statement.where(col(TeamRow.deleted).is_(False))
        statement = statement.order_by(col(TeamRow.modified).desc(), col(TeamRow.id).desc())
        with self._session("list", write=False) as session:
            return [LibraryEntry(id=row.id or 0, name=row.name, format=row.format,
                                 cards=row.cards, dice=row.dice,
                                 modified=datetime.fromisoformat(row.modified).astimezone(),
                                 deleted=bool(row.deleted))
                    for row in session.exec(statement)]

    def rename(self, team_id: int, name: str) -> None:
        """Give team ``team_id`` a new name (in its YAML too); it counts as modified."""
        with self._session("rename a team in") as session:
            row = self._row(session, team_id)
            try:
                team = parse_yaml_team(row.team_yaml, f"team {team_id}")
            except (TeamFileError, yaml.YAMLError) as error:
                raise LibraryError(f"team {team_id} in the library cannot be read: "
                                   f"{_one_line(error)}") from error
            renamed = replace(team, name=name)
            row.sqlmodel_update(self._columns(renamed, _yaml_of(renamed), self._next_stamp(session)))

    def _set_deleted(self, team_id: int, deleted: bool, doing: str) -> None:
        with self._session(doing) as session:
            self._row(session, team_id).deleted = deleted

    def delete(self, team_id: int) -> None:
        """Move team ``team_id`` to the trash; nothing is removed."""
        self._set_deleted(team_id, True, "move a team to the trash in")

    def restore(self, team_id: int) -> None:
        """Take team ``team_id`` out of the trash."""
        self._set_deleted(team_id, False, "restore a team in")

    def purge(self, team_id: int) -> None:
        """Remove trashed team ``team_id`` for good."""
        with self._session("delete a team from") as session:
            row = self._row(session, team_id)
            if not row.deleted:
                raise LibraryError(f"team {team_id} is not in the trash; move it to the trash "
                                   "before deleting it for good")
            session.delete(row)
