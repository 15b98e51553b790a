"""The keywords that keep a die in the field when it would be KO'd: Iron Will (not KO'd by
the first damage of a turn) and Regenerate (roll it: a character face stays), and the
life some cards make a die's owner pay to use such a keyword (``keyword_life_cost``).
``effects.replace_ko`` asks them before a KO happens; Enlistment and the WWE scripts ask
Iron Will too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import rules
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.rolling import roll
from teambuilder.engine.state import Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def keyword_paid(game: Game, die: Die, keyword: str) -> bool:
    """A keyword with a price in life (``rule: keyword_life_cost``: Sebastian Shaw pays 1
    life to Regenerate): paid whenever paying does not lose the game, else not used."""
    price = sum(rules.amount(game, r) for r in rules.in_force(game, "keyword_life_cost")
                if r.effect.keyword == keyword and rules.applies(game, r, die))
    if not price:
        return True
    if die.owner is None or game.players[die.owner].life <= price:
        game.say(f"{game.die_name(die)} cannot pay {price} life to {keyword.replace('_', ' ').title()}.", die.owner)
        return False
    game.say(f"pays {price} life so {game.die_name(die)} can {keyword.replace('_', ' ').title()}.", die.owner)
    game.lose_life({die.owner: price})
    return True


def regenerate(game: Game, die: Die) -> bool:
    """Regenerate: roll the die. A character face keeps it in the field (not the Attack Zone) with its damage
    cleared and its effects kept, and it is not KO'd, so no "when KO'd" fires. Any other face fails: the die is
    KO'd after all (its KO triggers fire) and goes to the prep area (glossary "Regenerate", DDDM1)."""
    roll(game, die)
    face = die.spec.faces[die.face]
    if face.kind == CHARACTER:
        die.damage = 0
        die.leave_combat()
        game.say(f"{die.spec.name} regenerates: it stays in the field at level {face.level}.", die.owner)
        return True
    game.say(f"{die.spec.name} fails to regenerate ({face.describe()}).", die.owner)
    return False


def iron_will_holds(game: Game, die: Die) -> bool:
    """Iron Will: not KO'd unless it was damaged earlier this turn. The first damage that would KO it is shrugged
    off (remembered with the defense it had); a later damage, a lower defense, or a KO effect after it then KOs it."""
    defense = game.stats(die)[1]
    if die.damage < defense:                    # a KO effect, not lethal damage
        if die.hurt_events == 0:
            game.say(f"{game.die_name(die)} has Iron Will and was not damaged this turn: not KO'd.", die.owner)
            return True
        return False
    shrugged = game.this_turn.iron_will.get(die.id)
    if shrugged is None:
        if die.hurt_events >= 2:
            return False
        game.this_turn.iron_will[die.id] = (die.damage, defense)
        game.say(f"{game.die_name(die)} has Iron Will: first damage this turn, it is not KO'd.", die.owner)
        return True
    return not (die.damage > shrugged[0] or defense < shrugged[1])
