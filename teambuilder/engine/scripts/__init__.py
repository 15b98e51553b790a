"""Per-card scripts: what the ability language cannot say, registered by name.

A card's ability names a script (``script: 57wf`` or ``{do: script, name: ...}``); the
script runs as one effect of that ability, after the ability's "you may", modes and
targets have been answered, with the same ``Context`` every primitive gets. A script
returns whether it did something (for a following ``if_done`` effect). Scripts live in
one module per card set (``scripts/<set>.py``) and use the engine's own primitives
(``effects``, ``selectors``, ``rules``), so they obey every rule a data effect obeys.

A script that needs a player's choice part-way calls ``ask``: the game pauses on a
``script`` decision and the named continuation runs with the answer. Such a script must be
the last effect of its ability.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from teambuilder.catalogue.abilities import Effect
from teambuilder.engine.actions import Action, Decision, DecisionKind
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Resolver

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

Script = Callable[[Context, Effect, list[Die], list[int]], bool]
Continuation = Callable[["Game", int, Action, dict[str, Any]], None]

SCRIPTS: dict[str, Script] = {}
CONTINUATIONS: dict[str, Continuation] = {}
# Scripts that hurt the dice or players they are aimed at (damage, Corrupt...), for an AI
# choosing their targets: the data cannot say it, as a "target player" names no owner.
HARMFUL: set[str] = set()


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


def continuation(name: str) -> Callable[[Continuation], Continuation]:
    def register(function: Continuation) -> Continuation:
        if name in CONTINUATIONS:
            raise ValueError(f"continuation {name!r} registered twice")
        CONTINUATIONS[name] = function
        return function
    return register


_LOADED: list[bool] = []


def load_all() -> None:
    """Import every script module once, so every registration has run (asked at every
    new game and every script run: after the first time, it only checks a flag)."""
    if _LOADED:
        return
    for module in pkgutil.iter_modules(__path__):
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


def ask(game: Game, player: int, prompt: str, options: tuple[Action, ...], then: str,
        data: dict[str, Any] | None = None) -> None:
    """Pause for ``player`` to pick one of ``options``; ``then`` continues with the answer.
    ``data`` must be plain values (ints, strings, lists), so the game stays copyable."""
    if then not in CONTINUATIONS:
        raise KeyError(f"no continuation registered as {then!r}")
    game.script_state["pending"] = {"then": then, "data": dict(data or {})}
    game.decision = Decision(player, DecisionKind.SCRIPT, prompt, options=options)


def frame(ctx: Context, **extra: Any) -> dict[str, Any]:
    """The plain values a continuation needs to rebuild ``ctx`` (with ``context``)."""
    return {"controller": ctx.controller, "slot": ctx.slot,
            "source": None if ctx.source is None else ctx.source.id,
            "event": None if ctx.event_die is None else ctx.event_die.id, **extra}


def context(game: Game, data: dict[str, Any]) -> Context:
    """The ``Context`` a ``frame`` was made from, in a continuation."""
    source, event = data.get("source"), data.get("event")
    return Context(game, int(data["controller"]), data.get("slot"),
                   None if source is None else game.dice[int(source)],
                   None if event is None else game.dice[int(event)])


def resolve_script(game: Game, decision: Decision, action: Action) -> None:
    pending = game.script_state.pop("pending")
    assert isinstance(pending, dict)
    CONTINUATIONS[pending["then"]](game, decision.player, action, pending["data"])


RESOLVERS: dict[DecisionKind, Resolver] = {DecisionKind.SCRIPT: resolve_script}
