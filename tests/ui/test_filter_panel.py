"""The catalogue filter panel, driven like a user drives it: each control narrows the
catalogue search the way its label says, through the query-language terms it writes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox, QToolButton
from pytestqt.qtbot import QtBot

from teambuilder.catalogue.model import Card
from teambuilder.engine.coverage import coverage
from teambuilder.ui.catalogue_model import CARD_ROLE
from teambuilder.ui.filter_panel import FilterPanel


class Recorder:
    """Counts ``changed`` emissions so a test can say "exactly one per user change"."""

    def __init__(self, panel: FilterPanel) -> None:
        self.count = 0
        panel.changed.connect(self.record)

    def record(self) -> None:
        self.count += 1

    def take(self) -> int:
        count, self.count = self.count, 0
        return count


def make_panel(qtbot: QtBot, catalogue) -> tuple[FilterPanel, Recorder]:  # type: ignore[no-untyped-def]
    panel = FilterPanel(catalogue.sets(), catalogue.affiliations, catalogue.keywords)
    qtbot.addWidget(panel)
    panel.resize(500, panel.sizeHint().height())
    panel.show()
    return panel, Recorder(panel)


def combo(panel: FilterPanel, name: str) -> QComboBox:
    found = panel.findChild(QComboBox, name)
    assert found is not None, name
    return found


def spin(panel: FilterPanel, name: str) -> QSpinBox:
    found = panel.findChild(QSpinBox, name)
    assert found is not None, name
    return found


def choose(panel: FilterPanel, name: str, text: str) -> None:
    box = combo(panel, name)
    index = box.findText(text)
    assert index > 0, f"{text!r} is not offered by {name}"
    box.setCurrentIndex(index)


def click_energy(qtbot: QtBot, panel: FilterPanel, energy: str) -> None:
    button = panel.findChild(QToolButton, f"filterEnergy_{energy}")
    assert button is not None and button.isCheckable()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def codes(cards: list[Card]) -> set[str]:
    return {card.code for card in cards}


def test_nothing_set_writes_no_terms(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, _ = make_panel(qtbot, catalogue)
    assert panel.objectName() == "catalogueFilters"
    assert panel.query_terms() == ""
    assert panel.active_count() == 0
    assert codes(catalogue.search("(cheetah) " + panel.query_terms())) == codes(catalogue.search("cheetah"))


def test_the_controls_offer_what_the_catalogue_holds(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, _ = make_panel(qtbot, catalogue)
    items = {name: [combo(panel, name).itemText(i) for i in range(combo(panel, name).count())]
             for name in ("filterSet", "filterUniverse", "filterAffiliation", "filterKind",
                          "filterRarity", "filterKeyword")}
    assert items["filterSet"] == ["Any set"] + [s.name for s in catalogue.sets()]
    assert items["filterUniverse"][1:] == sorted({s.universe for s in catalogue.sets()}, key=str.lower)
    assert "Marvel" in items["filterUniverse"] and "D&D" in items["filterUniverse"]
    assert items["filterAffiliation"][1:] == sorted(catalogue.affiliations.values(), key=str.lower)
    assert items["filterKeyword"][1:] == sorted(catalogue.keywords.values(), key=str.lower)
    assert items["filterKind"][1:] == ["Character", "Action", "Basic action"]
    assert items["filterRarity"][1:] == ["Starter", "Common", "Uncommon", "Rare", "Super rare",
                                         "Promo"]
    engine = combo(panel, "filterEngine")
    assert [engine.itemText(i) for i in range(engine.count())] == [
        "Any engine support", "Played fully", "Played in part", "Stats only"]
    for energy in ("mask", "fist", "bolt", "shield"):
        button = panel.findChild(QToolButton, f"filterEnergy_{energy}")
        assert button is not None and not button.icon().isNull()
    assert (spin(panel, "filterCostMin").minimum(), spin(panel, "filterCostMax").maximum()) == (0, 10)
    assert panel.findChild(QPushButton, "filterClear") is not None
    # It fits the narrow column above the catalogue table.
    assert panel.minimumSizeHint().width() <= 500


def test_set_filter_keeps_one_set(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    choose(panel, "filterSet", "X-Men Forever Campaign Box")
    assert changes.take() == 1
    assert panel.query_terms() == "set:xmf"
    found = catalogue.search(panel.query_terms())
    assert found and {card.set_code for card in found} == {"xmf"}
    assert len(found) == len(catalogue.search("set:xmf"))


def test_universe_marvel_keeps_the_marvel_sets(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    choose(panel, "filterUniverse", "Marvel")
    assert changes.take() == 1
    assert panel.query_terms() == "universe:Marvel"
    marvel = {s.code for s in catalogue.sets() if s.universe == "Marvel"}
    assert "xmf" in marvel and "wf" not in marvel
    marvel_cards = {c.code for c in catalogue.search("") if c.set_code in marvel}
    assert codes(catalogue.search(panel.query_terms())) == marvel_cards


def test_universe_composes_with_a_query(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, _ = make_panel(qtbot, catalogue)
    choose(panel, "filterUniverse", "Warhammer 40,000")
    assert panel.query_terms() == 'universe:"Warhammer 40,000"'
    warhammer = {s.code for s in catalogue.sets() if s.universe == "Warhammer 40,000"}
    expected = {c.code for c in catalogue.search("") if c.set_code in warhammer and c.cost >= 5}
    assert expected and codes(catalogue.search("(cost>=5) " + panel.query_terms())) == expected


def test_energy_buttons_match_cards_with_any_checked_type(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    click_energy(qtbot, panel, "fist")
    assert changes.take() == 1
    assert panel.query_terms() == "energy:fist"
    click_energy(qtbot, panel, "bolt")
    assert changes.take() == 1
    assert panel.query_terms() == "(energy:fist or energy:bolt)"
    every = catalogue.search("")
    union = {c.code for c in every if {"fist", "bolt"} & set(c.energy)}
    found = catalogue.search(panel.query_terms())
    assert codes(found) == union
    assert {"fist", "bolt"} <= {energy for card in found for energy in card.energy}
    click_energy(qtbot, panel, "fist")
    assert changes.take() == 1
    assert panel.query_terms() == "energy:bolt"


def test_energy_filter_composes_with_the_users_query(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, _ = make_panel(qtbot, catalogue)
    click_energy(qtbot, panel, "mask")
    assert len(catalogue.search("(cheetah) " + panel.query_terms())) == 3
    click_energy(qtbot, panel, "mask")
    click_energy(qtbot, panel, "fist")
    assert catalogue.search("(cheetah) " + panel.query_terms()) == []


def test_affiliation_filter_uses_the_display_name(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    choose(panel, "filterAffiliation", "Hellfire Club")
    assert changes.take() == 1
    assert panel.query_terms() == 'aff:"Hellfire Club"'
    expected = {c.code for c in catalogue.search("") if "hellfire_club" in c.affiliations}
    assert expected and codes(catalogue.search(panel.query_terms())) == expected


def test_kind_and_rarity_filters(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    choose(panel, "filterKind", "Basic action")
    assert changes.take() == 1
    assert panel.query_terms() == "kind:basic_action"
    found = catalogue.search(panel.query_terms())
    assert found and {card.kind for card in found} == {"basic_action"}
    choose(panel, "filterKind", "Character")
    choose(panel, "filterRarity", "Super rare")
    assert changes.take() == 2
    assert panel.query_terms() == "kind:character rarity:super_rare"
    expected = {c.code for c in catalogue.search("")
                if c.kind == "character" and c.rarity == "super_rare"}
    assert expected and codes(catalogue.search(panel.query_terms())) == expected


def test_keyword_filter(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    choose(panel, "filterKeyword", "Iron Will")
    assert changes.take() == 1
    assert panel.query_terms() == 'kw:"Iron Will"'
    expected = {c.code for c in catalogue.search("") if "iron_will" in c.keywords}
    assert expected and codes(catalogue.search(panel.query_terms())) == expected


def test_cost_range_two_to_three(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    spin(panel, "filterCostMin").setValue(2)
    assert changes.take() == 1
    assert panel.query_terms() == "cost>=2"
    spin(panel, "filterCostMax").setValue(3)
    assert changes.take() == 1
    assert panel.query_terms() == "cost>=2 cost<=3"
    found = catalogue.search(panel.query_terms())
    assert found and {card.cost for card in found} == {2, 3}
    assert codes(found) == {c.code for c in catalogue.search("") if c.cost in (2, 3)}


def test_cost_limits_at_the_ends_of_the_range_mean_no_limit(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, _ = make_panel(qtbot, catalogue)
    spin(panel, "filterCostMax").setValue(4)
    assert panel.query_terms() == "cost<=4"
    spin(panel, "filterCostMax").setValue(10)
    spin(panel, "filterCostMin").setValue(0)
    assert panel.query_terms() == ""
    assert panel.active_count() == 0


def test_raising_the_minimum_above_the_maximum_moves_the_maximum(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    spin(panel, "filterCostMax").setValue(3)
    changes.take()
    spin(panel, "filterCostMin").setValue(5)
    assert changes.take() == 1
    assert spin(panel, "filterCostMax").value() == 5
    assert panel.query_terms() == "cost>=5 cost<=5"
    assert {card.cost for card in catalogue.search(panel.query_terms())} == {5}


def test_typing_into_the_cost_box_is_one_change_per_edit(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    box = spin(panel, "filterCostMin")
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Up)
    qtbot.keyClick(box, Qt.Key.Key_Up)
    assert changes.take() == 2
    assert panel.query_terms() == "cost>=2"


def test_everything_at_once_and_active_count(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, _ = make_panel(qtbot, catalogue)
    choose(panel, "filterSet", "Superman/Wonder Woman Starter Set")
    click_energy(qtbot, panel, "mask")
    click_energy(qtbot, panel, "shield")
    choose(panel, "filterAffiliation", "Villain")
    spin(panel, "filterCostMax").setValue(4)
    assert panel.active_count() == 4  # set, energy, affiliation, cost
    terms = panel.query_terms()
    assert terms == "set:sww (energy:mask or energy:shield) aff:Villain cost<=4"
    expected = {c.code for c in catalogue.search("") if c.set_code == "sww" and c.cost <= 4
                and {"mask", "shield"} & set(c.energy) and "villain" in c.affiliations}
    assert expected and codes(catalogue.search(terms)) == expected
    assert codes(catalogue.search("(cheetah) " + terms)) == {"4sww", "5sww", "6sww"}


def test_clear_resets_everything_and_signals_once(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    choose(panel, "filterUniverse", "WWE")
    choose(panel, "filterKind", "Character")
    choose(panel, "filterRarity", "Rare")
    choose(panel, "filterKeyword", "Overcrush")
    click_energy(qtbot, panel, "bolt")
    spin(panel, "filterCostMin").setValue(3)
    spin(panel, "filterCostMax").setValue(6)
    assert panel.active_count() == 6
    changes.take()
    qtbot.mouseClick(panel.findChild(QPushButton, "filterClear"), Qt.MouseButton.LeftButton)
    assert changes.take() == 1
    assert panel.query_terms() == ""
    assert panel.active_count() == 0
    assert not panel.findChild(QToolButton, "filterEnergy_bolt").isChecked()
    assert combo(panel, "filterUniverse").currentIndex() == 0
    assert (spin(panel, "filterCostMin").value(), spin(panel, "filterCostMax").value()) == (0, 10)


def test_clear_with_nothing_set_does_not_signal(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    panel, changes = make_panel(qtbot, catalogue)
    panel.clear()
    assert changes.take() == 0


def test_engine_filter_keeps_the_cards_the_engine_plays_fully(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    panel = window.catalogue_panel
    choose(panel.filters, "filterEngine", "Played fully")
    assert panel.filters.query_terms() == "engine:full"
    assert panel.filters.active_count() == 1
    every = panel.catalogue.search("")
    full = [card.code for card in every if coverage(card).status == "full"]
    shown = [panel.proxy.index(row, 0).data(CARD_ROLE).code for row in range(panel.proxy.rowCount())]
    assert full and sorted(shown) == sorted(full) and len(shown) < len(every)
    assert panel.result_count.text() == f"{len(full):,} cards"
    # Typed in the search box, the term composes with the filter and other terms.
    panel.search_box.setText("set:sww -engine:full")
    assert panel.run_search() and panel.proxy.rowCount() == 0
    panel.filters.clear()
    panel.search_box.setText("engine:none")
    assert panel.run_search()
    assert panel.proxy.rowCount() == sum(coverage(card).status == "none" for card in every)


def test_a_bad_engine_term_in_the_search_box_says_what_is_wrong(make_window) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    panel = window.catalogue_panel
    panel.search_box.setText("engine:bogus")
    assert not panel.run_search()
    assert panel.search_error.text() == ("Column 1: engine: unknown engine status 'bogus' "
                                         "(one of full, partial, none)")
