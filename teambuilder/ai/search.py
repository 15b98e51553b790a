"""The ``search`` agent: the stronger AI, Monte Carlo rollouts with determinization.

At the decisions that shape a game (which dice to reroll, which dice attack, how to
block, whether to pay or enlist) it tries each sensible candidate on copies of the game. Each
copy gets fresh randomness for everything the player cannot know (the order of dice in the
bags, future rolls), so the agent never peeks at the game's own seeded future; then greedy play
continues on both sides for a few turns and the position is scored. Rollouts are spent by
successive halving: all candidates play a few, the better half plays a few more, and so
on; the best total wins (greedy's pick on a tie). Everywhere else it plays like ``greedy``.

The budget is a number of rollouts, not a time, and every seed comes from the agent's own
generator, so a game with the same seeds is the same game on any machine.
"""

from __future__ import annotations

import random

from teambuilder.ai import payments
from teambuilder.ai.greedy import GreedyAgent, die_value
from teambuilder.engine.actions import (
    Action,
    Decision,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Pass,
    Purchase,
    Reroll,
)
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.game import Game
from teambuilder.engine.state import Zone

# Rollouts come in rounds: every candidate plays PER_ROUND, the better half goes on to the
# next round. Six candidates cost 18 + 9 + 6 = 33 rollouts instead of a flat 6 x 8 = 48, and
# the two best get 9 each. Tuning over the reference gauntlet at 30 games a pairing (docs/
# ai.md) moved none of these: 5 a round, 3 turns ahead, or other weights in ``evaluate``
# were no better or cost more; what to search (the reroll) was what counted.
ROUNDS = 3
PER_ROUND = 3
HORIZON = 2           # turns played out after the decision before scoring
MAX_CANDIDATES = 6
WIN = 1000.0


