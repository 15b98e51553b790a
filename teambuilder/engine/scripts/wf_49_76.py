"""World's Finest scripts, cards 49-76: what the ability language cannot say.

Cards here: Krypto (53); Scarecrow (64); Superwoman (68); The Joker (69); The Penguin (70);
Alfred Pennyworth (75). Cards 77-96 are in
``wf_77_96``, the helpers both use in ``wf_common``.

Each script is named by its card code (``53wf``; ``53wf:2`` for a card's second one) and
uses the engine's own primitives (``effects``, ``keywords``, ``windows.field_die``), so every
rule a data effect obeys still applies. Choices made part-way use ``ask`` and a
continuation; what a card must remember between steps is kept as numbers in
``Game.script_state`` or as rules in ``Game.turn_rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects, primitives, rolling, windows
from teambuilder.engine.actions import Action, Choose, ChooseTarget, Pass
from teambuilder.engine.dice import ENERGY
from teambuilder.engine.scripts import Frame, ask, continuation, script
from teambuilder.engine.scripts.wf_common import (
    damage,
    purchase,
    said_yes,
)
from teambuilder.engine.selectors import Context, affiliations, card_name
from teambuilder.engine.state import Die, Mark, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game




# -- 53 Krypto: Here Boy! -----------------------------------------------------------------

def _krypto_dice(ctx: Context) -> list[Die]:
    return [d for d in ctx.game.dice if d.slot == ctx.slot and d.owner == ctx.controller
            and d.zone in (Zone.USED, Zone.PREP) and d.spec.level_face(1) is not None]


@script("53wf")
def krypto(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """A Superman die was fielded: you may field a Krypto die from your used pile or prep
    area for free at level 1 (it is fielded: its own "when fielded" happens)."""
    if not _krypto_dice(ctx):
        return False
    ask(ctx.game, ctx.controller, "Krypto: field a Krypto die from your Used Pile or Prep Area for free?",
        (Choose(1), Pass()), krypto_field, Frame.of(ctx))
    return True


@continuation("53wf:field", Frame)
def krypto_field(game: Game, player: int, action: Action, data: Frame) -> None:
    ctx = data.context(game)
    found = _krypto_dice(ctx)
    if not said_yes(action) or not found:
        game.say("does not field Krypto.", player)
        return
    die = found[0]
    index = die.spec.level_face(1)
    assert index is not None
    die.face = index
    windows.field_die(game, die, " for free at level 1 (Krypto)")




# -- 64 Scarecrow: Arkham Antagonist ------------------------------------------------------

@script("64wf")
def scarecrow(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The die just taken under control must attack this turn. It comes back to its owner's
    field at the level it had when taken even if it attacked unblocked (which sends a die
    out of play): it waits out of play as set-aside dice do, returning at end of turn."""
    game = ctx.game
    taken = [d for d in ctx.targets if d.zone is Zone.FIELD and d.owner == ctx.controller]
    for die in taken:
        die.flags.add(Mark.SET_ASIDE)
        game.bookkeeping.set_aside.append((die.id, die.spec.faces[die.face].level, game.turn_number))
    return primitives.apply(ctx, Effect("must_attack"), taken, [])


# -- 68 Superwoman: Lois Lane -------------------------------------------------------------

@script("68wf")
def superwoman_buy(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Purchase a Superwoman die for the [bolt][bolt][bolt] just paid."""
    if ctx.slot is None:
        return False
    return purchase(ctx.game, ctx.controller, ctx.slot)


# -- 69 The Joker: Arkham Asylum ----------------------------------------------------------

@script("69wf")
def joker_villain(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """If the die just drawn is a Villain die, 2 damage to the opponent."""
    game = ctx.game
    drawn = [d for d in ctx.targets if d.zone is Zone.PREP and "villain" in affiliations(game, d)]
    if not drawn:
        return False
    return damage(ctx, 2, [], [1 - ctx.controller])


# -- 70 The Penguin: Oswald Cobblepot -----------------------------------------------------

@script("70wf")
def penguin(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """The player who fielded the non-Villain die takes 1 damage from The Penguin."""
    die = ctx.event_die
    if die is None or die.owner is None:
        return False
    return damage(ctx, 1, [], [die.owner])


# -- 75 Alfred Pennyworth: MI-5 -----------------------------------------------------------

def _alfred_dice(ctx: Context) -> list[Die]:
    return [d for d in ctx.game.zone(ctx.controller, Zone.USED)
            if d.is_sidekick or card_name(ctx.game, d) == "Batman"]


@script("75wf")
def alfred(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Roll a Sidekick or Batman die from your used pile; on energy, Alfred comes back."""
    found = _alfred_dice(ctx)
    if not found:
        ctx.game.say("has no Sidekick or Batman die in the Used Pile to roll.", ctx.controller)
        return False
    kinds: list[int] = []
    for die in found:
        if all(ctx.game.dice[k].spec.key != die.spec.key for k in kinds):
            kinds.append(die.id)
    if len(kinds) == 1:
        return _alfred_roll(ctx, ctx.game.dice[kinds[0]])
    ask(ctx.game, ctx.controller, "Alfred Pennyworth: choose the die to roll from your Used Pile.",
        tuple(ChooseTarget(k) for k in kinds), alfred_chosen, Frame.of(ctx))
    return True


@continuation("75wf:roll", Frame)
def alfred_chosen(game: Game, player: int, action: Action, data: Frame) -> None:
    assert isinstance(action, ChooseTarget)
    _alfred_roll(data.context(game), game.dice[action.target])


def _alfred_roll(ctx: Context, die: Die) -> bool:
    game = ctx.game
    rolling.roll(game, die)
    face = die.spec.faces[die.face]
    game.say(f"Alfred Pennyworth: rolls {die.spec.name} from the Used Pile: {face.describe()}; "
             "it stays in the Used Pile.", ctx.controller)
    alfred_die = ctx.source
    if face.kind != ENERGY or alfred_die is None or alfred_die.zone not in (Zone.PREP, Zone.USED):
        return False
    effects.move(game, alfred_die, Zone.FIELD, 1)
    return True
