"""Read access to the catalogue: open (building the index when needed), search, look up.

This is the API the CLI, the teams layer and the GUI use; none of them touch the SQL
tables directly. Searches run as SQL over the indexed columns; decoded cards are kept per
code so a card is parsed from JSON at most once per open catalogue.
"""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, create_engine, select

from teambuilder import paths
from teambuilder.catalogue.ability_text import AFFILIATION_NAMES
from teambuilder.catalogue.model import Card, CardSet
from teambuilder.catalogue.query import parse
from teambuilder.catalogue.query_sql import QueryVocabulary, compile_query
from teambuilder.catalogue.store import (
    STORE_FILE,
    AffiliationRow,
    CardRow,
    KeywordRow,
    Progress,
    SetRow,
    StoreInfo,
    open_store,
)


class Catalogue:
    """An open, read-only catalogue index."""

    def __init__(self, info: StoreInfo) -> None:
        self.info = info
        self._engine: Engine = create_engine(f"sqlite:///{info.path}",
                                             connect_args={"check_same_thread": False})
        self._cards: dict[str, Card] = {}
        with Session(self._engine) as session:
            self._sets = [CardSet(code=r.code, name=r.name, universe=r.universe, year=r.year,
                                  kind=r.kind, position=r.position)
                          for r in session.exec(select(SetRow).order_by(col(SetRow.position)))]
            self.affiliations = {r.key: r.name for r in session.exec(select(AffiliationRow))}
            self.keywords = {r.key: r.name for r in session.exec(select(KeywordRow))}
        universes: dict[str, set[str]] = {}
        for card_set in self._sets:
            universes.setdefault(card_set.universe, set()).add(card_set.code)
        self.vocabulary = QueryVocabulary(sets=frozenset(s.code for s in self._sets),
                                          universes={u: frozenset(c) for u, c in universes.items()},
                                          affiliations=self.affiliations, keywords=self.keywords)
        AFFILIATION_NAMES.update(self.affiliations)   # card text shows "X-Men", not "x_men"

    @classmethod
    def open(cls, cards_dir: Path | None = None, store_path: Path | None = None,
             force: bool = False, progress: Progress | None = None) -> Catalogue:
        """Open the catalogue, rebuilding the index if the YAML changed (or ``force``)."""
        cards_dir = cards_dir or paths.cards_dir()
        store_path = store_path or paths.cache_dir() / STORE_FILE
        return cls(open_store(cards_dir, store_path, force=force, progress=progress))

    @property
    def skipped(self) -> tuple[tuple[str, str], ...]:
        """Set files left out of the index, with the reason: (path, reason)."""
        return self.info.skipped

    def sets(self) -> list[CardSet]:
        return list(self._sets)

    def _decode(self, code: str, card_json: str) -> Card:
        card = self._cards.get(code)
        if card is None:
            card = self._cards[code] = Card.from_dict(json.loads(card_json))
        return card

    def search(self, query: str) -> list[Card]:
        """Cards matching ``query`` in catalogue order. Raises QueryError for a bad query."""
        condition = compile_query(parse(query), self.vocabulary)
        statement = (select(col(CardRow.code), col(CardRow.card_json)).where(condition)
                     .order_by(col(CardRow.set_position), col(CardRow.number)))
        with Session(self._engine) as session:
            rows = session.exec(statement).all()
        return [self._decode(code, card_json) for code, card_json in rows]

    def get(self, code: str) -> Card | None:
        """The card with this code (``5sww``; case-insensitive), or None."""
        code = code.strip().lower()
        if code in self._cards:
            return self._cards[code]
        with Session(self._engine) as session:
            row = session.get(CardRow, code)
        return self._decode(row.code, row.card_json) if row else None

    def count(self) -> int:
        return self.info.card_count

    def close(self) -> None:
        self._engine.dispose()
