"""The Wilson score interval on known inputs (published 4-decimal values, z = 1.96)."""

from __future__ import annotations

import pytest

from teambuilder.sim.stats import Z_95, wilson_interval


def test_z_is_the_95_percent_normal_quantile() -> None:
    assert pytest.approx(1.959964, abs=1e-6) == Z_95


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),
    (50, 100, 0.4038, 0.5962),
    (7, 20, 0.1812, 0.5671),
])
def test_known_intervals(wins: int, games: int, low: float, high: float) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=5e-5)


def test_ends_are_exact_and_the_interval_is_symmetric() -> None:
    assert wilson_interval(0, 7)[0] == 0.0 and wilson_interval(7, 7)[1] == 1.0
    low, high = wilson_interval(3, 7)
    mirror_low, mirror_high = wilson_interval(4, 7)
    assert low == pytest.approx(1 - mirror_high) and high == pytest.approx(1 - mirror_low)


def test_no_games_says_nothing_and_bad_counts_are_refused() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(-1, 10)
