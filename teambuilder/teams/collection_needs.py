"""What a team needs that the collection lacks: the shopping list behind the app's
collection warning (and the same reading as ``teambuilder collection missing``).

A shortfall never touches legality: a team is legal or not by the format's rules alone.
Each card needs one copy; a character or action card also needs as many dice of its die
as the team takes (the dice of one die are shared by its sibling cards). Basic action
cards need the card only. A reference the catalogue does not know is left to the rules
check, which names it already.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from teambuilder.catalogue.model import Card
from teambuilder.teams.collection import Holding
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team


@dataclass(frozen=True)
class Shortfall:
    """One card the team is short of: the card itself (``card_missing``) and/or dice."""

    card: Card
    card_missing: bool
    dice_needed: int
    dice_owned: int

    @property
    def dice_short(self) -> int:
        return max(0, self.dice_needed - self.dice_owned)

    def describe(self) -> str:
        """"Cheetah: Goddess of the Hunt (5sww): the card and 2 more dice (need 4, own 2)"."""
        short = []
        if self.card_missing:
            short.append("the card")
        if self.dice_short:
            dice = "die" if self.dice_short == 1 else "dice"
            short.append(f"{self.dice_short} more {dice} (need {self.dice_needed}, own {self.dice_owned})")
        return f"{self.card.full_name} ({self.card.code}): {' and '.join(short)}"


def shortfalls(team: Team, lookup: CardLookup, holdings: Mapping[str, Holding],
               dice_owned: Callable[[str], int]) -> list[Shortfall]:
    """Every card of ``team`` the collection lacks, in team order; ``dice_owned(code)`` is
    how many dice the user owns of that card's die."""
    found: list[Shortfall] = []
    needs = [(entry.ref, entry.dice) for entry in team.cards] + [(ref, 0) for ref in team.basic_actions]
    for ref, dice in needs:
        card = lookup.resolve(ref)
        if card is None:
            continue
        copies = holdings.get(card.code, Holding(card.code)).cards
        have_dice = dice_owned(card.code) if dice else 0
        if copies < 1 or dice > have_dice:
            found.append(Shortfall(card, copies < 1, dice, have_dice))
    return found
