"""How the AIs answer a price (``DecisionKind.PAY``): an "unless you pay" is paid when the
effect hurts more than the price, and not when the price is dearer (what a player sees:
whose die is KO'd, whose life goes down)."""

from __future__ import annotations

from typing import Any

from teambuilder.ai import payments
from teambuilder.ai.greedy import GreedyAgent
from teambuilder.ai.search import SearchAgent
from teambuilder.engine.actions import DecisionKind, UseAction
from teambuilder.engine.describe import describe_action
from teambuilder.engine.game import Game
from teambuilder.engine.scenario import position
from teambuilder.engine.state import Zone

BIG = [[1, 6, 6], [1, 6, 6], [1, 6, 6]]
SMALL = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]


def _priced(effect: dict[str, Any], ben_life: int = 20, ben_die: list[list[int]] = BIG) -> Game:
    """Ana uses an action die whose one effect is ``effect`` (aimed at Ben's one die); the
    game waits for Ben to answer the price."""
    raw = {
        "life": 20, "active": 0, "turn": 5, "step": "main",
        "cards": {
            "act1": {"name": "Trick", "kind": "action", "cost": 2, "energy": ["bolt"],
                     "abilities": [{"trigger": "action", "effects": [effect]}]},
            "guard2": {"name": "Guard", "kind": "character", "cost": 5, "energy": ["fist"], "levels": ben_die},
        },
        "players": [
            {"name": "Ana", "team": [{"card": "act1", "dice": 1}],
             "dice": [{"card": "act1", "zone": "reserve", "face": "action"}]},
            {"name": "Ben", "life": ben_life, "team": [{"card": "guard2", "dice": 1}],
             "dice": [{"card": "guard2", "zone": "field", "level": 1}]},
        ],
    }
    game = position(raw, lambda ref: None)
    assert game.decision is not None
    game.apply(next(o for o in game.decision.options if isinstance(o, UseAction)))
    assert game.decision is not None and game.decision.kind == DecisionKind.PAY and game.decision.player == 1
    return game


KO_UNLESS_2_LIFE = {"do": "ko", "to": {"target": 1, "owner": "opponent"}, "unless": {"life": 2}}


def _guard_zone(game: Game) -> Zone:
    return next(d.zone for d in game.dice if d.slot is not None and game.slots[d.slot].card.card.name == "Guard")


def test_greedy_pays_two_life_to_save_a_big_die() -> None:
    game = _priced(KO_UNLESS_2_LIFE)
    game.apply(GreedyAgent().choose(game, game.decision))  # type: ignore[arg-type]
    assert game.players[1].life == 18 and _guard_zone(game) is Zone.FIELD


def test_greedy_lets_a_small_die_go_rather_than_pay_near_the_end() -> None:
    # At 6 life, 2 life are dear (each counts triple below 5): a 1A/1D die is not worth it.
    game = _priced(KO_UNLESS_2_LIFE, ben_life=6, ben_die=SMALL)
    game.apply(GreedyAgent().choose(game, game.decision))  # type: ignore[arg-type]
    assert game.players[1].life == 6 and _guard_zone(game) is Zone.PREP


def test_greedy_never_pays_its_last_life() -> None:
    game = _priced(KO_UNLESS_2_LIFE, ben_life=2)
    game.apply(GreedyAgent().choose(game, game.decision))  # type: ignore[arg-type]
    assert game.players[1].life == 2 and _guard_zone(game) is Zone.PREP


def test_search_tries_both_answers() -> None:
    game = _priced(KO_UNLESS_2_LIFE)
    assert game.decision is not None
    assert [type(a).__name__ for a in payments.candidates(game.decision)] == ["Pass", "Choose"]


def test_search_does_not_pay_the_life_that_would_lose_the_game() -> None:
    # Paying 2 of Ben's last 2 life ends the game: the rollouts see the loss.
    game = _priced(KO_UNLESS_2_LIFE, ben_life=2)
    game.apply(SearchAgent(seed=1, per_round=2).choose(game, game.decision))  # type: ignore[arg-type]
    assert not game.over and game.players[1].life == 2 and _guard_zone(game) is Zone.PREP


def test_the_price_question_reads_as_sentences() -> None:
    # What the app shows for each answer of Ben's "pay to stop it?".
    game = _priced(KO_UNLESS_2_LIFE)
    assert game.decision is not None
    labels = [describe_action(game, game.decision, option) for option in game.decision.options]
    assert labels == ["Do not pay", "Pay 2 life"]


def test_greedy_does_not_say_yes_to_a_price_that_takes_its_last_life() -> None:
    # "You may pay 2 life; if you do, gain 3 energy": at 2 life, paying would lose the game.
    for life, paid in ((2, False), (10, True)):
        raw = {
            "life": 20, "active": 0, "turn": 5, "step": "main",
            "cards": {"act1": {"name": "Deal", "kind": "action", "cost": 2, "energy": ["bolt"],
                               "abilities": [{"trigger": "action", "optional": True, "effects": [
                                   {"do": "energy", "amount": 3, "pay": {"life": 2}}]}]}},
            "players": [
                {"name": "Ana", "life": life, "team": [{"card": "act1", "dice": 1}],
                 "dice": [{"card": "act1", "zone": "reserve", "face": "action"}]},
                {"name": "Ben"},
            ],
        }
        game = position(raw, lambda ref: None)
        assert game.decision is not None
        game.apply(next(o for o in game.decision.options if isinstance(o, UseAction)))
        assert game.decision is not None and game.decision.kind == DecisionKind.OPTIONAL
        game.apply(GreedyAgent().choose(game, game.decision))
        assert (game.players[0].life, game.players[0].virtual) == ((life - 2, 3) if paid else (life, 0))
