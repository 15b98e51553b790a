"""The AIs' answer to "draw N, keep M" (engine/keeping.py): keeping helps the chooser, so
greedy (and search, which asks greedy here) keeps the most valuable die drawn."""

from __future__ import annotations

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import ChooseTarget, DecisionKind, UseAction
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone


def _keep_position() -> Game:
    """Ana uses an action: draw 2 (a Sidekick and a big die), keep 1, the other to the bag."""
    raw = {
        "active": 0, "turn": 5, "step": "main",
        "cards": {
            "pick1": {"name": "Picky Draw", "kind": "action", "cost": 1, "energy": ["bolt"],
                      "abilities": [{"trigger": "action", "effects": [
                          {"do": "draw", "amount": 2, "keep": 1, "into": "reserve", "otherwise": "bag"}]}]},
            "big3": {"name": "Big", "kind": "character", "cost": 6, "energy": ["fist"],
                     "levels": [[1, 5, 5], [2, 6, 6], [3, 7, 7]]},
        },
        "players": [
            {"name": "Ana", "team": [{"card": "pick1", "dice": 1}, {"card": "big3", "dice": 1}],
             "dice": [{"card": "pick1", "zone": "reserve", "face": "action", "label": "pick"},
                      {"card": "big3", "zone": "bag"},
                      {"card": "sidekick", "zone": "bag", "face": "mask"},
                      {"card": "sidekick", "zone": "used", "count": 7}]},
            {"name": "Ben"},
        ],
    }
    game = position(raw, lambda ref: None)
    pick = next(d.id for d in game.dice if d.spec.name == "Picky Draw")
    assert game.decision is not None
    use = next(o for o in game.decision.options if isinstance(o, UseAction) and o.die == pick)
    game.apply(use)
    assert game.decision is not None and game.decision.kind is DecisionKind.SCRIPT
    assert len([o for o in game.decision.options if isinstance(o, ChooseTarget)]) == 2
    return game


def _big_zone(game: Game) -> Zone:
    return next(d.zone for d in game.dice if d.spec.name == "Big")


def test_greedy_keeps_the_most_valuable_die() -> None:
    game = _keep_position()
    assert game.decision is not None
    game.apply(GreedyAgent().choose(game, game.decision))
    assert _big_zone(game) is Zone.RESERVE
    assert len(game.zone(0, Zone.BAG)) == 1      # the Sidekick went back


def test_search_keeps_the_most_valuable_die() -> None:
    game = _keep_position()
    assert game.decision is not None
    game.apply(SearchAgent(seed=1).choose(game, game.decision))
    assert _big_zone(game) is Zone.RESERVE
