"""The catalogue index: SQLite through sqlmodel, a disposable copy of the YAML.

The index lives in the user cache folder and carries the content hash of the YAML it was
built from; :func:`open_store` rebuilds it whenever the hash (or this schema's version)
differs. A rebuild writes a new file beside the old one and swaps it in with
``os.replace``, so a crash mid-build never leaves a half-written index behind.

Searchable facts live in indexed columns and child tables (energy, affiliations,
keywords, levels) so the query language compiles to SQL; the full card travels as JSON
for display.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, insert
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Field, Session, SQLModel, create_engine, select

from teambuilder.catalogue.loader import LoadResult, content_hash, load_catalogue

SCHEMA_VERSION = "2"  # 2: cards carry abilities
STORE_FILE = "catalogue.sqlite"


class MetaRow(SQLModel, table=True):
    __tablename__ = "meta"
    key: str = Field(primary_key=True)
    value: str


class SetRow(SQLModel, table=True):
    __tablename__ = "card_set"
    code: str = Field(primary_key=True)
    name: str
    universe: str = Field(index=True)
    year: int
    kind: str
    position: int


class AffiliationRow(SQLModel, table=True):
    __tablename__ = "affiliation"
    key: str = Field(primary_key=True)
    name: str


class KeywordRow(SQLModel, table=True):
    __tablename__ = "keyword"
    key: str = Field(primary_key=True)
    name: str


class SkippedRow(SQLModel, table=True):
    """Files left out of the last build, so the app can say which and why."""

    __tablename__ = "skipped_file"
    path: str = Field(primary_key=True)
    reason: str


class CardRow(SQLModel, table=True):
    __tablename__ = "card"
    code: str = Field(primary_key=True)
    set_code: str = Field(index=True)
    set_position: int = Field(index=True)
    number: int
    name: str = Field(index=True)
    subtitle: str
    kind: str = Field(index=True)
    rarity: str = Field(index=True)
    cost: int = Field(index=True)
    max_dice: int = Field(index=True)
    level_count: int = Field(index=True)
    text: str
    # Lower-cased name, subtitle and text: free words match here.
    search_text: str
    card_json: str


class CardEnergyRow(SQLModel, table=True):
    __tablename__ = "card_energy"
    card_code: str = Field(primary_key=True)
    energy: str = Field(primary_key=True, index=True)


class CardAffiliationRow(SQLModel, table=True):
    __tablename__ = "card_affiliation"
    card_code: str = Field(primary_key=True)
    affiliation: str = Field(primary_key=True, index=True)


class CardKeywordRow(SQLModel, table=True):
    __tablename__ = "card_keyword"
    card_code: str = Field(primary_key=True)
    keyword: str = Field(primary_key=True, index=True)


class CardLevelRow(SQLModel, table=True):
    __tablename__ = "card_level"
    card_code: str = Field(primary_key=True)
    level: int = Field(primary_key=True)
    fielding: int = Field(index=True)
    attack: int = Field(index=True)
    defense: int = Field(index=True)
    burst: int


@dataclass(frozen=True)
class StoreInfo:
    """What :func:`open_store` did: where the index is and whether it was rebuilt."""

    path: Path
    rebuilt: bool
    card_count: int
    skipped: tuple[tuple[str, str], ...]


Progress = Callable[[str], None]


def _engine(path: Path) -> Engine:
    return create_engine(f"sqlite:///{path}", connect_args={"check_same_thread": False})


def _stored_hash(path: Path) -> str | None:
    if not path.exists():
        return None
    engine = _engine(path)
    try:
        with Session(engine) as session:
            row = session.get(MetaRow, "content_hash")
            return row.value if row else None
    except SQLAlchemyError:  # an unreadable or foreign file is simply rebuilt
        return None
    finally:
        engine.dispose()


def _write(path: Path, result: LoadResult, digest: str) -> None:
    engine = _engine(path)
    SQLModel.metadata.create_all(engine)
    vocab = result.vocabulary
    set_rows = [vars(s) for s in vocab.sets.values()]
    card_rows, energy_rows, affiliation_rows, keyword_rows, level_rows = [], [], [], [], []
    for card in result.cards:
        card_rows.append({
            "code": card.code, "set_code": card.set_code,
            "set_position": vocab.sets[card.set_code].position, "number": card.number,
            "name": card.name, "subtitle": card.subtitle, "kind": card.kind,
            "rarity": card.rarity, "cost": card.cost, "max_dice": card.max_dice,
            "level_count": len(card.levels), "text": card.text,
            "search_text": f"{card.name}\n{card.subtitle}\n{card.text}".lower(),
            "card_json": json.dumps(card.to_dict()),
        })
        energy_rows += [{"card_code": card.code, "energy": e} for e in card.energy]
        affiliation_rows += [{"card_code": card.code, "affiliation": a} for a in card.affiliations]
        keyword_rows += [{"card_code": card.code, "keyword": k} for k in card.keywords]
        level_rows += [{"card_code": card.code, "level": lv.level, "fielding": lv.fielding,
                        "attack": lv.attack, "defense": lv.defense, "burst": lv.burst}
                       for lv in card.levels]
    tables = [
        (SetRow, set_rows), (CardRow, card_rows), (CardEnergyRow, energy_rows),
        (CardAffiliationRow, affiliation_rows), (CardKeywordRow, keyword_rows),
        (CardLevelRow, level_rows),
        (AffiliationRow, [{"key": k, "name": v} for k, v in vocab.affiliations.items()]),
        (KeywordRow, [{"key": k, "name": v} for k, v in vocab.keywords.items()]),
        (SkippedRow, [{"path": s.path, "reason": s.reason} for s in result.skipped]),
        (MetaRow, [{"key": "content_hash", "value": digest},
                   {"key": "card_count", "value": str(len(result.cards))}]),
    ]
    with engine.begin() as connection:
        for table, rows in tables:
            if rows:
                connection.execute(insert(table), rows)
    engine.dispose()


def build_store(cards_dir: Path, path: Path, progress: Progress | None = None) -> StoreInfo:
    """Build the index from ``cards_dir`` into ``path`` (atomically replacing it)."""
    say = progress or (lambda _message: None)
    say(f"reading card files in {cards_dir}")
    digest = _digest(cards_dir)
    result = load_catalogue(cards_dir)
    say(f"indexing {len(result.cards)} cards")
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".catalogue-", suffix=".sqlite", dir=path.parent)
    os.close(handle)
    try:
        _write(Path(temporary), result, digest)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return StoreInfo(path=path, rebuilt=True, card_count=len(result.cards),
                     skipped=tuple((s.path, s.reason) for s in result.skipped))


def _digest(cards_dir: Path) -> str:
    return f"{SCHEMA_VERSION}:{content_hash(cards_dir)}"


def open_store(cards_dir: Path, path: Path, force: bool = False,
               progress: Progress | None = None) -> StoreInfo:
    """Make sure ``path`` indexes the current YAML; rebuild only when it does not."""
    if not force and _stored_hash(path) == _digest(cards_dir):
        engine = _engine(path)
        with Session(engine) as session:
            count = session.get(MetaRow, "card_count")
            skipped = tuple((row.path, row.reason) for row in session.exec(select(SkippedRow)))
        engine.dispose()
        return StoreInfo(path=path, rebuilt=False, card_count=int(count.value) if count else 0,
                         skipped=skipped)
    return build_store(cards_dir, path, progress)
