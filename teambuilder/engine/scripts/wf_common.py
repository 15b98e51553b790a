"""Helpers the World's Finest scripts share (``wf_37_48`` ... ``wf_121_143``): damage and
stat changes through the primitives, "pay this or not" questions, buying a die outside the
purchase action, using another card's action effect, counting bolts spent.
"""


from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from teambuilder.catalogue.abilities import Amount, Cost, Effect
from teambuilder.engine import borrowing, moves, primitives, rules
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.energy import Payment, payment_options
from teambuilder.engine.scripts import Continuation, Frame, Frozen, ask
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

D = TypeVar("D", bound=Frozen)
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


def card_character_dice(ctx: Context) -> list[Die]:
    """Every die of the ability's own card in the field showing a character face, in die
    order ("General Zod gets ...": each of its dice, not only the one the trigger names)."""
    return [d for d in ctx.game.dice if d.slot is not None and d.slot == ctx.slot
            and d.zone is Zone.FIELD and ctx.game.is_character(d)]


def said_yes(action: Action) -> bool:
    """The answer to a ``(Choose(1), Pass())`` question was yes."""
    return isinstance(action, Choose) and action.index == 1


def yes_no(game: Game, player: int, prompt: str, then: Continuation[D], data: D) -> None:
    ask(game, player, prompt, (Choose(1), Pass()), then, data)


def ask_target(ctx: Context, prompt: str, then: Continuation[Frame]) -> bool:
    """Ask the controller for 1 target character die; False when there is none."""
    candidates = [d for d in ctx.game.field_characters() if rules.can_target(ctx.game, d, ctx.controller, "ability")]
    if not candidates:
        ctx.game.say("there is no character die to target.", ctx.controller)
        return False
    ask(ctx.game, ctx.controller, prompt, tuple(ChooseTarget(d.id) for d in candidates), then, Frame.of(ctx))
    return True


def payments(game: Game, player: int, cost: Cost) -> list[Payment]:
    return payment_options(game.energy_sources(player), game.players[player].virtual, cost, PAY_OPTIONS)


def purchase(game: Game, player: int, slot: int, into: Zone | None = None) -> bool:
    """Buy a die of ``slot`` outside the usual purchase action (energy or life already paid):
    it goes to the used pile (or ``into``), counts as a purchase and triggers "purchased"."""
    die = next((d for d in game.dice if d.slot == slot and d.zone is Zone.CARD), None)
    if die is None:
        game.say(f"has no {game.slots[slot].card.card.full_name} die left to purchase.", player)
        return False
    if game.has_rules and rules.forbidden(game, "cant_purchase", player, die):
        game.say(f"may not purchase {game.slots[slot].card.card.full_name} now.", player)
        return False
    if into is None:
        first = game.has_rules and game.this_turn.purchases.get(player, 0) == 0 and any(
            r.controller == player for r in rules.in_force(game, "first_purchase_to_prep"))
        into = Zone.PREP if first else Zone.USED
    where = "prep area" if into is Zone.PREP else "used pile"
    name = game.slots[slot].card.card.full_name
    moves.buy(game, player, die, into, f"purchases {name}; the die goes to the {where}.")
    return True


def use_effect(game: Game, player: int, slot: int, bursts: int, source: int | None) -> bool:
    """Use the effect of an action card as though its die were rolled showing ``bursts``
    (the ability language's ``use_effect`` does the same: ``borrowing.use_card_effect``)."""
    return borrowing.use_card_effect(game, player, slot, bursts, source)


def bolts_spent(game: Game, player: int) -> int:
    """[bolt] units in the last purchase's payment (a wild unit can stand for a bolt; while
    Superwoman's global lets ``player`` convert energy to [bolt], every unit can)."""
    payment = game.last_payment
    if not isinstance(payment, Payment):
        return 0
    if any(r.controller == player and "bolt" in r.effect.types for r in rules.in_force(game, "energy_as")):
        return payment.total
    return sum(s.symbols.count("bolt") + s.symbols.count("wild") for s in payment.spends)
