"""Painting the card face: one walk over a card that both measures and draws it.

``CardPainter`` lays the card out top to bottom (frame and rarity stripe, the tinted top
band with cost disc, name and energy symbols, affiliations, keywords and rules text, the
die's faces as small squares, the engine status); with a painter it draws, without one it
only measures, so the height ``CardFace`` reports is always the height that gets painted.
It is apart from the widget (``card_face``) because it is most of the code and has one job.
Colours of text and background come from the widget palette so the card reads in light and
dark themes; energy and rarity colours come from ``symbols``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
)

from teambuilder.catalogue.model import Card, EnergyFace, Level
from teambuilder.engine.coverage import coverage
from teambuilder.ui.card_face_rules import paint_rules, rules_height
from teambuilder.ui.card_face_text import engine_line, meta_line, rules_text
from teambuilder.ui.symbols import ENERGY_COLOURS, RARITY_COLOURS, paint_symbol

if TYPE_CHECKING:
    from teambuilder.ui.card_face import CardFace

MARGIN = 6          # around the card frame, so the rounded corners show
STRIPE = 10         # rarity stripe along the left edge
PAD = 10            # inside the frame
GAP = 6             # between die faces
STATUS_COLOURS = {"full": "#2e9e4f", "partial": "#e0a800", "none": "#8c8c8c"}
_WRAP = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap)


def _mix(base: QColor, tint: QColor, amount: float) -> QColor:
    """``base`` moved ``amount`` (0..1) of the way to ``tint``: a pale band in a light theme,
    a dark one in a dark theme."""
    return QColor.fromRgbF(base.redF() + (tint.redF() - base.redF()) * amount,
                           base.greenF() + (tint.greenF() - base.greenF()) * amount,
                           base.blueF() + (tint.blueF() - base.blueF()) * amount)


def muted_colour(palette: QPalette) -> QColor:
    """Secondary text: the text colour, half see-through, so it works on any background
    (a palette's PlaceholderText is not always set to suit a dark theme)."""
    colour = QColor(palette.color(QPalette.ColorRole.Text))
    colour.setAlpha(150)
    return colour


def _scaled(font: QFont, factor: float, bold: bool = False, italic: bool = False) -> QFont:
    scaled = QFont(font)
    if font.pointSizeF() > 0:
        scaled.setPointSizeF(font.pointSizeF() * factor)
    else:
        scaled.setPixelSize(max(6, round(font.pixelSize() * factor)))
    scaled.setBold(bold)
    scaled.setItalic(italic)
    return scaled


class CardPainter:
    """One top-to-bottom walk over a card at a given width. With a painter it draws; with
    None it only measures. Invariant: both walks advance ``y`` identically. ``pixel_scale``
    is how many device pixels one unit of the walk covers (the face's zoom times the
    screen's device pixel ratio): raster icons are drawn at that resolution."""

    def __init__(self, widget: CardFace, painter: QPainter | None, width: float,
                 height: float = 0, pixel_scale: float = 1.0) -> None:
        assert widget.card is not None
        self.card: Card = widget.card
        self.widget = widget
        self.painter = painter
        self.pixel_scale = pixel_scale
        self.palette: QPalette = widget.palette()
        font = widget.font()
        self.fonts = {"body": QFont(font), "bold": _scaled(font, 1.0, bold=True),
                      "name": _scaled(font, 1.45, bold=True), "sub": _scaled(font, 1.0, italic=True),
                      "small": _scaled(font, 0.85)}
        self.frame = QRectF(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
        self.left = self.frame.left() + STRIPE + PAD
        self.right = self.frame.right() - PAD

    @property
    def inner(self) -> float:
        return max(1.0, self.right - self.left)

    def run(self) -> float:
        """Lay out (and paint, with a painter) the card; return its total height."""
        y = self.frame.top()
        if self.painter is not None:
            self._frame()
        y = self._band(y)
        y = self._details(y + PAD)
        y = self._faces(y + PAD)
        y = self._engine(y + PAD)
        return y + PAD + MARGIN

    # -- text helpers ------------------------------------------------------------------

    def _text(self, font: str, text: str, y: float, left: float | None = None,
              right: float | None = None, colour: QColor | None = None, draw: bool = True) -> float:
        """Word-wrapped ``text`` from ``y``; returns the y below it."""
        if not text:
            return y
        x0 = self.left if left is None else left
        width = max(1.0, (self.right if right is None else right) - x0)
        rect = QFontMetricsF(self.fonts[font]).boundingRect(QRectF(x0, y, width, 1e6), _WRAP, text)
        if draw and self.painter is not None:
            self.painter.setFont(self.fonts[font])
            self.painter.setPen(colour or self.palette.color(QPalette.ColorRole.Text))
            self.painter.drawText(QRectF(x0, y, width, rect.height()), _WRAP, text)
        return y + rect.height()

    def _rules(self, text: str, y: float) -> float:
        """The rules text, its energy tokens drawn as icons (card_face_rules)."""
        font = self.fonts["body"]
        if self.painter is not None:
            paint_rules(self.painter, text, font, QRectF(self.left, y, self.inner, 1e6),
                        self.palette.color(QPalette.ColorRole.Text), self.pixel_scale)
        return y + rules_height(text, font, self.inner)

    def _rule(self, y: float) -> None:
        if self.painter is not None:
            self.painter.setPen(QPen(self.palette.color(QPalette.ColorRole.Mid), 1))
            self.painter.drawLine(QPointF(self.left, y), QPointF(self.right, y))

    # -- sections ------------------------------------------------------------------------

    def _frame_path(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.frame, 14, 14)
        return path

    def _frame(self) -> None:
        painter = self.painter
        assert painter is not None
        path = self._frame_path()
        painter.fillPath(path, self.palette.color(QPalette.ColorRole.Base))
        painter.save()
        painter.setClipPath(path)
        stripe = QRectF(self.frame.left(), self.frame.top(), STRIPE, self.frame.height())
        painter.fillRect(stripe, QColor(RARITY_COLOURS.get(self.card.rarity, "#8c8c8c")))
        # An edge line keeps a pale stripe (common) visible on a pale card.
        painter.setPen(QPen(self.palette.color(QPalette.ColorRole.Mid), 1))
        painter.drawLine(QPointF(stripe.right(), stripe.top()), QPointF(stripe.right(), stripe.bottom()))
        painter.restore()
        painter.setPen(QPen(self.palette.color(QPalette.ColorRole.Mid), 2))
        painter.drawPath(path)

    def _band(self, top: float) -> float:
        """Cost disc, name and subtitle, energy symbols; the band is tinted with the card's
        first energy colour (grey for basic actions)."""
        disc, symbol = 40.0, 24.0
        symbols_left = self.right - len(self.card.energy) * (symbol + 4) + 4
        name_left, name_right = self.left + disc + 10, symbols_left - 8
        y = self._text("name", self.card.name, top + PAD, name_left, name_right, draw=False)
        y = self._text("sub", self.card.subtitle, y, name_left, name_right, draw=False)
        bottom = max(y, top + PAD + disc) + PAD
        if self.painter is not None:
            # The band's height depends on the wrapped name, so it is measured before painting.
            self._paint_band(QRectF(self.frame.left() + STRIPE, top, self.frame.width(), bottom - top))
            y = self._text("name", self.card.name, top + PAD, name_left, name_right)
            self._text("sub", self.card.subtitle, y, name_left, name_right)
            self._cost_disc(QRectF(self.left, top + PAD, disc, disc))
            for index, name in enumerate(self.card.energy):
                rect = QRectF(symbols_left + index * (symbol + 4), top + PAD + (disc - symbol) / 2,
                              symbol, symbol)
                paint_symbol(self.painter, name, rect)
        return bottom

    def _energy_colours(self) -> list[QColor]:
        return [QColor(ENERGY_COLOURS[e]) for e in self.card.energy] or [
            QColor(ENERGY_COLOURS["generic"])]

    def _paint_band(self, rect: QRectF) -> None:
        painter = self.painter
        assert painter is not None
        painter.save()
        painter.setClipPath(self._frame_path())
        base = self.palette.color(QPalette.ColorRole.Base)
        painter.fillRect(rect, _mix(base, self._energy_colours()[0], 0.22))
        painter.setPen(QPen(self.palette.color(QPalette.ColorRole.Mid), 1))
        painter.drawLine(QPointF(rect.left(), rect.bottom()), QPointF(rect.right(), rect.bottom()))
        painter.restore()

    def _cost_disc(self, rect: QRectF) -> None:
        """The cost on a disc in the card's energy colour(s): a crossover splits the disc."""
        painter = self.painter
        assert painter is not None
        colours = self._energy_colours()
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        span = 360 * 16 // len(colours)
        for index, colour in enumerate(colours):
            painter.setBrush(colour)
            painter.drawPie(rect, 90 * 16 + index * span, span)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("white"), 2))
        painter.drawEllipse(rect.adjusted(3, 3, -3, -3))
        font = QFont(self.fonts["bold"])
        font.setPixelSize(int(rect.height() * 0.5))
        painter.setFont(font)
        painter.setPen(QColor("#1b1b1b"))
        painter.drawText(rect.translated(1, 1), Qt.AlignmentFlag.AlignCenter, str(self.card.cost))
        painter.setPen(QColor("white"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(self.card.cost))
        painter.restore()

    def _details(self, y: float) -> float:
        card, widget = self.card, self.widget
        muted = muted_colour(self.palette)
        if card.affiliations:
            names = ", ".join(widget.affiliation_names.get(a, a) for a in card.affiliations)
            y = self._text("bold", names, y)
        y = self._text("small", meta_line(card), y, colour=muted) + PAD / 2
        self._rule(y)
        y += PAD / 2
        if card.keywords:
            y = self._text("bold", ", ".join(widget.keyword_names.get(k, k) for k in card.keywords), y)
        text = rules_text(card, widget.keyword_names)
        if text:
            y = self._rules(text, y + (4 if card.keywords else 0))
        return self._text("bold", f"Max dice {card.max_dice}", y + PAD / 2)

    def _faces(self, y: float) -> float:
        faces: list[Level | EnergyFace | int] = [*self.card.levels, *self.card.action_faces,
                                                 *self.card.energy_faces]
        if not faces:
            return y
        size = max(28.0, min(56.0, (self.inner - 5 * GAP) // 6))
        per_row = max(1, int((self.inner + GAP) // (size + GAP)))
        for index, face in enumerate(faces):
            row, column = divmod(index, per_row)
            rect = QRectF(self.left + column * (size + GAP), y + row * (size + GAP), size, size)
            if self.painter is not None:
                self._die_face(rect, face)
        rows = (len(faces) + per_row - 1) // per_row
        return y + rows * size + (rows - 1) * GAP

    def _engine(self, y: float) -> float:
        self._rule(y)
        y += PAD / 2
        engine = coverage(self.card)
        dot = 10.0
        line_height = QFontMetricsF(self.fonts["small"]).height()
        if self.painter is not None:
            self.painter.setPen(Qt.PenStyle.NoPen)
            self.painter.setBrush(QColor(STATUS_COLOURS.get(engine.status, "#8c8c8c")))
            self.painter.drawEllipse(QRectF(self.left, y + (line_height - dot) / 2, dot, dot))
        return self._text("small", engine_line(self.card), y, self.left + dot + 6)

    # -- die faces -----------------------------------------------------------------------

    def _die_face(self, rect: QRectF, face: Level | EnergyFace | int) -> None:
        painter = self.painter
        assert painter is not None
        painter.save()
        painter.setPen(QPen(self.palette.color(QPalette.ColorRole.Mid), 1.5))
        painter.setBrush(self.palette.color(QPalette.ColorRole.Window))
        painter.drawRoundedRect(rect, rect.width() * 0.18, rect.width() * 0.18)
        if isinstance(face, Level):
            self._level_face(rect, face)
        elif isinstance(face, EnergyFace):
            self._energy_face(rect, face)
        else:
            self._action_face(rect, face)
        painter.restore()

    def _symbols(self, names: list[str], centre: QPointF, size: float,
                 amount: int | None = None) -> None:
        """Symbols of one size side by side, centred on ``centre``."""
        assert self.painter is not None
        left = centre.x() - (len(names) * size + (len(names) - 1) * 2) / 2
        for index, name in enumerate(names):
            rect = QRectF(left + index * (size + 2), centre.y() - size / 2, size, size)
            paint_symbol(self.painter, name, rect, amount)

    def _energy_face(self, rect: QRectF, face: EnergyFace) -> None:
        s = rect.width()
        if face.generic:
            self._symbols(["generic"], rect.center(), s * 0.62, face.generic)
        else:
            self._symbols(list(face.symbols), rect.center(), s * (0.62 if len(face.symbols) == 1 else 0.44))

    def _level_face(self, rect: QRectF, level: Level) -> None:
        """Fielding cost in the top-left corner, level pips top right, burst marks in the
        middle, attack bottom left and defense bottom right."""
        painter = self.painter
        assert painter is not None
        s = rect.width()
        corner = s * 0.4
        paint_symbol(painter, "generic", QRectF(rect.left() + 2, rect.top() + 2, corner, corner),
                     level.fielding)
        pip = s * 0.09
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette.color(QPalette.ColorRole.Text))
        for index in range(level.level):
            painter.drawEllipse(QRectF(rect.right() - 4 - (index + 1) * (pip + 2),
                                       rect.top() + 5, pip, pip))
        if level.burst:
            self._symbols(["burst"] * level.burst, QPointF(rect.center().x(), rect.top() + s * 0.5),
                          s * 0.24)
        font = QFont(self.fonts["bold"])
        font.setPixelSize(max(8, int(s * 0.3)))
        painter.setFont(font)
        painter.setPen(self.palette.color(QPalette.ColorRole.Text))
        stats = rect.adjusted(4, 0, -4, -2)
        bottom = Qt.AlignmentFlag.AlignBottom
        painter.drawText(stats, bottom | Qt.AlignmentFlag.AlignLeft, str(level.attack))
        painter.drawText(stats, bottom | Qt.AlignmentFlag.AlignRight, str(level.defense))

    def _action_face(self, rect: QRectF, bursts: int) -> None:
        """An action face: a four-pointed star, with its burst marks beneath."""
        painter = self.painter
        assert painter is not None
        s = rect.width()
        centre = QPointF(rect.center().x(), rect.top() + (s * 0.36 if bursts else s * 0.5))
        tip, waist = s * (0.2 if bursts else 0.3), s * (0.06 if bursts else 0.09)
        # Points alternate between the four tips (up, right, down, left) and the waist.
        steps = [(0, -tip), (waist, -waist), (tip, 0), (waist, waist),
                 (0, tip), (-waist, waist), (-tip, 0), (-waist, -waist)]
        star = QPolygonF([centre + QPointF(dx, dy) for dx, dy in steps])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette.color(QPalette.ColorRole.Text))
        painter.drawPolygon(star)
        if bursts:
            self._symbols(["burst"] * bursts, QPointF(rect.center().x(), rect.top() + s * 0.74),
                          s * 0.3)


