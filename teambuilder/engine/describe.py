"""Plain-language labels for a decision's answers, and other ways to pay for one.

A person playing through the app (or any front end) sees each legal action as a sentence
("Buy Cheetah: Goddess of the Hunt, paying mask + fist"), and may pay for a purchase, a
fielding, a global or an action die with other dice than the engine proposed: the engine
lists one payment per choice, and ``payment_alternatives`` lists the others. Nothing here
changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.ability_text import describe_effect
from teambuilder.engine import choices, costs, events, targets, windows
from teambuilder.engine.actions import (
    Action,
    Choose,
    ChoosePlayer,
    ChooseTarget,
    ChooseTrigger,
    Decision,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Fabricate,
    Field,
    Fuse,
    Pass,
    Purchase,
    Reroll,
    Ritual,
    SplitDamage,
    Unstun,
    UseAction,
    UseGlobal,
)
from teambuilder.engine.energy import Payment, payment_options
from teambuilder.engine.resolution import PriceQuestion, Resolution

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

PASS_LABELS = {"priority": "Pass priority", "optional": "No, skip it", "target": "Choose no more targets",
               "react": "Do not react", "after_damage": "Do not use a global", "redirect": "Do not redirect",
               "enlist": "Let it happen", "pay": "Do not pay", "retarget": "Do not change the target"}


def describe_payment(game: Game, payment: Payment) -> str:
    """What a payment spends, die by die ("mask + 2 generic + 1 virtual")."""
    parts = []
    for spend in payment.spends:
        what = " + ".join(spend.symbols) if spend.symbols else f"{spend.generic} generic"
        parts.append(f"{what} from {game.dice[spend.die_id].spec.name}")
    if payment.virtual:
        parts.append(f"{payment.virtual} virtual")
    return ", ".join(parts) or "nothing"


def _die(game: Game, die_id: int) -> str:
    die = game.dice[die_id]
    owner = "" if die.owner is None else f"{game.players[die.owner].name}'s "
    return f"{owner}{game.die_name(die)}"


def describe_action(game: Game, decision: Decision, action: Action) -> str:
    """One answer to ``decision`` as a sentence for the player who decides."""
    if isinstance(action, Pass):
        return PASS_LABELS.get(decision.kind, "Pass")
    if isinstance(action, Purchase):
        card = game.slots[action.slot].card.card
        return f"Buy {card.full_name} (cost {windows.card_cost(game, action.slot).amount}), paying " \
               f"{describe_payment(game, action.payment)}"
    if isinstance(action, Field):
        die = game.dice[action.die]
        cost = windows.field_cost(game, die).amount
        paying = f", paying {describe_payment(game, action.payment)}" if cost else " (free)"
        return f"Field {game.die_name(die)}{paying}"
    if isinstance(action, UseAction):
        return f"Use {game.die_name(game.dice[action.die])}" + (
            f", paying {describe_payment(game, action.payment)}"
            if action.payment.spends or action.payment.virtual else "")
    if isinstance(action, UseGlobal):
        card = game.slots[action.slot].card.card
        return f"Use the global of {card.full_name}, paying {describe_payment(game, action.payment)}"
    if isinstance(action, Unstun):
        card = game.slots[action.slot].card.card
        return f"Take a Stun token off {card.full_name}, paying {describe_payment(game, action.payment)}"
    if isinstance(action, ChooseTarget):
        if decision.kind == DecisionKind.ENLIST:
            return f"KO your {game.die_name(game.dice[action.target])} to stop it"
        return f"Target {_die(game, action.target)}"
    if isinstance(action, Fabricate | Fuse):
        dice = ", ".join(game.die_name(game.dice[d]) for d in action.dice)
        name = game.slots[action.slot].card.card.full_name
        return f"Buy {name} with Fabricate, KOing {dice}" if isinstance(action, Fabricate) \
            else f"Fusion: move {dice} to your prep area, and {name} to your prep area"
    if isinstance(action, Ritual):
        return f"Field {game.die_name(game.dice[action.die])} with Ritual, sending " \
               f"{game.die_name(game.dice[action.sacrifice])} out of play"
    if isinstance(action, ChoosePlayer):
        return f"Target {game.players[action.player].name}"
    if isinstance(action, ChooseTrigger):
        batch = game.trigger_batches[0] if game.trigger_batches else []
        if 0 <= action.index < len(batch):
            return f"Resolve {batch[action.index].label(game)} next"
        return f"Resolve ability {action.index + 1} next"
    if isinstance(action, SplitDamage):
        parts = [f"{amount} to {_die(game, target)}" for target, amount in action.split]
        if action.through:
            parts.append(f"{action.through} through to {game.players[game.inactive].name}")
        return f"{game.die_name(game.dice[action.attacker])} deals {', '.join(parts)}"
    if isinstance(action, Choose):
        return _describe_choice(game, decision, action)
    if isinstance(action, Reroll):
        return "Reroll " + (", ".join(game.die_name(game.dice[d]) for d in action.dice) or "nothing")
    if isinstance(action, DeclareAttackers):
        return "Attack with " + (", ".join(game.die_name(game.dice[d]) for d in action.dice) or "nothing")
    if isinstance(action, DeclareBlockers):
        return "Block: " + (", ".join(f"{game.die_name(game.dice[b])} blocks {game.die_name(game.dice[a])}"
                                      for b, a in action.blocks) or "no blocks")
    return str(action)


def _describe_choice(game: Game, decision: Decision, action: Choose) -> str:
    if decision.kind == DecisionKind.OPTIONAL:
        return "Yes, use it" if action.index == 1 else "No"
    if decision.kind in (DecisionKind.PAY, DecisionKind.CHOICE) and game.resolving is not None:
        return _describe_question(game, decision, action, game.resolving)
    if decision.kind == DecisionKind.MODE and game.resolving is not None:
        ability = events.ability_of(game, game.resolving.trigger)
        if 0 <= action.index < len(ability.modes):
            return "; ".join(describe_effect(e) for e in ability.modes[action.index]) or f"Mode {action.index + 1}"
    return f"Option {action.index + 1}" if decision.kind != DecisionKind.SCRIPT else f"Choice {action.index}"


def _describe_question(game: Game, decision: Decision, action: Choose, resolution: Resolution) -> str:
    """A price's answer ("Pay 2 life", "Pay with bolt") or a named choice ("Name bolt")."""
    ability = events.ability_of(game, resolution.trigger)
    if decision.kind == DecisionKind.CHOICE:
        effect = targets.effects_of(ability, resolution)[len(resolution.targets)]
        offered = choices.options(events.context_of(game, resolution.trigger), effect)
        return f"Name {choices.shown(offered[action.index])}" if action.index < len(offered) else str(action)
    effect = targets.effects_of(ability, resolution)[resolution.next_effect]
    if effect.unless is None and effect.pay is None:
        return str(action)
    price = costs.price_of(game, resolution.trigger.slot, effect)
    if resolution.pricing is PriceQuestion.YES_NO:
        return f"Pay {price.notation()}"
    ways = costs.ways(game, decision.player, price)
    way = ways[action.index] if action.index < len(ways) else None
    paid = [f"{'+'.join(s.symbols) or s.generic}" for s in way.spends] if way is not None else []
    return f"Pay {price.notation()}" + (f" with {', '.join(paid)}" if paid else "")


