"""The Matchups panel's chart: one bar per opponent, the team's win rate with its 95%
interval as a whisker, a line at 50%, and the overall figure under them.

Painted, not QtCharts: the bars are few, and a painted widget follows the palette (light
and dark) and needs no extra Qt module. A click on a row reports that opponent
(``opponent_clicked(index)``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

ROW = 30
LABEL_WIDTH = 210
GOOD, BAD = "#2e9e4f", "#d03b31"


@dataclass(frozen=True)
class Bar:
    """One opponent's row: its name, the team's win rate against it and the interval."""

    name: str
    win_rate: float
    low: float
    high: float
    games: int


class MatchupChart(QWidget):
    """Win rates by opponent; ``set_bars`` redraws it."""

    opponent_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("matchupChart")
        self.setAccessibleName("Win rate against each opponent")
        self.bars: list[Bar] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def set_bars(self, bars: list[Bar]) -> None:
        self.bars = list(bars)
        self.setAccessibleDescription("; ".join(f"{b.name}: {b.win_rate * 100:.0f}% "
                                                f"({b.low * 100:.0f}-{b.high * 100:.0f}%)" for b in bars))
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(560, max(3, len(self.bars)) * ROW + 30)

    def minimumSizeHint(self) -> QSize:
        return QSize(360, max(1, len(self.bars)) * ROW + 30)

    def row_at(self, y: float) -> int | None:
        index = int((y - 6) // ROW)
        return index if 0 <= index < len(self.bars) else None

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        index = self.row_at(event.position().y())
        if event.button() == Qt.MouseButton.LeftButton and index is not None:
            self.opponent_clicked.emit(index)
        super().mouseReleaseEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        left, right = float(LABEL_WIDTH), float(self.width() - 52)
        scale = max(10.0, right - left)
        for index, bar in enumerate(self.bars):
            top = 6 + index * ROW
            painter.setPen(text)
            name = painter.fontMetrics().elidedText(bar.name, Qt.TextElideMode.ElideRight, LABEL_WIDTH - 10)
            painter.drawText(QRectF(4, top, LABEL_WIDTH - 8, ROW - 6),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, name)
            colour = QColor(GOOD if bar.win_rate >= 0.5 else BAD)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(left, top + 5, bar.win_rate * scale, ROW - 16), 3, 3)
            painter.setPen(QPen(text, 1.5))
            middle = top + (ROW - 6) / 2
            painter.drawLine(int(left + bar.low * scale), int(middle), int(left + bar.high * scale), int(middle))
            for end in (bar.low, bar.high):
                painter.drawLine(int(left + end * scale), int(middle - 5), int(left + end * scale), int(middle + 5))
            painter.drawText(QRectF(right + 4, top, 48, ROW - 6), Qt.AlignmentFlag.AlignVCenter,
                             f"{bar.win_rate * 100:.0f}%")
        if self.bars:
            half = left + 0.5 * scale
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DashLine))
            painter.drawLine(int(half), 2, int(half), int(6 + len(self.bars) * ROW))
        painter.end()
