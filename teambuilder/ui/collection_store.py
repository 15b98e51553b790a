"""The collection as the app's windows share it: one snapshot read from the library,
handed to the catalogue's search (``owned``, ``dice_owned``, ``foils``, ``want``) and
refreshed after every change, with ``changed`` telling the panels to redraw.

Every write goes straight to the library (one transaction); a write that fails raises, so
the widget that asked can show why. A library that cannot be read leaves an empty
collection and says so in ``error``: the app still works, only without the counts.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from teambuilder.catalogue.query_sql import CollectionCounts
from teambuilder.catalogue.repository import Catalogue
from teambuilder.teams.collection import Collection, CollectionError, Holding, dies_of
from teambuilder.teams.collection_needs import Shortfall, shortfalls
from teambuilder.teams.library import LibraryError, TeamLibrary
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team


class CollectionStore(QObject):
    """The user's collection, read once and after each change; ``changed`` follows."""

    changed = Signal()

    def __init__(self, library: TeamLibrary, catalogue: Catalogue) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.collection = Collection(library, dies_of(catalogue.search("")))
        self._holdings: dict[str, Holding] = {}
        self._dice: dict[str, int] = {}
        self.error: str | None = None
        self.reload()

    def reload(self) -> None:
        """Read the collection again and give the catalogue the new snapshot."""
        try:
            self._holdings = self.collection.holdings()
            self._dice = self.collection.dice_owned()
            self.error = None
        except LibraryError as error:
            self._holdings, self._dice, self.error = {}, {}, str(error)
        self.catalogue.use_collection({code: CollectionCounts(h.cards, h.dice, h.foils, h.want)
                                       for code, h in self._holdings.items()})
        self.changed.emit()

    # -- reading ---------------------------------------------------------------------------
    def holdings(self) -> dict[str, Holding]:
        return self._holdings

    def holding(self, code: str) -> Holding:
        code = code.lower()
        found = self._holdings.get(code)
        return found if found is not None else Holding(code, dice=self.dice_of(code))

    def dice_of(self, code: str) -> int:
        """The dice owned of ``code``'s die (shared with its sibling cards)."""
        return self._dice.get(self.collection.die_of(code), 0)

    @property
    def empty(self) -> bool:
        """Nothing recorded at all: the user does not track a collection (yet)."""
        return not self._holdings

    def shortfalls(self, team: Team, lookup: CardLookup) -> list[Shortfall]:
        return shortfalls(team, lookup, self._holdings, self.dice_of)

    # -- writing ---------------------------------------------------------------------------
    def set(self, code: str, cards: int | None = None, dice: int | None = None,
            foils: int | None = None, want: int | None = None) -> None:
        """Save now; raises LibraryError or CollectionError (one line) when it cannot."""
        try:
            self.collection.set_many([(code, cards, dice, foils, want)])
        finally:
            self.reload()        # what is shown is what the library holds, saved or not


SaveError = (LibraryError, CollectionError)
