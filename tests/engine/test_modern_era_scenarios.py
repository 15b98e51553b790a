"""Every Modern Era card with abilities has a hand-written scenario of its own (issue 23):
``tests/scenarios/cards/<set>/<code>-<what-it-shows>.yaml``. The generated smoke check
(test_smoke_abilities.py) fires every ability besides; this one keeps a new card from
landing with only that."""

from __future__ import annotations

from pathlib import Path

from teambuilder.teams.formats import get_format, load_formats

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "cards"


def test_every_modern_era_card_with_abilities_has_its_own_scenario(catalogue) -> None:  # type: ignore[no-untyped-def]
    sets = get_format("modern_era", load_formats()).sets
    assert sets is not None and {"ig", "dps", "skc", "msw"} <= set(sets)
    cards = [c for code in sorted(sets) for c in catalogue.search(f"set:{code}") if c.abilities]
    assert len(cards) > 500, "the Modern Era sets' cards with abilities"
    missing = [c.code for c in cards if not list((SCENARIOS / c.set_code).glob(f"{c.code}-*.yaml"))]
    assert missing == [], f"no scenario under tests/scenarios/cards/<set>/ for {missing}"
