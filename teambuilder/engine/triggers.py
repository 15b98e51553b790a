"""The trigger queue.

Triggers raised by one game event form a batch. A batch resolves the active player's
triggers first, in the order that player chooses, then the inactive player's in theirs.
Triggers raised while a batch resolves wait in a new batch behind it (first triggered,
first resolved). Once an ability starts resolving it finishes before the next one
starts; its targets are chosen as it starts, and an effect with no legal target does not
happen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.engine import effects
from teambuilder.engine.abilities import Ability
from teambuilder.engine.actions import Action, ChooseTarget, ChooseTrigger, Decision
from teambuilder.engine.state import Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class PendingTrigger:
    """An ability waiting to resolve: whose, from which card slot, and from which die."""

    controller: int
    slot: int
    ability: int
    source: int | None = None
    event_die: int | None = None
    bursts: int = 0

    def label(self, game: Game) -> str:
        card = game.slots[self.slot].card.card
        return f"{card.full_name} ({game.slots[self.slot].card.abilities[self.ability].trigger})"


@dataclass
class Resolution:
    trigger: PendingTrigger
    targets: list[int | None]


def ability_of(game: Game, trigger: PendingTrigger) -> Ability:
    return game.slots[trigger.slot].card.abilities[trigger.ability]


def emit(game: Game, event: str, die: Die, event_die: Die | None = None) -> None:
    """Queue ``die``'s own abilities that trigger on ``event``."""
    if die.slot is None or die.owner is None:
        return
    for index, ability in enumerate(game.slots[die.slot].card.abilities):
        if ability.trigger == event:
            game.new_triggers.append(PendingTrigger(
                die.owner, die.slot, index, die.id, None if event_die is None else event_die.id))


def emit_for_players(game: Game, event: str) -> None:
    """Queue start/end-of-turn abilities of every active card (active player's first)."""
    for player in (game.active, game.inactive):
        for slot in game.slots:
            if slot.owner != player or not any(a.trigger == event for a in slot.card.abilities) \
                    or not game.is_active_card(slot.index):
                continue
            for index, ability in enumerate(slot.card.abilities):
                if ability.trigger == event:
                    game.new_triggers.append(PendingTrigger(player, slot.index, index))


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
    game.resolving = Resolution(trigger, [])
    _continue(game)


def _continue(game: Game) -> None:
    """Choose targets effect by effect, then apply the whole ability at once."""
    resolution = game.resolving
    assert resolution is not None
    ability = ability_of(game, resolution.trigger)
    while len(resolution.targets) < len(ability.effects):
        effect = ability.effects[len(resolution.targets)]
        if not effect.targets:
            resolution.targets.append(None)
            continue
        candidates = effects.target_candidates(game, resolution.trigger.controller, effect)
        if len(candidates) > 1:
            game.decision = Decision(
                resolution.trigger.controller, "target",
                f"Choose a target for {resolution.trigger.label(game)}: {effect.op}.",
                options=tuple(ChooseTarget(d.id) for d in candidates))
            return
        resolution.targets.append(candidates[0].id if candidates else None)
    game.resolving = None
    effects.execute(game, resolution.trigger, ability, resolution.targets)


def resolve_target(game: Game, decision: Decision, action: Action) -> None:
    assert isinstance(action, ChooseTarget) and game.resolving is not None
    game.resolving.targets.append(action.target)
    _continue(game)


RESOLVERS = {"order": resolve_order, "target": resolve_target}
