"""X-Men Forever scripts, cards 37-58: what the ability language cannot say (cards 59-72
are in ``xmf_59_72``).

Cards here: Mastermind (40); Mystique (45); Professor X (47, 48); Storm (58).

Each script is named by its card code (``40xmf``; a continuation ``40xmf:roll``)
and uses the engine's own primitives, so every rule a data effect obeys still applies.
Choices made part-way use ``ask`` and a continuation; what a card must remember between
turns is kept as numbers (``Game.script_state``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine import effects, events
from teambuilder.engine.actions import Action, Choose, ChooseTarget
from teambuilder.engine.dice import CHARACTER, Face
from teambuilder.engine.die_facts import card_name
from teambuilder.engine.rolling import roll
from teambuilder.engine.scripts import Frame, Frozen, ask, continuation, script
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


@dataclass(frozen=True)
class AttackersLeft(Frozen):
    """Mastermind: how many attackers are still to leave the Attack Zone."""

    frame: Frame
    left: int


@dataclass(frozen=True)
class CardChoice(Frozen):
    """Mystique: the opposing cards offered, by option index."""

    frame: Frame
    cards: tuple[int, ...]


def _face(die: Die) -> Face:
    return die.spec.faces[die.face]


# -- 40 Mastermind: Jason Wyngarde --------------------------------------------------------

@script("40xmf")
def mastermind_illusion(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Roll one of your active Mastermind dice: energy, it is KO'd; a level, that many
    attackers leave the Attack Zone."""
    game = ctx.game
    masterminds = [d for d in game.field_characters(ctx.controller) if card_name(game, d) == "Mastermind"]
    if not masterminds:
        return False
    if len(masterminds) == 1:
        _roll_mastermind(game, ctx, masterminds[0])
        return True
    ask(game, ctx.controller, "Choose the Mastermind die to roll.",
        tuple(ChooseTarget(d.id) for d in masterminds), _mastermind_chosen, Frame.of(ctx))
    return True


@continuation("40xmf:roll", Frame)
def _mastermind_chosen(game: Game, player: int, action: Action, data: Frame) -> None:
    assert isinstance(action, ChooseTarget)
    _roll_mastermind(game, data.context(game), game.dice[action.target])


def _roll_mastermind(game: Game, ctx: Context, die: Die) -> None:
    roll(game, die)
    face = _face(die)
    if face.kind != CHARACTER:
        # An energy face: the die is KO'd from the field (it is no longer a character).
        game.say(f"rolls {die.spec.name}: {face.describe()}; it is KO'd.", die.owner)
        events.emit(game, "ko", die)
        events.watch(game, "any_ko", die)
        effects.move(game, die, Zone.PREP)
        return
    game.say(f"rolls {die.spec.name}: level {face.level}; it stays in the field at that level.", die.owner)
    _remove_attackers(game, ctx, face.level)


def _remove_attackers(game: Game, ctx: Context, count: int) -> None:
    attackers = [d for d in game.field_characters() if d.attacking]
    if count <= 0 or not attackers:
        return
    if len(attackers) <= count:
        for die in attackers:
            _out_of_attack(game, die)
        return
    ask(game, ctx.controller, f"Choose an attacking die to remove from the Attack Zone ({count} left).",
        tuple(ChooseTarget(d.id) for d in attackers), _attacker_removed, AttackersLeft(Frame.of(ctx), count))


@continuation("40xmf:remove", AttackersLeft)
def _attacker_removed(game: Game, player: int, action: Action, data: AttackersLeft) -> None:
    assert isinstance(action, ChooseTarget)
    _out_of_attack(game, game.dice[action.target])
    _remove_attackers(game, data.frame.context(game), data.left - 1)


def _out_of_attack(game: Game, die: Die) -> None:
    die.leave_combat()
    for other in game.dice:
        if other.blocking == die.id:
            other.blocking = None
    game.say(f"{game.die_name(die)} is removed from the Attack Zone and stays in the field.", die.owner)


# -- 45 Mystique: Hellfire Headmistress ---------------------------------------------------

def _mystique_key(die: Die) -> str:
    return f"xmf45:{die.id}"


@script("45xmf")
def mystique_choose_card(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Choose an opposing non-Villain character card; this die uses its printed A and D."""
    game, die = ctx.game, ctx.source
    if die is None:
        return False
    cards = [s.index for s in game.slots if s.owner == 1 - ctx.controller and s.card.card.kind == "character"
             and "villain" not in s.card.card.affiliations]
    if not cards:
        game.say("there is no opposing non-Villain card to choose.", ctx.controller)
        return False
    names = ", ".join(f"{i}: {game.slots[s].card.card.full_name}" for i, s in enumerate(cards))
    ask(game, ctx.controller, f"Choose the card whose A and D this die uses. {names}",
        tuple(Choose(i) for i in range(len(cards))), _mystique_card_chosen, CardChoice(Frame.of(ctx), tuple(cards)))
    return True


@continuation("45xmf:card", CardChoice)
def _mystique_card_chosen(game: Game, player: int, action: Action, data: CardChoice) -> None:
    """This die now uses the chosen card's printed A and D for whatever level it shows,
    for as long as it stays in the field; fielded on a burst face, it also has that card's
    text while it is active."""
    assert isinstance(action, Choose)
    ctx = data.frame.context(game)
    die = ctx.source
    assert die is not None and die.slot is not None
    slot = data.cards[action.index]
    die.stats_of = slot
    game.say(f"{die.spec.name} uses the A and D of {game.slots[slot].card.card.full_name}.", player)
    if _face(die).burst:
        game.bookkeeping.borrowed.setdefault(die.slot, []).append((slot, False, -1, die.id))
        game.say(f"{die.spec.name} also has the text of {game.slots[slot].card.card.full_name} while active.",
                 player)


