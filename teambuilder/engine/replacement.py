"""Replacement effects: "if a die would go to X, it goes to Y instead".

A replacement changes an event as it happens rather than reacting after it (so it
triggers nothing of its own). Each applies once per event, in the order the rulebooks
give: a die's own keyword first (Immortal sends a die bound for the used pile to the bag),
then the rules cards and effects put in force (``rule: goes_instead``, from the oldest).
The first that applies decides; the others do not see the event any more. Damage caps,
prevention and redirection are the other replacements, kept with damage (``damage``,
``rule: prevent_damage``, shields); "can't be KO'd" and "can't be targeted" are rules
(``no_ko_while_blocking``, ``cant_be_targeted``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import keywords, rules
from teambuilder.engine.die_facts import ZONE_OF
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

# How the log says a die went somewhere instead.
_ARRIVES = {Zone.PREP: "Prepped", Zone.BAG: "put in the bag", Zone.USED: "put in the used pile",
            Zone.FIELD: "put in the field", Zone.OUT_OF_PLAY: "put out of play",
            Zone.RESERVE: "put in the reserve pool"}
_WORDS = {"used": "the used pile", "prep": "the prep area", "bag": "the bag"}


def destination(game: Game, die: Die, zone: Zone) -> Zone:
    """Where ``die`` goes when it would go to ``zone`` (the used pile, or the prep area as
    it is KO'd)."""
    if zone is Zone.USED and keywords.immortal_to_bag(game, die):
        return Zone.BAG
    if not game.has_rules:
        return zone
    for rule in rules.in_force(game, "goes_instead"):
        if ZONE_OF.get(rule.effect.instead_of) is zone and rules.applies(game, rule, die):
            instead = ZONE_OF[rule.effect.into]
            game.say(f"{die.spec.name} is {_ARRIVES[instead]} instead of going to {_WORDS[rule.effect.instead_of]}.",
                     die.owner)
            return instead
    return zone


def cant_be_kod(game: Game, die: Die) -> bool:
    """"Can't be KO'd" (``rule: cant_be_kod``): the KO does not happen at all, so nothing
    replaces it either (its damage stays)."""
    return game.has_rules and any(rules.applies(game, r, die) for r in rules.in_force(game, "cant_be_kod"))


def spin_instead_of_ko(game: Game, die: Die) -> int:
    """How many levels ``die`` spins down instead of being KO'd (``rule: spin_instead_of_ko``,
    ``amount``); 0 when no such rule is on it or it is already on its lowest level."""
    if not game.has_rules:
        return 0
    level = die.spec.faces[die.face].level
    for rule in rules.in_force(game, "spin_instead_of_ko"):
        if rules.applies(game, rule, die) and level > 1:
            return max(1, rules.amount(game, rule))
    return 0


def killers(game: Game, die: Die, by_damage: bool) -> list[Die]:
    """The opposing dice whose damage this turn is on ``die`` (when damage KOs it)."""
    return [game.dice[k] for k in sorted(game.this_turn.hits.get(die.id, ()) if by_damage else ())
            if game.dice[k].owner != die.owner]


def culprit(game: Game, die: Die, by_damage: bool) -> int | None:
    """Whose damage KOs ``die`` (None: no opposing damage)."""
    found = killers(game, die, by_damage)
    return found[0].owner if found else None


def spared(game: Game, die: Die) -> bool:
    """A die whose KO was replaced (``ko_instead``) is not KO'd again by the same damage:
    only by more damage, or with a lower defense; nor is one whose KO is held."""
    if die.id in game.this_turn.held_kos:
        return True                 # its KO is held while its replacement is asked
    kept = game.this_turn.ko_spared.get(die.id)
    return kept is not None and die.damage <= kept[0] and game.stats(die)[1] >= kept[1]


def end_of_turn(game: Game) -> None:
    """The replacements of this turn have seen the turn's last moves (dice out of play go
    to the used pile after the cleanup): they end now."""
    if game.turn_rules:
        game.turn_rules = [r for r in game.turn_rules
                           if r.effect.rule != "goes_instead" or r.until_turn > game.turn_number]
