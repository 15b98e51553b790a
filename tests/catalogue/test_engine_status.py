"""``engine:`` searches: the engine statuses cached in the catalogue index, rewritten when
the rater's key (the engine) changes, and the same one-line errors as any other term."""

from __future__ import annotations

import pytest

from teambuilder.catalogue.model import Card
from teambuilder.catalogue.query import QueryError
from teambuilder.catalogue.repository import Catalogue


class StubRater:
    """Rates the Cheetahs full, the Sidekicks partial, everything else none; counts calls."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.calls = 0

    def status(self, card: Card) -> str:
        self.calls += 1
        return "full" if card.name == "Cheetah" else "partial" if card.name == "Sidekick" else "none"


class NothingFull(StubRater):
    def status(self, card: Card) -> str:
        self.calls += 1
        return "none"


def test_without_a_rater_engine_is_an_error_at_its_column(catalogue) -> None:  # type: ignore[no-untyped-def]
    bare = Catalogue(catalogue.info)
    try:
        with pytest.raises(QueryError) as error:
            bare.search("cost<=3 engine:full")
        assert error.value.position == 8 and "rules engine" in error.value.message
    finally:
        bare.close()


def test_engine_terms_select_by_status_and_compose(catalogue) -> None:  # type: ignore[no-untyped-def]
    rated = Catalogue(catalogue.info)
    try:
        rated.rate_with(StubRater("stub-1"))
        every = rated.search("")
        cheetahs = {c.code for c in every if c.name == "Cheetah"}
        assert cheetahs and {c.code for c in rated.search("engine:full")} == cheetahs
        assert {c.code for c in rated.search("engine:FULL set:sww")} == \
            {c.code for c in every if c.name == "Cheetah" and c.set_code == "sww"}
        sidekicks = {c.code for c in every if c.name == "Sidekick"}
        assert {c.code for c in rated.search("engine:full or engine:partial")} == cheetahs | sidekicks
        assert len(rated.search("-engine:none")) == len(cheetahs | sidekicks)
    finally:
        rated.close()


def test_statuses_are_cached_until_the_engine_changes(catalogue) -> None:  # type: ignore[no-untyped-def]
    first = Catalogue(catalogue.info)
    first.rate_with(StubRater("stub-cache"))
    first.search("engine:full")
    first.close()
    # Another process with the same engine reads the stored statuses: no rating at all.
    same = StubRater("stub-cache")
    again = Catalogue(catalogue.info)
    again.rate_with(same)
    assert again.search("engine:full")
    assert same.calls == 0
    again.close()
    # A changed engine rates every card again, and its answers are what engine: finds.
    changed = NothingFull("stub-changed")
    third = Catalogue(catalogue.info)
    third.rate_with(changed)
    assert third.search("engine:full") == []
    assert changed.calls == catalogue.count()
    third.close()


@pytest.mark.parametrize("query, column", [("engine:bogus", 0), ("set:sww engine:", 8), ("engine<2", 0)])
def test_bad_engine_values_point_at_the_term(catalogue, query: str, column: int) -> None:  # type: ignore[no-untyped-def]
    rated = Catalogue(catalogue.info)
    rated.rate_with(StubRater("stub-bad"))
    try:
        with pytest.raises(QueryError) as error:
            rated.search(query)
        assert error.value.position == column
        assert error.value.message.startswith("engine:")
    finally:
        rated.close()
