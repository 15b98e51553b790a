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
from teambuilder.engine.game import Game
from teambuilder.engine.game_state import PlayerSetup

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


class RecordError(ValueError):
    """A record file that is not a game record we can replay; the message names the field."""


# What a record's fields may hold: far beyond any real game, small enough that a hostile
# record cannot make the engine build a huge game.
_BOUNDS = {"life": (1, 1000), "first_player": (0, 1), "max_turns": (1, 10_000)}


def check_record(raw: object) -> dict[str, Any]:
    """The record with every field it needs of the right type, else :class:`RecordError`."""
    if not isinstance(raw, dict):
        raise RecordError("expected a game record (a JSON object with seed, life, teams, actions)")
    for name in ("seed", "life", "first_player", "max_turns"):
        value = raw.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"{name}: expected a whole number, got {str(value)[:40]}")
        low, high = _BOUNDS.get(name, (-(2 ** 63), 2 ** 63))
        if not low <= value <= high:
            raise RecordError(f"{name}: {value} is out of range ({low} to {high})")
    teams = raw.get("teams")
    if not isinstance(teams, list) or len(teams) != 2:
        raise RecordError("teams: expected the two teams")
    if not isinstance(raw.get("actions"), list):
        raise RecordError("actions: expected a list of actions")
    if raw.get("format") is not None and not isinstance(raw["format"], str):
        raise RecordError("format: expected a format name")
    return raw


def replay(setups: Sequence[PlayerSetup], record: dict[str, Any]) -> Game:
    """Rebuild a game from its (checked) record; raises ValueError if an action is not an
    action or no longer fits the game."""
    game = Game(setups, life=record["life"], seed=record["seed"],
                first_player=record["first_player"], max_turns=record["max_turns"])
    for number, raw in enumerate(record["actions"], start=1):
        try:
            game.apply(action_from_json(raw))
        except (ValueError, TypeError) as error:
            raise ValueError(f"action {number}: {error}") from error
    return game
