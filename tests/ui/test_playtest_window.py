"""The playtest window, played to the end with real clicks, plus undo, replays, the
setup from the team builder and the CLI's --autoplay."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QListWidget, QMessageBox, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from teambuilder.ai.agents import make_agent
from teambuilder.engine.actions import DeclareAttackers, DeclareBlockers, Pass, Reroll
from teambuilder.sim.playtest import PlaytestConfig
from teambuilder.teams.team_file import read_team_file
from teambuilder.ui.playtest.decision_panel import ACTION_ROLE, DIE_ROLE
from teambuilder.ui.playtest.launch import make_session
from teambuilder.ui.playtest.window import PlaytestWindow

REPO = Path(__file__).resolve().parents[2]
TEAMS = REPO / "data" / "teams"


def open_window(qtbot: QtBot, catalogue, seed: int = 5, first: str = "me",  # type: ignore[no-untyped-def]
                ask_before_closing: bool = False, teams: tuple[str, str] = ("standard-bat-family",
                                                                            "standard-villains")) -> PlaytestWindow:
    """A playtest window; it closes at the test's end without asking unless told to ask."""
    mine, theirs = (read_team_file(TEAMS / f"{teams[0]}.yaml"), read_team_file(TEAMS / f"{teams[1]}.yaml"))
    session = make_session(mine, theirs, catalogue, PlaytestConfig(ai="greedy", seed=seed, first=first))
    window = PlaytestWindow(session, catalogue, pace_ms=0, ask_before_closing=ask_before_closing)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def answer_the_question(qtbot: QtBot, button: QMessageBox.StandardButton) -> list[str]:
    """Press ``button`` on the next question box when it opens; its text lands in the list."""
    seen: list[str] = []

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, press)
            return
        seen.append(box.text())
        qtbot.mouseClick(box.button(button), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, press)
    return seen


def click(qtbot: QtBot, widget) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def answer_by_clicking(qtbot: QtBot, window: PlaytestWindow, wanted) -> None:  # type: ignore[no-untyped-def]
    """Give ``wanted`` through the panel and the board the way a player would."""
    panel = window.panel
    if isinstance(wanted, Pass):
        click(qtbot, window.findChild(QPushButton, "decisionPass"))
        return
    if isinstance(wanted, (Reroll, DeclareAttackers)):
        for die_id in wanted.dice:
            if die_id not in panel.ticked_dice():
                click(qtbot, window.board.die_widget(die_id))     # a click on the die on the board
        assert panel.ticked_dice() == set(wanted.dice)
    elif isinstance(wanted, DeclareBlockers):
        chosen = dict(wanted.blocks)
        for blocker, box in panel.block_boxes.items():
            box.setCurrentIndex(box.findData(chosen.get(blocker)))
    else:
        options = window.findChild(QListWidget, "decisionOptions")
        rows = [r for r in range(options.count()) if options.item(r).data(ACTION_ROLE) == wanted]
        assert rows, f"{wanted} is not offered"
        item = options.item(rows[0])
        options.scrollToItem(item)
        click_at = options.visualItemRect(item).center()
        qtbot.mouseClick(options.viewport(), Qt.MouseButton.LeftButton, pos=click_at)
    click(qtbot, window.findChild(QPushButton, "decisionConfirm"))


def test_a_whole_game_played_by_clicking_ends_with_a_summary(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)
    me = make_agent("greedy", 11)          # decides what to click; the clicks do the playing
    clicks = 0
    while not window.session.game.over:
        qtbot.waitUntil(lambda: window.session.game.over or window.session.my_turn_to_decide, timeout=20000)
        if window.session.game.over:
            break
        game = window.session.game
        answer_by_clicking(qtbot, window, me.choose(game, game.decision))
        clicks += 1
        assert clicks < 3000
    summary = window.findChild(QLabel, "playtestSummary").text()
    assert summary.startswith("Game over:") and "turns" in summary
    assert window.session.summary().winner is not None
    log = window.findChild(QPlainTextEdit, "playtestLog").toPlainText()
    assert "goes first" in log and ("wins" in log or "life" in log)
    assert not window.findChild(QPushButton, "decisionConfirm").isEnabled()


