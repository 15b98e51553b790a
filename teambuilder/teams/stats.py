"""Team statistics: what the dice add up to, for building and for the printed sheet.

The expected energy per roll is for one turn's roll of 4 dice drawn from a bag holding
the 8 Sidekick dice and every die of the team (all bought): each face is equally likely,
a double face counts twice, wild and generic energy are entries of their own.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from teambuilder.catalogue.model import ENERGY_TYPES, Card
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team

FACES_PER_DIE = 6
DICE_PER_ROLL = 4
SIDEKICK_DICE = 8
# A Sidekick die: one face of each energy type, a wild face and a character face.
SIDEKICK_ENERGY = {"mask": 1, "fist": 1, "bolt": 1, "shield": 1, "wild": 1}


@dataclass
class TeamStats:
    cards: int = 0
    dice: int = 0
    characters: int = 0
    actions: int = 0
    character_dice: int = 0
    action_dice: int = 0
    dice_by_energy: dict[str, int] = field(default_factory=dict)
    cards_by_energy: dict[str, int] = field(default_factory=dict)
    cost_curve: dict[int, int] = field(default_factory=dict)  # purchase cost -> dice
    affiliations: dict[str, int] = field(default_factory=dict)  # affiliation -> cards
    levels: list[dict[str, float]] = field(default_factory=list)  # per level: average stats
    expected_energy_per_roll: dict[str, float] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {key: value for key, value in vars(self).items()} | {
            "cost_curve": {str(k): v for k, v in sorted(self.cost_curve.items())}}


def team_stats(team: Team, lookup: CardLookup) -> TeamStats:
    stats = TeamStats()
    dice_energy: Counter[str] = Counter()
    card_energy: Counter[str] = Counter()
    curve: Counter[int] = Counter()
    affiliations: Counter[str] = Counter()
    expected: defaultdict[str, float] = defaultdict(float)
    level_sums: dict[int, Counter[str]] = {}
    for entry in team.cards:
        card: Card | None = lookup.resolve(entry.ref)
        if card is None:
            stats.unknown.append(entry.ref)
            continue
        stats.cards += 1
        stats.dice += entry.dice
        if card.kind == "character":
            stats.characters += 1
            stats.character_dice += entry.dice
        else:
            stats.actions += 1
            stats.action_dice += entry.dice
        for energy in card.energy:
            dice_energy[energy] += entry.dice
            card_energy[energy] += 1
        curve[card.cost] += entry.dice
        affiliations.update(card.affiliations)
        for face in card.energy_faces:
            for symbol in face.symbols:
                expected[symbol] += entry.dice / FACES_PER_DIE
            if face.generic:
                expected["generic"] += entry.dice * face.generic / FACES_PER_DIE
        for level in card.levels:
            sums = level_sums.setdefault(level.level, Counter())
            sums["cards"] += 1
            sums["fielding"] += level.fielding
            sums["attack"] += level.attack
            sums["defense"] += level.defense
    stats.dice_by_energy = {e: dice_energy[e] for e in ENERGY_TYPES if dice_energy[e]}
    stats.cards_by_energy = {e: card_energy[e] for e in ENERGY_TYPES if card_energy[e]}
    stats.cost_curve = dict(sorted(curve.items()))
    stats.affiliations = dict(affiliations.most_common())
    for symbol, faces in SIDEKICK_ENERGY.items():
        expected[symbol] += SIDEKICK_DICE * faces / FACES_PER_DIE
    bag = stats.dice + SIDEKICK_DICE
    stats.expected_energy_per_roll = {
        k: round(v / bag * DICE_PER_ROLL, 3) for k, v in sorted(expected.items())}
    stats.levels = [
        {"level": lv, "cards": sums["cards"],
         "fielding": round(sums["fielding"] / sums["cards"], 2),
         "attack": round(sums["attack"] / sums["cards"], 2),
         "defense": round(sums["defense"] / sums["cards"], 2)}
        for lv, sums in sorted(level_sums.items())
    ]
    return stats
