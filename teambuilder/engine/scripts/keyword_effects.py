"""Scripts of the keywords that are abilities (Call Out, Infiltrate, Cleave, Corrupt): what
their abilities in ``keywords.KEYWORD_ABILITIES`` (or a card's own, for Corrupt X) do that
the ability language cannot say, registered as ``keyword:<name>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import selectors
from teambuilder.engine.actions import Action, ChooseTarget
from teambuilder.engine.rolling import draw
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import DamageEvent, Die, Mark, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class Corrupted(Frozen):
    """The dice a corrupted player took from their bag, held aside while they choose."""

    dice: tuple[int, ...]


@script("keyword:call_out")
def _call_out(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Call Out: the target may block only this attacker, and only it may block it."""
    if ctx.source is None or not dice:
        return False
    if dice[0].id in ctx.game.this_turn.call_outs.values():
        # Two dice calling out the same die cancel each other.
        ctx.game.this_turn.call_outs = {a: t for a, t in ctx.game.this_turn.call_outs.items() if t != dice[0].id}
        ctx.game.say("Two Call Outs on the same die cancel.", ctx.controller)
        return False
    ctx.game.this_turn.call_outs[ctx.source.id] = dice[0].id
    ctx.game.say(f"{ctx.game.die_name(ctx.source)} calls out {ctx.game.die_name(dice[0])}.", ctx.controller)
    return True


@script("keyword:infiltrate")
def _infiltrate(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Infiltrate: out of combat, 1 damage to the opponent instead, stays in the field."""
    die = ctx.source
    if die is None or not die.attacking or die.blocked:
        return False
    die.leave_combat()
    ctx.game.say(f"{ctx.game.die_name(die)} infiltrates: out of combat, it stays in the field.", ctx.controller)
    ctx.game.damage_queue.append(DamageEvent(1, die.id, player=1 - ctx.controller))
    return True


@script("keyword:cleave")
def _cleave(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Cleave: half the attacker's A (rounded down) to another opposing die, as combat damage."""
    if ctx.source is None or not dice:
        return False
    amount = ctx.game.stats(ctx.source)[0] // 2
    if amount:
        ctx.game.say(f"{ctx.game.die_name(ctx.source)} cleaves into {ctx.game.die_name(dice[0])}.", ctx.controller)
        ctx.game.damage_queue.append(DamageEvent(amount, ctx.source.id, die=dice[0].id, combat=True,
                                                 kind="combat"))
    return bool(amount)


@script("keyword:corrupt", harms=True)
def _corrupt(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Corrupt X: the target player takes X dice from their bag, puts 1 of them (their
    choice) in the used pile and returns the rest to the bag."""
    done = False
    for player in players:
        drawn = draw(ctx.game, player, max(selectors.amount(ctx, effect.amount), 1))
        if not drawn:
            continue
        done = True
        ctx.game.say(f"is corrupted: takes {', '.join(d.spec.name for d in drawn)} from the bag.", player)
        for die in drawn:
            die.zone = Zone.OUT_OF_PLAY   # held aside while the player chooses
            die.flags.add(Mark.CORRUPT)
        ask(ctx.game, player, "Corrupt: choose the die that goes to your used pile.",
            tuple(ChooseTarget(d.id) for d in drawn), then=_corrupt_chosen,
            data=Corrupted(tuple(d.id for d in drawn)))
        return True
    return done


@continuation("keyword:corrupt", Corrupted)
def _corrupt_chosen(game: Game, player: int, action: Action, data: Corrupted) -> None:
    assert isinstance(action, ChooseTarget)
    for die_id in data.dice:
        die = game.dice[die_id]
        die.flags.discard(Mark.CORRUPT)
        die.zone = Zone.USED if die_id == action.target else Zone.BAG
    game.say(f"puts {game.dice[action.target].spec.name} in the used pile and returns the rest to the bag.", player)
