"""What the AIs answer to the keywords that keep state: a Flip card is flipped only when its
other side leaves the board stronger; a Gear goes on the player's own best die with the Gear
icon, never on an opponent's; a Heroic die pairs with the player's best partner."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import Field, UseAction
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position


def _character(name: str, stats: tuple[int, int], **extra: Any) -> dict[str, Any]:
    attack, defense = stats
    return {"name": name, "kind": "character", "cost": 3, "energy": ["fist"],
            "levels": [[0, attack, defense], [1, attack + 1, defense + 1], [2, attack + 2, defense + 2]], **extra}


def _flip_game(front: dict[str, int], back: dict[str, int]) -> Game:
    """Ana's turn starts with her Flip card showing its front: the game asks whether to flip."""
    card = _character("Two Sides", (2, 2), keywords=["flip"], abilities=[
        {"trigger": "while_active", "side": "front", "effects": [{"do": "modify", "to": {"owner": "you"}, **front}]},
        {"trigger": "while_active", "side": "back", "effects": [{"do": "modify", "to": {"owner": "you"}, **back}]}])
    raw = {"active": 0, "turn": 5, "step": "start", "cards": {"two": card},
           "players": [{"name": "Ana", "team": [{"card": "two", "dice": 1}],
                        "dice": [{"card": "two", "zone": "field", "level": 1}]},
                       {"name": "Ben"}]}
    game = position(raw, lambda ref: None)
    assert game.decision is not None and game.decision.kind == "optional"
    return game


def test_greedy_flips_to_the_stronger_side() -> None:
    game = _flip_game({"a": 1}, {"d": 3})
    game.apply(GreedyAgent().choose(game, game.decision))   # type: ignore[arg-type]
    assert game.bookkeeping.flipped == {0}


def test_greedy_keeps_the_stronger_side_up() -> None:
    game = _flip_game({"d": 3}, {"a": 1})
    game.apply(GreedyAgent().choose(game, game.decision))   # type: ignore[arg-type]
    assert game.bookkeeping.flipped == set()


def test_search_keeps_the_stronger_side_up_too() -> None:
    game = _flip_game({"d": 3}, {"a": 1})
    game.apply(SearchAgent(seed=1, per_round=1).choose(game, game.decision))   # type: ignore[arg-type]
    assert game.bookkeeping.flipped == set()


def _gear_game(theirs: bool) -> Game:
    """Ana uses a Sword: her Fighter (1A 2D) and Cleric (3A 3D) show the Gear icon, and Ben's
    Ranger (5A 5D) too when ``theirs``."""
    sword = {"name": "Sword", "kind": "action", "cost": 2, "energy": [], "keywords": ["equip"], "abilities": [
        {"trigger": "while_active", "keyword": "equip",
         "effects": [{"do": "modify", "to": {"equipped": True}, "a": 2, "d": 2}]}]}
    raw = {"active": 0, "turn": 5, "step": "main", "cards": {
        "sword": sword, "fighter": _character("Fighter", (1, 2), keywords=["experience"]),
        "cleric": _character("Cleric", (3, 3), keywords=["experience"]),
        "ranger": _character("Ranger", (5, 5), keywords=["experience"])},
        "players": [{"name": "Ana", "team": [{"card": "sword"}, {"card": "fighter"}, {"card": "cleric"}],
                     "dice": [{"card": "sword", "zone": "reserve", "face": "action"},
                              {"card": "fighter", "zone": "field", "level": 1, "label": "fighter"},
                              {"card": "cleric", "zone": "field", "level": 1}]},
                    {"name": "Ben", "team": [{"card": "ranger"}],
                     "dice": [{"card": "ranger", "zone": "field", "level": 1}] if theirs else []}]}
    game = position(raw, lambda ref: None)
    assert game.decision is not None
    game.apply(next(o for o in game.decision.options if isinstance(o, UseAction)))
    assert game.decision is not None and game.decision.kind == "script"
    return game


def test_greedy_equips_its_own_best_die_not_the_opponents() -> None:
    game = _gear_game(theirs=True)
    game.apply(GreedyAgent().choose(game, game.decision))   # type: ignore[arg-type]
    worn = game.dice[next(iter(game.bookkeeping.equipped.values()))]
    assert worn.owner == 0 and worn.spec.name == "Cleric"
    assert game.stats(worn) == (5, 5)


def test_greedy_pairs_a_heroic_die_with_its_best_partner() -> None:
    heroic = {"keywords": ["heroic"]}
    raw = {"active": 0, "turn": 5, "step": "main", "cards": {
        "captain": _character("Captain", (2, 2), **heroic), "scout": _character("Scout", (1, 1), **heroic),
        "tank": _character("Tank", (4, 4), **heroic)},
        "players": [{"name": "Ana", "team": [{"card": "captain"}, {"card": "scout"}, {"card": "tank"}],
                     "dice": [{"card": "captain", "zone": "reserve", "level": 1},
                              {"card": "scout", "zone": "field", "level": 1},
                              {"card": "tank", "zone": "field", "level": 1}]},
                    {"name": "Ben"}]}
    game = position(raw, lambda ref: None)
    assert game.decision is not None
    game.apply(next(o for o in game.decision.options if isinstance(o, Field)))
    assert game.decision is not None and game.decision.kind == "script"
    game.apply(GreedyAgent().choose(game, game.decision))
    pairs = {game.dice[a].spec.name: game.dice[b].spec.name for a, (b, _) in game.bookkeeping.partners.items()}
    assert pairs == {"Captain": "Tank", "Tank": "Captain"}
