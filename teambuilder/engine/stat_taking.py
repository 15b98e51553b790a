"""Dice that take on another die's A and D while a static holds (``do: take_stats``).

"While Raven is active, if she isn't attacking, you may have one of your Sidekick dice copy
her A and D" (Raven: Astral Projection, 127skc): a ``while_active`` ability of an active card
with ``{do: take_stats, to: <dice>, match: <dice>}`` gives each die ``to`` reaches the A and D
the die ``match`` reaches has now (the highest-level one when several do), in place of the A
and D its face prints; its own modifiers still apply on top (``effects.stats``). While
``match`` reaches no die (Raven attacking, or gone), or the ability's conditions fail, the
dice keep their own stats. From any other trigger (``take_stats_now``) the dice take on the
A and D the ``match`` die has as the effect happens, until end of turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import conditions, selectors, text_loss
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, StatModifier

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def lender_of(game: Game, die: Die) -> Die | None:
    """The die whose A and D ``die`` takes on now, or None."""
    active = game.active_slots()
    for slot in game.tables.stat_takers:
        if slot.index not in active or slot.owner is None or text_loss.card_text_blank(game, slot.index):
            continue
        for ability in game.abilities_of(slot.index):
            if ability.trigger != "while_active":
                continue
            ctx = Context(game, slot.owner, slot.index, kind="static")
            if ability.conditions and not conditions.all_hold(ctx, ability.conditions):
                continue
            for effect in ability.effects:
                if effect.op != "take_stats" or effect.match is None \
                        or not any(d is die for d in selectors.select(ctx, effect.to.die)):
                    continue
                if (lender := _highest([d for d in selectors.select(ctx, effect.match) if d is not die])) is not None:
                    return lender
    return None


def take_stats_now(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: take_stats`` from a trigger: until end of turn the dice have the A and D the
    ``match`` die has now (a "set" modifier)."""
    lender = _highest([d for d in selectors.select(ctx, effect.match) if d not in dice]) if effect.match else None
    if lender is None or not dice:
        return False
    attack, defense = ctx.game.stats(lender)
    for die in dice:
        die.modifiers.append(StatModifier(attack, defense, "effect", "set"))
        ctx.game.say(f"{ctx.game.die_name(die)} takes on {attack}A and {defense}D this turn.", die.owner)
    return True


def _highest(dice: list[Die]) -> Die | None:
    """The highest-level die (the first one among equals)."""
    return max(dice, key=lambda d: (d.spec.faces[d.face].level, -d.id)) if dice else None
