"""Paying to have opposing effects that target a die ignored (``rule: ignore_opposing_effects``).

Big Barda: Absolutely Bulletproof (61skc): "while active, when an opposing effect targets
her, you may pay [fist]; if you do, ignore every opposing effect targeting her until end of
turn". Once a resolving ability has chosen its targets and before its effects happen
(``triggers`` asks here, after any change of target), each target die of the ability's
controller's opponent that such a rule holds for is offered to its owner, once per ability:
pay the rule's ``pay`` price (``DecisionKind.PAY``: a way to pay, or pass) and, for the rest
of the turn, the effects of that player's opponent ignore the die: ``targets.still_there``
drops it from their targets, so the effect that targeted it, this one included, does not
reach it (an effect left with no target does not happen). Once paid, later targeting that
turn is ignored without asking. The die must be in the Field Zone when targeted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Price
from teambuilder.engine import costs, rules
from teambuilder.engine.actions import Action, Choose, Decision, DecisionKind, Pass
from teambuilder.engine.events import ability_of
from teambuilder.engine.resolution import Resolution
from teambuilder.engine.state import Die, Zone
from teambuilder.engine.targets import IGNORED, effects_of, ignored

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

RULE = "ignore_opposing_effects"


def _price(game: Game, die: Die) -> Price | None:
    """The price of the first rule that lets the die's owner ignore opposing effects on it."""
    for rule in rules.in_force(game, "ignore_opposing_effects"):
        if rule.controller == die.owner and rules.applies(game, rule, die):
            return rule.effect.pay or Price()
    return None


def offer(game: Game, resolution: Resolution) -> bool:
    """Ask the owner of the next target die that may be shielded (True: asked)."""
    if RULE not in game.tables.rule_index:
        return False
    user = resolution.trigger.controller
    chosen = effects_of(ability_of(game, resolution.trigger), resolution)
    for effect, picks in zip(chosen, resolution.targets):  # noqa: B905 (lengths agree)
        for die_id in picks:
            if die_id < 0 or effect.to.chosen or die_id in resolution.ignore_asked:
                continue
            die = game.dice[die_id]
            if die.owner is None or die.owner == user or die.zone is not Zone.FIELD or ignored(game, die, user):
                continue
            resolution.ignore_asked += (die_id,)
            price = _price(game, die)
            ways = [] if price is None else costs.ways(game, die.owner, price)
            if price is None or not ways:
                continue
            resolution.ignore_die = die_id
            options: tuple[Action, ...] = (Pass(),) + tuple(Choose(i) for i in range(len(ways)))
            game.decision = Decision(die.owner, DecisionKind.PAY, f"{resolution.trigger.label(game)} targets "
                                     f"{game.die_name(die)}: pay {price.notation()} to ignore opposing effects "
                                     "targeting it this turn (the least wasteful way first)?", options=options)
            return True
    return False


def paying(game: Game) -> bool:
    """Whether the pending PAY question is this module's."""
    return game.resolving is not None and game.resolving.ignore_die is not None


def answer(game: Game, action: Action) -> None:
    """The owner paid (a way) or passed; the ability then goes on (``triggers`` continues it)."""
    resolution = game.resolving
    assert resolution is not None and resolution.ignore_die is not None
    die = game.dice[resolution.ignore_die]
    resolution.ignore_die = None
    owner = die.owner if die.owner is not None else 0
    if isinstance(action, Pass):
        game.say(f"does not pay to have opposing effects ignore {game.die_name(die)}.", owner)
        return
    assert isinstance(action, Choose)
    price = _price(game, die) or Price()
    paid = costs.pay_price(game, owner, price, costs.ways(game, owner, price)[action.index])
    game.this_turn.once_fired.add((1 - owner, die.id, IGNORED))
    game.say(f"pays {paid}: opposing effects targeting {game.die_name(die)} are ignored this turn.", owner)
