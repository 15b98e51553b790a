"""The team editor's collection warning: a team that needs more than the user owns says
what is short, apart from the rules check, and stays legal."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QListWidget, QTabWidget
from pytestqt.qtbot import QtBot

TEAMS = Path(__file__).resolve().parents[2] / "data" / "teams"


def test_a_small_collection_warns_and_the_team_stays_legal(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    window.open_path(TEAMS / "standard-x-men.yaml")
    summary = window.findChild(QLabel, "teamCollectionSummary")
    legality = window.findChild(QLabel, "teamValidationSummary")
    assert "not tracked" in summary.text()         # nothing recorded: no nagging
    legal_before = legality.text()
    assert legal_before.startswith("\u2714 Legal")

    team = window.document.team
    first = window.context.lookup.resolve(team.cards[0].ref)
    needed = team.cards[0].dice
    assert needed >= 2
    window.context.collection.set(first.code, cards=1, dice=needed - 1)
    for entry in team.cards[1:]:                   # everything else owned in full
        card = window.context.lookup.resolve(entry.ref)
        window.context.collection.set(card.code, cards=1, dice=entry.dice)
    for ref in team.basic_actions:
        window.context.collection.set(window.context.lookup.resolve(ref).code, cards=1)

    check = window.findChild(QListWidget, "teamCollection")
    assert [check.item(i).text() for i in range(check.count())] == [
        f"{first.full_name} ({first.code}): 1 more die (need {needed}, own {needed - 1})"]
    assert "short for 1 card" in summary.text()
    tabs = window.findChild(QTabWidget, "teamTabs")
    assert tabs.tabText(tabs.indexOf(check)) == "Collection (1)"
    # The rules check is untouched: the same verdict, no collection line among its items.
    assert legality.text() == legal_before
    validation = window.findChild(QListWidget, "teamValidation")
    assert all(first.code not in validation.item(i).text() for i in range(validation.count()))

    window.context.collection.set(first.code, dice=needed)   # one more die: nothing short
    assert check.count() == 0
    assert summary.text() == "Collection: you own everything this team needs."
