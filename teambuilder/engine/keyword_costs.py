"""Costs paid with dice instead of energy: Fabricate, Ritual and Fusion.

- Fabricate X-Y (DDDM2 glossary; scans fus42, toa96): when you could buy a character die,
  you may instead KO exactly X of your character dice whose purchase costs add up to Y or
  more (a Sidekick counts 0) and buy the Fabricate die for free. An Iron Will die that
  cannot be KO'd now (undamaged this turn) cannot be picked (the Iron Will glossary entry).
- Ritual (YGO1 glossary; scan ygo10): instead of paying a character die's fielding cost,
  send another character die of your reserve pool (showing a character face) out of play
  (it goes on to the used pile as the turn ends, like every die out of play).
- Fusion (YGO1 glossary; scan ygo68): in your Main Step, before attacking, move the number
  of fusion dice the card names (different characters with the affiliation it names) from
  your field to your prep area, and then the card's unbought die to your prep area. That
  die is moved, not bought: no purchase, no "when bought".

``offers`` lists every such answer the active player has in the Main Step (a game whose
cards have none of these keywords never looks); ``problem`` says why one is not legal;
``settle`` pays (KOs, sends out of play, moves) and returns the die ``windows`` then buys
or fields.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from teambuilder.engine import die_facts, effects, rules, text_loss
from teambuilder.engine.actions import Action, Fabricate, Fuse, Ritual
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.keyword_abilities import fabricate_terms, fusion_terms
from teambuilder.engine.keyword_enlistment import can_be_kod_to_pay
from teambuilder.engine.state import Die, Window, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def offers(game: Game, player: int) -> list[Action]:
    """Every Fabricate, Ritual and Fusion ``player`` may do now (one per distinct set of
    dice: dice of one card on one face are alike)."""
    if game.window != Window.MAIN or player != game.active:
        return []
    found: list[Action] = []
    for slot in game.tables.paid_with_dice:
        if not _usable(game, player, slot):
            continue
        keywords = game.slots[slot].card.card.keywords
        if "fabricate" in keywords:
            found += _alike_removed([Fabricate(slot, dice) for dice in _fabrications(game, player, slot)], game)
        if "fusion" in keywords:
            found += _alike_removed([Fuse(slot, dice) for dice in _fusions(game, player, slot)], game)
        if "ritual" in keywords:
            found += _rituals(game, player, slot)
    return found


def problem(game: Game, player: int, action: Fabricate | Ritual | Fuse) -> str | None:
    """Why ``action`` is not a legal answer for ``player`` now, or None."""
    if game.window != Window.MAIN or player != game.active:
        return "dice pay for a purchase, fielding or Fusion only in your own Main Step"
    if isinstance(action, Ritual):
        die, sacrifice = game.dice[action.die], game.dice[action.sacrifice]
        if die.slot is None or not _usable(game, player, die.slot) \
                or "ritual" not in game.slots[die.slot].card.card.keywords:
            return "that die has no Ritual"
        if not _fieldable(game, player, die):
            return "the Ritual die must be in your reserve pool on a character face"
        if sacrifice is die or not _character_in_reserve(player, sacrifice):
            return "Ritual sends another character die of your reserve pool (on a character face) out of play"
        return None
    if not 0 <= action.slot < len(game.slots) or not _usable(game, player, action.slot):
        return "not a card of yours"
    keyword = "fabricate" if isinstance(action, Fabricate) else "fusion"
    if keyword not in game.slots[action.slot].card.card.keywords:
        return f"that card has no {keyword.title()}"
    if len(set(action.dice)) != len(action.dice) or not all(0 <= d < len(game.dice) for d in action.dice):
        return "name each paying die once"
    chosen = tuple(sorted(action.dice))
    legal = _fabrications(game, player, action.slot) if isinstance(action, Fabricate) \
        else _fusions(game, player, action.slot)
    if chosen not in legal:
        return f"those dice do not pay for {keyword.title()} as the card says"
    return None


def settle(game: Game, player: int, action: Fabricate | Ritual | Fuse) -> Die:
    """Pay with the dice; returns the die bought (Fabricate), to field (Ritual) or moved."""
    if isinstance(action, Ritual):
        sacrifice, die = game.dice[action.sacrifice], game.dice[action.die]
        game.say(f"sends {game.die_name(sacrifice)} out of play for the Ritual of {game.die_name(die)}.", player)
        effects.move(game, sacrifice, Zone.OUT_OF_PLAY, quiet=True)
        return die
    bought = _on_card(game, action.slot)
    assert bought is not None, "problem() checked the card still has a die"
    paying = [game.dice[d] for d in action.dice]
    names = ", ".join(game.die_name(d) for d in paying)
    name = game.slots[action.slot].card.card.full_name
    if isinstance(action, Fabricate):
        game.say(f"KOs {names} to Fabricate {name}.", player)
        effects.ko_all(game, paying)
        return bought
    game.say(f"moves {names} to the prep area for the Fusion of {name}.", player)
    for material in paying:
        effects.move(game, material, Zone.PREP, quiet=True)
    bought.owner = player
    effects.move(game, bought, Zone.PREP)
    return bought


# -- what each keyword accepts -------------------------------------------------------


def _usable(game: Game, player: int, slot: int) -> bool:
    owner = game.slots[slot].owner
    return (owner is None or owner == player) and not (game.has_rules and text_loss.card_text_blank(game, slot))


def _on_card(game: Game, slot: int) -> Die | None:
    return next((d for d in game.slot_dice[slot] if d.zone is Zone.CARD), None)


def _fabrications(game: Game, player: int, slot: int) -> list[tuple[int, ...]]:
    """Every set of die ids (sorted) that pays for Fabricate on ``slot``."""
    terms = fabricate_terms(game.slots[slot].card.card.text)
    on_card = _on_card(game, slot)
    if terms is None or on_card is None or (
            game.has_rules and rules.forbidden(game, "cant_purchase", player, on_card)):
        return []
    count, total, named = terms
    pool = sorted((d for d in game.field_characters(player) if d.owner == player and can_be_kod_to_pay(game, d)),
                  key=lambda d: d.id)
    return [tuple(d.id for d in dice) for dice in combinations(pool, count)
            if sum(die_facts.die_cost(game, d) for d in dice) >= total
            and (not named or any(named in die_facts.card_name(game, d) for d in dice))]


def _fusions(game: Game, player: int, slot: int) -> list[tuple[int, ...]]:
    """Every set of die ids (sorted) that pays for Fusion on ``slot``."""
    terms = fusion_terms(game.slots[slot].card.card.text)
    if terms is None or _on_card(game, slot) is None:
        return []
    count, affiliation = terms
    pool = sorted((d for d in game.field_characters(player)
                   if d.owner == player and affiliation in die_facts.affiliations(game, d)), key=lambda d: d.id)
    return [tuple(d.id for d in dice) for dice in combinations(pool, count)
            if len({die_facts.card_name(game, d) for d in dice}) == count]


def _character_in_reserve(player: int, die: Die) -> bool:
    return die.zone is Zone.RESERVE and die.owner == player and die_facts.is_character_die(die) \
        and die.spec.faces[die.face].kind == CHARACTER


def _fieldable(game: Game, player: int, die: Die) -> bool:
    return _character_in_reserve(player, die) and not (
        game.has_rules and rules.forbidden(game, "cant_field", player, die))


def _rituals(game: Game, player: int, slot: int) -> list[Action]:
    found: list[Action] = []
    reserve = game.zone(player, Zone.RESERVE)
    seen: set[tuple[str, int]] = set()
    for die in reserve:
        if die.slot != slot or (die.spec.key, die.face) in seen or not _fieldable(game, player, die):
            continue
        seen.add((die.spec.key, die.face))
        sacrificed: set[tuple[str, int]] = set()
        for other in reserve:
            if other is not die and _character_in_reserve(player, other) \
                    and (other.spec.key, other.face) not in sacrificed:
                sacrificed.add((other.spec.key, other.face))
                found.append(Ritual(die.id, other.id))
    return found


def _alike_removed(options: list[Fabricate] | list[Fuse], game: Game) -> list[Action]:
    """One option per set of alike dice (the same card's dice on the same face, undamaged
    alike): which of two alike dice pays makes no difference."""
    seen: set[tuple[tuple[str, int, int], ...]] = set()
    kept: list[Action] = []
    for option in options:
        key = tuple(sorted((game.dice[d].spec.key, game.dice[d].face, game.dice[d].damage) for d in option.dice))
        if key not in seen:
            seen.add(key)
            kept.append(option)
    return kept
