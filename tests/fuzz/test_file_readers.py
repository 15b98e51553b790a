"""Fuzzers for the file readers: team files, team import, card files, scenarios, records.

Each feeds hostile input (tests/fuzz/inputs.py) to the command a user would run and checks
what the user would see: the documented exit code, and for unusable input one line on
stderr that names the file (and its line where the reader has lines). An exception that
escapes the command fails the test: that is the traceback a user would have met.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import CARDS_DIR, REPO
from tests.fuzz.conftest import fuzz_settings, one_clear_line, run_cli
from tests.fuzz.inputs import hostile_document

TEAM_YAML = (REPO / "data" / "teams" / "standard-x-men.yaml").read_text()
TEAM_JSON = ('{"name": "Rush", "format": "standard", "cards": [{"code": "5sww", "dice": 4}, '
             '{"code": "9sww", "dice": 2}], "basic_actions": ["31sww", "34sww"]}')
LINK = "https://any.host/?view&cards=4x5sww;2x9sww;1x31sww;1x34sww&name=Rush"
TEXT_LIST = "# Team: Rush\n# Format: standard\n4x Cheetah: Goddess of the Hunt\n2 9sww\n31sww\n34sww\n"
SCENARIO = (REPO / "tests" / "scenarios" / "effects-global-once-per-turn.yaml").read_text()
SET_FILE = "wko16m.yaml"
WORK = Path(tempfile.mkdtemp(prefix="teambuilder-fuzz-"))


@pytest.fixture(scope="module", autouse=True)
def warm_catalogue() -> None:
    """Build the catalogue index once, so its progress lines don't mix with the checks."""
    run_cli("cards", "search", "code:5sww")


def _write(name: str, data: bytes) -> Path:
    path = WORK / name
    path.write_bytes(data)
    return path


@fuzz_settings
@given(data=st.one_of(hostile_document(TEAM_YAML), hostile_document(TEAM_JSON)))
def test_team_validate_never_crashes(data: bytes) -> None:
    path = _write("team.yaml", data)
    run = run_cli("team", "validate", str(path))
    assert run.code in (0, 1, 2)
    if run.code == 2:
        one_clear_line(run, str(path))
    else:
        assert run.out.startswith(("legal: ", "illegal: ")), run.out


@fuzz_settings
@given(data=st.one_of(hostile_document(TEAM_YAML), hostile_document(TEXT_LIST, allow_json=False),
                      hostile_document(TEAM_JSON), st.builds(lambda s: s.encode(), st.just(LINK))),
       from_file=st.booleans(), as_json=st.booleans())
def test_team_import_writes_only_what_it_can_read_back(data: bytes, from_file: bool, as_json: bool) -> None:
    output = WORK / ("imported.json" if as_json else "imported.yaml")
    output.unlink(missing_ok=True)
    source = str(_write("source.txt", data)) if from_file else data.decode("utf-8", "replace")
    run = run_cli("team", "import", "-o", str(output), "--", source)
    assert run.code in (0, 1, 2)
    if run.code == 2:
        one_clear_line(run, source if from_file else "")
        assert not output.exists()
        return
    assert output.exists()
    if run.code == 1:
        one_clear_line(run, "warning: ")
    again = run_cli("team", "validate", str(output))
    assert again.code in (0, 1), again.err         # what we wrote, we can read back


@fuzz_settings
@given(data=hostile_document((CARDS_DIR / SET_FILE).read_text(), allow_json=False),
       target=st.sampled_from([SET_FILE, SET_FILE, SET_FILE, "sets.yaml", "keywords.yaml"]))
def test_catalogue_check_reports_every_problem_with_its_line(data: bytes, target: str) -> None:
    folder = WORK / "cards"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for name in ("sets.yaml", "keywords.yaml", SET_FILE):
        shutil.copy(CARDS_DIR / name, folder / name)
    if target != SET_FILE:      # the vocabulary files take the same hostile bytes
        data = data if len(data) < 4000 else data[:4000]
    (folder / target).write_bytes(data)
    run = run_cli("catalogue", "check", str(folder))
    assert run.code in (0, 1), run.err
    assert "Traceback" not in run.err
    if run.code == 1:
        problems = run.out.splitlines()
        assert problems
        for line in problems:
            assert re.match(r"^\S+\.yaml:\d+: \S", line), line


@fuzz_settings
@given(data=hostile_document(SCENARIO, allow_json=False))
def test_scenario_files_fail_with_the_file_named(data: bytes) -> None:
    path = _write("scenario.yaml", data)
    run = run_cli("scenario", str(path))
    assert run.code in (0, 1, 2), run.err
    assert "Traceback" not in run.err
    if run.code in (1, 2):
        assert f"FAIL  {path}" in run.out
        assert re.search(rf"{re.escape(str(path))}(:\d+)?: ", run.out), run.out


@pytest.fixture(scope="module")
def record_text() -> str:
    record = WORK / "record.json"
    run = run_cli("play", str(REPO / "data/teams/sww-demo-first.yaml"),
                  str(REPO / "data/teams/sww-demo-second.yaml"), "--seed", "3", "--record", str(record))
    assert run.code == 0, run.err
    return record.read_text()


@fuzz_settings
@given(data=st.data())
def test_replay_records_never_crash(record_text: str, data: st.DataObject) -> None:
    raw = data.draw(hostile_document(record_text))
    path = _write("record.json", raw)
    run = run_cli("replay", str(path))
    assert run.code in (0, 1, 2), run.err
    if run.code == 2:
        one_clear_line(run, str(path))
    assert "Traceback" not in run.err
