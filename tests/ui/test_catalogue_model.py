"""The catalogue table's columns: what each cell shows, its tooltip, and how it sorts."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QColor, QPixmap

from teambuilder.catalogue.model import Card
from teambuilder.ui.catalogue_model import (
    CARD_ROLE,
    COL_ENERGY,
    COL_ENGINE,
    COL_SUBTITLE,
    ENGINE_COLOURS,
    ENGINE_ROLE,
    HEADER_TOOLTIPS,
    HEADERS,
    SORT_ROLE,
    CatalogueTableModel,
)

# The model draws its dots as QPixmaps, which need a QApplication: a test run alone (or
# first) must make one, not rely on an earlier test's.
pytestmark = pytest.mark.usefixtures("qapp")

DISPLAY = Qt.ItemDataRole.DisplayRole
DECORATION = Qt.ItemDataRole.DecorationRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole


def model_of(catalogue, cards: list[Card]) -> CatalogueTableModel:  # type: ignore[no-untyped-def]
    model = CatalogueTableModel(catalogue.affiliations)
    model.set_cards(cards)
    return model


def centre_colour(pixmap: QPixmap) -> str:
    image = pixmap.toImage()
    return image.pixelColor(image.width() // 2, image.height() // 2).name()


def partial_card(card: Card) -> Card:
    """The same card listing a keyword the engine does not know: only partly playable."""
    return replace(card, keywords=card.keywords + ("not_an_engine_keyword",))


def stats_only_card(card: Card) -> Card:
    """The same card with written abilities but none as data: it plays on its stats."""
    return replace(card, abilities=(), text="When fielded, each opponent loses 1 life.")


def test_whole_catalogue_passes_the_qt_model_tester(qtmodeltester, catalogue) -> None:  # type: ignore[no-untyped-def]
    model = model_of(catalogue, catalogue.search(""))
    assert model.rowCount() == catalogue.count()
    qtmodeltester.check(model)


def test_headers_have_names_and_tooltips(catalogue) -> None:  # type: ignore[no-untyped-def]
    model = model_of(catalogue, [])
    horizontal = Qt.Orientation.Horizontal
    assert [model.headerData(c, horizontal) for c in range(model.columnCount())] == list(HEADERS)
    assert model.headerData(COL_ENGINE, horizontal) == "Engine"
    assert model.headerData(COL_SUBTITLE, horizontal) == "Subtitle"
    tips = [model.headerData(c, horizontal, TOOLTIP) for c in range(model.columnCount())]
    assert len(HEADER_TOOLTIPS) == len(HEADERS) and all(tips)
    assert "full" in tips[COL_ENGINE] and "partial" in tips[COL_ENGINE]


def test_engine_column_says_full_for_5sww_with_a_green_dot(catalogue) -> None:  # type: ignore[no-untyped-def]
    model = model_of(catalogue, catalogue.search("code:5sww"))
    cell = model.index(0, COL_ENGINE)
    assert cell.data(DISPLAY) == "full"
    assert cell.data(ENGINE_ROLE) == "full"
    assert model.index(0, COL_SUBTITLE).data(ENGINE_ROLE) == "full"
    dot = cell.data(DECORATION)
    assert isinstance(dot, QPixmap) and not dot.isNull()
    assert centre_colour(dot) == QColor(ENGINE_COLOURS["full"]).name()
    assert "full" in cell.data(TOOLTIP)


def test_engine_column_shows_partial_amber_and_none_grey(catalogue) -> None:  # type: ignore[no-untyped-def]
    card = catalogue.get("5sww")
    model = model_of(catalogue, [partial_card(card), stats_only_card(card)])
    partial, stats_only = model.index(0, COL_ENGINE), model.index(1, COL_ENGINE)
    assert (partial.data(DISPLAY), stats_only.data(DISPLAY)) == ("partial", "none")
    assert centre_colour(partial.data(DECORATION)) == QColor(ENGINE_COLOURS["partial"]).name()
    assert centre_colour(stats_only.data(DECORATION)) == QColor(ENGINE_COLOURS["none"]).name()
    assert len({centre_colour(model.index(r, COL_ENGINE).data(DECORATION)) for r in (0, 1)}) == 2
    # The tooltip says what is missing, so a player knows why.
    assert "not_an_engine_keyword" in partial.data(TOOLTIP)


def test_engine_status_follows_the_card_when_the_results_change(catalogue) -> None:  # type: ignore[no-untyped-def]
    card = catalogue.get("5sww")
    model = model_of(catalogue, [card])
    assert model.index(0, COL_ENGINE).data(DISPLAY) == "full"
    model.set_cards([partial_card(card)])
    assert model.index(0, COL_ENGINE).data(DISPLAY) == "partial"
    model.set_cards([card])
    assert model.index(0, COL_ENGINE).data(DISPLAY) == "full"


def test_sorting_by_engine_puts_full_first(catalogue) -> None:  # type: ignore[no-untyped-def]
    card = catalogue.get("5sww")
    model = model_of(catalogue, [stats_only_card(card), card, partial_card(card)])
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    proxy.sort(COL_ENGINE, Qt.SortOrder.AscendingOrder)
    assert [proxy.index(r, COL_ENGINE).data() for r in range(3)] == ["full", "partial", "none"]


def test_energy_cell_shows_symbols_only_and_names_in_the_tooltip(catalogue) -> None:  # type: ignore[no-untyped-def]
    model = model_of(catalogue, catalogue.search("code:5sww"))
    cell = model.index(0, COL_ENERGY)
    assert cell.data(DISPLAY) == ""
    icons = cell.data(DECORATION)
    assert isinstance(icons, QPixmap) and not icons.isNull()
    assert "mask" in cell.data(TOOLTIP)
    assert cell.data(SORT_ROLE) == "mask"


def test_crossover_energy_shows_each_symbol(catalogue) -> None:  # type: ignore[no-untyped-def]
    card = catalogue.get("5sww")
    crossover = replace(card, energy=("fist", "bolt"))
    model = model_of(catalogue, [card, crossover])
    single, double = (model.index(r, COL_ENERGY) for r in (0, 1))
    assert double.data(DECORATION).width() > single.data(DECORATION).width()
    assert "fist" in double.data(TOOLTIP) and "bolt" in double.data(TOOLTIP)
    assert double.data(SORT_ROLE) == "fist bolt"


def test_sorting_by_energy_groups_the_types(catalogue) -> None:  # type: ignore[no-untyped-def]
    model = model_of(catalogue, catalogue.search("set:sww"))
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    proxy.sort(COL_ENERGY, Qt.SortOrder.AscendingOrder)
    energies = [proxy.index(r, 0).data(CARD_ROLE).energy for r in range(proxy.rowCount())]
    assert energies == sorted(energies, key=" ".join)
    assert len(set(energies)) > 1


def test_basic_action_energy_cell_is_empty(catalogue) -> None:  # type: ignore[no-untyped-def]
    basic = catalogue.search("kind:basic_action")[0]
    model = model_of(catalogue, [basic])
    cell = model.index(0, COL_ENERGY)
    assert cell.data(DISPLAY) == ""
    assert cell.data(DECORATION) is None
    assert cell.data(TOOLTIP) == "no energy type"


def test_other_columns_keep_their_text(catalogue) -> None:  # type: ignore[no-untyped-def]
    model = model_of(catalogue, catalogue.search("code:5sww"))
    row = [model.index(0, c).data() for c in range(model.columnCount())]
    assert row[:6] == ["5sww", "Cheetah", "Goddess of the Hunt", "sww", "character", "4"]
    assert row[7] == "Villain"
    assert model.card_at(0).code == "5sww"
    assert model.index(0, COL_SUBTITLE).data(CARD_ROLE) is model.card_at(0)
