"""Random legal Modern Era teams, and seeded games between them with every invariant checked
after every action (issue 23: whole-format random play).

``make test`` plays 100 such games; ``make soak`` plays 2,000 (docs/testing.md). A team is
drawn from the format's card pool (data/cards/formats.yaml ``modern_era``): 8 cards of
different names, 20 dice within each card's limit, 2 basic actions of different names; the
validator must find nothing wrong with it. Every random choice comes from a generator
seeded by the game's number, so a failing game is replayed by its seed alone.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field

from teambuilder.ai.agents import Agent, make_agent
from teambuilder.catalogue.model import Card
from teambuilder.engine.game import Game
from teambuilder.engine.invariants import broken_invariants
from teambuilder.engine.setup import player_setup
from teambuilder.teams.formats import Format
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team, TeamCard
from teambuilder.teams.validator import ERROR, validate

# A game that takes more actions than this is stuck in a loop: real games between the
# reference teams take a few hundred to a few thousand.
ACTION_LIMIT = 50_000
# The matchups played in turn: greedy against greedy, random against random, and mixed.
PAIRINGS = (("greedy", "greedy"), ("random", "random"), ("greedy", "random"), ("random", "greedy"))


class CardPool:
    """The cards a Modern Era team may hold, split into team cards and basic actions."""

    def __init__(self, lookup: CardLookup, fmt: Format) -> None:
        assert fmt.sets is not None, f"{fmt.name} names no sets"
        # Sorted: a frozenset's order changes from run to run, and seeds must replay.
        cards = [card for set_code in sorted(fmt.sets) for card in lookup.source.search(f"set:{set_code}")
                 if card.code not in fmt.banned]
        self.team_cards: list[Card] = [c for c in cards if c.kind != "basic_action"]
        self.basic_actions: list[Card] = [c for c in cards if c.kind == "basic_action"]
        self.fmt = fmt


def random_team(pool: CardPool, rng: random.Random, name: str) -> Team:
    """A legal team of the pool's format: full card and dice allowance, distinct names."""
    fmt = pool.fmt
    while True:
        chosen: dict[str, Card] = {}
        while len(chosen) < fmt.max_cards:
            card = rng.choice(pool.team_cards)
            chosen.setdefault(card.name.lower(), card)
        cards = list(chosen.values())
        wanted = fmt.max_dice if fmt.max_dice is not None else 20
        if sum(c.max_dice for c in cards) < wanted:
            continue            # too many one- and two-die cards to reach the allowance
        dice = {c.code: 1 for c in cards}
        while sum(dice.values()) < wanted:
            card = rng.choice([c for c in cards if dice[c.code] < c.max_dice])
            dice[card.code] += 1
        basics: dict[str, Card] = {}
        while len(basics) < fmt.max_basic_actions:
            card = rng.choice(pool.basic_actions)
            basics.setdefault(card.name.lower(), card)
        return Team(name=name, format=fmt.key,
                    cards=tuple(TeamCard(c.code, dice[c.code]) for c in cards),
                    basic_actions=tuple(c.code for c in basics.values()))


@dataclass
class SoakReport:
    """What a run of whole-format games found: counts a closing note can quote."""

    games: int = 0
    finished: int = 0
    turn_limit_ties: int = 0
    ties: int = 0
    actions: int = 0
    turns: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    crashes: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    cards_seen: set[str] = field(default_factory=set)

    @property
    def problems(self) -> list[str]:
        return self.crashes + self.hangs + self.violations

    def summary(self) -> str:
        return (f"{self.games} Modern Era games ({self.finished} finished, {self.turn_limit_ties} "
                f"turn-limit ties, {self.ties} other ties; wins {self.wins[0]}-{self.wins[1]}; {self.turns} turns, "
                f"{self.actions} actions; {len(self.cards_seen)} different cards played): "
                f"{len(self.crashes)} crashes, {len(self.hangs)} hangs, "
                f"{len(self.violations)} invariant violations")


def play_checked(game: Game, agents: Sequence[Agent], report: SoakReport, label: str) -> None:
    """Play ``game`` to the end, checking the invariants after every action."""
    count = len([d for d in game.dice if not d.token])
    actions = 0
    while game.decision is not None:
        if actions >= ACTION_LIMIT:
            report.hangs.append(f"{label}: still going after {actions} actions (turn {game.turn_number})")
            return
        decision = game.decision
        game.apply(agents[decision.player].choose(game, decision))
        actions += 1
        found = broken_invariants(game, count)
        if found:
            report.violations.append(f"{label}, action {actions}: {found}")
            return
    report.actions += actions


def play_random_games(lookup: CardLookup, fmt: Format, seeds: range) -> SoakReport:
    """One game per seed between two random legal teams of ``fmt``, AIs in turn."""
    pool = CardPool(lookup, fmt)
    report = SoakReport()
    for seed in seeds:
        rng = random.Random(seed)
        teams = [random_team(pool, rng, "A"), random_team(pool, rng, "B")]
        for team in teams:
            errors = [v.message for v in validate(team, fmt, lookup) if v.severity == ERROR]
            assert not errors, f"seed {seed}: the drawn team is illegal: {errors}"
            report.cards_seen.update(card.ref for card in team.cards)
        ai_a, ai_b = PAIRINGS[seed % len(PAIRINGS)]
        label = f"seed {seed} ({ai_a} vs {ai_b}; {describe(teams[0])} against {describe(teams[1])})"
        report.games += 1
        try:
            setups = [player_setup(team, lookup, fmt, team.name) for team in teams]
            game = Game(setups, life=fmt.life, seed=seed)
            play_checked(game, [make_agent(ai_a, seed * 2 + 1), make_agent(ai_b, seed * 2 + 2)],
                         report, label)
        except Exception:  # noqa: BLE001 - a crash is what this run counts, with its seed
            report.crashes.append(f"{label}: {traceback.format_exc(limit=-3)}")
            continue
        if game.over:
            report.finished += 1
            report.turns += game.turn_number
            if game.winner is None and (game.result or "").startswith("tie (turn limit"):
                report.turn_limit_ties += 1
            elif game.winner is None:
                report.ties += 1
            else:
                report.wins[game.winner] += 1
    return report


def describe(team: Team) -> str:
    return " ".join(f"{card.ref}x{card.dice}" for card in team.cards) + " / " + " ".join(team.basic_actions)
