"""Marvel Dice Masters msw scripts, cards 1-76: what the ability language cannot say.

Cards here: Cosmic Cube (2), "you and your opponent exchange life totals". The language
changes a life total by an amount (gain, lose, pay), and an amount cannot be the difference
of two life totals; the exchange must also never pass through 0 life on the way (losing
first could end the game), so the player behind gains first and the player ahead then
loses the same amount.

Each script is named by its card code and uses the engine's own life changes
(``Game.gain_life``, ``Game.lose_life``), so whatever they obey still applies.
"""

from __future__ import annotations

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine.scripts import script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die


@script("2msw")
def exchange_life_totals(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The controller and the opponent exchange life totals: the player with less life
    gains the difference, then the other loses it (life lost, not damage). Equal totals:
    nothing changes, and the log says so."""
    game = ctx.game
    me, them = ctx.controller, 1 - ctx.controller
    mine, theirs = game.players[me].life, game.players[them].life
    if mine == theirs:
        game.say(f"life totals are both {mine}: exchanging them changes nothing.", me)
        return False
    behind, ahead = (me, them) if mine < theirs else (them, me)
    difference = abs(mine - theirs)
    game.say(f"exchanges life totals ({mine} and {theirs}).", me)
    game.gain_life(behind, difference)
    game.lose_life({ahead: difference})
    return True
