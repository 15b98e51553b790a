"""The card view's spin boxes: what you own is saved at once, dice show on the sibling
cards of a die, and a failed save is said, never silent."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QSpinBox
from pytestqt.qtbot import QtBot

from teambuilder.teams.collection import Collection
from teambuilder.teams.library import LibraryError
from teambuilder.ui.catalogue_model import COL_OWNED


def show(window, query: str) -> None:  # type: ignore[no-untyped-def]
    window.catalogue_panel.search_box.setText(query)
    window.catalogue_panel.run_search()
    window.catalogue_panel.view.selectRow(0)


def test_owned_cards_and_dice_save_at_once_and_dice_are_shared(qtbot: QtBot, make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    show(window, "code:5sww")
    cards, dice = window.findChild(QSpinBox, "ownedCards"), window.findChild(QSpinBox, "ownedDice")
    assert cards.accessibleName() == "Cards owned" and dice.accessibleName() == "Dice owned"
    assert (cards.value(), dice.value()) == (0, 0)
    cards.setValue(2)
    dice.setValue(4)
    assert window.catalogue_panel.proxy.index(0, COL_OWNED).data() == "2 \u00b7 4 dice"

    sibling = next(c for c in window.context.catalogue.search("set:sww cheetah") if c.code != "5sww")
    show(window, f"code:{sibling.code}")
    assert (cards.value(), dice.value()) == (0, 4)         # its own copies, the shared die

    # Saved in the library, not only on screen: a second window reads it back.
    again = make_window()
    assert again.context.collection.holding("5sww").cards == 2
    assert again.context.collection.holding(sibling.code).dice == 4


def test_a_failed_save_is_shown_and_the_box_shows_what_is_saved(  # type: ignore[no-untyped-def]
        qtbot: QtBot, window, monkeypatch: pytest.MonkeyPatch) -> None:
    show(window, "code:5sww")
    cards = window.findChild(QSpinBox, "ownedCards")
    cards.setValue(1)

    def refuse(self, rows):  # type: ignore[no-untyped-def]
        raise LibraryError("cannot save the collection to the library: disk I/O error")

    monkeypatch.setattr(Collection, "set_many", refuse)
    cards.setValue(3)
    error = window.findChild(QLabel, "ownedSaveError")
    assert error.isVisible()
    assert error.text() == "Not saved: cannot save the collection to the library: disk I/O error"
    assert cards.value() == 1                       # the library still holds 1

    monkeypatch.undo()
    cards.setValue(3)
    assert not error.isVisible() and window.context.collection.holding("5sww").cards == 3


def test_no_card_shown_disables_the_boxes(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    window.catalogue_panel.search_box.setText("nosuchcardanywhere")
    window.catalogue_panel.run_search()
    assert not window.findChild(QSpinBox, "ownedCards").isEnabled()
