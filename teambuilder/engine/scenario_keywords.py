"""Scenario set-up and facts for the keywords that keep state on cards and dice.

A team entry may say ``experience: N`` (Experience tokens on the card), ``card_tokens: N``
(+1A/+1D tokens put on it by ``do: card_token``), ``stun: N`` (Stun tokens on it) and
``side: back`` (a Flip card showing its back); a die entry may say ``attached_to: LABEL`` (a Gear die
equipped to that character die) and ``partner: LABEL`` (a Heroic pair, until the start of
the die's owner's next turn), and ``held_on: LABEL`` (a die in the ``held`` zone, kept on that
die's card since an earlier turn at the level it shows: ``into: held``). ``expect: dice:`` may
check the same facts: ``experience``,
``card_tokens``, ``stun``, ``side``, ``attached_to`` and ``partner`` (a label, or null).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from teambuilder.engine import keyword_flip
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.game import Game
from teambuilder.engine.state import Die, Zone

CARD_KEYS = ("experience", "card_tokens", "side", "stun")
DIE_KEYS = ("attached_to", "partner", "held_on")
KEYWORD_FACTS = ("experience", "card_tokens", "side", "attached_to", "partner", "stun")


def set_card_state(game: Game, slot: int, entry: Mapping[str, Any]) -> None:
    """The card state a team entry gives its card."""
    if "experience" in entry:
        game.bookkeeping.experience[slot] = int(entry["experience"])
    if "card_tokens" in entry:
        game.bookkeeping.card_tokens[slot] = int(entry["card_tokens"])
    if int(entry.get("stun", 0)):
        game.bookkeeping.stuns[slot] = int(entry["stun"])
    if str(entry.get("side", "front")) == "back":
        game.bookkeeping.flipped.add(slot)


def set_die_links(game: Game, die: int, entry: Mapping[str, Any], label: Callable[[Any], int]) -> None:
    """The links a die entry gives its die (labels resolved once every die is placed)."""
    if entry.get("attached_to") is not None:
        game.bookkeeping.equipped[die] = label(entry["attached_to"])
    if entry.get("partner") is not None:
        other = label(entry["partner"])
        owner = game.dice[die].owner
        ends = owner if owner is not None else game.active
        game.bookkeeping.partners[die] = (other, ends)
        game.bookkeeping.partners[other] = (die, ends)
    if entry.get("held_on") is not None:
        kept, holder = game.dice[die], game.dice[label(entry["held_on"])]
        face = kept.spec.faces[kept.face]
        kept.zone = Zone.HELD
        if holder.slot is not None:
            game.bookkeeping.held[die] = (holder.slot, face.level if face.kind == CHARACTER else 1,
                                          game.turn_number - 1)


def die_facts(game: Game, die: Die, labels: dict[int, str]) -> dict[str, Any]:
    """The keyword facts ``expect: dice:`` may check about ``die``."""
    attached = game.bookkeeping.equipped.get(die.id)
    partner = game.bookkeeping.partners.get(die.id)
    return {"experience": game.bookkeeping.experience.get(die.slot, 0) if die.slot is not None else 0,
            "card_tokens": game.bookkeeping.card_tokens.get(die.slot, 0) if die.slot is not None else 0,
            "side": keyword_flip.side_name(game, die.slot) if die.slot is not None else None,
            "attached_to": None if attached is None else labels.get(attached, str(attached)),
            "partner": None if partner is None else labels.get(partner[0], str(partner[0])),
            "stun": game.bookkeeping.stuns.get(die.slot, 0) if die.slot is not None else 0}
