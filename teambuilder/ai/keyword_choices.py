"""The AI's answers to the keyword questions of ``scripts.keyword_flow_effects``: which
die Recruit brings into the Field Zone, which Continuous die Gadgeteer rolls, which
unbought die Gate rolls. Each of them helps its chooser, so the answer is the most
valuable die offered (the same measure greedy uses for its own dice)."""

from __future__ import annotations

from collections.abc import Callable

from teambuilder.engine.actions import Action, ChooseTarget, Decision, DecisionKind
from teambuilder.engine.game import Game
from teambuilder.engine.scripts import PENDING, Pending
from teambuilder.engine.state import Die

KEYWORD_PICK = "keyword:pick"       # the continuation those questions share


def keyword_pick(game: Game, decision: Decision, value: Callable[[Game, Die], float]) -> Action | None:
    """The best die for a keyword's pick, or None when ``decision`` is some other question."""
    pending = game.script_state.get(PENDING)
    if decision.kind != DecisionKind.SCRIPT or not isinstance(pending, Pending) or pending.then != KEYWORD_PICK:
        return None
    dice = [o for o in decision.options if isinstance(o, ChooseTarget)]
    return max(dice, key=lambda o: value(game, game.dice[o.target])) if dice else None
