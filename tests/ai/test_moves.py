"""What the AIs answer when an ability fields, moves or rolls a die chosen from a zone, or
offers to buy a die (``do: field`` / ``do: buy``): their own most valuable die, and a
purchase rather than declining it (what a player sees: which die enters the field, which
die leaves its card)."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import DecisionKind, Pass, Purchase, UseAction
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone

BIG = {"name": "Big", "kind": "character", "cost": 6, "energy": ["fist"],
       "levels": [[1, 6, 6], [1, 7, 7], [2, 8, 8]]}
SMALL = {"name": "Small", "kind": "character", "cost": 2, "energy": ["fist"],
         "levels": [[0, 1, 1], [1, 1, 2], [1, 2, 2]]}


def _used(effect: dict[str, Any], dice: list[dict[str, Any]]) -> Game:
    """Ana uses an action die whose one effect is ``effect``; the game waits for her answer."""
    raw = {
        "active": 0, "turn": 5, "step": "main",
        "cards": {"act1": {"name": "Trick", "kind": "action", "cost": 2, "energy": ["bolt"],
                           "abilities": [{"trigger": "action", "effects": [effect]}]},
                  "big": BIG, "small": SMALL},
        "players": [
            {"name": "Ana", "team": [{"card": "act1", "dice": 1}, {"card": "big", "dice": 1},
                                     {"card": "small", "dice": 1}],
             "dice": [{"card": "act1", "zone": "reserve", "face": "action"}, *dice]},
            {"name": "Ben", "dice": [{"card": "sidekick", "zone": "used", "count": 6}]},
        ],
    }
    game = position(raw, lambda ref: None)
    assert game.decision is not None
    game.apply(next(o for o in game.decision.options if isinstance(o, UseAction)))
    return game


def test_greedy_fields_its_most_valuable_die_from_the_used_pile() -> None:
    game = _used({"do": "field", "to": {"choose": 1, "owner": "you", "zone": "used"}},
                 [{"card": "small", "zone": "used"}, {"card": "big", "zone": "used"}])
    assert game.decision is not None and game.decision.kind == DecisionKind.TARGET
    game.apply(GreedyAgent().choose(game, game.decision))
    fielded = [game.card_of(d) for d in game.zone(0, Zone.FIELD)]
    assert [c.card.name for c in fielded if c is not None] == ["Big"]
    assert [d.spec.name for d in game.zone(0, Zone.USED)] == ["Small"]


def test_greedy_buys_the_die_an_ability_offers_and_search_weighs_declining() -> None:
    game = _used({"do": "buy", "to": {"owner": "you", "zone": "card"}, "cost": "fist", "optional": True},
                 [{"card": "sidekick", "zone": "reserve", "face": "fist"}])
    decision = game.decision
    assert decision is not None and decision.kind == DecisionKind.SCRIPT
    assert Pass() in decision.options and {o.slot for o in decision.options if isinstance(o, Purchase)} == {1, 2}
    pick = GreedyAgent().choose(game, decision)
    assert isinstance(pick, Purchase) and game.slots[pick.slot].card.card.name == "Big"
    assert set(SearchAgent(3)._candidates(game, decision)) == {pick, Pass()}
    game.apply(pick)
    assert [d.spec.name for d in game.zone(0, Zone.USED)] == ["Big"]
    assert not [d for d in game.zone(0, Zone.CARD) if game.card_of(d) is not None
                and game.card_of(d).card.name == "Big"]  # type: ignore[union-attr]
