"""The playtest's opponent picker offers a random legal team of your format, drawn from a
seed that is shown: the same seed draws the same team, so a game can be played again."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox
from pytestqt.qtbot import QtBot

from teambuilder.sim.playtest import PlaytestConfig
from teambuilder.teams.validator import ERROR, validate
from teambuilder.ui.playtest.launch import PlaytestSetupDialog

TEAMS = Path(__file__).resolve().parents[2] / "data" / "teams"


def test_random_team_is_offered_legal_and_replayable(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    window.open_path(TEAMS / "standard-x-men.yaml")
    fmt = window.context.formats["standard"]
    dialog = PlaytestSetupDialog(window.document.team, fmt, window.context.library,
                                 catalogue=window.context.catalogue)
    qtbot.addWidget(dialog)
    opponents, seed, drawn = dialog.opponent, dialog.team_seed, dialog.drawn
    assert dialog.findChild(QComboBox, "playtestOpponent") is opponents
    assert dialog.findChild(QSpinBox, "playtestTeamSeed") is seed
    assert dialog.findChild(QLabel, "playtestRandomTeam") is drawn
    assert opponents.itemText(0) == "Random team (Standard tournament)"
    opponents.setCurrentIndex(0)
    assert seed.isEnabled() and seed.accessibleName() == "Random team seed"
    seed.setValue(7)
    assert not drawn.isHidden() and drawn.text().startswith("Random Standard tournament 7: ")
    team = dialog.opponent_team()
    assert team.name == "Random Standard tournament 7" and len(team.cards) == 8
    assert not [v for v in validate(team, fmt, window.context.lookup) if v.severity == ERROR]

    seed.setValue(8)
    assert dialog.opponent_team() != team
    seed.setValue(7)
    assert dialog.opponent_team() == team                  # the same seed, the same team

    opponents.setCurrentIndex(1)                           # a fixed team: the seed box rests
    assert not seed.isEnabled() and drawn.isHidden()

    played = window.playtest(team, PlaytestConfig(ai="greedy", seed=1, first="me"))
    assert played is not None
    played.ask_before_closing = False
    qtbot.addWidget(played)
    assert played.session.teams[1].name == "Random Standard tournament 7"
