"""A damaged team library: one bad row never hides the others, a damaged or foreign file is
refused in one line and can be set aside (never rebuilt or overwritten), and every failed
write is a LibraryError the app can show. Every case damages a real SQLite file the way a
disk error, another program or a hand edit would."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from teambuilder.teams.library import SCHEMA_VERSION, LibraryError, TeamLibrary
from teambuilder.teams.model import Team, TeamCard
from teambuilder.teams.team_file import parse_yaml_team

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def team(name: str, cards: int = 1) -> Team:
    return Team(name=name, cards=tuple(TeamCard(f"{n}sww", 2) for n in range(1, cards + 1)),
                basic_actions=("31sww",))


def sql(path: Path, *statements: str) -> list[tuple[object, ...]]:
    """Change (or read) the file the way another program would."""
    connection = sqlite3.connect(path)
    try:
        rows: list[tuple[object, ...]] = []
        for statement in statements:
            rows = connection.execute(statement).fetchall()
        connection.commit()
        return rows
    finally:
        connection.close()


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Make ``path`` (a file or folder) read-only for this process, then writable again.

    Permission bits do not stop root, so as root the immutable attribute does it instead;
    where that is not available either, the test is skipped (and says why)."""
    if not AS_ROOT:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if shutil.which("chattr") is None or subprocess.run(
            ["chattr", "+i", str(path)], capture_output=True, check=False).returncode:
        pytest.skip("running as root, where permissions do not stop writes, and this file "
                    "system has no immutable attribute (chattr +i)")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, check=False)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "user" / "library.sqlite"


@pytest.fixture
def filled(path: Path) -> dict[str, int]:
    """A library with three good teams and one that the test damages ("Victim")."""
    with TeamLibrary.open(path) as library:
        return {name: library.save(team(name, cards)) for name, cards in
                (("Oldest", 1), ("Victim", 2), ("Middle", 3), ("Newest", 4))}


def allow_nulls(path: Path) -> None:
    # As a hand edit or an older tool might leave the table: without NOT NULL on its text.
    sql(path, "PRAGMA writable_schema = ON",
        "UPDATE sqlite_master SET sql = replace(sql, 'TEXT NOT NULL', 'TEXT') WHERE name = 'team'")


DAMAGE = {
    "invalid UTF-8 in the name": (["UPDATE team SET name = CAST(x'ff4361ff' AS TEXT) WHERE id = ?"],
                                  "its name is not readable text", b"\xffCa\xff"),
    "invalid UTF-8 in the team": ([("UPDATE team SET team_yaml = CAST(x'6e616d653a20ff' AS TEXT) "
                                   "WHERE id = ?")], "its team is missing or not readable text",
                                  b"name: \xff"),
    "an unparsable timestamp": (["UPDATE team SET modified = 'the day before yesterday' WHERE id = ?"],
                                "last-changed time 'the day before yesterday' is not a date",
                                b"the day before yesterday"),
    "garbage YAML": (["UPDATE team SET team_yaml = 'name: [unclosed' || char(10) || '{{{' WHERE id = ?"],
                     "its team cannot be read", b"{{{"),
    "YAML that is not a team": ([("UPDATE team SET team_yaml = '- just' || char(10) || '- a list' "
                                 "WHERE id = ?")], "its team cannot be read", b"- a list"),
    "a NULL name": (["NULLS", "UPDATE team SET name = NULL WHERE id = ?"], "its name is missing",
                    b"# name: NULL"),
    "a NULL team": (["NULLS", "UPDATE team SET team_yaml = NULL WHERE id = ?"],
                    "its team is missing", b"# team_yaml follows (NULL)"),
    "text in a count": (["UPDATE team SET dice = 'lots' WHERE id = ?"],
                        "its dice count is not a number", b"# dice: 'lots'"),
    "a bad trash flag": (["PRAGMA ignore_check_constraints = ON",
                          "UPDATE team SET deleted = 7 WHERE id = ?"],
                         "its trash flag is neither 0 nor 1", b"# deleted: '7'"),
}


def damage(path: Path, team_id: int, kind: str) -> None:
    statements, _reason, _raw = DAMAGE[kind]
    if statements[0] == "NULLS":
        allow_nulls(path)
        statements = statements[1:]
    sql(path, *(s.replace("?", str(team_id)) for s in statements))


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_team_is_listed_as_damaged_and_the_others_still_open(
        path: Path, filled: dict[str, int], kind: str) -> None:
    victim = filled["Victim"]
    damage(path, victim, kind)
    _statements, reason, raw_bytes = DAMAGE[kind]
    with TeamLibrary.open(path) as library:
        entries = {entry.id: entry for entry in library.entries()}
        assert set(entries) == set(filled.values())
        assert entries[victim].damaged is not None and reason in entries[victim].damaged
        assert all(entries[filled[n]].damaged is None for n in ("Oldest", "Middle", "Newest"))
        for name in ("Oldest", "Middle", "Newest"):
            assert library.load(filled[name]).name == name

        with pytest.raises(LibraryError, match=f"^team {victim} in the library is damaged") as error:
            library.load(victim)
        assert "\n" not in str(error.value) and reason in str(error.value)
        assert raw_bytes in library.export_raw(victim)

        library.delete(victim)                     # the way out: trash, then purge
        library.purge(victim)
        assert sorted(e.id for e in library.entries(include_deleted=True)) == sorted(
            filled[n] for n in ("Oldest", "Middle", "Newest"))


