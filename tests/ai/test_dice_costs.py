"""The AIs pay with dice (Fabricate, Ritual, Fusion) only when it is worth the dice: the
greedy agent fabricates with dice worth less than the die it buys and keeps dice worth
more; it sends a weak reserve die out of play for a strong Ritual die, not the reverse;
and the search agent can answer a position that offers them."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import Fabricate, Fuse, Ritual
from teambuilder.engine.describe import describe_action
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position

# Inline cards: levels are [fielding cost, attack, defense].
CARDS: dict[str, dict[str, Any]] = {
    "golem1": {"name": "Clay Golem", "cost": 5, "energy": ["fist"], "keywords": ["fabricate"],
               "text": "Fabricate 2-4.", "levels": [[1, 3, 5], [2, 4, 6], [3, 5, 7]]},
    "orc2": {"name": "Orc", "cost": 3, "energy": ["fist"], "levels": [[1, 2, 2], [2, 3, 3], [3, 4, 4]]},
    "imp3": {"name": "Imp", "cost": 1, "energy": ["fist"], "levels": [[1, 1, 1], [2, 2, 2], [3, 3, 3]]},
    "titan4": {"name": "Titan", "cost": 6, "energy": ["bolt"], "levels": [[3, 8, 8], [3, 9, 9], [3, 10, 10]]},
    "soldier5": {"name": "Black Luster Soldier", "cost": 5, "energy": ["fist"], "keywords": ["ritual"],
                 "text": "Ritual.", "levels": [[3, 5, 5], [3, 6, 6], [3, 7, 7]]},
    "dragon6": {"name": "Thousand Dragon", "cost": 6, "energy": ["bolt"], "keywords": ["fusion"],
                "text": "Fusion: Uses 2 different Thousand Dragon Fusion character dice from your Field Zone.",
                "levels": [[0, 4, 4], [0, 6, 5], [1, 7, 6]]},
    "baby7": {"name": "Baby Dragon", "cost": 3, "energy": ["bolt"], "affiliations": ["thousand_dragon_fusion"],
              "levels": [[1, 2, 2], [2, 3, 3], [2, 4, 4]]},
    "wizard8": {"name": "Time Wizard", "cost": 2, "energy": ["mask"], "affiliations": ["thousand_dragon_fusion"],
                "levels": [[1, 1, 1], [1, 2, 2], [2, 3, 3]]},
}


def _game(team: list[str], dice: list[dict[str, Any]]) -> Game:
    raw = {"active": 0, "turn": 5, "step": "main", "cards": CARDS,
           "players": [{"name": "Ana", "team": [{"card": c, "dice": 2} for c in team], "dice": dice},
                       {"name": "Ben"}]}
    game = position(raw, lambda ref: None)
    game.advance()
    return game


def test_greedy_fabricates_with_cheap_dice() -> None:
    game = _game(["golem1", "orc2", "imp3"], [{"card": "orc2", "zone": "field", "level": 1},
                                             {"card": "imp3", "zone": "field", "level": 1}])
    assert game.decision is not None
    assert any(isinstance(o, Fabricate) for o in game.decision.options)
    chosen = GreedyAgent().choose(game, game.decision)
    assert isinstance(chosen, Fabricate)
    assert describe_action(game, game.decision, chosen).startswith("Buy Clay Golem with Fabricate, KOing Orc")


def test_greedy_keeps_dice_worth_more_than_the_fabricated_die() -> None:
    game = _game(["golem1", "titan4"], [{"card": "titan4", "zone": "field", "level": 1, "count": 2}])
    assert game.decision is not None
    assert any(isinstance(o, Fabricate) for o in game.decision.options)
    assert not isinstance(GreedyAgent().choose(game, game.decision), Fabricate)


def test_greedy_rituals_a_weak_die_for_a_strong_one_not_the_reverse() -> None:
    game = _game(["soldier5", "imp3"], [{"card": "soldier5", "zone": "reserve", "level": 1},
                                       {"card": "imp3", "zone": "reserve", "level": 1}])
    assert game.decision is not None
    chosen = GreedyAgent().choose(game, game.decision)
    assert isinstance(chosen, Ritual)
    assert game.dice[chosen.die].spec.name == "Black Luster Soldier"
    game = _game(["soldier5", "titan4"], [{"card": "soldier5", "zone": "reserve", "level": 1},
                                         {"card": "titan4", "zone": "reserve", "level": 1}])
    assert game.decision is not None
    assert any(isinstance(o, Ritual) for o in game.decision.options)
    assert not isinstance(GreedyAgent().choose(game, game.decision), Ritual)


def test_greedy_fuses_and_search_answers_a_position_with_fusion() -> None:
    game = _game(["dragon6", "baby7", "wizard8"], [{"card": "baby7", "zone": "field", "level": 1},
                                                   {"card": "wizard8", "zone": "field", "level": 1}])
    assert game.decision is not None
    assert isinstance(GreedyAgent().choose(game, game.decision), Fuse)
    chosen = SearchAgent(seed=1, per_round=2, horizon=1).choose(game, game.decision)
    assert chosen in game.decision.options
