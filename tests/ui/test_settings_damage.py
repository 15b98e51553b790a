"""A damaged settings.ini never stops the app: garbage, wrong types or a huge file give the
defaults, the app starts and keeps saving its settings, and a huge file is kept aside."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray

from teambuilder.ui.settings import MAX_SETTINGS_BYTES, Settings

DEFAULTS = {"geometry": None, "window_state": None, "splitter": None, "theme": "light",
            "last_team": None}

DAMAGED = {
    "garbage bytes": bytes(range(256)) * 40 + b"\xff\xfe\x00[[[=\n" * 50,
    "wrong types": (b"[appearance]\ntheme=42\n[library]\nlast_team=abc\n[window]\n"
                    b"geometry=hello\nstate=@ByteArray(\n[splitters]\nmain=1, 2, 3\n"),
    "lists where one value belongs": b"[library]\nlast_team=1, 2\n[appearance]\ntheme=dark, light\n",
    "broken Qt variants": (b"[window]\ngeometry=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x0bQStringList"
                           b"\\0\\xff\\xff\\xff\\xff)\nstate=@Variant(\\xff\\xff\\xff\\xff\\xff)\n"
                           b"[library]\nlast_team=@Variant(\\0\\0\\0\\x1\\x1)\n"),
    "numbers SQLite cannot hold": b"[library]\nlast_team=99999999999999999999999999\n",
    "a negative id": b"[library]\nlast_team=-4\n",
    "a fraction": b"[library]\nlast_team=2.5\n",
    "text that is not UTF-8": b"[appearance]\ntheme=d\xffark\n[library]\nlast_team=\xff\xfe\n",
    "an empty value": b"[appearance]\ntheme=\n[window]\ngeometry=@ByteArray()\n",
}


def values(settings: Settings) -> dict[str, object]:
    return {"geometry": settings.geometry, "window_state": settings.window_state,
            "splitter": settings.splitter("main"), "theme": settings.theme,
            "last_team": settings.last_team}


@pytest.mark.parametrize("kind", list(DAMAGED))
def test_every_setting_falls_back_to_its_default(user_dir: Path, kind: str) -> None:
    user_dir.mkdir(parents=True)
    (user_dir / "settings.ini").write_bytes(DAMAGED[kind])
    settings = Settings()
    assert values(settings) == DEFAULTS
    # And the app can go on saving its settings over the damaged ones.
    settings.theme = "dark"
    settings.last_team = 7
    settings.geometry = QByteArray(b"\x01\x02geometry")
    settings.sync()
    again = Settings()
    assert (again.theme, again.last_team, again.geometry) == ("dark", 7, QByteArray(b"\x01\x02geometry"))


def test_a_huge_settings_file_is_set_aside_not_read(user_dir: Path) -> None:
    user_dir.mkdir(parents=True)
    huge = b"[a]\n" + b"".join(b"key%d=%s\n" % (n, b"x" * 90) for n in range(40_000))
    assert len(huge) > MAX_SETTINGS_BYTES
    (user_dir / "settings.ini").write_bytes(huge)
    start = time.monotonic()
    settings = Settings()
    assert time.monotonic() - start < 5
    assert values(settings) == DEFAULTS
    assert settings.notice is not None and "too large" in settings.notice
    [kept] = user_dir.glob("settings.ini.too-large-*")
    assert kept.read_bytes() == huge                      # nothing the user had is lost
    settings.theme = "dark"
    settings.sync()
    assert Settings().theme == "dark" and Settings().notice is None


def test_a_folder_in_place_of_the_settings_file_gives_defaults(user_dir: Path) -> None:
    (user_dir / "settings.ini").mkdir(parents=True)
    settings = Settings()
    assert values(settings) == DEFAULTS
    settings.theme = "dark"          # cannot be kept, but must not fail
    settings.sync()
    assert (user_dir / "settings.ini").is_dir()


def test_the_main_window_starts_over_a_damaged_settings_file(user_dir: Path, make_window) -> None:  # type: ignore[no-untyped-def]
    user_dir.mkdir(parents=True)
    (user_dir / "settings.ini").write_bytes(
        b"[window]\ngeometry=@ByteArray(\\xff\\xff\\0\\0 not geometry)\nstate=@ByteArray(junk)\n"
        b"[splitters]\nmain=@ByteArray(\\x01\\x02)\nteam=@Variant(\\xff)\n[appearance]\ntheme=plaid\n"
        b"[library]\nlast_team=" + str(2**70).encode() + b"\n" + bytes(range(256)) * 8)
    window = make_window()
    assert window.isVisible()
    assert window.document.team.name == "New team"           # no such team: a new one
    assert not window.actions_by_name["dark"].isChecked()
    window.close()


def test_a_user_folder_that_cannot_be_made_gives_defaults(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "home").write_text("a file where the home folder should be")
    monkeypatch.setenv("TEAMBUILDER_USER_DIR", str(tmp_path / "home" / "teambuilder"))
    settings = Settings()
    assert values(settings) == DEFAULTS
    settings.theme = "dark"
    settings.sync()
    assert (tmp_path / "home").read_text() == "a file where the home folder should be"
