"""Scripts of the keywords Boomerang, Gadgeteer, Gate and Recruit (their abilities are in
``keyword_abilities``): what the ability language cannot say, registered as
``keyword:<name>``.

- Boomerang: the used action die is rolled; on an action face it goes to its owner's Prep
  Area, otherwise it stays where using it put it.
- Gadgeteer: roll one Continuous action die (Gear and Traps are Continuous) from your Used
  Pile; on a face that is not energy you may put it in your Field Zone, else it stays.
- Gate (X): roll one unbought die of X from your cards; on a character face you may put it
  in your Prep Area (it is yours, not bought), anything else returns it to its card.
- Recruit (X): move a die of X from your Used Pile, Reserve Pool or Prep Area into your
  Field Zone on its level 1 character face (moving, not fielding).

When more than one die fits, the player picks one (a ``script`` decision offering the
dice: ``{target: label}`` in a scenario); Gate offers one die per card. Putting the rolled
die in place is a second "you may" (``yes`` / ``no``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect, parse_filter
from teambuilder.engine import selectors
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.dice import ACTION, CHARACTER, ENERGY
from teambuilder.engine.effects import move
from teambuilder.engine.keyword_params import gate_kind, recruit_kind
from teambuilder.engine.rolling import roll
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class Picked(Frozen):
    """The keyword (``then``) whose die ``player`` is choosing among ``dice``."""

    then: str
    player: int
    dice: tuple[int, ...]


def _choose(ctx: Context, dice: list[Die], prompt: str, then_name: str) -> bool:
    """Go on with the one die that fits, or ask which when several do."""
    if len(dice) == 1:
        _THEN[then_name](ctx.game, ctx.controller, dice[0])
        return True
    ask(ctx.game, ctx.controller, prompt, tuple(ChooseTarget(d.id) for d in dice),
        then=_picked, data=Picked(then_name, ctx.controller, tuple(d.id for d in dice)))
    return True


@continuation("keyword:pick", Picked)
def _picked(game: Game, player: int, action: Action, data: Picked) -> None:
    assert isinstance(action, ChooseTarget)
    _THEN[data.then](game, data.player, game.dice[action.target])


@dataclass(frozen=True)
class Offered(Frozen):
    """A rolled die its player may now put into ``zone`` (a Zone value)."""

    player: int
    die: int
    zone: str
    keyword: str


def _offer(game: Game, player: int, die: Die, zone: Zone, keyword: str, prompt: str) -> None:
    """The second "you may" of Gadgeteer and Gate: put the rolled die where the keyword says."""
    ask(game, player, prompt, (Choose(1), Pass()), then=_accepted, data=Offered(player, die.id, zone.value, keyword))


@continuation("keyword:may", Offered)
def _accepted(game: Game, player: int, action: Action, data: Offered) -> None:
    die = game.dice[data.die]
    where = ZONE_WORDS[Zone(data.zone)]
    if not isinstance(action, Choose):
        game.say(f"{data.keyword}: {die.spec.name} is not put into the {where}.", player)
        return
    if data.keyword == "Gate":
        die.owner = data.player
    move(game, die, Zone(data.zone), quiet=True)
    game.say(f"{data.keyword}: {die.spec.name} goes into the {where}.", player)


ZONE_WORDS = {Zone.FIELD: "Field Zone", Zone.PREP: "Prep Area"}


# -- Boomerang ---------------------------------------------------------------------------

@script("keyword:boomerang")
def _boomerang(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    die, game = ctx.source, ctx.game
    if die is None or die.zone not in (Zone.OUT_OF_PLAY, Zone.USED) or not game.has_keyword(die, "boomerang"):
        return False
    roll(game, die)
    face = die.spec.faces[die.face]
    if face.kind == ACTION:
        move(game, die, Zone.PREP, quiet=True)
        game.say(f"Boomerang: {die.spec.name} rolls an action face and returns to the Prep Area.", ctx.controller)
        return True
    game.say(f"Boomerang: {die.spec.name} rolls {face.describe()}; it stays used.", ctx.controller)
    return False


# -- Gadgeteer ---------------------------------------------------------------------------

@script("keyword:gadgeteer")
def _gadgeteer(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    found = [d for d in game.zone(ctx.controller, Zone.USED)
             if (card := game.card_of(d)) is not None and card.continuous]
    if not found:
        game.say("Gadgeteer: no Continuous action die in the Used Pile.", ctx.controller)
        return False
    return _choose(ctx, found, "Gadgeteer: choose the Continuous action die to roll.", "gadgeteer")


def _gadget_rolled(game: Game, player: int, die: Die) -> None:
    roll(game, die)
    face = die.spec.faces[die.face]
    if face.kind == ENERGY:
        game.say(f"Gadgeteer: {die.spec.name} rolls {face.describe()} and stays in the Used Pile.", player)
        return
    game.say(f"Gadgeteer: {die.spec.name} rolls {face.describe()}.", player)
    _offer(game, player, die, Zone.FIELD, "Gadgeteer", f"Gadgeteer: put {die.spec.name} into your Field Zone?")


# -- Gate --------------------------------------------------------------------------------

@script("keyword:gate")
def _gate(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    card = game.slots[ctx.slot].card.card if ctx.slot is not None else None
    kind = gate_kind(card.text, card.name) if card is not None else None
    if kind is None:
        return False
    wanted = parse_filter(kind)
    found = [d for d in game.dice if d.zone is Zone.CARD and d.slot is not None
             and game.slots[d.slot].owner == ctx.controller and selectors.matches(ctx, d, wanted)]
    if not found:
        game.say("Gate: no unbought die fits.", ctx.controller)
        return False
    # Dice of one card are alike: offer one per card.
    one_per_card = list({d.slot: d for d in reversed(found)}.values())[::-1]
    return _choose(ctx, one_per_card, "Gate: choose the unbought die to roll.", "gate")


def _gated(game: Game, player: int, die: Die) -> None:
    roll(game, die)
    face = die.spec.faces[die.face]
    if face.kind != CHARACTER:
        game.say(f"Gate: {die.spec.name} rolls {face.describe()} and returns to its card.", player)
        return
    game.say(f"Gate: {die.spec.name} rolls a character face.", player)
    _offer(game, player, die, Zone.PREP, "Gate", f"Gate: put {die.spec.name} into your Prep Area?")


# -- Recruit -----------------------------------------------------------------------------

_RECRUIT_ZONES = (Zone.USED, Zone.RESERVE, Zone.PREP)


@script("keyword:recruit")
def _recruit(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    game = ctx.game
    card = game.slots[ctx.slot].card.card if ctx.slot is not None else None
    kind = recruit_kind(card.text) if card is not None else None
    if kind is None:
        return False
    wanted = parse_filter(kind)
    found = [d for zone in _RECRUIT_ZONES for d in game.zone(ctx.controller, zone)
             if d.spec.level_face(1) is not None and selectors.matches(ctx, d, wanted)]
    if not found:
        game.say("Recruit: no die fits.", ctx.controller)
        return False
    return _choose(ctx, found, "Recruit: choose the die to put in the Field Zone.", "recruit")


def _recruited(game: Game, player: int, die: Die) -> None:
    move(game, die, Zone.FIELD, level=1, quiet=True)
    game.say(f"Recruit: {game.die_name(die)} goes into the Field Zone at level 1.", player)


_THEN = {"gadgeteer": _gadget_rolled, "gate": _gated, "recruit": _recruited}
