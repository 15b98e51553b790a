"""The validator: a legal team, one illegal team per rule, the rulebook demo teams."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from teambuilder.teams.formats import load_formats
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team, TeamCard
from teambuilder.teams.team_file import read_team_file
from teambuilder.teams.validator import ERROR, validate
from tests.conftest import REPO

TEAMS = REPO / "data" / "teams"
FORMATS = load_formats(REPO / "data" / "cards" / "formats.yaml")


@pytest.fixture(scope="module")
def lookup(catalogue) -> CardLookup:  # type: ignore[no-untyped-def]
    return CardLookup(catalogue)


@pytest.fixture(scope="module")
def legal() -> Team:
    return read_team_file(TEAMS / "standard-bat-family.yaml")


def errors(team: Team, lookup: CardLookup, fmt: str = "standard") -> list[tuple[str, tuple[str, ...]]]:
    return [(v.rule, v.cards) for v in validate(team, FORMATS[fmt], lookup) if v.severity == ERROR]


def test_the_reference_team_is_legal_without_warnings(legal: Team, lookup: CardLookup) -> None:
    assert validate(legal, FORMATS["standard"], lookup) == []


@pytest.mark.parametrize("path", sorted(TEAMS.glob("*-demo-*.yaml")), ids=lambda p: p.stem)
def test_rulebook_demo_teams_are_legal_demo_teams(path: Path, lookup: CardLookup) -> None:
    team = read_team_file(path)
    assert team.format == "demo"
    assert errors(team, lookup, "demo") == []


@pytest.mark.parametrize("path", sorted(TEAMS.glob("modern-*.yaml")), ids=lambda p: p.stem)
def test_modern_era_reference_teams_are_full_legal_tournament_teams(path: Path, lookup: CardLookup) -> None:
    """8 cards, 20 dice, 2 basic actions, all from the Modern Era sets: nothing to warn about."""
    team = read_team_file(path)
    assert team.format == "modern_era"
    assert validate(team, FORMATS["modern_era"], lookup) == []


def test_there_are_four_modern_era_reference_teams_one_per_set() -> None:
    sets = {card.ref.lstrip("0123456789") for path in TEAMS.glob("modern-*.yaml")
            for card in read_team_file(path).cards}
    assert len(list(TEAMS.glob("modern-*.yaml"))) >= 4 and sets >= {"ig", "dps", "skc", "msw"}


def swap(team: Team, index: int, card: TeamCard) -> Team:
    cards = list(team.cards)
    cards[index] = card
    return replace(team, cards=tuple(cards))


def test_more_than_eight_cards(legal: Team, lookup: CardLookup) -> None:
    team = replace(legal, cards=legal.cards[:7] + (TeamCard("36wf", 1), TeamCard("40wf", 1)))
    team = swap(team, 0, TeamCard("1wf", 2))
    assert [rule for rule, _ in errors(team, lookup)] == ["too-many-cards"]


def test_more_dice_than_the_format_allows(legal: Team, lookup: CardLookup) -> None:
    team = swap(legal, 2, TeamCard("35wf", 4))
    found = validate(team, FORMATS["standard"], lookup)
    assert [(v.rule, v.severity) for v in found] == [("too-many-dice", ERROR)]
    assert "21 dice; Standard tournament allows 20" in found[0].message and "remove 1 dice" in found[0].fix
    assert errors(legal, lookup, "casual") == [("too-many-dice", tuple(c.ref for c in legal.cards))]


def test_card_with_zero_dice(legal: Team, lookup: CardLookup) -> None:
    assert errors(swap(legal, 1, TeamCard("5wf", 0)), lookup) == [("zero-dice", ("5wf",))]


def test_more_dice_than_the_card_allows(legal: Team, lookup: CardLookup) -> None:
    team = replace(legal, cards=(TeamCard("139wf", 2),) + legal.cards[1:])  # Black Lantern Anti-Monitor: max 1
    assert ("over-max-dice", ("139wf",)) in errors(team, lookup)


def test_two_cards_with_the_same_name(legal: Team, lookup: CardLookup) -> None:
    team = swap(legal, 1, TeamCard("Batman: Terror of Crime Alley", 2))
    assert errors(team, lookup) == [("duplicate-name", ("1wf", "2wf"))]


def test_basic_action_count_and_duplicates(legal: Team, lookup: CardLookup) -> None:
    assert errors(replace(legal, basic_actions=("26wf",)), lookup) == [("basic-action-count", ("26wf",))]
    assert errors(replace(legal, basic_actions=("32wf", "70xmf")), lookup) == [
        ("duplicate-basic-action", ("32wf", "70xmf"))]  # Too Big To Fly in two sets


def test_basic_action_among_cards_and_character_among_basic_actions(legal: Team, lookup: CardLookup) -> None:
    team = swap(legal, 7, TeamCard("31sww", 2))
    assert errors(team, lookup) == [("basic-action-in-cards", ("31sww",))]
    team = replace(legal, basic_actions=("26wf", "5sww"))
    assert errors(team, lookup) == [("not-basic-action", ("5sww",))]


def test_unknown_card_suggests_the_closest(legal: Team, lookup: CardLookup) -> None:
    team = swap(legal, 1, TeamCard("Catwomen: Former Burglar", 2))
    found = [v for v in validate(team, FORMATS["standard"], lookup) if v.rule == "unknown-card"]
    assert found[0].cards == ("Catwomen: Former Burglar",)
    assert "Catwoman: Former Burglar (5wf)" in found[0].fix


def test_card_pool_and_bans(legal: Team, lookup: CardLookup) -> None:
    pool = replace(FORMATS["standard"], name="SWW only", sets=frozenset({"sww"}), banned=frozenset({"1wf"}))
    rules = [(v.rule, v.cards) for v in validate(legal, pool, lookup) if v.severity == ERROR]
    assert ("not-in-pool", ("1wf",)) in rules and ("banned", ("1wf",)) in rules
    assert sum(1 for rule, _ in rules if rule == "not-in-pool") == 10


def test_warnings_for_a_small_team(legal: Team, lookup: CardLookup) -> None:
    team = replace(legal, cards=legal.cards[:3])
    found = validate(team, FORMATS["standard"], lookup)
    assert [(v.rule, v.severity) for v in found] == [("fewer-cards", "warning"), ("fewer-dice", "warning")]
    assert "3 of 8 cards" in found[0].message and "9 of 20 dice" in found[1].message


def test_broken_formats_file_reports_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "formats.yaml"
    path.write_text("formats:\n  quick:\n    name: Quick\n    max_cards: many\n    max_dice: 10\n"
                    "    basic_action_dice: 3\n    life: -1\n    basic_actions: {min: 2, max: two}\n")
    from teambuilder.teams.formats import FormatError

    with pytest.raises(FormatError) as raised:
        load_formats(path)
    assert str(raised.value).splitlines() == [
        f"{path}:4: max_cards: expected a whole number, got 'many'",
        f"{path}:8: max: expected a whole number, got 'two'",
        f"{path}:7: life: expected a whole number, got -1",
    ]
