"""A damaged or unwritable catalogue index never stops the app: a damaged file is rebuilt
from the card YAML, whether the damage shows when opening or on a later query, and an
impossible cache location falls back to a temporary index; each time one line says so."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from teambuilder.catalogue.repository import Catalogue
from teambuilder.catalogue.store import STORE_FILE, StoreError, open_store
from tests.teams.test_library_damage import read_only

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    """A small card folder (two sets, 158 cards), so each rebuild takes a moment."""
    folder = tmp_path / "cards"
    folder.mkdir()
    for name in ("sets.yaml", "keywords.yaml", "formats.yaml", "sww.yaml", "bat.yaml"):
        shutil.copy(REPO / "data" / "cards" / name, folder / name)
    return folder


@pytest.fixture
def store(cards: Path, tmp_path: Path) -> Path:
    """A good, current index of ``cards``."""
    path = tmp_path / "cache" / STORE_FILE
    assert open_store(cards, path).rebuilt
    return path


def sql(path: Path, *statements: str) -> None:
    connection = sqlite3.connect(path)
    try:
        for statement in statements:
            connection.execute(statement)
        connection.commit()
    finally:
        connection.close()


def scribble_on_pages(path: Path) -> None:
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    for start in range(size * 2, len(data), size * 3):
        data[start:start + size] = b"\xde\xad\xbe\xef" * (size // 4)
    path.write_bytes(bytes(data))


def cut_short(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 3])


DAMAGE = {
    "garbage in its pages": (scribble_on_pages, "malformed"),
    "cut short": (cut_short, "malformed"),
    "not a database": (lambda p: p.write_bytes(b"\x00garbage, not SQLite" * 300), "not a database"),
    "a missing table": (lambda p: sql(p, "DROP TABLE card_keyword"), "table card_keyword is missing"),
    "no meta table": (lambda p: sql(p, "DROP TABLE meta"), "no meta table"),
    "an empty file": (lambda p: p.write_bytes(b""), "no meta table"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_index_is_rebuilt_when_opening_and_says_so(cards: Path, store: Path,
                                                             kind: str) -> None:
    breaker, reason = DAMAGE[kind]
    breaker(store)
    said: list[str] = []
    catalogue = Catalogue.open(cards, store, progress=said.append)
    try:
        assert catalogue.info.rebuilt and catalogue.count() == 158
        assert catalogue.get("5sww").name == "Cheetah"
        damaged = [line for line in said if "is damaged" in line]
        assert len(damaged) == 1 and reason in damaged[0] and str(store) in damaged[0]
        assert damaged[0].endswith("rebuilding it from the card files")
    finally:
        catalogue.close()
    assert not open_store(cards, store).rebuilt        # the rebuilt file is whole


def test_text_that_is_not_utf8_is_found_by_the_first_query_and_rebuilt(cards: Path,
                                                                       store: Path) -> None:
    sql(store, "UPDATE card_set SET name = CAST(x'ff5374ff' AS TEXT) WHERE code = 'sww'")
    said: list[str] = []
    catalogue = Catalogue.open(cards, store, progress=said.append)
    try:
        assert [line for line in said if "could not decode" in line.lower()]
        names = {s.code: s.name for s in catalogue.sets()}
        assert names["sww"] == "Superman/Wonder Woman Starter Set"
    finally:
        catalogue.close()


@pytest.mark.parametrize("value", ["CAST(x'7bff7d' AS TEXT)", "'{\"not\": \"a card\"}'", "'[[['"])
def test_a_damaged_card_found_by_a_later_search_is_rebuilt_and_found(cards: Path, store: Path,
                                                                     value: str) -> None:
    said: list[str] = []
    catalogue = Catalogue.open(cards, store, progress=said.append)
    try:
        assert not said                                  # the index looked fine
        sql(store, f"UPDATE card SET card_json = {value} WHERE code = '5sww'")
        assert "5sww" in [c.code for c in catalogue.search("cheetah")]
        assert "is damaged" in said[0] and said[1].startswith("reading card files")
        assert catalogue.get("5sww").name == "Cheetah"
        assert catalogue.get("7sww") is not None
    finally:
        catalogue.close()


def test_a_folder_where_the_index_should_be_falls_back_to_a_temporary_index(
        cards: Path, tmp_path: Path) -> None:
    in_the_way = tmp_path / "cache" / STORE_FILE
    in_the_way.mkdir(parents=True)
    (in_the_way / "mine.txt").write_text("keep me")
    said: list[str] = []
    catalogue = Catalogue.open(cards, in_the_way, progress=said.append)
    temporary = catalogue.info.path
    try:
        assert catalogue.info.temporary and temporary.is_file()
        assert "5sww" in [c.code for c in catalogue.search("cheetah")]
        [line] = [s for s in said if "temporary index" in s]
        assert line.startswith(f"cannot write the card index at {in_the_way}")
    finally:
        catalogue.close()
    assert not temporary.exists()                        # nothing left behind
    assert (in_the_way / "mine.txt").read_text() == "keep me"


def test_a_file_where_the_cache_folder_should_be_falls_back(cards: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file")
    monkeypatch.setenv("TEAMBUILDER_CACHE_DIR", str(blocker / "cache"))
    said: list[str] = []
    catalogue = Catalogue.open(cards, progress=said.append)   # the default cache location
    try:
        assert catalogue.info.temporary and catalogue.count() == 158
        assert [s for s in said if "using a temporary index for this session" in s]
    finally:
        catalogue.close()
    assert blocker.read_text() == "a file"


def test_a_read_only_cache_folder_falls_back_and_a_current_index_there_is_used(
        cards: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    said: list[str] = []
    with read_only(folder):
        catalogue = Catalogue.open(cards, folder / STORE_FILE, progress=said.append)
        try:
            assert catalogue.info.temporary and catalogue.get("5sww") is not None
            assert [s for s in said if "temporary index" in s]
        finally:
            catalogue.close()
    open_store(cards, folder / STORE_FILE)              # a good index, then read-only again
    with read_only(folder):
        reused = Catalogue.open(cards, folder / STORE_FILE)
        try:
            assert not reused.info.rebuilt and not reused.info.temporary
            assert reused.get("5sww") is not None
        finally:
            reused.close()


def test_with_nowhere_to_write_an_index_the_error_says_what_to_do(
        cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file")
    monkeypatch.setattr(tempfile, "tempdir", str(blocker / "tmp"))   # as TMPDIR would
    with pytest.raises(StoreError, match="TEAMBUILDER_CACHE_DIR") as error:
        Catalogue.open(cards, blocker / "cache" / STORE_FILE)
    assert "\n" not in str(error.value) and str(blocker / "cache") in str(error.value)


def cli(args: list[str], cache: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = {**os.environ, "TEAMBUILDER_CACHE_DIR": str(cache), "TMPDIR": str(tmp_path / "tmp"),
           "TEAMBUILDER_USER_DIR": str(tmp_path / "user"), "TEAMBUILDER_INTERPRETED": "1"}
    return subprocess.run([sys.executable, "-m", "teambuilder", *args], capture_output=True,
                          text=True, env=env, cwd=REPO, timeout=300, check=False)


def test_the_command_line_says_in_one_line_that_it_rebuilt_or_fell_back(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert cli(["cards", "show", "5sww"], cache, tmp_path).returncode == 0
    scribble_on_pages(cache / STORE_FILE)
    result = cli(["cards", "show", "5sww"], cache, tmp_path)
    assert result.returncode == 0 and "Cheetah" in result.stdout
    assert "teambuilder: the card index" in result.stderr and "is damaged" in result.stderr
    assert "Traceback" not in result.stderr

    (tmp_path / "file").write_text("not a folder")
    result = cli(["cards", "show", "5sww"], tmp_path / "file" / "cache", tmp_path)
    assert result.returncode == 0 and "Cheetah" in result.stdout
    assert "teambuilder: cannot write the card index at" in result.stderr
    assert "Traceback" not in result.stderr
    assert list((tmp_path / "tmp").iterdir()) == []      # the temporary index went with it
