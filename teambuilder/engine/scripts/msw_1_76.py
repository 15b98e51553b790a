"""Marvel Dice Masters msw scripts, cards 1-76: what the ability language cannot say.

Cards here: Crimson Gem of Cyttorak (3), "each player keeps as many of their field
character dice as the player with the fewest has, the rest go to their bag; then the same
for the Prep Area and the Reserve Pool". The language's ``keep: N`` is a fixed number, and
no amount is "the fewest dice any player has"; the zones are settled one after another.

Cosmic Cube (2), "you and your opponent exchange life totals". The language
changes a life total by an amount (gain, lose, pay), and an amount cannot be the difference
of two life totals; the exchange must also never pass through 0 life on the way (losing
first could end the game), so the player behind gains first and the player ahead then
loses the same amount.

Each script is named by its card code and uses the engine's own life changes
(``Game.gain_life``, ``Game.lose_life``), so whatever they obey still applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine.actions import Action, ChooseTarget
from teambuilder.engine.effects import move
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@script("2msw")
def exchange_life_totals(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The controller and the opponent exchange life totals: the player with less life
    gains the difference, then the other loses it (life lost, not damage). Equal totals:
    nothing changes, and the log says so."""
    game = ctx.game
    me, them = ctx.controller, 1 - ctx.controller
    mine, theirs = game.players[me].life, game.players[them].life
    if mine == theirs:
        game.say(f"life totals are both {mine}: exchanging them changes nothing.", me)
        return False
    behind, ahead = (me, them) if mine < theirs else (them, me)
    difference = abs(mine - theirs)
    game.say(f"exchanges life totals ({mine} and {theirs}).", me)
    game.gain_life(behind, difference)
    game.lose_life({ahead: difference})
    return True


# -- 3msw Crimson Gem of Cyttorak ------------------------------------------------------------

_GEM_ZONES = (Zone.FIELD, Zone.PREP, Zone.RESERVE)


@dataclass(frozen=True)
class GemPick(Frozen):
    """Crimson Gem: the zone being settled (an index of ``_GEM_ZONES``), the player choosing
    the dice they keep there, how many they keep, and those kept so far."""

    controller: int
    zone: int
    chooser: int
    keep: int
    kept: tuple[int, ...]


def _gem_dice(game: Game, player: int, zone: Zone) -> list[Die]:
    """The dice that count in a zone: character dice in the field, every die elsewhere."""
    if zone is Zone.FIELD:
        return list(game.field_characters(player))
    return list(game.zone(player, zone))


@script("3msw")
def crimson_gem(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Field character dice, then Prep Area dice, then Reserve Pool dice: in each zone the
    player with more dice than the fewest either player has keeps that many (their choice,
    a ``script`` decision answered with a die) and the rest go to their bag."""
    return _gem_zone(ctx.game, ctx.controller, 0)


def _gem_zone(game: Game, controller: int, index: int) -> bool:
    """Settle zones from ``index`` on; True when some die went to a bag or a question is asked."""
    moved = False
    for at in range(index, len(_GEM_ZONES)):
        zone = _GEM_ZONES[at]
        counts = [len(_gem_dice(game, p, zone)) for p in (0, 1)]
        fewest = min(counts)
        for player in (controller, 1 - controller):
            if counts[player] <= fewest:
                continue
            if fewest:
                _gem_ask(game, GemPick(controller, at, player, fewest, ()))
                return True
            for die in _gem_dice(game, player, zone):      # keeps none: all go to the bag
                move(game, die, Zone.BAG)
            moved = True
    if not moved and index == 0:
        game.say("every zone already holds as many dice for each player: nothing moves.", controller)
    return moved


def _gem_ask(game: Game, pick: GemPick) -> None:
    left = [d for d in _gem_dice(game, pick.chooser, _GEM_ZONES[pick.zone]) if d.id not in pick.kept]
    ask(game, pick.chooser, f"Crimson Gem of Cyttorak: choose a die to keep ({len(pick.kept) + 1} of {pick.keep}).",
        tuple(ChooseTarget(d.id) for d in left), then=_gem_kept, data=pick)


@continuation("3msw:keep", GemPick)
def _gem_kept(game: Game, player: int, action: Action, data: GemPick) -> None:
    assert isinstance(action, ChooseTarget)
    pick = GemPick(data.controller, data.zone, data.chooser, data.keep, data.kept + (action.target,))
    if len(pick.kept) < pick.keep:
        _gem_ask(game, pick)
        return
    for die in _gem_dice(game, pick.chooser, _GEM_ZONES[pick.zone]):
        if die.id not in pick.kept:
            move(game, die, Zone.BAG)
    _gem_zone(game, pick.controller, pick.zone + 1)
