"""File > Import format list…: a good list is installed and its formats are offered at
once; a bad one installs nothing and lists every problem with its file:line."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLabel
from pytestqt.qtbot import QtBot

from teambuilder.teams.formats import user_formats_dir
from teambuilder.ui.format_import import import_format_list
from tests.teams.test_user_formats import LEAGUE as LEAGUE_FILE

LEAGUE = LEAGUE_FILE.replace("sets: [sww, wf]", "sets: [sww, xmf]").replace("    # our Tuesday league\n", "")


def test_an_imported_format_is_offered_without_a_restart(qtbot: QtBot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    source = tmp_path / "league.yaml"
    source.write_text(LEAGUE, encoding="utf-8")
    picker = window.findChild(QComboBox, "teamFormat")
    assert picker.findText("Tuesday league") < 0
    assert window.actions_by_name["import_formats"].shortcut().toString() == "Ctrl+Shift+I"

    assert import_format_list(window, source) is None
    assert (user_formats_dir() / "league.yaml").read_text(encoding="utf-8") == LEAGUE
    index = picker.findText("Tuesday league")
    assert index >= 0
    picker.activated.emit(index)                   # the user picks it
    assert window.document.team.format == "league"
    assert "for Tuesday league" in window.findChild(QLabel, "teamValidationSummary").text()
    # The catalogue's legal:/banned: terms know it too.
    assert [c.code for c in window.context.catalogue.search("banned:league")] == ["5sww"]


def test_a_bad_format_list_installs_nothing_and_names_each_problem(qtbot: QtBot, window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    source = tmp_path / "broken.yaml"
    source.write_text(LEAGUE.replace("max_cards: 8", "max_cards: -8").replace("life: 20", "life: lots"),
                      encoding="utf-8")
    box = import_format_list(window, source)
    assert box is not None and box.isVisible()
    problems = box.informativeText().splitlines()
    assert len(problems) == 2
    assert problems[0].startswith(f"{source}:4: max_cards") and problems[1].startswith(f"{source}:8: life")
    assert "nothing was installed" in box.text()
    assert not (user_formats_dir() / "broken.yaml").exists()
    assert window.findChild(QComboBox, "teamFormat").findText("Tuesday league") < 0
    box.close()
