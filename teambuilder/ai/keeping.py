"""How the AIs answer "draw N, keep M" (``engine/keeping.py``): which drawn die to keep.
Keeping helps its chooser, so the answer is the most valuable die drawn (the measure
greedy uses for its own dice); the search agent takes the same answer."""

from __future__ import annotations

from collections.abc import Callable

from teambuilder.engine.actions import Action, ChooseTarget, Decision, DecisionKind
from teambuilder.engine.game import Game
from teambuilder.engine.keeping import KEEP_PICK
from teambuilder.engine.scripts import PENDING, Pending
from teambuilder.engine.state import Die


def keep_pick(game: Game, decision: Decision, value: Callable[[Game, Die], float]) -> Action | None:
    """The most valuable drawn die, or None when ``decision`` is some other question."""
    pending = game.script_state.get(PENDING)
    if decision.kind != DecisionKind.SCRIPT or not isinstance(pending, Pending) or pending.then != KEEP_PICK:
        return None
    dice = [o for o in decision.options if isinstance(o, ChooseTarget)]
    return max(dice, key=lambda o: value(game, game.dice[o.target])) if dice else None
