"""A card's purchase cost for a player, with the rules in force (reductions, increases):
never below 1 or the card's number of energy types (crossover)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import rules
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def purchase_cost(game: Game, slot: int, player: int | None = None,
                  in_force: list[rules.ActiveRule] | None = None, on_card: Die | None = None) -> int:
    """A card's purchase cost for ``player``; reductions never go below 1 or its number of
    energy types (crossover). ``in_force``: the purchase_cost rules, and ``on_card``: a die
    still on the card, when the caller asks about many cards at once."""
    buyer = game.active if player is None else player
    return game.remembered(("cost", slot, buyer), lambda: _purchase_cost(game, slot, buyer, in_force, on_card))


def _purchase_cost(game: Game, slot: int, buyer: int, in_force: list[rules.ActiveRule] | None,
                   on_card: Die | None) -> int:
    card = game.slots[slot].card.card
    delta = 0
    if game.has_rules and (in_force is None or in_force):
        # Ask about a die still on the card (a rule may count only those).
        die = on_card or next((d for d in game.dice if d.slot == slot and d.zone is Zone.CARD),
                              next((d for d in game.dice if d.slot == slot), None))
        if die is not None:
            delta = rules.purchase_delta(game, buyer, die, in_force)
    return max(card.cost + delta, 1, len(card.energy))


# -- a free fielding once a turn (Lois Lane: World Famous Investigative Journalist, 143skc) --

FREE_FIELD = -1      # ``TurnMemory.once_fired``'s ability index for a once-a-turn free fielding


def _once_a_turn(game: Game, rule: rules.ActiveRule) -> bool:
    """A static ``field_free`` (not one an ability put in force this turn) given ``duration: once``."""
    return rule.effect.duration == "once" and rule not in game.turn_rules


def fields_free(game: Game, die: Die, paying: bool = False) -> bool:
    """Whether ``die`` costs nothing to field. A "while active" ``field_free`` with ``duration:
    once`` frees one fielding a turn; with ``optional: true`` (a free ``pay`` price) its player
    may pay instead (``paying``: the cost when they do)."""
    return any(rules.applies(game, r, die) and not (paying and r.effect.pay is not None) and not (
        _once_a_turn(game, r) and (r.controller, r.slot or -1, FREE_FIELD) in game.this_turn.once_fired)
        for r in rules.in_force(game, "field_free"))


def free_field_price(game: Game, player: int, die: Die) -> str:
    """What a free fielding of ``die`` costs: "" when some rule frees it outright, else the
    ``by`` of the rules that free it at a price (``ko_field``: KO every die in your Field Zone
    first, Tombstone 53ig)."""
    probe = rules.as_owned_by(game, die, player)
    prices = {r.effect.by for r in rules.in_force(game, "field_free") if rules.applies(game, r, probe)
              and not (_once_a_turn(game, r) and (r.controller, r.slot or -1, FREE_FIELD) in game.this_turn.once_fired)}
    return "" if not prices or "" in prices or "ko_field" not in prices else "ko_field"


def may_pay_instead(game: Game, die: Die) -> bool:
    """The die is free to field only through a once-a-turn "you may" (its player may pay)."""
    return fields_free(game, die) and not fields_free(game, die, paying=True)


def use_free_field(game: Game, player: int, die: Die) -> None:
    """``player`` fielded ``die`` for free: a once-a-turn free fielding that applies is used up."""
    probe = rules.as_owned_by(game, die, player)
    for rule in rules.in_force(game, "field_free"):
        key = (player, rule.slot or -1, FREE_FIELD)
        if _once_a_turn(game, rule) and rule.controller == player and rules.applies(game, rule, probe) \
                and key not in game.this_turn.once_fired:
            game.this_turn.once_fired.add(key)
            game.say(f"{game.slots[rule.slot or 0].card.card.name}'s free fielding is used for this turn.", player)
            return
