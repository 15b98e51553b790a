"""The ``expect:`` part of a rule scenario: what must hold once its actions are made.

Each expectation that does not hold is one failure line in the player's terms ("Carlos has
17 life, expected 16"). Dice are named by the labels the scenario gave them, which the
scenario builder resolves (:class:`LabelledDice`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from teambuilder.engine.game import Game
from teambuilder.engine.scenario_keywords import KEYWORD_FACTS, die_facts
from teambuilder.engine.state import Zone

ZONES = {zone.value.replace(" ", "_"): zone for zone in Zone}


class LabelledDice(Protocol):
    """The builder's view of the position: player indices by name, die ids by label."""

    names: dict[str, int]
    labels: dict[str, int]

    def die(self, label: Any) -> int: ...


def check_expectations(builder: LabelledDice, game: Game, expect: Mapping[str, Any]) -> list[str]:
    """What differs between the game and the scenario's ``expect:``, one line each."""
    failures: list[str] = []
    names = builder.names
    for name, life in (expect.get("life") or {}).items():
        if game.players[names[name]].life != life:
            failures.append(f"{name} has {game.players[names[name]].life} life, expected {life}")
    for name, virtual in (expect.get("virtual") or {}).items():
        if game.players[names[name]].virtual != virtual:
            failures.append(f"{name} has {game.players[names[name]].virtual} virtual energy, expected {virtual}")
    if "winner" in expect:
        wanted = expect["winner"]
        actual = "tie" if game.over and game.winner is None else (
            game.players[game.winner].name if game.winner is not None else None)
        if actual != wanted:
            failures.append(f"winner is {actual}, expected {wanted}")
    for name, zones in (expect.get("zones") or {}).items():
        for zone_name, wanted in zones.items():
            dice = game.zone(names[name], ZONES[zone_name])
            if isinstance(wanted, int):
                if len(dice) != wanted:
                    failures.append(f"{name} has {len(dice)} dice in {zone_name}, expected {wanted}")
            else:
                ids = {d.id for d in dice}
                missing = [w for w in wanted if builder.die(w) not in ids]
                if missing:
                    failures.append(f"{name}'s {zone_name} lacks {', '.join(map(str, missing))}")
    for label, wanted in (expect.get("dice") or {}).items():
        die = game.dice[builder.die(label)]
        attack, defense = game.stats(die)
        face = die.spec.faces[die.face]
        facts: dict[str, Any] = {"zone": die.zone.value.replace(" ", "_"), "level": face.level, "damage": die.damage,
                  "attack": attack, "defense": defense, "face": face.describe(),
                  "owner": game.players[die.owner].name if die.owner is not None else None}
        if any(key in wanted for key in KEYWORD_FACTS):
            facts.update(die_facts(game, die, {i: str(label) for label, i in builder.labels.items()}))
        for key, value in wanted.items():
            if facts.get(key) != value:
                failures.append(f"die {label}: {key} is {facts.get(key)!r}, expected {value!r}")
    for line in expect.get("log") or []:
        if not any(str(line) in entry for entry in game.log):
            failures.append(f"log has no line containing {line!r}")
    for line in expect.get("not_log") or []:
        if any(str(line) in entry for entry in game.log):
            failures.append(f"log unexpectedly contains {line!r}")
    if "decision" in expect:
        decision = game.decision
        expected = expect["decision"]
        pending = None if decision is None else {"kind": decision.kind,
                                                 "player": game.players[decision.player].name}
        if expected is None and pending is not None or expected is not None and (
                pending is None or any(pending.get(k) != v for k, v in expected.items())):
            failures.append(f"pending decision is {pending}, expected {expected}")
    return failures
