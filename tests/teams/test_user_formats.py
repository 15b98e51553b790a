"""User format lists (issue 25): a file in the user's formats folder adds or overrides
formats; a bad one is refused with file:line and never breaks the shipped formats."""

from __future__ import annotations

from pathlib import Path

import pytest

from teambuilder.teams.formats import load_formats
from tests.fuzz.conftest import run_cli

REPO = Path(__file__).resolve().parents[2]
LEAGUE = """formats:
  league:
    # our Tuesday league
    name: Tuesday league
    max_cards: 8
    max_dice: 20
    basic_actions: {min: 2, max: 2}
    basic_action_dice: 3
    life: 20
    sets: [sww, wf]
    banned: [5sww]
"""
BAD = LEAGUE.replace("max_cards: 8", "max_cards: eight").replace("banned: [5sww]", "banned: 5")


@pytest.fixture(autouse=True)
def own_user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    user = tmp_path / "user"
    monkeypatch.setenv("TEAMBUILDER_USER_DIR", str(user))
    return user


def test_an_imported_format_is_used_by_validate(tmp_path: Path, own_user_folder: Path) -> None:
    source = tmp_path / "league.yaml"
    source.write_text(LEAGUE, encoding="utf-8")
    run = run_cli("formats", "import", str(source))
    assert run.code == 0, run.err
    assert "adds league: Tuesday league" in run.out
    installed = own_user_folder / "formats" / "league.yaml"
    assert installed.read_text(encoding="utf-8") == LEAGUE          # kept as written, comments too
    team = REPO / "data" / "teams" / "standard-x-men.yaml"
    judged = run_cli("team", "validate", str(team), "--format", "league")
    assert judged.code == 1 and "Tuesday league" in judged.out and "not-in-pool" in judged.out
    listed = run_cli("formats", "list")
    assert "league" in listed.out and "yours (league.yaml)" in listed.out


def test_a_bad_format_file_is_refused_line_by_line_and_nothing_is_installed(tmp_path: Path,
                                                                            own_user_folder: Path) -> None:
    source = tmp_path / "bad.yaml"
    source.write_text(BAD, encoding="utf-8")
    run = run_cli("formats", "import", str(source))
    assert run.code == 2
    assert f"{source}:5: max_cards: expected a whole number, got 'eight'" in run.err
    assert f"{source}:11: banned: expected a list of card codes" in run.err
    assert "Traceback" not in run.err
    assert not (own_user_folder / "formats").exists() or not list((own_user_folder / "formats").iterdir())


def test_a_broken_user_file_is_left_out_and_the_shipped_formats_still_work(own_user_folder: Path) -> None:
    folder = own_user_folder / "formats"
    folder.mkdir(parents=True)
    (folder / "broken.yaml").write_text(BAD, encoding="utf-8")
    (folder / "league.yaml").write_text(LEAGUE, encoding="utf-8")
    formats = load_formats()
    assert "standard" in formats and "league" in formats
    team = REPO / "data" / "teams" / "standard-x-men.yaml"
    assert run_cli("team", "validate", str(team)).code == 0
    listed = run_cli("formats", "list")
    assert listed.code == 1 and "broken.yaml:5: max_cards" in listed.err


def test_a_user_format_overrides_a_shipped_one_of_the_same_key(own_user_folder: Path) -> None:
    folder = own_user_folder / "formats"
    folder.mkdir(parents=True)
    (folder / "casual.yaml").write_text(LEAGUE.replace("league:", "casual:"), encoding="utf-8")
    assert load_formats()["casual"].name == "Tuesday league"
    shown = run_cli("formats", "show", "casual", "--json")
    assert '"name": "Tuesday league"' in shown.out


def test_the_community_formats_are_shipped() -> None:
    formats = load_formats()
    assert "31uxm" in formats["global_escalation"].banned and formats["global_escalation"].sets is None
    north = formats["roll_for_the_north"]
    assert north.sets is not None and "avx" not in north.sets and "ig" in north.sets and "ai" in north.sets


def test_legal_and_banned_search_terms_follow_the_formats(tmp_path: Path, own_user_folder: Path) -> None:
    banned = run_cli("cards", "search", "banned:golden_era")
    assert sorted(line.split()[0] for line in banned.out.splitlines()) == sorted(
        ["31uxm", "119ygo", "63ygo", "28uxm", "3bff"])
    legal = [line.split()[0] for line in run_cli("cards", "search", "legal:modern_era cost:4").out.splitlines()]
    assert legal and all(code.rstrip("0123456789") == "" or code.lstrip("0123456789") in
                         {"ig", "m2020", "dps", "m2022", "skc", "msw"} for code in legal)
    assert "31uxm" not in run_cli("cards", "search", "set:uxm legal:golden_era").out
    assert "31uxm" in run_cli("cards", "search", "set:uxm -legal:golden_era").out
    folder = own_user_folder / "formats"
    folder.mkdir(parents=True)
    (folder / "league.yaml").write_text(LEAGUE, encoding="utf-8")         # a user's format joins in
    league = [line.split()[0] for line in run_cli("cards", "search", "legal:league").out.splitlines()]
    assert league and "5sww" not in league and all(c.endswith(("sww", "wf")) for c in league)
    wrong = run_cli("cards", "search", "set:sww legal:modrn")
    assert wrong.code == 2 and "column 9" in wrong.err and "modern_era" in wrong.err
