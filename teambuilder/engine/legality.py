"""Whether an answer is a legal answer to the decision asked: what ``Game.apply`` checks
before it changes anything.

Dice choices must be distinct dice among those offered (and include those that must
attack or block); blocks must be allowed ones, within how many attackers a die may
block; a damage division may be any legal one, listed or not; and a purchase, fielding,
action or global may be paid with any valid payment, not only the one offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import assignment, keyword_costs
from teambuilder.engine.actions import (
    DICE_PAID,
    Action,
    Decision,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Field,
    Purchase,
    Reroll,
    UseAction,
    UseGlobal,
)
from teambuilder.engine.blocking import block_count_problem
from teambuilder.engine.costs import global_cost
from teambuilder.engine.energy import PaymentError, check_payment
from teambuilder.engine.windows import action_cost, card_cost, declines_free_field, field_cost

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def check(game: Game, decision: Decision, action: Action) -> str | None:
    """Why ``action`` does not answer ``decision`` legally, or None when it does."""
    if decision.subset or decision.kind in (DecisionKind.REROLL, DecisionKind.ATTACKERS):
        expected = Reroll if decision.kind == DecisionKind.REROLL else DeclareAttackers
        if not isinstance(action, expected):
            return f"expected a choice of dice for {decision.kind}"
        chosen = set(action.dice)
        if len(chosen) != len(action.dice) or not chosen <= set(decision.subset):
            return f"choose distinct dice among {sorted(decision.subset)}"
        if not set(decision.required) <= chosen:
            return f"dice {sorted(set(decision.required) - chosen)} must attack"
        if len(chosen & set(decision.among)) < decision.at_least:
            return f"at least {decision.at_least} of dice {sorted(decision.among)} must attack"
        return None
    if decision.kind == DecisionKind.BLOCKERS:
        if not isinstance(action, DeclareBlockers):
            return "expected blockers"
        allowed = dict(decision.assign)
        problem = block_count_problem(game, action.blocks)
        if problem:
            return problem
        for blocker, attacker in action.blocks:
            if attacker not in allowed.get(blocker, ()):
                return f"die {blocker} cannot block die {attacker}"
        idle = set(decision.required) - {b for b, _ in action.blocks}
        if idle:
            return f"dice {sorted(idle)} must block"
        return None
    if action in decision.options:
        return None
    if isinstance(action, DICE_PAID) and decision.kind == DecisionKind.PRIORITY:
        return keyword_costs.problem(game, decision.player, action)   # any dice that pay, listed or not
    if decision.kind == DecisionKind.SPLIT:      # any legal division, not only the ones listed
        return assignment.problem(game, decision, action)
    # Any valid payment is accepted for an option the engine offered with another one.
    for option in decision.options:
        if isinstance(option, Purchase) and isinstance(action, Purchase) and option.slot == action.slot:
            cost = card_cost(game, action.slot)
        elif isinstance(option, Field) and isinstance(action, Field) and option.die == action.die:
            cost = field_cost(game, game.dice[action.die])
            if declines_free_field(game, game.dice[action.die], action, cost):
                cost = field_cost(game, game.dice[action.die], paying=True)
        elif isinstance(option, UseAction) and isinstance(action, UseAction) and option.die == action.die:
            cost = action_cost(game, decision.player)
        elif (isinstance(option, UseGlobal) and isinstance(action, UseGlobal)
              and (option.slot, option.ability) == (action.slot, action.ability)):
            cost = global_cost(game.abilities_of(action.slot)[action.ability], game, decision.player,
                               action.slot)
        else:
            continue
        try:
            check_payment(action.payment, game.energy_sources(decision.player),
                          game.players[decision.player].virtual, cost)
        except PaymentError as error:
            return str(error)
        return None
    return f"{action} is not a legal answer to: {decision.prompt}"
