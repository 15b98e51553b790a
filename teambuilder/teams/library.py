"""The user's team library: every saved team, in one SQLite file in the user data folder.

Unlike the catalogue index this file is the only copy of the user's work, so it is never
rebuilt, replaced or dropped: it is created once, changed only inside transactions, and
brought up to date by numbered migration steps (``PRAGMA user_version``, see
:mod:`teambuilder.teams.library_schema`). A file that is not a library, a library written by
a newer schema, or one with a damaged page is refused and left byte for byte as it was;
:meth:`TeamLibrary.set_aside` moves such a file out of the way, keeping it, so a new library
can start. Each team is kept as its team-file YAML (``team_file.to_yaml``) so card
references the catalogue does not know survive; name, format and counts are copied into
columns so the library lists without opening every team. A damaged row is listed as damaged
(see :mod:`teambuilder.teams.library_rows`) rather than hiding the rest. Deleting moves a team
to the trash (a flag); only purging a trashed team removes it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Self

import yaml
from sqlalchemy import Connection, Engine, insert, update
from sqlalchemy.exc import SQLAlchemyError

from teambuilder import paths
from teambuilder.catalogue.store import one_line
from teambuilder.teams.library_names import numbered_name
from teambuilder.teams.library_rows import (
    LibraryEntry,
    RawTeam,
    RowChecker,
    dump,
    parse_stamp,
    parse_team,
    select_all,
    select_raw,
)
from teambuilder.teams.library_schema import (
    APPLICATION_ID,
    LIBRARY_FILE,
    MIGRATIONS,
    SCHEMA_VERSION,
    WRITE_OPTION,
    LibraryError,
    Migration,
    TeamRow,
    check_file,
    explain,
    make_engine,
    migrate,
)
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import TeamFileError, parse_yaml_team, to_yaml

__all__ = ["APPLICATION_ID", "LIBRARY_FILE", "MIGRATIONS", "SCHEMA_VERSION", "LibraryEntry",
           "LibraryError", "Migration", "TeamLibrary", "TeamRow"]

_TEAM = TeamRow.__table__  # type: ignore[attr-defined]
# SQLite keeps a rollback journal (or a write-ahead log and its index) beside the file; a
# file set aside takes them along, or a new library would inherit the old one's journal.
_COMPANIONS = ("-journal", "-wal", "-shm")


def _yaml_of(team: Team) -> str:
    """The team's YAML, refused unless reading it back gives the same team."""
    text = to_yaml(team)
    try:
        again: Team | None = parse_yaml_team(text, "<library>")
        problem = ""
    except (TeamFileError, yaml.YAMLError) as error:
        again, problem = None, f" ({one_line(error)})"
    if again != team:
        raise LibraryError(f"cannot save team {team.name!r}: its name, format or card references "
                           f"do not survive being written as a team file{problem}")
    return text


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _next_stamp(connection: Connection) -> str:
    """Now, but always after the latest readable stamp: saves in one clock tick (or after the
    clock was set back) still list in the order they happened. Damaged stamps are skipped."""
    now = datetime.now(UTC)
    for (value,) in connection.exec_driver_sql(
            "SELECT CAST(modified AS BLOB) FROM team ORDER BY modified DESC LIMIT 50"):
        latest = parse_stamp(value)
        if latest is not None:
            try:
                return _stamp(max(now, latest + timedelta(microseconds=1)))
            except OverflowError:   # a stamp near year 9999: no later time exists
                break
    return _stamp(now)


def _columns(team: Team, text: str, stamp: str) -> dict[str, Any]:
    return {"name": team.name, "format": team.format, "cards": len(team.cards),
            "dice": team.total_dice, "team_yaml": text, "modified": stamp}


def _missing(team_id: int) -> LibraryError:
    return LibraryError(f"no team {team_id} in the library")


