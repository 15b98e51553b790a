"""How the AIs answer Enlistment: KO one of your own character dice to stop an opposing
effect, or let it happen.

The effect is weighed by what it would do as it stands (its targets are chosen already):
dice of yours it would KO, remove or weaken count what they are worth, damage to you or
your dice counts per point (a die it would KO counts whole), and what it gives its
controller (life, dice, energy, stats) counts per point. The cheapest die offered is KO'd
only when it is worth less than that.
"""

from __future__ import annotations

from collections.abc import Callable

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import primitives, selectors
from teambuilder.engine.actions import Action, ChooseTarget, Decision, Pass
from teambuilder.engine.events import ability_of, context_of
from teambuilder.engine.game import Game
from teambuilder.engine.state import Die
from teambuilder.engine.targets import effects_of

DieValue = Callable[[Game, Die], float]
REMOVING = frozenset({"ko", "out_of_play", "capture", "control", "swap", "move"})
WEAKENING = frozenset({"spin_down", "cant_block", "cant_attack", "must_block", "set_stats", "reroll"})
GIVING = frozenset({"draw", "gain_life", "energy", "modify", "spin_up", "prevent", "rule", "script", "token"})


def answer(game: Game, decision: Decision, value: DieValue) -> Action:
    dice = [o for o in decision.options if isinstance(o, ChooseTarget)]
    if not dice:
        return Pass()
    cheapest = min(dice, key=lambda o: value(game, game.dice[o.target]))
    if value(game, game.dice[cheapest.target]) < effect_worth(game, decision.player, value):
        return cheapest
    return Pass()


def effect_worth(game: Game, me: int, value: DieValue) -> float:
    """What the resolving ability would cost ``me`` (the player who may stop it)."""
    resolution = game.resolving
    if resolution is None:
        return 0.0
    ctx = context_of(game, resolution.trigger)
    total = 0.0
    chosen = effects_of(ability_of(game, resolution.trigger), resolution)
    for index, effect in enumerate(chosen):
        picks = resolution.targets[index] if index < len(resolution.targets) else []
        if effect.targets:
            dice = [game.dice[p] for p in picks if p >= 0]
            players = [-1 - p for p in picks if p < 0]
        elif effect.to.player is not None:
            dice, players = [], primitives.players_of(ctx, effect.to.player)
        else:
            dice, players = selectors.select(ctx, effect.to.die), []
        total += _worth(game, me, effect, dice, players, value)
    return total


def _worth(game: Game, me: int, effect: Effect, dice: list[Die], players: list[int], value: DieValue) -> float:
    amount = effect.amount.fixed or 2        # a counted amount: a fair guess
    mine = [d for d in dice if d.owner == me]
    if effect.op in REMOVING:
        return sum(value(game, d) for d in mine)
    if effect.op in WEAKENING:
        return 0.5 * sum(value(game, d) for d in mine)
    if effect.op == "damage":
        hurt = sum(value(game, d) if amount >= game.stats(d)[1] - d.damage else amount for d in mine)
        return hurt + amount * players.count(me)
    if effect.op == "lose_life":
        return float(amount * players.count(me))
    if effect.op in GIVING and (any(d.owner != me for d in dice) or any(p != me for p in players)
                                or not dice and not players):
        return float(amount)
    return 0.0
