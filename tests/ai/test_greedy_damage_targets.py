"""Greedy aims ability damage only where it still KOs: never more at a die than it needs,
never at a die its damage already KOs (two "when damaged" dice hitting each other's
doomed die would trade damage for ever: issue 22's smoke check found greedy doing so)."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.engine.actions import DecisionKind, UseGlobal
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone

# Levels are [fielding cost, attack, defense]. Sparker's global divides 4 damage among
# opposing character dice; Babs hits back with 4 whenever she is damaged.
SPARKER = {"name": "Sparker", "cost": 3, "energy": ["bolt"], "levels": [[0, 1, 4]] * 3,
           "abilities": [{"trigger": "global", "cost": "bolt",
                          "effects": [{"do": "damage", "split": True, "amount": 4,
                                       "to": {"owner": "opponent", "target": 4}}]}]}
BABS = {"name": "Babs", "cost": 4, "energy": ["mask"], "levels": [[0, 2, 2]] * 3,
        "abilities": [{"trigger": "damaged", "effects": [{"do": "damage", "split": True, "amount": 4,
                                                          "to": {"owner": "opponent", "target": 4}}]}]}
OGRE = {"name": "Ogre", "cost": 6, "energy": ["fist"], "levels": [[0, 6, 2]] * 3}
WALL = {"name": "Wall", "cost": 0, "energy": ["shield"], "levels": [[0, 0, 3]] * 3}


def _game(ana: list[dict[str, Any]], ben: list[dict[str, Any]], ben_team: list[str]) -> Game:
    raw = {
        "cards": {"sparker1": SPARKER, "babs2": BABS, "babs3": BABS, "ogre4": OGRE, "wall5": WALL},
        "step": "main",
        "players": [
            {"name": "Ana", "team": [{"card": "sparker1", "dice": 1}, {"card": "babs2", "dice": 1}], "dice": ana},
            {"name": "Ben", "team": [{"card": c, "dice": 1} for c in ben_team], "dice": ben},
        ],
    }
    return position(raw, lambda ref: None)


def _play_out(game: Game, answers: int = 60) -> int:
    """Ana uses Sparker's global; greedy answers for both players until the Main Step asks
    again. Returns the answers greedy gave."""
    assert game.decision is not None
    game.apply(next(o for o in game.decision.options if isinstance(o, UseGlobal)))
    agent = GreedyAgent()
    for count in range(answers):
        decision = game.decision
        assert decision is not None
        if decision.kind is DecisionKind.PRIORITY:
            return count
        game.apply(agent.choose(game, decision))
    raise AssertionError(f"still answering after {answers} decisions: {game.log[-4:]}")


def test_split_damage_kos_the_biggest_threat_then_spends_the_rest_elsewhere() -> None:
    ana: list[dict[str, Any]] = [{"card": "sparker1", "zone": "field", "level": 1}, {"zone": "reserve", "face": "bolt"}]
    ben = [{"card": "ogre4", "zone": "field", "level": 1, "label": "ogre"},
           {"zone": "field", "face": "character", "count": 2}]
    game = _game(ana, ben, ["ogre4"])
    _play_out(game)
    assert any("uses the global of Sparker" in line for line in game.log)
    ko_d = [line for line in game.log if "is KO'd" in line]
    # 2 damage KOs the Ogre (defense 2), the other 2 KO both Sidekicks (defense 1).
    assert len(ko_d) == 3 and any("Ogre" in line for line in ko_d)
    assert [d.zone for d in game.dice if d.owner == 1 and d.spec.name in ("Ogre", "Sidekick")
            and d.zone is Zone.FIELD] == []


def test_two_when_damaged_dice_stop_trading_damage() -> None:
    # Ana's global hits Ben's Babs (2 damage KOs her) and Wall (2 of 3); Ben's Babs hits
    # Ana's Babs and Sidekick back; Ana's Babs then finishes Wall and no more: not Ben's Babs
    # again, whose damage already KOs her (she would hit back again, and so on for ever).
    ana: list[dict[str, Any]] = [{"card": "sparker1", "zone": "used"}, {"card": "babs2", "zone": "field", "level": 1},
           {"zone": "reserve", "face": "bolt"}, {"zone": "field", "face": "character"}]
    ben = [{"card": "babs3", "zone": "field", "level": 1}, {"card": "wall5", "zone": "field", "level": 1}]
    game = _game(ana, ben, ["babs3", "wall5"])
    assert _play_out(game) < 30
    assert any("uses the global of Sparker" in line for line in game.log)
    assert sum("resolves Babs" in line for line in game.log) == 2
    assert sorted(line for line in game.log if "is KO'd" in line) == [
        "T2 Ana: Babs (level 1) is KO'd.", "T2 Ana: Sidekick (level 1) is KO'd.",
        "T2 Ben: Babs (level 1) is KO'd.", "T2 Ben: Wall (level 1) is KO'd."]
