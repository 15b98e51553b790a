"""Priority windows (the Main Step and the attack step's action/global window) and the
legality check for every answer.

The active player acts as often as they like and then passes priority; the inactive
player may then use one global or pass, and either way priority returns to the active
player. The window closes when the active player passes, the inactive player passes,
and the active player passes again with nothing done in between (compendium, 002).
Only the active player purchases, fields (Main Step only) and uses action dice. Passing
priority loses your virtual energy. Energy spent on your own turn goes out of play, on
the opponent's turn straight to the used pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Cost
from teambuilder.catalogue.rule_names import RuleName
from teambuilder.engine import conditions, events, keyword_costs, keyword_flow, rules, stun, text_loss, triggers
from teambuilder.engine.abilities import Ability
from teambuilder.engine.actions import (
    DICE_PAID,
    NO_PAYMENT,
    Action,
    Decision,
    DecisionKind,
    Fabricate,
    Field,
    Fuse,
    Pass,
    Purchase,
    Ritual,
    Unstun,
    UseAction,
    UseGlobal,
)
from teambuilder.engine.costs import converted, cost_of, global_cost, limit_allows, spend
from teambuilder.engine.dice import ACTION, CHARACTER
from teambuilder.engine.effects import ko_all
from teambuilder.engine.energy import (
    Hand,
)
from teambuilder.engine.global_targets import locked
from teambuilder.engine.moves import ZONE_NAMES, buy, field_die, purchase_zone
from teambuilder.engine.purchase_costs import (
    fields_free,
    free_field_price,
    may_pay_instead,
    purchase_cost,
    use_free_field,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Resolver, Runner, Step, Task, TaskKind, Window, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

OPTIONS_PER_CHOICE = 1


def run_window(game: Game, task: Task) -> None:
    game.window = Window.MAIN if task.kind == TaskKind.MAIN_WINDOW else Window.ATTACK
    if events.enter_step(game, Step.MAIN if task.kind == TaskKind.MAIN_WINDOW else Step.ATTACK):
        return                           # what happens as the step begins resolves first
    if task.data == ():
        # A fresh window: the active player has priority first.
        game.tasks[-1] = Task(task.kind, task.player, (1,))
        game.priority = game.active
        game.inactive_passed = False
    again, game.options_after_pass = game.options_after_pass, None
    if again is not None and game.priority == game.active:
        options = again
    else:
        with game.reading():
            options = tuple(priority_options(game))
    game.decision = Decision(game.priority, DecisionKind.PRIORITY, _prompt(game), options=options)


def _prompt(game: Game) -> str:
    what = "Main Step" if game.window == Window.MAIN else "attack step: actions and globals"
    return f"{what}: act, or pass priority."


def card_cost(game: Game, slot: int, amount: int | None = None) -> Cost:
    """What buying from ``slot`` costs the active player; ``amount``: its purchase cost,
    when the caller has it already."""
    card = game.slots[slot].card.card
    cost = cost_of(purchase_cost(game, slot) if amount is None else amount, card.energy)
    return converted(game, game.active, cost) if game.has_rules else cost


def action_cost(game: Game, player: int) -> Cost:
    """What using an action die costs: nothing, unless a rule in force says so."""
    return cost_of(max(0, rules.action_delta(game, player))) if game.has_rules else cost_of(0)


def life_tax(game: Game, player: int, name: RuleName) -> int:
    """Life ``player`` must pay to use an action die or a global (``action_life_cost`` /
    ``global_life_cost``, ``by: opponent``: Lilandra 145dps); a cost: paid as it is used."""
    return rules.extra_for(game, name, player) if game.has_rules else 0


def action_usable(game: Game, player: int, die: Die) -> bool:
    """Whether ``player`` may use the action die: its card's action ability's ``usable:``
    conditions hold for them, and with ``limit: once_per_turn`` they have not used a die of
    the card this turn (a used die waits out of play until the turn ends); life it costs
    must be there to pay."""
    if life_tax(game, player, "action_life_cost") > game.players[player].life:
        return False
    if die.slot is None:
        return True
    for ability in game.slots[die.slot].card.abilities:
        if ability.trigger != "action":
            continue
        if ability.usable and not conditions.all_hold(Context(game, player, die.slot, die), ability.usable):
            return False
        if ability.limit == "once_per_turn" and any(
                d.slot == die.slot and d.owner == player and d.zone is Zone.OUT_OF_PLAY for d in game.dice):
            return False
    return True


def field_cost(game: Game, die: Die, paying: bool = False) -> Cost:
    """Fielding cost: printed, changed by rules in force (never below 0). ``paying``: what it
    costs a player who declines a once-a-turn free fielding they may take (``may_pay_instead``)."""
    printed = die.spec.faces[die.face].fielding
    if not game.has_rules:
        return cost_of(printed)
    if fields_free(game, die, paying):
        return cost_of(0)
    return cost_of(max(0, printed + rules.field_delta(game, die)))


def declines_free_field(game: Game, die: Die, action: Field, cost: Cost) -> bool:
    """A fielding paid for although a once-a-turn free fielding was there to take."""
    return bool(game.has_rules and cost.amount == 0 and (action.payment.spends or action.payment.virtual)
                and may_pay_instead(game, die))


def global_allowed(game: Game, player: int, slot: int, index: int, ability: Ability,
                   reaction: str | None = None) -> bool:
    """Whether ``player`` may use the global now: in a priority window (``reaction`` None, no
    reactive global), or as the reaction named (``"dealt"``: right after their damage)."""
    if not ability.is_global or ability.reactive != reaction or not limit_allows(game, player, slot, index, ability):
        return False
    if game.has_rules and (text_loss.card_text_blank(game, slot, True) or locked(game, slot, index)
                           or not ability.owner_only and rules.globals_blocked(game, slot)):
        return False
    if ability.keyword == "synergy" and (game.slots[slot].owner != player or slot not in game.active_slots()):
        return False   # Synergy: only its owner may use it, and only while the character is active
    if ability.owner_only and game.slots[slot].owner != player:
        return False   # the owner's own card ability ("once per turn, you may ..."), from wherever its dice are
    if ability.scheduled and not any(s[:3] == (player, slot, index) for s in game.scheduled):
        return False   # a global another ability switches on for a while (A Moment of Bliss)
    if ability.life_cost + life_tax(game, player, "global_life_cost") > game.players[player].life:
        return False   # its cost in life cannot be paid
    return not ability.conditions or conditions.all_hold(Context(game, player, slot), ability.conditions)


def priority_options(game: Game) -> list[Action]:
    player = game.priority
    hand = game.hand(player)
    virtual = game.players[player].virtual
    options: list[Action] = [Pass()]
    # Cheap bound first: most costs are simply more than all the energy in hand.
    available = virtual + hand.units
    if player == game.active:
        if game.window == Window.MAIN and available:      # every purchase costs at least 1
            options += _purchases(game, player, hand, virtual, available)
        reserve = game.zone(player, Zone.RESERVE)
        if game.window == Window.MAIN:
            seen: set[tuple[str, int]] = set()
            for die in reserve:
                face = die.spec.faces[die.face]
                if face.kind != CHARACTER or (die.spec.key, die.face) in seen:
                    continue
                cost = field_cost(game, die)
                if cost.amount > available or game.has_rules and rules.forbidden(game, "cant_field", player, die):
                    continue
                seen.add((die.spec.key, die.face))
                for payment in hand.payments(virtual, cost, OPTIONS_PER_CHOICE):
                    options.append(Field(die.id, payment))
                if cost.amount == 0 and game.has_rules and may_pay_instead(game, die):
                    paid = field_cost(game, die, paying=True)      # "you may field it for free": or pay
                    options += [Field(die.id, p) for p in hand.payments(virtual, paid, OPTIONS_PER_CHOICE)
                                if 0 < paid.amount <= available]
        if game.tables.paid_with_dice:
            options += keyword_costs.offers(game, player)    # Fabricate, Ritual, Fusion
        seen_actions: set[tuple[str, int]] = set()
        use_cost: Cost | None = None
        for die in reserve:
            if die.spec.faces[die.face].kind == ACTION and (die.spec.key, die.face) not in seen_actions \
                    and action_usable(game, player, die):
                seen_actions.add((die.spec.key, die.face))
                use_cost = use_cost or action_cost(game, player)
                if use_cost.amount == 0:
                    options.append(UseAction(die.id))
                elif use_cost.amount <= available:
                    options += [UseAction(die.id, p) for p in hand.payments(virtual, use_cost, OPTIONS_PER_CHOICE)]
    for slot_index, index, ability in _globals(game):
        # The printed cost first: rules only ever add to it, and it rules out most globals.
        assert ability.cost is not None, "the parser gives every global a cost"
        if ability.cost.amount > available or not global_allowed(game, player, slot_index, index, ability):
            continue
        cost = global_cost(ability, game, player, slot_index)
        if cost.amount <= available:
            for payment in hand.payments(virtual, cost, OPTIONS_PER_CHOICE):
                options.append(UseGlobal(slot_index, index, payment))
    if game.bookkeeping.stuns:
        options += stun.offers(game, player)      # pay [2] to take a Stun token off a card
    return options


def _purchases(game: Game, player: int, hand: Hand, virtual: int, available: int) -> list[Action]:
    """The dice ``player`` can buy now, one payment each."""
    # The rules that could matter, asked once for the whole listing.
    has_rules = game.has_rules
    cost_rules = rules.in_force(game, "purchase_cost") if has_rules else rules.NONE
    changed = rules.cards_whose_cost_changes(cost_rules)
    forbidding = has_rules and bool(rules.in_force(game, "cant_purchase"))
    converting = has_rules and bool(rules.in_force(game, "energy_as"))
    card_zone = Zone.CARD      # a local: this loop looks at many dice each window
    options: list[Action] = []
    printed_costs = game.tables.printed_costs
    for slot in game.slots:
        if slot.owner is not None and slot.owner != player:
            continue
        # A card no rule reaches costs what it always costs: too dear, it is out at once.
        printed = changed is not None and slot.index not in changed
        if printed and printed_costs[slot.index] > available:
            continue
        on_card = next((die for die in game.slot_dice[slot.index] if die.zone is card_zone), None)
        if on_card is None:
            continue
        amount = printed_costs[slot.index] if printed else purchase_cost(game, slot.index, player, cost_rules, on_card)
        if amount > available or forbidding and rules.forbidden(game, "cant_purchase", player, on_card):
            continue
        cost = card_cost(game, slot.index, amount) if converting else cost_of(amount, slot.card.card.energy)
        for payment in hand.payments(virtual, cost, OPTIONS_PER_CHOICE):
            options.append(Purchase(slot.index, payment))
    return options


def _globals(game: Game) -> list[tuple[int, int, Ability]]:
    """Every global on the table now, as (slot, ability index, ability)."""
    if not game.bookkeeping.borrowed:
        return game.tables.global_abilities      # printed text only: listed once per game
    return [(slot, index, ability) for slot in range(len(game.slots))
            for index, ability in enumerate(game.abilities_of(slot)) if ability.is_global]


def resolve_priority(game: Game, decision: Decision, action: Action) -> None:
    player = decision.player
    if isinstance(action, Pass):
        if player == game.inactive:
            game.inactive_passed = True
            game.priority = game.active
        elif game.inactive_passed:
            game.tasks.pop()            # active, inactive, active all passed: the window closes
            game.window = Window.NONE
        else:
            # Nothing changes while the inactive player only passes; if they do, the
            # active player is offered the same answers again (unless virtual energy,
            # lost now, paid for some of them).
            game.options_after_pass = None if game.players[player].virtual else decision.options
            game.priority = game.inactive
        game.players[player].virtual = 0
        return
    game.inactive_passed = False
    game.options_after_pass = None
    if isinstance(action, Purchase):
        slot = game.slots[action.slot]
        die = next(d for d in game.slot_dice[action.slot] if d.zone is Zone.CARD)
        spent = spend(game, player, action.payment, card_cost(game, action.slot), "purchase", die)
        if game.has_rules:
            rules.use_up(game, "purchase_cost", player, die)
        into = purchase_zone(game, player, die)
        game.last_payment = action.payment
        buy(game, player, die, into,
            f"buys {slot.card.card.full_name} (paying {spent}); the die goes to the {ZONE_NAMES[into]}.")
    elif isinstance(action, Field):
        die = game.dice[action.die]
        # One reading pass for the cost questions: they ask the same rules (a free fielding's
        # condition may count dice), answered once instead of up to four times.
        with game.reading():
            cost, full = field_cost(game, die), field_cost(game, die, paying=True)
            declined = declines_free_field(game, die, action, cost)
            price = free_field_price(game, player, die) if game.has_rules and not declined and full.amount > 0 else ""
        spent = spend(game, player, action.payment, full if declined else cost, "fielded", die)
        game.this_turn.field_payments[die.id] = tuple(s.die_id for s in action.payment.spends)
        if price == "ko_field":         # "you may field it for free by KOing every die in your Field Zone"
            game.say(f"KOs every die in its Field Zone to field {die.spec.name} for free.", player)
            ko_all(game, list(game.zone(player, Zone.FIELD)), by=player)
        if game.has_rules:      # "the first die you field costs less / nothing": used up
            rules.use_up(game, "field_free", player, die)
            rules.use_up(game, "field_cost", player, die)
            if not declined and full.amount > 0:
                use_free_field(game, player, die)       # "once per turn, you may field a die for free"
        field_die(game, die, f" (paying {spent})")
    elif isinstance(action, DICE_PAID):
        _pay_with_dice(game, player, action)
    elif isinstance(action, UseAction):
        cost = action_cost(game, player)
        if cost.amount:
            game.say(f"pays {spend(game, player, action.payment, cost, 'action')} to use an action die.", player)
        if (life := life_tax(game, player, "action_life_cost")):
            game.lose_life({player: life})
            game.say(f"pays {life} life to use an action die.", player)
        _use_action(game, player, action.die)
    elif isinstance(action, Unstun):
        game.say(f"pays {spend(game, player, action.payment, stun.COST)} to take a Stun token off its card.", player)
        stun.remove(game, action.slot, player)
    elif isinstance(action, UseGlobal):
        use_global(game, player, action)
    if player != game.active:
        # The inactive player gets one ability, then priority returns to the active player.
        game.players[player].virtual = 0
        game.priority = game.active


def use_global(game: Game, player: int, action: UseGlobal) -> None:
    """``player`` pays for a global and it goes on to resolve (in a priority window, or
    offered right after their damage)."""
    ability = game.abilities_of(action.slot)[action.ability]
    spent = spend(game, player, action.payment, global_cost(ability, game, player, action.slot), "global")
    if (life := ability.life_cost + life_tax(game, player, "global_life_cost")):
        game.lose_life({player: life})     # the cost's life, paid with its energy
        spent += f" and {life} life"
    uses = game.players[player].global_uses
    uses[(action.slot, action.ability)] = uses.get((action.slot, action.ability), 0) + 1
    what = "Synergy" if ability.keyword == "synergy" else "ability" if ability.owner_only else "global"
    game.say(f"uses the {what} of {game.slots[action.slot].card.card.full_name}"
             f" (paying {spent}).", player)
    # "Whenever you use a global" abilities resolve first (their own batch), then the global.
    if ability.is_global_ability:
        events.watch(game, "global_used", player=player, by=player, event_slot=action.slot)
    if game.new_triggers:
        triggers.batch_new(game)
    events.queue_now(game, events.PendingTrigger(player, action.slot, action.ability, kind="global"))


def _pay_with_dice(game: Game, player: int, action: Fabricate | Ritual | Fuse) -> None:
    die = keyword_costs.settle(game, player, action)
    if isinstance(action, Ritual):
        field_die(game, die, " (Ritual: no fielding cost)")
    elif isinstance(action, Fabricate):
        game.last_payment = NO_PAYMENT       # nothing was paid (no Crosspulse)
        into = purchase_zone(game, player, die)
        buy(game, player, die, into, f"buys {die.spec.name} with Fabricate; the die goes to the {ZONE_NAMES[into]}.")


def _use_action(game: Game, player: int, die_id: int) -> None:
    die = game.dice[die_id]
    bursts = die.spec.faces[die.face].burst
    card = game.slots[die.slot].card if die.slot is not None else None
    # Gear (Equip) and Traps are Continuous action dice: used, they wait in the field.
    continuous = card is not None and (card.continuous or "equip" in card.card.keywords
                                       or "trap" in card.card.keywords)
    die.zone = Zone.FIELD if continuous else Zone.OUT_OF_PLAY
    game.say(f"uses {die.spec.name}{' *' * bursts}{' (continuous: to the field)' if continuous else ''}.")
    if card is None or die.slot is None:
        return
    if "equip" in card.card.keywords:
        events.raise_keyword(game, "equip", die)      # it may be attached at once
    wanted = {"action"} | ({"burst"} if bursts == 1 else {"double_burst"} if bursts == 2 else set())
    matched = [a for a in card.abilities if a.trigger in wanted]
    for index, ability in enumerate(card.abilities):
        if ability.trigger in wanted:
            events.queue_now(game, events.PendingTrigger(player, die.slot, index, die.id, bursts=bursts,
                                                             kind="action"))
    if not matched and not continuous:
        game.say(f"{die.spec.name} has no executable effect in this engine yet.")
    events.watch(game, "action_used", die, player=player)
    keyword_flow.action_used(game, player)
    if keyword_flow.boomerangs(game, die, matched):
        triggers.batch_new(game)        # Boomerang rolls the die once its effect has resolved
        events.raise_keyword(game, "boomerang", die)


RUNNERS: dict[TaskKind, Runner] = {
    TaskKind.MAIN_WINDOW: run_window,
    TaskKind.ATTACK_WINDOW: run_window,
}
RESOLVERS: dict[DecisionKind, Resolver] = {
    DecisionKind.PRIORITY: resolve_priority,
}
