"""A horizontal bar chart of collection completion, one bar per set, painted directly.

This PySide6 has no QtCharts, and a painted chart is also the fast one: it paints only
the rows in view, so a catalogue of a hundred sets (or a set of hundreds of cards) costs
the same as a handful. Colours come from the palette, so it reads in light and dark.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

NAME_WIDTH = 220
COUNT_WIDTH = 120
ROW_PADDING = 6


@dataclass(frozen=True)
class SetCompletion:
    """How much of one set the user owns: distinct cards with a copy, of all its cards."""

    code: str
    name: str
    owned: int
    total: int

    @property
    def fraction(self) -> float:
        return self.owned / self.total if self.total else 0.0

    def label(self) -> str:
        return f"{self.owned}/{self.total} ({self.fraction:.0%})"


class CompletionChart(QWidget):
    """One bar per set; a row's tooltip says it in words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("collectionChart")
        self.setAccessibleName("Collection completion per set")
        self.rows: list[SetCompletion] = []
        self.row_height = self.fontMetrics().height() + ROW_PADDING
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_rows(self, rows: list[SetCompletion]) -> None:
        self.rows = rows
        self.setAccessibleDescription("; ".join(f"{r.name}: {r.label()}" for r in rows if r.owned))
        self.updateGeometry()
        self.setFixedHeight(max(1, len(rows)) * self.row_height)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(NAME_WIDTH + COUNT_WIDTH + 200, max(1, len(self.rows)) * self.row_height)

    def row_at(self, y: int) -> SetCompletion | None:
        index = y // self.row_height
        return self.rows[index] if 0 <= index < len(self.rows) else None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            row = self.row_at(event.pos().y())
            if row is not None:
                QToolTip.showText(event.globalPos(), f"{row.name} ({row.code}): you own {row.owned} of its "
                                  f"{row.total} cards ({row.fraction:.0%})", self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        text, track, fill = (palette.color(QPalette.ColorRole.WindowText), palette.color(QPalette.ColorRole.Mid),
                             palette.color(QPalette.ColorRole.Highlight))
        bar_left = NAME_WIDTH
        bar_width = max(20, self.width() - NAME_WIDTH - COUNT_WIDTH)
        first = max(0, event.rect().top() // self.row_height)
        last = min(len(self.rows), event.rect().bottom() // self.row_height + 1)
        metrics = self.fontMetrics()
        for index in range(first, last):          # only the rows in view
            row = self.rows[index]
            top = index * self.row_height
            painter.setPen(text)
            name = metrics.elidedText(row.name, Qt.TextElideMode.ElideRight, NAME_WIDTH - 8)
            painter.drawText(QRect(4, top, NAME_WIDTH - 8, self.row_height),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), name)
            bar = QRect(bar_left, top + ROW_PADDING // 2, bar_width, self.row_height - ROW_PADDING)
            painter.fillRect(bar, track)
            if row.owned:
                painter.fillRect(QRect(bar.left(), bar.top(), max(2, round(bar_width * row.fraction)), bar.height()),
                                 fill)
            painter.setPen(text)
            painter.drawText(QRect(bar_left + bar_width + 8, top, COUNT_WIDTH - 8, self.row_height),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), row.label())
        painter.end()
