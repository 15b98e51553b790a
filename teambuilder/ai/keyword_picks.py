"""The AI's answers to the keyword questions of ``scripts.keyword_flow_effects``: which
die Recruit brings into the Field Zone, which Continuous die Gadgeteer rolls, which
unbought die Gate rolls, and whether to put the rolled die in place. Each of them helps
its chooser, so the answer is the most valuable die offered (the same measure greedy uses
for its own dice), and yes."""

from __future__ import annotations

from collections.abc import Callable

from teambuilder.engine.actions import Action, Choose, ChooseTarget, Decision, DecisionKind
from teambuilder.engine.game import Game
from teambuilder.engine.scripts import PENDING, Pending
from teambuilder.engine.state import Die

KEYWORD_PICK = "keyword:pick"       # the continuation the die questions share
KEYWORD_MAY = "keyword:may"         # and the one of "you may put it there"


def keyword_pick(game: Game, decision: Decision, value: Callable[[Game, Die], float]) -> Action | None:
    """The best die for a keyword's pick (yes to putting it in place), or None when
    ``decision`` is some other question."""
    pending = game.script_state.get(PENDING)
    if decision.kind != DecisionKind.SCRIPT or not isinstance(pending, Pending):
        return None
    if pending.then == KEYWORD_MAY:
        return Choose(1)
    if pending.then != KEYWORD_PICK:
        return None
    dice = [o for o in decision.options if isinstance(o, ChooseTarget)]
    return max(dice, key=lambda o: value(game, game.dice[o.target])) if dice else None
