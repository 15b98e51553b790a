"""A team imported under a name the library has already is added as "Name (2)", never
over the first one."""

from __future__ import annotations

from pathlib import Path

import pytest

from teambuilder.teams.library import TeamLibrary
from teambuilder.teams.library_names import numbered_name
from teambuilder.teams.model import Team, TeamCard


@pytest.mark.parametrize("name, taken, expected", [
    ("Test", [], "Test"),
    ("Test", ["Other"], "Test"),
    ("Test", ["Test"], "Test (2)"),
    ("Test", ["test ", "Test (2)"], "Test (3)"),
    ("Test (2)", ["Test", "Test (2)"], "Test (3)"),
    ("Test", ["Test", "Test (3)"], "Test (2)"),
    ("Rush (1999)", ["Rush (1999)"], "Rush (1999) (2)"),
])
def test_numbered_name(name: str, taken: list[str], expected: str) -> None:
    assert numbered_name(name, taken) == expected


def test_importing_the_same_team_twice_keeps_both_apart(tmp_path: Path) -> None:
    team = Team(name="Test", cards=(TeamCard("5sww", 2),), basic_actions=("31sww",))
    with TeamLibrary.open(tmp_path / "library.sqlite") as library:
        first_id, first = library.add_new(team)
        second_id, second = library.add_new(team)
        assert (first.name, second.name) == ("Test", "Test (2)") and first_id != second_id
        assert library.load(second_id).name == "Test (2)"     # in the team's own YAML too
        assert library.load(first_id) == first
        library.delete(first_id)                               # a trashed name is free again
        third_id, third = library.add_new(team)
        assert third.name == "Test"
        assert sorted(e.name for e in library.entries(include_deleted=True)) == ["Test", "Test", "Test (2)"]
