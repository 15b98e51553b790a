"""The team statistics view: what the summary says and what the bar charts draw."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from teambuilder.catalogue.model import ENERGY_TYPES
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team, TeamCard
from teambuilder.teams.stats import TeamStats, team_stats
from teambuilder.teams.team_file import read_team_file
from teambuilder.ui.symbols import ENERGY_COLOURS
from teambuilder.ui.team_stats_view import BarChart, TeamStatsView

TEAMS = Path(__file__).resolve().parents[2] / "data" / "teams"
EMPTY = "Add cards to see the team's statistics"


def stats_of(catalogue, name: str) -> TeamStats:  # type: ignore[no-untyped-def]
    return team_stats(read_team_file(TEAMS / f"{name}.yaml"), CardLookup(catalogue))


def shown_view(qtbot: QtBot, catalogue, width: int = 360) -> TeamStatsView:  # type: ignore[no-untyped-def]
    view = TeamStatsView(catalogue.affiliations)
    qtbot.addWidget(view)
    view.resize(width, 420)
    view.show()
    qtbot.waitExposed(view)
    return view


def picture(view: QWidget) -> QImage:
    return view.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def bar_centres(view: TeamStatsView, chart: BarChart) -> list[QPoint]:
    """Each bar's centre in the view's grabbed image (pixels, not logical points)."""
    scale = view.devicePixelRatioF()
    return [chart.mapTo(view, rect.center().toPoint()) * scale for rect in chart.bar_rects()]


def colours_in(image: QImage, wanted: set[str]) -> set[str]:
    found: set[str] = set()
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            name = image.pixelColor(x, y).name()
            if name in wanted:
                found.add(name)
    return found


def test_charts_show_what_team_stats_counts_for_the_x_men_team(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    stats = stats_of(catalogue, "standard-x-men")
    view = shown_view(qtbot, catalogue)
    view.set_stats(stats)
    data = view.chart_data()

    # Every energy type has a slot, a type the team lacks shows as 0.
    assert data["Energy"] == [(e, stats.dice_by_energy.get(e, 0)) for e in ENERGY_TYPES]
    assert data["Energy"] == [("mask", 8), ("fist", 0), ("bolt", 10), ("shield", 2)]

    # Every cost from 1 to the highest, including the ones nobody on the team costs.
    assert [label for label, _ in data["Cost curve"]] == [
        str(c) for c in range(1, max(stats.cost_curve) + 1)]
    assert {int(label): n for label, n in data["Cost curve"] if n} == stats.cost_curve
    assert data["Cost curve"] == [("1", 0), ("2", 5), ("3", 3), ("4", 5), ("5", 7)]

    # Display names, most cards first.
    assert data["Affiliations"] == [
        (catalogue.affiliations[key], n) for key, n in stats.affiliations.items()]
    assert data["Affiliations"] == [("X-Men", 7), ("Hellfire Club", 1), ("Villain", 1)]


def test_cost_curve_fills_a_wide_gap_with_zeros(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue)
    view.set_stats(stats_of(catalogue, "standard-wwe"))
    assert view.chart_data()["Cost curve"] == [
        ("1", 0), ("2", 6), ("3", 3), ("4", 9), ("5", 0), ("6", 0), ("7", 2)]
    # No card of this team has an affiliation: the chart says so instead of drawing bars.
    assert view.chart_data()["Affiliations"] == []
    assert "No card has an affiliation" in view.affiliation_chart.toolTip()


def test_summary_counts_cards_dice_and_expected_energy(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue)
    view.set_stats(stats_of(catalogue, "standard-bat-family"))
    assert view.summary_text().splitlines() == [
        "8 cards, 20 dice (18 character, 2 action)",
        "Expected energy per roll: mask 0.95, fist 0.86, bolt 0.19, shield 0.67, wild 0.19",
    ]
    view.set_stats(stats_of(catalogue, "standard-x-men"))
    assert view.summary_text().splitlines()[0] == "8 cards, 20 dice (20 character, 0 action)"


def test_tooltips_list_each_charts_values(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue)
    view.set_stats(stats_of(catalogue, "standard-x-men"))
    energy = view.energy_chart.toolTip().splitlines()
    assert energy[1:] == ["mask: 8", "fist: 0", "bolt: 10", "shield: 2"]
    assert "1: 0" in view.cost_chart.toolTip().splitlines()
    assert "X-Men: 7" in view.affiliation_chart.toolTip().splitlines()
    assert view.energy_chart.accessibleDescription() == view.energy_chart.toolTip()


def test_a_new_view_and_an_empty_team_show_the_message(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue)
    assert view.objectName() == "teamStats"
    assert view.summary_text() == EMPTY
    assert not view.energy_chart.isVisible() and not view.cost_chart.isVisible()
    assert view.chart_data() == {"Energy": [], "Cost curve": [], "Affiliations": []}

    view.set_stats(team_stats(Team(name="Nothing yet"), CardLookup(catalogue)))
    assert view.summary_text() == EMPTY
    assert not view.affiliation_chart.isVisible()


def test_unknown_cards_are_named_in_the_summary(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue)
    only_unknown = Team(name="Typos", cards=(TeamCard("999zzz", 2),))
    view.set_stats(team_stats(only_unknown, CardLookup(catalogue)))
    assert view.summary_text().splitlines() == [
        EMPTY, "Not counted (not in the catalogue): 999zzz"]

    mixed = Team(name="Half", cards=(TeamCard("999zzz", 2), TeamCard("1xmf", 3)))
    view.set_stats(team_stats(mixed, CardLookup(catalogue)))
    lines = view.summary_text().splitlines()
    assert lines[0] == "1 card, 3 dice (3 character, 0 action)"
    assert lines[-1] == "Not counted (not in the catalogue): 999zzz"
    assert view.energy_chart.isVisible()


def test_energy_bars_are_painted_in_the_energy_colours(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue)
    view.set_stats(stats_of(catalogue, "standard-x-men"))
    image = picture(view)
    chart = view.energy_chart
    for (energy, dice), rect, centre in zip(chart.bars(), chart.bar_rects(), bar_centres(view, chart), strict=True):
        if dice:
            assert image.pixelColor(centre).name() == ENERGY_COLOURS[energy], energy
        else:
            assert rect.height() == 0, energy  # no fist dice: no fist bar
    # Taller bar, more dice: bolt (10) over mask (8) over shield (2).
    heights = {label: rect.height() for (label, _), rect in zip(chart.bars(), chart.bar_rects(), strict=True)}
    assert heights["bolt"] > heights["mask"] > heights["shield"] > 0

    highlight = view.palette().color(QPalette.ColorRole.Highlight).name()
    cost_centres = bar_centres(view, view.cost_chart)
    assert image.pixelColor(cost_centres[1]).name() == highlight  # cost 2: 5 dice
    assert image.pixelColor(cost_centres[0]).name() != highlight  # cost 1: no dice, no bar


def test_set_stats_none_after_a_team_clears_the_charts(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue)
    bars = {ENERGY_COLOURS[e] for e in ("mask", "bolt", "shield")}
    view.set_stats(stats_of(catalogue, "standard-x-men"))
    assert colours_in(picture(view), bars) == bars

    view.set_stats(None)
    assert view.summary_text() == EMPTY
    assert view.chart_data() == {"Energy": [], "Cost curve": [], "Affiliations": []}
    assert not view.energy_chart.isVisible()
    assert colours_in(picture(view), bars) == set()


def test_text_and_axes_follow_the_palette(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue)
    view.set_stats(stats_of(catalogue, "standard-x-men"))
    dark = QPalette(view.palette())
    dark.setColor(QPalette.ColorRole.Window, QColor("#202124"))
    dark.setColor(QPalette.ColorRole.WindowText, QColor("#00e0d0"))
    ink = "#00e0d0"
    charts = (view.energy_chart, view.cost_chart, view.affiliation_chart)
    assert all(colours_in(picture(chart), {ink}) == set() for chart in charts)
    view.setPalette(dark)
    # Each chart on its own (the summary label above follows the palette anyway).
    for chart in charts:
        assert colours_in(picture(chart), {ink}) == {ink}, chart.title


@pytest.mark.parametrize("width", [320, 450])
def test_bars_fit_a_narrow_or_wide_column(qtbot: QtBot, catalogue, width: int) -> None:  # type: ignore[no-untyped-def]
    view = shown_view(qtbot, catalogue, width)
    view.set_stats(stats_of(catalogue, "standard-superman-family"))
    for chart in (view.energy_chart, view.cost_chart, view.affiliation_chart):
        area = chart.rect()
        rects = chart.bar_rects()
        assert rects and all(area.contains(r.toAlignedRect()) for r in rects), chart.title
        # Bars do not overlap one another.
        for left, right in pairwise(rects):
            assert not left.intersects(right), chart.title
    assert view.sizeHint().width() == 360 and view.sizeHint().height() == 420
