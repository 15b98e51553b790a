"""The trigger queue: batching and resolving the triggers ``events`` raised.

Triggers raised by one game event form a batch. A batch resolves the active player's triggers first, in
the order that player chooses, then the inactive player's in theirs. Triggers raised while a batch
resolves wait in a new batch behind it (first triggered, first resolved). Once an ability starts
resolving it finishes before the next one starts: its "you may" and "choose one" are answered and its
targets chosen as it starts, and an effect with no legal target does not happen.

Triggers are raised in ``events`` (``emit``, ``watch``), below the effects they cause; re-exported here.

``zip`` here takes no ``strict=``: the lengths agree by construction, and mypyc compiles a plain ``zip``
into a loop but a keyword into a generic call (12% more work a game, measured).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Ability, Effect
from teambuilder.engine import (
    block_prices,
    choices,
    conditions,
    costs,
    ignoring,
    keyword_enlistment,
    keywords,
    primitives,
    retargeting,
    selectors,
)
from teambuilder.engine.actions import (
    Action,
    Choose,
    ChoosePlayer,
    ChooseTarget,
    ChooseTrigger,
    Decision,
    DecisionKind,
    Pass,
)
from teambuilder.engine.energy import Payment
from teambuilder.engine.events import PendingTrigger, ability_of, context_of, keyword_used, watch
from teambuilder.engine.ko_instead import finish_held, replacement_did
from teambuilder.engine.price_questions import ask_price
from teambuilder.engine.resolution import PriceQuestion, Resolution
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Resolver
from teambuilder.engine.targets import earlier_targets, effects_of, still_there, target_candidates, targets_wanted

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def batch_new(game: Game) -> None:
    game.trigger_batches.append(game.new_triggers)
    game.new_triggers = []


def step(game: Game) -> None:
    """Resolve the next pending trigger, or ask which one when the order matters."""
    if game.resolving is not None:
        _continue(game)
        return
    batch = game.trigger_batches[0]
    if not batch:
        game.trigger_batches.pop(0)
        return
    for player in (game.active, game.inactive):
        mine = [i for i, t in enumerate(batch) if t.controller == player]
        if not mine:
            continue
        kinds = {(batch[i].slot, batch[i].ability) for i in mine}
        if len(kinds) > 1:
            game.decision = Decision(player, DecisionKind.ORDER, "Choose which ability resolves next.",
                                     options=tuple(ChooseTrigger(i) for i in mine))
            return
        _start(game, batch.pop(mine[0]))
        return


def resolve_order(game: Game, decision: Decision, action: Action) -> None:
    assert isinstance(action, ChooseTrigger)
    _start(game, game.trigger_batches[0].pop(action.index))


def _start(game: Game, trigger: PendingTrigger) -> None:
    game.resolving = Resolution(trigger)
    _continue(game)


def _continue(game: Game) -> None:
    """Answer "you may", "choose one", and targets effect by effect; then apply them all."""
    resolution = game.resolving
    assert resolution is not None
    trigger = resolution.trigger
    ability = ability_of(game, trigger)
    if resolution.applying:
        game.resolving = None
        execute(game, trigger, ability, resolution)      # its damage is dealt: go on
        return
    ctx = context_of(game, trigger)
    if resolution.accepted is None:
        if ability.conditions and not conditions.all_hold(ctx, ability.conditions):
            game.resolving = None
            game.say(f"{trigger.label(game)}: its condition no longer holds; nothing happens.", trigger.controller)
            finish_held(game, trigger)
            return
        if ability.keyword == "trap" and trigger.source is not None:
            keywords.spring_trap(game, game.dice[trigger.source])   # it must spring, then resolve
        if ability.optional:
            game.decision = Decision(trigger.controller, DecisionKind.OPTIONAL, f"Use {trigger.label(game)}?",
                                     options=(Choose(1), Pass()))
            return
        _accept(game, resolution)
    chooser = 1 - trigger.controller if ability.chooser == "opponent" else trigger.controller
    if ability.modes and resolution.mode is None:
        # A mode that has no legal target now is not offered (unless none has).
        possible = [i for i, mode in enumerate(ability.modes) if all(
            not e.targets or e.to.up_to or target_candidates(ctx, e, []) for e in mode)]
        game.decision = Decision(chooser, DecisionKind.MODE, f"Choose one for {trigger.label(game)}.",
                                 options=tuple(Choose(i) for i in possible or range(len(ability.modes))))
        return
    chosen = effects_of(ability, resolution)
    while len(resolution.targets) < len(chosen):
        effect = chosen[len(resolution.targets)]
        # A named choice is made as the ability starts, in its place among the targets (the
        # targets of a later effect may depend on it: "Prep 1 die of that affiliation").
        if effect.op == "choose" and len(resolution.targets) not in resolution.answers:
            offered = choices.options(ctx, effect)
            if len(offered) > 1:
                game.decision = choices.question(ctx, effect, offered)
                return
            if offered:           # one option: chosen now, so the targets of later effects see it
                choices.remember(ctx, effect, offered[0])
                resolution.answers[len(resolution.targets)] = True
        if effect.to.keep and (keeper := choices.next_keeper(ctx, effect, resolution.picking)) is not None:
            game.decision = Decision(keeper[0], DecisionKind.TARGET, f"Choose a die to keep ({trigger.label(game)}).",
                                     options=tuple(ChooseTarget(i) for i in keeper[1]))
            return
        if not effect.targets:
            resolution.targets.append(resolution.picking if effect.to.keep else [])
            resolution.picking = []
            continue
        wanted = targets_wanted(ctx, effect)
        candidates = target_candidates(ctx, effect, earlier_targets(resolution.targets, resolution.picking)
                                       if effect.to.different else resolution.picking)
        if len(resolution.picking) >= wanted or not candidates:
            resolution.targets.append(resolution.picking)
            resolution.picking = []
            continue
        optional = effect.to.up_to or effect.split and bool(resolution.picking)
        if len(candidates) == 1 and not optional:
            resolution.picking.append(candidates[0])
            continue
        options: tuple[Action, ...] = tuple(ChooseTarget(c) if c >= 0 else ChoosePlayer(-1 - c) for c in candidates)
        picker = 1 - trigger.controller if effect.chooser == "opponent" else chooser   # "your opponent chooses"
        game.decision = Decision(picker, DecisionKind.TARGET,
                                 f"Choose a target for {trigger.label(game)}: {effect.op}"
                                 f" ({len(resolution.picking) + 1} of {wanted}).",
                                 options=((Pass(),) if optional else ()) + options)
        return
    if ability.keyword == "enlistment" and not resolution.enlisted:
        resolution.enlisted = True       # asked once: a KO stops the ability, a pass lets it go on
        if keyword_enlistment.offer(game, trigger.controller, trigger.label(game), resolution.targets):
            return
    if (trigger.kind == "action" and (game.tables.retargets or game.bookkeeping.borrowed)
            and retargeting.offer(game, resolution)) or ignoring.offer(game, resolution):
        return          # a global may change an action die's target first (Wonder Woman, skc); pay to ignore it

    game.resolving = None
    if "targeted" in game.tables.watched:
        for effect, picks in zip(chosen, resolution.targets):  # noqa: B905 (see module docstring)
            for die_id in picks:
                if die_id >= 0 and not effect.to.chosen:
                    watch(game, "targeted", game.dice[die_id], player=trigger.controller, by=trigger.controller,
                          kind=trigger.kind, event_slot=trigger.slot,
                          instigator=None if trigger.source is None else game.dice[trigger.source])
    execute(game, trigger, ability, resolution)


def execute(game: Game, trigger: PendingTrigger, ability: Ability, resolution: Resolution) -> None:
    """Apply the effects of a resolving ability to its chosen or selected dice/players, in
    order. After an effect that deals damage the ability pauses (``applying``) until the
    damage is dealt, so the game can end before the next effect happens."""
    ctx = context_of(game, trigger)
    if not resolution.applying:
        game.say(f"resolves {trigger.label(game)}.", trigger.controller)
    ctx.targets = [game.dice[i] for i in resolution.carried]
    ctx.it = [game.dice[i] for i in resolution.carried_it]
    done = resolution.done
    did_any = resolution.did_any
    steps = list(zip(effects_of(ability, resolution), resolution.targets))  # noqa: B905 (see module docstring)
    for index in range(resolution.next_effect, len(steps)):
        effect, picks = steps[index]
        if effect.if_done and not done or effect.if_not_done and done \
                or effect.conditions and not conditions.all_hold(ctx, effect.conditions):
            done = False        # (an effect whose own condition fails does not happen: "Burst: also ...")
            continue
        if effect.instead is not None:
            if effect.targets:      # ("5 damage instead if its cost is 4 or more": {stat: cost, of: target})
                ctx.targets = [game.dice[i] for i in picks if i >= 0] or ctx.targets
            if conditions.all_hold(ctx, effect.instead.conditions):
                effect = effect.instead     # "Burst: ... instead": the upgraded effect happens in its place
        if effect.targets:
            dice = [game.dice[i] for i in picks if i >= 0 and still_there(ctx, game.dice[i], effect)]
            players = [-1 - i for i in picks if i < 0]
            if not dice and not players:
                game.say(f"{effect.op} has no legal target and does not happen.", trigger.controller)
                done = False
                continue
        elif effect.to.player is not None:
            dice, players = [], primitives.players_of(ctx, effect.to.player)
        else:
            dice, players = [d for d in selectors.select(ctx, effect.to.die) if d.id not in picks], []
        if effect.op == "choose" and index in resolution.answers:
            done = True                         # the chooser has answered
            continue
        price = effect.unless or effect.pay
        if price is not None:
            paid = resolution.answers.get(index)
            if paid is None:
                paid = _settle_price(game, trigger, ability, resolution, index, done, ctx)
                if paid is None:
                    return                      # the payer is asked; the ability goes on after
            if paid == (effect.unless is not None):
                done = False                    # paid "unless", or did not pay for it
                continue
        ctx.targets = list(dice) if effect.targets else ctx.targets
        done = primitives.apply(ctx, effect, dice, players)
        did_any = did_any or done
        if done and game.this_turn.holding():
            replacement_did(game, trigger)           # a replacement did something: the KO is replaced
        if game.over or game.decision is not None and game.decision.kind is not DecisionKind.SCRIPT:
            return
        # Its damage dealt, or the question an effect asked (a face to turn to, a die to
        # keep) answered, the ability goes on with its next effect.
        if (game.damage_queue or game.decision is not None) and index + 1 < len(steps):
            resolution.applying, resolution.next_effect, resolution.done = True, index + 1, done
            resolution.did_any = did_any
            resolution.carried = [d.id for d in ctx.targets]
            resolution.carried_it = [d.id for d in ctx.it]
            game.resolving = resolution
            return
        if game.decision is not None:
            return
    if steps and not did_any:
        # Every effect found nothing to do (no die to spin down, a condition of its own
        # script unmet): the log says so, rather than the ability passing in silence.
        game.say(f"{trigger.label(game)} changes nothing.", trigger.controller)
    if game.this_turn.holding():
        finish_held(game, trigger)


def _settle_price(game: Game, trigger: PendingTrigger, ability: Ability, resolution: Resolution, index: int,
                  done: bool, ctx: Context) -> bool | None:
    """Whether the price of effect ``index`` is paid: settled at once when its payer cannot
    pay or has nothing to choose; otherwise the ability pauses (None) and the payer is asked."""
    effect = effects_of(ability, resolution)[index]
    price = costs.price_of(game, trigger.slot, effect)
    payer = costs.payer_of(price, trigger.controller)
    if price.times and price.energy is None:
        resolution.answers[index] = False       # "any number" came to none: nothing paid, nothing done
        return False
    ways = costs.ways(game, payer, price)
    if not ways:
        game.say(f"cannot pay {price.notation()}.", payer)
        resolution.answers[index] = False
        return False
    # A "you may" already answered yes was the decision to pay: only the way is left.
    question = PriceQuestion.YES_NO if effect.unless is not None or price.free else \
        PriceQuestion.WAYS if ability.optional or price.times else PriceQuestion.WAYS_OR_PASS
    if question is PriceQuestion.WAYS and len(ways) == 1:
        _pay(game, trigger, resolution, index, payer, ways[0])
        return True
    resolution.applying, resolution.next_effect, resolution.done = True, index, done
    resolution.carried = [d.id for d in ctx.targets]
    resolution.carried_it = [d.id for d in ctx.it]      # "it" still means the same dice after the answer
    resolution.pricing = question
    game.resolving = resolution
    ask_price(game, trigger.label(game), payer, price, question, len(ways), effect.unless is not None)
    return None


def _pay(game: Game, trigger: PendingTrigger, resolution: Resolution, index: int, payer: int,
         way: Payment | None) -> None:
    effect = effects_of(ability_of(game, trigger), resolution)[index]
    price = costs.price_of(game, trigger.slot, effect)
    paid = costs.pay_price(game, payer, price, way)
    if price.free:
        game.say(f"chooses to do it ({trigger.label(game)}).", payer)
    elif effect.unless is not None:
        game.say(f"pays {paid} to stop it.", payer)
    else:
        ability = ability_of(game, trigger)
        keyword = f"'s {ability.keyword.replace('_', ' ').title()}" if ability.keyword else ""
        game.say(f"pays {paid} for {game.slots[trigger.slot].card.card.name}{keyword}.", payer)
    resolution.answers[index] = True


def priced_effect(game: Game) -> Effect | None:
    """The effect whose price is being asked (for an agent weighing it), or None."""
    resolution = game.resolving
    if resolution is None or resolution.pricing is None:
        return None
    return effects_of(ability_of(game, resolution.trigger), resolution)[resolution.next_effect]


def resolve_choice(game: Game, decision: Decision, action: Action) -> None:
    resolution = game.resolving
    assert resolution is not None and isinstance(action, Choose)
    index = len(resolution.targets)
    effect = effects_of(ability_of(game, resolution.trigger), resolution)[index]
    ctx = context_of(game, resolution.trigger)
    choices.remember(ctx, effect, choices.picked(ctx, effect, action.index))
    resolution.answers[index] = True
    _continue(game)


def resolve_pay(game: Game, decision: Decision, action: Action) -> None:
    if block_prices.paying(game) or ignoring.paying(game):   # a price for a die in a block, or to ignore effects
        return block_prices.answer(game, action) if block_prices.paying(game) else ignoring.answer(game, action)
    resolution = game.resolving
    assert resolution is not None and resolution.pricing is not None
    index = resolution.next_effect
    effect = effects_of(ability_of(game, resolution.trigger), resolution)[index]
    price = costs.price_of(game, resolution.trigger.slot, effect)
    ways = costs.ways(game, decision.player, price)
    if isinstance(action, Pass):
        game.say("chooses not to." if price.free else "does not pay life." if price.energy is None
                 else f"does not pay {price.notation()}.", decision.player)
        resolution.answers[index] = False
    elif resolution.pricing is PriceQuestion.YES_NO and len(ways) > 1:
        resolution.pricing = PriceQuestion.WAYS
        ask_price(game, resolution.trigger.label(game), decision.player, price, PriceQuestion.WAYS, len(ways), True)
        return
    else:
        assert isinstance(action, Choose)
        way = ways[0] if resolution.pricing is PriceQuestion.YES_NO else ways[action.index]
        _pay(game, resolution.trigger, resolution, index, decision.player, way)
    resolution.pricing = None
    if game.over:
        game.resolving = None
        return
    _continue(game)


def resolve_target(game: Game, decision: Decision, action: Action) -> None:
    resolution = game.resolving
    assert resolution is not None
    if isinstance(action, Pass):
        resolution.targets.append(resolution.picking)
        resolution.picking = []
    elif isinstance(action, ChoosePlayer):
        resolution.picking.append(-1 - action.player)
    else:
        assert isinstance(action, ChooseTarget)
        resolution.picking.append(action.target)
    _continue(game)


def resolve_optional(game: Game, decision: Decision, action: Action) -> None:
    resolution = game.resolving
    assert resolution is not None
    if isinstance(action, Pass):
        game.resolving = None
        game.say(f"chooses not to use {resolution.trigger.label(game)}.", decision.player)
        finish_held(game, resolution.trigger)
        return
    _accept(game, resolution)
    _continue(game)


def _accept(game: Game, resolution: Resolution) -> None:
    """The ability will be used: a keyword's ability is that keyword being used."""
    resolution.accepted = True
    ability = ability_of(game, resolution.trigger)
    # (an ability that itself answers a keyword used raises no further one: no endless chain)
    if ability.keyword and ability.trigger != "keyword_used" and "keyword_used" in game.tables.watched:
        source = resolution.trigger.source
        keyword_used(game, ability.keyword, None if source is None else game.dice[source])


def resolve_mode(game: Game, decision: Decision, action: Action) -> None:
    resolution = game.resolving
    assert resolution is not None and isinstance(action, Choose)
    resolution.mode = action.index
    _continue(game)


RESOLVERS: dict[DecisionKind, Resolver] = {
    DecisionKind.ORDER: resolve_order,
    DecisionKind.TARGET: resolve_target,
    DecisionKind.OPTIONAL: resolve_optional,
    DecisionKind.MODE: resolve_mode,
    **keyword_enlistment.RESOLVERS,
    DecisionKind.PAY: resolve_pay,
    DecisionKind.CHOICE: resolve_choice,
    **retargeting.RESOLVERS,
}
