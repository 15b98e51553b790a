"""What the greedy AI reads about the ability being resolved: the effect a target is being
chosen for, whether it hurts what it reaches (aimed at the opponent) or helps (aimed at
its own dice), and how much split damage is already aimed at a die."""

from __future__ import annotations

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import scripts
from teambuilder.engine.events import ability_of
from teambuilder.engine.game import Game
from teambuilder.engine.targets import effects_of

# Effects that hurt the dice or player they reach: aimed at the opponent.
HARMFUL = frozenset({
    "damage", "ko", "spin_down", "cant_block", "cant_attack", "out_of_play", "capture", "control",
    "reroll", "lose_life", "set_stats", "swap", "copy", "must_block", "stun",
})


def picked(game: Game, die_id: int) -> int:
    """Points of split damage already aimed at a die by the ability being resolved."""
    return game.resolving.picking.count(die_id) if game.resolving is not None else 0


def resolving_effect(game: Game) -> Effect | None:
    """The effect a target is being chosen for (None: damage being redirected)."""
    resolution = game.resolving
    if resolution is None or resolution.applying:
        return None           # (an ability paused while its damage is dealt chooses nothing)
    chosen = effects_of(ability_of(game, resolution.trigger), resolution)
    return chosen[min(len(resolution.targets), len(chosen) - 1)]


def resolving_op(game: Game) -> str:
    effect = resolving_effect(game)
    return "damage" if effect is None else effect.op


def resolving_is_harmful(game: Game) -> bool:
    """Whether the effect a target is being chosen for hurts what it reaches."""
    effect = resolving_effect(game)
    if effect is None:
        return True           # redirected damage
    if effect.to.keep:
        return False          # "all but 1 of your choice": the pick is the die spared
    if effect.op == "modify":
        return effect.attack + effect.defense < 0
    if effect.op == "script":
        return effect.to.die.owner == "opponent" or scripts.harms(effect.name)
    return effect.op in HARMFUL
