"""Scripts for the WWE Dice Masters basic action cards 49-54: what their abilities need
beyond the data language. Basic actions 55-58 are in ``wwe_55_58``; helpers shared with
the Superstars are in ``wwe_common``, with the techniques they use.

Cards here: Chair Smash (52): moving its own die as the price of a global, then a burst
that asks whether that target survived the damage, which the language cannot follow.
A Moment of Bliss (49, ``leave_combat``) and Booker T (51, an effect's own ``optional``)
are data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects
from teambuilder.engine.scripts import script
from teambuilder.engine.scripts.wwe_common import (
    burst,
    follow_up,
    queue_damage,
    will_be_kod,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


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
