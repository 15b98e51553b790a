"""File > Settings: the theme, the default format of a new team, the player and event
printed on team sheets, the playtest's AI and pace, and where a playtest stops.

Every control reads from and writes to :class:`~teambuilder.ui.settings.Settings` (QSettings),
and only when the user presses OK; Cancel changes nothing.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from teambuilder.teams.formats import Format
from teambuilder.ui.settings import AIS, MAX_PACE_MS, PLAYTEST_STOPS, THEMES, Settings


class SettingsDialog(QDialog):
    """The app's preferences; OK saves them."""

    def __init__(self, settings: Settings, formats: dict[str, Format], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle("Settings")
        self.settings = settings
        self.theme = self._combo("settingsTheme", "Theme", [(t.capitalize(), t) for t in THEMES], settings.theme)
        self.format = self._combo("settingsFormat", "Format of a new team",
                                  [(f.name, key) for key, f in formats.items()], settings.default_format)
        self.player = self._line("settingsPlayer", "Player name on team sheets", settings.player_name)
        self.event = self._line("settingsEvent", "Event name on team sheets", settings.event_name)
        self.ai = self._combo("settingsAi", "Playtest AI", [(a.capitalize(), a) for a in AIS], settings.ai)
        self.pace = QSpinBox(objectName="settingsPace")
        self.pace.setRange(0, MAX_PACE_MS)
        self.pace.setSingleStep(100)
        self.pace.setSuffix(" ms")
        self.pace.setSpecialValueText("instant")
        self.pace.setValue(settings.ai_pace_ms)
        self.pace.setAccessibleName("AI pace: how long each AI move stays on screen")
        self.stops = {key: QCheckBox(label, objectName=f"settingsStop_{key}") for key, label in PLAYTEST_STOPS.items()}
        for key, box in self.stops.items():
            box.setChecked(key in settings.playtest_stops)
            box.setAccessibleName(f"Stop at {PLAYTEST_STOPS[key]}")

        form = QFormLayout()
        form.addRow("Theme", self.theme)
        form.addRow("New teams", self.format)
        form.addRow("Player", self.player)
        form.addRow("Event", self.event)
        form.addRow("Playtest AI", self.ai)
        form.addRow("AI pace", self.pace)
        stops = QGroupBox("Playtest: stop even when passing is all I can do")
        stops_layout = QVBoxLayout(stops)
        for box in self.stops.values():
            stops_layout.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(stops)
        layout.addWidget(buttons)

    def _combo(self, name: str, accessible: str, items: list[tuple[str, str]], current: str) -> QComboBox:
        box = QComboBox(objectName=name)
        for label, value in items:
            box.addItem(label, value)
        box.setCurrentIndex(max(box.findData(current), 0))
        box.setAccessibleName(accessible)
        return box

    def _line(self, name: str, accessible: str, text: str) -> QLineEdit:
        edit = QLineEdit(text, objectName=name)
        edit.setAccessibleName(accessible)
        return edit

    def accept(self) -> None:
        settings = self.settings
        settings.theme = str(self.theme.currentData())
        settings.default_format = str(self.format.currentData())
        settings.player_name = self.player.text().strip()
        settings.event_name = self.event.text().strip()
        settings.ai = str(self.ai.currentData())
        settings.ai_pace_ms = self.pace.value()
        settings.playtest_stops = frozenset(key for key, box in self.stops.items() if box.isChecked())
        settings.sync()
        super().accept()
