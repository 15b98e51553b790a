"""The card detail painted like a card: what it says, what it paints, how tall it is."""

from __future__ import annotations

import dataclasses

from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot

from teambuilder.catalogue.model import Card, default_energy_faces
from teambuilder.ui.card_face import MIN_WIDTH, NARROW_WIDTH, PLACEHOLDER, PREFERRED_WIDTH, CardFace
from teambuilder.ui.symbols import ENERGY_COLOURS, RARITY_COLOURS


def face_for(qtbot: QtBot, catalogue, card: Card | None = None, width: int = 360) -> CardFace:  # type: ignore[no-untyped-def]
    face = CardFace(catalogue.affiliations, catalogue.keywords)
    qtbot.addWidget(face)
    face.show_card(card)
    face.resize(width, face.heightForWidth(width))
    return face


def crossover(catalogue) -> Card:  # type: ignore[no-untyped-def]
    """The catalogue has no crossover card yet, so a real card gets a second energy type
    (and the die faces such a card would have)."""
    card = catalogue.get("110wf")
    energy = ("mask", "fist")
    return dataclasses.replace(card, energy=energy,
                               energy_faces=default_energy_faces(card.kind, energy, len(card.levels)))


def pixels_near(image: QImage, colour: str, tolerance: int = 12) -> int:
    """How many pixels of ``image`` are within ``tolerance`` of ``colour`` in every channel."""
    target = QColor(colour)
    rgb = image.convertToFormat(QImage.Format.Format_RGB32)
    data = bytes(rgb.constBits())[: rgb.sizeInBytes()]
    # Format_RGB32 is 0xffRRGGBB per pixel: blue, green, red, alpha in memory.
    count = 0
    for offset in range(0, len(data), 4):
        if (abs(data[offset + 2] - target.red()) <= tolerance
                and abs(data[offset + 1] - target.green()) <= tolerance
                and abs(data[offset] - target.blue()) <= tolerance):
            count += 1
    return count


