"""A playtest: one game of the user's team (seat 0) against an AI (seat 1), played a
decision at a time, with restart, undo and replays.

The app's playtest window drives this; so does ``teambuilder playtest --autoplay``. Undo
takes back the user's last decision and every AI decision after it: the game is rebuilt
from the action record (the engine is deterministic), so nothing is patched by hand.
The AI's own generator is seeded from the game seed, so a restart replays the same game
for the same answers.

One Pass ends a step: the rules close a priority window only when the active player passes
a second time after the inactive player passed, and when the AI only passed nothing has
changed, so the session passes that second time for the user. It also passes for the user
when passing is all they can do, except at the stops they chose (``stops``: ``my_main``,
``my_attack``, ``their_main``, ``their_attack``). Those passes are marked automatic: undo
takes back the user's own last decision, not one the app made. The AI's passes go in the
log (the engine logs what players do, not what they decline).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from teambuilder.ai.agents import Agent, make_agent
from teambuilder.engine.actions import Action, DecisionKind, Pass, Purchase, action_from_json
from teambuilder.engine.game import Game
from teambuilder.engine.replay import RecordError, check_record, record_of
from teambuilder.engine.state import Window
from teambuilder.safe_io import (
    RECORD_FILE_LIMIT,
    InputError,
    parse_json,
    read_text,
    write_text_atomic,
)
from teambuilder.sim.matchup_data import Matchup
from teambuilder.teams.model import Team
from teambuilder.teams.team_file import (
    TeamFileError,
    team_from_mapping,
    team_to_mapping,
)

ME, AI = 0, 1
FIRST_CHOICES = ("toss", "me", "ai")
STOPS = ("my_main", "my_attack", "their_main", "their_attack")
_WINDOW_NAMES = {Window.MAIN: "Main Step", Window.ATTACK: "attack step"}


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
        self.stops: frozenset[str] = frozenset()
        self.game, self.agent, self.deciders = self._new_game()
        self.automatic: set[int] = set()           # indexes of passes the app made for the user
        self._before_restarts: list[tuple[list[Action], list[int], set[int]]] = []
        self.notes: list[tuple[int, str]] = []     # (game log length then, line): the AI's passes

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
        self.apply_ai(action)
        return action

    def ai_thinks(self) -> Action:
        """The AI's answer to its current decision, worked out on a copy of the game (safe
        to call off the GUI thread while the game is drawn); apply it with :meth:`apply_ai`.
        The copy keeps the game's generator state, so the answer is the one ``ai_step``
        would give."""
        decision = self.game.decision
        assert decision is not None and decision.player == AI, "not the AI's decision"
        return self.agent.choose(self.game.clone(), decision)

    def apply_ai(self, action: Action) -> None:
        self._apply(AI, action)

    def _apply(self, player: int, action: Action, automatic: bool = False) -> None:
        decision, window, turn = self.game.decision, self.game.window, self.game.turn_number
        said = len(self.game.log)      # a pass goes in the log before what follows it
        self.game.apply(action)
        if automatic:
            self.automatic.add(len(self.deciders))
        self.deciders.append(player)
        if player == AI and isinstance(action, Pass) and decision is not None and \
                decision.kind == DecisionKind.PRIORITY and window in _WINDOW_NAMES:
            name = self.game.players[AI].name
            self.notes.append((said, f"T{turn} {name}: passes priority ({_WINDOW_NAMES[window]})."))

    def pass_for_me(self) -> int:
        """Pass for the user where passing is all that is left to do; how many passes."""
        passed = 0
        while self._should_pass_for_me():
            self._apply(ME, Pass(), automatic=True)
            passed += 1
        return passed

    def _should_pass_for_me(self) -> bool:
        game, decision = self.game, self.game.decision
        if decision is None or decision.player != ME or decision.kind != DecisionKind.PRIORITY:
            return False
        record, deciders = game.record, self.deciders
        # I passed as the active player, the AI only passed back: the window would close on
        # my second pass, with nothing changed since my first.
        if game.active == ME and len(record) >= 2 and deciders[-2:] == [ME, AI] and \
                isinstance(record[-1], Pass) and isinstance(record[-2], Pass):
            return True
        only_pass = all(isinstance(option, Pass) for option in decision.options)
        return only_pass and self._stop_name() not in self.stops

    def _stop_name(self) -> str:
        whose = "my" if self.game.active == ME else "their"
        return f"{whose}_{'main' if self.game.window == Window.MAIN else 'attack'}"

    def log_lines(self) -> list[str]:
        """The game log with the AI's passes in their places."""
        lines, notes = [], iter(self.notes)
        note = next(notes, None)
        for index, line in enumerate(self.game.log):
            while note is not None and note[0] <= index:
                lines.append(note[1])
                note = next(notes, None)
            lines.append(line)
        while note is not None:
            lines.append(note[1])
            note = next(notes, None)
        return lines

    def restart(self) -> None:
        """A new game from the same seed; undo in the new game, before any decision of the
        user's, brings the old one back."""
        if self.game.record:
            self._before_restarts.append((list(self.game.record), list(self.deciders), set(self.automatic)))
        self._reset()

    def _reset(self) -> None:
        self.game, self.agent, self.deciders = self._new_game()
        self.automatic, self.notes = set(), []

    def _replay(self, actions: list[Action], deciders: list[int], automatic: set[int]) -> None:
        self._reset()
        for index, (action, player) in enumerate(zip(actions, deciders, strict=True)):
            self._apply(player, action, automatic=index in automatic)

    def can_undo(self) -> bool:
        return self._last_own_decision() is not None or bool(self._before_restarts)

    def _last_own_decision(self) -> int | None:
        return next((i for i in range(len(self.deciders) - 1, -1, -1)
                     if self.deciders[i] == ME and i not in self.automatic), None)

    def undo(self) -> bool:
        """Take back the user's last own decision (and everything after it: the AI's
        answers and the passes the app made)."""
        keep = self._last_own_decision()
        if keep is None:
            if not self._before_restarts:
                return False
            self._replay(*self._before_restarts.pop())       # the game before the restart
            return True
        self._replay(self.game.record[:keep], self.deciders[:keep], {i for i in self.automatic if i < keep})
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
        record["playtest"] = {"ai": self.config.ai, "first": self.config.first, "deciders": self.deciders,
                              "automatic": sorted(self.automatic)}
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
        automatic = info.get("automatic", [])     # (absent from replays saved before it)
        if not isinstance(automatic, list) or not all(isinstance(i, int) for i in automatic):
            raise PlaytestError("playtest: 'automatic' must list the indexes of the passes the app made")
        for number, (raw, player) in enumerate(zip(record["actions"], info["deciders"], strict=True), start=1):
            try:
                if player not in (0, 1):
                    raise ValueError(f"decider {player!r} is not 0 or 1")
                session._apply(player, action_from_json(raw), automatic=number - 1 in automatic)
            except (ValueError, TypeError) as error:
                raise PlaytestError(f"action {number}: {error}") from error
        return session

