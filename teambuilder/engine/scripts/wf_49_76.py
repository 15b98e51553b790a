"""World's Finest scripts, cards 49-76: what the ability language cannot say.

Cards here: Scarecrow (64). Cards 77-96 are in ``wf_77_96``, the helpers both use in
``wf_common``.

Each script is named by its card code (``53wf``; ``53wf:2`` for a card's second one) and
uses the engine's own primitives (``effects``, ``keywords``, ``moves.field_die``), so every
rule a data effect obeys still applies. Choices made part-way use ``ask`` and a
continuation; what a card must remember between steps is kept as numbers in
``Game.script_state`` or as rules in ``Game.turn_rules``.
"""

from __future__ import annotations

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import primitives
from teambuilder.engine.scripts import script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Mark, Zone

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
