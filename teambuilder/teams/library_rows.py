"""Reading library rows as raw bytes, so one damaged team never hides the others.

Another program, a disk error or a hand edit can leave a row SQLite still reads but Python
cannot: text that is not UTF-8 (which makes ``sqlite3`` raise "could not decode" for the
whole query), a NULL where text belongs, a timestamp that is not a date, YAML that is not a
team. Every column is therefore selected ``CAST(... AS BLOB)`` and decoded here, one row at
a time: a row that fails any check becomes a :class:`LibraryEntry` whose ``damaged`` says
why, and its bytes stay available, untouched, through :func:`dump` for the user to keep.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime

import yaml
from sqlalchemy import Connection

from teambuilder.catalogue.store import one_line
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import parse_yaml_team

COLUMNS = ("id", "name", "format", "cards", "dice", "team_yaml", "source", "created",
           "modified", "deleted")
_SELECT = "SELECT id, " + ", ".join(f"CAST({c} AS BLOB)" for c in COLUMNS[1:]) + " FROM team"
# The largest id SQLite stores; a bigger Python int cannot even be bound as a parameter.
MAX_ID = 2**63 - 1


@dataclass(frozen=True)
class LibraryEntry:
    """One team as the library lists it. ``cards`` counts characters and actions (not basic
    actions); ``modified`` is time-zone aware, in the computer's local time, or None when the
    stored time is unreadable. ``damaged`` is None for a healthy team, else the reason it
    cannot be opened (it can still be exported raw, moved to the trash and purged)."""

    id: int
    name: str
    format: str
    cards: int
    dice: int
    modified: datetime | None
    deleted: bool
    damaged: str | None = None


@dataclass(frozen=True)
class RawTeam:
    """A team row exactly as stored: every column but the id as bytes, or None for NULL."""

    id: int
    columns: dict[str, bytes | None]

    def text(self, column: str) -> str | None:
        """The column as text, or None when it is NULL or not UTF-8."""
        value = self.columns[column]
        try:
            return value.decode("utf-8") if value is not None else None
        except UnicodeDecodeError:
            return None

    def shown(self, column: str) -> str:
        """The column for display, whatever it holds."""
        value = self.columns[column]
        return value.decode("utf-8", errors="replace") if value is not None else ""


def _raw(row: tuple[object, ...]) -> RawTeam:
    values = {column: value if isinstance(value, bytes | None) else str(value).encode()
              for column, value in zip(COLUMNS[1:], row[1:], strict=True)}
    return RawTeam(id=int(str(row[0])), columns=values)


def select_raw(connection: Connection, team_id: int) -> RawTeam | None:
    if not 0 < team_id <= MAX_ID:
        return None
    row = connection.exec_driver_sql(f"{_SELECT} WHERE id = ?", (team_id,)).first()
    return _raw(tuple(row)) if row is not None else None


def select_all(connection: Connection, include_deleted: bool) -> list[RawTeam]:
    # "IS NOT 1", not "= 0": a row whose trash flag was damaged is listed, not hidden.
    where = "" if include_deleted else " WHERE deleted IS NOT 1"
    statement = f"{_SELECT}{where} ORDER BY modified DESC, id DESC"
    return [_raw(tuple(row)) for row in connection.exec_driver_sql(statement)]


def parse_stamp(value: bytes | None) -> datetime | None:
    """A stored timestamp, or None when it is not one (naive times are taken as UTC)."""
    try:
        moment = datetime.fromisoformat(value.decode("ascii")) if value is not None else None
    except (UnicodeDecodeError, ValueError):
        return None
    if moment is not None and moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment


def _count(value: bytes | None) -> int | None:
    try:
        number = int(value.decode("ascii")) if value is not None else None
    except (UnicodeDecodeError, ValueError):
        return None
    return number if number is not None and number >= 0 else None


def parse_team(raw: RawTeam) -> Team:
    """The row's team; ValueError (one line) when its YAML is not one."""
    text = raw.text("team_yaml")
    if text is None:
        raise ValueError("its team is missing or not readable text")
    try:
        return parse_yaml_team(text, f"team {raw.id}")
    except (ValueError, yaml.YAMLError, RecursionError) as error:
        raise ValueError(f"its team cannot be read: {one_line(error)}") from error


class RowChecker:
    """Decides whether rows are healthy. Parsing every team's YAML costs about a millisecond
    a team, so the verdict on each team's YAML is remembered by the hash of its bytes and a
    listing parses only what changed since the last one."""

    def __init__(self) -> None:
        self._yaml_verdicts: dict[int, tuple[bytes, str | None]] = {}

    def _yaml_problem(self, raw: RawTeam) -> str | None:
        digest = hashlib.blake2b(raw.columns["team_yaml"] or b"\0", digest_size=16).digest()
        known = self._yaml_verdicts.get(raw.id)
        if known is not None and known[0] == digest:
            return known[1]
        try:
            parse_team(raw)
            problem = None
        except ValueError as error:
            problem = str(error)
        self._yaml_verdicts[raw.id] = (digest, problem)
        return problem

    def problems(self, raw: RawTeam) -> list[str]:
        """Every reason the row cannot be opened; empty for a healthy row."""
        found = []
        for column, what in (("name", "name"), ("format", "format"), ("source", "origin")):
            if raw.columns[column] is None:
                found.append(f"its {what} is missing")
            elif raw.text(column) is None:
                found.append(f"its {what} is not readable text")
        for column, what in (("cards", "card count"), ("dice", "dice count")):
            if _count(raw.columns[column]) is None:
                found.append(f"its {what} is not a number")
        if parse_stamp(raw.columns["modified"]) is None:
            found.append(f"its last-changed time {raw.shown('modified')[:40]!r} is not a date")
        if raw.columns["deleted"] not in (b"0", b"1"):
            found.append("its trash flag is neither 0 nor 1")
        yaml_problem = self._yaml_problem(raw)
        if yaml_problem is not None:
            found.append(yaml_problem)
        return found

    def entry(self, raw: RawTeam) -> LibraryEntry:
        problems = self.problems(raw)
        modified = parse_stamp(raw.columns["modified"])
        return LibraryEntry(id=raw.id, name=raw.shown("name"), format=raw.shown("format"),
                            cards=_count(raw.columns["cards"]) or 0,
                            dice=_count(raw.columns["dice"]) or 0,
                            modified=modified.astimezone() if modified is not None else None,
                            deleted=raw.columns["deleted"] == b"1",
                            damaged="; ".join(problems) if problems else None)


def _escaped(value: bytes) -> bytes:
    # Reversible, and only for the bytes that would end a comment line.
    return value.replace(b"\\", b"\\\\").replace(b"\n", b"\\n").replace(b"\r", b"\\r")


def dump(raw: RawTeam, reason: str | None) -> bytes:
    """The row as one file: a YAML comment line per column (bytes as stored; backslash,
    CR and LF escaped), then the stored team YAML byte for byte. When only the columns are
    damaged the file is still a team file that imports."""
    lines = [f"# teambuilder team library, team {raw.id}, exported as stored".encode()]
    if reason:
        lines.append(b"# damaged: " + _escaped(reason.encode("utf-8")))
    for column in COLUMNS[1:]:
        if column != "team_yaml":
            value = raw.columns[column]
            lines.append(f"# {column}: ".encode() + (b"NULL" if value is None
                                                     else b"'" + _escaped(value) + b"'"))
    lines.append(b"# team_yaml follows" + (b" (NULL)" if raw.columns["team_yaml"] is None else b""))
    return b"\n".join(lines) + b"\n" + (raw.columns["team_yaml"] or b"")
