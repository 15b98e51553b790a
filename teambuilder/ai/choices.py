"""How the AIs make a named choice (``DecisionKind.CHOICE``): a number, a card name, an
energy type, an affiliation.

A named choice usually aims a rule at the dice it names ("the opponent can't buy the named
die", "characters of the named type cost 1 more", "the named affiliation must attack"), so
the agent names what the opponent's team has most of and its own team least of, weighing
each card by its cost. A number is a guess at a roll: the energy the dice about to be
rolled show on average (most faces of a Sidekick die are single energy).
"""

from __future__ import annotations

from teambuilder.engine import choices
from teambuilder.engine.actions import Action, Choose, Decision
from teambuilder.engine.events import ability_of, context_of
from teambuilder.engine.game import Game
from teambuilder.engine.game_state import Choice, ChoiceKind
from teambuilder.engine.targets import effects_of

ENERGY_PER_DIE = 0.8       # a Sidekick die: five energy faces of six, a character die fewer


def answer(game: Game, decision: Decision) -> Action:
    offered = _offered(game)
    picks = [o for o in decision.options if isinstance(o, Choose)]
    if not offered or len(offered) != len(picks):
        return picks[0]
    if offered[0].kind is ChoiceKind.NUMBER:
        dice = (len(offered) - 1) / 2            # the highest number is 2 energy a die
        return picks[min(round(dice * ENERGY_PER_DIE), len(picks) - 1)]
    scores = [_weight(game, decision.player, choice) for choice in offered]
    return picks[scores.index(max(scores))]


def _offered(game: Game) -> list[Choice]:
    resolution = game.resolving
    if resolution is None:
        return []
    effect = effects_of(ability_of(game, resolution.trigger), resolution)[len(resolution.targets)]
    return choices.options(context_of(game, resolution.trigger), effect) if effect.op == "choose" else []


def _weight(game: Game, me: int, choice: Choice) -> float:
    """The opponent's team cards the choice names (by cost), less ``me``'s own."""
    total = 0.0
    for slot in game.slots:
        card = slot.card.card
        named = {ChoiceKind.NAME: card.name == choice.text, ChoiceKind.ENERGY: choice.text in card.energy,
                 ChoiceKind.AFFILIATION: choice.text in card.affiliations}.get(choice.kind, False)
        if named and slot.owner is not None:
            total += (1.0 if slot.owner != me else -1.0) * max(card.cost, 1)
    return total
