"""A playtest: one game of the user's team (seat 0) against an AI (seat 1), played a
decision at a time, with restart, undo and replays.

The app's playtest window drives this; so does ``teambuilder playtest --autoplay``. Undo
takes back the user's last decision and every AI decision after it: the game is rebuilt
from the action record (the engine is deterministic), so nothing is patched by hand.
The AI's own generator is seeded from the game seed, so a restart replays the same game
for the same answers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from teambuilder.ai.agents import Agent, make_agent
from teambuilder.engine.actions import Action, Purchase, action_from_json
from teambuilder.engine.game import Game
from teambuilder.engine.replay import RecordError, check_record, record_of
from teambuilder.safe_io import (
    RECORD_FILE_LIMIT,
    InputError,
    parse_json,
    read_text,
    write_text_atomic,
)
from teambuilder.sim.matchup import Matchup
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import (
    TeamFileError,
    team_from_mapping,
    team_to_mapping,
)

ME, AI = 0, 1
FIRST_CHOICES = ("toss", "me", "ai")


class PlaytestError(ValueError):
    """A replay file that cannot be loaded; the message says why."""


@dataclass(frozen=True)
class PlaytestConfig:
    ai: str = "greedy"
    seed: int = 0
    first: str = "toss"          # toss | me | ai
    life: int | None = None      # None: the format's


@dataclass(frozen=True)
class Summary:
    result: str
    winner: str | None
    turns: int
    damage_dealt: tuple[int, int]    # damage each player dealt to the other
    dice_bought: tuple[int, int]

    def line(self) -> str:
        return (f"{self.result} after {self.turns} turns; damage dealt {self.damage_dealt[0]}-"
                f"{self.damage_dealt[1]}, dice bought {self.dice_bought[0]}-{self.dice_bought[1]}")


class PlaytestSession:
    """The game, who decided each recorded action, and the AI opponent."""

    def __init__(self, matchup: Matchup, teams: tuple[Team, Team], config: PlaytestConfig) -> None:
        make_agent(config.ai, 0)      # an unknown AI fails here, before any game starts
        if config.first not in FIRST_CHOICES:
            raise ValueError(f"first player: one of {', '.join(FIRST_CHOICES)}")
        self.matchup, self.teams, self.config = matchup, teams, config
        self.game, self.agent, self.deciders = self._new_game()

    def _new_game(self) -> tuple[Game, Agent, list[int]]:
        first = {"toss": None, "me": ME, "ai": AI}[self.config.first]
        game = Game(self.matchup.setups, life=self.config.life or self.matchup.life,
                    seed=self.config.seed, first_player=first)
        return game, make_agent(self.config.ai, self.config.seed * 2 + 2), []

    # -- playing -----------------------------------------------------------------------
    @property
    def my_turn_to_decide(self) -> bool:
        return self.game.decision is not None and self.game.decision.player == ME

    @property
    def ai_to_decide(self) -> bool:
        return self.game.decision is not None and self.game.decision.player == AI

    def apply(self, action: Action) -> None:
        """The user's answer (raises IllegalAction when it does not answer legally)."""
        assert self.my_turn_to_decide, "not the user's decision"
        self._apply(ME, action)

    def ai_step(self) -> Action:
        """Let the AI answer its current decision; returns what it did."""
        decision = self.game.decision
        assert decision is not None and decision.player == AI, "not the AI's decision"
        action = self.agent.choose(self.game, decision)
        self._apply(AI, action)
        return action

    def _apply(self, player: int, action: Action) -> None:
        self.game.apply(action)
        self.deciders.append(player)

    def restart(self) -> None:
        self.game, self.agent, self.deciders = self._new_game()

    def can_undo(self) -> bool:
        return ME in self.deciders

    def undo(self) -> bool:
        """Take back the user's last decision (and the AI's answers after it)."""
        if not self.can_undo():
            return False
        keep = len(self.deciders) - 1 - self.deciders[::-1].index(ME)
        actions, deciders = self.game.record[:keep], self.deciders[:keep]
        self.game, self.agent, _ = self._new_game()
        for action, player in zip(actions, deciders, strict=True):
            self._apply(player, action)
        return True

    # -- results and replays -----------------------------------------------------------
    def summary(self) -> Summary:
        game = self.game
        bought = [0, 0]
        for action, player in zip(game.record, self.deciders, strict=True):
            if isinstance(action, Purchase):
                bought[player] += 1
        winner = None if game.winner is None else game.players[game.winner].name
        return Summary(game.result, winner, game.turn_number,
                       (game.damage_taken[1], game.damage_taken[0]), (bought[0], bought[1]))

    def to_record(self) -> dict[str, Any]:
        record = record_of(self.game, [team_to_mapping(t) for t in self.teams], self.matchup.format_key)
        record["playtest"] = {"ai": self.config.ai, "first": self.config.first, "deciders": self.deciders}
        return record

    def save(self, path: Path) -> None:
        write_text_atomic(path, json.dumps(self.to_record(), indent=1) + "\n")

    @staticmethod
    def read_replay(path: Path) -> tuple[dict[str, Any], tuple[Team, Team]]:
        """A saved playtest: its record and its two teams (build the matchup from them)."""
        try:
            text = read_text(path, RECORD_FILE_LIMIT, "saved playtest")
            record = check_record(parse_json(text, str(path)))
            raw_teams = record["teams"]
            teams = (team_from_mapping(raw_teams[0], f"{path}: team 1"),
                     team_from_mapping(raw_teams[1], f"{path}: team 2"))
            info = record.get("playtest")
            if not isinstance(info, dict) or not isinstance(info.get("ai"), str) or \
                    not isinstance(info.get("first"), str) or not isinstance(info.get("deciders"), list):
                raise RecordError("playtest: expected the playtest's AI, first player and deciders")
        except InputError as error:
            raise PlaytestError(str(error)) from error
        except (RecordError, TeamFileError) as error:
            raise PlaytestError(f"{path}: not a saved playtest ({error})") from error
        return record, teams

    @classmethod
    def from_record(cls, matchup: Matchup, teams: tuple[Team, Team], record: dict[str, Any]) -> PlaytestSession:
        """Rebuild a saved playtest, decision by decision."""
        info = record["playtest"]
        config = PlaytestConfig(ai=str(info["ai"]), seed=int(record["seed"]), first=str(info["first"]),
                                life=int(record["life"]))
        session = cls(matchup, teams, config)
        if session.game.first_player != int(record["first_player"]):
            raise PlaytestError("the saved game's first player does not match its seed")
        if len(record["actions"]) != len(info["deciders"]):
            raise PlaytestError("the saved game lists a different number of actions and deciders")
        for number, (raw, player) in enumerate(zip(record["actions"], info["deciders"], strict=True), start=1):
            try:
                if player not in (0, 1):
                    raise ValueError(f"decider {player!r} is not 0 or 1")
                session._apply(player, action_from_json(raw))
            except (ValueError, TypeError) as error:
                raise PlaytestError(f"action {number}: {error}") from error
        return session

