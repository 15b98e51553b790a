"""The selected card's detail, painted like a physical card.

A rounded frame with a rarity stripe, a top band tinted with the card's energy colour (cost
disc, energy symbols, name and subtitle), affiliations, keywords and word-wrapped rules
text, max dice, the die's six faces drawn as small squares, and the rules engine's status.
The same walk over the card lays it out and paints it (``CardPainter``), so the height
reported to a scroll area (``heightForWidth``) is always the height that gets painted.

The card scales with its room, keeping its aspect, as a picture does: wider than
``PREFERRED_WIDTH`` it is laid out at that width and zoomed to fill the width it is given,
but no taller than the scroll area's viewport, so a bigger window shows a bigger card
without a scroll bar. Narrower, the text first wraps narrower at full size (down to
``NARROW_WIDTH``), then the card shrinks to fit the column (down to ``MIN_ZOOM``), never
cut off at the side. Zooming is a painter transform: text and the SVG symbols are drawn as vectors at
the final size, and the raster icons in the rules text are made for the final device
pixels (zoom times the screen's device pixel ratio), so nothing is blown up.
``plain_text`` says everything the face shows, in reading order, for tests and screen
readers. Colours of text and background come from the widget palette so the card reads in
light and dark themes; energy and rarity colours come from ``symbols``.

This module holds the widget; the painting walk is ``card_face_painter`` and the words are
``card_face_text``. Their public names are re-exported here (``__all__``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QSizePolicy, QWidget

from teambuilder.catalogue.model import Card
from teambuilder.ui.card_face_painter import GAP, MARGIN, PAD, STATUS_COLOURS, STRIPE, CardPainter, muted_colour
from teambuilder.ui.card_face_text import (
    PLACEHOLDER,
    action_face_text,
    card_plain_text,
    cost_text,
    face_text,
    level_text,
    rules_text,
)

__all__ = [
    "GAP", "MARGIN", "MAX_ZOOM", "MIN_WIDTH", "MIN_ZOOM", "NARROW_WIDTH",
    "PAD", "PLACEHOLDER", "PLACEHOLDER_HEIGHT", "PREFERRED_WIDTH", "STATUS_COLOURS",
    "STRIPE", "CardFace", "action_face_text", "card_plain_text", "cost_text", "face_text", "level_text",
    "rules_text",
]

PREFERRED_WIDTH = 380           # wider than this, the card grows (keeping its aspect)
NARROW_WIDTH = 300              # narrower than this, it shrinks (text stays readable)
MIN_ZOOM, MAX_ZOOM = 0.75, 2.5
MIN_WIDTH = math.ceil(NARROW_WIDTH * MIN_ZOOM)
PLACEHOLDER_HEIGHT = 160


def _device_ratio(painter: QPainter) -> float:
    """Device pixels per logical pixel where ``painter`` paints: the screen's for a
    window, the image's when the face is rendered into an image."""
    # The paint engine's device, not painter.device(): QWidget.render() redirects the
    # widget's painter into the image, and only the engine knows.
    engine = painter.paintEngine()
    device = engine.paintDevice() if engine is not None else painter.device()
    return float(device.devicePixelRatioF()) if device is not None else 1.0


@dataclass(frozen=True)
class Fit:
    """How the card sits in the widget: laid out ``layout_width`` wide, drawn at ``zoom``."""

    layout_width: float
    zoom: float


