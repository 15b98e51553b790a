"""Read access to the catalogue: open (building the index when needed), search, look up.

This is the API the CLI, the teams layer and the GUI use; none of them touch the SQL
tables directly. Searches run as SQL over the indexed columns; decoded cards are kept per
code so a card is parsed from JSON at most once per open catalogue. The index is disposable:
when a read finds it damaged (a bad page, text that is not UTF-8, a table gone, a card that
does not decode), it is rebuilt from the card files, with one line saying so, and the read
is tried once more.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import weakref
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from teambuilder import paths
from teambuilder.catalogue.ability_text import AFFILIATION_NAMES
from teambuilder.catalogue.engine_status import EngineRater, stored_key, write_statuses
from teambuilder.catalogue.model import Card, CardSet
from teambuilder.catalogue.query import QueryError, field_terms, parse
from teambuilder.catalogue.query_sql import CollectionCounts, FormatPool, QueryVocabulary, compile_query
from teambuilder.catalogue.store import (
    STORE_FILE,
    AffiliationRow,
    CardRow,
    KeywordRow,
    Progress,
    SetRow,
    StoreInfo,
    build_store,
    damaged_message,
    index_engine,
    is_damage,
    one_line,
    open_store,
)

T = TypeVar("T")
# What decoding a card's stored JSON raises when the row was tampered with.
_DECODE_ERRORS = (ValueError, KeyError, TypeError)


class Catalogue:
    """An open, read-only catalogue index. ``progress`` hears, in one line, about a rebuild
    after a read found the index damaged."""

    def __init__(self, info: StoreInfo, progress: Progress | None = None) -> None:
        self.info = info
        self._progress = progress
        self._rebuild_lock = threading.Lock()
        self._engine: Engine = index_engine(info.path)
        self._cards: dict[str, Card] = {}
        self._rater: EngineRater | None = None
        self._rated_key: str | None = None     # the key of the rows known to be stored
        self._rating_lock = threading.Lock()
        self._collection: Mapping[str, CollectionCounts] | None = None
        self._formats: Mapping[str, FormatPool] = {}
        # A temporary index goes when the catalogue does, closed or not (the CLI never
        # closes it), at the latest when the program exits.
        self._discard = weakref.finalize(self, _remove, info.path) if info.temporary else None
        self._read(self._load_vocabulary)

    def _load_vocabulary(self, session: Session) -> None:
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
                                          affiliations=self.affiliations, keywords=self.keywords,
                                          engine_rated=self._rater is not None,
                                          collection=self._collection, formats=self._formats)
        AFFILIATION_NAMES.update(self.affiliations)   # card text shows "X-Men", not "x_men"

    def _read(self, run: Callable[[Session], T]) -> T:
        """``run`` in a session; when the index turns out damaged, rebuild it and run again."""
        engine = self._engine
        try:
            with Session(engine) as session:
                return run(session)
        except (SQLAlchemyError, *_DECODE_ERRORS) as error:
            if isinstance(error, SQLAlchemyError) and not is_damage(error):
                raise                        # a query SQLite refuses: not the file's fault
            self._rebuild(engine, error)
        with Session(self._engine) as session:
            return run(session)

    def _rebuild(self, failed: Engine, error: BaseException) -> None:
        with self._rebuild_lock:
            if self._engine is not failed:   # another thread rebuilt it meanwhile
                return
            self._say(damaged_message(self.info.path, error))
            failed.dispose()
            cards_dir = self.info.cards_dir or paths.cards_dir()
            info = build_store(cards_dir, self.info.path, self._progress)
            if self.info.temporary and not info.temporary:
                info = replace(info, temporary=True)
            if info.temporary and (self._discard is None or info.path != self.info.path):
                self._discard = weakref.finalize(self, _remove, info.path)
            self.info, self._engine = info, index_engine(info.path)
            self._cards.clear()
            self._rated_key = None          # the new file has no engine statuses yet
            with Session(self._engine) as session:
                self._load_vocabulary(session)

    def _say(self, message: str) -> None:
        if self._progress is None:
            return
        # The opener's callback may belong to an object that is gone by now (the GUI's
        # loader thread); a message is not worth a crash.
        with contextlib.suppress(RuntimeError):
            self._progress(message)

    @classmethod
    def open(cls, cards_dir: Path | None = None, store_path: Path | None = None,
             force: bool = False, progress: Progress | None = None) -> Catalogue:
        """Open the catalogue, rebuilding the index if the YAML changed (or ``force``)."""
        cards_dir = cards_dir or paths.cards_dir()
        store_path = store_path or paths.cache_dir() / STORE_FILE
        return cls(open_store(cards_dir, store_path, force=force, progress=progress), progress)

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

    def rate_with(self, rater: EngineRater) -> None:
        """Let ``engine:`` searches use ``rater`` (see catalogue.engine_status). The
        statuses are written into the index at the first such search, or by
        :meth:`refresh_engine_statuses`, and only when the stored ones are from another
        engine."""
        with self._rating_lock:
            self._rater, self._rated_key = rater, None
            self.vocabulary = replace(self.vocabulary, engine_rated=True)

    def use_collection(self, counts: Mapping[str, CollectionCounts] | None) -> None:
        """Let ``owned``, ``dice_owned``, ``foils`` and ``want`` search ``counts`` (card
        code -> what the user has); None when no collection is open. Call again after the
        collection changes: the counts are a snapshot."""
        self._collection = dict(counts) if counts is not None else None
        self.vocabulary = replace(self.vocabulary, collection=self._collection)

    def use_formats(self, pools: Mapping[str, FormatPool]) -> None:
        """Let ``legal:`` and ``banned:`` search these formats (key -> sets and bans)."""
        self._formats = dict(pools)
        self.vocabulary = replace(self.vocabulary, formats=self._formats)

    def refresh_engine_statuses(self) -> None:
        """Make the stored engine statuses match the rater's (a no-op without one, and
        when they already do). Raises SQLAlchemyError when the index cannot be written."""
        with self._rating_lock:
            rater = self._rater
            if rater is None or self._rated_key == rater.key:
                return
            key = rater.key
            if self._read(stored_key) != key:
                statuses = [(card.code, rater.status(card)) for card in self.search("")]
                write_statuses(self._engine, key, statuses)
            self._rated_key = key

    def search(self, query: str) -> list[Card]:
        """Cards matching ``query`` in catalogue order. Raises QueryError for a bad query."""
        tree = parse(query)
        engine_terms = field_terms(tree, "engine")
        condition = compile_query(tree, self.vocabulary)
        if engine_terms:
            try:
                self.refresh_engine_statuses()
            except SQLAlchemyError as error:
                term = engine_terms[0]
                raise QueryError(f"engine: the engine statuses could not be written into the card "
                                 f"index ({one_line(error)})", term.position, term.token) from error
        statement = (select(col(CardRow.code), col(CardRow.card_json)).where(condition)
                     .order_by(col(CardRow.set_position), col(CardRow.number)))
        return self._read(lambda session: [self._decode(code, card_json)
                                           for code, card_json in session.exec(statement).all()])

    def get(self, code: str) -> Card | None:
        """The card with this code (``5sww``; case-insensitive), or None."""
        code = code.strip().lower()
        if code in self._cards:
            return self._cards[code]

        def find(session: Session) -> Card | None:
            row = session.get(CardRow, code)
            return self._decode(row.code, row.card_json) if row else None

        return self._read(find)

    def count(self) -> int:
        return self.info.card_count

    def close(self) -> None:
        """Release the index; a temporary one (see :class:`StoreInfo`) is deleted."""
        self._engine.dispose()
        if self._discard is not None:
            self._discard()


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):    # already gone: the temporary folder is the system's
        os.unlink(path)
