"""Turning a team (and its format) into what the engine plays: EngineCards and dice counts.

The engine never sees the catalogue database: the caller resolves cards through a
``CardLookup`` and this module only reads the resolved values.
"""

from __future__ import annotations

from teambuilder.catalogue.model import Card
from teambuilder.engine.game import PlayerSetup
from teambuilder.engine.state import EngineCard
from teambuilder.teams.formats import Format
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team


class SetupError(ValueError):
    """A team cannot be played: a card it names is unknown."""


def engine_card(card: Card) -> EngineCard:
    """The engine form of a catalogue card. Cards carry no executable abilities yet, so
    they play on their stats; the card-abilities work fills ``abilities`` from data."""
    return EngineCard(card)


def player_setup(team: Team, lookup: CardLookup, fmt: Format, name: str | None = None) -> PlayerSetup:
    cards = []
    for entry in team.cards:
        card = lookup.resolve(entry.ref)
        if card is None:
            raise SetupError(f"{team.name}: unknown card {entry.ref!r}")
        cards.append((engine_card(card), entry.dice))
    basics = []
    for ref in team.basic_actions:
        card = lookup.resolve(ref)
        if card is None:
            raise SetupError(f"{team.name}: unknown basic action {ref!r}")
        basics.append(engine_card(card))
    return PlayerSetup(name or team.name, tuple(cards), tuple(basics), fmt.basic_action_dice)
