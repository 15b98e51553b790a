"""The catalogue index: SQLite through sqlmodel, a disposable copy of the YAML.

The index lives in the user cache folder and carries the content hash of the YAML it was
built from; :func:`open_store` rebuilds it whenever the hash (or this schema's version)
differs, and whenever the file is damaged (a bad page, cut short, not a database, a table
missing), saying so through ``progress``. A rebuild writes a new file beside the old one and
swaps it in with ``os.replace``, so a crash mid-build never leaves a half-written index
behind. When the cache location cannot be written (a read-only folder, a file where the
folder should be, a folder where the index should be), the index is built in a temporary
file for this session instead, again with one line saying so.

Searchable facts live in indexed columns and child tables (energy, affiliations,
keywords, levels) so the query language compiles to SQL; the full card travels as JSON
for display.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from sqlalchemy import URL, Engine, insert
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlmodel import Field, Session, SQLModel, create_engine, select

from teambuilder.catalogue.loader import LoadResult, content_hash, load_catalogue
from teambuilder.catalogue.store_errors import IndexDamage, StoreError  # noqa: F401 - re-exported

SCHEMA_VERSION = "3"  # 2: cards carry abilities; 3: the engine status table
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


class CardEngineStatusRow(SQLModel, table=True):
    """How fully the rules engine plays each card (``full``, ``partial``, ``none``).

    The catalogue cannot compute this (it sits below the engine); a layer that may import
    both fills the table through :meth:`Catalogue.rate_with`, and the meta key
    ``engine_status_key`` names the engine the rows came from. A rebuilt index starts
    with the table empty and no key, so the rows are always written again."""

    __tablename__ = "card_engine_status"
    card_code: str = Field(primary_key=True)
    status: str = Field(index=True)


ENGINE_STATUS_KEY = "engine_status_key"


@dataclass(frozen=True)
class StoreInfo:
    """What :func:`open_store` did: where the index is and whether it was rebuilt.
    ``cards_dir`` is what it was built from (for a rebuild when a query finds it damaged);
    ``temporary`` marks a stand-in for an unusable cache location, deleted on close."""

    path: Path
    rebuilt: bool
    card_count: int
    skipped: tuple[tuple[str, str], ...]
    cards_dir: Path | None = None
    temporary: bool = False


Progress = Callable[[str], None]
_TABLES = (MetaRow, SetRow, AffiliationRow, KeywordRow, SkippedRow, CardRow, CardEnergyRow,
           CardAffiliationRow, CardKeywordRow, CardLevelRow, CardEngineStatusRow)
# SQLite's words for a damaged file, as opposed to a query it refuses (too complex, ...).
_DAMAGE_WORDS = ("malformed", "not a database", "could not decode", "no such table",
                 "no such column", "disk i/o", "corrupt", "unable to open", "encrypted")


def _quiet(_message: str) -> None:
    pass


def one_line(error: BaseException) -> str:
    reason = error.orig if isinstance(error, DBAPIError) else error
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror
    lines = str(reason).strip().splitlines()
    return lines[0] if lines else type(reason).__name__


def is_damage(error: BaseException) -> bool:
    """Whether a database error means the index file is damaged (and a rebuild mends it)."""
    if isinstance(error, IndexDamage):
        return True
    return isinstance(error, SQLAlchemyError) and any(
        word in one_line(error).lower() for word in _DAMAGE_WORDS)


def damaged_message(path: Path, error: BaseException) -> str:
    return f"the card index {path} is damaged ({one_line(error)}); rebuilding it from the card files"


def index_engine(path: Path) -> Engine:
    # URL.create, not an f-string: a folder name with '?' or '#' stays part of the path.
    return create_engine(URL.create("sqlite", database=str(path)),
                         connect_args={"check_same_thread": False})


def _current(path: Path, digest: str, cards_dir: Path) -> StoreInfo | None:
    """The index at ``path`` when it is whole and built from ``digest``; None when there is
    none (or a folder is in its place: the build reports that) or it is out of date.
    Raises :class:`IndexDamage` when the file is damaged in any way SQLite can tell."""
    if not path.is_file():
        return None
    engine = index_engine(path)
    try:
        with Session(engine) as session:
            tables = {str(name) for (name,) in session.connection().exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if MetaRow.__tablename__ not in tables:
                raise IndexDamage("it has no meta table")
            stored = session.get(MetaRow, "content_hash")
            if stored is None or stored.value != digest:
                return None
            missing = sorted({str(t.__tablename__) for t in _TABLES} - tables)
            if missing:
                raise IndexDamage(f"table {missing[0]} is missing")
            problems = [str(row[0]) for row in
                        session.connection().exec_driver_sql("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise IndexDamage(problems[0])
            count = session.get(MetaRow, "card_count")
            skipped = tuple((row.path, row.reason) for row in session.exec(select(SkippedRow)))
            return StoreInfo(path=path, rebuilt=False,
                             card_count=int(count.value) if count else 0, skipped=skipped,
                             cards_dir=cards_dir)
    except (SQLAlchemyError, ValueError) as error:
        raise IndexDamage(one_line(error)) from error
    finally:
        engine.dispose()


def _write(path: Path, result: LoadResult, digest: str) -> None:
    engine = index_engine(path)
    try:
        _fill(engine, result, digest)
    finally:
        engine.dispose()


def _fill(engine: Engine, result: LoadResult, digest: str) -> None:
    SQLModel.metadata.create_all(engine)
    vocab = result.vocabulary
    set_rows = [asdict(s) for s in vocab.sets.values()]    # (a compiled class has no vars())
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


def _write_replacing(path: Path, result: LoadResult, digest: str) -> None:
    """Build into a new file beside ``path`` and swap it in; OSError or SQLAlchemyError when
    the location cannot take it (the old index, if any, is then untouched)."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "a folder is in the way", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".catalogue-", suffix=".sqlite", dir=path.parent)
    os.close(handle)
    try:
        _write(Path(temporary), result, digest)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _write_temporary(result: LoadResult, digest: str) -> Path:
    handle, temporary = tempfile.mkstemp(prefix="teambuilder-catalogue-", suffix=".sqlite")
    os.close(handle)
    try:
        _write(Path(temporary), result, digest)
    except BaseException:
        os.unlink(temporary)
        raise
    return Path(temporary)


