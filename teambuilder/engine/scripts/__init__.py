"""Per-card scripts: what the ability language cannot say, registered by name.

A card's ability names a script (``script: 57wf`` or ``{do: script, name: ...}``); the
script runs as one effect of that ability, after the ability's "you may", modes and
targets have been answered, with the same ``Context`` every primitive gets. A script
returns whether it did something (for a following ``if_done`` effect). Scripts live in
modules of one card set each, split by card number where a set has many
(``scripts/<set>_<first>_<last>.py``, helpers in ``<set>_common.py``); ``load_all``
imports every module of this package, so a new module needs no other registration.
Scripts use the engine's own primitives (``effects``, ``selectors``, ``rules``), so they
obey every rule a data effect obeys.

A script that needs a player's choice part-way calls ``ask``: the game pauses on a
``script`` decision and the named ``Continuation`` runs with the answer and the data the
script left for it. Such a script must be the last effect of its ability. The data is a
``Frozen`` value (``values``) of the type the continuation was registered with: a
``Frame`` to rebuild the script's ``Context``, or a small frozen dataclass of ids and
tuples. Everything scripts keep in ``Game.script_state`` is immutable (numbers, strings,
tuples, ``Frozen`` values), so a copied game can share it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine.actions import Action, Decision, DecisionKind
from teambuilder.engine.scripts.values import NOTHING as NOTHING
from teambuilder.engine.scripts.values import Frame as Frame
from teambuilder.engine.scripts.values import Frozen as Frozen
from teambuilder.engine.scripts.values import Nothing as Nothing
from teambuilder.engine.scripts.values import Pending as Pending
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Resolver

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

Script = Callable[[Context, Effect, list[Die], list[int]], bool]
D = TypeVar("D", bound=Frozen)
# A continuation's function: the game, the player who answered, the answer, the data.
Resume = Callable[["Game", int, Action, D], None]

SCRIPTS: dict[str, Script] = {}
# Continuations by name (their ``resume``: any Frozen data, checked to be of the right type).
CONTINUATIONS: dict[str, Callable[[Game, int, Action, Frozen], None]] = {}
# Scripts that hurt the dice or players they are aimed at (damage, Corrupt...), for an AI
# choosing their targets: the data cannot say it, as a "target player" names no owner.
HARMFUL: set[str] = set()
PENDING = "pending"   # the script_state key of the question waiting for an answer


@dataclass(frozen=True)
class Continuation(Generic[D]):
    """A registered continuation: ``function`` resumes a script with the player's answer
    and data of type ``data``. Calling it runs it directly (a script that needs no
    question, as when there is one option); ``ask`` names it for the answer to come."""

    name: str
    data: type[D]
    function: Resume[D]

    def __call__(self, game: Game, player: int, action: Action, data: D) -> None:
        self.function(game, player, action, data)

    def resume(self, game: Game, player: int, action: Action, data: Frozen) -> None:
        if not isinstance(data, self.data):
            raise TypeError(f"continuation {self.name!r} takes {self.data.__name__}, "
                            f"not {type(data).__name__}")
        self.function(game, player, action, data)


def script(name: str, harms: bool = False) -> Callable[[Script], Script]:
    """Register a script under ``name`` (by convention the card code, plus ``:2`` for a
    card's second script); ``harms``: it hurts what it targets."""
    def register(function: Script) -> Script:
        if name in SCRIPTS:
            raise ValueError(f"script {name!r} registered twice")
        SCRIPTS[name] = function
        if harms:
            HARMFUL.add(name)
        return function
    return register


def harms(name: str) -> bool:
    load_all()
    return name in HARMFUL


def continuation(name: str, data: type[D]) -> Callable[[Resume[D]], Continuation[D]]:
    """Register a continuation under ``name``, taking data of type ``data``."""
    def register(function: Resume[D]) -> Continuation[D]:
        if name in CONTINUATIONS:
            raise ValueError(f"continuation {name!r} registered twice")
        registered = Continuation(name, data, function)
        CONTINUATIONS[name] = registered.resume
        return registered
    return register


_LOADED: list[bool] = []


def load_all() -> None:
    """Import every script module once, so every registration has run (asked at every
    new game and every script run: after the first time, it only checks a flag)."""
    if _LOADED:
        return
    folder = Path(__file__).parent
    for module in pkgutil.iter_modules(__path__):
        # Only modules with a source: a compiled one left from a module since removed or
        # renamed would register its scripts a second time.
        if (folder / f"{module.name}.py").is_file():
            importlib.import_module(f"{__name__}.{module.name}")
    _LOADED.append(True)


def known(name: str) -> bool:
    load_all()
    return name in SCRIPTS


def run(name: str, ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    load_all()
    function = SCRIPTS.get(name)
    if function is None:
        raise KeyError(f"no script registered as {name!r}")
    return function(ctx, effect, dice, players)


def ask(game: Game, player: int, prompt: str, options: tuple[Action, ...], then: Continuation[D],
        data: D) -> None:
    """Pause for ``player`` to pick one of ``options``; ``then`` continues with the answer
    and ``data`` (a frozen value: the game's copies share it)."""
    game.script_state[PENDING] = Pending(then.name, data)
    game.decision = Decision(player, DecisionKind.SCRIPT, prompt, options=options)


def resolve_script(game: Game, decision: Decision, action: Action) -> None:
    pending = game.script_state.pop(PENDING)
    assert isinstance(pending, Pending)
    CONTINUATIONS[pending.then](game, decision.player, action, pending.data)


RESOLVERS: dict[DecisionKind, Resolver] = {DecisionKind.SCRIPT: resolve_script}
