"""The card view as players expect it: energy symbols as icons in the card text, a card
that grows with the window (keeping its aspect), the whole subtitle, crisp icons at 2x."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot

from teambuilder.ui.card_face import CardFace
from teambuilder.ui.catalogue_model import CARD_ROLE, COL_SUBTITLE
from teambuilder.ui.symbols import ENERGY_COLOURS, energy_row, symbol_image

FIST = QColor(ENERGY_COLOURS["fist"])
# 108ig is a mask card whose text asks for [fist] (and [2]): any fist red on its face is an
# icon in the text (its band, stripe and die faces have none).
MASK_CARD_ASKING_FOR_FIST = "108ig"


def fist_pixels(image: QImage) -> tuple[int, int]:
    """(solid fist red, reddish edge) pixel counts: a crisp icon has few edge pixels for
    its solid ones; one blown up from fewer pixels has a wide blurred rim."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB32)
    data = bytes(rgb.constBits())[: rgb.sizeInBytes()]
    solid = edge = 0
    for offset in range(0, len(data), 4):
        blue, green, red = data[offset], data[offset + 1], data[offset + 2]
        if abs(red - FIST.red()) <= 12 and abs(green - FIST.green()) <= 12 and abs(blue - FIST.blue()) <= 12:
            solid += 1
        elif red > green + 50 and red > blue + 50:
            edge += 1
    return solid, edge


def render(face: CardFace, ratio: int) -> QImage:
    image = QImage(face.width() * ratio, face.height() * ratio, QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("white"))
    face.render(image)
    return image


def make_face(qtbot: QtBot, catalogue, code: str, width: int = 380) -> CardFace:  # type: ignore[no-untyped-def]
    face = CardFace(catalogue.affiliations, catalogue.keywords)
    qtbot.addWidget(face)
    face.show_card(catalogue.get(code))
    face.resize(width, face.heightForWidth(width))
    return face


def test_energy_in_the_card_text_is_drawn_as_icons(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    card = catalogue.get(MASK_CARD_ASKING_FOR_FIST)
    assert "[fist]" in card.display_text and "fist" not in card.energy
    face = make_face(qtbot, catalogue, card.code)
    solid, _ = fist_pixels(render(face, 1))
    assert solid >= 20, "no fist icon in the rules text"


def test_icons_are_crisp_at_twice_the_pixel_ratio(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    face = make_face(qtbot, catalogue, MASK_CARD_ASKING_FOR_FIST)
    one_solid, one_edge = fist_pixels(render(face, 1))
    two_solid, two_edge = fist_pixels(render(face, 2))
    assert two_solid >= 3 * one_solid                    # four times the pixels, near enough
    assert two_edge / two_solid < one_edge / one_solid   # and a sharper rim, not a blur
    # The table icons too: a 16 px energy row on a 2x screen has 32 px of its own, drawn
    # from the SVG at that size (not a 16 px picture blown up).
    row = energy_row(("fist",), 16, ratio=2.0)
    assert (row.devicePixelRatio(), row.width(), row.height()) == (2.0, 36, 32)
    drawn = row.toImage().copy(0, 0, 32, 32).convertToFormat(QImage.Format.Format_ARGB32)
    assert drawn == symbol_image("fist", 32).convertToFormat(QImage.Format.Format_ARGB32)
    blown_up = QPixmap.fromImage(symbol_image("fist", 16)).scaled(
        32, 32, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
    assert drawn != blown_up.toImage().convertToFormat(QImage.Format.Format_ARGB32)


def test_the_card_grows_with_its_room_and_keeps_its_aspect(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    area = QScrollArea()
    qtbot.addWidget(area)
    face = CardFace(catalogue.affiliations, catalogue.keywords)
    area.setWidget(face)
    area.setWidgetResizable(True)
    face.show_card(catalogue.get("5sww"))
    area.resize(420, 900)
    area.show()
    qtbot.waitUntil(lambda: face.width() >= 400)
    small = face.card_rect()
    area.resize(840, 1800)
    qtbot.waitUntil(lambda: face.width() >= 800)
    big = face.card_rect()
    assert big.width() > 1.8 * small.width() and big.height() > 1.8 * small.height()
    assert abs(big.width() / big.height() - small.width() / small.height()) < 0.02
    assert area.verticalScrollBar().maximum() == 0 and area.horizontalScrollBar().maximum() == 0
    # Wide but short: the card fits the height (no scroll bar) rather than the width.
    area.resize(1200, 400)
    qtbot.waitUntil(lambda: face.width() >= 1100)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() == 0)
    fitted = face.card_rect()
    assert fitted.height() <= area.viewport().height() and fitted.width() < area.viewport().width()
    assert abs(fitted.width() / fitted.height() - small.width() / small.height()) < 0.02


def test_the_main_windows_card_is_bigger_in_a_bigger_window(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    window.catalogue_panel.search_box.setText("code:5sww")
    window.catalogue_panel.run_search()
    window.catalogue_panel.view.selectRow(0)
    face, scroll = window.card_face, window.card_scroll
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.width() == 1280 and face.width() == scroll.viewport().width())
    small = face.card_rect()
    assert scroll.horizontalScrollBar().maximum() == 0          # never cut off at the side
    assert small.right() <= scroll.viewport().width()
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: face.card_rect().width() > small.width() * 1.15)
    big = face.card_rect()
    assert big.height() > small.height() * 1.15


def test_subtitles_are_whole_and_an_elided_one_has_a_tooltip(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    panel = window.catalogue_panel
    longest = max(panel.catalogue.search("kind:character"), key=lambda card: len(card.subtitle))
    panel.search_box.setText(f"code:{longest.code}")
    panel.run_search()
    panel.view.selectRow(0)
    assert window.card_face.card is longest
    assert longest.subtitle in window.card_face.plain_text().splitlines()
    index = panel.proxy.index(0, COL_SUBTITLE)
    assert index.data(CARD_ROLE) is longest
    # The table's column is too narrow for it: elided there, whole in the tooltip.
    assert panel.view.fontMetrics().horizontalAdvance(longest.subtitle) > panel.view.columnWidth(COL_SUBTITLE)
    assert longest.subtitle in index.data(Qt.ItemDataRole.ToolTipRole)
