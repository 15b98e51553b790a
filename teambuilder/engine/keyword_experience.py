"""Experience: Adventurers earn Experience tokens on their cards by KOing opposing Monsters.

A character die with the Experience keyword is an Adventurer. When, during your turn, an
opposing Monster die is KO'd (not by its own player), every Adventurer of yours active at
that moment is remembered; when the turn ends, each card with one of those dice still
active gains one Experience token (at most one a turn from the keyword). Each token gives
the card's character dice +1A and +1D, even while the card's text is ignored (DDDM1
glossary "Experience", "Experience Token", "Adventurer").

Tokens live on the card (``Bookkeeping.experience``: slot -> tokens) and survive every move
of its dice; +1A/+1D tokens that abilities put on a card (``do: card_token``) are kept the
same way in ``Bookkeeping.card_tokens`` and give the same bonus; the Adventurers seen at a
KO live for the turn (``TurnMemory.adventurers``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.state import Die, Zone, affiliation_mark

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

MONSTER = "monster"


def is_adventurer(game: Game, die: Die) -> bool:
    return game.has_keyword(die, "experience")


def is_monster(game: Game, die: Die) -> bool:
    card = game.card_of(die)
    if card is not None and MONSTER in card.card.affiliations:
        return True
    return affiliation_mark(MONSTER) in die.flags or (game.has_rules and MONSTER in game.granted_affiliations(die))


def note_kos(game: Game, doomed: list[Die], by: int | None) -> None:
    """``doomed`` are being KO'd now (``by``: the player whose ability KOs them, None for
    combat or damage): remember the active player's Adventurers in the field if one of them
    is an opposing Monster KO'd by the active player's side."""
    if "experience" not in game.tables.printed_keywords:
        return      # no card in this game has Experience
    active = game.active
    if by is not None and by != active:
        return      # the opponent's own ability KO'd it: an opponent KOing their Monster earns nothing
    if not any(d.owner == 1 - active and is_monster(game, d) for d in doomed):
        return
    for die in game.zone_index.of(Zone.FIELD, active):
        if die.slot is not None and die.spec.faces[die.face].kind == CHARACTER and is_adventurer(game, die):
            game.this_turn.adventurers.add(die.id)


def award(game: Game) -> None:
    """End of turn: each card with an Adventurer active at such a KO and active still gains
    one Experience token."""
    seen = game.this_turn.adventurers
    if not seen:
        return
    cards = sorted({d.slot for d in (game.dice[i] for i in seen)
                    if d.slot is not None and d.zone is Zone.FIELD and d.owner == game.active})
    for slot in cards:
        tokens = game.bookkeeping.experience.get(slot, 0) + 1
        game.bookkeeping.experience[slot] = tokens
        name = game.slots[slot].card.card.full_name
        game.say(f"{name} gains an Experience token ({tokens} on the card: +{tokens}A and +{tokens}D).")
    seen.clear()


def bonus(game: Game, die: Die) -> int:
    """+1A and +1D per Experience token and per +1A/+1D token on the die's card (text
    ignored or not)."""
    if die.slot is None or die.token or die.spec.faces[die.face].kind != CHARACTER:
        return 0
    keeping = game.bookkeeping
    return keeping.experience.get(die.slot, 0) + keeping.card_tokens.get(die.slot, 0)


def add_tokens(game: Game, slot: int, tokens: int) -> None:
    """Put ``tokens`` +1A/+1D tokens on the card in ``slot`` (``do: card_token``; dps Loyalty
    Counters too): kept on the card apart from Experience tokens (a card removing Experience
    tokens leaves them alone), and counted by ``bonus`` just the same."""
    total = game.bookkeeping.card_tokens.get(slot, 0) + tokens
    game.bookkeeping.card_tokens[slot] = total
    name = game.slots[slot].card.card.full_name
    game.say(f"{name} gets {tokens} +1A/+1D token{'s' if tokens != 1 else ''} "
             f"({total} on the card: +{total}A and +{total}D).")
