"""Global Abilities as targets, and the ongoing effects of globals.

"Target Global Ability can't be used until the start of your next turn" (Pirate Broadcast,
10msw): ``{do: choose, choice: global}`` asks for one Global Ability of any card in the
game (its place among the targets, as a target is chosen), then ``{do: lock_global,
duration: until_your_next_turn}`` locks it: a ``no_globals`` rule (``by: chosen``) whose
``slots`` hold that global as ``slot * GLOBALS_PER_CARD + index``; ``windows`` asks
``locked`` before offering a global. "Cancel any persistent Global Ability effects"
(``{do: end_global_effects}``): the stat changes globals gave (tagged ``global`` as they
are made: ``origin``), the marks they put on dice this turn, and the rules in force they
put there end now. "Cancel that Global Ability" (Blink: Warp Portals, 100dps, on a
``global_used`` trigger): ``{do: cancel_global}`` takes the global just used (the event's card,
waiting behind the "whenever a global is used" abilities) off the queue: it never resolves,
its cost stays paid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import rules
from teambuilder.engine.game_state import GLOBALS_PER_CARD, ChoiceKind
from teambuilder.engine.selectors import Context, chosen
from teambuilder.engine.state import Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

_LOCK = Effect("rule", rule="no_globals", by="chosen")


def origin(ctx: Context) -> str:
    """What a stat change records as its source: ``global`` when a global makes it."""
    return "global" if ctx.kind == "global" else "effect"


def locked(game: Game, slot: int, index: int) -> bool:
    """Whether the global ``index`` of the card in ``slot`` is locked (``lock_global``)."""
    key = slot * GLOBALS_PER_CARD + index
    return any(r.effect.by == "chosen" and key in r.slots for r in rules.in_force(game, "no_globals"))


def lock_global(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: lock_global``: the Global Ability the card chose can't be used for ``duration``."""
    game = ctx.game
    choice = chosen(game, ctx.slot)
    if choice is None or choice.kind is not ChoiceKind.GLOBAL:
        game.say("no Global Ability was chosen; nothing is locked.", ctx.controller)
        return False
    until = game.turn_number + (1 if game.active == ctx.controller else 0) \
        if effect.duration == "until_your_next_turn" else 0
    game.turn_rules.append(rules.ActiveRule(ctx.controller, ctx.slot, _LOCK, slots=(choice.number,),
                                            until_turn=until))
    when = "until the start of your next turn" if until else "this turn"
    game.say(f"the {choice.text} can't be used {when}.", ctx.controller)
    return True


def from_global(game: Game, rule: rules.ActiveRule) -> bool:
    """Whether a rule in force was put there by a Global Ability (one of its card's globals' effects)."""
    return rule.slot is not None and any(
        rule.effect in ability.effects for ability in game.abilities_of(rule.slot) if ability.is_global)


def end_global_effects(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: end_global_effects``: every ongoing effect of a Global Ability ends now."""
    game = ctx.game
    ended = 0
    for die in game.dice:
        kept = [m for m in die.modifiers if m.source != "global"]
        ended += len(die.modifiers) - len(kept)
        die.modifiers = kept
    for die_id, mark in sorted(game.this_turn.global_marks):
        if mark in game.dice[die_id].flags:
            game.dice[die_id].flags.discard(mark)
            ended += 1
    game.this_turn.global_marks.clear()
    rules_left = [r for r in game.turn_rules if not from_global(game, r)]
    ended += len(game.turn_rules) - len(rules_left)
    game.turn_rules = rules_left
    game.say(f"ends {ended} ongoing Global Ability effect(s)." if ended else "no Global Ability effect is ongoing.",
             ctx.controller)
    return bool(ended)


def cancel_global(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: cancel_global``: the Global Ability just used (of the event's card, by the event's
    player) is taken off the queue before it resolves; what was paid stays paid."""
    game = ctx.game
    for queue in [game.new_triggers, *reversed(game.trigger_batches)]:
        for pending in reversed(queue):
            if pending.kind == "global" and pending.slot == ctx.event_slot and pending.controller == ctx.event_player:
                queue.remove(pending)
                game.say(f"cancels the global of {game.slots[pending.slot].card.card.full_name}.", ctx.controller)
                return True
    game.say("no Global Ability is waiting to resolve; nothing is cancelled.", ctx.controller)
    return False
