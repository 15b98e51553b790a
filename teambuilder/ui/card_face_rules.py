"""The card face's rules text as a rich-text document, with energy symbols as inline icons.

Card text names energy with tokens (``[fist]``, ``[2]`` for two generic energy); players
expect the printed icons instead. A QTextDocument lays the words out with the icons inline
(it wraps the line around them as around a word), and measures the height for the card
face's walk. Each icon is an image resource drawn for the exact device pixels it will
cover (``pixel_scale``: the card's zoom times the screen's device pixel ratio), so icons
stay crisp on a 2x screen and on a card scaled up with the window.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QRectF, QUrl
from PySide6.QtGui import QAbstractTextDocumentLayout, QColor, QFont, QFontMetricsF, QPainter, QPalette, QTextDocument

from teambuilder.ui.card_face_text import TextSymbol, text_with_symbols
from teambuilder.ui.symbols import symbol_image


def _url(symbol: TextSymbol, pixels: int) -> str:
    return f"symbol:{symbol.name}/{symbol.amount or ''}/{pixels}"


def rules_document(text: str, font: QFont, width: float, pixel_scale: float) -> QTextDocument:
    """``text`` laid out ``width`` wide in ``font``, its symbol tokens as icons filling the
    line from the descent to the top of the ascent: as big as the line allows, and the
    line spacing stays as it is."""
    document = QTextDocument()
    document.setDefaultFont(font)
    document.setDocumentMargin(0)
    metrics = QFontMetricsF(font)
    size = int(metrics.ascent() + metrics.descent())
    pixels = max(1, round(size * pixel_scale))
    pieces: list[str] = []
    for part in text_with_symbols(text):
        if isinstance(part, str):
            pieces.append(html.escape(part).replace("\n", "<br>"))
            continue
        url = _url(part, pixels)
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url),
                             symbol_image(part.name, pixels, part.amount))
        words = f"{part.amount} generic" if part.amount is not None else part.name
        pieces.append(f'<img src="{url}" width="{size}" height="{size}" alt="{words}" '
                      'style="vertical-align: bottom">')
    document.setHtml("".join(pieces))
    document.setTextWidth(max(1.0, width))
    return document


def rules_height(text: str, font: QFont, width: float) -> float:
    return float(rules_document(text, font, width, 1.0).size().height())


def paint_rules(painter: QPainter, text: str, font: QFont, rect: QRectF, colour: QColor,
                pixel_scale: float) -> None:
    """Draw the rules text at ``rect``'s top left in ``colour``."""
    document = rules_document(text, font, rect.width(), pixel_scale)
    context = QAbstractTextDocumentLayout.PaintContext()
    context.palette.setColor(QPalette.ColorRole.Text, colour)
    painter.save()
    painter.translate(rect.topLeft())
    document.documentLayout().draw(painter, context)
    painter.restore()
