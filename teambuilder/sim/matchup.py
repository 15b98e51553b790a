"""Two teams as the engine plays them: player setups, starting life and format key.

Shared by ``teambuilder play`` (one game) and ``teambuilder sim`` (many), so both build a
game from team files the same way: the format is the one asked for or team A's, and two
teams with the same name are told apart as "(A)" and "(B)" in the log and the results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from teambuilder.engine.setup import SetupError, player_setup
from teambuilder.sim.matchup_data import Matchup
from teambuilder.teams.formats import FormatError, get_format, load_formats
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team

__all__ = ["Matchup", "MatchupError", "build_matchup"]

if TYPE_CHECKING:   # sim worker processes never open the catalogue: skip its SQL imports
    from teambuilder.catalogue.repository import Catalogue


class MatchupError(ValueError):
    """The teams cannot be played: an unknown format or card (the message says which)."""


def build_matchup(teams: Sequence[Team], catalogue: Catalogue, format_key: str | None = None) -> Matchup:
    if len(teams) != 2:
        raise MatchupError("a game needs exactly two teams")
    try:
        fmt = get_format(format_key or teams[0].format, load_formats())
        lookup = CardLookup(catalogue)
        names = [team.name for team in teams]
        if names[0] == names[1]:
            names = [f"{names[0]} (A)", f"{names[1]} (B)"]
        first, second = (player_setup(t, lookup, fmt, n) for t, n in zip(teams, names, strict=True))
    except (FormatError, SetupError) as error:
        raise MatchupError(str(error)) from error
    return Matchup((first, second), fmt.life, fmt.key)
