"""Scripts for the WWE Dice Masters Superstar cards 1-24: what their abilities need beyond
the data language. Superstars 25-48 are in ``wwe_25_48``, the basic actions (49-58) in
``wwe_49_54`` and ``wwe_55_58``, shared helpers and the techniques they use in
``wwe_common``. In WWE "Superstar" means character.

Cards here: Bobby Heenan (11): his "until end of turn" tax multiplies the fieldings of
this card by the Bobby Heenan dice fielded and the blockers declared, a product the
language's amounts (one count, times a number) cannot form. Asuka (5) and Becky Lynch:
The Man! (9) are data.

The script is named after its card (``11wwe``) and works through the engine's own
primitives, so every rule still applies.
"""

from __future__ import annotations

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine.die_facts import card_name
from teambuilder.engine.scripts import script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die

# -- 11wwe Bobby Heenan: The Weasel ------------------------------------------------------

@script("11wwe")
def bobby_block_tax(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After blockers are declared in a turn when this card's dice were fielded: for each
    such fielding (each is its own "until end of turn" effect), the opponent loses 1 life
    per blocker per Bobby Heenan die the controller fielded this turn."""
    game = ctx.game
    if game.active != ctx.controller:
        return False
    fielded = [game.dice[i] for i in sorted(game.this_turn.fielded)]
    weasels = sum(1 for d in fielded if d.slot == ctx.slot)
    bobbies = sum(1 for d in fielded if d.slot is not None and card_name(game, d) == "Bobby Heenan"
                  and (d.owner == ctx.controller or d.home == ctx.controller))
    blockers = [d for d in game.field_characters(1 - ctx.controller) if d.blocking is not None or d.also_blocking]
    loss = weasels * bobbies * len(blockers)
    if not loss:
        return False
    game.say(f"Bobby Heenan: {len(blockers)} blocker(s), {bobbies} Bobby Heenan dice fielded this turn.",
             ctx.controller)
    game.lose_life({1 - ctx.controller: loss})
    return True