def build_store(cards_dir: Path, path: Path, progress: Progress | None = None) -> StoreInfo:
    """Build the index from ``cards_dir`` into ``path`` (atomically replacing it). When
    ``path`` cannot be written, build a temporary index instead and say so; raise
    :class:`StoreError` only when that fails too."""
    say = progress or _quiet
    say(f"reading card files in {cards_dir}")
    digest = _digest(cards_dir)
    result = load_catalogue(cards_dir)
    say(f"indexing {len(result.cards)} cards")
    info = StoreInfo(path=path, rebuilt=True, card_count=len(result.cards),
                     skipped=tuple((s.path, s.reason) for s in result.skipped),
                     cards_dir=cards_dir)
    try:
        _write_replacing(path, result, digest)
        return info
    except (OSError, SQLAlchemyError) as error:
        problem = one_line(error)
    try:
        temporary = _write_temporary(result, digest)
    except (OSError, SQLAlchemyError) as error:
        raise StoreError(f"cannot write the card index at {path} ({problem}) nor in the "
                         f"temporary folder ({one_line(error)}); free some disk space or set "
                         "TEAMBUILDER_CACHE_DIR to a writable folder") from error
    say(f"cannot write the card index at {path} ({problem}); using a temporary index for "
        "this session")
    return StoreInfo(path=temporary, rebuilt=True, card_count=info.card_count,
                     skipped=info.skipped, cards_dir=cards_dir, temporary=True)


def _digest(cards_dir: Path) -> str:
    return f"{SCHEMA_VERSION}:{content_hash(cards_dir)}"


def open_store(cards_dir: Path, path: Path, force: bool = False,
               progress: Progress | None = None) -> StoreInfo:
    """Make sure ``path`` indexes the current YAML; rebuild only when it does not, or when
    it is damaged (saying so through ``progress``)."""
    if not force:
        try:
            current = _current(path, _digest(cards_dir), cards_dir)
        except IndexDamage as damage:
            (progress or _quiet)(damaged_message(path, damage))
            current = None
        if current is not None:
            return current
    return build_store(cards_dir, path, progress)
