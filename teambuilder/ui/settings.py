"""The app's settings: one typed wrapper over QSettings (no other code reads QSettings).

Settings are preferences and window layout only; the user's teams live in the library.
Tests point QSettings at a temporary folder through ``TEAMBUILDER_USER_DIR`` (the settings
file is kept in the user folder as an INI file, so it travels with the teams). The file is
hand-editable, so anything may be in it: every getter checks the type and range of what it
reads and falls back to its default, and a file far too large to be settings is set aside
(renamed, kept) instead of being read into memory.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from teambuilder import paths

THEMES = ("light", "dark")
AIS = ("greedy", "search", "random")
# Where a playtest stops for the user even when passing is all they can do (otherwise the
# app passes for them): the Main Step and the attack step, on their turn and the AI's.
PLAYTEST_STOPS = {"my_main": "My Main Step", "my_attack": "My attack step",
                  "their_main": "The AI's Main Step", "their_attack": "The AI's attack step"}
MAX_PACE_MS = 2000
MAX_TEXT = 200
SETTINGS_FILE = "settings.ini"
# Real settings are a few kilobytes; QSettings reads the whole file at once, so a bigger
# one would only cost start-up time and memory.
MAX_SETTINGS_BYTES = 1024 * 1024
# Library ids are SQLite integers: positive, below 2**63.
_MAX_ID = 2**63 - 1


def _set_aside_if_huge(path: Path) -> str | None:
    """Rename ``path`` aside when it is too large to be settings; the one-line notice."""
    try:
        size = path.stat().st_size if path.is_file() else 0
    except OSError:
        return None
    if size <= MAX_SETTINGS_BYTES:
        return None
    aside = path.with_name(f"{path.name}.too-large-{datetime.now():%Y%m%d-%H%M%S}")
    try:
        os.rename(path, aside)
    except OSError as error:
        return (f"{path} is too large to be settings ({size // 1024} KB) and could not be set "
                f"aside ({error.strerror}); the defaults are used")
    return f"{path} was too large to be settings ({size // 1024} KB); it was kept as {aside.name}"


class Settings:
    """Window geometry and state, splitter sizes, theme and the team last edited. Every
    getter returns its default for a missing, mistyped or damaged value. ``notice`` is a
    one-line note when the settings file had to be set aside, else None."""

    def __init__(self) -> None:
        path = paths.user_dir() / SETTINGS_FILE
        self.notice = _set_aside_if_huge(path)
        self._store = QSettings(str(path), QSettings.Format.IniFormat)

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._store.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    @property
    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self._store.setValue("window/geometry", value)

    @property
    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    @window_state.setter
    def window_state(self, value: QByteArray) -> None:
        self._store.setValue("window/state", value)

    def splitter(self, name: str) -> QByteArray | None:
        return self._bytes(f"splitters/{name}")

    def set_splitter(self, name: str, value: QByteArray) -> None:
        self._store.setValue(f"splitters/{name}", value)

    @property
    def theme(self) -> str:
        value = self._store.value("appearance/theme", "light")
        return value if isinstance(value, str) and value in THEMES else "light"

    @theme.setter
    def theme(self, value: str) -> None:
        self._store.setValue("appearance/theme", value)

    @property
    def last_team(self) -> int | None:
        value = self._store.value("library/last_team")
        if isinstance(value, bool) or not isinstance(value, int | str):
            return None
        try:
            number = int(value)
        except ValueError:
            return None
        return number if 0 < number <= _MAX_ID else None

    @last_team.setter
    def last_team(self, value: int | None) -> None:
        if value is None:
            self._store.remove("library/last_team")
        else:
            self._store.setValue("library/last_team", value)

    def _text(self, key: str) -> str:
        value = self._store.value(key, "")
        return value[:MAX_TEXT] if isinstance(value, str) else ""

    @property
    def default_format(self) -> str:
        return self._text("teams/default_format") or "standard"

    @default_format.setter
    def default_format(self, value: str) -> None:
        self._store.setValue("teams/default_format", value)

    @property
    def player_name(self) -> str:
        return self._text("sheet/player")

    @player_name.setter
    def player_name(self, value: str) -> None:
        # A new default replaces what the last sheet used: the user just said what they want.
        if value[:MAX_TEXT] != self.player_name:
            self._store.remove("sheet/last_player")
        self._store.setValue("sheet/player", value[:MAX_TEXT])

    @property
    def event_name(self) -> str:
        return self._text("sheet/event")

    @event_name.setter
    def event_name(self, value: str) -> None:
        if value[:MAX_TEXT] != self.event_name:
            self._store.remove("sheet/last_event")
        self._store.setValue("sheet/event", value[:MAX_TEXT])

    @property
    def sheet_details(self) -> tuple[str, str]:
        """(player, event) to offer on the next team sheet: those of the last sheet made,
        else the defaults from the Settings dialog."""
        player = self._text("sheet/last_player") if self._store.contains("sheet/last_player") \
            else self.player_name
        event = self._text("sheet/last_event") if self._store.contains("sheet/last_event") \
            else self.event_name
        return player, event

    @sheet_details.setter
    def sheet_details(self, value: tuple[str, str]) -> None:
        self._store.setValue("sheet/last_player", value[0][:MAX_TEXT])
        self._store.setValue("sheet/last_event", value[1][:MAX_TEXT])

    @property
    def ai(self) -> str:
        value = self._text("playtest/ai")
        return value if value in AIS else "greedy"

    @ai.setter
    def ai(self, value: str) -> None:
        self._store.setValue("playtest/ai", value)

    @property
    def ai_pace_ms(self) -> int:
        value = self._store.value("playtest/pace_ms", 400)
        try:
            number = int(value) if isinstance(value, int | str) and not isinstance(value, bool) else 400
        except ValueError:
            return 400
        return min(max(number, 0), MAX_PACE_MS)

    @ai_pace_ms.setter
    def ai_pace_ms(self, value: int) -> None:
        self._store.setValue("playtest/pace_ms", int(value))

    @property
    def playtest_stops(self) -> frozenset[str]:
        value = self._store.value("playtest/stops", "")
        words = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
        return frozenset(w for w in words if isinstance(w, str) and w in PLAYTEST_STOPS)

    @playtest_stops.setter
    def playtest_stops(self, value: frozenset[str]) -> None:
        self._store.setValue("playtest/stops", ",".join(sorted(value)))

    def sync(self) -> None:
        self._store.sync()
