"""Scripts for World's Finest cards 121-143 (what their abilities need beyond the data
language); cards 97-120 are in ``wf_97_120``, the helpers they share in ``wf_common``.

Cards here: Batcave (135).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Cost, Effect
from teambuilder.engine import costs, effects, moves
from teambuilder.engine.actions import Action, Choose, Pass
from teambuilder.engine.scripts import Frame, Frozen, ask, continuation, script
from teambuilder.engine.scripts.wf_common import (
    FOREVER,
    payments,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class BasicActionBuy(Frozen):
    """Batcave: each option's card and payment index."""

    frame: Frame
    options: tuple[tuple[int, int], ...]


# -- 135 Batcave: Large, Dark, Wet ---------------------------------------------------------------------

def _cave_key(slot: int | None) -> str:
    return f"135wf:{slot}"


def _basic_offers(game: Game, player: int) -> list[tuple[int, Cost]]:
    """Basic action cards with a die left to buy, at printed cost minus 1 (at least 1)."""
    offers = []
    for slot in game.slots:
        card = slot.card.card
        if card.kind != "basic_action":
            continue
        if any(d.slot == slot.index and d.zone is Zone.CARD for d in game.dice):
            offers.append((slot.index, Cost(max(card.cost - 1, 1), card.energy)))
    return offers


@script("135wf")
def batcave_buys(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Buy a Basic Action die at its printed cost minus 1 and store it beneath Batcave.
    Why a script: the language has no zone "beneath a die" (``buy`` goes only to the prep
    area or the used pile), and no filter for the dice stored under one."""
    game = ctx.game
    options: list[tuple[int, int]] = []
    labels: list[str] = []
    for slot, cost in _basic_offers(game, ctx.controller):
        for index, _ in enumerate(payments(game, ctx.controller, cost)):
            labels.append(f"{len(options)}: {game.slots[slot].card.card.name} ({cost.notation()}, way {index + 1})")
            options.append((slot, index))
    if not options:
        game.say("cannot afford any Basic Action die.", ctx.controller)
        return False
    ask(game, ctx.controller, "Buy a Basic Action die for Batcave: " + "; ".join(labels),
        (Pass(),) + tuple(Choose(i) for i in range(len(options))), _batcave_bought,
        BasicActionBuy(Frame.of(ctx), tuple(options)))
    return True


@continuation("135wf:buy", BasicActionBuy)
def _batcave_bought(game: Game, player: int, action: Action, data: BasicActionBuy) -> None:
    if not isinstance(action, Choose):
        game.say("buys nothing for Batcave.", player)
        return
    slot, index = data.options[action.index]
    cost = dict(_basic_offers(game, player))[slot]
    spent = costs.spend(game, player, payments(game, player, cost)[index], cost)
    die = next(d for d in game.dice if d.slot == slot and d.zone is Zone.CARD)
    # Stored dice sit out of play; listing them as set aside for ever keeps the end of
    # the turn from sweeping them to the used pile until Batcave releases them.
    game.bookkeeping.set_aside.append((die.id, 0, FOREVER))
    stored = game.script_state.get(_cave_key(data.frame.slot), ())
    assert isinstance(stored, tuple)
    game.script_state[_cave_key(data.frame.slot)] = (*stored, die.id)
    moves.buy(game, player, die, Zone.OUT_OF_PLAY,
                f"buys {die.spec.name} (paying {spent}) and stores it beneath Batcave.")


@script("135wf:2")
def batcave_opens(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Move Batcave to the used pile; the dice stored beneath it go to your prep area.
    Why a script: the dice stored beneath a die (see ``135wf``) cannot be selected in data."""
    game = ctx.game
    cave = next((d for d in game.dice if d.slot == ctx.slot and d.zone is Zone.FIELD
                 and d.owner == ctx.controller), None)
    if cave is None:
        return False
    effects.move(game, cave, Zone.USED)
    stored = game.script_state.pop(_cave_key(ctx.slot), ())
    assert isinstance(stored, tuple)
    game.bookkeeping.set_aside = [entry for entry in game.bookkeeping.set_aside if entry[0] not in stored]
    for die_id in stored:
        die = game.dice[die_id]
        if die.zone is Zone.OUT_OF_PLAY:
            effects.move(game, die, Zone.PREP)
    return True
