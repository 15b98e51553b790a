"""The trigger queue.

Triggers raised by one game event form a batch. A batch resolves the active player's
triggers first, in the order that player chooses, then the inactive player's in theirs.
Triggers raised while a batch resolves wait in a new batch behind it (first triggered,
first resolved). Once an ability starts resolving it finishes before the next one
starts: its "you may" and "choose one" are answered and its targets chosen as it starts,
and an effect with no legal target does not happen.

Two kinds of trigger are raised here: a die's own abilities (``emit``: when *this* die is
fielded, attacks, is KO'd...) and the "whenever ..." abilities of active cards
(``watch``: whenever any die is fielded, you are dealt damage...), which trigger once
per card however many of its dice are active.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Ability, Condition, Effect
from teambuilder.engine import primitives, rules, selectors
from teambuilder.engine.actions import (
    Action,
    Choose,
    ChoosePlayer,
    ChooseTarget,
    ChooseTrigger,
    Decision,
    Pass,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class PendingTrigger:
    """An ability waiting to resolve: whose, from which card slot and die, and about what."""

    controller: int
    slot: int
    ability: int
    source: int | None = None
    event_die: int | None = None
    bursts: int = 0
    event_player: int | None = None
    event_amount: int = 0
    combat: bool = False
    kind: str = "ability"            # ability | global | action
    event_slot: int | None = None    # the card the event is about (the global used...)
    event_kind: str = ""             # what caused the event (global, action, ability, combat...)
    event_by: int | None = None      # whose die or ability caused it
    bound: tuple[int, ...] = ()      # dice chosen by the ability that scheduled this one
    instigator: int | None = None    # the die that caused the event

    def label(self, game: Game) -> str:
        card = game.slots[self.slot].card.card
        ability = ability_of(game, self)
        return f"{card.full_name} ({ability.keyword.replace('_', ' ').title() if ability.keyword else ability.trigger})"


@dataclass
class Resolution:
    trigger: PendingTrigger
    targets: list[list[int]] = field(default_factory=list)   # per effect; players are -1 - index
    picking: list[int] = field(default_factory=list)          # targets of the effect being chosen
    accepted: bool | None = None
    mode: int | None = None
    # Once its effects start, an ability pauses after an effect that deals damage until the
    # damage is dealt (a player it brings to 0 ends the game before the next effect):
    applying: bool = False
    next_effect: int = 0                                       # the next effect to apply
    done: bool = True                                          # the last one did something
    carried: list[int] = field(default_factory=list)          # earlier effects' dice ("that die")


def ability_of(game: Game, trigger: PendingTrigger) -> Ability:
    if trigger.ability < 0:
        from teambuilder.engine import keywords
        return keywords.raised_ability(trigger.ability)
    return game.abilities_of(trigger.slot)[trigger.ability]


def context_of(game: Game, trigger: PendingTrigger) -> Context:
    ability = ability_of(game, trigger)
    return Context(game, trigger.controller, trigger.slot,
                   None if trigger.source is None else game.dice[trigger.source],
                   None if trigger.event_die is None else game.dice[trigger.event_die],
                   trigger.event_player, trigger.event_amount, trigger.combat,
                   "intimidate" if ability.keyword == "intimidate" else trigger.kind,
                   trigger=ability.trigger, event_slot=trigger.event_slot, event_kind=trigger.event_kind,
                   event_by=trigger.event_by, bound=trigger.bound,
                   instigator=None if trigger.instigator is None else game.dice[trigger.instigator])


def _live(game: Game, slot: int, trigger: str) -> bool:
    return not rules.card_text_blank(game, slot) and not rules.suppressed_trigger(game, trigger)


def _may_trigger(game: Game, ability: Ability, pending: PendingTrigger) -> bool:
    ctx = context_of(game, pending)
    if ability.keyword == "underdog" and not selectors.holds(ctx, _UNDERDOG):
        return False
    if ability.when is not None and (ctx.event_die is None or not selectors.matches(ctx, ctx.event_die, ability.when)):
        return False
    return selectors.all_hold(ctx, ability.conditions)


def emit(game: Game, event: str, die: Die, event_die: Die | None = None, *, player: int | None = None,
         amount: int = 0, combat: bool = False) -> None:
    """Queue ``die``'s own abilities that trigger on ``event``."""
    if die.slot is None or die.owner is None or not _live(game, die.slot, event):
        return
    slot = game.slots[die.copy_of] if die.copy_of is not None else game.slots[die.slot]
    for index, ability in enumerate(game.abilities_of(slot.index)):
        if ability.trigger != event or ability.scheduled:
            continue
        pending = PendingTrigger(die.owner, slot.index, index, die.id,
                                 None if event_die is None else event_die.id, event_player=player,
                                 event_amount=amount, combat=combat)
        if _may_trigger(game, ability, pending):
            game.new_triggers.append(pending)


