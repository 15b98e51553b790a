"""Changing the target of an action die (``reactive: targeted`` globals, ``do: retarget``).

Once an action die's ability has chosen its targets and before it resolves, when one of
them is a character die in the field, either player may answer with a global written
``reactive: targeted`` (Wonder Woman, skc: "change the target of an action die that
targets a character die to the character die of your choice"). The action's opponent is
asked first, then its user; each global once per player for each resolving ability, and a
change opens the question to both again. The global's ``retarget`` effect moves one of
those targets (its user says which when there are several) to any other character die in
the field that the action could target: the rulebook's redirection keeps the source, so a
die protected from action dice is not offered, but what else the action asked of its
target (an opposing die, a level) does not matter. ``triggers`` asks here before the
ability's "targeted" events and effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import events, rules, text_loss
from teambuilder.engine.abilities import Ability
from teambuilder.engine.actions import Action, ChooseTarget, Decision, DecisionKind, Pass, UseGlobal
from teambuilder.engine.costs import global_cost, limit_allows, spend
from teambuilder.engine.energy import payment_options
from teambuilder.engine.events import ability_of
from teambuilder.engine.resolution import Resolution
from teambuilder.engine.state import Resolver, Zone
from teambuilder.engine.targets import effects_of

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

PAYMENTS_OFFERED = 3          # ways to pay offered for each global (as for damage reactions)


def _targeted(game: Game, resolution: Resolution) -> list[tuple[int, int]]:
    """The action's targets that are character dice in the field, as (effect, pick)."""
    found: list[tuple[int, int]] = []
    chosen = effects_of(ability_of(game, resolution.trigger), resolution)
    for index, (effect, picks) in enumerate(zip(chosen, resolution.targets)):  # noqa: B905 (lengths agree)
        if effect.to.chosen:
            continue      # "choose" is not targeting
        for position, die_id in enumerate(picks):
            die = game.dice[die_id] if die_id >= 0 else None
            if die is not None and die.zone is Zone.FIELD and game.is_character(die):
                found.append((index, position))
    return found


def _new_targets(game: Game, resolution: Resolution, old: int) -> list[int]:
    """Where a target may be moved: another character die in the field the action's user
    could target with an action die."""
    user = resolution.trigger.controller
    return sorted(d.id for d in game.field_characters() if d.id != old
                  and (not game.has_rules or rules.can_target(game, d, user, "action")))


def _globals(game: Game) -> list[tuple[int, int, Ability]]:
    return [(slot, index, ability) for slot in range(len(game.slots))
            for index, ability in enumerate(game.abilities_of(slot)) if ability.reactive == "targeted"]


def _uses(game: Game, player: int, resolution: Resolution) -> list[Action]:
    """The ``reactive: targeted`` globals ``player`` may pay for now, one action per way to pay."""
    options: list[Action] = []
    sources = game.energy_sources(player)
    for slot, index, ability in _globals(game):
        if (player, slot, index) in resolution.retarget_used or not limit_allows(game, player, slot, index, ability):
            continue
        if game.has_rules and (text_loss.card_text_blank(game, slot, global_ability=True)
                               or rules.globals_blocked(game, slot)):
            continue
        options += [UseGlobal(slot, index, p) for p in payment_options(
            sources, game.players[player].virtual, global_cost(ability, game, player, slot), PAYMENTS_OFFERED)]
    return options


def offer(game: Game, resolution: Resolution) -> bool:
    """Ask the next player who may change one of the action's targets (True: asked)."""
    targeted = _targeted(game, resolution)
    if not targeted or not any(_new_targets(game, resolution, resolution.targets[e][p]) for e, p in targeted):
        return False
    trigger = resolution.trigger
    names = ", ".join(game.die_name(game.dice[resolution.targets[e][p]]) for e, p in targeted)
    for player in (1 - trigger.controller, trigger.controller):
        if player in resolution.retarget_passed:
            continue
        options = _uses(game, player, resolution)
        if options:
            game.decision = Decision(player, DecisionKind.RETARGET,
                                     f"{trigger.label(game)} targets {names}: use a global to change its target?",
                                     options=(Pass(),) + tuple(options))
            return True
        resolution.retarget_passed += (player,)
    return False


def resolve_retarget(game: Game, decision: Decision, action: Action) -> None:
    resolution = game.resolving
    assert resolution is not None
    player = decision.player
    if isinstance(action, Pass):
        resolution.retarget_passed += (player,)
        return
    if isinstance(action, UseGlobal):
        ability = game.abilities_of(action.slot)[action.ability]
        spent = spend(game, player, action.payment, global_cost(ability, game, player, action.slot), "global")
        uses = game.players[player].global_uses
        uses[(action.slot, action.ability)] = uses.get((action.slot, action.ability), 0) + 1
        resolution.retarget_used += ((player, action.slot, action.ability),)
        resolution.retarget_user = player
        game.say(f"uses the global of {game.slots[action.slot].card.card.full_name} (paying {spent}).", player)
        events.watch(game, "global_used", player=player, by=player, event_slot=action.slot)
        targeted = [t for t in _targeted(game, resolution)
                    if _new_targets(game, resolution, resolution.targets[t[0]][t[1]])]
        if len(targeted) == 1:
            resolution.retarget_from = targeted[0]
            _ask_where(game, resolution)
        else:
            game.decision = Decision(player, DecisionKind.RETARGET, "Choose the target to change.",
                                     options=tuple(ChooseTarget(resolution.targets[e][p]) for e, p in targeted))
        return
    assert isinstance(action, ChooseTarget)
    if resolution.retarget_from is None:
        resolution.retarget_from = next(t for t in _targeted(game, resolution)
                                        if resolution.targets[t[0]][t[1]] == action.target)
        _ask_where(game, resolution)
        return
    effect, position = resolution.retarget_from
    old = resolution.targets[effect][position]
    resolution.targets[effect][position] = action.target
    game.say(f"changes the target of {resolution.trigger.label(game)} from {game.die_name(game.dice[old])} "
             f"to {game.die_name(game.dice[action.target])}.", player)
    # Either player may answer the new target in turn (each global once per player).
    resolution.retarget_from, resolution.retarget_user, resolution.retarget_passed = None, None, ()


def _ask_where(game: Game, resolution: Resolution) -> None:
    assert resolution.retarget_from is not None and resolution.retarget_user is not None
    effect, position = resolution.retarget_from
    old = resolution.targets[effect][position]
    game.decision = Decision(resolution.retarget_user, DecisionKind.RETARGET,
                             f"Choose the new target instead of {game.die_name(game.dice[old])}.",
                             options=tuple(ChooseTarget(d) for d in _new_targets(game, resolution, old)))


RESOLVERS: dict[DecisionKind, Resolver] = {
    DecisionKind.RETARGET: resolve_retarget,
}
