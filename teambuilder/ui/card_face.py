"""The selected card's detail, painted like a physical card.

A rounded frame with a rarity stripe, a top band tinted with the card's energy colour (cost
disc, energy symbols, name and subtitle), affiliations, keywords and word-wrapped rules
text, max dice, the die's six faces drawn as small squares, and the rules engine's status.
The same walk over the card lays it out and paints it (``CardPainter``), so the height
reported to a scroll area (``heightForWidth``) is always the height that gets painted.
``plain_text`` says everything the face shows, in reading order, for tests and screen
readers. Colours of text and background come from the widget palette so the card reads in
light and dark themes; energy and rarity colours come from ``symbols``.

This module holds the widget; the painting walk is ``card_face_painter`` and the words are
``card_face_text``. Their public names are re-exported here (``__all__``).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

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
    "GAP", "MARGIN", "MIN_WIDTH", "PAD", "PLACEHOLDER", "PLACEHOLDER_HEIGHT", "PREFERRED_WIDTH", "STATUS_COLOURS",
    "STRIPE", "CardFace", "action_face_text", "card_plain_text", "cost_text", "face_text", "level_text",
    "rules_text",
]

MIN_WIDTH = 300
PREFERRED_WIDTH = 380
PLACEHOLDER_HEIGHT = 160


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
        self.setMinimumWidth(MIN_WIDTH)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName("Card detail")
        self.show_card(None)

    def show_card(self, card: Card | None) -> None:
        """Show ``card``; None shows the "Select a card" placeholder."""
        self.card = card
        self.setAccessibleDescription(self.plain_text())
        self.updateGeometry()
        self.update()

    def plain_text(self) -> str:
        """Everything the face shows, as text in reading order."""
        return card_plain_text(self.card, self.affiliation_names, self.keyword_names)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if self.card is None:
            return PLACEHOLDER_HEIGHT
        return int(CardPainter(self, None, max(width, MIN_WIDTH)).run() + 0.999)

    def sizeHint(self) -> QSize:
        return QSize(PREFERRED_WIDTH, self.heightForWidth(PREFERRED_WIDTH))

    def minimumSizeHint(self) -> QSize:
        # Only the width: a minimum height taken at 300 px would leave a wider card too tall.
        return QSize(MIN_WIDTH, PLACEHOLDER_HEIGHT)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if self.card is None:
            self._paint_placeholder(painter)
        else:
            # The frame ends where the card's content does, even in a taller viewport.
            height = min(self.height(), CardPainter(self, None, self.width()).run())
            CardPainter(self, painter, self.width(), height).run()
        painter.end()

    def _paint_placeholder(self, painter: QPainter) -> None:
        frame = QRectF(MARGIN, MARGIN, self.width() - 2 * MARGIN, self.height() - 2 * MARGIN)
        pen = QPen(self.palette().color(QPalette.ColorRole.Mid), 2, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRoundedRect(frame, 14, 14)
        painter.setPen(muted_colour(self.palette()))
        painter.drawText(frame, Qt.AlignmentFlag.AlignCenter, PLACEHOLDER)
