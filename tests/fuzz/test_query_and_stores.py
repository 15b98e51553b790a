"""Fuzzers for search queries and for the three stores the app reads back: the team
library, the catalogue cache and the settings file.

Queries are typed by users; the stores are files on disk that other programs, full disks
and crashes can damage. Each fuzzer checks what a user would meet: a query is answered or
refused with the column of the problem; a damaged library still lists its healthy teams and
marks the damaged ones; a damaged catalogue cache is rebuilt and searches give the same
cards; a damaged settings file gives defaults.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from teambuilder.catalogue.repository import Catalogue
from teambuilder.teams.library import LibraryError, TeamLibrary
from teambuilder.teams.model import Team, TeamCard
from tests.conftest import CARDS_DIR
from tests.fuzz.conftest import fuzz_settings, one_clear_line, run_cli
from tests.fuzz.inputs import SPECIAL_TEXT

WORK = Path(tempfile.mkdtemp(prefix="teambuilder-fuzz-stores-"))
QUERY_WORDS = ["set:wwe", "cost<=3", "kw:overcrush", "aff:villain", "-", "(", ")", "or", "and", '"', "a>=5",
               "energy:fist", "name:bat", "text:", "level:2", "x", "cost", ":", "<=", "9" * 30, " ", "\u00e9"]

query_text = st.one_of(
    st.lists(st.sampled_from(QUERY_WORDS + SPECIAL_TEXT), max_size=12).map("".join),
    st.lists(st.sampled_from(QUERY_WORDS), max_size=12).map(" ".join),
    st.text(max_size=60),
    st.integers(1, 5).map(lambda n: "(" * (n * 100) + "x" + ")" * (n * 100)),
)


@fuzz_settings
@given(query=query_text)
def test_search_answers_or_points_at_the_column(query: str) -> None:
    run = run_cli("cards", "search", query)
    if query.startswith("--") and query.split()[0] not in ("--", "--json"):
        assert run.code == 2           # a mistyped option: argparse's usage line and error
        return
    assert run.code in (0, 2), run.err
    if run.code == 2:
        one_clear_line(run, "bad query at column ")


TEAMS = [Team(name=f"Team {n}", cards=(TeamCard("5sww", n + 1),), basic_actions=("31sww",)) for n in range(3)]
COLUMNS = ["name", "format", "cards", "dice", "team_yaml", "source", "created", "modified", "deleted"]
damage = st.one_of(st.binary(max_size=40), st.text(max_size=40), st.integers(), st.none(),
                   st.sampled_from(["2024-13-45T99:00:00", "9" * 400, "name: [", "{}", "- 1", "\x00"]))


@fuzz_settings
@given(changes=st.lists(st.tuples(st.integers(1, 3), st.sampled_from(COLUMNS), damage), min_size=1, max_size=4))
def test_a_damaged_row_never_hides_the_library(changes: list[tuple[int, str, object]]) -> None:
    path = WORK / "library.sqlite"
    for leftover in WORK.glob("library.sqlite*"):
        leftover.unlink()
    with TeamLibrary.open(path) as library:
        ids = [library.save(team) for team in TEAMS]
    with sqlite3.connect(path) as connection:
        for row, column, value in changes:
            cast = "CAST(? AS TEXT)" if isinstance(value, bytes) else "?"
            # (NULL where the schema forbids it, or an int SQLite cannot hold: no program stores those)
            with contextlib.suppress(sqlite3.IntegrityError, OverflowError):
                connection.execute(f"UPDATE team SET {column} = {cast} WHERE id = ?", (value, ids[row - 1]))
    with TeamLibrary.open(path) as library:
        entries = library.entries(include_deleted=True)
        assert sorted(entry.id for entry in entries) == sorted(ids)     # every team is listed
        for entry in entries:
            if entry.damaged:
                assert library.export_raw(entry.id)                     # its bytes can be saved
                try:
                    library.load(entry.id)
                except LibraryError as error:
                    assert f"team {entry.id}" in str(error) or str(entry.id) in str(error)
            else:
                assert isinstance(library.load(entry.id), Team)


SMALL_CARDS = WORK / "cards"
SMALL_CARDS.mkdir()
for _name in ("sets.yaml", "keywords.yaml", "formats.yaml", "wko16m.yaml", "sk2017.yaml"):
    shutil.copy(CARDS_DIR / _name, SMALL_CARDS / _name)
_PRISTINE = WORK / "pristine.sqlite"
Catalogue.open(SMALL_CARDS, _PRISTINE).close()
_EXPECTED = sorted(card.code for card in Catalogue.open(SMALL_CARDS, _PRISTINE).search(""))


@fuzz_settings
@given(cuts=st.lists(st.tuples(st.integers(0, _PRISTINE.stat().st_size), st.binary(min_size=1, max_size=64)),
                     min_size=1, max_size=5),
       truncate=st.one_of(st.none(), st.integers(0, _PRISTINE.stat().st_size)))
def test_a_damaged_catalogue_cache_is_rebuilt(cuts: list[tuple[int, bytes]], truncate: int | None) -> None:
    store = WORK / "catalogue.sqlite"
    data = bytearray(_PRISTINE.read_bytes())
    for offset, junk in cuts:
        data[offset:offset + len(junk)] = junk
    store.write_bytes(bytes(data[:truncate] if truncate is not None else data))
    said: list[str] = []
    catalogue = Catalogue.open(SMALL_CARDS, store, progress=said.append)
    try:
        assert sorted(card.code for card in catalogue.search("")) == _EXPECTED
        assert catalogue.get(_EXPECTED[0]) is not None
        assert all("\n" not in line for line in said)
    finally:
        catalogue.close()


@fuzz_settings
@given(content=st.one_of(st.binary(max_size=400), st.text(max_size=200).map(str.encode),
                         st.lists(st.sampled_from(["[General]", "theme=", "dark", "last_team=", "-1",
                                                   "99999999999999999999999", "@ByteArray(", "\\x00", "\n",
                                                   "[window]", "geometry=", "@Variant(\\0\\0\\0\\x7f", "%"]),
                                  max_size=20).map(lambda parts: "".join(parts).encode())))
def test_a_damaged_settings_file_gives_defaults(content: bytes) -> None:
    import os

    from teambuilder.ui.settings import THEMES, Settings

    folder = WORK / "settings"
    folder.mkdir(exist_ok=True)
    (folder / "settings.ini").write_bytes(content)
    old = os.environ.get("TEAMBUILDER_USER_DIR")
    os.environ["TEAMBUILDER_USER_DIR"] = str(folder)
    try:
        settings = Settings()
        assert settings.theme in THEMES
        assert settings.last_team is None or (isinstance(settings.last_team, int) and settings.last_team > 0)
        settings.geometry, settings.window_state          # noqa: B018 - reading must not raise
        settings.splitter("main")
    finally:
        if old is None:
            os.environ.pop("TEAMBUILDER_USER_DIR")
        else:
            os.environ["TEAMBUILDER_USER_DIR"] = old