def test_only_legal_choices_are_offered_and_hovering_a_die_names_its_card(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)
    decision = window.session.game.decision
    assert decision.kind == "reroll"                       # my first roll
    options = window.findChild(QListWidget, "decisionOptions")
    assert {options.item(r).data(DIE_ROLE) for r in range(options.count())} == set(decision.subset)
    die = decision.subset[0]
    assert window.board.die_widget(die).toolTip()
    click(qtbot, window.findChild(QPushButton, "decisionConfirm"))        # keep the roll
    qtbot.waitUntil(lambda: window.session.my_turn_to_decide)
    assert window.session.game.decision.kind == "priority"
    labels = [options.item(r).text() for r in range(options.count())]
    assert all(label.startswith(("Buy ", "Field ", "Use ")) for label in labels)


def test_undo_takes_back_my_last_decision(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)
    click(qtbot, window.findChild(QPushButton, "decisionConfirm"))        # keep the roll
    qtbot.waitUntil(lambda: window.session.my_turn_to_decide)
    before = list(window.session.game.record)
    click(qtbot, window.findChild(QPushButton, "decisionPass"))
    qtbot.waitUntil(lambda: window.session.my_turn_to_decide or window.session.game.over)
    assert len(window.session.game.record) > len(before)
    window.actions_by_name["undo"].trigger()
    assert window.session.game.record == before and window.session.my_turn_to_decide


def test_save_and_load_a_replay_and_restart(qtbot: QtBot, catalogue, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue)
    click(qtbot, window.findChild(QPushButton, "decisionConfirm"))
    qtbot.waitUntil(lambda: window.session.my_turn_to_decide)
    log = list(window.session.game.log)
    path = tmp_path / "game.json"
    window.session.save(path)
    asked = answer_the_question(qtbot, QMessageBox.StandardButton.No)
    window.actions_by_name["restart"].trigger()
    assert asked and "same seed" in asked[0] and window.session.game.log == log     # No: nothing changed
    answer_the_question(qtbot, QMessageBox.StandardButton.Yes)
    window.actions_by_name["restart"].trigger()
    assert window.session.game.decision.kind == "reroll" and len(window.session.game.record) == 0
    window.actions_by_name["undo"].trigger()                  # undo brings the game before the restart back
    assert window.session.game.log == log
    assert window.load(path)
    assert window.session.game.log == log