def watch(game: Game, event: str, die: Die | None = None, *, player: int | None = None,
          amount: int = 0, combat: bool = False, event_slot: int | None = None, kind: str = "",
          by: int | None = None, instigator: Die | None = None) -> None:
    """Queue the "whenever ..." abilities of active cards that watch for ``event``."""
    if event not in game.watched:
        return
    for controller, slot_index, index, _, source, bound, origin in list(game.scheduled):
        ability = game.slots[slot_index].card.abilities[index]
        if ability.trigger != event or (event == "you_damaged" and player != controller):
            continue
        pending = PendingTrigger(controller, slot_index, index, source, None if die is None else die.id,
                                 event_player=player, event_amount=amount, combat=combat, event_slot=event_slot,
                                 event_kind=kind, event_by=by, bound=bound, kind=origin,
                                 instigator=None if instigator is None else instigator.id)
        if _may_trigger(game, ability, pending):
            game.new_triggers.append(pending)
    for slot in game.slots if game.borrowed else game.watching.get(event, ()):
        abilities = game.abilities_of(slot.index)
        indexes = [i for i, a in enumerate(abilities) if a.trigger == event and not a.scheduled]
        if not indexes or not _live(game, slot.index, event):
            continue
        for controller, source in _watchers(game, slot.index, any(abilities[i].anywhere for i in indexes)):
            if event == "you_damaged" and player != controller:
                continue
            for index in indexes:
                pending = PendingTrigger(controller, slot.index, index, source,
                                         None if die is None else die.id, event_player=player,
                                         event_amount=amount, combat=combat, event_slot=event_slot,
                                         event_kind=kind, event_by=by,
                                         instigator=None if instigator is None else instigator.id)
                if _may_trigger(game, abilities[index], pending):
                    game.new_triggers.append(pending)


def _watchers(game: Game, slot: int, anywhere: bool) -> list[tuple[int, int | None]]:
    """Who a card's "while active" trigger belongs to, with one of its active dice as the
    source: its owner (or, for a basic action, whoever has its die in the field)."""
    owner = game.slots[slot].owner
    found: dict[int, int | None] = {}
    for die in game.dice:
        if die.slot == slot and die.zone is Zone.FIELD and die.owner is not None and die.owner not in found:
            found[die.owner] = die.id
    if anywhere and owner is not None and owner not in found:
        found[owner] = None
    return sorted(found.items())


def emit_for_players(game: Game, event: str) -> None:
    """Queue start/end-of-turn abilities of every active card (active player's first)."""
    watch(game, event)


