"""A card on the playtest table: ``CardChip``.

It shows the card's cost disc in its energy colours, its name and the dice left to buy,
and takes clicks: on the chip to buy a die of it, on its "G" badge (drawn only while one
of its Global Abilities can be used) to use the global. Marks follow the decision: a
dashed ring on a card that can be bought now, a solid ring on the one picked.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

from teambuilder.ui.playtest.board_model import CardView
from teambuilder.ui.playtest.board_widgets import Clickable, mix_colours, pixel_font
from teambuilder.ui.symbols import ENERGY_COLOURS

CARD_SIZE = QSize(112, 40)
BADGE_WIDTH = 20


class CardChip(Clickable):
    """One card. ``clicked`` is a click on the card; ``global_clicked`` one on its global
    badge. Dynamic properties for tests and style sheets: ``buyable``, ``globalUsable``,
    ``picked``."""

    global_clicked = Signal()

    def __init__(self, slot: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.slot = slot
        self.view: CardView | None = None
        self.setObjectName(f"card{slot}")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFixedSize(CARD_SIZE)
        self.set_marks(False, False, False)

    def set_view(self, view: CardView) -> None:
        if view == self.view:
            return
        self.view = view
        self.setToolTip(view.tooltip())
        self.setAccessibleName(view.summary())
        self.update()

    def set_marks(self, buyable: bool, global_usable: bool, picked: bool) -> None:
        marks = {"buyable": buyable, "globalUsable": global_usable, "picked": picked}
        if all(self.property(name) is value for name, value in marks.items()):
            return
        for name, value in marks.items():
            self.setProperty(name, value)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if buyable or global_usable else Qt.FocusPolicy.NoFocus)
        self.update()

    def badge_rect(self) -> QRectF:
        return QRectF(self.width() - BADGE_WIDTH - 3, 3, BADGE_WIDTH, self.height() - 6)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        if (event.button() == Qt.MouseButton.LeftButton and self.property("globalUsable")
                and self.badge_rect().contains(point)):
            self.global_clicked.emit()
            return
        super().mouseReleaseEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        view = self.view
        if view is None:
            return
        palette = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        frame = QRectF(1.5, 1.5, self.width() - 3, self.height() - 3)
        colours = [QColor(ENERGY_COLOURS[e]) for e in view.energy] or [QColor(ENERGY_COLOURS["generic"])]
        base = palette.color(QPalette.ColorRole.Base)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        # A card with no dice left to buy and none held on it fades: it no longer matters.
        painter.setOpacity(1.0 if view.left or view.held else 0.55)
        if self.property("picked"):
            painter.setPen(QPen(highlight, 3))
        elif self.property("buyable"):
            painter.setPen(QPen(highlight, 2, Qt.PenStyle.DashLine))
        else:
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(mix_colours(base, colours[0], 0.15))
        painter.drawRoundedRect(frame, 6, 6)
        disc = QRectF(5, (self.height() - 22) / 2, 22, 22)
        painter.setPen(Qt.PenStyle.NoPen)
        span = 360 * 16 // len(colours)
        for index, colour in enumerate(colours):
            painter.setBrush(colour)
            painter.drawPie(disc, 90 * 16 + index * span, span)
        painter.setPen(QColor("white"))
        painter.setFont(pixel_font(self.font(), 12, bold=True))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, str(view.cost_now))
        right = self.badge_rect().left() - 2 if self.property("globalUsable") else self.width() - 5
        text_rect = QRectF(disc.right() + 4, 3, right - disc.right() - 4, self.height() - 6)
        name_font = pixel_font(self.font(), 11, bold=True)
        name = QFontMetrics(name_font).elidedText(view.name.split(":")[0], Qt.TextElideMode.ElideRight,
                                                  int(text_rect.width()))
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.setFont(name_font)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft, name)
        painter.setFont(pixel_font(self.font(), 10))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft,
                         f"{view.left} {'die' if view.left == 1 else 'dice'} left"
                         + (f" · {len(view.held)} held" if view.held else ""))
        if self.property("globalUsable"):
            self._paint_badge(painter, highlight)
        painter.end()

    def _paint_badge(self, painter: QPainter, colour: QColor) -> None:
        """The global's badge: a "G" in the highlight colour, clickable."""
        painter.setOpacity(1.0)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        badge = self.badge_rect()
        painter.drawRoundedRect(badge, 4, 4)
        painter.setPen(self.palette().color(QPalette.ColorRole.HighlightedText))
        painter.setFont(pixel_font(self.font(), 12, bold=True))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, "G")
