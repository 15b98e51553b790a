"""Playing on the board itself (issue 24): buy by clicking a card, change the payment by
clicking reserve dice, field by clicking a die, attack and block by clicking dice. Each
test plays a real game (greedy decides the moves up to the moment under test) and then
does what a player would do with the mouse, checking what the player would see: marks on
the dice and cards, and the die where it went."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from teambuilder.ai.agents import make_agent
from teambuilder.engine.actions import Decision, DecisionKind, Field, Purchase, UseGlobal
from teambuilder.engine.dice import ENERGY
from teambuilder.engine.game import Game
from teambuilder.engine.state import Zone
from teambuilder.ui.playtest.click_plan import spent_dice
from teambuilder.ui.playtest.window import PlaytestWindow
from tests.ui.test_playtest_window import open_window


def click(qtbot: QtBot, widget, pos: QPoint | None = None) -> None:  # type: ignore[no-untyped-def]
    assert widget is not None and widget.isVisible()
    if pos is None:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def play_until(qtbot: QtBot, window: PlaytestWindow, wanted: Callable[[Game, Decision], bool],
               seed: int = 3) -> Decision:
    """Let greedy answer my decisions (through the window) until ``wanted`` holds for one."""
    me = make_agent("greedy", seed)
    for _ in range(2000):
        qtbot.waitUntil(lambda: window.session.game.over or window.session.my_turn_to_decide, timeout=20000)
        game = window.session.game
        assert not game.over, "the game ended before the moment under test"
        decision = game.decision
        assert decision is not None
        if wanted(game, decision):
            return decision
        window.choose(me.choose(game, decision))
    raise AssertionError("never reached")


def zone_of(window: PlaytestWindow, die_id: int) -> Zone:
    return window.session.game.dice[die_id].zone


def test_clicking_a_card_picks_its_purchase_and_marks_the_dice_it_spends(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)
    decision = play_until(qtbot, window, lambda g, d: any(
        isinstance(a, Purchase) and len(spent_dice(a)) >= 1 for a in d.options))
    slot = next(a.slot for a in decision.options if isinstance(a, Purchase) and spent_dice(a))
    chip = window.board.card_widget(slot)
    assert chip.property("buyable"), "a card that can be bought is marked"
    click(qtbot, chip)
    picked = window.panel.selected_action()
    assert isinstance(picked, Purchase) and picked.slot == slot
    assert chip.property("picked")
    spent = spent_dice(picked)
    for die_id in spent:                   # the payment's dice are marked in the reserve
        widget = window.board.die_widget(die_id)
        assert widget.property("payment") and zone_of(window, die_id) is Zone.RESERVE
    unspent = [d.id for d in window.session.game.dice if d.zone is Zone.RESERVE and d.id not in spent]
    for die_id in unspent:
        assert not window.board.die_widget(die_id).property("payment")
    click(qtbot, chip)                     # the second click buys
    qtbot.waitUntil(lambda: all(zone_of(window, d) is not Zone.RESERVE for d in spent), timeout=5000)
    game = window.session.game
    bought = [d for d in game.dice if d.slot == slot and d.owner == 0 and d.zone is Zone.USED]
    assert bought, "the bought die is in my used pile"
    assert window.board.die_widget(bought[0].id).property("zone") == Zone.USED.value


def test_clicking_another_reserve_die_pays_with_it(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)

    def two_ways(game: Game, decision: Decision) -> bool:
        for action in decision.options:
            if isinstance(action, Purchase) and spent_dice(action):
                reserve = {d.id for d in game.dice if d.zone is Zone.RESERVE and d.owner == 0}
                if reserve - spent_dice(action):
                    return True
        return False

    decision = play_until(qtbot, window, two_ways)
    game = window.session.game
    reserve = {d.id for d in game.dice if d.zone is Zone.RESERVE and d.owner == 0}
    for action in decision.options:
        if not isinstance(action, Purchase) or not spent_dice(action):
            continue
        click(qtbot, window.board.card_widget(action.slot))
        before = spent_dice(window.panel.selected_action())
        energy = {d for d in reserve if game.dice[d].spec.faces[game.dice[d].face].kind == ENERGY}
        others = [d for d in energy - before if window.board.die_widget(d).property("selectable")]
        if not others:
            continue
        click(qtbot, window.board.die_widget(others[0]))
        after = spent_dice(window.panel.selected_action())
        assert others[0] in after and after != before
        assert window.board.die_widget(others[0]).property("payment")
        assert all(not window.board.die_widget(d).property("payment") for d in before - after)
        return
    raise AssertionError("no purchase could be paid another way here")


def test_clicking_a_reserve_character_die_twice_fields_it(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)
    decision = play_until(qtbot, window, lambda g, d: any(isinstance(a, Field) for a in d.options))
    die_id = next(a.die for a in decision.options if isinstance(a, Field))
    widget = window.board.die_widget(die_id)
    assert widget.property("selectable") and zone_of(window, die_id) is Zone.RESERVE
    click(qtbot, widget)
    assert widget.property("selected")
    assert zone_of(window, die_id) is Zone.RESERVE          # one click only picks it
    click(qtbot, widget)
    qtbot.waitUntil(lambda: zone_of(window, die_id) is Zone.FIELD, timeout=5000)
    assert window.board.die_widget(die_id).property("zone") == Zone.FIELD.value


def test_attack_by_clicking_field_dice(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)
    decision = play_until(qtbot, window, lambda g, d: d.kind == DecisionKind.ATTACKERS and bool(d.subset))
    attacker = decision.subset[0]
    widget = window.board.die_widget(attacker)
    assert widget.property("selectable")
    click(qtbot, widget)
    assert widget.property("selected")
    click(qtbot, window.findChild(QPushButton, "decisionConfirm"))
    qtbot.waitUntil(lambda: window.session.game.dice[attacker].attacking
                    or window.session.game.dice[attacker].zone is not Zone.FIELD, timeout=5000)


def test_block_by_clicking_a_blocker_then_an_attacker(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)
    decision = play_until(qtbot, window, lambda g, d: d.kind == DecisionKind.BLOCKERS and any(
        attackers for _blocker, attackers in d.assign))
    blocker, attackers = next((b, a) for b, a in decision.assign if a)
    attacker = attackers[0]
    blocker_widget, attacker_widget = window.board.die_widget(blocker), window.board.die_widget(attacker)
    assert blocker_widget.property("selectable")
    assert not attacker_widget.property("selectable"), "an attacker is clickable only once a blocker is picked"
    click(qtbot, blocker_widget)
    assert blocker_widget.property("selected") and attacker_widget.property("selectable")
    click(qtbot, attacker_widget)
    assert window.panel.block_boxes[blocker].currentData() == attacker
    click(qtbot, window.findChild(QPushButton, "decisionConfirm"))
    qtbot.waitUntil(lambda: window.session.game.decision is None or window.session.game.decision.kind
                    != DecisionKind.BLOCKERS, timeout=5000)
    log = window.session.log_lines()
    assert any("blocks" in line for line in log[-12:]), log[-12:]


def test_a_global_is_used_from_its_badge_on_the_card(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue, seed=4, teams=("modern-infinity-watch", "modern-brotherhood"))
    decision = play_until(qtbot, window, lambda g, d: any(isinstance(a, UseGlobal) for a in d.options))
    slot = next(a.slot for a in decision.options if isinstance(a, UseGlobal))
    chip = window.board.card_widget(slot)
    assert chip.property("globalUsable")
    others = {a.slot for a in decision.options if isinstance(a, UseGlobal)}
    chips = [window.board.card_widget(s) for s in range(len(window.session.game.slots))]
    assert all(not c.property("globalUsable") for c in chips if c is not None and c.slot not in others)
    badge = chip.badge_rect().center().toPoint()
    click(qtbot, chip, badge)
    picked = window.panel.selected_action()
    assert isinstance(picked, UseGlobal) and picked.slot == slot and chip.property("picked")
    record = len(window.session.game.record)
    click(qtbot, chip, badge)                 # again: use it
    qtbot.waitUntil(lambda: len(window.session.game.record) > record, timeout=5000)
    assert isinstance(window.session.game.record[record], UseGlobal)
