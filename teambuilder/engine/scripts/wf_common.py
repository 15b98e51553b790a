"""Helpers the World's Finest scripts for cards 97-143 share (``wf_c``, ``wf_d``): damage
and stat changes through the primitives, "pay this or not" questions, using another
card's action effect, counting bolts spent.
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from teambuilder.catalogue.abilities import Amount, Cost, Effect
from teambuilder.engine import primitives, rules, triggers, windows
from teambuilder.engine.actions import Action, Choose, Pass
from teambuilder.engine.energy import Payment, payment_options
from teambuilder.engine.scripts import ask, frame
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

FOREVER = 10 ** 9            # a turn number no game reaches
PAY_OPTIONS = 3              # payment choices offered for a script's cost

def damage(ctx: Context, amount: int, dice: list[Die] | None = None, players: list[int] | None = None) -> bool:
    """Queue ``amount`` damage from the ability's source, as a data ``damage`` effect would."""
    return primitives.apply(ctx, Effect("damage", amount=Amount(fixed=amount)), dice or [], players or [])


def modify(ctx: Context, dice: list[Die], attack: int, defense: int) -> bool:
    return primitives.apply(ctx, Effect("modify", attack=attack, defense=defense), dice, [])


def turn_rule(ctx: Context, effect: Effect) -> None:
    """A rule for the rest of this turn, held by the card (``this`` in its filters means
    every die of the card, as for a static rule)."""
    ctx.game.turn_rules.append(rules.ActiveRule(ctx.controller, ctx.slot, effect))


def card_dice_in_field(ctx: Context) -> list[Die]:
    """Every character die of the ability's own card in the field ("Dick Grayson gets...")."""
    return [d for d in ctx.game.field_characters() if d.slot is not None and d.slot == ctx.slot]


def yes_no(game: Game, player: int, prompt: str, then: str, data: dict[str, Any]) -> None:
    ask(game, player, prompt, (Choose(1), Pass()), then, data)


def payments(game: Game, player: int, cost: Cost) -> list[Payment]:
    return payment_options(game.energy_sources(player), game.players[player].virtual, cost, PAY_OPTIONS)


def ask_payment(ctx: Context, cost: Cost, prompt: str, then: str, **extra: Any) -> bool:
    """Offer to pay ``cost`` (pass declines); the continuation gets the option index."""
    options = payments(ctx.game, ctx.controller, cost)
    if not options:
        ctx.game.say(f"cannot pay {cost.notation()}.", ctx.controller)
        return False
    ask(ctx.game, ctx.controller, f"{prompt} (pay {cost.notation()}, or pass)",
        (Pass(),) + tuple(Choose(i) for i in range(len(options))), then,
        frame(ctx, cost=[cost.amount, list(cost.types)], **extra))
    return True


def paid(game: Game, player: int, action: Action, data: dict[str, Any]) -> bool:
    """Pay the cost a ``ask_payment`` offered, with the chosen option; False if declined."""
    if not isinstance(action, Choose):
        game.say("declines to pay.", player)
        return False
    amount, types = data["cost"]
    cost = Cost(int(amount), tuple(types))
    spent = windows.pay(game, player, payments(game, player, cost)[action.index], cost)
    game.say(f"pays {spent}.", player)
    return True


def use_effect(game: Game, player: int, slot: int, bursts: int, source: int | None) -> bool:
    """Use the effect of an action card as though its die were rolled showing ``bursts``
    (no die is used: nothing watching for action dice triggers)."""
    wanted = {"action"} | ({"burst"} if bursts == 1 else {"double_burst"} if bursts == 2 else set())
    found = False
    for index, ability in enumerate(game.slots[slot].card.abilities):
        if ability.trigger in wanted:
            found = True
            triggers.queue_now(game, triggers.PendingTrigger(player, slot, index, source, bursts=bursts,
                                                             kind="action"))
    if not found:
        game.say(f"{game.slots[slot].card.card.full_name} has no executable effect in this engine yet.", player)
    return found


def bolts_spent(game: Game, player: int) -> int:
    """[bolt] units in the last purchase's payment (a wild unit can stand for a bolt; while
    Superwoman's global lets ``player`` convert energy to [bolt], every unit can)."""
    payment = game.last_payment
    if not isinstance(payment, Payment):
        return 0
    if any(r.controller == player and "bolt" in r.effect.types for r in rules.in_force(game, "energy_as")):
        return payment.total
    return sum(s.symbols.count("bolt") + s.symbols.count("wild") for s in payment.spends)
