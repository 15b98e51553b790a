"""The playtest board's small painted pieces: ``DieWidget`` (one die, drawn by a die
painter from its ``DieView``), ``FlowLayout`` (items in wrapping rows) and the sizes,
colours and font helper they share with ``card_chip``.

They live apart from the board's layout so each stays small: these widgets only draw the
plain values ``board_model`` reads and report clicks; where they sit on the table and when
they are redrawn is ``board``'s business.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QWidget

from teambuilder.engine.dice import ACTION, ENERGY, Face
from teambuilder.engine.state import Zone
from teambuilder.ui.playtest.board_model import DieView
from teambuilder.ui.symbols import ENERGY_COLOURS, paint_symbol

DIE_SIZE = 46
MINI_SIZE = 28          # used pile and out of play: only which die it is matters there
CAPTION_HEIGHT = 13     # the card's name under each die
CAPTION_WIDTH = {DIE_SIZE: 76, MINI_SIZE: 64}   # wider names are elided (the tooltip has them)
PAYMENT_COLOUR = "#ff8c00"
UP_COLOUR, DOWN_COLOUR = "#2e9e4f", "#d03b31"


class FlowLayout(QLayout):
    """Items left to right, wrapping onto new rows; its height follows its width."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._height = (-1, 0)      # (width, height) last measured
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        self.invalidate()
        return self._items.pop(index)

    def invalidate(self) -> None:
        self._height = (-1, 0)
        super().invalidate()

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        # Asked many times per relayout with the same width: remember the last answer.
        if self._height[0] != width:
            self._height = (width, self._arrange(QRect(0, 0, width, 0), apply=False))
        return self._height[1]

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize(0, 0)
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, apply: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, row = area.x(), area.y(), 0
        gap = self.spacing()
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if x + hint.width() > area.right() + 1 and row > 0:
                x, y, row = area.x(), y + row + gap, 0
            if apply:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            row = max(row, hint.height())
        return y + row - rect.y() + margins.bottom()


def mix_colours(base: QColor, tint: QColor, amount: float) -> QColor:
    return QColor.fromRgbF(*(b + (t - b) * amount for b, t in (
        (base.redF(), tint.redF()), (base.greenF(), tint.greenF()), (base.blueF(), tint.blueF()))))


def pixel_font(font: QFont, pixels: float, bold: bool = False) -> QFont:
    """``font`` at ``pixels`` pixels (never under 7), bold or not."""
    sized = QFont(font)
    sized.setPixelSize(max(7, int(pixels)))
    sized.setBold(bold)
    return sized


class Clickable(QWidget):
    """A small painted item that reports a left click (or Space/Enter when focused)."""

    clicked = Signal()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit()
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.clicked.emit()
            return
        super().keyPressEvent(event)


