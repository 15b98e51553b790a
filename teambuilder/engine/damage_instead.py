"""The first damage each turn to one of a player's dice taken by another die, or prevented
(``rule: first_damage_instead``).

Colossus: Organic Steel (63dps): "while active, the first time each turn one of your
character dice would take damage, you may have Colossus take it instead (burst: prevent it
instead)". While such a rule holds for its owner, the first damage event of the turn to one
of the rule's ``for`` dice that the owner controls is offered to that player among the
reactions to the damage (``DecisionKind.REACT``, the option ``Choose(INSTEAD)``): the damage
goes to a die of the rule's card in the Field Zone instead (``by: prevent``: it is
prevented). Offered or not taken, the turn's first time is used up: later damage that turn
is not offered. ``damage`` asks here while it offers reactions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import rules
from teambuilder.engine.actions import Action, Choose
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.state import DamageEvent, Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

INSTEAD = 2         # the REACT decision's option (``Choose(1)``: one_damage_rerolls's reroll)
_FIRST = -3         # ``TurnMemory.once_fired``'s ability index: the turn's first damage is used up


def _taker(game: Game, rule: rules.ActiveRule, target: Die) -> Die | None:
    """The die of the rule's card that takes the damage (its first in the field, not the target)."""
    if rule.slot is None:
        return None
    return next((d for d in game.slot_dice[rule.slot] if d.zone is Zone.FIELD and d.id != target.id
                 and d.owner == rule.controller and d.spec.faces[d.face].kind == CHARACTER), None)


def _rule(game: Game, event: DamageEvent, target: Die) -> rules.ActiveRule | None:
    """The rule offering ``event`` (marking the turn's first damage to its dice as used)."""
    if event.amount <= 0 or target.zone is not Zone.FIELD or not game.has_rules:
        return None
    for rule in rules.in_force(game, "first_damage_instead"):
        if rule.controller != target.owner or not rules.applies(game, rule, target):
            continue
        slot = -1 if rule.slot is None else rule.slot
        key, mark = (rule.controller, slot, _FIRST), (slot, _FIRST)
        if key in game.this_turn.once_fired and mark not in event.offered:
            continue                # its first time this turn was another damage
        game.this_turn.once_fired.add(key)
        event.offered.add(mark)
        if rule.effect.by == "prevent" or _taker(game, rule, target) is not None:
            return rule
    return None


def choices(game: Game, event: DamageEvent, target: Die, rerolls: bool) -> list[Action]:
    """The damage reactions offered for ``event`` to ``target`` besides reactive globals:
    ``Choose(1)`` when ``rerolls`` (one_damage_rerolls, "you may reroll it instead"), and
    ``Choose(INSTEAD)`` when another die may take it (or it may be prevented) instead."""
    return [Choose(i) for i, offer in ((1, rerolls), (INSTEAD, _rule(game, event, target) is not None)) if offer]


def take(game: Game, event: DamageEvent, player: int) -> None:
    """The player took the option: the damage goes to the rule's die, or is prevented."""
    target = game.dice[event.die or 0]
    rule = _rule(game, event, target)
    event.asked = True              # (the new damage is not offered again)
    if rule is None:
        return
    name = game.slots[rule.slot or 0].card.card.name
    if rule.effect.by == "prevent":
        game.say(f"{event.amount} damage to {game.die_name(target)} is prevented ({name}).", player)
        event.amount = 0
        return
    taker = _taker(game, rule, target)
    assert taker is not None
    event.die = taker.id
    game.say(f"{game.die_name(taker)} takes the {event.amount} damage to {game.die_name(target)} instead.", player)
