"""World's Finest, cards 1 to 36: the parts of their abilities the data cannot say.

Cards here: Dark Avenger (27); End of Days (28); Man of Steel (30); To the
Rescue! (31).

Each script is named after its card (``1wf:2`` is card 1's second ability) and works
through the engine's own primitives (``effects``, ``rules``, ``windows``), so every rule a
data effect obeys still applies. Values kept between a question and its answer are
frozen dataclasses; between two abilities of one card, they live in ``game.script_state``
as numbers and tuples.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Amount, DieFilter, Effect
from teambuilder.engine import effects, primitives, rules, selectors
from teambuilder.engine.actions import Action, ChooseTarget
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone
from teambuilder.engine.windows import field_die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class EndOfDays(Frozen):
    """End of Days: the players still to choose, and the dice kept so far."""

    waiting: tuple[int, ...]
    keep: tuple[int, ...]


def _slot(ctx: Context) -> int:
    return -1 if ctx.slot is None else ctx.slot


# -- Dark Avenger (27): 1 damage, or 2 with an active Batman Family character --------------

@script("27wf", harms=True)
def dark_avenger(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    batman_family = selectors.select(ctx, DieFilter(owner="you", affiliations=("batman_family",)))
    amount = 2 if batman_family else 1
    return primitives.apply(ctx, replace(effect, op="damage", amount=Amount(fixed=amount)), dice, players)


# -- End of Days (28): each player keeps one character die --------------------------------

@script("28wf")
def end_of_days(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    _keep_next(game, [game.active, game.inactive], [])
    return True


def _keep_next(game: Game, waiting: list[int], keep: list[int]) -> None:
    """Ask the next player with a choice which die they keep; then KO all the others."""
    while waiting:
        player = waiting.pop(0)
        mine = game.field_characters(player)
        if len(mine) > 1:
            ask(game, player, "End of Days: choose the one character die you keep.",
                tuple(ChooseTarget(d.id) for d in mine), then=_end_of_days,
                data=EndOfDays(tuple(waiting), tuple(keep)))
            return
        keep.extend(d.id for d in mine)
    for die in game.field_characters():
        if die.id not in keep:
            effects.ko(game, die)


@continuation("wf:end_of_days", EndOfDays)
def _end_of_days(game: Game, player: int, action: Action, data: EndOfDays) -> None:
    assert isinstance(action, ChooseTarget)
    game.say(f"keeps {game.die_name(game.dice[action.target])}.", player)
    _keep_next(game, list(data.waiting), [*data.keep, action.target])


# -- Man of Steel (30): the life it gains with an active Superman Family character ---------

@script("30wf")
def man_of_steel_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    if not selectors.select(ctx, DieFilter(owner="you", affiliations=("superman_family",))):
        return False
    ctx.game.gain_life(ctx.controller, 1)
    return True


# -- To the Rescue! (31): field one die from the reserve for free --------------------------

@script("31wf")
def field_for_free(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    done = False
    for die in dice:
        if die.zone is not Zone.RESERVE or die.spec.faces[die.face].kind != CHARACTER:
            continue
        if game.has_rules and rules.forbidden(game, "cant_field", ctx.controller, die):
            continue
        field_die(game, die, " for free")
        done = True
    return done
