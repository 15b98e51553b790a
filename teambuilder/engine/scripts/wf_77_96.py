"""World's Finest scripts, cards 77-96: what the ability language cannot say.

Cards here: Batcave: Batman's Lair (77); Brainiac: Manipulative Schemer (80). The helpers
the World's Finest scripts share are in ``wf_common``.

Each script is named by its card code (``81wf``; a continuation ``81wf:pull``) and uses the
engine's own primitives (``effects``, ``rolling.roll``, ``moves.field_die``), so every rule a
data effect obeys still applies. Choices made part-way use ``ask`` and a continuation,
whose data is a ``Frame`` or a frozen dataclass holding one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import rolling
from teambuilder.engine.actions import Action, ChooseTarget, Pass
from teambuilder.engine.blocking import may_block_rules
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.moves import field_die
from teambuilder.engine.scripts import Frame, Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class BatcaveRolled(Frozen):
    """Batcave: the dice rolled from the used pile."""

    frame: Frame
    rolled: tuple[int, ...]


@dataclass(frozen=True)
class BlockerSwap(Frozen):
    """Brainiac: the blocker chosen first of a pair to swap (None: none yet)."""

    frame: Frame
    first: int | None


# -- 77 Batcave: Batman's Lair ------------------------------------------------------------

@script("77wf")
def batcave(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Roll the used pile; the opponent sets one rolled die aside (back to the used pile);
    field one of the remaining character dice for free; the rest stay in the used pile.
    Why a script: the opponent's pick among the dice just rolled, then yours among what is
    left, needs a choice restricted to "those" minus an earlier choice."""
    game = ctx.game
    rolled = game.zone(ctx.controller, Zone.USED)
    if not rolled:
        game.say("Batcave: the Used Pile is empty.", ctx.controller)
        return False
    for die in rolled:
        rolling.roll(game, die)
    game.say("Batcave: rolls " + ", ".join(f"{d.spec.name} [{d.spec.faces[d.face].describe()}]" for d in rolled)
             + ".", ctx.controller)
    ids = [d.id for d in rolled]
    data = BatcaveRolled(Frame.of(ctx), tuple(ids))
    if len(ids) == 1:
        batcave_removed(game, 1 - ctx.controller, ChooseTarget(ids[0]), data)
    else:
        ask(game, 1 - ctx.controller, "Batcave: choose 1 rolled die to go back to the Used Pile.",
            tuple(ChooseTarget(i) for i in ids), batcave_removed, data)
    return True


@continuation("77wf:removed", BatcaveRolled)
def batcave_removed(game: Game, player: int, action: Action, data: BatcaveRolled) -> None:
    assert isinstance(action, ChooseTarget)
    game.say(f"Batcave: {game.dice[action.target].spec.name} goes back to the Used Pile.", player)
    rest = [game.dice[i] for i in data.rolled if i != action.target]
    characters = [d for d in rest if d.zone is Zone.USED and d.spec.faces[d.face].kind == CHARACTER]
    controller = data.frame.controller
    if not characters:
        game.say("Batcave: no character die to field; the rolled dice stay in the Used Pile.", controller)
        return
    if len(characters) == 1:
        batcave_field(game, controller, ChooseTarget(characters[0].id), data)
        return
    ask(game, controller, "Batcave: choose 1 character die to field for free.",
        tuple(ChooseTarget(d.id) for d in characters), batcave_field, data)


@continuation("77wf:field", BatcaveRolled)
def batcave_field(game: Game, player: int, action: Action, data: BatcaveRolled) -> None:
    assert isinstance(action, ChooseTarget)
    field_die(game, game.dice[action.target], " for free (Batcave)")


# -- 80 Brainiac: Manipulative Schemer ----------------------------------------------------

def _blockers(game: Game) -> list[Die]:
    return [d for d in game.field_characters() if d.blocking is not None]


def _can_swap(game: Game, one: Die, other: Die) -> bool:
    if one.blocking is None or other.blocking is None or one.blocking == other.blocking:
        return False
    return (may_block_rules(game, one, game.dice[other.blocking])
            and may_block_rules(game, other, game.dice[one.blocking]))


def _brainiac_ask(game: Game, data: BlockerSwap) -> None:
    first = data.first
    blockers = _blockers(game)
    if first is None:
        able = [b for b in blockers if any(_can_swap(game, b, o) for o in blockers)]
        prompt = "Brainiac: choose a blocker whose assignment to swap (pass: done)."
    else:
        able = [b for b in blockers if _can_swap(game, game.dice[first], b)]
        prompt = f"Brainiac: choose the blocker to swap with {game.die_name(game.dice[first])} (pass: done)."
    if not able:
        return
    ask(game, data.frame.controller, prompt, (Pass(),) + tuple(ChooseTarget(b.id) for b in able),
        brainiac_swap, data)


@script("80wf")
def brainiac(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Swap the assignments of pairs of blockers, as many times as the controller likes.
    Why a script: reassigning blocks (legal pairs only, repeated until the player stops)
    has no effect in the language."""
    _brainiac_ask(ctx.game, BlockerSwap(Frame.of(ctx), None))
    return True


@continuation("80wf:swap", BlockerSwap)
def brainiac_swap(game: Game, player: int, action: Action, data: BlockerSwap) -> None:
    if isinstance(action, Pass):
        return
    assert isinstance(action, ChooseTarget)
    first = data.first
    if first is None:
        _brainiac_ask(game, replace(data, first=action.target))
        return
    one, other = game.dice[first], game.dice[action.target]
    one.blocking, other.blocking = other.blocking, one.blocking
    assert one.blocking is not None and other.blocking is not None
    game.say(f"Brainiac swaps blockers: {game.die_name(one)} now blocks {game.die_name(game.dice[one.blocking])}, "
             f"{game.die_name(other)} now blocks {game.die_name(game.dice[other.blocking])}.", player)
    _brainiac_ask(game, replace(data, first=None))
