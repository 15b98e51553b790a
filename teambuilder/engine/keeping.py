"""Draw N, keep M: the ``draw`` effect with ``keep:`` ("draw 2 dice, roll 1 of them and
put the other back in your bag").

The player draws the dice, sees which they are, and chooses the ones to keep, one at a
time (a ``script`` decision answered with the die); the kept dice go ``into`` (the reserve
pool, rolled, by default; the field, fielded for free), the others ``otherwise`` (back to
the bag by default). With no more dice drawn than may be kept, nothing is asked, unless
the player keeps "up to" N (``keep_up_to``): then each pick may be a pass, keeping no more. The dice
drawn become "it" for the ability's later effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import moves
from teambuilder.engine.actions import Action, ChooseTarget, Pass
from teambuilder.engine.die_facts import ZONE_OF
from teambuilder.engine.effects import move
from teambuilder.engine.rolling import draw, roll
from teambuilder.engine.scripts import ask, continuation
from teambuilder.engine.scripts.values import Frame, KeepOffer
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

KEEP_PICK = "language:keep"       # the continuation the AIs recognise (ai/keeping.py)


def draw_and_keep(ctx: Context, effect: Effect, count: int, players: list[int]) -> bool:
    """``draw`` with ``keep``: draw ``count`` dice for the (first) player, then let them
    choose ``effect.keep`` of them."""
    game = ctx.game
    player = players[0] if players else ctx.controller
    drawn = draw(game, player, count)
    ctx.it = list(drawn)
    if not drawn:
        return False
    game.say(f"draws {', '.join(d.spec.name for d in drawn)}.", player)
    offer = KeepOffer(Frame.of(ctx), tuple(d.id for d in drawn), (), effect.keep, effect.into or "reserve",
                      effect.otherwise or "bag", effect.level, effect.keep_up_to)
    _next(game, player, offer)
    return True


def _next(game: Game, player: int, offer: KeepOffer) -> None:
    left = [i for i in offer.drawn if i not in offer.kept]
    if len(offer.kept) >= offer.keep or not left or (
            not offer.up_to and len(left) <= offer.keep - len(offer.kept)):
        kept = offer.kept + tuple(left[:offer.keep - len(offer.kept)])
        _settle(game, player, offer, kept)
        return
    if offer.up_to:       # "up to N": the player may stop (pass) at any pick
        ask(game, player, f"Choose a drawn die to keep (up to {offer.keep}; {len(offer.kept)} so far), or pass.",
            (*(ChooseTarget(i) for i in left), Pass()), then=_kept, data=offer)
        return
    ask(game, player, f"Choose a drawn die to keep ({len(offer.kept) + 1} of {offer.keep}).",
        tuple(ChooseTarget(i) for i in left), then=_kept, data=offer)


@continuation(KEEP_PICK, KeepOffer)
def _kept(game: Game, player: int, action: Action, data: KeepOffer) -> None:
    if isinstance(action, Pass):      # "up to": no more kept
        _settle(game, player, data, data.kept)
        return
    assert isinstance(action, ChooseTarget)
    _next(game, player, KeepOffer(data.frame, data.drawn, data.kept + (action.target,), data.keep, data.into,
                                  data.otherwise, data.level, data.up_to))


def _settle(game: Game, player: int, offer: KeepOffer, kept: tuple[int, ...]) -> None:
    ctx = offer.frame.context(game)
    for die_id in kept:
        _place(ctx, player, game.dice[die_id], offer.into, offer.level)
    for die_id in offer.drawn:
        if die_id in kept:
            continue
        if offer.otherwise == "reserve":      # "roll the rest"
            die = game.dice[die_id]
            roll(game, die)
            die.zone = Zone.RESERVE
            game.say(f"rolls {die.spec.name}: {die.spec.faces[die.face].describe()}.", player)
        else:
            move(game, game.dice[die_id], ZONE_OF[offer.otherwise])     # (the move says where)


def _place(ctx: Context, player: int, die: Die, into: str, level: int) -> None:
    """A kept die: rolled into the reserve pool, fielded for free, or moved."""
    game = ctx.game
    if into == "reserve":
        roll(game, die)
        die.zone = Zone.RESERVE
        game.say(f"keeps and rolls {die.spec.name}: {die.spec.faces[die.face].describe()}.", player)
    elif into == "field":
        game.say(f"keeps {die.spec.name}.", player)
        moves.field(ctx, Effect("field", level=level), [die], [])
        if die.zone is not Zone.FIELD:
            move(game, die, Zone.USED)
    else:
        game.say(f"keeps {die.spec.name}.", player)
        move(game, die, ZONE_OF[into])
