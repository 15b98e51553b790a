"""The command-line contract: output lines, JSON shapes, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from teambuilder import __version__
from teambuilder.catalogue.repository import Catalogue
from teambuilder.cli import main
from teambuilder.engine.coverage import coverage
from tests.conftest import REPO


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_search_prints_one_card_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "search", "set:sww")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 34
    assert lines[4] == "5sww  Cheetah: Goddess of the Hunt"


def test_search_json_matches_the_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "search", "kw:overcrush", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["cards"]) > 0
    assert all("overcrush" in card["keywords"] for card in data["cards"])


def test_show_json_is_cheetah(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "5sww", "--json")
    card = json.loads(out)
    assert code == 0
    assert (card["name"], card["subtitle"], card["cost"]) == ("Cheetah", "Goddess of the Hunt", 4)
    assert card["levels"][0] == {"level": 1, "fielding": 1, "attack": 4, "defense": 2, "burst": 0}


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "show", "24wf")
    assert code == 0
    assert out.splitlines()[0] == "24wf  Superman: Super-Strength"
    assert "keywords: Iron Will, Overcrush" in out


def test_bad_input_is_one_line_without_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "search", "cost<=x")
    assert code == 2 and out == ""
    assert err.strip() == "teambuilder: bad query at column 1 ('cost<=x'): cost: expected a number, got 'x'"
    code, _, err = run(capsys, "cards", "show", "99zzz")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "no card with code '99zzz'" in err


def test_catalogue_check_lists_every_problem_and_exits_1(capsys: pytest.CaptureFixture[str], cards_copy: Path) -> None:
    broken = cards_copy / "sww.yaml"
    text = broken.read_text().replace("energy: [mask]", "energy: [mask, goo]", 1)
    broken.write_text(text.replace("max_dice: 4", "max_dice: 0", 1))
    code, out, err = run(capsys, "catalogue", "check", str(cards_copy))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert all(line.startswith(f"{broken}:") for line in lines)
    assert "energy: unknown energy type 'goo'" in out and "max_dice: must be at least 1, got 0" in out
    assert "1 file(s) skipped, 4045 cards in 68 file(s) loaded" in err


def test_catalogue_check_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "check")
    assert code == 0 and out.strip() == "ok: 4079 cards in 69 set file(s)"


def test_catalogue_build_forces_a_rebuild(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "catalogue", "build")
    assert code == 0 and out.startswith("built ") and out.strip().endswith("4079 cards")
    assert "indexing 4079 cards" in err


def test_console_script_version() -> None:
    script = Path(sys.executable).parent / "teambuilder"
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, cwd=REPO, check=False)
    assert result.returncode == 0 and result.stdout.strip() == f"teambuilder {__version__}"


def test_search_engine_full_lists_the_cards_the_engine_plays_fully(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "search", "engine:full set:sww")
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines()]
    catalogue = Catalogue.open()
    expected = [c.code for c in catalogue.search("set:sww") if coverage(c).status == "full"]
    not_full = [c.code for c in catalogue.search("") if coverage(c).status != "full"][:1]
    catalogue.close()
    assert listed == expected and listed
    code, out, _ = run(capsys, "cards", "search", f"engine:full code:{not_full[0]}")
    assert (code, out) == (0, "")


def test_search_engine_bogus_is_one_line_with_the_column(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "search", "set:sww engine:bogus")
    assert code == 2 and out == ""
    assert err.strip() == ("teambuilder: bad query at column 9 ('engine:bogus'): engine: unknown engine "
                           "status 'bogus' (one of full, partial, none)")
