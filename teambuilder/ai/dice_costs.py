"""How the AIs weigh paying with dice instead of energy (Fabricate, Ritual, Fusion).

Each is worth doing only when what it brings is worth more than the dice it costs:

- Fabricate KOs field dice (they come back from the prep area next turn, but leave the
  field now): done when the bought die is worth more than the dice KO'd, choosing the
  cheapest set that pays.
- Ritual sends a reserve die out of play to field another: done when the die fielded is
  better than the die given up (the greedy agent fields with energy first).
- Fusion moves field dice to the prep area (they come back next turn) and brings the
  Fusion die: done when that die is worth more than half of the dice moved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from teambuilder.engine.actions import Action, Fabricate, Fuse, Ritual
from teambuilder.engine.game import Game
from teambuilder.engine.state import Die

DieValue = Callable[[Game, Die], float]


def card_worth(game: Game, slot: int) -> float:
    """What a new die of ``slot``'s card is worth: its level 1 stats and its cost."""
    card = game.slots[slot].card.card
    first = card.levels[0] if card.levels else None
    return (first.attack + first.defense if first is not None else 0) + card.cost * 0.5


def _face_worth(game: Game, die: Die) -> float:
    face = die.spec.faces[die.face]
    card = game.card_of(die)
    return face.attack + face.defense + (card.card.cost if card is not None else 0) * 0.5


def pick(game: Game, options: Sequence[Action], value: DieValue) -> Action | None:
    """The best Fabricate, Ritual or Fusion among ``options`` that is worth doing, or None."""
    best: Action | None = None
    best_gain = 0.0
    for option in options:
        if isinstance(option, Fabricate):
            gain = card_worth(game, option.slot) - sum(value(game, game.dice[d]) for d in option.dice)
        elif isinstance(option, Fuse):
            gain = card_worth(game, option.slot) - 0.5 * sum(value(game, game.dice[d]) for d in option.dice)
        elif isinstance(option, Ritual):
            gain = _face_worth(game, game.dice[option.die]) - _face_worth(game, game.dice[option.sacrifice])
        else:
            continue
        if gain > best_gain:
            best, best_gain = option, gain
    return best
