"""Rule scenarios: a position, the decisions made in it, and what must follow.

A scenario file (YAML, documented in docs/scenarios.md) places dice in zones on chosen
faces, starts the game at a step of the turn, answers decisions in a readable notation
(die labels instead of ids), and checks life, zones, dice, the winner and log lines.
Loaded dice (``rolls``) fix what future rolls show, so rulebook examples can be replayed
exactly. Every problem in a file is reported as ``file: message``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from teambuilder.catalogue.model import Card
from teambuilder.catalogue.yaml_source import LineMap, YamlSyntaxError, read_yaml
from teambuilder.engine.abilities import AbilityError, parse_abilities
from teambuilder.engine.dice import ACTION, CHARACTER, ENERGY, SIDEKICK_KEY
from teambuilder.engine.game import Game, IllegalAction
from teambuilder.engine.game_state import PlayerSetup
from teambuilder.engine.invariants import broken_invariants
from teambuilder.engine.scenario_actions import NotOffered, ScenarioActions, ScenarioError
from teambuilder.engine.scenario_cards import inline_cards
from teambuilder.engine.scenario_expect import ZONES, check_expectations
from teambuilder.engine.scenario_keywords import CARD_KEYS, DIE_KEYS, set_card_state, set_die_links
from teambuilder.engine.scenario_schema import ScenarioShapeError, check_scenario
from teambuilder.engine.setup import engine_card
from teambuilder.engine.state import Die, EngineCard, Task, TaskKind, Zone
from teambuilder.engine.turn import TURN_STEPS
from teambuilder.safe_io import SCENARIO_FILE_LIMIT
from teambuilder.teams.formats import FormatError, get_format, load_formats

# The step a scenario starts in -> the turn's tasks from there on.
STEPS: dict[str, tuple[TaskKind, ...]] = {
    name: TURN_STEPS[TURN_STEPS.index(first):] for name, first in (
        ("start", TaskKind.START_OF_TURN), ("roll", TaskKind.ROLL), ("main", TaskKind.MAIN_WINDOW),
        ("attack", TaskKind.DECLARE_ATTACKERS), ("cleanup", TaskKind.END_OF_TURN))}
# Where a scenario may freeze the game to look at it (just before that task runs).
STOPS = (TaskKind.END_MAIN, TaskKind.DECLARE_ATTACKERS, TaskKind.COMBAT_KO, TaskKind.COMBAT_END,
         TaskKind.END_OF_TURN, TaskKind.CLEANUP, TaskKind.END_TURN, TaskKind.NEXT_TURN)


@dataclass
class ScenarioResult:
    path: str
    name: str
    failures: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    # The file could not be used at all (unreadable, not YAML, too large, the wrong shape):
    # the command's exit code is then 2, as for any unusable input, not 1 (a rule failed).
    unusable: bool = False

    @property
    def passed(self) -> bool:
        return not self.failures


CardResolver = Callable[[str], Card | None]


class _Builder(ScenarioActions):
    """Reads one scenario mapping into a Game, a list of steps and expectations."""

    def __init__(self, raw: Mapping[str, Any], resolve: CardResolver) -> None:
        self.raw = raw
        self.resolve = resolve
        self.cards: dict[str, EngineCard] = {}
        self.labels: dict[str, int] = {}
        self.tokens: dict[str, int] = {}
        self.placed: set[int] = set()
        for key, card in inline_cards(raw.get("cards") or {}).items():
            self.cards[key] = engine_card(card)
        self.extra_abilities = raw.get("abilities") or {}

    def card(self, ref: str) -> EngineCard:
        ref = str(ref)
        if ref in self.cards:
            return self.cards[ref]
        card = self.resolve(ref)
        if card is None:
            raise ScenarioError(f"unknown card {ref!r}")
        extra = self.extra_abilities.get(ref)
        playing = engine_card(card) if extra is None else engine_card(card, parse_abilities(extra))
        self.cards[ref] = playing
        return playing

    def draft(self) -> bool:
        """``format: KEY``: the game is played in that shipped format; only whether it is a
        draft format (Rainbow Draft) matters to the engine (the scenario sets life itself)."""
        key = self.raw.get("format")
        if key is None:
            return False
        try:
            return get_format(str(key), load_formats()).draft
        except FormatError as error:
            raise ScenarioError(f"format: {error}") from error

    def game(self) -> Game:
        players_raw = self.raw.get("players")
        if not isinstance(players_raw, list) or len(players_raw) != 2:
            raise ScenarioError("players: expected a list of two players")
        setups = []
        for raw in players_raw:
            team = tuple((self.card(e["card"]), int(e.get("dice", 1))) for e in raw.get("team", []))
            basics = tuple(self.card(code) for code in raw.get("basic_actions", []))
            setups.append(PlayerSetup(str(raw["name"]), team, basics, int(raw.get("basic_action_dice", 3)),
                                      self.draft()))
        life = int(self.raw.get("life", 20))
        game = Game(setups, life=life, seed=int(self.raw.get("seed", 0)),
                    first_player=int(self.raw.get("first_player", 0)), start=False)
        self.names = {p.name: p.index for p in game.players}
        for index, raw in enumerate(players_raw):
            player = game.players[index]
            player.start_life = int(raw.get("start_life", life))
            player.life = int(raw.get("life", player.start_life))
            player.virtual = int(raw.get("virtual", 0))
            self._place(game, index, raw.get("dice", []))
        self._keyword_state(game, players_raw)
        step = str(self.raw.get("step", "main"))
        if step == "setup":
            game.advance()
            return game
        if step not in STEPS:
            raise ScenarioError(f"step: {step!r} is not one of setup, {', '.join(STEPS)}")
        game.active = int(self.raw.get("active", 0))
        game.turn_number = int(self.raw.get("turn", 2))
        game.tasks = [Task(kind, game.active) for kind in reversed(STEPS[step])]
        return game

    def _keyword_state(self, game: Game, players_raw: list[Mapping[str, Any]]) -> None:
        """Experience tokens and Flip sides of team cards; Gear attachments and Heroic pairs."""
        for index, raw in enumerate(players_raw):
            for entry in raw.get("team", []):
                if any(key in entry for key in CARD_KEYS):
                    code = self.card(entry["card"]).code
                    slot = next(s.index for s in game.slots if s.card.code == code and s.owner == index)
                    set_card_state(game, slot, entry)
            for entry in raw.get("dice", []):
                if any(key in entry for key in DIE_KEYS):
                    set_die_links(game, self.die(entry.get("label")), entry, self.die)

    def _place(self, game: Game, player: int, entries: list[Mapping[str, Any]]) -> None:
        for entry in entries:
            ref = str(entry.get("card", SIDEKICK_KEY))
            zone_name = str(entry.get("zone", "bag"))
            if zone_name not in ZONES:
                raise ScenarioError(f"zone: {zone_name!r} is not one of {', '.join(ZONES)}")
            for n in range(int(entry.get("count", 1))):
                die = self._free_die(game, player, ref)
                die.owner = player
                die.zone = ZONES[zone_name]
                die.face = self._face(die, entry)
                die.damage = int(entry.get("damage", 0))
                if "label" in entry:
                    label = str(entry["label"]) + (f"{n + 1}" if int(entry.get("count", 1)) > 1 else "")
                    self.labels[label] = die.id
                if "rolls" in entry:
                    game.forced_rolls[die.id] = [self._face(die, _rolled(f)) for f in entry["rolls"]]

    def _free_die(self, game: Game, player: int, ref: str) -> Die:
        """A die not yet placed: Sidekicks start in the bag, card dice on their card."""
        placed = set(self.labels.values()) | self.placed
        code = None if ref == SIDEKICK_KEY else self.card(ref).code
        for die in game.dice:
            if die.id in placed:
                continue
            if code is None and die.is_sidekick and die.owner == player:
                break
            if code is not None and die.slot is not None and game.slots[die.slot].card.code == code \
                    and game.slots[die.slot].owner in (player, None) and die.zone is Zone.CARD:
                break
        else:
            raise ScenarioError(f"{game.players[player].name}: no die of {ref!r} left to place")
        self.placed.add(die.id)
        return die

    @staticmethod
    def _face(die: Die, entry: Mapping[str, Any]) -> int:
        if "level" in entry:
            index = die.spec.level_face(int(entry["level"]))
            if index is None:
                raise ScenarioError(f"{die.spec.name} has no level {entry['level']}")
            return index
        wanted = str(entry.get("face", ""))
        if not wanted:
            return 0
        if wanted.startswith("level ") and wanted[6:].isdigit():      # a loaded roll: "level 3"
            return _Builder._face(die, {"level": wanted[6:]})
        for index, face in enumerate(die.spec.faces):
            if wanted == "character" and face.kind == CHARACTER:
                return index
            if face.kind == ACTION and wanted in ("action", "burst", "double_burst") and \
                    face.burst == {"action": 0, "burst": 1, "double_burst": 2}[wanted]:
                return index
            if face.kind == ENERGY and wanted == face.describe().replace(" generic", ""):
                return index
        raise ScenarioError(f"{die.spec.name} has no face {wanted!r}")


def _rolled(face: Any) -> dict[str, Any]:
    """A loaded roll: a face name, or "level N" for a character face of that level."""
    text = str(face)
    if text.startswith("level ") and text[6:].isdigit():
        return {"level": int(text[6:])}
    return {"face": face}


def position(raw: Mapping[str, Any], resolve: CardResolver) -> Game:
    """The game a scenario mapping sets up, run to its first decision (for asking an AI
    what it would do there)."""
    game = _Builder(raw, resolve).game()
    game.advance()
    return game


def _step_line(raw: Mapping[str, Any], step: Any) -> int:
    """The line of an action step (a mapping knows its own; a bare word, its list's)."""
    if isinstance(step, LineMap):
        return step.line
    return raw.line_of("actions") if isinstance(raw, LineMap) else 1


def run_scenario(path: Path, resolve: CardResolver) -> ScenarioResult:
    """Run one scenario file; failures and file errors are collected, never raised. A file
    error names its line where the reader knows it (``file:line: message``)."""
    result = ScenarioResult(str(path), path.stem)
    line = 0        # the line the error below is about; 0: no line to give
    try:
        raw = read_yaml(path, SCENARIO_FILE_LIMIT, "scenario file")
        check_scenario(raw)
        result.name = str(raw.get("name", path.stem))
        line = raw.line_of("players") if isinstance(raw, LineMap) else 0
        builder = _Builder(raw, resolve)
        game = builder.game()
        line = 0
        if "stop" in raw:
            if raw["stop"] not in STOPS:
                raise ScenarioError(f"stop: {raw['stop']!r} is not one of {', '.join(STOPS)}")
            game.stop_before = TaskKind(raw["stop"])
            if raw.get("stop_turn") is not None:
                game.stop_turn = int(raw["stop_turn"])
        dice_count = len(game.dice)
        game.advance()
        offered: set[str] = set()       # the kinds of decision the players were asked
        for number, step in enumerate(raw.get("actions") or [], start=1):
            line = _step_line(raw, step)
            if game.decision is not None:
                offered.add(str(game.decision.kind))
            if game.decision is None and not game.over:
                raise ScenarioError(f"action {number}: the game is stopped before {game.stop_before}")
            if game.decision is None:
                raise ScenarioError(f"action {number}: the game is over, nothing to decide")
            if isinstance(step, Mapping) and "player" in step and \
                    game.players[game.decision.player].name != step["player"]:
                raise ScenarioError(f"action {number}: {game.players[game.decision.player].name} decides "
                                    f"({game.decision.kind}), not {step['player']}")
            if isinstance(step, Mapping) and "illegal" in step:
                # An action the rules forbid: the engine must refuse it and change nothing.
                if not isinstance(step["illegal"], Mapping):
                    raise ScenarioError(f"action {number}: illegal: expected the forbidden action's fields")
                attempt = {k: v for k, v in step.items() if k != "illegal"} | dict(step["illegal"])
                try:
                    game.apply(builder.action(game, attempt))
                except (IllegalAction, NotOffered):
                    continue
                result.failures = [f"action {number}: {step['illegal']} was accepted but the rules forbid it"]
                result.log = game.log
                return result
            action = builder.action(game, step)    # (outside the try: its own errors are the file's)
            try:
                game.apply(action)
            except IllegalAction as refused:   # (not ``error``: compiled, one name has one type)
                raise ScenarioError(f"action {number}: illegal: {refused}") from refused
            problems = broken_invariants(game, dice_count)
            if problems:
                raise ScenarioError(f"action {number}: invariant broken: {problems[0]}")
        line = raw.line_of("expect") if isinstance(raw, LineMap) else 0
        expect = raw.get("expect") or {}
        if game.decision is not None:
            offered.add(str(game.decision.kind))
        result.failures = check_expectations(builder, game, expect) + [
            f"a {kind} decision was offered" for kind in expect.get("not_offered", []) if str(kind) in offered]
        result.log = game.log
    except YamlSyntaxError as bad_file:
        result.failures, result.unusable = [str(bad_file)], True
    except ScenarioShapeError as bad_shape:
        result.failures, result.unusable = [f"{path}:{bad_shape.line}: {bad_shape}"], True
    except (ScenarioError, AbilityError, KeyError, TypeError, ValueError, AttributeError, IndexError,
            RecursionError) as error:
        # A value the shape check lets through but the builder cannot use (a label that is a
        # list, an ability of an unknown form): still the file's error, at the line in hand.
        message = str(error) if not isinstance(error, KeyError) else f"missing {error}"
        where = f"{path}:{line}" if line else str(path)
        result.failures = [f"{where}: {message}"]
    return result
