"""Dark Phoenix Saga scripts, cards 77-152: what the ability language cannot say.

Cards here: Bishop: Time Traveller (99), "a character die you buy paying only with energy
from Bishop dice goes to your Prep Area". The language reads no payments: what a cost was
paid with belongs to the purchase, which a "whenever you buy" ability only hears about. The
script answers the one question the data cannot ask (was the last purchase paid only with
this card's dice?); the data does the rest (``if_done`` moves the bought die).

(Cable: High Stakes, 102, and Iceman: Mr Ice Guy, 114, had a script here for "double the
printed A"; the language's ``do: double_printed`` says it now.)
"""

from __future__ import annotations

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine.payment_rules import Payment
from teambuilder.engine.scripts import script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die

# -- 99 Bishop: Time Traveller ------------------------------------------------------------------

@script("99dps")
def paid_only_with_this_card(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Whether the purchase that triggered this ability was paid only with energy from dice
    of this card (no virtual energy, no other die), for an ``if_done`` effect after it."""
    game = ctx.game
    payment = game.last_payment
    if ctx.slot is None or not isinstance(payment, Payment) or not payment.spends or payment.virtual:
        return False
    only = all(game.dice[s.die_id].slot == ctx.slot for s in payment.spends)
    if not only:
        game.say(f"the purchase was not paid only with {game.slots[ctx.slot].card.card.name} dice.", ctx.controller)
    return only

