"""Invariants of the complete catalogue: every set, every card, checked as a whole."""

from __future__ import annotations

import re
from collections import Counter

from tests.conftest import CARDS_DIR

GAPS = (CARDS_DIR / "GAPS.md").read_text(encoding="utf-8")
GAP_CODES = set(re.findall(r"\b\d+[a-z][a-z0-9]*\b", GAPS))


def test_every_set_is_there(loaded) -> None:  # type: ignore[no-untyped-def]
    sets = loaded.vocabulary.sets
    products = [s for s in sets.values() if s.kind != "promo"]
    assert len(products) >= 48 and len(loaded.cards) >= 4000
    assert {card.set_code for card in loaded.cards} == set(sets)     # no empty set
    assert {s.universe for s in sets.values()} >= {"Marvel", "DC", "D&D", "Yu-Gi-Oh!", "TMNT", "WWE",
                                                   "Warhammer 40,000"}
    years = [s.year for s in sorted(sets.values(), key=lambda s: s.position)]
    assert years[0] == 2014 and max(years) == 2023


def test_codes_are_unique_and_numbers_run_from_one(loaded) -> None:  # type: ignore[no-untyped-def]
    codes = Counter(card.code for card in loaded.cards)
    assert [code for code, n in codes.items() if n > 1] == []
    for set_code in loaded.vocabulary.sets:
        numbers = sorted(card.number for card in loaded.cards if card.set_code == set_code)
        assert numbers == list(range(1, len(numbers) + 1)), set_code


def test_characters_have_three_or_four_levels_and_sane_stats(loaded) -> None:  # type: ignore[no-untyped-def]
    for card in loaded.cards:
        if card.kind != "character":
            assert not card.levels, card.code
            continue
        assert len(card.levels) in (3, 4) or card.code in GAP_CODES, card.code
        assert card.energy, card.code
        for level in card.levels:
            assert 0 <= level.fielding <= 6 and 0 <= level.attack <= 20 and 0 <= level.defense <= 20, card.code
            assert level.burst in (0, 1, 2), card.code
        fielding = [level.fielding for level in card.levels]
        assert fielding == sorted(fielding) or card.code in GAP_CODES or card.name in ("Mystique", "Mister Mind"), \
            f"{card.code}: fielding costs {fielding} go down; list it in GAPS.md"


def test_costs_dice_and_basic_actions(loaded) -> None:  # type: ignore[no-untyped-def]
    for card in loaded.cards:
        assert 0 <= card.cost <= 12 and 1 <= card.max_dice <= 6, card.code
        if card.kind == "basic_action":
            # No energy type; the format, not the card, says how many dice (always 3).
            assert card.energy == () and card.max_dice == 3 and not card.levels, card.code
        if len(card.energy) >= 2:
            assert "crossover" in card.keywords, card.code
        else:
            assert "crossover" not in card.keywords, card.code


def test_every_card_has_our_text_and_known_keywords(loaded) -> None:  # type: ignore[no-untyped-def]
    keywords = set(loaded.vocabulary.keywords)
    for card in loaded.cards:
        assert card.text.strip() and "TODO" not in card.text, card.code
        assert set(card.keywords) <= keywords, card.code
    # Each keyword is used by some card, and every summary is one line of our own.
    used = {k for card in loaded.cards for k in card.keywords}
    assert keywords - used <= {"prep"}, keywords - used
