"""The Agent protocol, the ``random`` agent, and the loop that plays a game with agents.

An agent gets the game and the decision addressed to its player and returns an action.
The random agent is uniform over legal answers: one of the options, or a uniformly random
subset (each die in or out with even odds), or for each blocker a uniform choice among
"no block" and the attackers it may block. Its randomness comes from its own seeded
generator, never from the game's or the module-level one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from teambuilder.engine.actions import Action, Decision, DecisionKind, DeclareAttackers, DeclareBlockers, Reroll
from teambuilder.engine.game import Game


class Agent(Protocol):
    name: str

    def choose(self, game: Game, decision: Decision) -> Action: ...


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, decision: Decision) -> Action:
        if decision.options:
            return self.rng.choice(decision.options)
        if decision.kind == DecisionKind.BLOCKERS:
            blocks = []
            for blocker, allowed in decision.assign:
                # A die that must block if able never picks "no block".
                pick = self.rng.randrange(len(allowed) + (blocker not in decision.required))
                if pick < len(allowed):
                    blocks.append((blocker, allowed[pick]))
            return DeclareBlockers(tuple(blocks))
        chosen = tuple(d for d in decision.subset if d in decision.required or self.rng.random() < 0.5)
        if decision.kind == DecisionKind.REROLL:
            return Reroll(chosen)
        return DeclareAttackers(decision.with_minimum(chosen))


def _greedy(seed: int) -> Agent:
    from teambuilder.ai.greedy import GreedyAgent
    return GreedyAgent(seed)


def _search(seed: int) -> Agent:
    from teambuilder.ai.search import SearchAgent
    return SearchAgent(seed)


AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent, "greedy": _greedy, "search": _search}


def make_agent(name: str, seed: int) -> Agent:
    factory = AGENTS.get(name)
    if factory is None:
        raise ValueError(f"unknown AI {name!r} (one of {', '.join(sorted(AGENTS))})")
    return factory(seed)


def play(game: Game, agents: Sequence[Agent], after_action: Callable[[Game], None] | None = None) -> Game:
    """Let the agents answer every decision until the game is over."""
    while game.decision is not None:
        decision = game.decision
        game.apply(agents[decision.player].choose(game, decision))
        if after_action is not None:
            after_action(game)
    return game
