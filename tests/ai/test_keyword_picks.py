"""The AIs' answers to the keyword questions (Recruit, Gadgeteer, Gate): each helps its
chooser, so greedy (and search, which asks greedy here) takes the most valuable die."""

from __future__ import annotations

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import ChooseTarget, DecisionKind
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone


def _recruit_position() -> Game:
    """Ana's Recruiter (Recruit: [fist] character die) is unblocked; her Used Pile holds a
    small and a big fist die. Greedy plays the turn up to Recruit's question."""
    levels = [[1, 1, 1], [1, 2, 2], [2, 3, 3]]
    raw = {
        "active": 0, "turn": 5, "step": "main",
        "cards": {
            "rec1": {"name": "Recruiter", "kind": "character", "cost": 3, "energy": ["fist"], "levels": levels,
                     "keywords": ["recruit"], "text": "Recruit: [fist] character die."},
            "small2": {"name": "Small", "kind": "character", "cost": 1, "energy": ["fist"],
                       "levels": levels},
            "big3": {"name": "Big", "kind": "character", "cost": 6, "energy": ["fist"],
                     "levels": [[1, 5, 5], [2, 6, 6], [3, 7, 7]]},
        },
        "players": [
            {"name": "Ana", "team": [{"card": "rec1", "dice": 1}, {"card": "small2", "dice": 1},
                                     {"card": "big3", "dice": 1}],
             "dice": [{"card": "rec1", "zone": "field", "level": 1}, {"card": "small2", "zone": "used"},
                      {"card": "big3", "zone": "used"}]},
            {"name": "Ben"},
        ],
    }
    game = position(raw, lambda ref: None)
    agent = GreedyAgent()
    for _ in range(50):
        assert game.decision is not None
        if game.decision.kind == DecisionKind.SCRIPT:
            return game
        game.apply(agent.choose(game, game.decision))
    raise AssertionError("Recruit never asked which die")


def _big(game: Game) -> int:
    return next(d.id for d in game.dice if d.spec.name == "Big")


def test_greedy_recruits_the_most_valuable_die() -> None:
    game = _recruit_position()
    assert game.decision is not None
    assert len([o for o in game.decision.options if isinstance(o, ChooseTarget)]) == 2
    game.apply(GreedyAgent().choose(game, game.decision))
    assert game.dice[_big(game)].zone is Zone.FIELD
    assert "Small" in [d.spec.name for d in game.zone(0, Zone.USED)]


def test_search_recruits_the_most_valuable_die() -> None:
    game = _recruit_position()
    assert game.decision is not None
    assert game.decision.options and SearchAgent(seed=1).choose(game, game.decision) == ChooseTarget(_big(game))


def test_greedy_gates_the_rolled_die_into_its_prep_area() -> None:
    # Ana fields a Warden (Gate (Warden)); the unbought Warden die rolls a character face.
    raw = {
        "active": 0, "turn": 5, "step": "main",
        "cards": {"warden1": {"name": "Warden", "kind": "character", "cost": 3, "energy": ["fist"],
                              "levels": [[0, 1, 1], [1, 2, 2], [2, 3, 3]], "keywords": ["gate"],
                              "text": "Gate (Warden): On field, you may roll 1 more unbought Warden die."}},
        "players": [
            {"name": "Ana", "team": [{"card": "warden1", "dice": 2}],
             "dice": [{"card": "warden1", "zone": "reserve", "level": 1},
                      {"card": "warden1", "zone": "card", "label": "gated", "rolls": ["character"]}]},
            {"name": "Ben"},
        ],
    }
    game = position(raw, lambda ref: None)
    gated = next(d for d in game.dice if d.spec.name == "Warden" and d.zone is Zone.CARD)
    agent = GreedyAgent()
    for _ in range(6):
        assert game.decision is not None
        game.apply(agent.choose(game, game.decision))
        if gated.zone is not Zone.CARD:
            break
    assert gated.zone is Zone.PREP and gated.owner == 0
