"""Random teams (issue 25): 200 seeds give 200 distinct legal teams in every format, a seed
always gives the same team, and --owned never uses a card (or a die) the user lacks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from teambuilder.teams.formats import load_formats
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.random_team import Owned, TeamDrawer
from teambuilder.teams.team_file import read_team_file
from teambuilder.teams.validator import ERROR, validate
from tests.fuzz.conftest import run_cli

SHIPPED = sorted(load_formats(Path(__file__).resolve().parents[2] / "data" / "cards" / "formats.yaml"))


@pytest.mark.parametrize("key", SHIPPED)
def test_200_seeds_give_200_distinct_legal_teams(key: str, catalogue) -> None:  # type: ignore[no-untyped-def]
    fmt = load_formats()[key]
    lookup = CardLookup(catalogue)
    drawer = TeamDrawer(catalogue.search(""), fmt, lookup)
    teams = set()
    for seed in range(200):
        team = drawer.draw(random.Random(seed), "t")
        assert not [v for v in validate(team, fmt, lookup) if v.severity == ERROR], (key, seed)
        assert len(team.cards) == fmt.max_cards
        teams.add((frozenset(team.cards), frozenset(team.basic_actions)))
    assert len(teams) == 200


def test_random_teams_lean_toward_affordable_characters(catalogue) -> None:  # type: ignore[no-untyped-def]
    fmt = load_formats()["modern_era"]
    lookup = CardLookup(catalogue)
    drawer = TeamDrawer(catalogue.search(""), fmt, lookup)
    costs = []
    for seed in range(100):
        team = drawer.draw(random.Random(seed), "t")
        cards = [lookup.resolve(entry.ref) for entry in team.cards]
        assert sum(1 for c in cards if c is not None and c.cost >= 6) <= 2
        costs.extend(c.cost for c in cards if c is not None)
    assert sum(costs) / len(costs) < 4.5


def test_the_same_seed_gives_the_same_team_file(tmp_path: Path) -> None:
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    assert run_cli("team", "random", "--format", "modern_era", "--seed", "11", "-o", str(first)).code == 0
    assert run_cli("team", "random", "--format", "modern_era", "--seed", "11", "-o", str(second)).code == 0
    assert first.read_bytes() == second.read_bytes()
    assert run_cli("team", "validate", str(first)).code == 0


def test_owned_teams_use_only_what_you_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           catalogue) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TEAMBUILDER_USER_DIR", str(tmp_path / "user"))
    rng = random.Random(3)
    pool = [c for c in catalogue.search("set:ig or set:dps") if c.kind != "basic_action"]
    mine = rng.sample(pool, 40)
    basics = [c for c in catalogue.search("set:ig kind:basic_action")][:3]
    rows = [f"{card.code},,1,{rng.randint(1, 2)},0,0" for card in mine] + [f"{c.code},,1,,0,0" for c in basics]
    source = tmp_path / "mine.csv"
    source.write_text("code,name,cards,dice,foils,want\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert run_cli("collection", "import", str(source)).code == 0
    owned = {card.code for card in mine} | {card.code for card in basics}
    shown = run_cli("collection", "export", "--to", "csv").out.splitlines()[1:]
    dice_of = {line.split(",")[0]: int(line.rsplit(",", 3)[1]) for line in shown}
    for seed in range(5):
        path = tmp_path / f"t{seed}.yaml"
        run = run_cli("team", "random", "--format", "modern_era", "--owned", "--seed", str(seed), "-o", str(path))
        assert run.code == 0, run.err
        team = read_team_file(path)
        assert {entry.ref for entry in team.cards} <= owned
        assert set(team.basic_actions) <= owned
        assert all(entry.dice <= dice_of[entry.ref] for entry in team.cards)


def test_owned_with_nothing_owned_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEAMBUILDER_USER_DIR", str(tmp_path / "user"))
    run = run_cli("team", "random", "--format", "modern_era", "--owned", "-o", str(tmp_path / "t.yaml"))
    assert run.code == 1 and "you own" in run.err and not (tmp_path / "t.yaml").exists()


def test_owned_draws_from_the_collection_object(catalogue) -> None:  # type: ignore[no-untyped-def]
    fmt = load_formats()["standard"]
    cards = catalogue.search("set:sww")
    owned = Owned(cards={c.code: 1 for c in cards}, dice={c.code: 1 for c in cards})
    team = TeamDrawer(catalogue.search(""), fmt, CardLookup(catalogue), owned).draw(random.Random(1), "t")
    assert all(entry.dice == 1 and entry.ref.endswith("sww") for entry in team.cards)
