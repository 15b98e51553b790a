"""The team a player brings: cards with dice counts and basic actions, named by reference.

A reference is what the user wrote: a card code (``5sww``) or ``Name: Subtitle``. Teams
keep references as written so an unknown card survives a load/save round trip and the
validator can say what it did not recognise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_FORMAT = "standard"


@dataclass(frozen=True)
class TeamCard:
    ref: str
    dice: int


@dataclass(frozen=True)
class Team:
    name: str
    format: str = DEFAULT_FORMAT
    cards: tuple[TeamCard, ...] = ()
    basic_actions: tuple[str, ...] = ()
    source: str = field(default="", compare=False)

    @property
    def total_dice(self) -> int:
        return sum(card.dice for card in self.cards)