def test_cards_the_engine_cannot_fully_play_are_named(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    from teambuilder.teams.model import Team, TeamCard

    mine = Team(name="Avengers", cards=(TeamCard("2avx", 2), TeamCard("5sww", 2)), basic_actions=("31sww", "34sww"))
    session = make_session(mine, read_team_file(TEAMS / "standard-villains.yaml"), catalogue, PlaytestConfig(seed=1))
    window = PlaytestWindow(session, catalogue, pace_ms=0)
    qtbot.addWidget(window)
    warning = window.findChild(QLabel, "playtestEngineWarning")
    assert "Beast: Genetic Expert (none)" in warning.text() and "Cheetah" not in warning.text()
    assert not open_window(qtbot, catalogue).findChild(QLabel, "playtestEngineWarning").text()


def test_playtest_button_opens_a_game_of_the_team_being_built(qtbot: QtBot, window, catalogue) -> None:  # type: ignore[no-untyped-def]
    window.open_path(TEAMS / "standard-x-men.yaml")
    opened = window.playtest(read_team_file(TEAMS / "standard-villains.yaml"), PlaytestConfig(seed=2, first="ai"))
    assert opened is not None and opened.ask_before_closing     # a game started from the app asks
    opened.ask_before_closing = False                              # (the test's end closes it)
    qtbot.addWidget(opened)
    qtbot.waitUntil(lambda: opened.session.my_turn_to_decide)
    assert opened.session.teams[0].name == "Children of the Atom"
    assert window.findChild(QPushButton, "playtestButton").isEnabled()


def test_setup_dialog_offers_reference_and_library_teams(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    from teambuilder.ui.playtest.launch import PlaytestSetupDialog

    window.open_path(TEAMS / "standard-x-men.yaml")
    dialog = PlaytestSetupDialog(window.document.team, window.context.formats["standard"], window.context.library)
    qtbot.addWidget(dialog)
    opponents = dialog.findChild(QComboBox, "playtestOpponent")
    labels = [opponents.itemText(i) for i in range(opponents.count())]
    assert any(label.startswith("Reference: ") for label in labels)
    for modern in ("Infinity Watch", "Brotherhood of Mutants", "House of El", "Thor Corps"):
        assert any(label.startswith(f"Reference: {modern}") for label in labels), modern
    assert "Library: Children of the Atom" in labels
    assert dialog.config().life == 20


def test_cli_autoplay_finishes_offscreen(tmp_path: Path) -> None:
    env = {"QT_QPA_PLATFORM": "offscreen", "TEAMBUILDER_CACHE_DIR": str(tmp_path / "cache"),
           "TEAMBUILDER_USER_DIR": str(tmp_path / "user"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    for seed in (0, 1):
        result = subprocess.run([sys.executable, "-m", "teambuilder", "playtest", str(TEAMS / "standard-x-men.yaml"),
                                 "--seed", str(seed), "--autoplay"],
                                check=False, env=env, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        assert " wins " in result.stdout or "tie" in result.stdout.lower(), result.stdout


def test_one_pass_ends_my_main_step_and_the_ais_pass_is_in_the_log(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue, first="me")
    click(qtbot, window.findChild(QPushButton, "decisionConfirm"))        # keep the roll
    qtbot.waitUntil(lambda: window.session.my_turn_to_decide)
    game = window.session.game
    assert game.decision.kind == "priority" and "Main Step" in game.decision.prompt
    click(qtbot, window.findChild(QPushButton, "decisionPass"))           # one press
    qtbot.waitUntil(lambda: window.session.my_turn_to_decide or window.session.game.over, timeout=20000)
    decision = window.session.game.decision
    assert not ("Main Step" in decision.prompt and window.session.game.turn_number == 1
                and window.session.game.active == 0), "priority came back with the same Main Step prompt"
    log = window.findChild(QPlainTextEdit, "playtestLog").toPlainText()
    assert "passes priority (Main Step)" in log
    window.actions_by_name["undo"].trigger()       # undo takes back my pass, not the one the app made
    assert window.session.game.decision.player == 0 and "Main Step" in window.session.game.decision.prompt


def test_the_window_stays_responsive_while_the_search_ai_thinks(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    mine, theirs = (read_team_file(TEAMS / "standard-bat-family.yaml"),
                    read_team_file(TEAMS / "standard-villains.yaml"))
    session = make_session(mine, theirs, catalogue, PlaytestConfig(ai="search", seed=2, first="ai"))
    window = PlaytestWindow(session, catalogue, pace_ms=0, ask_before_closing=False)
    qtbot.addWidget(window)
    window.show()
    ticks: list[int] = []
    timer = QTimer(window, interval=10)
    timer.timeout.connect(lambda: ticks.append(len(window.session.game.record)))
    timer.start()
    qtbot.waitUntil(lambda: window.session.my_turn_to_decide, timeout=60000)
    timer.stop()
    moves = len(window.session.game.record)
    assert moves >= 2
    # The timer fired while the AI was still to move (before its last decision landed).
    assert any(count < moves for count in ticks), "the event loop stood still while the AI thought"


@pytest.mark.filterwarnings("ignore:Function.*setActiveWindow:DeprecationWarning")
def test_escape_closes_the_playtest_after_asking(qtbot: QtBot, catalogue) -> None:  # type: ignore[no-untyped-def]
    window = open_window(qtbot, catalogue, ask_before_closing=True)
    click(qtbot, window.findChild(QPushButton, "decisionConfirm"))
    qtbot.waitUntil(lambda: window.session.my_turn_to_decide)
    window.activateWindow()
    QApplication.setActiveWindow(window)      # (offscreen: no window manager activates it)
    qtbot.waitActive(window)
    asked = answer_the_question(qtbot, QMessageBox.StandardButton.No)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert asked and "not over" in asked[0] and window.isVisible()
    QApplication.setActiveWindow(window)
    answer_the_question(qtbot, QMessageBox.StandardButton.Yes)
    qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible())
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&Game", "&View"]
