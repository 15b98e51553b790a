"""Light and dark themes: the Fusion style with a palette, plus a small style sheet.

Widgets that paint themselves (the card face, the charts) read the palette, so switching
theme needs no code in them.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from teambuilder import paths

_DARK = {
    QPalette.ColorRole.Window: "#2b2d31", QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1f2023", QPalette.ColorRole.AlternateBase: "#2a2b2f",
    QPalette.ColorRole.ToolTipBase: "#3a3c42", QPalette.ColorRole.ToolTipText: "#f0f0f0",
    QPalette.ColorRole.Text: "#e6e6e6", QPalette.ColorRole.Button: "#34363b",
    QPalette.ColorRole.ButtonText: "#e6e6e6", QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Highlight: "#3d7bd9", QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#6ea8ff", QPalette.ColorRole.PlaceholderText: "#8a8d93",
    QPalette.ColorRole.Mid: "#46484e", QPalette.ColorRole.Dark: "#18191c",
    QPalette.ColorRole.Light: "#45474d", QPalette.ColorRole.Shadow: "#0d0d0f",
}


def apply_theme(app: QApplication, theme: str) -> None:
    """Switch the whole app to ``theme`` ("light" or "dark")."""
    app.setStyle(QStyleFactory.create("Fusion"))
    palette = app.style().standardPalette()
    if theme == "dark":
        for role, colour in _DARK.items():
            palette.setColor(role, QColor(colour))
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#777a80"))
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#777a80"))
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, QColor("#777a80"))
    app.setPalette(palette)
    sheet = paths.resources_dir() / "themes" / f"{theme}.qss"
    app.setStyleSheet(sheet.read_text(encoding="utf-8") if sheet.is_file() else "")
    app.setProperty("teambuilderTheme", theme)


def current_theme(app: QApplication) -> str:
    value = app.property("teambuilderTheme")
    return value if isinstance(value, str) else "light"
