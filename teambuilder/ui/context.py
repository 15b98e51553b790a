"""AppContext: the services the windows share (catalogue, card lookup, formats, the team
library, settings), built once and passed down; there are no global singletons."""

from __future__ import annotations

from dataclasses import dataclass

from teambuilder.catalogue.repository import Catalogue
from teambuilder.engine.coverage import CoverageRater
from teambuilder.teams.formats import Format, format_pools, load_formats
from teambuilder.teams.library import TeamLibrary
from teambuilder.teams.lookup import CardLookup
from teambuilder.ui.settings import Settings


@dataclass
class AppContext:
    catalogue: Catalogue
    lookup: CardLookup
    formats: dict[str, Format]
    library: TeamLibrary
    settings: Settings

    @classmethod
    def create(cls, catalogue: Catalogue, library: TeamLibrary | None = None) -> AppContext:
        # The app shows how fully the engine plays each card and searches by it (engine:).
        catalogue.rate_with(CoverageRater())
        formats = load_formats()
        catalogue.use_formats(format_pools(formats))          # legal: and banned: searches
        return cls(catalogue, CardLookup(catalogue), formats, library or TeamLibrary.open(), Settings())
