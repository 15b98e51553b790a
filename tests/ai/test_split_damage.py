"""How the AIs divide an attacker's damage among several blockers (and, with Overcrush,
the defending player): what a player sees is which blockers end in the prep area and how
much life the defender loses."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.agents import RandomAgent
from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import DeclareAttackers, DeclareBlockers, Pass, SplitDamage
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position
from teambuilder.engine.state import TaskKind, Zone

# Inline cards: levels are [fielding cost, attack, defense].
CARDS: dict[str, dict[str, Any]] = {
    "hammer1": {"name": "Hammer", "cost": 5, "energy": ["fist"], "levels": [[2, 3, 5]] * 3},
    "crusher2": {"name": "Crusher", "cost": 5, "energy": ["fist"], "levels": [[2, 7, 5]] * 3,
                 "keywords": ["overcrush"]},
    "titan3": {"name": "Titan", "cost": 6, "energy": ["fist"], "levels": [[2, 10, 9]] * 3},
    "runt4": {"name": "Runt", "cost": 1, "energy": ["mask"], "levels": [[0, 1, 1]] * 3},
    "knight5": {"name": "Knight", "cost": 5, "energy": ["shield"], "levels": [[1, 3, 3]] * 3},
    "guard6": {"name": "Guard", "cost": 3, "energy": ["shield"], "levels": [[1, 1, 3]] * 3},
}


def _blocked(attacker: str, blockers: dict[str, int], ben_life: int = 20) -> Game:
    """Ana's ``attacker`` attacks and Ben blocks it with all of ``blockers`` (card -> dice);
    the game stops at Ana's split decision."""
    raw = {
        "life": 20, "active": 0, "turn": 5, "step": "attack", "cards": CARDS,
        "players": [
            {"name": "Ana", "team": [{"card": attacker, "dice": 1}],
             "dice": [{"card": attacker, "zone": "field", "level": 1}]},
            {"name": "Ben", "life": ben_life, "team": [{"card": c, "dice": n} for c, n in blockers.items()],
             "dice": [{"card": c, "zone": "field", "level": 1, "count": n} for c, n in blockers.items()]},
        ],
    }
    game = position(raw, lambda ref: None)
    game.stop_before = TaskKind.CLEANUP      # look at the field and prep areas before they clear
    attacking = game.field_characters(0)[0].id
    game.apply(DeclareAttackers((attacking,)))
    game.apply(DeclareBlockers(tuple((d.id, attacking) for d in game.field_characters(1))))
    while game.decision is not None and game.decision.kind == "priority":
        game.apply(Pass())
    assert game.decision is not None and game.decision.kind == "split" and game.decision.player == 0
    return game


def _after(game: Game, split: SplitDamage) -> tuple[set[str], int]:
    """The names of Ben's dice KO'd to his prep area, and Ben's life, once the damage is dealt."""
    game.apply(split)
    return {d.spec.name for d in game.zone(1, Zone.PREP)}, game.players[1].life


def test_greedy_kos_the_most_valuable_blocker_rather_than_the_most_blockers() -> None:
    # Hammer (3A) is blocked by two Runts (1D each) and a Knight (3D, worth far more):
    # 3 damage KOs both Runts or the Knight. Greedy takes the Knight.
    game = _blocked("hammer1", {"runt4": 2, "knight5": 1})
    split = GreedyAgent().choose(game, game.decision)
    assert isinstance(split, SplitDamage)
    assert _after(game, split) == ({"Knight"}, 20)


def test_greedy_overcrush_kos_every_blocker_and_sends_the_rest_through() -> None:
    # Crusher (7A, Overcrush) blocked by a Runt (1D) and a Guard (3D): 1 + 3 KO both, 3 go through.
    game = _blocked("crusher2", {"runt4": 1, "guard6": 1})
    assert any(o.through == 0 for o in game.decision.options)      # holding damage back is offered
    split = GreedyAgent().choose(game, game.decision)
    assert isinstance(split, SplitDamage) and split.through == 3
    assert _after(game, split) == ({"Runt", "Guard"}, 17)


def test_greedy_overcrush_that_cannot_ko_every_blocker_kos_the_best_it_can() -> None:
    # Crusher (7A) blocked by two Knights (3D) and a Guard (3D): it KOs two of the three and
    # nothing goes through; the two it KOs are the Knights, worth more than the Guard.
    game = _blocked("crusher2", {"guard6": 1, "knight5": 2})
    split = GreedyAgent().choose(game, game.decision)
    assert isinstance(split, SplitDamage) and split.through == 0
    assert _after(game, split) == ({"Knight"}, 20)
    assert [d.spec.name for d in game.zone(1, Zone.PREP)] == ["Knight", "Knight"]


def test_greedy_finds_the_division_that_kos_every_blocker_among_too_many_to_list() -> None:
    # Titan (10A) blocked by three Guards (3D) and a Runt (1D): 286 ways to divide 10 among
    # four dice, more than the engine lists; 3 + 3 + 3 + 1, which KOs all four, is offered.
    game = _blocked("titan3", {"guard6": 3, "runt4": 1})
    assert len(game.decision.options) < 286
    split = GreedyAgent().choose(game, game.decision)
    assert isinstance(split, SplitDamage)
    _after(game, split)
    assert len(game.zone(1, Zone.PREP)) == 4 and not game.field_characters(1)


def test_the_search_agent_divides_damage_as_greedy_does_and_random_picks_a_listed_division() -> None:
    game = _blocked("crusher2", {"runt4": 1, "guard6": 1})
    decision = game.decision
    assert SearchAgent(3).choose(game, decision) == GreedyAgent().choose(game, decision)
    assert RandomAgent(3).choose(game, decision) in decision.options
