"""Text lost: the cards and dice whose abilities are ignored for now (the rule ``no_text``).

Three ways a text is lost:

- a resolving ability blanks the cards of the dice it reaches this turn (Kryptonite; with
  ``by: keep_globals`` the card's globals stay usable, Besmirch 2ig);
- a static ability (``while_active`` / ``always``) blanks, while it holds, the cards of the
  dice its ``for:`` matches in any zone, globals included (Mister Sinister's chosen card, 135ig);
- with ``by: die`` (static or from a trigger) only the dice reached lose their abilities:
  what they trigger, their card's statics through them, their keywords; their card keeps its
  globals and its other dice keep their text (Vulcan 95dps, D'Ken 141dps, Mister Sinister 83dps).

A static's filter is read with each of its card's dice in the field as "this" die
(``engaged: true``: dice engaged with any of them). While the statics are being read, other
statics do not blank them (no endless loop): only the turn's blankings count for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import conditions, die_facts, selectors
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

_READING: set[int] = set()      # games whose static text loss is being worked out now
_NOTHING: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())


def _slot_of(die: Die) -> int | None:
    return die.copy_of if die.copy_of is not None else die.slot


def _turn_blank(game: Game, slot: int, global_ability: bool) -> bool:
    return bool(game.turn_rules) and any(r.effect.rule == "no_text" and slot in r.slots
                                         and not (global_ability and r.effect.by == "keep_globals")
                                         for r in game.turn_rules)


def card_text_blank(game: Game, slot: int, global_ability: bool = False) -> bool:
    """A card whose text was taken away has no abilities for now; asked about a global, a
    blanking that keeps globals (``by: keep_globals``) does not count."""
    if _turn_blank(game, slot, global_ability):
        return True
    return "no_text" in game.tables.rule_index and slot in _static_blanks(game)[0]


def dice_lose_text(game: Game) -> bool:
    """Whether any rule may take the text of single dice now (cheap: most games have none)."""
    return "no_text" in game.tables.rule_index or bool(game.turn_rules) and any(
        r.effect.rule == "no_text" and r.effect.by == "die" for r in game.turn_rules)


def die_text_blank(game: Game, die: Die) -> bool:
    """Whether ``die`` has no abilities now: its card's text is gone, or its own is."""
    slot = _slot_of(die)
    if slot is not None and card_text_blank(game, slot):
        return True
    if game.turn_rules and any(r.effect.rule == "no_text" and r.effect.by == "die" and die.id in r.dice
                               and die.zone is Zone.FIELD for r in game.turn_rules):
        return True
    return "no_text" in game.tables.rule_index and die.id in _static_blanks(game)[1]


def speaks(game: Game, slot: int) -> bool:
    """Whether an active card's "while active" text holds: one of its dice in the field
    still has its text (a card whose only active dice lost theirs states nothing)."""
    if not dice_lose_text(game):
        return True
    return any(d.zone is Zone.FIELD and not die_text_blank(game, d) for d in game.slot_dice[slot])


def _static_blanks(game: Game) -> tuple[frozenset[int], frozenset[int]]:
    """(the slots whose cards, the ids of the dice whose own text, static rules take away)."""
    if id(game) in _READING:
        return _NOTHING
    return game.remembered(("no_text_static",), lambda: _read_statics(game))


def _read_statics(game: Game) -> tuple[frozenset[int], frozenset[int]]:
    _READING.add(id(game))
    try:
        slots: set[int] = set()
        dice: set[int] = set()
        for slot, ability in game.tables.rule_index.get("no_text", ()):
            sources: list[Die | None] = [None]
            if ability.trigger == "while_active":
                sources = [d for d in game.slot_dice[slot.index] if d.zone is Zone.FIELD and not _own_lost(game, d)]
                if not sources:
                    continue
            if _turn_blank(game, slot.index, False):
                continue
            owners = [o for o in die_facts.holders(game, slot.index) if not ability.conditions
                      or conditions.all_hold(Context(game, o, slot.index, kind="static"), ability.conditions)]
            contexts = [Context(game, owner, slot.index, source, kind="static") for source in sources
                        for owner in owners if source is None or source.owner in (owner, None)]
            for effect in ability.effects:
                if effect.op != "rule" or effect.rule != "no_text" or effect.applies_to is None:
                    continue
                for die in game.dice:
                    probe = die if die.owner is not None or effect.by == "die" else _as_owned(game, die)
                    if any(selectors.matches(ctx, probe, effect.applies_to) for ctx in contexts):
                        if effect.by == "die":
                            dice.add(die.id)
                        elif (card := _slot_of(die)) is not None:
                            slots.add(card)
        return frozenset(slots), frozenset(dice)
    finally:
        _READING.discard(id(game))


def _own_lost(game: Game, die: Die) -> bool:
    """A die whose own text a resolving ability took away states nothing through it."""
    return bool(game.turn_rules) and any(r.effect.rule == "no_text" and r.effect.by == "die" and die.id in r.dice
                                         for r in game.turn_rules)


def _as_owned(game: Game, die: Die) -> Die:
    """A die still on its card, as its card's owner's (a card is blanked with its unbought dice)."""
    slot = _slot_of(die)
    owner = game.slots[slot].owner if slot is not None else None
    if owner is None:
        return die
    copy = die.copy()
    copy.owner = owner
    return copy