class DieWidget(Clickable):
    """One die. Dynamic properties for tests and style sheets: ``dieId``, ``zone`` (the
    zone's value), ``player``, ``selectable``, ``selected``, ``payment``."""

    def __init__(self, die_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.die_id = die_id
        self.view: DieView | None = None
        self.owner = ""
        self.size_px = DIE_SIZE
        self.setObjectName(f"die{die_id}")
        self.setProperty("dieId", die_id)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.set_marks(False, False, False)

    def set_view(self, view: DieView, owner: str, mini: bool) -> None:
        if (view, owner, mini) == (self.view, self.owner, self.size_px == MINI_SIZE):
            return
        self.view, self.owner = view, owner
        self.size_px = MINI_SIZE if mini else DIE_SIZE
        self.caption = die_caption(view)
        caption_font = pixel_font(self.font(), CAPTION_HEIGHT - 3)
        wanted = QFontMetrics(caption_font).horizontalAdvance(self.caption) + 4
        self.setFixedSize(max(self.size_px, min(wanted, CAPTION_WIDTH[self.size_px])),
                          self.size_px + CAPTION_HEIGHT)
        self.setProperty("zone", view.zone.value)
        self.setProperty("player", view.player)
        tip = view.tooltip(owner)
        self.setToolTip(tip)
        self.setAccessibleName(view.summary())
        self.setAccessibleDescription(tip)
        self.update()

    def set_marks(self, selectable: bool, selected: bool, payment: bool) -> None:
        marks = {"selectable": selectable, "selected": selected, "payment": payment}
        if all(self.property(name) is value for name, value in marks.items()):
            return
        self.setProperty("selectable", selectable)
        self.setProperty("selected", selected)
        self.setProperty("payment", payment)
        # Only dice the decision lets the user pick take keyboard focus.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if selectable else Qt.FocusPolicy.NoFocus)
        self.update()

    def sizeHint(self) -> QSize:
        return self.size()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.view is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_caption(painter)
        # The die itself is a square centred above its caption.
        painter.translate((self.width() - self.size_px) / 2, 0)
        _DiePainter(painter, self, self.view).paint()
        painter.end()

    def _paint_caption(self, painter: QPainter) -> None:
        """The card's name under the die, whole where it fits, else elided (the tooltip
        gives it whole): which die this is should never be a guess from three letters."""
        font = pixel_font(self.font(), CAPTION_HEIGHT - 3)
        rect = QRectF(0, self.size_px, self.width(), CAPTION_HEIGHT)
        text = QFontMetrics(font).elidedText(self.caption, Qt.TextElideMode.ElideRight, self.width())
        painter.setFont(font)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)


def die_caption(view: DieView) -> str:
    """The name a die is known by on the table: its card's name before the subtitle
    ("Cheetah" for "Cheetah: Goddess of the Hunt"), "Sidekick", or the token's name."""
    return view.name.split(":")[0].strip() or "?"


