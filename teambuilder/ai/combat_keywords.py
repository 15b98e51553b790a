"""The AIs' answers to the questions the combat keywords ask (``scripts/keyword_combat``):

- Breath Weapon: pay, the least wasteful way. The damage reaches the opponent and every
  die of theirs, and energy left in the reserve in one's own attack step buys nothing more.
- Anti-Breath Weapon: pay, when the breath would KO one of its dice or the breath's
  damage is at least 2; otherwise keep the energy for the opponent's turn's globals.
- Range: aim each shot at the opposing die it KOs that is worth most (counting the shots
  already aimed at it), else at the most valuable opposing die.

Any other script question is left to the caller (None).
"""

from __future__ import annotations

from teambuilder.engine.actions import Action, Choose, ChooseTarget, Decision, DecisionKind, Pass
from teambuilder.engine.game import Game
from teambuilder.engine.keyword_combat import range_value
from teambuilder.engine.scripts import PENDING, Pending
from teambuilder.engine.scripts.keyword_combat import Breath, RangeShots
from teambuilder.engine.state import Die


def answer(game: Game, decision: Decision) -> Action | None:
    """The answer to a combat keyword's question, or None for any other decision."""
    pending = game.script_state.get(PENDING) if decision.kind == DecisionKind.SCRIPT else None
    if not isinstance(pending, Pending):
        return None
    payments = [o for o in decision.options if isinstance(o, Choose)]
    if pending.then == "keyword:breath_weapon":
        return payments[0] if payments else Pass()
    if pending.then == "keyword:anti_breath_weapon" and isinstance(pending.data, Breath):
        return payments[0] if payments and _worth_cancelling(game, decision.player, pending.data) else Pass()
    if pending.then == "keyword:range" and isinstance(pending.data, RangeShots):
        return _aim(game, decision, pending.data)
    return None


def _worth_cancelling(game: Game, player: int, breath: Breath) -> bool:
    return breath.amount >= 2 or any(_left(game, d) <= breath.amount for d in game.field_characters(player))


def _left(game: Game, die: Die) -> int:
    """Damage ``die`` can still take before it is KO'd."""
    return game.stats(die)[1] - die.damage


def _aim(game: Game, decision: Decision, shots: RangeShots) -> Action:
    amount = range_value(game, game.dice[shots.waiting[0]])
    aimed: dict[int, int] = {}
    for shooter, target in shots.shots:
        aimed[target] = aimed.get(target, 0) + range_value(game, game.dice[shooter])
    targets = [o for o in decision.options if isinstance(o, ChooseTarget)]

    def score(option: ChooseTarget) -> tuple[bool, float]:
        die = game.dice[option.target]
        left = _left(game, die) - aimed.get(die.id, 0)
        attack, defense = game.stats(die)
        card = game.card_of(die)
        worth = attack + defense + (card.card.cost if card is not None else 0) * 0.5
        return 0 < left <= amount, worth

    return max(targets, key=score) if targets else decision.options[0]
