"""Drawing dice from a bag and rolling them: what the turn, effects and keywords all do.

Drawing follows the rulebook: an empty bag is refilled from the used pile (never from out
of play) and drawing goes on. A roll takes its face from the game's seeded generator, or
from the faces a rule scenario loaded the die with. Both raise their events (a die drawn;
Energize: a double energy face rolled) for the abilities that watch for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import events
from teambuilder.engine.dice import ENERGY, below
from teambuilder.engine.state import Die, Step, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def draw(game: Game, player: int, count: int, watched: bool = True) -> list[Die]:
    """Draw up to ``count`` dice at random; refill the bag from the used pile when empty.
    ``watched=False``: no ``drawn`` event (the Clear and Draw Step raises one for its whole
    draw, Swarm and Rush extras included: ``drawn_in_step``)."""
    drawn: list[Die] = []
    for _ in range(count):
        bag = game.zone(player, Zone.BAG)
        if not bag:
            used = game.zone(player, Zone.USED)
            if not used:
                break
            for die in used:
                die.zone = Zone.BAG
                die.reset()
            game.say(f"refills the bag with {len(used)} dice from the used pile.", player)
            bag = used
        die = bag[below(game.rng, len(bag))]
        die.zone = Zone.PREP
        drawn.append(die)
    if drawn and watched and "drawn" in game.tables.watched:
        kind = "clear_and_draw" if game.step == Step.CLEAR_AND_DRAW else "effect"
        events.watch(game, "drawn", drawn[-1], player=player, amount=len(drawn), kind=kind, by=player)
    return drawn


def drawn_in_step(game: Game, player: int, drawn: list[Die]) -> None:
    """The ``drawn`` event of a Clear and Draw Step: every die it drew (its amount), the
    last of them as the event's die (the dice are kept: the die filter ``drawn``)."""
    game.this_turn.drawn_in_step = {d.id for d in drawn}
    if drawn and "drawn" in game.tables.watched:
        events.watch(game, "drawn", drawn[-1], player=player, amount=len(drawn), kind="clear_and_draw", by=player)


def roll(game: Game, die: Die) -> None:
    forced = game.forced_rolls.get(die.id)
    die.face = forced.pop(0) if forced else below(game.rng, len(die.spec.faces))
    face = die.spec.faces[die.face]
    if "die_rolled" in game.tables.watched:
        events.watch(game, "die_rolled", die, player=die.owner)
    if face.kind == ENERGY and face.energy_amount == 2 and game.step != Step.ROLL_AND_REROLL:
        energized(game, die)                  # Energize (in the Roll and Reroll Step: as it ends)
    if face.burst and die.owner is not None and game.step != Step.ROLL_AND_REROLL \
            and "burst_rolled" in game.tables.watched:
        game.this_turn.bursts_rolled.add(die.owner)   # Spark, at the end of this step


def energized(game: Game, die: Die) -> None:
    """A die rolled on a double energy face: its own Energize (``energized``), and "whenever a
    die of yours uses Energize" (``any_energized``, Star-Lord: Legendary giving Energize)."""
    if "energized" in game.tables.watched:
        events.emit(game, "energized", die)
    if "any_energized" in game.tables.watched:
        events.watch(game, "any_energized", die, player=die.owner)
