"""Scripts of the keywords that keep state on cards and dice: Flip (turn the card over),
Heroic (pair up two dice) and Equip (attach a Gear die), registered as ``keyword:<name>``.
Their abilities are in ``keyword_abilities.KEYWORD_ABILITIES``; the state they write is in
``Bookkeeping`` (``flipped``, ``partners``, ``equipped``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import keyword_flip
from teambuilder.engine.actions import Action, ChooseTarget, Pass
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Step, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@script("keyword:flip")
def _flip(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Flip: this card turns over; the other side applies from now on."""
    if ctx.slot is None:
        return False
    keyword_flip.flip(ctx.game, ctx.slot)
    return True


# -- Heroic ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Pairing(Frozen):
    """The Heroic die that was fielded and may pair up."""

    die: int


def heroic_partners(game: Game, die: Die) -> list[Die]:
    """The dice ``die`` may pair with: its controller's character dice in the field that
    have Heroic and are a different character (another name)."""
    name = die.spec.name
    return [d for d in game.field_characters(die.owner)
            if d.id != die.id and d.spec.name != name and game.has_keyword(d, "heroic")]


@script("keyword:heroic")
def _heroic(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Heroic: as it is fielded, the die may pair with a different Heroic character die."""
    die = ctx.source
    if die is None or die.zone is not Zone.FIELD:
        return False
    partners = heroic_partners(ctx.game, die)
    if not partners:
        return False
    ask(ctx.game, ctx.controller, f"Heroic: pair {ctx.game.die_name(die)} with another Heroic die?",
        tuple(ChooseTarget(d.id) for d in partners) + (Pass(),), then=_paired, data=Pairing(die.id))
    return True


@continuation("keyword:heroic", Pairing)
def _paired(game: Game, player: int, action: Action, data: Pairing) -> None:
    if not isinstance(action, ChooseTarget):
        return
    partners = game.bookkeeping.partners
    for die in (data.die, action.target):       # a new partner replaces the old one
        if die in partners:
            partners.pop(partners.pop(die)[0], None)
    partners[data.die] = (action.target, player)
    partners[action.target] = (data.die, player)
    game.say(f"pairs {game.die_name(game.dice[data.die])} with {game.die_name(game.dice[action.target])} "
             "until the start of their next turn.", player)


# -- Equip -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Attaching(Frozen):
    """The Gear dice still to be attached (or moved), first one asked now."""

    gear: tuple[int, ...]


def shows_gear_icon(game: Game, die: Die) -> bool:
    """Whether the die's card shows the Gear icon. The catalogue does not record card
    icons; on the Dungeons & Dragons cards the icon is printed on the Adventurers, so a
    character card with Experience stands for it."""
    card = game.card_of(die)
    return card is not None and card.card.kind == "character" and "experience" in card.card.keywords


def gear_targets(game: Game, gear: Die) -> list[Die]:
    """The character dice a Gear die may be attached (or moved) to: any in the field
    whose card shows the Gear icon, other than the one it is attached to."""
    worn = game.bookkeeping.equipped.get(gear.id)
    return [d for d in game.field_characters() if d.id != worn and shows_gear_icon(game, d)]


def _ask_next(game: Game, player: int, gear: tuple[int, ...]) -> bool:
    while gear:
        die = game.dice[gear[0]]
        targets = gear_targets(game, die) if die.zone is Zone.FIELD else []
        if targets:
            worn = game.bookkeeping.equipped.get(die.id)
            verb = "move" if worn is not None else "attach"
            ask(game, player, f"Equip: {verb} {die.spec.name} to a character die?",
                tuple(ChooseTarget(d.id) for d in targets) + (Pass(),), then=_attached, data=Attaching(gear))
            return True
        gear = gear[1:]
    return False


@script("keyword:equip")
def _equip(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Equip: a Gear die just used, or (at the start of a turn) each of this card's Gear
    dice in the field, may be attached or moved to a character die with the Gear icon."""
    game = ctx.game
    if game.step is Step.START:
        gear = tuple(d.id for d in game.slot_dice[ctx.slot if ctx.slot is not None else -1]
                     if d.zone is Zone.FIELD and d.owner == ctx.controller)
    else:
        gear = (ctx.source.id,) if ctx.source is not None else ()
    return _ask_next(game, ctx.controller, gear)


@continuation("keyword:equip", Attaching)
def _attached(game: Game, player: int, action: Action, data: Attaching) -> None:
    if isinstance(action, ChooseTarget):
        gear = game.dice[data.gear[0]]
        game.bookkeeping.equipped[gear.id] = action.target
        game.say(f"attaches {gear.spec.name} to {game.die_name(game.dice[action.target])}.", player)
    _ask_next(game, player, data.gear[1:])
