"""Choosing what a resolving ability reaches: the effects of its chosen mode, the legal
targets of each effect (players encoded as -1 - index), how many an effect wants, and
whether a chosen die is still where the effect can reach it. ``triggers`` asks the player;
this module only answers what is legal, so the AIs and ``describe`` can read it too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Ability, Effect
from teambuilder.engine import die_facts, rules, selectors, stun
from teambuilder.engine.resolution import Resolution
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def effects_of(ability: Ability, resolution: Resolution) -> tuple[Effect, ...]:
    if ability.modes and resolution.mode is not None:
        return ability.modes[resolution.mode]
    return ability.effects


def target_candidates(ctx: Context, effect: Effect, picked: list[int]) -> list[int]:
    """Legal targets for the next pick (sorted, so choices are stable); players are
    encoded as -1 - index. A die already picked cannot be picked again, except for a split
    effect, which picks groups of ``target`` dice (split damage: groups of one, each pick one
    point, whatever ``target`` says): a die may be in every group, once in each."""
    found: list[int] = []
    if effect.split:
        picked = picked[len(picked) - len(picked) % split_group(effect):]
    if effect.to.or_player:
        # "target player (or character die)": either player; the filter describes the dice.
        found += [-1 - ctx.controller, -1 - (1 - ctx.controller)]
    elif effect.to.player == "target":
        # "target player", or with an owner "target opponent" (or "yourself").
        found += [-1 - p for p in (ctx.controller, 1 - ctx.controller)
                  if effect.to.die.owner is None or (effect.to.die.owner == "you") == (p == ctx.controller)]
    if effect.to.player != "target":
        cards: set[int | None] = set()
        for die in selectors.select(ctx, effect.to.die):
            if effect.op in CARD_OPS and (die.slot in cards or die.slot is None):
                continue      # a card is chosen by one of its dice (a Sidekick has no card)
            if effect.op == "stun" and not stun.can_take(ctx.game, die):
                continue      # a card no Stun token may go on (Shazam skc) is not offered
            if die.id not in picked and (
                    die.zone is not Zone.FIELD
                    or rules.can_target(ctx.game, die, ctx.controller, ctx.kind, ctx.source, effect.to.chosen)):
                found.append(die.id)
                cards.add(die.slot)
    return sorted(found)


# Effects on the card of the dice they reach (Stun tokens): one die stands for its card.
CARD_OPS = frozenset(("stun", "unstun"))


def earlier_targets(targets: list[list[int]], picking: list[int]) -> list[int]:
    """What "a different target" may not pick: the dice the ability's earlier effects
    targeted, and those picked so far."""
    return [d for picks in targets for d in picks if d >= 0] + picking


def targets_wanted(ctx: Context, effect: Effect) -> int:
    if effect.to.target_count is not None:      # "X target dice": as many as the amount now (0: none)
        return selectors.amount(ctx, effect.to.target_count)
    if effect.split:          # ``amount`` groups of ``target`` dice ("for each, 2 target dice get +1A")
        return selectors.amount(ctx, effect.amount) * split_group(effect)
    return max(effect.to.target, 1)


def split_group(effect: Effect) -> int:
    """How many dice a split effect picks for each of its amount: one point of split damage
    a pick; ``to.target`` dice for each +A/+D of a split ``modify``."""
    return 1 if effect.op == "damage" else max(effect.to.target, 1)


def picked_times(dice: list[Die]) -> list[tuple[Die, int]]:
    """Each die once, with how many times it was picked (a split effect may pick it in
    several groups), in the order first picked."""
    ids = [d.id for d in dice]
    return [(d, ids.count(d.id)) for i, d in enumerate(dice) if ids.index(d.id) == i]


IGNORED = -4        # ``TurnMemory.once_fired``: (player, die, IGNORED): that player's effects ignore the die


def ignored(game: Game, die: Die, player: int) -> bool:
    """Whether the effects of ``player`` ignore ``die`` this turn (``ignoring``, Big Barda 61skc)."""
    return (player, die.id, IGNORED) in game.this_turn.once_fired


def still_there(ctx: Context, die: Die, effect: Effect) -> bool:
    """A target that left its zone before the effect happens is no longer a target; nor is
    one the effects of the ability's controller ignore this turn (``ignoring``)."""
    if effect.targets and ignored(ctx.game, die, ctx.controller):
        ctx.game.say(f"{ctx.game.die_name(die)} ignores the effect.", die.owner if die.owner is not None else 0)
        return False
    if effect.to.die.zones:
        return any(die.zone is die_facts.ZONE_OF[z] for z in effect.to.die.zones)
    return effect.to.die.zone == "any" or die.zone is die_facts.ZONE_OF[effect.to.die.zone]


def retarget_unanswered(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: retarget`` happens only as a ``reactive: targeted`` global answers an action
    die's targeting (``retargeting``); reached any other way, it changes nothing."""
    ctx.game.say("changes no target: there is no action die's target to change.", ctx.controller)
    return False