def payment_alternatives(game: Game, action: Action, limit: int = 8) -> list[Action]:
    """The same action paid in other ways (the action itself first); an action that pays
    nothing has no alternatives."""
    player = game.decision.player if game.decision is not None else game.active
    sources = game.energy_sources(player)
    virtual = game.players[player].virtual
    if isinstance(action, Purchase):
        cost = windows.card_cost(game, action.slot)
        return _with(action, [Purchase(action.slot, p) for p in payment_options(sources, virtual, cost, limit)])
    if isinstance(action, Field):
        cost = windows.field_cost(game, game.dice[action.die])
        return _with(action, [Field(action.die, p) for p in payment_options(sources, virtual, cost, limit)])
    if isinstance(action, UseGlobal):
        ability = game.abilities_of(action.slot)[action.ability]
        cost = costs.global_cost(ability, game, player, action.slot)
        return _with(action, [UseGlobal(action.slot, action.ability, p)
                              for p in payment_options(sources, virtual, cost, limit)])
    if isinstance(action, UseAction) and (action.payment.spends or action.payment.virtual):
        cost = windows.action_cost(game, player)
        return _with(action, [UseAction(action.die, p) for p in payment_options(sources, virtual, cost, limit)])
    return [action]


def _with(first: Action, others: list[Action]) -> list[Action]:
    return [first] + [other for other in others if other != first]