def queue_now(game: Game, trigger: PendingTrigger) -> None:
    """Queue an ability that resolves as part of an action (action dice, globals)."""
    game.new_triggers.append(trigger)


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
            game.decision = Decision(player, "order", "Choose which ability resolves next.",
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


def effects_of(ability: Ability, resolution: Resolution) -> tuple[Effect, ...]:
    if ability.modes and resolution.mode is not None:
        return ability.modes[resolution.mode]
    return ability.effects


def target_candidates(ctx: Context, effect: Effect, picked: list[int]) -> list[int]:
    """Legal targets for the next pick (sorted, so choices are stable); players are
    encoded as -1 - index. A die already picked cannot be picked again, except for split
    damage where each pick is one point."""
    found: list[int] = []
    if effect.to.or_player:
        # "target player (or character die)": either player; the filter describes the dice.
        found += [-1 - ctx.controller, -1 - (1 - ctx.controller)]
    elif effect.to.player == "target":
        # "target player", or with an owner "target opponent" (or "yourself").
        found += [-1 - p for p in (ctx.controller, 1 - ctx.controller)
                  if effect.to.die.owner is None or (effect.to.die.owner == "you") == (p == ctx.controller)]
    if effect.to.player != "target":
        for die in selectors.select(ctx, effect.to.die):
            if (effect.split or die.id not in picked) and (
                    die.zone is not Zone.FIELD or rules.can_target(ctx.game, die, ctx.controller, ctx.kind)):
                found.append(die.id)
    return sorted(found)


def _wanted(ctx: Context, effect: Effect) -> int:
    return selectors.amount(ctx, effect.amount) if effect.split else max(effect.to.target, 1)


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
        if ability.conditions and not selectors.all_hold(ctx, ability.conditions):
            game.resolving = None
            game.say(f"{trigger.label(game)}: its condition no longer holds; nothing happens.", trigger.controller)
            return
        if ability.optional:
            game.decision = Decision(trigger.controller, "optional", f"Use {trigger.label(game)}?",
                                     options=(Choose(1), Pass()))
            return
        resolution.accepted = True
    if ability.modes and resolution.mode is None:
        game.decision = Decision(trigger.controller, "mode", f"Choose one for {trigger.label(game)}.",
                                 options=tuple(Choose(i) for i in range(len(ability.modes))))
        return
    chosen = effects_of(ability, resolution)
    while len(resolution.targets) < len(chosen):
        effect = chosen[len(resolution.targets)]
        if not effect.targets:
            resolution.targets.append([])
            continue
        wanted = _wanted(ctx, effect)
        candidates = target_candidates(ctx, effect, resolution.picking)
        if len(resolution.picking) >= wanted or not candidates:
            resolution.targets.append(resolution.picking)
            resolution.picking = []
            continue
        optional = effect.to.up_to or effect.split and bool(resolution.picking)
        if len(candidates) == 1 and not optional:
            resolution.picking.append(candidates[0])
            continue
        options: tuple[Action, ...] = tuple(ChooseTarget(c) if c >= 0 else ChoosePlayer(-1 - c) for c in candidates)
        game.decision = Decision(trigger.controller, "target",
                                 f"Choose a target for {trigger.label(game)}: {effect.op}"
                                 f" ({len(resolution.picking) + 1} of {wanted}).",
                                 options=((Pass(),) if optional else ()) + options)
        return
    game.resolving = None
    if "targeted" in game.watched:
        for picks in resolution.targets:
            for die_id in picks:
                if die_id >= 0:
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
    done = resolution.done
    steps = list(zip(effects_of(ability, resolution), resolution.targets, strict=True))
    for index in range(resolution.next_effect, len(steps)):
        effect, picks = steps[index]
        if effect.if_done and not done:
            continue
        if effect.targets:
            dice = [game.dice[i] for i in picks if i >= 0 and _still_there(ctx, game.dice[i], effect)]
            players = [-1 - i for i in picks if i < 0]
            if not dice and not players:
                game.say(f"{effect.op} has no legal target and does not happen.", trigger.controller)
                done = False
                continue
        elif effect.to.player is not None:
            dice, players = [], primitives.players_of(ctx, effect.to.player)
        else:
            dice, players = selectors.select(ctx, effect.to.die), []
        ctx.targets = list(dice) if effect.targets else ctx.targets
        done = primitives.apply(ctx, effect, dice, players)
        if game.over or game.decision is not None:
            return
        if game.damage_queue and index + 1 < len(steps):
            resolution.applying, resolution.next_effect, resolution.done = True, index + 1, done
            resolution.carried = [d.id for d in ctx.targets]
            game.resolving = resolution
            return


def _still_there(ctx: Context, die: Die, effect: Effect) -> bool:
    """A target that left its zone before the effect happens is no longer a target."""
    return effect.to.die.zone == "any" or die.zone is selectors.ZONE_OF[effect.to.die.zone]


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
        return
    resolution.accepted = True
    _continue(game)


def resolve_mode(game: Game, decision: Decision, action: Action) -> None:
    resolution = game.resolving
    assert resolution is not None and isinstance(action, Choose)
    resolution.mode = action.index
    _continue(game)


_UNDERDOG = Condition("underdog", value="true")

RESOLVERS: dict[str, Callable[..., None]] = {
    "order": resolve_order, "target": resolve_target, "optional": resolve_optional, "mode": resolve_mode,
}
