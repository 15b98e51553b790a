"""The action record: everything needed to replay a game exactly, and the replay itself.

A record is the game's parameters (seed, life, first player, turn limit), the two teams
as team-file mappings, and the list of actions in their JSON form. Replaying applies the
same actions to a game built with the same seed; the engine draws all randomness from the
game's own generator, so the replayed log is identical line for line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from teambuilder.engine.actions import action_from_json, to_json
from teambuilder.engine.game import Game, PlayerSetup

RECORD_VERSION = 1


@dataclass(frozen=True)
class GameParameters:
    seed: int
    life: int
    first_player: int
    max_turns: int


def parameters_of(game: Game) -> GameParameters:
    return GameParameters(game.seed, game.players[0].start_life, game.first_player, game.max_turns)


def record_of(game: Game, teams: Sequence[dict[str, Any]], format_key: str) -> dict[str, Any]:
    params = parameters_of(game)
    return {"version": RECORD_VERSION, "seed": params.seed, "life": params.life,
            "first_player": params.first_player, "max_turns": params.max_turns,
            "format": format_key, "teams": list(teams),
            "result": game.result, "actions": [to_json(action) for action in game.record]}


def replay(setups: Sequence[PlayerSetup], record: dict[str, Any]) -> Game:
    """Rebuild a game from its record; raises ValueError if an action no longer fits."""
    game = Game(setups, life=int(record["life"]), seed=int(record["seed"]),
                first_player=int(record["first_player"]), max_turns=int(record["max_turns"]))
    for number, raw in enumerate(record["actions"], start=1):
        try:
            game.apply(action_from_json(raw))
        except ValueError as error:
            raise ValueError(f"action {number}: {error}") from error
    return game
