"""Borrowing another card's abilities: using the effect of an action card without a die of
it (``do: use_effect``) and taking another card's text for the turn (``do: borrow_text``).

Blanking a card's text is the rule ``no_text`` (``text_loss.card_text_blank``); a card that
borrows text keeps it in ``game.bookkeeping.borrowed`` (``Game.abilities_of`` reads it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine.events import PendingTrigger, queue_now
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def use_card_effect(game: Game, player: int, slot: int, bursts: int, source: int | None) -> bool:
    """Use the effect of an action card as though its die were rolled showing ``bursts``
    (no die is used, so nothing watching for action dice triggers)."""
    wanted = {"action"} | ({"burst"} if bursts == 1 else {"double_burst"} if bursts == 2 else set())
    found = False
    for index, ability in enumerate(game.slots[slot].card.abilities):
        if ability.trigger in wanted:
            found = True
            queue_now(game, PendingTrigger(player, slot, index, source, bursts=bursts, kind="action"))
    if not found:
        game.say(f"{game.slots[slot].card.card.full_name} has no executable effect in this engine yet.", player)
    return found


def use_effect(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: use_effect`` (see ``use_effects``)."""
    return use_effects(ctx, effect.cards, effect.bursts, dice)


def use_effects(ctx: Context, cards: str, bursts: bool, dice: list[Die] | None = None) -> bool:
    """``cards: event``: a copy of the action die the event is about (with its bursts when
    ``bursts``); ``cards: basic_actions``: the effect of each Basic Action Card in play;
    ``cards: attacks``: a copy of the "when attacks" abilities of the dice reached, used as
    this die's (Mister Mind: Library of Eternity, 120skc); ``cards: fielded``: the same with
    their "when fielded" abilities (Supergiant: Mind Control, 128ig); ``cards: energized``:
    with their Energize abilities (Gamora: Requiem, 142ig)."""
    game = ctx.game
    if cards in ("attacks", "fielded", "energized"):
        return any([_copy_self_trigger(ctx, die, cards) for die in dice or ()])
    if cards in ("event", "it"):
        die = ctx.event_die if cards == "event" else next(iter(ctx.it), None)   # "it": a die an earlier effect rolled
        if die is None or die.slot is None:
            return False
        game.say(f"uses a copy of {die.spec.name}.", ctx.controller)
        return use_card_effect(game, ctx.controller, die.slot, die.spec.faces[die.face].burst if bursts else 0, None)
    used = False
    for slot in game.slots:
        if slot.card.card.kind == "basic_action":
            game.say(f"uses the effect of {slot.card.card.full_name}.", ctx.controller)
            used = use_card_effect(game, ctx.controller, slot.index, 0, None) or used
    return used


def _copy_self_trigger(ctx: Context, die: Die, trigger: str) -> bool:
    """Queue a copy of each "when this die attacks" (``trigger`` ``attacks``), "when
    fielded" (``fielded``) or Energize (``energized``) ability of ``die``'s card, controlled
    by the ability's controller, with the ability's own die as "this die"."""
    game = ctx.game
    slot = die.copy_of if die.copy_of is not None else die.slot
    # An ability that itself copies such abilities is not copied: two Supergiants would
    # copy each other for ever (found by the Modern Era random games: a hang).
    found = [] if slot is None else [i for i, a in enumerate(game.abilities_of(slot)) if a.trigger == trigger
                                     and not any(e.op == "use_effect" and e.cards == trigger for e in a.effects)]
    words = {"attacks": "“when attacks”", "fielded": "“when fielded”"}.get(trigger, "Energize")
    if slot is None or not found:
        game.say(f"{game.die_name(die)} has no {words} ability to copy.", ctx.controller)
        return False
    game.say(f"uses a copy of the {words} ability of {game.slots[slot].card.card.full_name}.", ctx.controller)
    for index in found:
        queue_now(game, PendingTrigger(ctx.controller, slot, index, None if ctx.source is None else ctx.source.id))
    return True


# ``Bookkeeping.borrowed``'s last turn for text borrowed for the whole game, the borrower's
# name standing for the lender's in it (Moon Knight: One-Man Avenger, 118ig).
WHOLE_GAME = -2


def borrow_text(ctx: Context, dice: list[Die], duration: str = "turn") -> bool:
    """Until end of turn (``duration`` ``static``: for the rest of the game, the lender's name
    in its text meaning this card) the ability's card has the text of the first chosen die's
    card instead of its own (its name, affiliations and stats stay its own)."""
    game = ctx.game
    target = next((d for d in dice if d.slot is not None), None)
    name = game.slots[ctx.slot].card.card.name if ctx.slot is not None else "It"
    if target is None or ctx.slot is None:
        game.say(f"{name} finds no card text to take (a Sidekick has none).", ctx.controller)
        return False
    lender = target.copy_of if target.copy_of is not None else target.slot
    assert lender is not None
    whole_game = duration == "static"       # for the rest of the game, its name for the lender's (Moon Knight)
    game.bookkeeping.borrowed[ctx.slot] = [(lender, True, WHOLE_GAME if whole_game else 0, None)]
    game.say(f"{name}'s text becomes that of {game.slots[lender].card.card.full_name} "
             + ("for the rest of the game." if whole_game else "until end of turn."), ctx.controller)
    return True
