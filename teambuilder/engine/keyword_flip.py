"""Flip: a card with two sides, only the side facing up applies.

Which side a Flip card shows is part of the game (``Bookkeeping.flipped``: the slots showing
their back). A card's abilities written with ``side: front|back`` hold only while that side
faces up (the parser turns the key into a ``{side: ...}`` condition, which every trigger,
static ability and rule checks). At the start of each of your turns you may flip any of
your Flip cards (the keyword's ability, ``KEYWORD_ABILITIES["flip"]``); effects may flip
cards too (``{do: script, name: "keyword:flip"}``). DCDM5 glossary "Flip".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

FRONT = "front"
BACK = "back"


def side_name(game: Game, slot: int) -> str:
    return BACK if slot in game.bookkeeping.flipped else FRONT


def flip(game: Game, slot: int) -> None:
    """Turn a Flip card over (logged with the side now up)."""
    flipped = game.bookkeeping.flipped
    if slot in flipped:
        flipped.discard(slot)
    else:
        flipped.add(slot)
    card = game.slots[slot]
    owner = card.owner if card.owner is not None else card.brought_by
    game.say(f"flips {card.card.card.full_name} to its {side_name(game, slot)} side.", owner)
