"""Compile a parsed catalogue query into a SQL condition over the indexed card tables.

Values are checked against the catalogue's vocabulary here (sets, affiliations,
keywords ...), so ``aff:vilain`` fails with a suggestion instead of silently matching
nothing. Every error carries the position of its token.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, false, not_, or_, select, true
from sqlmodel import col

from teambuilder.catalogue.engine_status import ENGINE_STATUSES
from teambuilder.catalogue.model import ENERGY_TYPES
from teambuilder.catalogue.query import And, FieldTerm, MatchAll, Node, Not, Or, QueryError, Word
from teambuilder.catalogue.store import (
    CardAffiliationRow,
    CardEnergyRow,
    CardEngineStatusRow,
    CardKeywordRow,
    CardLevelRow,
    CardRow,
)

KIND_ALIASES = {
    "character": "character", "char": "character", "superstar": "character",
    "action": "action", "basic_action": "basic_action", "basic": "basic_action",
    "bac": "basic_action",
}
RARITY_ALIASES = {
    "starter": "starter", "s": "starter", "st": "starter", "common": "common", "c": "common",
    "uncommon": "uncommon", "uc": "uncommon", "u": "uncommon", "rare": "rare", "r": "rare",
    "super_rare": "super_rare", "superrare": "super_rare", "sr": "super_rare",
    "promo": "promo", "p": "promo",
}


@dataclass(frozen=True)
class QueryVocabulary:
    """What values the catalogue knows, for checking and normalising query values."""

    sets: frozenset[str]
    affiliations: dict[str, str]  # key -> display name
    keywords: dict[str, str]
    universes: dict[str, frozenset[str]] = field(default_factory=dict)   # name -> set codes
    # Whether the engine status table is filled (see catalogue.engine_status): only then
    # can ``engine:`` be answered.
    engine_rated: bool = False
    # The user's collection, handed down by the layer that keeps it (the catalogue cannot
    # read the user's library): card code -> counts. None: no collection is open, and the
    # collection terms say so. Cards not in it count 0.
    collection: Mapping[str, CollectionCounts] | None = None
    # The formats in force, handed down by the teams layer that reads them: key -> pool.
    formats: Mapping[str, FormatPool] = field(default_factory=dict)


@dataclass(frozen=True)
class FormatPool:
    """What ``legal:`` and ``banned:`` need of a format: its sets (None: every set) and bans."""

    sets: frozenset[str] | None
    banned: frozenset[str]


@dataclass(frozen=True)
class CollectionCounts:
    """What the user has of one card, for ``owned``, ``dice_owned``, ``foils``, ``want``."""

    owned: int = 0
    dice_owned: int = 0
    foils: int = 0
    want: int = 0


def _key(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_").replace(".", "")


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _compare(column: Any, operator: str, number: int) -> ColumnElement[bool]:
    comparisons: dict[str, Callable[[Any, int], ColumnElement[bool]]] = {
        ":": lambda c, n: c == n, "=": lambda c, n: c == n, "<": lambda c, n: c < n,
        "<=": lambda c, n: c <= n, ">": lambda c, n: c > n, ">=": lambda c, n: c >= n,
    }
    return comparisons[operator](column, number)


_COUNT_TESTS: dict[str, Callable[[int, int], bool]] = {
    ":": lambda a, b: a == b, "=": lambda a, b: a == b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


class _Compiler:
    def __init__(self, vocabulary: QueryVocabulary) -> None:
        self.vocabulary = vocabulary

    def resolve(self, term: FieldTerm, value: str, options: dict[str, str], what: str) -> str:
        key = _key(value)
        if key in options:
            return options[key]
        close = difflib.get_close_matches(key, list(options), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise QueryError(f"{term.field}: unknown {what} '{value}'{hint}", term.position, term.token)

    def universe(self, term: FieldTerm) -> str:
        """A universe by its name, ignoring case and punctuation ("d&d", "yugioh"), or by
        the start of one when that is unambiguous ("warhammer")."""
        def squash(text: str) -> str:
            return "".join(ch for ch in text.lower().replace("&", "n") if ch.isalnum())
        wanted = squash(term.value)
        names = {squash(name): name for name in self.vocabulary.universes}
        if wanted in names:
            return names[wanted]
        starts = {name for key, name in names.items() if wanted and key.startswith(wanted)}
        if len(starts) == 1:
            return starts.pop()
        known = ", ".join(sorted(self.vocabulary.universes, key=str.lower))
        raise QueryError(f"universe: unknown universe '{term.value}' (one of {known})", term.position, term.token)

    def engine(self, term: FieldTerm) -> ColumnElement[bool]:
        status = term.value.lower()
        if status not in ENGINE_STATUSES:
            raise QueryError(f"engine: unknown engine status '{term.value[:20]}' (one of "
                             f"{', '.join(ENGINE_STATUSES)})", term.position, term.token)
        if not self.vocabulary.engine_rated:
            raise QueryError("engine: this catalogue was opened without the rules engine, so "
                             "it cannot say how fully cards are played", term.position, term.token)
        return col(CardRow.code).in_(select(col(CardEngineStatusRow.card_code)).where(
            col(CardEngineStatusRow.status) == status))

    def collection(self, term: FieldTerm) -> ColumnElement[bool]:
        """A count of the user's collection. The codes are worked out here and compared as a
        list: a card the collection does not name counts 0, so a test that 0 passes
        (``owned:no``, ``want<2``) keeps every card except those whose count fails it."""
        counts = self.vocabulary.collection
        if counts is None:
            raise QueryError(f"{term.field}: no collection is open here (the collection is kept in "
                             "your team library)", term.position, term.token)
        if term.value in ("yes", "no"):
            operator, number = (">", 0) if term.value == "yes" else ("=", 0)
        else:
            operator, number = term.operator, int(term.value)
        test = _COUNT_TESTS[operator]

        def count(code: str) -> int:
            return int(getattr(counts[code], term.field))

        if test(0, number):
            failing = sorted(code for code in counts if not test(count(code), number))
            return not_(col(CardRow.code).in_(failing)) if failing else true()
        passing = sorted(code for code in counts if test(count(code), number))
        return col(CardRow.code).in_(passing) if passing else false()

    def legality(self, term: FieldTerm) -> ColumnElement[bool]:
        """``legal:F``: in format F's sets and not banned there; ``banned:F``: banned there."""
        formats = self.vocabulary.formats
        if not formats:
            raise QueryError(f"{term.field}: no formats are loaded here", term.position, term.token)
        key = self.resolve(term, term.value, {k: k for k in formats}, "format")
        pool = formats[key]
        banned = col(CardRow.code).in_(sorted(pool.banned))
        if term.field == "banned":
            return banned if pool.banned else false()
        in_pool = col(CardRow.set_code).in_(sorted(pool.sets)) if pool.sets is not None else true()
        return and_(in_pool, not_(banned)) if pool.banned else in_pool

    def named(self, term: FieldTerm, table: dict[str, str], what: str) -> str:
        options = {key: key for key in table}
        options.update({_key(name): key for key, name in table.items()})
        return self.resolve(term, term.value, options, what)

    def field(self, term: FieldTerm) -> ColumnElement[bool]:
        value = term.value
        name = term.field
        if name == "set":
            options = {code: code for code in self.vocabulary.sets}
            return col(CardRow.set_code) == self.resolve(term, value, options, "set")
        if name == "universe":
            return col(CardRow.set_code).in_(sorted(self.vocabulary.universes[self.universe(term)]))
        if name == "code":
            return col(CardRow.code) == value.lower()
        if name in ("name", "text"):
            column = col(CardRow.name) if name == "name" else col(CardRow.text)
            if term.operator == "=":
                return column.collate("NOCASE") == value
            return column.like(_like(value), escape="\\")
        if name == "kind":
            return col(CardRow.kind) == self.resolve(term, value, KIND_ALIASES, "kind")
        if name == "rarity":
            return col(CardRow.rarity) == self.resolve(term, value, RARITY_ALIASES, "rarity")
        if name == "energy":
            energy = self.resolve(term, value, {e: e for e in ENERGY_TYPES}, "energy type")
            return exists(select(col(CardEnergyRow.card_code)).where(
                col(CardEnergyRow.card_code) == col(CardRow.code), col(CardEnergyRow.energy) == energy))
        if name == "aff":
            affiliation = self.named(term, self.vocabulary.affiliations, "affiliation")
            return exists(select(col(CardAffiliationRow.card_code)).where(
                col(CardAffiliationRow.card_code) == col(CardRow.code),
                col(CardAffiliationRow.affiliation) == affiliation))
        if name == "kw":
            keyword = self.named(term, self.vocabulary.keywords, "keyword")
            return exists(select(col(CardKeywordRow.card_code)).where(
                col(CardKeywordRow.card_code) == col(CardRow.code), col(CardKeywordRow.keyword) == keyword))
        if name == "engine":
            return self.engine(term)
        if name in ("owned", "dice_owned", "foils", "want"):
            return self.collection(term)
        if name in ("legal", "banned"):
            return self.legality(term)
        number = int(value)
        if name in ("cost", "max", "level"):
            count = {"cost": col(CardRow.cost), "max": col(CardRow.max_dice),
                     "level": col(CardRow.level_count)}[name]
            return _compare(count, term.operator, number)
        stat = {"fcost": col(CardLevelRow.fielding), "a": col(CardLevelRow.attack),
                "d": col(CardLevelRow.defense)}[name]
        # An uncorrelated IN list: SQLite runs it once. (A correlated EXISTS let the planner
        # drive it from the stat index for every card: half a second for "d<=2 fcost:0".)
        return col(CardRow.code).in_(select(col(CardLevelRow.card_code)).where(
            _compare(stat, term.operator, number)))

    def node(self, node: Node) -> ColumnElement[bool]:
        if isinstance(node, MatchAll):
            return true()
        if isinstance(node, Word):
            return col(CardRow.search_text).like(_like(node.text), escape="\\")
        if isinstance(node, FieldTerm):
            return self.field(node)
        if isinstance(node, Not):
            return not_(self.node(node.operand))
        if isinstance(node, And):
            return and_(*(self.node(operand) for operand in node.operands))
        if isinstance(node, Or):
            return or_(*(self.node(operand) for operand in node.operands))
        return false()


def compile_query(tree: Node, vocabulary: QueryVocabulary) -> ColumnElement[bool]:
    """The SQL condition selecting the cards ``tree`` describes. Raises QueryError."""
    return _Compiler(vocabulary).node(tree)