class _DiePainter:
    """Draws a die: a rounded body tinted with its card's energy colour, the face showing,
    and the marks (selectable: dashed highlight ring; selected: solid ring and tint;
    spent by the proposed payment: orange ring and tint)."""

    def __init__(self, painter: QPainter, widget: DieWidget, view: DieView) -> None:
        self.p, self.w, self.view = painter, widget, view
        self.palette = widget.palette()
        self.s = float(widget.size_px)
        self.body = QRectF(3, 3, self.s - 6, self.s - 6)

    def colour(self, role: QPalette.ColorRole) -> QColor:
        return self.palette.color(role)

    def paint(self) -> None:
        self._body()
        face = self.view.face
        if face is None:
            pass                 # used pile, out of play: the tint and the caption say which
        elif face.kind == ENERGY:
            self._energy(face)
        elif face.kind == ACTION:
            self._action(face)
        else:
            self._character(face)
        self._rings()

    def _body(self) -> None:
        base = self.colour(QPalette.ColorRole.Base)
        tint = QColor(ENERGY_COLOURS[self.view.energy[0]]) if self.view.energy else None
        fill = mix_colours(base, tint, 0.3) if tint is not None else base
        if self.w.property("payment"):
            fill = mix_colours(fill, QColor(PAYMENT_COLOUR), 0.45)
        elif self.w.property("selected"):
            fill = mix_colours(fill, self.colour(QPalette.ColorRole.Highlight), 0.45)
        self.p.setPen(QPen(self.colour(QPalette.ColorRole.Mid), 1.5))
        self.p.setBrush(fill)
        radius = self.body.width() * 0.18
        self.p.drawRoundedRect(self.body, radius, radius)

    def _rings(self) -> None:
        outer = QRectF(1.5, 1.5, self.s - 3, self.s - 3)
        radius = outer.width() * 0.2
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        highlight = self.colour(QPalette.ColorRole.Highlight)
        if self.w.property("selected"):
            self.p.setPen(QPen(highlight, 3))
            self.p.drawRoundedRect(outer, radius, radius)
        elif self.w.property("selectable"):
            self.p.setPen(QPen(highlight, 2.5, Qt.PenStyle.DashLine))
            self.p.drawRoundedRect(outer, radius, radius)
        if self.w.property("payment"):
            self.p.setPen(QPen(QColor(PAYMENT_COLOUR), 2.5))
            inner = self.body.adjusted(1.5, 1.5, -1.5, -1.5)
            self.p.drawRoundedRect(inner, radius, radius)
        if self.w.hasFocus():
            self.p.setPen(QPen(self.colour(QPalette.ColorRole.Text), 1, Qt.PenStyle.DotLine))
            self.p.drawRect(QRectF(0.5, 0.5, self.s - 1, self.s - 1))

    def _symbols(self, names: list[str], centre: QPointF, size: float, amount: int | None = None) -> None:
        left = centre.x() - (len(names) * size + (len(names) - 1) * 2) / 2
        for index, name in enumerate(names):
            paint_symbol(self.p, name, QRectF(left + index * (size + 2), centre.y() - size / 2,
                                              size, size), amount)

    def _energy(self, face: Face) -> None:
        centre = self.body.center()
        if face.generic:
            self._symbols(["generic"], centre, self.s * 0.55, face.generic)
        else:
            size = self.s * (0.55 if len(face.symbols) == 1 else 0.36)
            self._symbols(list(face.symbols), centre, size)

    def _action(self, face: Face) -> None:
        """A four-pointed star, burst marks beside it."""
        s, body = self.s, self.body
        centre = QPointF(body.center().x(), body.top() + s * 0.3)
        tip, waist = s * 0.17, s * 0.05
        steps = [(0, -tip), (waist, -waist), (tip, 0), (waist, waist),
                 (0, tip), (-waist, waist), (-tip, 0), (-waist, -waist)]
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(self.colour(QPalette.ColorRole.Text))
        self.p.drawPolygon(QPolygonF([centre + QPointF(dx, dy) for dx, dy in steps]))
        if face.burst:
            self._symbols(["burst"] * face.burst, QPointF(body.right() - s * 0.14, body.top() + s * 0.14),
                          s * 0.18)

    def _character(self, face: Face) -> None:
        """Level pips top right; fielding cost (before fielding) or damage (field) top left;
        attack bottom left, defense bottom right (the card's name is the caption)."""
        s, body, view = self.s, self.body, self.view
        pip = s * 0.09
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(self.colour(QPalette.ColorRole.Text))
        for index in range(face.level):
            self.p.drawEllipse(QRectF(body.right() - 3 - (index + 1) * (pip + 2), body.top() + 3, pip, pip))
        corner = QRectF(body.left() + 1, body.top() + 1, s * 0.3, s * 0.3)
        if view.zone is not Zone.FIELD:
            paint_symbol(self.p, "generic", corner, face.fielding)
        elif view.damage:
            self.p.setBrush(QColor(DOWN_COLOUR))
            self.p.drawEllipse(corner)
            self.p.setFont(pixel_font(self.w.font(), s * 0.2, bold=True))
            self.p.setPen(QColor("white"))
            self.p.drawText(corner, Qt.AlignmentFlag.AlignCenter, str(view.damage))
        if face.burst:
            self._symbols(["burst"] * face.burst, QPointF(body.center().x(), body.top() + s * 0.14),
                          s * 0.16)
        stats = QRectF(body.left() + 3, body.top(), body.width() - 6, body.height() - 1)
        self._stat(stats, view.attack, view.printed[0], Qt.AlignmentFlag.AlignLeft)
        self._stat(stats, view.defense, view.printed[1], Qt.AlignmentFlag.AlignRight)

    def _stat(self, rect: QRectF, now: int, printed: int, side: Qt.AlignmentFlag) -> None:
        """A stat: plain when as printed; green with a + or red with a - when not."""
        marker = "" if now == printed else ("+" if now > printed else "\u2212")
        colour = self.colour(QPalette.ColorRole.Text) if not marker else QColor(
            UP_COLOUR if now > printed else DOWN_COLOUR)
        self.p.setFont(pixel_font(self.w.font(), self.s * 0.3, bold=True))
        self.p.setPen(colour)
        text = f"{now}{marker}" if side == Qt.AlignmentFlag.AlignLeft else f"{marker}{now}"
        self.p.drawText(rect, Qt.AlignmentFlag.AlignBottom | side, text)