def test_the_newest_good_teams_still_list_first_around_damaged_ones(
        path: Path, filled: dict[str, int]) -> None:
    damage(path, filled["Victim"], "invalid UTF-8 in the name")
    damage(path, filled["Oldest"], "an unparsable timestamp")
    with TeamLibrary.open(path) as library:
        entries = library.entries()
        good = [e.name for e in entries if e.damaged is None]
        assert good == ["Newest", "Middle"]
        assert entries[[e.id for e in entries].index(filled["Oldest"])].modified is None
        # New saves still stamp later than every readable time and list first.
        fresh = library.save(team("Fresh"))
        assert next(e.id for e in library.entries() if e.damaged is None) == fresh


def test_the_raw_export_of_a_team_with_a_bad_timestamp_imports_as_the_team(
        path: Path, filled: dict[str, int]) -> None:
    damage(path, filled["Victim"], "an unparsable timestamp")
    with TeamLibrary.open(path) as library:
        exported = library.export_raw(filled["Victim"])
    assert exported.startswith(b"# teambuilder team library, team ")
    assert b"# modified: 'the day before yesterday'" in exported
    assert parse_yaml_team(exported.decode("utf-8"), "export") == team("Victim", 2)


def test_saving_over_a_damaged_team_repairs_it(path: Path, filled: dict[str, int]) -> None:
    damage(path, filled["Victim"], "invalid UTF-8 in the name")
    with TeamLibrary.open(path) as library:
        with pytest.raises(LibraryError, match="is damaged"):
            library.rename(filled["Victim"], "Renamed")
        library.save(team("Mended", 2), filled["Victim"])
        assert library.load(filled["Victim"]) == team("Mended", 2)
        assert all(e.damaged is None for e in library.entries())


def test_ids_a_setting_could_hold_but_sqlite_cannot_are_missing_teams(
        path: Path, filled: dict[str, int]) -> None:
    with TeamLibrary.open(path) as library:
        for team_id in (0, -1, 2**63, 2**80):
            with pytest.raises(LibraryError, match=f"^no team {team_id} in the library$"):
                library.load(team_id)
            with pytest.raises(LibraryError, match="^no team"):
                library.export_raw(team_id)


def page_size(path: Path) -> int:
    header = path.read_bytes()[:100]
    size = int.from_bytes(header[16:18], "big")
    return 65536 if size == 1 else size


