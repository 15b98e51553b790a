"""AppContext: the services the windows share (catalogue, card lookup, formats, the team
library, the collection, settings), built once and passed down; there are no global
singletons."""

from __future__ import annotations

from dataclasses import dataclass

from teambuilder.catalogue.repository import Catalogue
from teambuilder.engine.coverage import CoverageRater
from teambuilder.teams.formats import Format, format_pools, load_formats
from teambuilder.teams.library import TeamLibrary
from teambuilder.teams.lookup import CardLookup
from teambuilder.ui.collection_store import CollectionStore
from teambuilder.ui.settings import Settings


@dataclass
class AppContext:
    catalogue: Catalogue
    lookup: CardLookup
    formats: dict[str, Format]
    library: TeamLibrary
    settings: Settings
    collection: CollectionStore

    @classmethod
    def create(cls, catalogue: Catalogue, library: TeamLibrary | None = None) -> AppContext:
        # The app shows how fully the engine plays each card and searches by it (engine:).
        catalogue.rate_with(CoverageRater())
        formats = load_formats()
        catalogue.use_formats(format_pools(formats))          # legal: and banned: searches
        library = library or TeamLibrary.open()
        # The collection store hands the catalogue its counts (owned, dice_owned... searches).
        return cls(catalogue, CardLookup(catalogue), formats, library, Settings(),
                   CollectionStore(library, catalogue))
