"""The playtest board shows the state the keywords keep: Experience tokens, a Flip card's
back side, a Gear's attachment and a Heroic pair, as marks on the dice."""

from __future__ import annotations

from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone
from teambuilder.ui.playtest.board_model import card_view, die_view


def test_keyword_state_is_marked_on_the_dice() -> None:
    def character(name: str, keywords: list[str]) -> dict[str, object]:
        return {"name": name, "kind": "character", "cost": 3, "energy": ["fist"],
                "levels": [[0, 2, 2], [1, 3, 3], [2, 4, 4]], "keywords": keywords}
    raw = {"active": 0, "turn": 5, "step": "main", "cards": {
        "fighter": character("Fighter", ["experience"]), "two": character("Two Sides", ["flip", "heroic"]),
        "hero": character("Hero", ["heroic"]),
        "sword": {"name": "Sword", "kind": "action", "cost": 2, "energy": [], "keywords": ["equip"]}},
        "players": [{"name": "Ana", "team": [{"card": "fighter", "experience": 2}, {"card": "two", "side": "back"},
                                             {"card": "hero"}, {"card": "sword"}],
                     "dice": [{"card": "fighter", "zone": "field", "level": 1, "label": "fighter"},
                              {"card": "two", "zone": "field", "level": 1, "label": "two", "partner": "hero"},
                              {"card": "hero", "zone": "field", "level": 1, "label": "hero"},
                              {"card": "sword", "zone": "field", "face": "action", "label": "sword",
                               "attached_to": "fighter"}]},
                    {"name": "Ben"}]}
    game = position(raw, lambda ref: None)
    marks = {d.spec.name: die_view(game, d, {}).marks for d in game.zone(0, Zone.FIELD)}
    assert marks["Fighter"] == ("2 Experience tokens",)
    assert marks["Two Sides"] == ("back side up", "paired with Hero (level 1)")
    assert marks["Hero"] == ("paired with Two Sides (level 1)",)
    assert marks["Sword"] == ("equipped to Fighter (level 1)",)


def test_a_die_kept_on_a_card_is_shown_on_that_card() -> None:
    """A die an effect keeps on a character's card (the held zone) is on no board box; the
    card's chip names it, and the card does not fade while it holds one."""
    keeper = {"name": "Keeper", "kind": "character", "cost": 3, "energy": ["fist"],
              "levels": [[1, 2, 2], [1, 3, 3], [1, 4, 4]]}
    raw = {"active": 0, "turn": 5, "step": "main", "cards": {"keeper": keeper},
           "players": [{"name": "Ana", "team": [{"card": "keeper", "dice": 1}],
                        "dice": [{"card": "keeper", "zone": "field", "level": 1, "label": "k1"}]},
                       {"name": "Ben", "dice": [{"card": "sidekick", "zone": "held", "face": "character",
                                                 "label": "old", "held_on": "k1"}]}]}
    game = position(raw, lambda ref: None)
    chip = card_view(game, 0, 0, {})
    assert chip.left == 0
    assert chip.held == ("Sidekick (level 1)",)
    assert "holding Sidekick (level 1)" in chip.tooltip()
