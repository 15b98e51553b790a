"""Scripts for X-Men Dark Phoenix Saga (dps) cards 1-76: what their abilities need beyond
the data language.

Cards here: Archnemesis (1dps), a basic action whose two target dice deal each other
damage equal to their own A at the same time (the language deals one effect's damage
before the next effect is reached, and an amount is read from one die only), and whose
global sets a die's D to its A (``set_stats`` takes fixed numbers, not a die's stat);
Rogue: Mrs. X (49dps), whose A and a target opposing die's A trade places (``swap_stats``
exchanges one die's own A and D; nothing in the language sets a stat from another die's).
"""

from __future__ import annotations

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects
from teambuilder.engine.scripts import script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import DamageEvent, Die, StatModifier, Zone


@script("1dps")
def chosen_fighter(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Archnemesis, first target: the character die of yours that will trade blows. It only
    becomes "it" for the second script (``1dps:2``), which deals the damage both ways."""
    return bool(dice)


@script("1dps:2", harms=True)
def trade_blows(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Archnemesis: your target die ("it", from ``1dps``) and the opposing target die
    (``dice``) deal each other damage equal to their own A, at the same time (one damage
    event each, dealt together, so a die KO'd by the exchange still hits back)."""
    game = ctx.game
    mine = [d for d in ctx.it if d.zone is Zone.FIELD]
    theirs = [d for d in dice if d.zone is Zone.FIELD]
    if not mine or not theirs:
        game.say("Archnemesis needs a die on each side: no damage is dealt.", ctx.controller)
        return False
    first, second = mine[0], theirs[0]
    first_attack, second_attack = effects.stats(game, first)[0], effects.stats(game, second)[0]
    kind = ctx.kind
    for amount, source, target in ((first_attack, first, second), (second_attack, second, first)):
        if amount > 0:
            game.damage_queue.append(DamageEvent(amount, source.id, die=target.id, kind=kind, by=ctx.controller))
    game.say(f"{game.die_name(first)} ({first_attack}A) and {game.die_name(second)} ({second_attack}A) "
             "deal damage to each other.", ctx.controller)
    return first_attack > 0 or second_attack > 0


@script("1dps:3")
def defense_becomes_attack(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Archnemesis global: until end of turn the target die's D is its A (its A as the
    global resolves: its D changes by the difference, and later changes still add to it)."""
    game = ctx.game
    for die in dice:
        attack, defense = effects.stats(game, die)
        die.modifiers.append(StatModifier(0, attack - defense, "effect"))
        game.say(f"{game.die_name(die)} has D equal to its A ({attack}A {attack}D) this turn.", die.owner)
    return bool(dice)


@script("49dps", harms=True)
def trade_attack(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Rogue: Mrs. X: this die and the target opposing die trade A values until end of turn
    (each gets the other's A as the ability resolves; their D stay; later changes still add)."""
    game = ctx.game
    rogue = ctx.source
    theirs = [d for d in dice if d.zone is Zone.FIELD]
    if rogue is None or rogue.zone is not Zone.FIELD or not theirs:
        game.say("Rogue has no die to trade A with: nothing changes.", ctx.controller)
        return False
    other = theirs[0]
    mine, their = effects.stats(game, rogue)[0], effects.stats(game, other)[0]
    rogue.modifiers.append(StatModifier(their - mine, 0, "effect"))
    other.modifiers.append(StatModifier(mine - their, 0, "effect"))
    game.say(f"{game.die_name(rogue)} and {game.die_name(other)} trade A values ({their}A and {mine}A) "
             "this turn.", ctx.controller)
    return True
