"""The app's settings: one typed wrapper over QSettings (no other code reads QSettings).

Settings are preferences and window layout only; the user's teams live in the library.
Tests point QSettings at a temporary folder through ``TEAMBUILDER_USER_DIR`` (the settings
file is kept in the user folder as an INI file, so it travels with the teams).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from teambuilder import paths

THEMES = ("light", "dark")


class Settings:
    """Window geometry and state, splitter sizes, theme and the team last edited."""

    def __init__(self) -> None:
        self._store = QSettings(str(paths.user_dir() / "settings.ini"), QSettings.Format.IniFormat)

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
        value = str(self._store.value("appearance/theme", "light"))
        return value if value in THEMES else "light"

    @theme.setter
    def theme(self, value: str) -> None:
        self._store.setValue("appearance/theme", value)

    @property
    def last_team(self) -> int | None:
        value = self._store.value("library/last_team")
        try:
            return int(value) if value is not None else None
        except (TypeError, ValueError):
            return None

    @last_team.setter
    def last_team(self, value: int | None) -> None:
        if value is None:
            self._store.remove("library/last_team")
        else:
            self._store.setValue("library/last_team", value)

    def sync(self) -> None:
        self._store.sync()
