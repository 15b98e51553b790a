"""Whole games: random legal play never breaks an invariant, games end, and a seed fixes
everything (log, result, replay), whatever else draws from the global generator."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teambuilder.ai.agents import RandomAgent, play
from teambuilder.engine.actions import action_from_json, to_json
from teambuilder.engine.game import Game, IllegalAction
from teambuilder.engine.invariants import broken_invariants
from teambuilder.engine.replay import replay
from teambuilder.engine.state import Zone

DEMO_MATCHES = [("sww-demo-first", "sww-demo-second"), ("wf-demo-first", "wf-demo-second"),
                ("xmf-demo-first", "xmf-demo-second"), ("wwe-demo-first", "wwe-demo-second")]
FULL_MATCH = ("standard-bat-family", "standard-x-men")


def checked_game(setups, names: tuple[str, str], seed: int) -> Game:  # type: ignore[no-untyped-def]
    (a, life), (b, _) = setups(names[0], "A"), setups(names[1], "B")
    game = Game([a, b], life=life, seed=seed)
    count = len(game.dice)
    problems: list[str] = []

    def check(after: Game) -> None:
        found = broken_invariants(after, count)
        if found and not problems:
            problems.append(f"seed {seed}, action {len(after.record)}: {found}")

    play(game, [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)], after_action=check)
    assert problems == []
    return game


@pytest.mark.parametrize("chunk", range(5))
def test_1000_random_games_finish_with_every_invariant_kept(setups, chunk: int) -> None:  # type: ignore[no-untyped-def]
    """1,000 games in all: 500 between the four rulebook demo pairs, 500 full 8-card games."""
    results = set()
    for seed in range(chunk * 100, chunk * 100 + 100):
        demo = checked_game(setups, DEMO_MATCHES[seed % 4], seed)
        full = checked_game(setups, FULL_MATCH, seed)
        for game in (demo, full):
            assert game.over and game.result
            assert game.result.startswith("tie (turn limit") is False, f"seed {seed} hit the turn limit"
            results.add(game.winner)
    assert results >= {0, 1}, "both seats win some games"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), match=st.sampled_from(DEMO_MATCHES + [FULL_MATCH]))
def test_random_play_keeps_invariants_for_any_seed(setups, seed: int, match: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    game = checked_game(setups, match, seed)
    assert all(p.life <= p.start_life for p in game.players)


def test_same_seed_same_log_even_when_global_random_is_used_in_between(setups) -> None:  # type: ignore[no-untyped-def]
    (a, life), (b, _) = setups(FULL_MATCH[0], "A"), setups(FULL_MATCH[1], "B")

    def run(disturb: bool) -> list[str]:
        game = Game([a, b], life=life, seed=42)
        agents = [RandomAgent(1), RandomAgent(2)]
        while game.decision is not None:
            if disturb:
                random.seed(random.random())
                random.random()
            game.apply(agents[game.decision.player].choose(game, game.decision))
        return game.log

    first = run(disturb=False)
    assert first == run(disturb=True)
    assert len(first) > 100
    other = Game([a, b], life=life, seed=43)
    play(other, [RandomAgent(1), RandomAgent(2)])
    assert other.log != first, "a different seed gives a different game"


def test_replaying_the_action_record_rebuilds_the_game_exactly(setups) -> None:  # type: ignore[no-untyped-def]
    (a, life), (b, _) = setups("xmf-demo-first", "A"), setups("xmf-demo-second", "B")
    game = play(Game([a, b], life=life, seed=7), [RandomAgent(3), RandomAgent(4)])
    record = {"seed": 7, "life": life, "first_player": game.first_player, "max_turns": game.max_turns,
              "actions": [to_json(action) for action in game.record]}
    assert [action_from_json(to_json(x)) for x in game.record] == game.record
    again = replay([a, b], record)
    assert again.log == game.log and again.result == game.result


def test_an_illegal_answer_is_refused_with_a_reason_and_changes_nothing(setups) -> None:  # type: ignore[no-untyped-def]
    (a, life), (b, _) = setups("sww-demo-first", "A"), setups("sww-demo-second", "B")
    game = Game([a, b], life=life, seed=1)
    assert game.decision is not None and game.decision.kind == "reroll"
    from teambuilder.engine.actions import Reroll
    with pytest.raises(IllegalAction, match="choose distinct dice"):
        game.apply(Reroll((999,)))
    assert game.decision.kind == "reroll" and game.record == []


def test_first_turn_draws_three_and_puts_a_fourth_out_of_play(setups) -> None:  # type: ignore[no-untyped-def]
    (a, life), (b, _) = setups("sww-demo-first", "A"), setups("sww-demo-second", "B")
    for seed in range(5):
        game = Game([a, b], life=life, seed=seed)
        first = game.first_player
        assert len(game.zone(first, Zone.PREP)) == 3
        assert len(game.zone(first, Zone.OUT_OF_PLAY)) == 1
        assert len(game.zone(first, Zone.BAG)) == 4
        assert len(game.zone(1 - first, Zone.BAG)) == 8
        assert [p.life for p in game.players] == [10, 10]
    assert {Game([a, b], life=life, seed=s).first_player for s in range(10)} == {0, 1}
