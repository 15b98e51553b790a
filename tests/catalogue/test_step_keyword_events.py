"""The general trigger's step and keyword events: what ``on:`` turns them into."""

from __future__ import annotations

import pytest

from teambuilder.catalogue.abilities import AbilityError, Condition, parse_ability

GAIN = [{"do": "gain_life", "amount": 1}]


def test_a_step_event_names_its_step_as_a_condition() -> None:
    ability = parse_ability({"on": {"event": "step_ends", "filter": {"step": "clear_and_draw"}}, "effects": GAIN})
    assert ability.trigger == "step_ends" and ability.when is None
    assert ability.conditions == (Condition("event_step", value="clear_and_draw"),)


def test_a_step_event_without_a_filter_is_every_step() -> None:
    ability = parse_ability({"on": {"event": "step_begins"}, "if": {"turn": "yours"}, "effects": GAIN})
    assert ability.trigger == "step_begins"
    assert [c.kind for c in ability.conditions] == ["turn"]


@pytest.mark.parametrize("bad", [{"step": "lunch"}, {"owner": "you"}, {"step": "main", "owner": "you"}])
def test_a_step_event_filter_is_a_step(bad: dict[str, str]) -> None:
    with pytest.raises(AbilityError):
        parse_ability({"on": {"event": "step_begins", "filter": bad}, "effects": GAIN})


def test_keyword_used_splits_the_keyword_from_the_die_filter() -> None:
    ability = parse_ability({"on": {"event": "keyword_used", "filter": {"keyword": "tag_out", "owner": "opponent"}},
                             "effects": GAIN})
    assert ability.trigger == "keyword_used"
    assert ability.conditions == (Condition("event_keyword", value="tag_out"),)
    assert ability.when is not None and ability.when.owner == "opponent" and not ability.when.keywords


def test_keyword_used_checks_the_keyword_name() -> None:
    with pytest.raises(AbilityError):
        parse_ability({"on": {"event": "keyword_used", "filter": {"keyword": "flying"}}, "effects": GAIN})
