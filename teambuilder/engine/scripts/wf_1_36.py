"""World's Finest, cards 1 to 36: the parts of their abilities the data cannot say.

Cards here: Batman's global (1-3) and Superman's global (22-24), "unless an opponent pays
life" (the offer itself is in ``wf_common``, shared with Catwoman, 44, in ``wf_37_48``);
Harvey Bullock (8, 9); End of Days (28).

Each script is named after its card (``1wf:2`` is card 1's second ability) and works
through the engine's own primitives (``effects``, ``rules``, ``windows``), so every rule a
data effect obeys still applies. Values kept between a question and its answer are
frozen dataclasses; between two abilities of one card, they live in ``game.script_state``
as numbers and tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Amount, Effect
from teambuilder.engine import effects, primitives, rules
from teambuilder.engine.actions import Action, Choose, ChooseTarget
from teambuilder.engine.dice import ENERGY
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.scripts.wf_common import LifeOffer, ko_unless_life, offer_life, paid_life
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone
from teambuilder.engine.turn import DRAW_COUNT

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class NumberKey(Frozen):
    """Harvey Bullock: where the number the player names is kept in ``script_state``."""

    key: str


@dataclass(frozen=True)
class EndOfDays(Frozen):
    """End of Days: the players still to choose, and the dice kept so far."""

    waiting: tuple[int, ...]
    keep: tuple[int, ...]


def _slot(ctx: Context) -> int:
    return -1 if ctx.slot is None else ctx.slot


# -- Batman's global (1-3): KO unless an opponent pays 2 life ------------------------------

@script("1wf:2")
@script("2wf:2")
@script("3wf:2")
def ko_unless_two_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """KO the target die unless an opponent pays 2 life (each instance asks again)."""
    return ko_unless_life(ctx, dice, 2)


# -- Superman's global (22-24): prevent 3 damage unless an opponent pays 1 life ------------

@script("22wf:2")
@script("23wf:2")
@script("24wf:2")
def prevent_three_unless_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Prevent 3 damage to the target die this turn unless an opponent pays 1 life."""
    if not dice:
        return False
    return offer_life(ctx, dice[0], 1, "3 damage being prevented to", _prevent_unless_life)


@continuation("wf:prevent_unless_life", LifeOffer)
def _prevent_unless_life(game: Game, player: int, action: Action, offer: LifeOffer) -> None:
    if paid_life(game, player, action, offer):
        return
    die = game.dice[offer.die]
    if die.zone is not Zone.FIELD:
        return
    ctx = Context(game, offer.controller, offer.slot)
    primitives.apply(ctx, Effect("prevent", amount=Amount(fixed=3)), [die], [])
    game.say(f"the next 3 damage to {game.die_name(die)} this turn will be prevented.", die.owner)


# -- Harvey Bullock (8, 9): name a number, then compare the first roll ---------------------

def _number_key(ctx: Context) -> str:
    return f"wf:number:{_slot(ctx)}"


@script("8wf")
@script("9wf")
def choose_number(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Before the Roll and Reroll Step: the controller names a number of energy."""
    game = ctx.game
    player = ctx.controller
    extra = rules.extra_draws(game, player) if game.has_rules else 0
    dice_to_roll = DRAW_COUNT + extra + len(game.zone(player, Zone.PREP))
    options = tuple(Choose(n) for n in range(2 * dice_to_roll + 1))
    ask(game, player, "Choose a number: the energy your first roll must total.", options,
        then=_number_chosen, data=NumberKey(_number_key(ctx)))
    return True


@continuation("wf:number", NumberKey)
def _number_chosen(game: Game, player: int, action: Action, data: NumberKey) -> None:
    assert isinstance(action, Choose)
    game.script_state[data.key] = (game.turn_number, action.index)
    game.say(f"chooses the number {action.index}.", player)


@script("8wf:2")
@script("9wf:2")
def rolled_the_number(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After the first roll: whether the energy rolled (counting each energy, a double as
    two) totals exactly the chosen number."""
    game = ctx.game
    chosen = game.script_state.get(_number_key(ctx))
    if not isinstance(chosen, tuple) or chosen[0] != game.turn_number:
        return False
    number = chosen[1]
    assert isinstance(number, int)
    faces = [d.spec.faces[d.face] for d in game.zone(ctx.controller, Zone.PREP)]
    total = sum(f.energy_amount for f in faces if f.kind == ENERGY)
    hit = total == number
    game.say(f"rolled {total} energy; the number was {number}: {'a match' if hit else 'no match'}.",
             ctx.controller)
    return hit


# -- End of Days (28): each player keeps one character die --------------------------------

@script("28wf")
def end_of_days(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    _keep_next(game, [game.active, game.inactive], [])
    return True


def _keep_next(game: Game, waiting: list[int], keep: list[int]) -> None:
    """Ask the next player with a choice which die they keep; then KO all the others."""
    while waiting:
        player = waiting.pop(0)
        mine = game.field_characters(player)
        if len(mine) > 1:
            ask(game, player, "End of Days: choose the one character die you keep.",
                tuple(ChooseTarget(d.id) for d in mine), then=_end_of_days,
                data=EndOfDays(tuple(waiting), tuple(keep)))
            return
        keep.extend(d.id for d in mine)
    for die in game.field_characters():
        if die.id not in keep:
            effects.ko(game, die)


@continuation("wf:end_of_days", EndOfDays)
def _end_of_days(game: Game, player: int, action: Action, data: EndOfDays) -> None:
    assert isinstance(action, ChooseTarget)
    game.say(f"keeps {game.die_name(game.dice[action.target])}.", player)
    _keep_next(game, list(data.waiting), [*data.keep, action.target])
