"""World's Finest scripts, cards 97-120: what the ability language cannot say (cards
121-143 are in ``wf_121_143``, the helpers they share in ``wf_common``).

Cards here: Superwoman: Amazonian (100) and Superwoman: Reign of Terror (129), who read the
[bolt] spent on them (``spent_at_least``); The Joker (101); The Riddler (103).

Each script is named by its card code (``101wf``; ``103wf:2`` for a card's second one)
and uses the engine's own primitives (``effects``, ``keywords``, ``costs.spend``), so every
rule a data effect obeys still applies. Choices made part-way use ``ask`` and a
continuation; what a card must remember for the rest of a turn is kept as numbers and
tuples in ``Game.script_state`` (keyed by the card code and its slot) or as a die's turn
flags.

"KO'd by
combat damage" is never guessed here: the data says it (``if: [{combat: true}]``, or the
``kos`` trigger for "this die KO'd it").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects, primitives
from teambuilder.engine.actions import Action, Choose
from teambuilder.engine.choices import chosen_text
from teambuilder.engine.die_facts import card_name
from teambuilder.engine.game_state import Choice, ChoiceKind
from teambuilder.engine.rolling import draw
from teambuilder.engine.scripts import Frame, Frozen, ask, continuation, script
from teambuilder.engine.scripts.wf_common import (
    bolts_spent,
    damage,
    use_effect,
    yes_no,
)
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class DrawnDie(Frozen):
    """The Joker: the Basic Action die he drew."""

    die: int


@dataclass(frozen=True)
class NameChoice(Frozen):
    """The Riddler: the names offered, by option index."""

    frame: Frame
    names: tuple[str, ...]


# -- 100 Superwoman: Amazonian ------------------------------------------------------------------

@script("spent_at_least")
def spent_at_least(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Whether the purchase that triggered this ability was paid with at least ``amount``
    [bolt] (``bolts_spent``: wild units, and every unit while energy converts to [bolt]),
    for an ``if_done`` effect after it. The language reads no payments: what a cost was paid
    with belongs to the purchase, which the ability only hears about."""
    needed = primitives.value(ctx, effect)
    spent = bolts_spent(ctx.game, ctx.controller)
    if spent < needed:
        ctx.game.say(f"spent {spent} [bolt] on the purchase, fewer than {needed}.", ctx.controller)
    return spent >= needed


# -- 101 The Joker: Oberon Sexton -----------------------------------------------------------

@script("101wf")
def joker_draws(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Draw 1 die: a Basic Action die may be used as though rolled (no bursts), then it
    goes to the prep area; any other die goes to the used pile. Why a script:
    ``use_effect`` uses the event's die or every Basic Action card, not a die just drawn."""
    game = ctx.game
    drawn = draw(game, ctx.controller, 1)
    if not drawn:
        game.say("has no die to draw.", ctx.controller)
        return False
    die = drawn[0]
    card = game.card_of(die)
    game.say(f"draws {die.spec.name}.", ctx.controller)
    if card is None or card.card.kind != "basic_action":
        effects.move(game, die, Zone.USED)
        return True
    game.say(f"{die.spec.name} is a Basic Action die: it goes to the prep area.", ctx.controller)
    yes_no(game, ctx.controller, f"Use the effect of {die.spec.name} (no bursts)?", _joker_uses, DrawnDie(die.id))
    return True


@continuation("101wf:use", DrawnDie)
def _joker_uses(game: Game, player: int, action: Action, data: DrawnDie) -> None:
    die = game.dice[data.die]
    if not isinstance(action, Choose) or die.slot is None:
        game.say(f"does not use {die.spec.name}.", player)
        return
    game.say(f"uses the effect of {die.spec.name} as though rolled.", player)
    use_effect(game, player, die.slot, 0, die.id)


# -- 103 The Riddler: Riddle Me This ------------------------------------------------------

def _riddle_key(slot: int | None) -> str:
    return f"103wf:{slot}"


@script("103wf")
def riddler_names(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Before the opponent's Clear and Draw: remember what is in their prep area and name a
    non-Sidekick die. Why a script: a named choice offers character names only (the
    Riddler names any non-Sidekick die, actions too), and the ``drawn`` event does not
    count the drawn dice of a name."""
    game = ctx.game
    names = sorted({slot.card.card.name for slot in game.slots})
    game.script_state[_riddle_key(ctx.slot)] = tuple(d.id for d in game.zone(1 - ctx.controller, Zone.PREP))
    if len(names) == 1:
        _set_riddle(game, ctx.controller, int(ctx.slot or 0), names[0])
        return True
    ask(game, ctx.controller, "Name a die: " + ", ".join(f"{i}: {n}" for i, n in enumerate(names)),
        tuple(Choose(i) for i in range(len(names))), _riddle_named, NameChoice(Frame.of(ctx), tuple(names)))
    return True


@continuation("103wf:name", NameChoice)
def _riddle_named(game: Game, player: int, action: Action, data: NameChoice) -> None:
    assert isinstance(action, Choose)
    assert data.frame.slot is not None
    _set_riddle(game, player, data.frame.slot, data.names[action.index])


def _set_riddle(game: Game, player: int, slot: int, name: str) -> None:
    game.bookkeeping.choices[slot] = Choice(ChoiceKind.NAME, name)
    game.say(f"names {name}.", player)


@script("103wf:2")
def riddler_answers(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After the opponent's draw: 1 damage to them for each die of the named name drawn
    (the dice in their prep area that were not there before the draw)."""
    game = ctx.game
    before = game.script_state.pop(_riddle_key(ctx.slot), None)
    name = chosen_text(game, ctx.slot)
    if not isinstance(before, tuple) or name is None:
        return False
    opponent = 1 - ctx.controller
    hits = [d for d in game.zone(opponent, Zone.PREP) if d.id not in before and card_name(game, d) == name]
    game.say(f"{game.players[opponent].name} drew {len(hits)} {name} dice.", ctx.controller)
    return bool(hits) and damage(ctx, len(hits), players=[opponent])
