"""The question a price asks its payer (``DecisionKind.PAY``): "pay [1] to stop it?", "which
way do you pay?", or, for an effect's own ``optional: true`` (a price of nothing), "do
this part of it?". ``triggers`` settles the answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Price
from teambuilder.engine.actions import Action, Choose, Decision, DecisionKind, Pass
from teambuilder.engine.resolution import PriceQuestion

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def ask_price(game: Game, label: str, payer: int, price: Price, question: PriceQuestion, count: int,
              unless: bool) -> None:
    """Ask ``payer`` about ``price`` for the ability ``label`` (``count``: the ways to pay)."""
    what = f"to stop {label}" if unless else f"for {label}"
    if price.free:      # an effect's own "you may"
        options: tuple[Action, ...] = (Pass(), Choose(1))
        prompt = f"{label}: do this part of it?"
    elif question is PriceQuestion.YES_NO:
        options = (Pass(), Choose(1))
        prompt = f"Pay {price.notation()} {what}?"
    else:
        options = ((Pass(),) if question is PriceQuestion.WAYS_OR_PASS else ()) + tuple(
            Choose(i) for i in range(count))
        prompt = f"Choose how to pay {price.notation()} {what} (the least wasteful way first)."
    game.decision = Decision(payer, DecisionKind.PAY, prompt, options=options)
