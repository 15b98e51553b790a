"""How the AIs answer the combat keywords' questions: they pay for a Breath Weapon, cancel
one aimed at them, and aim Range at the die it KOs (what a player sees: life, dice KO'd)."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import DecisionKind, DeclareAttackers
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone


def _card(name: str, levels: list[list[int]], keywords: tuple[str, ...] = (), text: str = "") -> dict[str, Any]:
    return {"name": name, "kind": "character", "cost": 3, "energy": ["fist"], "levels": levels,
            "keywords": list(keywords), "text": text}


CARDS = {
    "wyrm1": _card("Wyrm", [[1, 1, 4], [2, 2, 4], [2, 3, 5]], ("breath_weapon",), "Breath Weapon 2."),
    "archer2": _card("Archer", [[1, 1, 4], [2, 2, 4], [2, 3, 5]], ("range",), "Range 2."),
    "warden3": _card("Warden", [[1, 1, 5], [2, 2, 5], [2, 3, 5]], ("anti_breath_weapon",),
                     "Anti-Breath Weapon X: pay the same cost to cancel it."),
    "giant4": _card("Giant", [[1, 5, 6], [2, 6, 6], [2, 7, 7]]),
    "squire5": _card("Squire", [[1, 2, 2], [1, 2, 2], [2, 2, 3]]),
}


def _attacked(attacker: str, ben_cards: list[str], ben_energy: int = 0) -> Game:
    """Ana declares her ``attacker`` die; Ben has one die of each of ``ben_cards``."""
    raw = {
        "active": 0, "turn": 5, "step": "attack", "cards": CARDS,
        "players": [
            {"name": "Ana", "team": [{"card": attacker, "dice": 1}],
             "dice": [{"card": attacker, "zone": "field", "level": 1, "label": "a"},
                      {"card": "sidekick", "zone": "reserve", "face": "fist", "count": 2}]},
            {"name": "Ben", "team": [{"card": c, "dice": 1} for c in ben_cards],
             "dice": [{"card": c, "zone": "field", "level": 1} for c in ben_cards]
             + ([{"card": "sidekick", "zone": "reserve", "face": "shield", "count": ben_energy}]
                if ben_energy else [])},
        ],
    }
    game = position(raw, lambda ref: None)
    mine = next(d for d in game.field_characters(0))
    game.apply(DeclareAttackers((mine.id,)))
    return game


def _answer_questions(game: Game, agent: GreedyAgent | SearchAgent) -> None:
    while game.decision is not None and game.decision.kind == DecisionKind.SCRIPT:
        game.apply(agent.choose(game, game.decision))


def _ben_die(game: Game, name: str) -> Zone:
    return next(d for d in game.dice if d.owner == 1 and d.spec.name == name).zone


def test_greedy_pays_for_breath_weapon() -> None:
    game = _attacked("wyrm1", ["squire5", "giant4"])
    _answer_questions(game, GreedyAgent())
    assert game.players[1].life == 18 and _ben_die(game, "Squire") is Zone.PREP


def test_greedy_cancels_a_breath_weapon_aimed_at_it() -> None:
    game = _attacked("wyrm1", ["squire5", "warden3"], ben_energy=2)
    _answer_questions(game, GreedyAgent())
    assert game.players[1].life == 20 and _ben_die(game, "Squire") is Zone.FIELD


def test_greedy_and_search_aim_range_at_the_die_it_kos() -> None:
    for agent in (GreedyAgent(), SearchAgent(per_round=1)):
        game = _attacked("archer2", ["giant4", "squire5"])
        assert game.decision is not None and game.decision.kind == DecisionKind.SCRIPT
        _answer_questions(game, agent)
        assert _ben_die(game, "Squire") is Zone.PREP and _ben_die(game, "Giant") is Zone.FIELD
