"""Scripts for the WWE Dice Masters Superstar cards 1-24: what their abilities need beyond
the data language. Superstars 25-48 are in ``wwe_25_48``, the basic actions (49-58) in
``wwe_49_54`` and ``wwe_55_58``, shared helpers and the techniques they use in
``wwe_common``. In WWE "Superstar" means character.

Cards here: AJ Styles (2); Becky Lynch (7, 9); Bobby Heenan (11). Asuka (5) is data.

Each script is named after its card (``9wwe``; ``9wwe:2`` for a card's second one) and
works through the engine's own primitives (``effects``, ``rules``, ``keywords``,
``windows``), so every rule still applies. What must be remembered between two moments
of a turn is kept as numbers in ``Game.script_state`` (keys start with the card code) or
``Game.bookkeeping.choices``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import events
from teambuilder.engine.actions import Action, Choose, Pass
from teambuilder.engine.dice import ACTION
from teambuilder.engine.rolling import roll
from teambuilder.engine.scripts import Frozen, ask, continuation, script
from teambuilder.engine.scripts.wwe_common import (
    OneDie,
    burst,
)
from teambuilder.engine.selectors import Context, card_name
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class BasicActionCards(Frozen):
    """Becky Lynch: the basic action cards whose die may be rolled, by option index."""

    choices: tuple[int, ...]


# -- 9wwe Becky Lynch: The Man! ----------------------------------------------------------

def _rollable_basic_actions(game: Game) -> list[int]:
    """Basic action cards, not Continuous, with a die still on the card."""
    return [s.index for s in game.slots if s.card.card.kind == "basic_action" and not s.card.continuous
            and any(d.slot == s.index and d.zone is Zone.CARD for d in game.dice)]


@script("9wwe")
def becky_roll_basic_action(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Roll an unpurchased, non-Continuous basic action die; on an action face its
    effect may be resolved at once. The die stays on (returns to) its card."""
    game = ctx.game
    choices = _rollable_basic_actions(game)
    if not choices:
        game.say("has no unpurchased basic action die to roll.", ctx.controller)
        return False
    if len(choices) == 1:
        _becky_roll(game, ctx.controller, choices[0])
        return True
    listing = "; ".join(f"{i}: {game.slots[s].card.card.name}" for i, s in enumerate(choices))
    ask(game, ctx.controller, f"Becky Lynch: choose a basic action die to roll ({listing}).",
        tuple(Choose(i) for i in range(len(choices))), then=_becky_card_chosen, data=BasicActionCards(tuple(choices)))
    return True


@continuation("9wwe", BasicActionCards)
def _becky_card_chosen(game: Game, player: int, action: Action, data: BasicActionCards) -> None:
    assert isinstance(action, Choose)
    _becky_roll(game, player, data.choices[action.index])


def _becky_roll(game: Game, player: int, slot: int) -> None:
    die = next(d for d in game.dice if d.slot == slot and d.zone is Zone.CARD)
    roll(game, die)
    face = die.spec.faces[die.face]
    game.say(f"rolls {die.spec.name}: {face.describe()}.", player)
    if face.kind != ACTION:
        game.say(f"{die.spec.name} goes back to its card.", player)
        return
    ask(game, player, f"Resolve the effect of {die.spec.name} now?", (Choose(1), Pass()), then=_becky_resolve,
        data=OneDie(die.id))


@continuation("9wwe:2", OneDie)
def _becky_resolve(game: Game, player: int, action: Action, data: OneDie) -> None:
    die = game.dice[data.die]
    if isinstance(action, Pass) or die.slot is None:
        game.say(f"does not resolve {die.spec.name}; it goes back to its card.", player)
        return
    bursts = burst(die)
    wanted = {"action"} | ({"burst"} if bursts == 1 else {"double_burst"} if bursts == 2 else set())
    card = game.slots[die.slot].card
    found = False
    for index, ability in enumerate(card.abilities):
        if ability.trigger in wanted:
            found = True
            events.queue_now(game, events.PendingTrigger(player, die.slot, index, die.id, bursts=bursts,
                                                             kind="action"))
    if not found:
        game.say(f"{die.spec.name} has no executable effect in this engine yet.", player)
    game.say(f"resolves the effect of {die.spec.name} at once; the die goes back to its card.", player)


# -- 11wwe Bobby Heenan: The Weasel ------------------------------------------------------

@script("11wwe")
def bobby_block_tax(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """After blockers are declared in a turn when this card's dice were fielded: for each
    such fielding (each is its own "until end of turn" effect), the opponent loses 1 life
    per blocker per Bobby Heenan die the controller fielded this turn."""
    game = ctx.game
    if game.active != ctx.controller:
        return False
    fielded = [game.dice[i] for i in sorted(game.this_turn.fielded)]
    weasels = sum(1 for d in fielded if d.slot == ctx.slot)
    bobbies = sum(1 for d in fielded if d.slot is not None and card_name(game, d) == "Bobby Heenan"
                  and (d.owner == ctx.controller or d.home == ctx.controller))
    blockers = [d for d in game.field_characters(1 - ctx.controller) if d.blocking is not None or d.also_blocking]
    loss = weasels * bobbies * len(blockers)
    if not loss:
        return False
    game.say(f"Bobby Heenan: {len(blockers)} blocker(s), {bobbies} Bobby Heenan dice fielded this turn.",
             ctx.controller)
    game.lose_life({1 - ctx.controller: loss})
    return True
