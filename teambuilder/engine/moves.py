"""Fielding and rolling dice from any zone: the ``field`` and ``roll`` effects of the
ability language, and the one way a die enters the field as fielded (``field_die``).

Fielding is not moving: a fielded die counts as fielded this turn and its "when fielded"
abilities (and every "whenever ... is fielded") trigger; ``effects.move`` puts a die in the
field without any of that. A die fielded by an ability is fielded for free, at the level
the ability names (or, from the reserve pool, on the face it shows; from anywhere else, at
level 1), and only if no rule forbids fielding it. Rolling a die outside the field uses the
game's seeded generator (``rolling.roll``) and leaves it where it is unless ``into`` names
a zone: "roll it and put it in your reserve pool".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.catalogue.ability_words import ZONE_WORDS
from teambuilder.engine import effects, events, rules, selectors
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.rolling import roll
from teambuilder.engine.selectors import ZONE_OF, Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

_ZONE_NAME = {zone: name for name, zone in ZONE_OF.items()}


def field_die(game: Game, die: Die, how: str = "") -> None:
    """Field a die: it enters the field and "when fielded" triggers."""
    die.zone = Zone.FIELD
    game.this_turn.fielded.add(die.id)
    game.say(f"fields {game.die_name(die)}{how}.", die.owner)
    events.emit(game, "fielded", die)
    events.watch(game, "any_fielded", die)


def _count(ctx: Context, effect: Effect, dice: list[Die]) -> list[Die]:
    """The first ``amount`` dice when the effect names an amount ("field 1 of them")."""
    if effect.amount.is_fixed and not effect.amount.fixed:
        return dice
    return dice[:selectors.amount(ctx, effect.amount)]


def field(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: field``: field each die for free, from whatever zone it is in."""
    game = ctx.game
    fielded = False
    card = game.slots[ctx.slot].card.card.name if ctx.slot is not None else ""
    for die in _count(ctx, effect, dice):
        if die.zone is Zone.FIELD or not selectors.is_character_die(die) or die.owner is None:
            continue
        if game.has_rules and rules.forbidden(game, "cant_field", ctx.controller, die):
            continue
        face = die.spec.faces[die.face]
        keeps_face = die.zone is Zone.RESERVE and face.kind == CHARACTER and not effect.level
        if not keeps_face:
            index = die.spec.level_face(effect.level or 1)
            if index is None:
                continue
            die.face = index
        at_level = f" at level {effect.level}" if effect.level else ""
        field_die(game, die, f" for free{at_level}" + (f" ({card})" if card else ""))
        fielded = True
    return fielded


def roll_dice(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """``do: roll``: roll each die where it is; ``into`` then moves it (into the reserve
    pool it is ready to use, as if rolled there)."""
    game = ctx.game
    rolled = _count(ctx, effect, dice)
    for die in rolled:
        was = die.zone
        roll(game, die)
        where = f" from the {ZONE_WORDS[_ZONE_NAME[was]].lower()}" if was in _ZONE_NAME else ""
        into = ZONE_OF[effect.into] if effect.into else was
        to = f" into the {ZONE_WORDS[effect.into].lower()}" if effect.into and into is not was else ""
        game.say(f"rolls {die.spec.name}{where}{to}: {die.spec.faces[die.face].describe()}.", ctx.controller)
        if into is Zone.RESERVE and was is not Zone.FIELD:
            die.zone = Zone.RESERVE
        elif into is not was:
            effects.move(game, die, into)
    return bool(rolled)
