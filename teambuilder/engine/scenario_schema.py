"""The shape of a rule scenario file, checked before anything is built from it.

Scenario files are read by people who write rules tests, and by `teambuilder scenario` from
anywhere, so a wrong type (a number where the list of players belongs, a mapping where a
die label belongs) must be a clear ``file:line: message``, never an exception from deep in
the game builder. :func:`check_scenario` walks the mapping read by the line-keeping YAML
reader and raises :class:`ScenarioShapeError` with the line of the first bad value. Numbers
are bounded too (dice counts, life, turns), so a hostile file cannot make a huge game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from teambuilder.catalogue.yaml_source import LineMap


class ScenarioShapeError(ValueError):
    """A value of the wrong type or out of range; ``line`` is where it is in the file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def _line(container: Any, key: str | None = None) -> int:
    if isinstance(container, LineMap):
        return container.line_of(key) if key is not None else container.line
    return 1


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text_or_number(value: Any) -> bool:
    return isinstance(value, str) or _is_int(value)


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _is_anything(value: object) -> bool:
    return True


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, str | int | float)


Check = Callable[[Any], bool]
INT: Check = _is_int
TEXT: Check = _is_text
LABEL: Check = _text_or_number


def _bounded(low: int, high: int) -> Check:
    return lambda value: _is_int(value) and low <= value <= high


def _list_of(check: Check) -> Check:
    return lambda value: isinstance(value, list) and all(check(item) for item in value)


def _mapping_of(check: Check) -> Check:
    return lambda value: isinstance(value, Mapping) and all(
        isinstance(key, str | int) and not isinstance(key, bool) and check(item)
        for key, item in value.items())


ANY: Check = _is_anything
SCALAR: Check = _is_scalar

# field -> (check, what to write instead)
TOP: dict[str, tuple[Check, str]] = {
    "name": (ANY, ""), "rule": (ANY, ""), "seed": (INT, "a whole number"),
    "life": (_bounded(1, 1000), "a life total from 1 to 1000"), "format": (TEXT, "a format key (rainbow_draft)"),
    "first_player": (_bounded(0, 1), "0 or 1"), "active": (_bounded(0, 1), "0 or 1"),
    "turn": (_bounded(1, 10_000), "a turn number from 1 to 10000"), "step": (TEXT, "a step name"),
    "stop": (TEXT, "a stop name"), "stop_turn": (_bounded(1, 10_000), "a turn number"),
    "cards": (_mapping_of(lambda v: isinstance(v, Mapping)), "a mapping of card keys to cards"),
    "abilities": (_mapping_of(ANY), "a mapping of card codes to abilities"),
    "players": (lambda v: isinstance(v, list) and len(v) == 2, "a list of two players"),
    "actions": (lambda v: isinstance(v, list) and len(v) <= 10_000, "a list of actions"),
    "expect": (lambda v: isinstance(v, Mapping), "a mapping of expectations"),
}
CARD: dict[str, tuple[Check, str]] = {
    "name": (TEXT, "text"), "subtitle": (TEXT, "text"), "text": (TEXT, "text"),
    "kind": (lambda v: v in ("character", "action", "basic_action"), "character, action or basic_action"),
    "cost": (_bounded(0, 99), "a cost from 0 to 99"), "energy": (_list_of(TEXT), "a list of energy types"),
    "levels": (_list_of(lambda v: isinstance(v, list) and len(v) == 3 and all(_bounded(0, 99)(n) for n in v)),
               "a list of [fielding, attack, defense] levels"),
    "energy_faces": (_list_of(_text_or_number), "a list of faces"),
    "affiliations": (_list_of(TEXT), "a list of affiliations"), "keywords": (_list_of(TEXT), "a list of keywords"),
    "abilities": (ANY, ""),
}
PLAYER: dict[str, tuple[Check, str]] = {
    "name": (TEXT, "the player's name"), "life": (_bounded(-1000, 1000), "a life total"),
    "start_life": (_bounded(1, 1000), "a life total"), "virtual": (_bounded(0, 99), "a number from 0 to 99"),
    "team": (_list_of(lambda v: isinstance(v, Mapping) and LABEL(v.get("card"))
                      and _bounded(0, 20)(v.get("dice", 1))), "a list of {card: CODE, dice: N}"),
    "basic_actions": (_list_of(LABEL), "a list of card codes"),
    "basic_action_dice": (_bounded(0, 20), "a number from 0 to 20"),
    "dice": (lambda v: isinstance(v, list), "a list of dice"),
}
DIE: dict[str, tuple[Check, str]] = {
    "card": (LABEL, "a card code or key"), "zone": (TEXT, "a zone name"), "level": (_bounded(1, 5), "a level"),
    "face": (_text_or_number, "a face"), "count": (_bounded(1, 50), "a count from 1 to 50"),
    "damage": (_bounded(0, 99), "a number from 0 to 99"), "label": (LABEL, "a label"),
    "rolls": (_list_of(_text_or_number), "a list of faces"),
    "attached_to": (LABEL, "a die label"), "partner": (LABEL, "a die label"),
    "held_on": (LABEL, "a die label"),
}
EXPECT: dict[str, tuple[Check, str]] = {
    "life": (_mapping_of(INT), "a mapping of player names to life"),
    "virtual": (_mapping_of(INT), "a mapping of player names to energy"),
    "winner": (SCALAR, "a player's name, tie or null"),
    "zones": (_mapping_of(_mapping_of(lambda v: _is_int(v) or _list_of(LABEL)(v))),
              "a mapping of players to {zone: count or labels}"),
    "dice": (_mapping_of(_mapping_of(SCALAR)), "a mapping of die labels to facts"),
    "log": (_list_of(SCALAR), "a list of log lines"), "not_log": (_list_of(SCALAR), "a list of log lines"),
    "decision": (lambda v: v is None or _mapping_of(SCALAR)(v), "null or {kind, player}"),
    "not_offered": (_list_of(SCALAR), "a list of decision kinds (pay, choice, optional...)"),
}


def _check_fields(raw: Any, table: dict[str, tuple[Check, str]], where: str, line: int) -> None:
    if not isinstance(raw, Mapping):
        raise ScenarioShapeError(line, f"{where}: expected a mapping")
    for key, (check, wanted) in table.items():
        if key in raw and not check(raw[key]):
            raise ScenarioShapeError(_line(raw, key), f"{where}{key}: expected {wanted}")


def check_scenario(raw: Any) -> None:
    """Raise :class:`ScenarioShapeError` at the first value of the wrong shape."""
    if not isinstance(raw, Mapping):
        raise ScenarioShapeError(1, "expected a mapping at the top (name, players, actions, expect)")
    _check_fields(raw, TOP, "", 1)
    for key, spec in (raw.get("cards") or {}).items():
        _check_fields(spec, CARD, f"cards: {key}: ", _line(raw.get("cards"), key))
    players = raw.get("players")
    if not isinstance(players, list):
        raise ScenarioShapeError(_line(raw, "players"), "players: expected a list of two players")
    for index, player in enumerate(players):
        _check_fields(player, PLAYER, f"players[{index}]: ", _line(raw, "players"))
        if "name" not in player:
            raise ScenarioShapeError(_line(player), f"players[{index}]: needs a name")
        for die in player.get("dice") or []:
            _check_fields(die, DIE, f"{player['name']}: dice: ", _line(player, "dice"))
    _check_fields(raw.get("expect") or {}, EXPECT, "expect: ", _line(raw, "expect"))
