"""Whether an ability's conditions hold (``if:``, ``usable:``, an ``instead`` or a rule's
condition) against a game, read through the same ``Context`` as the die filters and
amounts of ``selectors``: "while you have 10 or less life", "if you bought a die this
turn", "if the die shows a burst"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import WATCH_TRIGGERS, Condition
from teambuilder.engine.dice import ACTION
from teambuilder.engine.die_facts import (
    ZONE_OF,
    affiliations,
    card_name,
    die_cost,
    doomed,
    engaged,
    face_kind,
    is_action_die,
    is_character_die,
    paid_own_types,
    shares_affiliation,
)
from teambuilder.engine.selectors import Context, amount, chosen, distinct_count, matches, select
from teambuilder.engine.state import Step, Window, Zone

if TYPE_CHECKING:
    pass


def holds(ctx: Context, condition: Condition) -> bool:
    game = ctx.game
    me, them = game.players[ctx.controller], game.players[1 - ctx.controller]
    kind = condition.kind
    if kind == "count":
        assert condition.die is not None
        found = distinct_count(ctx, select(ctx, condition.die), condition.distinct)
        return (condition.at_least is None or found >= condition.at_least) and \
            (condition.at_most is None or found <= condition.at_most)
    if kind == "event":
        assert condition.die is not None
        return ctx.event_die is not None and matches(ctx, ctx.event_die, condition.die)
    if kind == "life":
        return {"below_opponent": me.life < them.life, "above_opponent": me.life > them.life,
                "not_above_opponent": me.life <= them.life}[condition.value]
    if kind == "underdog":
        return len(game.field_characters(1 - ctx.controller)) > len(game.field_characters(ctx.controller))
    if kind == "turn":
        return (game.active == ctx.controller) == (condition.value == "yours")
    if kind == "step":
        return (game.window == Window.ATTACK or game.step == Step.ATTACK) if condition.value == "attack" \
            else game.window == Window.MAIN
    if kind == "combat":
        return ctx.combat == (condition.value == "true")
    if kind == "named":
        return (chosen(game, ctx.slot) is not None) == (condition.value != "false")
    if kind == "draft":         # the game is played in a draft format (Rainbow Draft)
        return game.draft == (condition.value != "false")
    if kind == "event_card":
        # The card the event is about (the card whose global was used) is yours / theirs.
        owner = None if ctx.event_slot is None else game.slots[ctx.event_slot].owner
        return owner is not None and (owner == ctx.controller) == (condition.value == "you")
    if kind == "amount":
        assert condition.amount is not None
        if (condition.amount.chosen or (condition.equals is not None and condition.equals.chosen)) \
                and chosen(game, ctx.slot) is None:
            return False                        # no number chosen: nothing to compare
        found = amount(ctx, condition.amount)
        return (condition.equals is None or found == amount(ctx, condition.equals)) and \
            (condition.below is None or found < amount(ctx, condition.below)) and \
            (condition.above is None or found > amount(ctx, condition.above)) and \
            (condition.at_least is None or found >= condition.at_least) and \
            (condition.at_most is None or found <= condition.at_most)
    if kind == "source":        # what caused it (an energy event's kind is "<source>:<symbols spent>")
        return ctx.event_kind.partition(":")[0] in condition.value.split(",")
    if kind == "spent":         # the energy spent included that symbol
        return condition.value in ctx.event_kind.partition(":")[2].split("+")
    if kind in ("event_step", "event_keyword"):
        return ctx.event_kind == condition.value      # the step or the keyword used
    if kind == "by":
        return ctx.event_by is not None and (ctx.event_by == ctx.controller) == (condition.value == "you")
    if kind == "turned_this_turn":          # a field die of yours was rerolled or turned to an energy face this turn
        return ctx.controller in game.this_turn.turned_or_rerolled
    if kind in ("resistance", "kod_this_turn"):     # a character die of yours (any / none) was KO'd this turn
        lost, value = game.this_turn.lost_dice, condition.value
        return ctx.controller in lost if value in ("true", "you") else bool(lost) == (value == "any")
    if kind == "retaliation":
        # Retaliation: a die of this card other than the KO'd one is active (a die cannot
        # retaliate for its own KO: it is no longer active).
        return any(d.slot == ctx.slot and d.owner == ctx.controller and d is not ctx.event_die
                   for d in game.field_characters(ctx.controller))
    if kind == "common_ground":
        # Common Ground: this die attacks together with at least one Villain character die.
        source = ctx.source
        return source is not None and source.attacking and any(
            d.attacking and d is not source and "villain" in affiliations(game, d) for d in game.field_characters())
    if kind == "side":
        # A Flip card's side: the ability holds only while its card shows that side.
        return ctx.slot is not None and (ctx.slot in game.bookkeeping.flipped) == (condition.value == "back")
    if kind == "paired":
        # Heroic: the ability's die (for statics, any die of its card) has a partner.
        partners = game.bookkeeping.partners
        if ctx.source is not None:
            return ctx.source.id in partners
        return ctx.slot is not None and any(d.id in partners for d in game.slot_dice[ctx.slot])
    if kind == "paid_own_types":      # Crosspulse: the last purchase, wholly with the card's types
        return paid_own_types(game, ctx.slot)
    if kind == "teamwork":            # Teamwork: two of your active character dice share an affiliation
        return shares_affiliation(game, game.field_characters(ctx.controller))
    if kind == "event_player":
        return ctx.event_player is not None and (ctx.event_player == ctx.controller) == (condition.value == "you")
    if kind == "burst":
        return _bursts(ctx) >= 2 if condition.value == "double" else (_bursts(ctx) > 0) == (condition.value == "true")
    if kind == "only_attacker":
        attackers = [d for d in game.dice if d.attacking]
        return ctx.source is not None and attackers == [ctx.source]
    raise ValueError(f"unknown condition {kind}")


def _bursts(ctx: Context) -> int:
    """The burst symbols the ability's die shows (an action die just used, or a character die on
    a burst face). A "while active" ability speaks for every die of its card: the best in the field."""
    if ctx.source is not None and ctx.trigger not in WATCH_TRIGGERS:
        dice = [ctx.source]
    else:
        dice = [d for d in (ctx.game.slot_dice[ctx.slot] if ctx.slot is not None else [])
                if d.zone is Zone.FIELD and d.owner == ctx.controller]
    return max([ctx.bursts] + [d.spec.faces[d.face].burst for d in dice])


def all_hold(ctx: Context, conditions: Iterable[Condition]) -> bool:
    return all(holds(ctx, c) for c in conditions)


__all__ = ["ACTION", "ZONE_OF", "Context", "affiliations", "all_hold", "amount", "card_name", "die_cost", "doomed",
           "engaged", "face_kind", "is_action_die", "is_character_die", "matches", "paid_own_types", "select",
           "shares_affiliation"]
