"""The user's collection: the cards and dice they own, their foils, and what they want.

It lives in the team library's file (tables ``collection_card`` and ``collection_die``,
added by the library's second migration), so it is kept, migrated and protected exactly as
the saved teams are: never rebuilt, every change one transaction.

Cards are counted per card code. Dice are counted per physical die: the cards of one
character in one set share a die (the Cheetah cards of sww all roll the same Cheetah
die), so setting the dice of one card sets them for its siblings too. :func:`die_key`
names a die; a card the catalogue does not know keeps its own key, so nothing a user
recorded is dropped when a card file changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sqlalchemy import Connection

from teambuilder.catalogue.model import Card
from teambuilder.catalogue.query_sql import CollectionCounts
from teambuilder.teams.library import TeamLibrary

# Counts above this are typing mistakes (nobody owns a million copies), and keep SQLite's
# integers and the CSV bounded.
MAX_COUNT = 100_000


@dataclass(frozen=True)
class Holding:
    """What the user has of one card: copies, foils, wanted copies, and the dice of its die."""

    code: str
    cards: int = 0
    foils: int = 0
    want: int = 0
    dice: int = 0

    @property
    def empty(self) -> bool:
        return not (self.cards or self.foils or self.want or self.dice)


def die_key(card: Card | None, code: str) -> str:
    """The physical die a card's dice are: its set and character name (``sww:cheetah``);
    for a card the catalogue does not know, its own code."""
    if card is None:
        return f"code:{code.lower()}"
    return f"{card.set_code}:{card.name.lower()}"


class CollectionError(ValueError):
    """A count that cannot be stored (negative, too large); the message is one line."""


def check_count(name: str, value: int) -> int:
    if not 0 <= value <= MAX_COUNT:
        raise CollectionError(f"{name} must be a whole number from 0 to {MAX_COUNT}, not {value}")
    return value


class Collection:
    """The collection in an open :class:`TeamLibrary`. ``dies`` maps a card code to its die
    key (from the catalogue; codes it lacks use :func:`die_key` with no card)."""

    def __init__(self, library: TeamLibrary, dies: Mapping[str, str]) -> None:
        self.library = library
        self.dies = dies

    def die_of(self, code: str) -> str:
        return self.dies.get(code.lower()) or die_key(None, code)

    # -- reading ---------------------------------------------------------------------------
    def holdings(self) -> dict[str, Holding]:
        """Every card the user has recorded anything for, by code; a card whose die has
        dice recorded is included even with no copies."""
        with self.library.transaction("read the collection from", write=False) as connection:
            cards = {str(code): (int(n), int(f), int(w)) for code, n, f, w in connection.exec_driver_sql(
                "SELECT code, cards, foils, want FROM collection_card")}
            dice = _dice(connection)
        found: dict[str, Holding] = {}
        for code, (copies, foils, want) in cards.items():
            found[code] = Holding(code, copies, foils, want, dice.get(self.die_of(code), 0))
        for code, die in self.dies.items():
            if code not in found and dice.get(die, 0):
                found[code] = Holding(code, dice=dice[die])
        return {code: holding for code, holding in sorted(found.items()) if not holding.empty}

    def holding(self, code: str) -> Holding:
        return self.holdings().get(code.lower(), Holding(code.lower()))

    def query_counts(self) -> dict[str, CollectionCounts]:
        """The collection as the catalogue's ``owned``/``dice_owned``/``foils``/``want``
        search terms read it (``Catalogue.use_collection``)."""
        return {code: CollectionCounts(h.cards, h.dice, h.foils, h.want) for code, h in self.holdings().items()}

    def dice_owned(self) -> dict[str, int]:
        """Dice owned per die key."""
        with self.library.transaction("read the collection from", write=False) as connection:
            return _dice(connection)

    # -- writing ---------------------------------------------------------------------------
    def set(self, code: str, cards: int | None = None, dice: int | None = None,
            foils: int | None = None, want: int | None = None) -> Holding:
        """Change what is given, keep the rest; one transaction."""
        self.set_many([(code, cards, dice, foils, want)])
        return self.holding(code)

    def set_many(self, rows: Iterable[tuple[str, int | None, int | None, int | None, int | None]]) -> int:
        """Apply many changes (code, cards, dice, foils, want; None keeps the value) in one
        transaction: an import is recorded whole or not at all. Returns the rows applied."""
        applied = 0
        with self.library.transaction("save the collection to") as connection:
            for code, cards, dice, foils, want in rows:
                code = code.lower()
                for name, value in (("cards", cards), ("dice", dice), ("foils", foils), ("want", want)):
                    if value is not None:
                        check_count(name, value)
                connection.exec_driver_sql(
                    "INSERT INTO collection_card (code) VALUES (?) ON CONFLICT(code) DO NOTHING", (code,))
                for column, value in (("cards", cards), ("foils", foils), ("want", want)):
                    if value is not None:
                        connection.exec_driver_sql(f"UPDATE collection_card SET {column} = ? WHERE code = ?",
                                                   (value, code))
                if dice is not None:
                    connection.exec_driver_sql(
                        "INSERT INTO collection_die (die, dice) VALUES (?, ?) "
                        "ON CONFLICT(die) DO UPDATE SET dice = excluded.dice", (self.die_of(code), dice))
                applied += 1
            connection.exec_driver_sql(
                "DELETE FROM collection_card WHERE cards = 0 AND foils = 0 AND want = 0")
            connection.exec_driver_sql("DELETE FROM collection_die WHERE dice = 0")
        return applied


def _dice(connection: Connection) -> dict[str, int]:
    return {str(die): int(n) for die, n in connection.exec_driver_sql("SELECT die, dice FROM collection_die")}


def dies_of(cards: Iterable[Card]) -> dict[str, str]:
    """Card code -> die key for a catalogue's cards."""
    return {card.code: die_key(card, card.code) for card in cards}
