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

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects
from teambuilder.engine.actions import Action, ChooseTarget
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class EndOfDays(Frozen):
    """End of Days: the players still to choose, and the dice kept so far."""

    waiting: tuple[int, ...]
    keep: tuple[int, ...]


def _slot(ctx: Context) -> int:
    return -1 if ctx.slot is None else ctx.slot




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