class CardFace(QWidget):
    """A card drawn like a card. Its height follows its width (``heightForWidth``), so put
    it in a ``QScrollArea`` with ``widgetResizable=True``."""

    def __init__(self, affiliation_names: dict[str, str], keyword_names: dict[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardDetail")
        self.affiliation_names = dict(affiliation_names)
        self.keyword_names = dict(keyword_names)
        self.card: Card | None = None
        self._heights: dict[float, float] = {}     # layout width -> content height, this card
        self.setMinimumWidth(MIN_WIDTH)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName("Card detail")
        self.show_card(None)

    def show_card(self, card: Card | None) -> None:
        """Show ``card``; None shows the "Select a card" placeholder."""
        self.card = card
        self._heights.clear()
        self.setAccessibleDescription(self.plain_text())
        self.updateGeometry()
        self.update()

    def plain_text(self) -> str:
        """Everything the face shows, as text in reading order."""
        return card_plain_text(self.card, self.affiliation_names, self.keyword_names)

    def hasHeightForWidth(self) -> bool:
        return True

    def _content_height(self, layout_width: float) -> float:
        if layout_width not in self._heights:
            self._heights[layout_width] = CardPainter(self, None, layout_width).run()
        return self._heights[layout_width]

    def _room_height(self) -> int | None:
        """The height of the scroll area's viewport the face sits in, if it sits in one."""
        viewport = self.parentWidget()
        if viewport is None or not isinstance(viewport.parentWidget(), QAbstractScrollArea):
            return None
        return viewport.height()

    def fit(self, width: int) -> Fit:
        """How the card is drawn ``width`` pixels wide (in the room the viewport gives):
        from ``NARROW_WIDTH`` to ``PREFERRED_WIDTH`` the text wraps narrower at full size;
        below it the card shrinks (to ``MIN_ZOOM``, then wraps narrower still); above it
        the card grows with the width, but no taller than the viewport."""
        if width < NARROW_WIDTH:
            zoom = max(MIN_ZOOM, width / NARROW_WIDTH)
            return Fit(width / zoom, zoom)
        if width <= PREFERRED_WIDTH:
            return Fit(width, 1.0)
        zoom = width / PREFERRED_WIDTH
        room = self._room_height()
        if room is not None and self.card is not None:
            zoom = min(zoom, room / self._content_height(PREFERRED_WIDTH))
        return Fit(PREFERRED_WIDTH, min(MAX_ZOOM, max(1.0, zoom)))

    def card_rect(self) -> QRectF:
        """Where the card is painted in the widget (empty without a card)."""
        if self.card is None:
            return QRectF()
        fit = self.fit(self.width())
        width = fit.layout_width * fit.zoom
        height = min(float(self.height()), self._content_height(fit.layout_width) * fit.zoom)
        return QRectF((self.width() - width) / 2, 0, width, height)

    def heightForWidth(self, width: int) -> int:
        if self.card is None:
            return PLACEHOLDER_HEIGHT
        fit = self.fit(max(width, MIN_WIDTH))
        return math.ceil(self._content_height(fit.layout_width) * fit.zoom - 1e-6)

    def sizeHint(self) -> QSize:
        return QSize(PREFERRED_WIDTH, self.heightForWidth(PREFERRED_WIDTH))

    def minimumSizeHint(self) -> QSize:
        # Only the width: a minimum height taken when narrow would leave a wider card too tall.
        return QSize(MIN_WIDTH, PLACEHOLDER_HEIGHT)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._heights.clear()        # the text measures differently now
            self.updateGeometry()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        if self.card is None:
            self._paint_placeholder(painter)
        else:
            fit = self.fit(self.width())
            rect = self.card_rect()
            painter.translate(rect.left(), 0)
            painter.scale(fit.zoom, fit.zoom)
            # The frame ends where the card's content does, even in a taller viewport.
            CardPainter(self, painter, fit.layout_width, rect.height() / fit.zoom,
                        pixel_scale=fit.zoom * _device_ratio(painter)).run()
        painter.end()

    def _paint_placeholder(self, painter: QPainter) -> None:
        frame = QRectF(MARGIN, MARGIN, self.width() - 2 * MARGIN, self.height() - 2 * MARGIN)
        pen = QPen(self.palette().color(QPalette.ColorRole.Mid), 2, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRoundedRect(frame, 14, 14)
        painter.setPen(muted_colour(self.palette()))
        painter.drawText(frame, Qt.AlignmentFlag.AlignCenter, PLACEHOLDER)
