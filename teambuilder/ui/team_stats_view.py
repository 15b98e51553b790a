"""The team's statistics as a player reads them: a summary line and three small bar charts.

The charts (dice per energy type, the cost curve, cards per affiliation) are painted with
QPainter because QtCharts is not part of the app's Qt. Every chart also publishes its bars
as data (``chart_data``), a tooltip and an accessible description, so tests and screen
readers can check exactly what is drawn. Text and axes use the palette, bars use the energy
colours or the palette's highlight, so the view reads in light and dark themes alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from teambuilder.catalogue.model import ENERGY_TYPES
from teambuilder.teams.stats import TeamStats
from teambuilder.ui.symbols import ENERGY_COLOURS, SYMBOLS, symbol_pixmap

EMPTY_MESSAGE = "Add cards to see the team's statistics"
ENERGY_CHART = "Energy"
COST_CHART = "Cost curve"
AFFILIATION_CHART = "Affiliations"

_MARGIN = 4
_SYMBOL_SIZE = 18
_MAX_BAR_WIDTH = 36
_MIN_PLOT_HEIGHT = 48
_ROW_GAP = 4
_NO_BREAK = "\u00a0"


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its value, its colour (None: the palette's highlight) and the
    energy symbol drawn under it in place of the label (None: the label as text)."""

    label: str
    value: int
    colour: str | None = None
    symbol: str | None = None


