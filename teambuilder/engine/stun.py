"""Stun tokens: put on a character card, they stop its dice attacking and blocking.

An effect puts a Stun token on a character card (``do: stun``: the card of each die it
reaches, one token per card) or takes one off (``do: unstun``). While a card has one or more
tokens, none of its dice may be declared as an attacker or a blocker. Its owner may pay [2]
whenever they could use a Global Ability to take one token off (the ``Unstun`` answer to a
priority window; it is not a Global Ability: what globals cost more does not reach it and
"whenever a global is used" does not see it). A static ``rule: cant_be_stunned`` keeps tokens
off the cards of the dice it names (skc Shazam). Sources: the reminder text the Stun cards
print (bat Mr. Freeze, skc Bizarro, Conner Kent, Arctic Breath).

Tokens live on the card (``Bookkeeping.stuns``: slot -> tokens) and survive every move of
its dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Cost, Effect
from teambuilder.engine import rules
from teambuilder.engine.actions import Action, Unstun
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

COST = Cost(2, ())      # what taking a token off costs


def tokens(game: Game, slot: int | None) -> int:
    """Stun tokens on the card of ``slot`` (a Sidekick, with no card: none)."""
    return 0 if slot is None else game.bookkeeping.stuns.get(slot, 0)


def stunned(game: Game, die: Die) -> bool:
    """Whether ``die``'s card is stunned: the die may not attack or block."""
    return bool(game.bookkeeping.stuns) and die.slot is not None and game.bookkeeping.stuns.get(die.slot, 0) > 0


def _card_name(game: Game, slot: int) -> str:
    return game.slots[slot].card.card.full_name


def _slots(dice: list[Die]) -> list[int]:
    """The character cards of ``dice``, each once, in the order reached."""
    return list(dict.fromkeys(d.slot for d in dice if d.slot is not None))


def can_take(game: Game, die: Die) -> bool:
    """Whether a Stun token may go on ``die``'s card (it has one, and no ``cant_be_stunned`` rule keeps it off)."""
    return die.slot is not None and not (
        game.has_rules and any(rules.applies(game, r, die) for r in rules.in_force(game, "cant_be_stunned")))


def put(game: Game, dice: list[Die], player: int) -> bool:
    """One Stun token on the card of each of ``dice``; ``player`` puts them."""
    done = False
    for slot in _slots(dice):
        die = next(d for d in dice if d.slot == slot)
        if not can_take(game, die):
            game.say(f"{_card_name(game, slot)} can't receive a Stun token.", player)
            continue
        game.bookkeeping.stuns[slot] = count = tokens(game, slot) + 1
        game.say(f"puts a Stun token on {_card_name(game, slot)} ({count} on the card: its dice can't "
                 "attack or block).", player)
        done = True
    if not done and not dice:
        game.say("has no character card to stun.", player)
    return done


def take_off(game: Game, dice: list[Die], player: int) -> bool:
    """Take one Stun token off the card of each of ``dice``."""
    done = False
    for slot in _slots(dice):
        if remove(game, slot, player):
            done = True
    if not done:
        game.say("finds no Stun token to remove.", player)
    return done


def put_effect(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: stun``."""
    return put(ctx.game, dice, ctx.controller)


def take_off_effect(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: unstun``."""
    return take_off(ctx.game, dice, ctx.controller)


def remove(game: Game, slot: int, player: int) -> bool:
    left = tokens(game, slot) - 1
    if left < 0:
        return False
    if left:
        game.bookkeeping.stuns[slot] = left
    else:
        del game.bookkeeping.stuns[slot]
    game.say(f"removes a Stun token from {_card_name(game, slot)} ({left} left).", player)
    return True


def offers(game: Game, player: int) -> list[Action]:
    """The ``Unstun`` answers ``player`` may give now: one per stunned card they own."""
    if not game.bookkeeping.stuns:
        return []
    hand = game.hand(player)
    virtual = game.players[player].virtual
    if hand.units + virtual < COST.amount:
        return []
    found: list[Action] = []
    for slot in sorted(game.bookkeeping.stuns):
        if game.slots[slot].owner == player:
            found += [Unstun(slot, p) for p in hand.payments(virtual, COST, 1)]
    return found
