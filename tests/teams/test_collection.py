"""The collection (issue 25), through the commands a user runs: set, show, import, export,
missing. Each test has a library of its own (a fresh user folder)."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest

from teambuilder.teams.team_file import read_team_file
from tests.fuzz.conftest import Run, run_cli


@pytest.fixture(autouse=True)
def own_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    user = tmp_path / "user"
    monkeypatch.setenv("TEAMBUILDER_USER_DIR", str(user))
    return user


def ok(*argv: str) -> Run:
    run = run_cli(*argv)
    assert run.code == 0, run.err
    return run


def exported(kind: str = "csv") -> str:
    return ok("collection", "export", "--to", kind).out


def test_a_cards_dice_are_shared_with_the_other_cards_of_its_character() -> None:
    ok("collection", "set", "5sww", "--cards", "2", "--dice", "3")
    rows = list(csv.DictReader(io.StringIO(exported())))
    cheetahs = {row["code"]: row for row in rows}
    assert cheetahs["5sww"]["cards"] == "2" and cheetahs["5sww"]["dice"] == "3"
    # 4sww and 6sww are other Cheetah cards of sww: the same physical die.
    assert cheetahs["4sww"]["dice"] == "3" and cheetahs["4sww"]["cards"] == "0"
    ok("collection", "set", "6sww", "--dice", "1")
    assert json.loads(exported("json"))["cards"][0]["code"] in {"4sww", "5sww", "6sww"}
    assert {c["code"]: c["dice"] for c in json.loads(exported("json"))["cards"]}["5sww"] == 1


def test_500_rows_survive_import_then_export(tmp_path: Path, catalogue) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(25)
    cards = [card for card in catalogue.search("") if card.kind != "basic_action"]
    chosen = rng.sample(cards, 500)
    dice: dict[tuple[str, str], int] = {}
    rows = [["code", "name", "cards", "dice", "foils", "want"]]
    for card in chosen:
        die = (card.set_code, card.name.lower())
        dice.setdefault(die, rng.randint(0, 9))          # siblings must agree on their die
        rows.append([card.code, card.full_name, str(rng.randint(0, 5)), str(dice[die]),
                     str(rng.randint(0, 2)), str(rng.randint(0, 3))])
    source = tmp_path / "mine.csv"
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    source.write_text(text.getvalue(), encoding="utf-8")
    ok("collection", "import", str(source))
    first = exported()
    got = {row["code"]: row for row in csv.DictReader(io.StringIO(first))}
    for values in rows[1:]:
        if any(v != "0" for v in values[2:]):
            row = got[values[0]]
            assert [row["cards"], row["dice"], row["foils"], row["want"]] == values[2:], values[0]
    # And back again, in both formats: nothing changes.
    (tmp_path / "again.csv").write_text(first, encoding="utf-8")
    (tmp_path / "again.json").write_text(exported("json"), encoding="utf-8")
    ok("collection", "import", str(tmp_path / "again.csv"))
    assert exported() == first
    ok("collection", "import", str(tmp_path / "again.json"))
    assert exported() == first


def test_a_file_with_bad_rows_imports_nothing_and_names_each_line(tmp_path: Path) -> None:
    ok("collection", "set", "5sww", "--cards", "1")
    before = exported()
    bad = tmp_path / "bad.csv"
    bad.write_text("code,name,cards,dice,foils,want\n9sww,,1,2,0,0\nnope1,,1,0,0,0\n5sww,,-3,0,0,0\n"
                   "6sww,,99999999999,0,0,0\n", encoding="utf-8")
    run = run_cli("collection", "import", str(bad))
    assert run.code == 1
    assert f"{bad}:3: unknown card code 'nope1'" in run.err
    assert f"{bad}:4: cards:" in run.err and f"{bad}:5: cards:" in run.err
    assert "Traceback" not in run.err
    assert exported() == before                       # all or nothing


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"", b"code\n", b"{\"cards\": 5}", b"[1, 2]",
                                     b"code,name\n\"unterminated\n"])
def test_unreadable_collection_files_get_one_line_and_exit_2(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "c.csv"
    path.write_bytes(content)
    run = run_cli("collection", "import", str(path))
    assert run.code in (1, 2), run.err
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert lines and all(line.startswith("teambuilder: ") for line in lines) and "Traceback" not in run.err
    assert str(path) in run.err


def test_a_folder_is_not_a_collection_file(tmp_path: Path) -> None:
    run = run_cli("collection", "import", str(tmp_path))
    assert run.code == 2 and str(tmp_path) in run.err and len(run.err.splitlines()) == 1


def test_prep_area_exports_are_read(tmp_path: Path) -> None:
    export = tmp_path / "collection-export.csv"
    export.write_text('"Set","Character","Card Name","Cards Owned","Foils Owned","Dice Owned"\r\n'
                      '"Superman/Wonder Woman Starter Set","Cheetah","Goddess of the Hunt","2","1","4"\r\n',
                      encoding="utf-8")
    ok("collection", "import", str(export))
    row = next(r for r in csv.DictReader(io.StringIO(exported())) if r["code"] == "5sww")
    assert (row["cards"], row["foils"], row["dice"]) == ("2", "1", "4")


def test_missing_lists_what_the_team_lacks(tmp_path: Path) -> None:
    team = Path(__file__).resolve().parents[2] / "data" / "teams" / "sww-demo-first.yaml"
    run = run_cli("collection", "missing", str(team))
    assert run.code == 1
    needed = [line for line in run.out.splitlines() if line.strip()]
    assert needed and all("the card" in line for line in needed)
    # Own everything the team names, with enough dice: nothing is missing any more.
    parsed = read_team_file(team)
    for entry in parsed.cards:
        ok("collection", "set", entry.ref, "--cards", "1", "--dice", str(entry.dice))
    for ref in parsed.basic_actions:
        ok("collection", "set", ref, "--cards", "1")
    assert run_cli("collection", "missing", str(team)).code == 0
    ok("collection", "set", parsed.cards[0].ref, "--dice", str(parsed.cards[0].dice - 1))
    short = run_cli("collection", "missing", str(team))
    assert short.code == 1 and "1 more die (need" in short.out


def test_show_filters_by_a_query_and_bad_counts_are_refused() -> None:
    ok("collection", "set", "5sww", "--cards", "1")
    ok("collection", "set", "1avx", "--cards", "1")
    shown = ok("collection", "show", "set:sww", "--json").out
    assert [c["code"] for c in json.loads(shown)["cards"]] == ["5sww"]
    refused = run_cli("collection", "set", "5sww", "--cards", "-2")
    assert refused.code == 2 and "cards" in refused.err
    assert run_cli("collection", "set", "5sww").code == 2


def test_search_finds_exactly_the_owned_cards_of_a_set(catalogue) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(7)
    sww = [card.code for card in catalogue.search("set:sww")]
    mine = sorted(rng.sample(sww, 9))
    for code in mine:
        ok("collection", "set", code, "--cards", str(rng.randint(1, 3)))
    ok("collection", "set", "5avx", "--cards", "1")              # owned, but another set
    ok("collection", "set", sww[0] if sww[0] not in mine else sww[-1], "--want", "2")   # wanted only
    found = [line.split()[0] for line in ok("cards", "search", "owned>0 set:sww").out.splitlines()]
    assert sorted(found) == mine
    assert len(ok("cards", "search", "set:sww -owned:yes").out.splitlines()) == len(sww) - len(mine)
    wanted = [line.split()[0] for line in ok("cards", "search", "want:yes").out.splitlines()]
    assert wanted == [sww[0] if sww[0] not in mine else sww[-1]]
    dice = ok("cards", "search", "dice_owned>=1 set:sww").out
    assert dice == ""
    ok("collection", "set", "5sww", "--dice", "2")
    shared = [line.split()[0] for line in ok("cards", "search", "dice_owned>=2").out.splitlines()]
    assert "5sww" in shared and "4sww" in shared                  # the die the Cheetah cards share


def test_bad_collection_terms_point_at_their_column() -> None:
    run = run_cli("cards", "search", "set:sww owned>lots")
    assert run.code == 2 and "column 9" in run.err and "owned" in run.err
    run = run_cli("cards", "search", "want>yes")
    assert run.code == 2 and "want" in run.err
