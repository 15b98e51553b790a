"""X-Men Forever scripts, cards 59-72: what the ability language cannot say (cards 37-58
are in ``xmf_37_58``).

Cards here: Dual Defense (65); Teamwork (69). Reinforcements (67) and Whoever
Assemble! (72) are data.

Each script is named by its card code (``60xmf``; ``65xmf:2`` for a card's second one)
and uses the engine's own primitives, so every rule a data effect obeys still applies.
Choices made part-way use ``ask`` and a continuation; what a card must remember between
turns is kept as frozen values (``Bookkeeping.choices`` or ``Game.script_state``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import events, primitives
from teambuilder.engine.die_facts import affiliations
from teambuilder.engine.scripts import Frozen, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Pair(Frozen):
    """Dual Defense: the pair of blockers chosen, and the turn they were chosen."""

    turn: int
    dice: tuple[int, ...]


def _modify(ctx: Context, dice: list[Die], attack: int, defense: int) -> bool:
    return primitives.apply(ctx, Effect("modify", attack=attack, defense=defense), dice, [])


# -- 65 Dual Defense --------------------------------------------------------------------------------

def _pair_key(ctx: Context) -> str:
    return f"xmf65:{None if ctx.source is None else ctx.source.id}"


@script("65xmf")
def dual_defense(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The pair the ability chose (``block_together``, its first effect) also cannot be
    KO'd while blocking, for as long; the pair is remembered for this use's double burst."""
    game = ctx.game
    pair = [d for d in ctx.targets if d.zone is Zone.FIELD]
    if not pair:
        return False
    primitives.apply(ctx, Effect("rule", rule="no_ko_while_blocking", duration="until_your_next_turn"), pair, [])
    game.script_state[_pair_key(ctx)] = Pair(game.turn_number, tuple(d.id for d in pair))
    game.say(f"pairs {' and '.join(game.die_name(d) for d in pair)} until the start of their next turn.",
             ctx.controller)
    return True


@script("65xmf:2")
def dual_defense_untargetable(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Double burst: the pair cannot be targeted until the start of your next turn. If the
    action has not resolved yet (the player put this first), wait for it once."""
    game = ctx.game
    pair = game.script_state.get(_pair_key(ctx))
    if not isinstance(pair, Pair) or pair.turn != game.turn_number:
        waited = f"{_pair_key(ctx)}:waited"
        if game.script_state.get(waited) == game.turn_number or ctx.slot is None:
            return False
        game.script_state[waited] = game.turn_number
        index = next(i for i, a in enumerate(game.slots[ctx.slot].card.abilities) if a.trigger == "double_burst")
        game.new_triggers.append(events.PendingTrigger(
            ctx.controller, ctx.slot, index, None if ctx.source is None else ctx.source.id, bursts=2,
            kind="action"))
        return False
    chosen = [game.dice[i] for i in pair.dice if game.dice[i].zone is Zone.FIELD]
    return primitives.apply(ctx, Effect("rule", rule="cant_be_targeted", duration="until_your_next_turn"), chosen, [])


# -- 68 Replenish -------------------------------------------------------------------------------------

# -- 69 Teamwork --------------------------------------------------------------------------------------

@script("69xmf")
def teamwork(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Each of your active character dice: +1A +1D per other different active character of
    yours sharing an affiliation with it (counted before any bonus is given)."""
    game = ctx.game
    mine = game.field_characters(ctx.controller)
    bonus: list[tuple[Die, int]] = []
    for die in mine:
        own = affiliations(game, die)
        partners = {d.slot for d in mine if d.slot != die.slot and d.slot is not None and own & affiliations(game, d)}
        bonus.append((die, len(partners)))
    done = False
    for die, count in bonus:
        if count:
            done = _modify(ctx, [die], count, count) or done
    return done