class SearchAgent:
    name = "search"

    def __init__(self, seed: int = 0, rounds: int = ROUNDS, per_round: int = PER_ROUND,
                 horizon: int = HORIZON) -> None:
        self.rng = random.Random(seed)
        self.rounds = rounds
        self.per_round = per_round
        self.horizon = horizon
        self.greedy = GreedyAgent(seed)

    def choose(self, game: Game, decision: Decision) -> Action:
        candidates = self._candidates(game, decision)
        if len(candidates) < 2:
            return candidates[0] if candidates else self.greedy.choose(game, decision)
        me = decision.player
        seeds = [self.rng.randrange(2**31) for _ in range(self.rounds * self.per_round)]
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        for round_number in range(self.rounds):
            # Common random numbers: every candidate still in meets the same imagined futures.
            batch = seeds[round_number * self.per_round:(round_number + 1) * self.per_round]
            for c in alive:
                totals[c] += sum(self._rollout(game, candidates[c], seed, me) for seed in batch)
            if all(totals[c] == totals[alive[0]] for c in alive):
                break     # every candidate led to the same positions: nothing to tell apart
            # Successive halving: the better half plays on, so rollouts go to the close
            # calls; greedy's pick (candidate 0) stays in as the yardstick.
            ranked = sorted(alive, key=lambda c: -totals[c])
            alive = ranked[:(len(ranked) + 1) // 2]
            if 0 not in alive:
                alive.append(0)
            if len(alive) == 1:
                break
        # Ties go to the earliest candidate: greedy's pick.
        return candidates[max(alive, key=lambda c: (totals[c], -c))]

    # -- what to try ------------------------------------------------------------------
    def _candidates(self, game: Game, decision: Decision) -> list[Action]:
        greedy_pick = self.greedy.choose(game, decision)
        # The Main Step plays as greedy: searched too (each purchase, fielding, action and
        # global against greedy's pick and passing), it added about 4 points against greedy
        # but 0.25 s of CPU a game, taking the whole over the 0.5 s budget (docs/ai.md).
        if decision.kind == DecisionKind.ATTACKERS:
            everyone = DeclareAttackers(tuple(decision.subset))
            nobody = DeclareAttackers(tuple(decision.required))
            singles = sorted(decision.subset, key=lambda d: -die_value(game, game.dice[d]))[:2]
            found = [greedy_pick, everyone, nobody] + [
                DeclareAttackers(tuple(sorted({d} | set(decision.required)))) for d in singles]
            if decision.at_least:      # "at least 1 ... must attack": every candidate meets it
                found = [DeclareAttackers(decision.with_minimum(a.dice)) if isinstance(a, DeclareAttackers) else a
                         for a in found]
            return _distinct(found)[:MAX_CANDIDATES]
        if decision.kind == DecisionKind.REROLL:
            return _reroll_variants(game, decision, greedy_pick)
        if decision.kind == DecisionKind.ENLIST:      # let it happen, or KO a die to stop it
            return _distinct([greedy_pick, *decision.options])[:MAX_CANDIDATES]
        if decision.kind == DecisionKind.PAY:
            return _distinct([greedy_pick] + payments.candidates(decision))
        if decision.kind == DecisionKind.SCRIPT and any(isinstance(o, Purchase) for o in decision.options):
            # An ability's purchase offer: buying (greedy's pick) against declining, when allowed.
            return _distinct([greedy_pick] + [o for o in decision.options if isinstance(o, Pass)])
        if decision.kind == DecisionKind.BLOCKERS:
            return _distinct([greedy_pick] + _block_variants(game, decision, greedy_pick))[:MAX_CANDIDATES]
        return [greedy_pick]

    # -- looking ahead ----------------------------------------------------------------
    def _rollout(self, game: Game, candidate: Action, seed: int, me: int) -> float:
        copy = game.clone(seed=seed)
        copy.apply(candidate)
        stop_at = copy.turn_number + self.horizon
        players = [GreedyAgent(seed), GreedyAgent(seed + 1)]
        steps = 0
        while copy.decision is not None and copy.turn_number <= stop_at and steps < 2000:
            decision = copy.decision
            copy.apply(players[decision.player].choose(copy, decision))
            steps += 1
        return evaluate(copy, me)


def evaluate(game: Game, me: int) -> float:
    """A position from ``me``'s side: the result if the game is over, else life, the board
    and the dice owned (bought dice are future strength)."""
    if game.over:
        return 0.0 if game.winner is None else (WIN if game.winner == me else -WIN)
    score = 0.0
    for player, sign in ((me, 1.0), (1 - me, -1.0)):
        score += sign * game.players[player].life * 2.0
        for die in game.field_characters(player):
            score += sign * die_value(game, die) * 0.5
        for die in game.dice:
            if die.owner == player and die.slot is not None and die.zone is not Zone.CARD:
                card = game.card_of(die)
                score += sign * (card.card.cost if card is not None else 0) * 0.4
    return score


def _reroll_variants(game: Game, decision: Decision, greedy_pick: Action) -> list[Action]:
    """The Roll Step's one reroll: greedy's (unwanted energy), keeping everything, every
    energy face (fishing for characters), greedy's plus every character face (fishing for
    energy to buy with), and every die. Searching this choice mattered most of all: over
    the reference gauntlet at 30 games a pairing it took search from 57.7% to 79.0%
    against greedy."""
    assert isinstance(greedy_pick, Reroll)
    kinds = {d: game.dice[d].spec.faces[game.dice[d].face].kind for d in decision.subset}
    energy = tuple(d for d in decision.subset if kinds[d] == ENERGY)
    characters = {d for d in decision.subset if kinds[d] == CHARACTER}
    found: list[Action] = [greedy_pick, Reroll(()), Reroll(energy),
                           Reroll(tuple(sorted(set(greedy_pick.dice) | characters))), Reroll(tuple(decision.subset))]
    return _distinct(found)[:MAX_CANDIDATES]


def _block_variants(game: Game, decision: Decision, greedy_pick: Action) -> list[Action]:
    """Other ways to block worth a look: no blocks at all, and greedy's blocks plus one
    more blocker (its cheapest free die) on each of the biggest attackers."""
    assert isinstance(greedy_pick, DeclareBlockers)
    required = set(decision.required)
    variants: list[Action] = [DeclareBlockers(tuple(
        (b, a) for b, a in greedy_pick.blocks if b in required))]
    used = {b for b, _ in greedy_pick.blocks}
    allowed = dict(decision.assign)
    attackers = sorted({a for options in allowed.values() for a in options},
                       key=lambda a: -game.stats(game.dice[a])[0])
    for attacker in attackers[:3]:
        free = [b for b in allowed if b not in used and attacker in allowed[b]]
        if free:
            extra = min(free, key=lambda b: die_value(game, game.dice[b]))
            variants.append(DeclareBlockers(tuple(sorted(greedy_pick.blocks + ((extra, attacker),)))))
    return variants


def _distinct(actions: list[Action]) -> list[Action]:
    return list(dict.fromkeys(actions))
