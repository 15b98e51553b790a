"""How the AIs make a named choice (``DecisionKind.CHOICE``): a rule aimed at the named
dice names the opponent's card, not its own (what a player sees: which die the opponent
can no longer buy), and a number for a roll is a likely total."""

from __future__ import annotations

from typing import Any

from teambuilder.ai import choices
from teambuilder.ai.greedy import GreedyAgent
from teambuilder.engine.actions import Choose, DecisionKind, Field
from teambuilder.engine.describe import describe_action
from teambuilder.engine.game import Game
from teambuilder.engine.game_state import ChoiceKind
from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone


def _fielded(catalogue: Any, card: str, ana_team: list[dict[str, Any]], ben_team: list[dict[str, Any]]) -> Game:
    """Ana fields a die of ``card``; the game waits for its named choice."""
    raw = {
        "life": 20, "active": 0, "turn": 5, "step": "main",
        "players": [
            {"name": "Ana", "team": [{"card": card, "dice": 1}, *ana_team],
             "dice": [{"card": card, "zone": "reserve", "level": 1},
                      {"card": "sidekick", "zone": "reserve", "face": "wild", "count": 3}]},
            {"name": "Ben", "team": ben_team},
        ],
    }
    game = position(raw, catalogue.get)
    assert game.decision is not None
    game.apply(next(o for o in game.decision.options if isinstance(o, Field)))
    assert game.decision is not None and game.decision.kind == DecisionKind.CHOICE
    return game


def test_greedy_names_the_opponents_card_for_triple_h(catalogue: Any) -> None:
    # Triple H (46wwe): the opponent can't buy or field the named die. Ana's own Eddie
    # Guerrero (19wwe) is not worth naming; Ben's Shinsuke Nakamura (43wwe) is.
    game = _fielded(catalogue, "46wwe", [{"card": "19wwe", "dice": 1}], [{"card": "43wwe", "dice": 1}])
    assert game.decision is not None
    assert [describe_action(game, game.decision, o) for o in game.decision.options] == [
        "Name Eddie Guerrero", "Name Shinsuke Nakamura", "Name Triple H"]
    game.apply(GreedyAgent().choose(game, game.decision))  # type: ignore[arg-type]
    remembered = game.bookkeeping.choices[next(s.index for s in game.slots if s.card.card.code == "46wwe")]
    assert (remembered.kind, remembered.text) == (ChoiceKind.NAME, "Shinsuke Nakamura")


def test_a_number_for_a_roll_is_a_likely_total(catalogue: Any) -> None:
    # Harvey Bullock (8wf): 4 dice to roll, 0-8 offered; about 0.8 energy a die: 3.
    raw = {
        "life": 20, "active": 1, "turn": 4, "step": "cleanup",
        "players": [
            {"name": "Ana", "team": [{"card": "8wf", "dice": 1}],
             "dice": [{"card": "8wf", "zone": "field", "level": 1}]},
            {"name": "Ben", "dice": [{"card": "sidekick", "zone": "used", "count": 4}]},
        ],
    }
    game = position(raw, catalogue.get)
    while game.decision is not None and game.decision.kind != DecisionKind.CHOICE:
        game.apply(GreedyAgent().choose(game, game.decision))
    assert game.decision is not None and len(game.decision.options) == 9
    assert choices.answer(game, game.decision) == Choose(3)


def test_greedy_keeps_its_best_die_when_each_player_keeps_one(catalogue: Any) -> None:
    # Kurt Angle: Intensity (25wwe): each player KOs all their character dice but 1 of
    # their choice. Ben keeps his level 3 AJ Styles, not the Sidekick.
    raw = {
        "life": 20, "active": 0, "turn": 5, "step": "main",
        "players": [
            {"name": "Ana", "team": [{"card": "25wwe", "dice": 1}],
             "dice": [{"card": "25wwe", "zone": "reserve", "level": 1},
                      {"card": "sidekick", "zone": "reserve", "face": "shield"}]},
            {"name": "Ben", "team": [{"card": "3wwe", "dice": 1}],
             "dice": [{"card": "sidekick", "zone": "field", "face": "character"},
                      {"card": "3wwe", "zone": "field", "level": 3}]},
        ],
    }
    game = position(raw, catalogue.get)
    assert game.decision is not None
    game.apply(next(o for o in game.decision.options if isinstance(o, Field)))
    while game.decision is not None and game.decision.kind == DecisionKind.TARGET:
        game.apply(GreedyAgent().choose(game, game.decision))
    bens = {d.spec.name.split(":")[0]: d.zone for d in game.dice if d.owner == 1 and d.zone in (Zone.FIELD, Zone.PREP)}
    assert bens == {"AJ Styles": Zone.FIELD, "Sidekick": Zone.PREP}
