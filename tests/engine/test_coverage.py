"""Engine status per card is derived from the data: full, partial or none."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from typing import Any

from teambuilder.engine.coverage import coverage, needs_abilities, needs_script, report
from teambuilder.engine.scenario_cards import inline_card
from tests.conftest import REPO


def card(text: str, keywords: tuple[str, ...] = (), abilities: Any = None) -> Any:
    return inline_card("1test", {"name": "Probe", "levels": [[1, 1, 1]], "energy": ["mask"], "text": text,
                                  "keywords": list(keywords), "abilities": abilities})


def test_keyword_only_and_blank_cards_need_no_abilities() -> None:
    assert not needs_abilities(card("No ability."))
    assert not needs_abilities(card("Iron Will. Overcrush.", ("iron_will", "overcrush")))
    assert needs_abilities(card("Overcrush. On field: deal 1 damage to your opponent.", ("overcrush",)))


def test_statuses() -> None:
    ability = [{"trigger": "fielded", "effects": [{"do": "damage", "to": "opponent", "amount": 1}]}]
    assert coverage(card("On field: deal 1 damage.", abilities=ability)).status == "full"
    assert coverage(card("Fast.", ("fast",))).status == "full"
    assert coverage(card("On field: deal 1 damage.")).status == "none"
    partial = coverage(card("On field: something odd.", abilities=[dict(ability[0], unsupported="odd timing")]))
    assert (partial.status, partial.missing) == ("partial", ("ability 1: odd timing",))
    scripted = [{"trigger": "fielded", "script": "no-such-script"}]
    assert coverage(card("On field: magic.", abilities=scripted)).status == "partial"


def test_suit_up_plays_the_characters_its_text_names() -> None:
    assert coverage(card("Suit Up (Pepper Potts or Rescue).", ("suit_up",))).status == "full"
    unnamed = coverage(card("Suit Up.", ("suit_up",)))
    assert (unnamed.status, unnamed.missing) == ("partial", ("keyword suit_up: its text does not say what it needs",))


def test_report_counts_per_set() -> None:
    result = report([card("No ability."), card("On field: deal 1 damage.")])
    assert result["sets"] == [{"set": "test", "cards": 2, "full": 1, "partial": 0, "none": 1, "scripted": 0}]


def test_a_card_needs_a_script_when_any_ability_names_one() -> None:
    plain = card("On field: deal 1 damage.",
                 abilities=[{"trigger": "fielded", "effects": [{"do": "damage", "to": "opponent", "amount": 1}]}])
    by_key = card("On field: magic.", abilities=[{"trigger": "fielded", "script": "keyword:call_out"}])
    by_effect = card("On field: magic.", abilities=[
        {"trigger": "fielded", "effects": [{"do": "script", "name": "57wf"}]}])
    in_a_mode = card("Choose one.", abilities=[{"trigger": "fielded", "modes": [
        [{"do": "damage", "to": "opponent", "amount": 1}], [{"do": "script", "name": "57wf"}]]}])
    assert [needs_script(c) for c in (plain, by_key, by_effect, in_a_mode)] == [False, True, True, True]
    assert coverage(by_key).scripted and not coverage(plain).scripted
    assert coverage(by_key).to_dict()["scripted"] is True


def test_report_totals_over_every_set() -> None:
    scripted = card("On field: magic.", abilities=[{"trigger": "fielded", "script": "keyword:call_out"}])
    other = replace(inline_card("2oth", {"name": "Other", "levels": [[1, 1, 1]], "energy": ["fist"],
                                         "text": "On field: x."}), set_code="oth")
    result = report([card("No ability."), scripted, other])
    assert result["sets"] == [{"set": "test", "cards": 2, "full": 2, "partial": 0, "none": 0, "scripted": 1},
                              {"set": "oth", "cards": 1, "full": 0, "partial": 0, "none": 1, "scripted": 0}]
    assert result["total"] == {"cards": 3, "full": 2, "partial": 0, "none": 1, "scripted": 1}


def test_cli_reports_every_card_of_the_four_rulebook_sets() -> None:
    done = subprocess.run([sys.executable, "-m", "teambuilder", "cards", "coverage", "--json"],
                          capture_output=True, text=True, cwd=REPO, check=True)
    result = json.loads(done.stdout)
    assert {row["set"] for row in result["sets"]} >= {"sww", "wf", "xmf", "wwe"}
    assert sum(row["cards"] for row in result["sets"]) == len(result["cards"])
    cheetah = next(c for c in result["cards"] if c["code"] == "5sww")
    assert cheetah["status"] == "full"
    assert not cheetah["scripted"]
    total = result["total"]
    for key in ("cards", "full", "partial", "none", "scripted"):
        assert total[key] == sum(row[key] for row in result["sets"])
    assert total["scripted"] == sum(c["scripted"] for c in result["cards"]) > 0


def test_cli_table_ends_with_a_totals_row() -> None:
    done = subprocess.run([sys.executable, "-m", "teambuilder", "cards", "coverage"],
                          capture_output=True, text=True, cwd=REPO, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["set", "cards", "full", "partial", "none", "script"]
    total = lines[-1].split()
    rows = [line.split() for line in lines[1:-1]]
    assert total[0] == "total"
    assert [int(n) for n in total[1:]] == [sum(int(row[i]) for row in rows) for i in range(1, 6)]