def scribble_on_pages(path: Path) -> None:
    """A disk error: every page after the schema page overwritten with garbage."""
    data = bytearray(path.read_bytes())
    size = page_size(path)
    for start in range(size, len(data), size):
        data[start:start + size] = (b"\xde\xad\xbe\xef" * (size // 4))
    path.write_bytes(bytes(data))


def scribble_on_schema(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[100:page_size(path)] = b"\x13" * (page_size(path) - 100)
    path.write_bytes(bytes(data))


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


def foreign(path: Path) -> None:
    path.unlink()
    sql(path, "CREATE TABLE notes (body TEXT)", "INSERT INTO notes VALUES ('my shopping list')")


def newer(path: Path) -> None:
    sql(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")


def not_sqlite(path: Path) -> None:
    path.write_bytes(b"name: Cheetah rush\ncards: []\n" * 10)


BROKEN_FILES = {
    "garbage in its pages": (scribble_on_pages, "is damaged"),
    "garbage in its schema page": (scribble_on_schema, "damaged"),
    "cut short": (truncate, "damaged"),
    "another program's database": (foreign, "not a team library"),
    "a newer release's library": (newer, "newer teambuilder"),
    "not an SQLite file": (not_sqlite, "not a team library"),
}


@pytest.mark.parametrize("kind", list(BROKEN_FILES))
def test_a_library_that_cannot_be_opened_is_left_alone_and_can_be_set_aside(
        path: Path, kind: str) -> None:
    with TeamLibrary.open(path) as library:
        for n in range(60):            # several pages of teams
            library.save(team(f"Team {n}", 1 + n % 8))
    breaker, message = BROKEN_FILES[kind]
    breaker(path)
    content = path.read_bytes()
    with pytest.raises(LibraryError, match=message) as error:
        TeamLibrary.open(path)
    assert "\n" not in str(error.value) and str(path) in str(error.value)
    assert path.read_bytes() == content
    assert sorted(p.name for p in path.parent.iterdir()) == ["library.sqlite"]

    aside = TeamLibrary.set_aside(path)
    assert aside.parent == path.parent and aside.name.startswith("library.sqlite.damaged-")
    assert aside.read_bytes() == content and not path.exists()
    with TeamLibrary.open(path) as fresh:
        assert fresh.entries() == []
        fresh.save(team("A new start"))
    assert aside.read_bytes() == content


def test_a_folder_in_the_librarys_place_is_refused_and_can_be_set_aside(path: Path) -> None:
    path.mkdir(parents=True)
    (path / "keep.txt").write_text("mine")
    with pytest.raises(LibraryError, match="is a folder, not a team library"):
        TeamLibrary.open(path)
    aside = TeamLibrary.set_aside(path)
    assert (aside / "keep.txt").read_text() == "mine"
    with TeamLibrary.open(path) as fresh:
        assert fresh.entries() == []


def test_set_aside_takes_the_journal_along_and_never_overwrites(path: Path) -> None:
    with TeamLibrary.open(path) as library:
        library.save(team("Before the crash"))
    # A crash mid-write leaves a hot journal beside the file: copy both in that state.
    crashed = path.with_name("crashed.sqlite")
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE team SET name = 'half written'")
    writer.execute("DELETE FROM team")
    shutil.copy(path, crashed)
    shutil.copy(f"{path}-journal", f"{crashed}-journal")
    writer.execute("ROLLBACK")
    writer.close()
    journal = Path(f"{crashed}-journal").read_bytes()

    first = TeamLibrary.set_aside(crashed)
    assert Path(f"{first}-journal").read_bytes() == journal
    assert not Path(f"{crashed}-journal").exists()
    # The journal rolls the set-aside copy back, as SQLite would have done in place.
    assert sql(first, "SELECT name FROM team") == [("Before the crash",)]
    with TeamLibrary.open(crashed) as fresh:
        assert fresh.entries() == []
    second = TeamLibrary.set_aside(crashed)      # the same second: a different name
    assert first != second and first.exists() and second.exists()


def test_set_aside_with_nothing_there_says_so(path: Path) -> None:
    with pytest.raises(LibraryError, match="there is no team library at"):
        TeamLibrary.set_aside(path)


def test_a_library_under_a_regular_file_is_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "user").write_text("a file where the user folder should be")
    with pytest.raises(LibraryError, match="cannot read the team library") as error:
        TeamLibrary.open(tmp_path / "user" / "library.sqlite")
    assert "\n" not in str(error.value)


@pytest.mark.skipif(AS_ROOT, reason="root reads files whatever their permissions; the "
                                    "regular-file case above covers the same message")
def test_an_unreadable_library_is_refused_in_one_line(path: Path, filled: dict[str, int]) -> None:
    path.chmod(0)
    try:
        with pytest.raises(LibraryError, match="cannot read the team library"):
            TeamLibrary.open(path)
    finally:
        path.chmod(0o644)


def test_a_read_only_folder_fails_saves_with_the_reason_and_keeps_everything(
        path: Path, filled: dict[str, int]) -> None:
    with TeamLibrary.open(path) as library:
        before = library.entries()
        with read_only(path.parent):
            with pytest.raises(LibraryError, match="^cannot save to the team library") as error:
                library.save(team("Blocked"))
            assert "\n" not in str(error.value) and "folder" in str(error.value)
            assert library.entries() == before          # reading still works
            assert library.load(filled["Newest"]) == team("Newest", 4)
        saved = library.save(team("After"))             # fixed: saving works again
        assert library.load(saved).name == "After"


def test_a_read_only_library_file_opens_lists_and_says_why_a_save_fails(
        path: Path, filled: dict[str, int]) -> None:
    with read_only(path), TeamLibrary.open(path) as library:
        assert len(library.entries()) == 4
        with pytest.raises(LibraryError, match="read-only") as error:
            library.save(team("Blocked"))
        assert "\n" not in str(error.value)
        with pytest.raises(LibraryError, match="read-only"):
            library.delete(filled["Oldest"])


def test_a_blocked_journal_fails_cleanly_and_saving_recovers(path: Path,
                                                             filled: dict[str, int]) -> None:
    with TeamLibrary.open(path) as library:
        blocker = Path(f"{path}-journal")
        blocker.mkdir()                               # a folder where SQLite writes its journal
        with pytest.raises(LibraryError, match="^cannot save to the team library .*disk"):
            library.save(team("Blocked"))
        blocker.rmdir()
        assert library.load(library.save(team("Recovered"))).name == "Recovered"
        assert len(library.entries()) == 5


def test_another_program_holding_the_lock_is_reported_as_busy(path: Path,
                                                              filled: dict[str, int]) -> None:
    with TeamLibrary.open(path) as library:
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(LibraryError, match="busy .*try again"):
                library.save(team("Waiting"))
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert library.load(library.save(team("Later"))).name == "Later"


def test_a_user_folder_that_cannot_be_made_is_reported_by_the_library(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "home").write_text("a file where the home folder should be")
    monkeypatch.setenv("TEAMBUILDER_USER_DIR", str(tmp_path / "home" / "teambuilder"))
    with pytest.raises(LibraryError, match="cannot read the team library") as error:
        TeamLibrary.open()                          # the default place, under the file
    assert "\n" not in str(error.value)
