"""Scripts for the WWE Dice Masters basic action cards 49-54: what their abilities need
beyond the data language. Basic actions 55-58 are in ``wwe_55_58``; helpers shared with
the Superstars are in ``wwe_common``, with the techniques they use.

Cards here: A Moment of Bliss (49); Chair Smash (52). Booker T (51) is data: an effect's
own ``optional: true``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects
from teambuilder.engine.actions import Action, ChooseTarget
from teambuilder.engine.scripts import NOTHING, Nothing, continuation, script
from teambuilder.engine.scripts.wwe_common import (
    ask_die,
    burst,
    follow_up,
    queue_damage,
    will_be_kod,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


# -- 49wwe A Moment of Bliss -------------------------------------------------------------

@script("49wwe")
def bliss_leave_combat(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The global the action switched on: one of the controller's blocked attackers
    (chosen, not targeted) leaves combat before damage."""
    game = ctx.game
    blocked = [d for d in game.field_characters(ctx.controller) if d.attacking and d.blocked]
    if not blocked:
        return False
    if len(blocked) == 1:
        _bliss_take_out(game, blocked[0])
        return True
    ask_die(game, ctx.controller, "A Moment of Bliss: choose a blocked attacker to take out of combat", blocked,
            _bliss_chosen, NOTHING)
    return True


@continuation("49wwe", Nothing)
def _bliss_chosen(game: Game, player: int, action: Action, data: Nothing) -> None:
    assert isinstance(action, ChooseTarget)
    _bliss_take_out(game, game.dice[action.target])


def _bliss_take_out(game: Game, attacker: Die) -> None:
    """The attacker stays in the field; its blockers no longer block it, so no combat
    damage passes between them."""
    for blocker in game.field_characters():
        if blocker.blocking == attacker.id:
            blocker.blocking = blocker.also_blocking.pop(0) if blocker.also_blocking else None
        elif attacker.id in blocker.also_blocking:
            blocker.also_blocking.remove(attacker.id)
    attacker.leave_combat()
    game.say(f"{game.die_name(attacker)} is taken out of combat.", attacker.owner)


# -- 52wwe Chair Smash -------------------------------------------------------------------

def _chairs(game: Game, slot: int | None, owner: int | None = None) -> list[Die]:
    return [d for d in game.dice if d.slot == slot and d.zone is Zone.FIELD
            and (owner is None or d.owner == owner)]


def _smashed_key(chair: Die) -> str:
    """script_state key: the die this Chair Smash die, a burst, just smashed."""
    return f"52wwe:{chair.id}"


@script("52wwe:2")
def chair_smash(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Move the controller's Chair Smash die from the field to the used pile: it deals 3
    damage to the target. A burst die then checks whether the target survived."""
    game = ctx.game
    chairs = _chairs(game, ctx.slot, ctx.controller)
    if not chairs or ctx.slot is None:
        return False
    chair = chairs[0]
    bursts = burst(chair)
    effects.move(game, chair, Zone.USED)
    for target in dice:
        queue_damage(ctx, 3, chair, die=target)
    if bursts and dice:
        game.script_state[_smashed_key(chair)] = dice[0].id
        follow_up(game, ctx.controller, ctx.slot, "burst" if bursts == 1 else "double_burst", chair, "action")
    return True


@script("52wwe:3")
def chair_survivor(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Burst: the target survived the smash: Prep the Chair Smash die."""
    game = ctx.game
    chair = ctx.source
    smashed = None if chair is None else game.script_state.pop(_smashed_key(chair), None)
    if chair is None or not isinstance(smashed, int):
        return False   # the die was just used: the burst only matters after a smash
    target = game.dice[smashed]
    if target.zone is not Zone.FIELD or will_be_kod(game, target) or chair.zone is not Zone.USED:
        return False
    effects.move(game, chair, Zone.PREP)
    return True
