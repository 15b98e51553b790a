"""The AIs answer Enlistment by weighing the die they would KO against the effect: the
greedy agent gives up a Sidekick to save its big die from a KO, and lets 1 damage to
itself happen rather than lose a die; the search agent answers with one of the options."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import ChooseTarget, DecisionKind, Field, Pass
from teambuilder.engine.describe import describe_action
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position


def _enlisting(effect: dict[str, Any]) -> Game:
    """Ana fields an Enlistment die whose effect is ``effect``; Ben is asked."""
    cards = {
        "bullseye1": {"name": "Bullseye", "cost": 4, "energy": ["bolt"], "keywords": ["enlistment"],
                      "levels": [[1, 2, 2], [2, 3, 3], [3, 4, 4]],
                      "abilities": [{"trigger": "fielded", "keyword": "enlistment", "effects": [effect]}]},
        "brute2": {"name": "Brute", "cost": 5, "energy": ["fist"], "levels": [[2, 5, 5], [3, 6, 6], [3, 7, 7]]},
    }
    raw = {"active": 0, "turn": 5, "step": "main", "cards": cards, "players": [
        {"name": "Ana", "team": [{"card": "bullseye1", "dice": 1}],
         "dice": [{"card": "bullseye1", "zone": "reserve", "level": 1},
                  {"card": "sidekick", "zone": "reserve", "face": "bolt"}]},
        {"name": "Ben", "team": [{"card": "brute2", "dice": 1}],
         "dice": [{"card": "brute2", "zone": "field", "level": 2},
                  {"card": "sidekick", "zone": "field", "face": "character"}]}]}
    game = position(raw, lambda ref: None)
    game.advance()
    assert game.decision is not None
    game.apply(next(o for o in game.decision.options if isinstance(o, Field)))
    while game.decision is not None and game.decision.kind == DecisionKind.TARGET:
        brute = next(o for o in game.decision.options if isinstance(o, ChooseTarget)
                     and game.dice[o.target].spec.name == "Brute")
        game.apply(brute)
    assert game.decision is not None and game.decision.kind == DecisionKind.ENLIST
    return game


def test_greedy_kos_a_sidekick_to_save_its_big_die() -> None:
    game = _enlisting({"do": "ko", "to": {"target": 1, "owner": "opponent"}})
    assert game.decision is not None
    chosen = GreedyAgent().choose(game, game.decision)
    assert isinstance(chosen, ChooseTarget) and game.dice[chosen.target].is_sidekick
    assert describe_action(game, game.decision, chosen) == "KO your Sidekick (level 1) to stop it"
    assert describe_action(game, game.decision, Pass()) == "Let it happen"


def test_greedy_lets_a_small_effect_happen() -> None:
    game = _enlisting({"do": "damage", "to": "opponent", "amount": 1})
    assert game.decision is not None
    assert GreedyAgent().choose(game, game.decision) == Pass()


def test_search_answers_enlistment_with_an_option() -> None:
    game = _enlisting({"do": "ko", "to": {"target": 1, "owner": "opponent"}})
    assert game.decision is not None
    chosen = SearchAgent(seed=3, per_round=2, horizon=1).choose(game, game.decision)
    assert chosen in game.decision.options
