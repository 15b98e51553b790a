"""World's Finest, cards 37 to 48: the parts of their abilities the data cannot say.

Cards here: Batcave (37); Batman: Speedy Recovery (39); Brainiac (41); Clark Kent (45);
Dick Grayson (47).

Each script is named after its card (``37wf:2`` is card 37's second ability) and works
through the engine's own primitives (``effects``, ``rules``, ``windows``), so every rule a
data effect obeys still applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import DieFilter, Effect
from teambuilder.engine import effects, primitives, rules, selectors
from teambuilder.engine.actions import Action, ChooseTarget
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

# Dice under Batcave stay out of play with a "set aside" entry that never comes due, so
# the end of the turn neither returns them nor sweeps them to the used pile.
_NEVER = 10 ** 9


@dataclass(frozen=True)
class ForcedBlock(Frozen):
    """Brainiac: the die that must block, and the ability that makes it."""

    blocker: int
    controller: int
    slot: int | None


# -- Batcave (37): dice go under it instead of the prep area, and come back ----------------

@script("37wf")
def under_batcave(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """A die of yours going to the prep area or used pile goes beneath Batcave instead.
    Why a script: ``goes_instead`` sends dice to a zone, and the language has no zone
    "beneath a die" that keeps them there with no end."""
    game = ctx.game
    die, cave = ctx.event_die, ctx.source
    if die is None or cave is None or cave.zone is not Zone.FIELD or die.zone not in (Zone.PREP, Zone.USED):
        return False
    die.reset()
    die.zone = Zone.OUT_OF_PLAY
    die.under = cave.id
    game.bookkeeping.set_aside.append((die.id, 1, _NEVER))
    game.say(f"puts {die.spec.name} under Batcave instead.", die.owner)
    return True


@script("37wf:2")
def leave_batcave(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Move one of your Batcave dice to the used pile; the dice under it return to the
    field at level 1 (moved there, not fielded). Why a script: the dice beneath a die
    (``37wf``) cannot be selected in data."""
    game = ctx.game
    caves = selectors.select(ctx, DieFilter(owner="you", kind="action", this=True))
    if not caves:
        return False
    cave = max(caves, key=lambda c: sum(1 for d in game.dice if d.under == c.id))
    under = [d for d in game.dice if d.under == cave.id and d.zone is Zone.OUT_OF_PLAY]
    effects.move(game, cave, Zone.USED)
    ids = {d.id for d in under}
    game.bookkeeping.set_aside = [entry for entry in game.bookkeeping.set_aside if entry[0] not in ids]
    for die in under:
        die.under = None
        effects.move(game, die, Zone.FIELD, 1)
    return True


# -- Brainiac (41): the target must block the attacker of your choice ----------------------

@script("41wf")
def must_block_attacker(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The target must block the attacker you choose, if able.
    Why a script: a rule in data cannot name two different chosen dice (the blocker and
    the one attacker it may block), and ``it`` refers to one effect's dice only."""
    game = ctx.game
    attacking = [d for d in game.field_characters(ctx.controller) if d.attacking]
    if not dice or not attacking:
        return False
    data = ForcedBlock(dice[0].id, ctx.controller, ctx.slot)
    if len(attacking) == 1:
        _force_block(game, data, attacking[0].id)
    else:
        ask(game, ctx.controller, f"Choose the attacker {game.die_name(dice[0])} must block.",
            tuple(ChooseTarget(d.id) for d in attacking), then=_brainiac, data=data)
    return True


def _force_block(game: Game, data: ForcedBlock, attacker: int) -> None:
    """The blocker must block (if able) and may block only ``attacker``: a rule for this
    turn makes the other attackers unblockable by it."""
    blocker = game.dice[data.blocker]
    controller, slot = data.controller, data.slot
    if blocker.zone is not Zone.FIELD:
        return
    primitives.apply(Context(game, controller, slot), Effect("must_block"), [blocker], [])
    others = tuple(d.id for d in game.field_characters(controller) if d.attacking and d.id != attacker)
    if others:
        only = Effect("rule", rule="unblockable", match=DieFilter(this=True))
        game.turn_rules.append(rules.ActiveRule(controller, slot, only, source=blocker.id, dice=others))
    game.say(f"{game.die_name(blocker)} must block {game.die_name(game.dice[attacker])} if able.", controller)


@continuation("41wf", ForcedBlock)
def _brainiac(game: Game, player: int, action: Action, data: ForcedBlock) -> None:
    assert isinstance(action, ChooseTarget)
    _force_block(game, data, action.target)


#    Superman die at level 2 ----------------------------------------------------------------
