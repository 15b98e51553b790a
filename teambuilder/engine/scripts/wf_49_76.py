"""World's Finest scripts, cards 49-76: what the ability language cannot say.

Cards here: Krypto (53); Scarecrow (64); Superwoman (68); The Joker (69); The Penguin (70);
Alfred Pennyworth (75). Cards 77-96 are in
``wf_77_96``, the helpers both use in ``wf_common``.

Each script is named by its card code (``53wf``; ``53wf:2`` for a card's second one) and
uses the engine's own primitives (``effects``, ``keywords``, ``moves.field_die``), so every
rule a data effect obeys still applies. Choices made part-way use ``ask`` and a
continuation; what a card must remember between steps is kept as numbers in
``Game.script_state`` or as rules in ``Game.turn_rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import primitives
from teambuilder.engine.scripts import script
from teambuilder.engine.scripts.wf_common import (
    damage,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Mark, Zone

if TYPE_CHECKING:
    pass






# -- 64 Scarecrow: Arkham Antagonist ------------------------------------------------------

@script("64wf")
def scarecrow(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The die just taken under control must attack this turn. It comes back to its owner's
    field at the level it had when taken even if it attacked unblocked (which sends a die
    out of play): it waits out of play as set-aside dice do, returning at end of turn."""
    game = ctx.game
    taken = [d for d in ctx.targets if d.zone is Zone.FIELD and d.owner == ctx.controller]
    for die in taken:
        die.flags.add(Mark.SET_ASIDE)
        game.bookkeeping.set_aside.append((die.id, die.spec.faces[die.face].level, game.turn_number))
    return primitives.apply(ctx, Effect("must_attack"), taken, [])




# -- 70 The Penguin: Oswald Cobblepot -----------------------------------------------------

@script("70wf")
def penguin(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The player who fielded the non-Villain die takes 1 damage from The Penguin."""
    die = ctx.event_die
    if die is None or die.owner is None:
        return False
    return damage(ctx, 1, [], [die.owner])


