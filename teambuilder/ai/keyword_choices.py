"""The AIs' answers to the questions the state-keeping keywords ask: whether to flip a Flip
card at the start of the turn, which die a Heroic die pairs with, and which character die a
Gear die is attached to. ``greedy`` asks here first; ``search`` plays greedy's answer.
"""

from __future__ import annotations

from collections.abc import Callable

from teambuilder.engine.actions import Action, Choose, ChooseTarget, Decision, DecisionKind, Pass
from teambuilder.engine.events import ability_of
from teambuilder.engine.game import Game
from teambuilder.engine.scripts import PENDING
from teambuilder.engine.scripts.values import Pending
from teambuilder.engine.state import Die

# The script questions answered here (a helpful choice: the player's own best die).
_OWN_BEST = ("keyword:heroic", "keyword:equip")


def keyword_answer(game: Game, decision: Decision, value: Callable[[Game, Die], float]) -> Action | None:
    """The answer to a keyword's question, or None when ``decision`` is not one.
    ``value(game, die)`` rates a die (the greedy agent's ``die_value``)."""
    if decision.kind is DecisionKind.OPTIONAL:
        resolving = game.resolving
        if resolving is not None and resolving.trigger.ability >= 0 \
                and ability_of(game, resolving.trigger).keyword == "flip":
            return Choose(1) if _flip_helps(game, decision.player, resolving.trigger.slot) else Pass()
        return None
    if decision.kind is DecisionKind.SCRIPT:
        pending = game.script_state.get(PENDING)
        if not isinstance(pending, Pending) or pending.then not in _OWN_BEST:
            return None
        targets = [o for o in decision.options if isinstance(o, ChooseTarget)]
        mine = [o for o in targets if game.dice[o.target].owner == decision.player]
        if not mine:
            return Pass()      # never equip an opponent's die or pair with nothing
        return max(mine, key=lambda o: value(game, game.dice[o.target]))
    return None


def _board(game: Game, player: int) -> int:
    """Attack plus defense of the player's character dice in the field, less the opponent's."""
    total = 0
    for die in game.field_characters():
        attack, defense = game.stats(die)
        total += (attack + defense) * (1 if die.owner == player else -1)
    return total


def _flip_helps(game: Game, player: int, slot: int) -> bool:
    """Flip when the other side leaves the board stronger for ``player`` (a copy is flipped
    and compared); a tie keeps the side facing up."""
    flipped = game.clone()
    if slot in flipped.bookkeeping.flipped:
        flipped.bookkeeping.flipped.discard(slot)
    else:
        flipped.bookkeeping.flipped.add(slot)
    return _board(flipped, player) > _board(game, player)
