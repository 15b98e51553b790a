"""Invariants that hold after every action of every game: tests check them constantly.

Dice are conserved (the same dice exist as at the start, each Sidekick with its player,
each team die with its card's owner, basic action dice on their card until bought); every
die is in exactly one known zone, and the zone index lists it there; combat marks only
sit on field dice; no life is above the starting life.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine.dice import ACTION, CHARACTER
from teambuilder.engine.game import SIDEKICKS_PER_PLAYER
from teambuilder.engine.state import Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


def broken_invariants(game: Game, dice_count: int | None = None) -> list[str]:
    problems: list[str] = []
    real = [d for d in game.dice if not d.token]
    if dice_count is not None and len(real) != dice_count:
        problems.append(f"{len(real)} dice exist, expected {dice_count}")
    if [d.id for d in game.dice] != list(range(len(game.dice))):
        problems.append("die ids are not the positions 0..n-1")
    for player in game.players:
        sidekicks = [d for d in game.dice if d.is_sidekick and (d.home if d.home is not None else d.owner)
                     == player.index]
        if len(sidekicks) != SIDEKICKS_PER_PLAYER:
            problems.append(f"{player.name} has {len(sidekicks)} Sidekick dice")
        if player.life > player.start_life:
            problems.append(f"{player.name} has {player.life} life, above {player.start_life}")
        if player.virtual < 0:
            problems.append(f"{player.name} has negative virtual energy")
    scanned: dict[tuple[Zone, int | None], list[int]] = {}
    for die in game.dice:
        scanned.setdefault((die.zone, die.owner), []).append(die.id)
    indexed = {key: [d.id for d in dice] for key, dice in game.zone_index.lists.items() if dice}
    by_zone = {zone: [d.id for d in dice] for zone, dice in game.zone_index.zones.items() if dice}
    if indexed != scanned or by_zone != {zone: [d.id for d in game.dice if d.zone is zone]
                                         for zone in {d.zone for d in game.dice}}:
        problems.append("the zone index does not list the dice where they are")
    for die in game.dice:
        if not isinstance(die.zone, Zone):
            problems.append(f"die {die.id} is in no zone")
            continue
        slot = game.slots[die.slot] if die.slot is not None else None
        if die.token:
            if die.zone not in (Zone.FIELD, Zone.GONE):
                problems.append(f"token {die.id} is in {die.zone.value}")
            continue
        if die.home is not None and die.zone not in (Zone.FIELD, Zone.OUT_OF_PLAY):
            problems.append(f"controlled die {die.id} left the field without going home")
        if slot is not None and slot.owner is not None and (die.home if die.home is not None
                                                            else die.owner) != slot.owner:
            problems.append(f"die {die.id} of {slot.card.code} belongs to the wrong player")
        if die.owner is None and die.zone is not Zone.CARD:
            problems.append(f"unbought die {die.id} is in {die.zone.value}")
        if die.zone is Zone.CARD and slot is None:
            problems.append(f"Sidekick die {die.id} is on a card")
        if (die.attacking or die.blocking is not None) and die.zone is not Zone.FIELD:
            problems.append(f"die {die.id} is marked in combat but is in {die.zone.value}")
        if die.zone is Zone.FIELD and die.spec.faces[die.face].kind not in (CHARACTER, ACTION):
            problems.append(f"die {die.id} is in the field showing {die.spec.faces[die.face].describe()}")
        if die.damage < 0:
            problems.append(f"die {die.id} has negative damage")
    return problems
