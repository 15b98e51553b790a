"""The game's symbols drawn by the app: energy types, wild, generic energy and burst.

The pictures are our own SVGs in ``resources/symbols``. Icons and pixmaps are cached per
name and size (rendering an SVG per table cell would be slow). Colours for energy types
and rarity stripes live here too, so every widget paints a card the same way.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from teambuilder import paths

SYMBOLS = ("mask", "fist", "bolt", "shield", "wild", "generic", "burst")
ENERGY_COLOURS = {"mask": "#2e6fd1", "fist": "#c8322b", "bolt": "#e0a800", "shield": "#2e9e4f",
                  "wild": "#8e44ad", "generic": "#7b7f86"}
RARITY_COLOURS = {"starter": "#8c8c8c", "common": "#e8e8e8", "uncommon": "#2e9e4f",
                  "rare": "#c8a000", "super_rare": "#c8322b", "promo": "#7d3cc8"}


def symbol_path(name: str) -> Path:
    """The SVG file of a symbol; raises KeyError for a name not in ``SYMBOLS``."""
    if name not in SYMBOLS:
        raise KeyError(f"no symbol called {name!r}")
    return paths.resources_dir() / "symbols" / f"{name}.svg"


@cache
def _renderer(name: str) -> QSvgRenderer:
    return QSvgRenderer(str(symbol_path(name)))


def paint_symbol(painter: QPainter, name: str, rect: QRectF, amount: int | None = None) -> None:
    """Draw a symbol into ``rect``; ``amount`` writes a number on it (generic energy)."""
    _renderer(name).render(painter, rect)
    if amount is not None:
        painter.save()
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(6, int(rect.height() * 0.55)))
        painter.setFont(font)
        painter.setPen(QColor("white"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(amount))
        painter.restore()


@lru_cache(maxsize=256)
def symbol_pixmap(name: str, size: int, amount: int | None = None) -> QPixmap:
    pixmap = QPixmap(QSize(size, size))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_symbol(painter, name, QRectF(0, 0, size, size), amount)
    painter.end()
    return pixmap


@lru_cache(maxsize=64)
def symbol_icon(name: str) -> QIcon:
    return QIcon(str(symbol_path(name)))


@lru_cache(maxsize=64)
def energy_row(energy: tuple[str, ...], size: int = 16) -> QPixmap:
    """The symbols of a card's energy types side by side (a crossover shows several)."""
    width = max(1, len(energy)) * (size + 2)
    pixmap = QPixmap(QSize(width, size))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for position, name in enumerate(energy):
        paint_symbol(painter, name, QRectF(position * (size + 2), 0, size, size))
    painter.end()
    return pixmap
