"""The game's symbols drawn by the app: energy types, wild, generic energy and burst.

The pictures are our own SVGs in ``resources/symbols``. Icons and pixmaps are cached per
name and size (rendering an SVG per table cell would be slow). Pixmaps are rendered at the
screen's device pixel ratio (``device_ratio``), so on a 2x screen a 16 px symbol has 32
pixels to itself and stays crisp instead of being blown up. Colours for energy types
and rarity stripes live here too, so every widget paints a card the same way.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QIcon, QImage, QPainter, QPixmap
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


def device_ratio() -> float:
    """The highest device pixel ratio of the app's screens (1.0 before there is an app)."""
    app = QGuiApplication.instance()
    return float(app.devicePixelRatio()) if isinstance(app, QGuiApplication) else 1.0


@lru_cache(maxsize=512)
def symbol_image(name: str, pixels: int, amount: int | None = None) -> QImage:
    """The symbol drawn on exactly ``pixels`` x ``pixels`` device pixels (transparent)."""
    image = QImage(max(1, pixels), max(1, pixels), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_symbol(painter, name, QRectF(0, 0, image.width(), image.height()), amount)
    painter.end()
    return image


def symbol_pixmap(name: str, size: int, amount: int | None = None, ratio: float | None = None) -> QPixmap:
    """A ``size`` px symbol (logical pixels) rendered at ``ratio`` (the screen's by default)."""
    return _symbol_pixmap(name, size, amount, ratio or device_ratio())


@lru_cache(maxsize=256)
def _symbol_pixmap(name: str, size: int, amount: int | None, ratio: float) -> QPixmap:
    pixmap = QPixmap.fromImage(symbol_image(name, round(size * ratio), amount))
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


@lru_cache(maxsize=64)
def symbol_icon(name: str) -> QIcon:
    return QIcon(str(symbol_path(name)))


def energy_row(energy: tuple[str, ...], size: int = 16, ratio: float | None = None) -> QPixmap:
    """The symbols of a card's energy types side by side (a crossover shows several), at
    ``ratio`` (the screen's device pixel ratio by default)."""
    return _energy_row(tuple(energy), size, ratio or device_ratio())


@lru_cache(maxsize=64)
def _energy_row(energy: tuple[str, ...], size: int, ratio: float) -> QPixmap:
    width = max(1, len(energy)) * (size + 2)
    pixmap = QPixmap(QSize(round(width * ratio), round(size * ratio)))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for position, name in enumerate(energy):
        paint_symbol(painter, name, QRectF(position * (size + 2), 0, size, size))
    painter.end()
    return pixmap
