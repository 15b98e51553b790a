"""What the greedy AI does in positions a player can read: it races, but keeps a blocker
home when the opponent's next attack could finish it, and blocks to survive."""

from __future__ import annotations

from typing import Any

from teambuilder.ai.greedy import GreedyAgent
from teambuilder.engine.actions import ChooseTarget, DeclareAttackers, DeclareBlockers
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position

# Inline cards: levels are [fielding cost, attack, defense].
CARDS = {
    "wall1": {"name": "Wall", "cost": 3, "energy": ["shield"], "levels": [[1, 1, 5], [1, 1, 5], [1, 1, 5]]},
    "blade2": {"name": "Blade", "cost": 3, "energy": ["fist"], "levels": [[1, 3, 2], [1, 3, 2], [1, 3, 2]]},
    "brute3": {"name": "Brute", "cost": 5, "energy": ["bolt"], "levels": [[2, 6, 6], [2, 6, 6], [2, 6, 6]]},
    "guard4": {"name": "Guard", "cost": 3, "energy": ["mask"], "levels": [[1, 2, 3], [1, 2, 3], [1, 2, 3]]},
    # Like Nightwing: attacking, it must deal 2 damage to a character die, even its own.
    "flail5": {"name": "Flail", "cost": 4, "energy": ["mask"], "levels": [[1, 2, 1], [1, 2, 1], [1, 2, 1]],
               "abilities": [{"trigger": "attacks", "effects": [{"do": "damage", "to": {"target": 1}, "amount": 2}]}]},
}


def _game(ana_life: int, ben_life: int, ana_dice: list[dict[str, Any]], ben_dice: list[dict[str, Any]],
          active: int = 0, ben_card: str = "brute3") -> Game:
    raw = {
        "life": 20, "active": active, "turn": 5, "step": "attack", "cards": CARDS,
        "players": [
            {"name": "Ana", "life": ana_life, "team": [{"card": "wall1", "dice": 1}, {"card": "blade2", "dice": 1}],
             "dice": ana_dice},
            {"name": "Ben", "life": ben_life, "team": [{"card": ben_card, "dice": 2}], "dice": ben_dice},
        ],
    }
    return position(raw, lambda ref: None)


ANA_FIELD = [{"card": "wall1", "zone": "field", "level": 1}, {"card": "blade2", "zone": "field", "level": 1}]
BEN_USED = [{"card": "brute3", "zone": "used", "count": 2}]


def _attackers(game: Game) -> set[str]:
    decision = game.decision
    assert decision is not None and decision.kind == "attackers"
    action = GreedyAgent().choose(game, decision)
    assert isinstance(action, DeclareAttackers)
    return {game.dice[die].spec.name for die in action.dice}


def test_greedy_keeps_its_sturdiest_die_home_when_the_next_attack_could_kill_it() -> None:
    # Ben owns two 6-attack Brutes; Ana at 5 life cannot win this turn (4 damage into 10).
    assert _attackers(_game(5, 10, ANA_FIELD, BEN_USED)) == {"Blade"}


def test_greedy_attacks_with_everything_when_it_is_safe_or_lethal() -> None:
    assert _attackers(_game(20, 10, ANA_FIELD, BEN_USED)) == {"Wall", "Blade"}
    assert _attackers(_game(5, 4, ANA_FIELD, BEN_USED)) == {"Wall", "Blade"}


def test_greedy_attacks_into_a_blocker_that_would_only_trade_evenly() -> None:
    # Ben's Guard (2/3) would KO the Blade (3/2) by blocking it, but the Blade KOs the
    # Guard too, and the two are worth the same: the Blade attacks; the Wall (1/5) is
    # safe from the Guard and attacks as well.
    guard = [{"card": "guard4", "zone": "field", "level": 1}]
    assert _attackers(_game(20, 20, ANA_FIELD, guard, ben_card="guard4")) == {"Wall", "Blade"}


def test_greedy_holds_back_dice_a_blocker_would_take_for_free() -> None:
    # Ben's Brute (6/6) KOs either of Ana's dice by blocking and survives: neither attacks.
    brute = [{"card": "brute3", "zone": "field", "level": 1}]
    assert _attackers(_game(20, 20, ANA_FIELD, brute)) == set()


def test_greedy_chump_blocks_an_attack_that_would_kill_it() -> None:
    game = _game(5, 10, [{"card": "wall1", "zone": "field", "level": 1}],
                 [{"card": "brute3", "zone": "field", "level": 1}], active=1)
    agent = GreedyAgent()
    assert game.decision is not None
    game.apply(agent.choose(game, game.decision))          # Ben attacks with the Brute
    decision = game.decision
    assert decision is not None and decision.kind == "blockers" and decision.player == 0
    blocks = agent.choose(game, decision)
    assert isinstance(blocks, DeclareBlockers) and len(blocks.blocks) == 1
    game.apply(blocks)
    while game.decision is not None and game.turn_number == 5:
        game.apply(agent.choose(game, game.decision))
    assert game.players[0].life == 5


def test_greedy_puts_damage_it_must_deal_to_its_own_dice_on_one_that_survives_it() -> None:
    # Ben has no character dice: the Flail's 2 damage must hit the Flail itself (defense 1,
    # KO'd) or the Wall (defense 5, unhurt at the end of the turn). It hits the Wall.
    raw = {
        "life": 20, "active": 0, "turn": 5, "step": "attack", "cards": CARDS,
        "players": [
            {"name": "Ana", "life": 20, "team": [{"card": "wall1", "dice": 1}, {"card": "flail5", "dice": 1}],
             "dice": [{"card": "wall1", "zone": "field", "level": 1}, {"card": "flail5", "zone": "field", "level": 1}]},
            {"name": "Ben", "life": 20, "team": [{"card": "brute3", "dice": 1}], "dice": []},
        ],
    }
    game = position(raw, lambda ref: None)
    agent = GreedyAgent()
    for _ in range(10):          # attack, then answer until the target is asked for
        decision = game.decision
        assert decision is not None
        if decision.kind == "target":
            break
        game.apply(agent.choose(game, decision))
    assert decision.kind == "target"
    chosen = agent.choose(game, decision)
    assert isinstance(chosen, ChooseTarget) and game.dice[chosen.target].spec.name == "Wall"
