"""What the AIs answer when an ability offers to buy a die (``do: buy``): the most
valuable card they can pay for, paid the least wasteful way; never "no" while a die can
be bought (a die bought outside the Main Step is a free extra purchase).

Which die to field, move or roll from a zone is a ``target`` decision the greedy agent
already answers (its own most valuable die); this module covers the purchase offer,
which comes as a ``script`` decision of ``Purchase`` options (and ``Pass`` when the
ability says "you may").
"""

from __future__ import annotations

from teambuilder.engine.actions import Action, Decision, Purchase
from teambuilder.engine.game import Game


def purchase_value(game: Game, option: Purchase) -> float:
    """A card's worth (its cost, a character's best stats) less a little for each energy
    unit the payment spends beyond the price (wild or double faces)."""
    card = game.slots[option.slot].card.card
    best = max((level.attack + level.defense for level in card.levels), default=0)
    spent = sum(len(spend.symbols) + spend.generic for spend in option.payment.spends)
    return card.cost * 2.0 + best * 0.5 - spent * 0.05


def choose_purchase(game: Game, decision: Decision) -> Action | None:
    """The purchase to make when ``decision`` offers some, else None."""
    buys = [o for o in decision.options if isinstance(o, Purchase)]
    return max(buys, key=lambda o: purchase_value(game, o)) if buys else None
