"""Random legal teams of a format, leaning toward teams a person could play.

A draw takes the format's card pool (its sets, less its bans; optionally only cards the
user owns, with no more dice than they own), picks two energy types the team will lean on,
and draws the cards by weight: characters over actions, cards of those energy types over
others, and costs a team can afford (2 to 5 most, 6 and up rarely, never more than two
such). Dice go to the cheaper characters first, up to each card's limit and the format's
total. The basic actions come from the same pool. The result is checked by the validator;
a draw that breaks a rule (two cards of one name cannot happen, but a format may have odd
limits) is drawn again. Every choice comes from the ``random.Random`` passed in, so a seed
gives the same team on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from teambuilder.catalogue.model import Card
from teambuilder.teams.formats import Format
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team, TeamCard
from teambuilder.teams.validator import ERROR, validate

ENERGY_TYPES = ("mask", "fist", "bolt", "shield")
# How much a card's purchase cost makes it likely: a team needs dice it can buy early.
COST_WEIGHT = {0: 0.6, 1: 1.0, 2: 2.5, 3: 3.0, 4: 3.0, 5: 2.0, 6: 0.8}
EXPENSIVE = 6
MAX_EXPENSIVE = 2
ATTEMPTS = 200
DEFAULT_DICE = 20       # a format with no dice cap (doubles) still gets a tournament-sized team


class RandomTeamError(ValueError):
    """No legal team can be drawn (too few cards in the pool, or owned); one line."""


@dataclass(frozen=True)
class Owned:
    """What the user owns, for ``--owned``: copies per card code, and how many dice each
    card may have (the dice of its die)."""

    cards: Mapping[str, int]
    dice: Mapping[str, int]


def _cost_weight(card: Card) -> float:
    return COST_WEIGHT.get(card.cost, 0.3)


def _weighted_index(rng: random.Random, weights: Sequence[float]) -> int:
    """An index drawn with probability proportional to its weight (one ``rng.random()``)."""
    point = rng.random() * sum(weights)
    last = 0
    for index, weight in enumerate(weights):
        if weight > 0:
            last = index
            point -= weight
            if point < 0:
                return index
    return last


class TeamDrawer:
    """Draws teams of ``fmt`` from ``cards`` (the whole catalogue)."""

    def __init__(self, cards: Sequence[Card], fmt: Format, lookup: CardLookup, owned: Owned | None = None) -> None:
        self.fmt, self.lookup, self.owned = fmt, lookup, owned
        pool = sorted((c for c in cards if self._allowed(c)), key=lambda c: (c.set_code, c.number))
        self.team_cards = [c for c in pool if c.kind != "basic_action" and self._dice_limit(c) > 0]
        self.basic_actions = [c for c in pool if c.kind == "basic_action"]
        # Worked out once: a card's weight before the draw's energy leaning, and the cards
        # sharing each name (one is drawn, all are out).
        self.base_weights = [_cost_weight(c) * (1.0 if c.kind == "character" else 0.35) for c in self.team_cards]
        self.same_name: dict[str, list[int]] = {}
        for index, card in enumerate(self.team_cards):
            self.same_name.setdefault(card.name.lower(), []).append(index)

    def _allowed(self, card: Card) -> bool:
        if self.fmt.sets is not None and card.set_code not in self.fmt.sets:
            return False
        if card.code in self.fmt.banned:
            return False
        return self.owned is None or self.owned.cards.get(card.code, 0) > 0

    def _dice_limit(self, card: Card) -> int:
        limit = card.max_dice
        if self.owned is not None:
            limit = min(limit, self.owned.dice.get(card.code, 0))
        return limit

    def draw(self, rng: random.Random, name: str) -> Team:
        if len({c.name.lower() for c in self.basic_actions}) < self.fmt.min_basic_actions:
            mine = " that you own" if self.owned is not None else ""
            raise RandomTeamError(f"{self.fmt.name} needs {self.fmt.min_basic_actions} basic action card(s) "
                                  f"of different names; its pool has {len(self.basic_actions)}{mine}")
        if not self.team_cards:
            raise RandomTeamError(f"no card of {self.fmt.name}'s pool can be used" +
                                  (" (you own none of them with dice)" if self.owned is not None else ""))
        for _attempt in range(ATTEMPTS):
            team = self._attempt(rng, name)
            if not any(v.severity == ERROR for v in validate(team, self.fmt, self.lookup)):
                return team
        raise RandomTeamError(f"no legal {self.fmt.name} team found in {ATTEMPTS} draws")

    def _attempt(self, rng: random.Random, name: str) -> Team:
        leaning = set(rng.sample(ENERGY_TYPES, 2))
        weights = [weight * (3.0 if leaning & set(card.energy) else 1.0)
                   for weight, card in zip(self.base_weights, self.team_cards, strict=True)]
        chosen: dict[str, Card] = {}
        expensive = 0
        wanted = min(self.fmt.max_cards, len(self.same_name))
        while len(chosen) < wanted and any(weights):
            card = self.team_cards[_weighted_index(rng, weights)]
            for index in self.same_name[card.name.lower()]:
                weights[index] = 0.0
            if card.cost >= EXPENSIVE:
                if expensive >= MAX_EXPENSIVE:
                    continue
                expensive += 1
            chosen[card.name.lower()] = card
        cards = list(chosen.values())
        dice = self._dice(rng, cards)
        basics: dict[str, Card] = {}
        count = min(self.fmt.max_basic_actions, len({c.name.lower() for c in self.basic_actions}))
        while len(basics) < count:
            card = rng.choice(self.basic_actions)
            basics.setdefault(card.name.lower(), card)
        return Team(name=name, format=self.fmt.key,
                    cards=tuple(TeamCard(c.code, dice[c.code]) for c in cards),
                    basic_actions=tuple(c.code for c in basics.values()))

    def _dice(self, rng: random.Random, cards: list[Card]) -> dict[str, int]:
        """One die each, then the rest one at a time, the cheaper characters most likely."""
        dice = {c.code: 1 for c in cards}
        total = self.fmt.max_dice if self.fmt.max_dice is not None else DEFAULT_DICE
        while sum(dice.values()) < total:
            room = [c for c in cards if dice[c.code] < self._dice_limit(c)]
            if not room:
                break
            weights = [_cost_weight(c) * (1.0 if c.kind == "character" else 0.3) for c in room]
            dice[room[_weighted_index(rng, weights)].code] += 1
        return dice