def test_cheetah_face_says_everything_a_player_reads(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    face = face_for(qtbot, catalogue, catalogue.get("5sww"))
    text = face.plain_text()
    lines = text.splitlines()
    assert face.objectName() == "cardDetail"
    assert lines[:3] == ["Cheetah", "Goddess of the Hunt", "Cost 4, Mask"]
    assert "Villain" in lines
    assert "5sww · Character · Starter" in lines
    assert "When fielded: KO target opposing Sidekick die" in text
    for level in ("Level 1: field 1, A 4, D 2", "Level 2: field 1, A 4, D 4",
                  "Level 3: field 1, A 5, D 5"):
        assert level in lines
    assert "Max dice 4" in lines
    assert "Energy faces: mask, mask, double mask" in lines
    assert lines[-1] == "Rules engine: full"
    # Reading order: rules text before the die, the die before the engine status.
    assert text.index("When fielded") < text.index("Max dice 4") < text.index("Level 1") \
        < text.index("Rules engine")
    assert face.accessibleDescription() == text


def test_keywords_show_by_name_once_and_burst_levels_say_burst(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    face = face_for(qtbot, catalogue, catalogue.get("24wf"))
    text = face.plain_text()
    assert "Iron Will, Overcrush" in text.splitlines()
    # The rules text starts with the keyword sentence; the face shows the keywords once.
    assert text.count("Overcrush") == 1
    face.show_card(catalogue.get("50wf"))
    assert "Level 1: field 0, A 1, D 3, burst" in face.plain_text().splitlines()
    assert "Level 2: field 1, A 3, D 3" in face.plain_text().splitlines()


def test_crossover_card_shows_both_energy_types(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    face = face_for(qtbot, catalogue, crossover(catalogue))
    assert "Cost 5, Mask and Fist" in face.plain_text().splitlines()
    assert "mask and fist" in face.plain_text()
    image = face.grab().toImage()
    assert pixels_near(image, ENERGY_COLOURS["mask"]) > 20
    assert pixels_near(image, ENERGY_COLOURS["fist"]) > 20


def test_action_cards_show_action_faces_and_bursts(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    face = face_for(qtbot, catalogue, catalogue.get("31sww"))
    lines = face.plain_text().splitlines()
    assert lines[:3] == ["Take Cover", "Basic Action Card", "Cost 3"]
    assert "Action faces: action, burst, double burst" in lines
    assert "Energy faces: 1 generic, 1 generic, 2 generic" in lines
    assert not any(line.startswith("Level") for line in lines)
    face.show_card(catalogue.get("37wf"))
    lines = face.plain_text().splitlines()
    assert "Continuous" in lines and "Cost 4, Shield" in lines
    assert "Action faces: action, burst, double burst" in lines


def test_no_card_shows_the_placeholder(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    face = face_for(qtbot, catalogue)
    assert face.plain_text() == PLACEHOLDER == "Select a card"
    face.show_card(catalogue.get("5sww"))
    assert face.plain_text().startswith("Cheetah")
    face.show_card(None)
    assert face.plain_text() == "Select a card"
    assert face.accessibleDescription() == "Select a card"


def test_painted_card_shows_its_rarity_and_energy_colours(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    brainiac = catalogue.get("110wf")
    assert (brainiac.rarity, brainiac.energy) == ("rare", ("mask",))
    face = face_for(qtbot, catalogue, brainiac)
    image = face.grab().toImage()
    assert pixels_near(image, RARITY_COLOURS["rare"]) > 100     # the stripe along the edge
    assert pixels_near(image, ENERGY_COLOURS["mask"]) > 100     # cost disc and symbols
    face.show_card(None)
    empty = face.grab().toImage()
    assert pixels_near(empty, RARITY_COLOURS["rare"]) == 0
    assert pixels_near(empty, ENERGY_COLOURS["mask"]) == 0


def test_card_is_painted_in_the_palette_of_the_theme(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    face = face_for(qtbot, catalogue, catalogue.get("5sww"))
    for base, text in (("#ffffff", "#000000"), ("#1e1e1e", "#e6e6e6")):
        palette = QPalette(face.palette())
        palette.setColor(QPalette.ColorRole.Base, QColor(base))
        palette.setColor(QPalette.ColorRole.Text, QColor(text))
        face.setPalette(palette)
        image = face.grab().toImage()
        # Most of the card is its background; its text is drawn in the text colour.
        assert pixels_near(image, base, 2) > image.width() * image.height() // 3
        assert pixels_near(image, text, 30) > 100


def test_long_text_makes_a_taller_card(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    short, long = catalogue.get("11wf"), catalogue.get("52wwe")
    face = face_for(qtbot, catalogue, short)
    short_height = face.heightForWidth(300)
    face.show_card(long)
    assert face.hasHeightForWidth()
    assert face.heightForWidth(300) > short_height + 100
    # Between the narrow and the preferred width the text wraps: narrower is taller.
    assert face.heightForWidth(NARROW_WIDTH) > face.heightForWidth(PREFERRED_WIDTH)
    assert face.sizeHint().height() == face.heightForWidth(face.sizeHint().width())


def test_a_wider_face_is_the_same_card_bigger(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    face = face_for(qtbot, catalogue, catalogue.get("52wwe"))
    base = face.heightForWidth(PREFERRED_WIDTH)
    for factor in (1.5, 2.0):
        assert abs(face.heightForWidth(int(PREFERRED_WIDTH * factor)) - base * factor) <= 2


def test_scroll_area_gives_the_card_exactly_its_height(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    area = QScrollArea()
    qtbot.addWidget(area)
    face = CardFace(catalogue.affiliations, catalogue.keywords)
    area.setWidget(face)
    area.setWidgetResizable(True)
    area.resize(260, 300)
    area.show()
    face.show_card(catalogue.get("52wwe"))
    qtbot.waitUntil(lambda: face.height() == face.heightForWidth(face.width()))
    # Too narrow and short for the whole card even shrunk: it scrolls, never sideways.
    assert face.height() > area.viewport().height()
    assert area.verticalScrollBar().maximum() > 0
    assert area.horizontalScrollBar().maximum() == 0
    assert face.card_rect().width() <= area.viewport().width()


def test_cards_render_from_narrow_to_wide(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    codes = ["5sww", "31sww", "37wf", "50wf", "52wwe", "1wwe", "24wf", "108ig"]
    cards = [catalogue.get(code) for code in codes] + [crossover(catalogue)]
    longest_name = max(catalogue.search(""), key=lambda card: len(card.full_name))
    face = face_for(qtbot, catalogue)
    for card in cards + [longest_name]:
        face.show_card(card)
        for width in (MIN_WIDTH, 300, 450, 600, 900):
            face.resize(width, face.heightForWidth(width))
            image = face.grab().toImage()
            assert (image.width(), image.height()) == (width, face.heightForWidth(width))
    assert face.minimumSizeHint().width() == MIN_WIDTH < 300
