"""The AI players: greedy plays sensibly, search plays better, and neither peeks at the
game's hidden future. The full win-rate studies (400 and 200 games) are run with
`teambuilder sim` and reported in the closing note; these are their small, fast versions."""

from __future__ import annotations

import pytest

from teambuilder.ai.agents import make_agent, play
from teambuilder.engine.game import Game

FULL_MATCH = ("standard-bat-family", "standard-x-men")


def _wins(setups, first: str, second: str, games: int, names: tuple[str, str]) -> int:  # type: ignore[no-untyped-def]
    """Games ``first`` wins out of ``games``, seats alternating."""
    (a, life), (b, _) = setups(names[0], "A"), setups(names[1], "B")
    wins = 0
    for seed in range(games):
        swap = seed % 2 == 1
        agents = [make_agent(first, seed * 2 + 1), make_agent(second, seed * 2 + 2)]
        game = play(Game([b, a] if swap else [a, b], life=life, seed=seed), agents[::-1] if swap else agents)
        # The "first" agent plays team A, in seat 0 or (swapped) seat 1.
        wins += game.winner == (1 if swap else 0)
    return wins


def test_greedy_beats_random(setups) -> None:  # type: ignore[no-untyped-def]
    assert _wins(setups, "greedy", "random", 40, FULL_MATCH) >= 36


def test_search_beats_greedy(setups) -> None:  # type: ignore[no-untyped-def]
    assert _wins(setups, "search", "greedy", 4, FULL_MATCH) >= 3


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_an_agent_does_not_see_the_games_future(setups, name: str) -> None:  # type: ignore[no-untyped-def]
    """Two copies of one position whose future rolls differ get the same answer."""
    (a, life), (b, _) = setups(FULL_MATCH[0], "A"), setups(FULL_MATCH[1], "B")
    game = Game([a, b], life=life, seed=3)
    greedy = [make_agent("greedy", 1), make_agent("greedy", 2)]
    while not (game.decision is not None and game.decision.kind == "priority" and game.window == "main"
               and game.turn_number >= 4):
        assert game.decision is not None
        game.apply(greedy[game.decision.player].choose(game, game.decision))
    answers = set()
    for future in (11, 12, 13):
        copy = game.clone(seed=future)
        assert copy.decision is not None
        answers.add(make_agent(name, 7).choose(copy, copy.decision))
    assert len(answers) == 1


def test_search_plays_the_same_game_from_the_same_seeds(setups) -> None:  # type: ignore[no-untyped-def]
    """Its rollouts draw every seed from its own generator: replaying the seeds replays the
    game (here its first six turns), move for move."""
    (a, life), (b, _) = setups("modern-brotherhood", "A"), setups("modern-infinity-watch", "B")
    moves = []
    for _ in range(2):
        game = Game([a, b], life=life, seed=5)
        agents = [make_agent("search", 11), make_agent("greedy", 12)]
        played = []
        while game.decision is not None and game.turn_number <= 6:
            action = agents[game.decision.player].choose(game, game.decision)
            played.append(action)
            game.apply(action)
        moves.append(played)
    assert moves[0] == moves[1] and len(moves[0]) > 20
