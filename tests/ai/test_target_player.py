"""Which player the AIs choose when an ability says "target player": harm goes to the
opponent, help to themselves (what a player sees: whose life or bag changes)."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.agents import RandomAgent
from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import ChoosePlayer, UseAction
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone


def _used(effect: dict[str, Any], ana_life: int = 20) -> Game:
    """Ana uses an action die whose one effect is ``effect``; the game waits for its target."""
    raw = {
        "life": 20, "active": 0, "turn": 5, "step": "main",
        "cards": {"act1": {"name": "Trick", "kind": "action", "cost": 2, "energy": ["bolt"],
                           "abilities": [{"trigger": "action", "effects": [effect]}]}},
        "players": [
            {"name": "Ana", "life": ana_life, "team": [{"card": "act1", "dice": 1}],
             "dice": [{"card": "act1", "zone": "reserve", "face": "action"}]},
            {"name": "Ben", "dice": [{"card": "sidekick", "zone": "used", "count": 6}]},
        ],
    }
    game = position(raw, lambda ref: None)
    assert game.decision is not None
    use = next(o for o in game.decision.options if isinstance(o, UseAction))
    game.apply(use)
    assert game.decision is not None and game.decision.kind == "target"
    assert {o.player for o in game.decision.options if isinstance(o, ChoosePlayer)} == {0, 1}
    return game


def _greedy_answers(game: Game) -> None:
    agent = GreedyAgent()
    while game.decision is not None and game.decision.kind in ("target", "script"):
        game.apply(agent.choose(game, game.decision))


def test_greedy_aims_dark_avengers_damage_at_the_opponent_not_at_itself() -> None:
    # Dark Avenger deals 1 damage to 1 target player or character die.
    game = _used({"do": "damage", "to": {"target": 1, "or_player": True}, "amount": 1})
    _greedy_answers(game)
    assert (game.players[0].life, game.players[1].life) == (20, 19)


def test_greedy_corrupts_the_opponent() -> None:
    # Corrupt 2 on a target player: Ben draws 2 of his bag's 2 Sidekicks, 1 goes to his used pile.
    game = _used({"do": "script", "name": "keyword:corrupt", "to": {"player": "target"}, "amount": 2})
    _greedy_answers(game)
    assert len(game.zone(1, Zone.USED)) == 7 and len(game.zone(0, Zone.USED)) == 0


def test_greedy_gives_life_to_itself() -> None:
    game = _used({"do": "gain_life", "to": {"player": "target"}, "amount": 3}, ana_life=15)
    _greedy_answers(game)
    assert game.players[0].life == 18


def test_search_chooses_as_greedy_and_random_chooses_an_offered_player() -> None:
    game = _used({"do": "damage", "to": {"player": "target"}, "amount": 2})
    decision = game.decision
    assert decision is not None
    assert GreedyAgent().choose(game, decision) == ChoosePlayer(1)
    assert SearchAgent(5).choose(game, decision) == ChoosePlayer(1)
    assert RandomAgent(5).choose(game, decision) in decision.options
