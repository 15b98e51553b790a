"""Turning a team (and its format) into what the engine plays: EngineCards and dice counts.

The engine never sees the catalogue database: the caller resolves cards through a
``CardLookup`` and this module only reads the resolved values.
"""

from __future__ import annotations

from teambuilder.catalogue.abilities import Ability
from teambuilder.catalogue.model import Card
from teambuilder.engine.game_state import PlayerSetup
from teambuilder.engine.keyword_abilities import ALWAYS_ADDED, labelled, printed_abilities
from teambuilder.engine.state import EngineCard
from teambuilder.teams.formats import Format
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team


class SetupError(ValueError):
    """A team cannot be played: a card it names is unknown."""


def engine_card(card: Card, abilities: tuple[Ability, ...] | None = None) -> EngineCard:
    """The engine form of a catalogue card: its abilities (``abilities`` replaces the
    card's own, for scenarios) plus those its trigger-shaped keywords stand for."""
    own = card.abilities if abilities is None else abilities
    # A card that writes its own version of a keyword (Blob's Intimidate) uses that one.
    written = {a.keyword for a in own if a.keyword and a.keyword not in ALWAYS_ADDED}
    added = printed_abilities(tuple(k for k in card.keywords if k not in written), card.text,
                               tuple(card.affiliations))
    return EngineCard(card, labelled(own) + added)


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
    return PlayerSetup(name or team.name, tuple(cards), tuple(basics), fmt.basic_action_dice, fmt.draft)
