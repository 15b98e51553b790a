"""Scripts for the WWE Dice Masters Superstar cards 25-48: what their abilities need
beyond the data language. Superstars 1-24 are in ``wwe_1_24``, the basic actions (49-58)
in ``wwe_49_54`` and ``wwe_55_58``, shared helpers and the techniques they use in
``wwe_common``. In WWE "Superstar" means character.

Cards here: "Macho Man" Randy Savage (28, 29); Mankind (31).

Each script is named after its card (``28wwe``; ``28wwe:2`` for a card's second one) and
works through the engine's own primitives (``effects``, ``rules``, ``windows``), so every
rule still applies. What must be remembered between two moments of a turn is kept as
frozen values in ``Game.script_state`` (keys start with the card code).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Amount, Effect
from teambuilder.engine import effects, primitives
from teambuilder.engine.actions import Action, Choose, Pass
from teambuilder.engine.scripts import Frame, Frozen, ask, continuation, script
from teambuilder.engine.scripts.wwe_common import (
    ability_index,
    draw_quietly,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class ClearAndDraw(Frozen):
    """Randy Savage: the dice already in the prep area before this turn's Clear and Draw
    (not drawn this step), and whether the swap was offered yet."""

    turn: int
    player: int
    before: tuple[int, ...]
    done: bool = False


@dataclass(frozen=True)
class SidekickSwap(Frozen):
    """Randy Savage: the Sidekick die drawn, and the card's slot."""

    die: int
    slot: int | None


# -- 28wwe "Macho Man" Randy Savage: The Cream of the Crop -------------------------------

@script("28wwe")
def randy_swap_sidekick(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After the controller's Clear and Draw draw (once a step): they may move a Sidekick
    they drew (not one already in the prep area, see ``28wwe:2``) to the used pile and
    draw 1 die into the prep area instead."""
    game = ctx.game
    if ctx.event_kind != "clear_and_draw" or ctx.event_player != ctx.controller:
        return False
    state = game.script_state.get("28wwe")
    if not isinstance(state, ClearAndDraw) or state.turn != game.turn_number or state.player != ctx.controller:
        state = ClearAndDraw(game.turn_number, ctx.controller, ())
    if state.done:
        return False
    game.script_state["28wwe"] = replace(state, done=True)
    drawn = [d for d in game.zone(ctx.controller, Zone.PREP) if d.is_sidekick and d.id not in state.before]
    if not drawn:
        return False
    ask(game, ctx.controller, "Randy Savage: move a Sidekick die you drew to your used pile and draw 1 die "
        "to replace it?", (Choose(1), Pass()), then=_randy_swapped, data=SidekickSwap(drawn[0].id, ctx.slot))
    return True


@continuation("28wwe", SidekickSwap)
def _randy_swapped(game: Game, player: int, action: Action, data: SidekickSwap) -> None:
    if isinstance(action, Pass):
        game.say("keeps the Sidekick dice drawn.", player)
        return
    effects.move(game, game.dice[data.die], Zone.USED)
    draw_quietly(Context(game, player, data.slot), 1, "prep", "28wwe")


@script("28wwe:2")
def randy_prep_before_draw(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Before the Clear and Draw step: remember the dice already in the prep area (KO'd
    or Prepped earlier): they are not dice drawn this step."""
    game = ctx.game
    game.script_state["28wwe"] = ClearAndDraw(game.turn_number, ctx.controller,
                                              tuple(d.id for d in game.zone(ctx.controller, Zone.PREP)))
    return True


# -- 29wwe "Macho Man" Randy Savage: Macho Madness ---------------------------------------

@script("29wwe")
def randy_extra_draw(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The controller drew and rolled dice outside their Clear and Draw step (the dice
    drawn are rolled into the reserve pool): draw and roll 1 more, which does not trigger
    this card (or a copy of it) again."""
    game = ctx.game
    drawn = ctx.event_die
    if ctx.event_kind == "clear_and_draw" and game.active == ctx.controller:
        return False
    if drawn is None or drawn.zone is not Zone.RESERVE:
        return False     # drawn but not rolled (Prepped, put in the used pile, fielded as drawn)
    game.say("Randy Savage: draws and rolls 1 additional die.", ctx.controller)
    return bool(draw_quietly(ctx, 1, "reserve", "29wwe"))


# -- 31wwe Mankind: The Hardcore Legend --------------------------------------------------

@script("31wwe")
def mankind_prep(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The opponent Prepped 1 or more dice: once for all the dice of that moment (the
    other triggers of the same batch are dropped), the controller may Prep 1 die from
    their bag."""
    game = ctx.game
    if ctx.slot is None:
        return False
    mine = (ctx.controller, ctx.slot, ability_index(game, ctx.slot, "prepped"))
    if game.trigger_batches:
        game.trigger_batches[0] = [t for t in game.trigger_batches[0] if (t.controller, t.slot, t.ability) != mine]
    ask(game, ctx.controller, "Mankind: your opponent Prepped dice. Prep 1 die from your bag?",
        (Choose(1), Pass()), then=_mankind_prepped, data=Frame.of(ctx))
    return True


@continuation("31wwe", Frame)
def _mankind_prepped(game: Game, player: int, action: Action, data: Frame) -> None:
    if isinstance(action, Pass):
        game.say("does not Prep a die.", player)
        return
    primitives.apply(Context(game, player, data.slot), Effect("draw", amount=Amount(fixed=1), into="prep"),
                     [], [player])


