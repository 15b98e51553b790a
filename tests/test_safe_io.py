"""Files we write are written the ordinary way: atomically, with the umask's permissions,
and a failure (a folder in the way, a full disk, a folder we cannot create) is one line that
leaves the previous file as it was. Files we read are regular files within a size limit."""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from teambuilder.safe_io import InputError, OutputError, read_text, write_text_atomic
from tests.conftest import REPO


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("umask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_umasks_permissions(tmp_path: Path, umask: int, expected: int) -> None:
    old = os.umask(umask)
    try:
        write_text_atomic(tmp_path / "team.yaml", "name: x\n")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "team.yaml") == expected
    assert [p.name for p in tmp_path.iterdir()] == ["team.yaml"]      # no temporary left behind


def test_an_existing_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "team.yaml"
    path.write_text("old\n")
    path.chmod(0o640)
    write_text_atomic(path, "new\n")
    assert path.read_text() == "new\n" and _mode(path) == 0o640


def test_the_command_line_writes_ordinary_files(tmp_path: Path) -> None:
    env = {**os.environ, "TEAMBUILDER_USER_DIR": str(tmp_path / "u"), "TEAMBUILDER_CACHE_DIR": str(tmp_path / "c")}
    out = tmp_path / "imported.yaml"
    subprocess.run([sys.executable, "-c", ("import os, sys; os.umask(0o022); from teambuilder.cli import main; "
                    "sys.exit(main(sys.argv[1:]))"), "team", "import", "cards=4x5sww;1x31sww", "-o", str(out)],
                   env=env, check=True, capture_output=True, cwd=REPO)
    assert _mode(out) == 0o644


def test_a_folder_where_the_file_should_be_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "team.yaml").mkdir()
    with pytest.raises(OutputError, match=r"team\.yaml: is a folder; give a file name"):
        write_text_atomic(tmp_path / "team.yaml", "x")


def test_a_file_where_the_folder_should_be_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "teams").write_text("not a folder")
    with pytest.raises(OutputError, match=r"teams is a file, not a folder; give another place"):
        write_text_atomic(tmp_path / "teams" / "team.yaml", "x")


def _write_with_a_full_disk(path: str) -> None:
    # A file-size limit makes the write fail as a full disk would (EFBIG instead of ENOSPC).
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
    try:
        write_text_atomic(Path(path), "y" * 5000)
    except OutputError as error:
        print(error)
        sys.exit(3)


def test_a_full_disk_leaves_the_previous_file_intact(tmp_path: Path) -> None:
    path = tmp_path / "team.yaml"
    path.write_text("name: the old team\n")
    script = f"from tests.test_safe_io import _write_with_a_full_disk; _write_with_a_full_disk({str(path)!r})"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, check=False)
    assert result.returncode == 3, result.stderr
    assert result.stdout.count("\n") == 1 and "the previous file is unchanged" in result.stdout
    assert path.read_text() == "name: the old team\n"
    assert [p.name for p in tmp_path.iterdir()] == ["team.yaml"]


def test_log_and_record_failures_are_one_line_exit_2(tmp_path: Path) -> None:
    (tmp_path / "game.log").mkdir()
    env = {**os.environ, "TEAMBUILDER_USER_DIR": str(tmp_path / "u"), "TEAMBUILDER_CACHE_DIR": str(tmp_path / "c")}
    teams = [str(REPO / "data/teams/sww-demo-first.yaml"), str(REPO / "data/teams/sww-demo-second.yaml")]
    result = subprocess.run([sys.executable, "-m", "teambuilder", "play", *teams, "--log", str(tmp_path / "game.log")],
                            env=env, capture_output=True, text=True, cwd=REPO, check=False)
    assert result.returncode == 2
    assert result.stderr.endswith(f"teambuilder: {tmp_path / 'game.log'}: is a folder; give a file name\n")
    assert "Traceback" not in result.stderr


def test_reading_refuses_folders_devices_and_huge_files(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder; expected a team file"):
        read_text(tmp_path, 1000, "team file")
    with pytest.raises(InputError, match="not a regular file"):
        read_text(Path("/dev/zero"), 1000, "team file")
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(InputError, match=r"too large for a team file \(2 KB; the limit is 1000 bytes\)"):
        read_text(big, 1000, "team file")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"name: ok\ncards:\n  - \xff\n")
    with pytest.raises(InputError, match=r"bad\.yaml:3: not UTF-8 text \(byte 0xff\)"):
        read_text(bad, 1000, "team file")
