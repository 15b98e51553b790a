"""How the AIs answer a price (``DecisionKind.PAY``): "pay 2 life to stop this KO?", "you
may pay [1]: do you?", "which way do you pay?".

A price is weighed against what is at stake: the payer pays to stop an ``unless`` effect
when the effect would hurt them more than the price costs, and pays for a ``pay`` effect
when it helps them at least as much. Life is cheap while there is plenty of it and dear
near the end; a price that would leave the payer at 0 life is never paid. The way to pay
is the engine's first (least wasteful) one. The search agent tries both answers in its
rollouts (``candidates``).
"""

from __future__ import annotations

from teambuilder.catalogue.abilities import Effect, Price
from teambuilder.engine.actions import Action, Choose, Decision, Pass
from teambuilder.engine.events import ability_of
from teambuilder.engine.game import Game
from teambuilder.engine.triggers import priced_effect

ENERGY_WEIGHT = 1.5        # one energy unit, in the units of a die's value
LOW_LIFE = 5               # at or below this life, each life point counts triple
HARMS = {"ko": 1.0, "damage": 0.6, "spin_down": 0.4, "cant_block": 0.3, "cant_attack": 0.3, "out_of_play": 0.8,
         "capture": 0.8, "control": 1.0, "lose_life": 0.0}
DEFAULT_STAKE = 2.0        # an effect the weighing does not know


def answer(game: Game, decision: Decision) -> Action:
    """Pay (the first way) or not, by weighing the price against the effect."""
    ways = [o for o in decision.options if isinstance(o, Choose)]
    if not ways:
        return Pass()
    if not any(isinstance(o, Pass) for o in decision.options):
        return ways[0]        # paying is settled: only the way is asked
    effect = priced_effect(game)
    if effect is None:
        return ways[0]
    price = effect.unless or effect.pay
    assert price is not None
    cost = price_weight(game, decision.player, price)
    stake = stake_of(game, effect, decision.player)
    if effect.unless is not None:
        return ways[0] if stake > cost else Pass()
    return ways[0] if stake >= cost else Pass()


def affordable(game: Game, decision: Decision) -> bool:
    """A "you may" whose effects carry a ``pay`` price: not when paying it would take all
    the player's life (the "yes" is the decision to pay)."""
    resolution = game.resolving
    if resolution is None:
        return True
    ability = ability_of(game, resolution.trigger)
    life = game.players[decision.player].life
    return all(e.pay is None or e.pay.life < life for e in ability.effects)


def candidates(decision: Decision) -> list[Action]:
    """Both answers for the search agent: not paying, and paying the first way."""
    ways: list[Action] = [o for o in decision.options if isinstance(o, Choose)]
    declines: list[Action] = [o for o in decision.options if isinstance(o, Pass)]
    return declines + ways[:1]


def price_weight(game: Game, player: int, price: Price) -> float:
    life = game.players[player].life
    if price.life >= life:
        return float("inf")   # it would end the game
    weight = sum(3.0 if life - lost <= LOW_LIFE else 1.0 for lost in range(1, price.life + 1))
    return weight + (ENERGY_WEIGHT * price.energy.amount if price.energy is not None else 0.0)


def stake_of(game: Game, effect: Effect, payer: int) -> float:
    """What the effect is worth to (``pay``) or against (``unless``) the payer, in the units
    of a die's value (its A + D + half its cost) and of life."""
    resolution = game.resolving
    picks = resolution.targets[resolution.next_effect] if resolution is not None and \
        resolution.next_effect < len(resolution.targets) else []
    dice = [game.dice[i] for i in picks if i >= 0]
    if effect.op in ("damage", "lose_life") and not dice:
        return float(effect.amount.fixed) if effect.amount.is_fixed else DEFAULT_STAKE
    if not dice:
        return DEFAULT_STAKE
    value = 0.0
    for die in dice:
        attack, defense = game.stats(die)
        card = game.card_of(die)
        worth = attack + defense + (card.card.cost if card is not None else 0) * 0.5
        # "prevent damage to a die": stopping it matters to the die's enemies, about half its worth
        value += worth * HARMS.get(effect.op, 0.5)
    return value