class BarChart(QWidget):
    """A titled bar chart, vertical bars (labels under them) or horizontal rows (labels at
    the left). ``bar_rects`` gives the rectangles exactly as ``paintEvent`` fills them."""

    def __init__(self, title: str, caption: str, horizontal: bool = False,
                 empty_text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.caption = caption
        self.horizontal = horizontal
        self.empty_text = empty_text
        self._bars: list[Bar] = []
        self.setAccessibleName(title)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.set_bars([])

    def set_bars(self, bars: list[Bar]) -> None:
        self._bars = list(bars)
        lines = [f"{bar.label}: {bar.value}" for bar in self._bars] or [self.empty_text]
        description = f"{self.title} ({self.caption})\n" + "\n".join(lines)
        self.setToolTip(description)
        self.setAccessibleDescription(description)
        self.updateGeometry()
        self.update()

    def bars(self) -> list[tuple[str, int]]:
        return [(bar.label, bar.value) for bar in self._bars]

    # Geometry, shared by painting, size hints and bar_rects so they never disagree.

    def _title_height(self) -> int:
        return QFontMetrics(self._title_font()).height() + _ROW_GAP

    def _row_height(self) -> int:
        return max(self.fontMetrics().height() + 2, _SYMBOL_SIZE)

    def _title_font(self) -> QFont:
        font = QFont(self.font())
        font.setBold(True)
        return font

    def _label_area(self) -> float:
        """Vertical charts: the height under the axis; horizontal: the label column width."""
        metrics = self.fontMetrics()
        if not self.horizontal:
            return _SYMBOL_SIZE + 2 if any(b.symbol for b in self._bars) else metrics.height() + 2
        widest = max((metrics.horizontalAdvance(b.label) for b in self._bars), default=0)
        # A few pixels of slack: elidedText rounds differently from horizontalAdvance.
        return float(min(widest + 3 * _MARGIN, int(self.width() * 0.4)))

    def _value_width(self) -> int:
        top = max((b.value for b in self._bars), default=0)
        return self.fontMetrics().horizontalAdvance(str(top)) + 2 * _MARGIN

    def _plot(self) -> QRectF:
        """The area the bars grow in; its bottom (vertical) or left (horizontal) edge is
        the axis."""
        top = float(self._title_height())
        if self.horizontal:
            left = self._label_area()
            return QRectF(left, top, max(1.0, self.width() - left - self._value_width()),
                          len(self._bars) * self._row_height())
        top += self.fontMetrics().height()  # room for the value label above a full bar
        bottom = self.height() - self._label_area() - 1
        return QRectF(_MARGIN, top, self.width() - 2 * _MARGIN, max(1.0, bottom - top))

    def bar_rects(self) -> list[QRectF]:
        """Each bar's filled rectangle in widget coordinates (zero length for a 0)."""
        plot = self._plot()
        top = max((b.value for b in self._bars), default=0) or 1
        rects = []
        for index, bar in enumerate(self._bars):
            if self.horizontal:
                row = self._row_height()
                y = plot.top() + index * row + 2
                rects.append(QRectF(plot.left(), y, plot.width() * bar.value / top, row - 4))
            else:
                slot = plot.width() / len(self._bars)
                width = min(slot * 0.6, _MAX_BAR_WIDTH)
                height = plot.height() * bar.value / top
                x = plot.left() + index * slot + (slot - width) / 2
                rects.append(QRectF(x, plot.bottom() - height, width, height))
        return rects

    def sizeHint(self) -> QSize:
        return QSize(360, self.minimumSizeHint().height() + (0 if self.horizontal else 40))

    def minimumSizeHint(self) -> QSize:
        if self.horizontal:
            rows = max(1, len(self._bars))
            return QSize(200, self._title_height() + rows * self._row_height() + _MARGIN)
        return QSize(200, self._title_height() + self.fontMetrics().height()
                     + _MIN_PLOT_HEIGHT + int(self._label_area()) + _MARGIN)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self.updateGeometry()
        super().changeEvent(event)

    # Painting.

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self._paint_title(painter)
            if not self._bars:
                painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
                area = QRectF(0, self._title_height(), self.width(),
                              self.height() - self._title_height())
                painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.empty_text)
                return
            self._paint_bars(painter)
            self._paint_axis(painter)
            self._paint_labels(painter)
        finally:
            painter.end()

    def _paint_title(self, painter: QPainter) -> None:
        painter.setFont(self._title_font())
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        title_width = painter.fontMetrics().horizontalAdvance(self.title)
        painter.drawText(QPointF(_MARGIN, painter.fontMetrics().ascent()), self.title)
        painter.setFont(self.font())
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        left = _MARGIN + title_width + 3 * _MARGIN
        caption = self.fontMetrics().elidedText(
            self.caption, Qt.TextElideMode.ElideRight, max(0, self.width() - left - _MARGIN))
        painter.drawText(QPointF(left, painter.fontMetrics().ascent()), caption)

    def _paint_bars(self, painter: QPainter) -> None:
        highlight = self.palette().color(QPalette.ColorRole.Highlight)
        painter.setPen(Qt.PenStyle.NoPen)
        for bar, rect in zip(self._bars, self.bar_rects(), strict=True):
            painter.fillRect(rect, QColor(bar.colour) if bar.colour else highlight)

    def _paint_axis(self, painter: QPainter) -> None:
        # A cosmetic 1 px line in the text colour: visible on any theme's background.
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        plot = self._plot()
        if self.horizontal:
            painter.drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.left(), plot.bottom()))
        else:
            painter.drawLine(QPointF(plot.left(), plot.bottom() + 0.5),
                             QPointF(plot.right(), plot.bottom() + 0.5))

    def _paint_labels(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        metrics = self.fontMetrics()
        plot = self._plot()
        centre = Qt.AlignmentFlag.AlignCenter
        for bar, rect in zip(self._bars, self.bar_rects(), strict=True):
            value = str(bar.value)
            if self.horizontal:
                label = metrics.elidedText(bar.label, Qt.TextElideMode.ElideRight,
                                           int(plot.left()) - 2 * _MARGIN)
                row = QRectF(_MARGIN, rect.top() - 2, plot.left() - 2 * _MARGIN, rect.height() + 4)
                painter.drawText(row, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                                 label)
                painter.drawText(QRectF(rect.right() + _MARGIN, row.top(), self._value_width(),
                                        row.height()), Qt.AlignmentFlag.AlignVCenter, value)
                continue
            slot = plot.width() / len(self._bars)
            column = QRectF(rect.center().x() - slot / 2, 0, slot, 0)
            painter.drawText(QRectF(column.left(), rect.top() - metrics.height(), slot,
                                    metrics.height()), centre, value)
            under = QRectF(column.left(), plot.bottom() + 2, slot, self._label_area() - 2)
            if bar.symbol:
                size = min(_SYMBOL_SIZE, int(under.height()))
                painter.drawPixmap(int(rect.center().x() - size / 2), int(under.top()),
                                   symbol_pixmap(bar.symbol, size))
            else:
                painter.drawText(under, centre, bar.label)


class TeamStatsView(QWidget):
    """Summary and charts of one team's ``TeamStats``; a short message when there is no
    team or it has no cards the catalogue knows."""

    def __init__(self, affiliation_names: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("teamStats")
        self.affiliation_names = dict(affiliation_names)
        self.summary = QLabel()
        self.summary.setObjectName("teamStatsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.energy_chart = BarChart(ENERGY_CHART, "dice per energy type")
        self.energy_chart.setObjectName("teamStatsEnergy")
        self.cost_chart = BarChart(COST_CHART, "dice per purchase cost")
        self.cost_chart.setObjectName("teamStatsCostCurve")
        self.affiliation_chart = BarChart(AFFILIATION_CHART, "cards per affiliation",
                                          horizontal=True, empty_text="No card has an affiliation")
        self.affiliation_chart.setObjectName("teamStatsAffiliations")
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        for chart in self._charts():
            layout.addWidget(chart)
        layout.addStretch(1)
        self.set_stats(None)

    def _charts(self) -> tuple[BarChart, BarChart, BarChart]:
        return self.energy_chart, self.cost_chart, self.affiliation_chart

    def sizeHint(self) -> QSize:
        return QSize(360, 420)

    def set_stats(self, stats: TeamStats | None) -> None:
        for chart in self._charts():
            chart.setVisible(stats is not None and stats.cards > 0)
        if stats is None or stats.cards == 0:
            self.summary.setText("\n".join([EMPTY_MESSAGE, *_unknown_line(stats)]))
            self.summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
            for chart in self._charts():
                chart.set_bars([])
            self._relayout()
            return
        self.summary.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.summary.setText("\n".join(
            [_count_line(stats), _energy_line(stats), *_unknown_line(stats)]))
        self.energy_chart.set_bars(energy_bars(stats))
        self.cost_chart.set_bars(cost_bars(stats))
        self.affiliation_chart.set_bars(affiliation_bars(stats, self.affiliation_names))
        self._relayout()

    def _relayout(self) -> None:
        # The charts' heights depend on their bars: lay out now rather than on the next
        # event loop pass, so a grab or a query right after set_stats sees the new team.
        layout = self.layout()
        if layout is not None:
            layout.activate()

    def summary_text(self) -> str:
        """The summary as shown, with plain spaces (the label keeps pairs together)."""
        text: str = self.summary.text()
        return text.replace(_NO_BREAK, " ")

    def chart_data(self) -> dict[str, list[tuple[str, int]]]:
        """The bars as drawn, per chart title; empty lists while no chart is shown."""
        return {chart.title: chart.bars() for chart in self._charts()}


def energy_bars(stats: TeamStats) -> list[Bar]:
    """Every energy type, zero or not (a missing type is worth seeing), then anything else
    the stats count, in the game's order."""
    keys = list(ENERGY_TYPES) + [k for k in stats.dice_by_energy if k not in ENERGY_TYPES]
    return [Bar(key, stats.dice_by_energy.get(key, 0), ENERGY_COLOURS.get(key),
                key if key in SYMBOLS else None) for key in keys]


def cost_bars(stats: TeamStats) -> list[Bar]:
    """Every cost from 1 (or a lower cost the team has) to the highest, gaps as zeros."""
    if not stats.cost_curve:
        return []
    costs = range(min(1, *stats.cost_curve), max(stats.cost_curve) + 1)
    return [Bar(str(cost), stats.cost_curve.get(cost, 0)) for cost in costs]


def affiliation_bars(stats: TeamStats, names: dict[str, str]) -> list[Bar]:
    """Display names in the stats' order (most cards first)."""
    return [Bar(names.get(key, key), count) for key, count in stats.affiliations.items()]


def _count_line(stats: TeamStats) -> str:
    cards = f"{stats.cards} card{'' if stats.cards == 1 else 's'}"
    dice = f"{stats.dice} {'die' if stats.dice == 1 else 'dice'}"
    return f"{cards}, {dice} ({stats.character_dice} character, {stats.action_dice} action)"


def _energy_line(stats: TeamStats) -> str:
    expected = stats.expected_energy_per_roll
    order = [s for s in SYMBOLS if s in expected] + sorted(set(expected) - set(SYMBOLS))
    # A no-break space keeps "bolt 1.14" on one line when a narrow column wraps the line.
    parts = ", ".join(f"{key}{_NO_BREAK}{expected[key]:.2f}" for key in order)
    return f"Expected energy per roll: {parts}"


def _unknown_line(stats: TeamStats | None) -> list[str]:
    if stats is None or not stats.unknown:
        return []
    return ["Not counted (not in the catalogue): " + ", ".join(stats.unknown)]
