"""Import and export: community links, tolerant text lists, YAML and JSON, lossless round trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from teambuilder.cli import main
from teambuilder.teams.interchange import EXPORT_FORMATS, export_team, import_team, import_text
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.stats import team_stats
from teambuilder.teams.team_file import TeamFileError, read_team_file
from tests.conftest import REPO

LINK = "https://example.org/tb/?view&cards=4x5sww;2x9sww;1x31sww;1x34sww&name=Cheetah%20rush"


@pytest.fixture(scope="module")
def lookup(catalogue) -> CardLookup:  # type: ignore[no-untyped-def]
    return CardLookup(catalogue)


def test_community_link_import(lookup: CardLookup) -> None:
    team = import_team(LINK, lookup)
    assert team.name == "Cheetah rush"
    assert [(c.ref, c.dice) for c in team.cards] == [("5sww", 4), ("9sww", 2)]
    assert team.basic_actions == ("31sww", "34sww")


def test_community_link_round_trips(lookup: CardLookup) -> None:
    team = import_team(LINK, lookup)
    link = export_team(team, "link", lookup).strip()
    assert link.endswith("?view&cards=4x5sww;2x9sww;1x31sww;1x34sww&name=Cheetah%20rush")
    assert import_team(link, lookup) == team


def test_text_list_is_tolerant(lookup: CardLookup) -> None:
    text = """
    # Team: Mixed bag
    # anything else is a comment
    4x Cheetah: Goddess of the Hunt
    2 9sww

    Superman (Phone Booth) x3
    1x Krypto: Super Dog (10wf)
    Take Cover: Basic Action Card
    1x 34sww
    """
    team = import_text(text, lookup, "<test>")
    assert team.name == "Mixed bag"
    assert [(c.ref, c.dice) for c in team.cards] == [("5sww", 4), ("9sww", 2), ("19sww", 3), ("10wf", 1)]
    # "Take Cover" is printed in several sets: the name finds one of them.
    assert lookup.resolve(team.basic_actions[0]).full_name == "Take Cover: Basic Action Card"
    assert team.basic_actions[1] == "34sww"


@pytest.mark.parametrize("form", EXPORT_FORMATS)
def test_every_export_form_round_trips(lookup: CardLookup, form: str) -> None:
    team = read_team_file(REPO / "data" / "teams" / "standard-bat-family.yaml")
    exported = export_team(team, form, lookup)
    again = import_team(exported, lookup)
    assert [(c.ref, c.dice) for c in again.cards] == [(c.ref, c.dice) for c in team.cards]
    assert again.basic_actions == team.basic_actions
    assert again.name == team.name
    if form != "link":  # links do not carry the format
        assert again.format == team.format


def test_unknown_cards_survive_a_yaml_round_trip(lookup: CardLookup, tmp_path: Path) -> None:
    text = "name: x\ncards:\n  - {code: Nobody: Special, dice: 2}\nbasic_actions: []\n"
    team = import_text(text.replace("Nobody: Special", '"Nobody: Special"'), lookup, "<t>")
    assert import_text(export_team(team, "yaml", lookup), lookup, "<t>") == team


def test_unreadable_team_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: x\ncards:\n  - {code: 5sww, dice: four}\n")
    with pytest.raises(TeamFileError, match=r"bad.yaml:3: cards: 5sww: dice must be a whole number"):
        read_team_file(path)


def test_stats_of_the_reference_team(lookup: CardLookup) -> None:
    team = read_team_file(REPO / "data" / "teams" / "standard-bat-family.yaml")
    stats = team_stats(team, lookup)
    assert (stats.cards, stats.dice, stats.characters, stats.actions) == (8, 20, 7, 1)
    assert sum(stats.dice_by_energy.values()) == 20
    assert sum(stats.cost_curve.values()) == 20
    assert stats.affiliations["batman_family"] == 7
    assert [lv["level"] for lv in stats.levels] == [1, 2, 3]
    # 8 Sidekicks give 8/6 wild faces out of 28 dice; 4 dice a roll.
    assert stats.expected_energy_per_roll["wild"] == round(8 / 6 / 28 * 4, 3)
    assert sum(v for k, v in stats.expected_energy_per_roll.items()) < 4


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_validate_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    legal = str(REPO / "data" / "teams" / "standard-bat-family.yaml")
    assert run(capsys, "team", "validate", legal)[0] == 0
    code, out, _ = run(capsys, "team", "validate", legal, "--format", "casual", "--json")
    report = json.loads(out)
    assert code == 1 and report["legal"] is False and report["violations"][0]["rule"] == "too-many-dice"
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [\n")
    code, _, err = run(capsys, "team", "validate", str(broken))
    assert code == 2 and err.startswith(f"teambuilder: {broken}:") and len(err.splitlines()) == 1
    code, _, err = run(capsys, "team", "validate", legal, "--format", "sealed")
    assert code == 2 and "unknown format 'sealed'" in err


def test_cli_import_export_stats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "team.yaml"
    code, out, _ = run(capsys, "team", "import", LINK, "-o", str(target))
    assert code == 0 and "2 cards, 6 dice, 2 basic actions" in out
    code, out, _ = run(capsys, "team", "export", str(target), "--to", "link")
    assert code == 0 and "cards=4x5sww;2x9sww;1x31sww;1x34sww" in out
    code, out, _ = run(capsys, "team", "stats", str(target), "--json")
    assert code == 0 and json.loads(out)["dice_by_energy"] == {"mask": 4, "fist": 2}


def test_yaml_keeps_a_format_key_yaml_would_misread_and_reports_bad_characters() -> None:
    from teambuilder.teams.model import Team
    from teambuilder.teams.team_file import TeamFileError, parse_yaml_team, to_yaml

    for key in ("standard", "yes", "123", "a: b"):
        team = Team(name="t", format=key)
        assert parse_yaml_team(to_yaml(team), "t.yaml") == team
    assert "format: standard\n" in to_yaml(Team(name="t"))
    with pytest.raises(TeamFileError, match=r"^t\.yaml:1: invalid YAML: the character U\+007F is not allowed"):
        parse_yaml_team("name: a\x7f", "t.yaml")


@pytest.mark.parametrize("source, message", [
    ("my-team.yaml", "teambuilder: my-team.yaml: no such file"),
    ("./teams/x.txt", "teambuilder: ./teams/x.txt: no such file"),
    ("https://dicecoalition.com/teambuilder/?team=42", "a web address but not a team link"),
])
def test_a_mistyped_file_or_a_page_address_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          source: str, message: str) -> None:
    target = tmp_path / "team.yaml"
    code, _, err = run(capsys, "team", "import", source, "-o", str(target))
    assert code == 2 and message in err and len(err.splitlines()) == 1
    assert not target.exists()


def test_a_one_line_text_list_is_still_a_team(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "team.yaml"
    code, out, _ = run(capsys, "team", "import", "2x Beast: Big Boy Blue", "-o", str(target))
    assert code == 0 and "1 cards, 2 dice" in out and target.exists()
