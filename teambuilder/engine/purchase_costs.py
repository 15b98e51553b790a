"""A card's purchase cost for a player, with the rules in force (reductions, increases):
never below 1 or the card's number of energy types (crossover)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import rules
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def purchase_cost(game: Game, slot: int, player: int | None = None,
                  in_force: list[rules.ActiveRule] | None = None, on_card: Die | None = None) -> int:
    """A card's purchase cost for ``player``; reductions never go below 1 or its number of
    energy types (crossover). ``in_force``: the purchase_cost rules, and ``on_card``: a die
    still on the card, when the caller asks about many cards at once."""
    buyer = game.active if player is None else player
    return game.remembered(("cost", slot, buyer), lambda: _purchase_cost(game, slot, buyer, in_force, on_card))


def _purchase_cost(game: Game, slot: int, buyer: int, in_force: list[rules.ActiveRule] | None,
                   on_card: Die | None) -> int:
    card = game.slots[slot].card.card
    delta = 0
    if game.has_rules and (in_force is None or in_force):
        # Ask about a die still on the card (a rule may count only those).
        die = on_card or next((d for d in game.dice if d.slot == slot and d.zone is Zone.CARD),
                              next((d for d in game.dice if d.slot == slot), None))
        if die is not None:
            delta = rules.purchase_delta(game, buyer, die, in_force)
    return max(card.cost + delta, 1, len(card.energy))
