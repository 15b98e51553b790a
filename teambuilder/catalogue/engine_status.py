"""The engine status of every card, cached in the catalogue index for ``engine:`` searches.

How fully the rules engine plays a card (``full``, ``partial``, ``none``) is the engine's
knowledge (``teambuilder.engine.coverage``), and the catalogue sits below the engine, so it
may not ask. Two designs were possible: an injected predicate run over every card at
search time, or a cached column. The cache wins: a search stays one SQL query (``engine:``
composes with every other term, ``or`` and ``-`` included), and the engine is asked once
per engine version, not per search. The layer above (the CLI, the app) hands the
catalogue an :class:`EngineRater`: a ``key`` naming the engine's coverage rules (a hash of
the engine's source) and a ``status`` function. The rows are rewritten whenever the key
differs from the one stored beside them. The other causes of a change are covered by the
index itself: a changed card file or card reader rebuilds the whole index, and a rebuilt
index starts with no rows and no key.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from sqlalchemy import Engine, delete, insert
from sqlmodel import Session

from teambuilder.catalogue.model import Card
from teambuilder.catalogue.store import ENGINE_STATUS_KEY, CardEngineStatusRow, MetaRow

# The statuses, best first; the query language's ``engine:`` takes exactly these.
ENGINE_STATUSES = ("full", "partial", "none")


class EngineRater(Protocol):
    """What the layer above the catalogue provides to rate cards."""

    @property
    def key(self) -> str:
        """Changes whenever ``status`` could answer differently for the same card."""
        ...

    def status(self, card: Card) -> str:
        """One of ENGINE_STATUSES."""
        ...


def stored_key(session: Session) -> str | None:
    """The key of the engine that rated the stored rows; None when none are stored."""
    row = session.get(MetaRow, ENGINE_STATUS_KEY)
    return row.value if row else None


def write_statuses(engine: Engine, key: str, statuses: Iterable[tuple[str, str]]) -> None:
    """Replace every stored status (code, status) and the key, in one transaction: a
    reader sees the old rows or the new ones, never half of each."""
    rows = [{"card_code": code, "status": status} for code, status in statuses]
    with engine.begin() as connection:
        connection.execute(delete(CardEngineStatusRow))
        connection.execute(delete(MetaRow).where(MetaRow.key == ENGINE_STATUS_KEY))  # type: ignore[arg-type]
        if rows:
            connection.execute(insert(CardEngineStatusRow), rows)
        connection.execute(insert(MetaRow), [{"key": ENGINE_STATUS_KEY, "value": key}])