class TeamLibrary:
    """An open library file. Every method is one transaction: it happens completely or, when
    it raises :class:`LibraryError`, not at all. Every failure, whatever its cause (a full
    disk, a read-only file, another program holding the lock, a damaged row), is a
    :class:`LibraryError` with a one-line message. Safe to share between threads."""

    def __init__(self, path: Path, engine: Engine) -> None:
        self.path = path
        self._engine = engine
        self._writer = engine.execution_options(**{WRITE_OPTION: True})
        self._closed = False
        self._checker = RowChecker()

    @classmethod
    def open(cls, path: Path | None = None, *,
             migrations: Sequence[Migration] = MIGRATIONS) -> TeamLibrary:
        """Open (creating or upgrading) the library at ``path``, by default
        ``library.sqlite`` in the user data folder. ``migrations`` is the schema history;
        only tests pass anything but :data:`MIGRATIONS`.

        Raises :class:`LibraryError` (one line) for a file that is not a library, a folder in
        its place, a library from a newer release, a damaged file, or one that cannot be read;
        the file is left as it was. :meth:`set_aside` then moves it away so that ``open()``
        can start a new library."""
        path = path if path is not None else paths.user_dir() / LIBRARY_FILE
        check_file(path, len(migrations))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LibraryError(f"cannot create the team library {path}: {error.strerror}; "
                               "check its folder") from error
        library = cls(path, make_engine(path))
        try:
            with library._errors("open"), library._writer.begin() as connection:
                migrate(connection, path, migrations)
        except BaseException:
            library.close()
            raise
        return library

    @staticmethod
    def set_aside(path: Path | None = None) -> Path:
        """Rename a library that cannot be opened out of the way and return its new name.

        ``path`` (by default the user's library) becomes ``library.sqlite.damaged-YYYYmmdd-
        HHMMSS`` beside it, with its ``-journal``, ``-wal`` and ``-shm`` files renamed to
        match, so every byte is kept (nothing is deleted or rewritten) and SQLite tools can
        still open the old file. Afterwards :meth:`open` creates a new, empty library. For
        the start-up dialog that offers this when :meth:`open` raised :class:`LibraryError`.
        Works on a folder in the library's place too. Raises :class:`LibraryError` when there
        is nothing to set aside or the rename fails (the files are then as they were)."""
        path = path if path is not None else paths.user_dir() / LIBRARY_FILE
        if not os.path.lexists(path):
            raise LibraryError(f"there is no team library at {path} to set aside")
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target, number = path.with_name(f"{path.name}.damaged-{stamp}"), 1
        while any(os.path.lexists(f"{target}{suffix}") for suffix in ("", *_COMPANIONS)):
            number += 1
            target = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
        moved: list[tuple[Path, Path]] = []
        try:
            for suffix in ("", *_COMPANIONS):
                source = Path(f"{path}{suffix}")
                if os.path.lexists(source):
                    os.rename(source, f"{target}{suffix}")
                    moved.append((source, Path(f"{target}{suffix}")))
        except OSError as error:
            for source, moved_to in reversed(moved):   # all or nothing, as far as we can
                with suppress(OSError):
                    os.rename(moved_to, source)
            raise LibraryError(f"cannot set the team library {path} aside: {error.strerror}; "
                               "move it away by hand") from error
        return target

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
        except (SQLAlchemyError, OSError) as error:
            raise LibraryError(f"cannot {doing} the team library {self.path}: "
                               f"{explain(error)}") from error

    @contextmanager
    def _connection(self, doing: str, write: bool = True) -> Iterator[Connection]:
        engine = self._writer if write else self._engine
        with self._errors(doing), engine.begin() as connection:
            yield connection

    def transaction(self, doing: str, write: bool = True) -> contextlib.AbstractContextManager[Connection]:
        """One transaction on the library file, for the other stores kept in it (the
        collection): all of it happens or none, and every failure is a LibraryError
        saying what could not be done (``doing``: "save the collection to")."""
        return self._connection(doing, write)

    @staticmethod
    def _raw(connection: Connection, team_id: int) -> RawTeam:
        raw = select_raw(connection, team_id)
        if raw is None:
            raise _missing(team_id)
        return raw

    def _team(self, raw: RawTeam) -> Team:
        """The row's team with its origin; LibraryError naming the id when it is damaged."""
        problems = self._checker.problems(raw)
        if problems:
            raise LibraryError(f"team {raw.id} in the library is damaged ({'; '.join(problems)}); "
                               "export it raw or delete it in the team library")
        return replace(parse_team(raw), source=raw.text("source") or "")

    def save(self, team: Team, team_id: int | None = None) -> int:
        """Add ``team`` (no ``team_id``) or replace team ``team_id``; returns its id.

        An update keeps the stored ``source`` unless ``team.source`` names a new one, and
        keeps a trashed team in the trash. Saving over a damaged team repairs it."""
        text = _yaml_of(team)
        with self._connection("save to") as connection:
            if team_id is None:
                return self._insert(connection, team, text)
            stamp = _next_stamp(connection)
            raw = self._raw(connection, team_id)
            connection.execute(update(_TEAM).where(_TEAM.c.id == team_id).values(
                source=team.source or raw.text("source") or "", **_columns(team, text, stamp)))
            return team_id

    @staticmethod
    def _insert(connection: Connection, team: Team, text: str) -> int:
        stamp = _next_stamp(connection)
        result = connection.execute(insert(_TEAM).values(
            source=team.source, created=stamp, deleted=False, **_columns(team, text, stamp)))
        saved_id = result.inserted_primary_key[0] if result.inserted_primary_key else None
        assert isinstance(saved_id, int)   # SQLite assigns it on insert
        return saved_id

    def add_new(self, team: Team) -> tuple[int, Team]:
        """Add ``team`` as a new team (an import); when a team in the library (not in the
        trash) has its name already, it is added as "Name (2)" (see library_names). Returns
        the new id and the team as saved."""
        with self._connection("save to") as connection:
            names = [raw.text("name") or "" for raw in select_all(connection, False)]
            named = replace(team, name=numbered_name(team.name, names))
            return self._insert(connection, named, _yaml_of(named)), named

    def load(self, team_id: int) -> Team:
        """The team as saved; its ``source`` is where it originally came from. A damaged
        team raises :class:`LibraryError` naming its id and what is wrong."""
        with self._connection("read", write=False) as connection:
            raw = self._raw(connection, team_id)
        return self._team(raw)

    def export_raw(self, team_id: int) -> bytes:
        """Team ``team_id`` exactly as stored, damaged or not, as the bytes of one file: the
        columns as comment lines, then the stored team YAML (see ``library_rows.dump``)."""
        with self._connection("read", write=False) as connection:
            raw = self._raw(connection, team_id)
        problems = self._checker.problems(raw)
        return dump(raw, "; ".join(problems) if problems else None)

    def entries(self, include_deleted: bool = False) -> list[LibraryEntry]:
        """The library's teams, most recently modified first; the trash only when asked. A
        damaged team is listed too, with ``damaged`` saying why it cannot be opened."""
        with self._connection("list", write=False) as connection:
            rows = select_all(connection, include_deleted)
        return [self._checker.entry(raw) for raw in rows]

    def rename(self, team_id: int, name: str) -> None:
        """Give team ``team_id`` a new name (in its YAML too); it counts as modified."""
        with self._connection("rename a team in") as connection:
            renamed = replace(self._team(self._raw(connection, team_id)), name=name)
            columns = _columns(renamed, _yaml_of(renamed), _next_stamp(connection))
            connection.execute(update(_TEAM).where(_TEAM.c.id == team_id).values(**columns))

    def _set_deleted(self, team_id: int, deleted: bool, doing: str) -> None:
        with self._connection(doing) as connection:
            self._raw(connection, team_id)
            connection.execute(update(_TEAM).where(_TEAM.c.id == team_id).values(deleted=deleted))

    def delete(self, team_id: int) -> None:
        """Move team ``team_id`` (damaged or not) to the trash; nothing is removed."""
        self._set_deleted(team_id, True, "move a team to the trash in")

    def restore(self, team_id: int) -> None:
        """Take team ``team_id`` out of the trash."""
        self._set_deleted(team_id, False, "restore a team in")

    def purge(self, team_id: int) -> None:
        """Remove trashed team ``team_id`` (damaged or not) for good."""
        with self._connection("delete a team from") as connection:
            if self._raw(connection, team_id).columns["deleted"] != b"1":
                raise LibraryError(f"team {team_id} is not in the trash; move it to the trash "
                                   "before deleting it for good")
            connection.exec_driver_sql("DELETE FROM team WHERE id = ?", (team_id,))
