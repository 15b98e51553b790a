"""The ability language's general event trigger (``on:``), ``instead:`` upgrades, effect
conditions, zone lists and the replacement rule, as the parser reads them and as card
text renders them."""

from __future__ import annotations

import pytest

from teambuilder.catalogue.abilities import (
    KEEP,
    AbilityError,
    keywords_named,
    parse_ability,
    parse_effect,
    parse_filter,
)
from teambuilder.catalogue.ability_text import describe_effect, render_ability
from teambuilder.catalogue.yaml_source import parse_yaml


def test_on_is_the_general_form_of_the_trigger_names() -> None:
    general = parse_ability({"on": {"event": "ko", "filter": {"affiliation": "x_men"}},
                             "effects": [{"do": "gain_life", "amount": 1}]})
    shorthand = parse_ability({"trigger": "any_ko", "when": {"affiliation": "x_men"},
                               "effects": [{"do": "gain_life", "amount": 1}]})
    assert general == shorthand
    own = parse_ability({"on": {"event": "ko", "of": "this"}, "effects": [{"do": "gain_life", "amount": 1}]})
    assert own.trigger == "ko" and own.when is None
    hurt = parse_ability({"on": {"event": "player_damaged", "player": "you"},
                          "effects": [{"do": "gain_life", "amount": 1}]})
    assert hurt.trigger == "you_damaged"


def test_on_refuses_what_it_cannot_mean() -> None:
    with pytest.raises(AbilityError, match="no form about any die"):
        parse_ability({"on": {"event": "attacks", "of": "any"}, "effects": [{"do": "gain_life", "amount": 1}]})
    with pytest.raises(AbilityError, match="not one of"):
        parse_ability({"on": {"event": "sneezes"}, "effects": [{"do": "gain_life", "amount": 1}]})
    with pytest.raises(AbilityError, match="once"):
        parse_ability({"on": {"event": "ko"}, "trigger": "ko", "effects": [{"do": "gain_life", "amount": 1}]})


def test_a_bare_on_key_in_yaml_is_the_word_not_true() -> None:
    data = parse_yaml("- on: {event: fielded}\n  effects: [{do: gain_life, amount: 1}]\n", "x.yaml")
    assert parse_ability(data[0]).trigger == "any_fielded"


def test_instead_is_the_same_effect_with_fields_changed() -> None:
    effect = parse_effect({"do": "lose_life", "to": {"player": "active"}, "amount": 1,
                           "instead": {"if": [{"burst": True}], "amount": 2}})
    assert effect.instead is not None and effect.instead.amount.fixed == 2
    assert effect.instead.to == effect.to and effect.instead.conditions[0].kind == "burst"
    assert "loses 2 life instead" in describe_effect(effect)
    with pytest.raises(AbilityError, match="keeps its targets"):
        parse_effect({"do": "damage", "to": {"target": 1}, "amount": 1,
                      "instead": {"if": [{"burst": True}], "to": {"target": 2}}})
    with pytest.raises(AbilityError, match="instead"):
        parse_effect({"do": "damage", "amount": 1, "instead": {"amount": 2}})


def test_burst_also_reads_as_the_card_does() -> None:
    effect = parse_effect({"do": "damage", "to": {"owner": "opponent", "energy": "mask"}, "amount": 1,
                           "if": [{"burst": True}]})
    assert describe_effect(effect) == "Burst: also deal 1 damage to each opposing [mask] character die"


def test_zone_lists_card_dice_and_other_dice() -> None:
    f = parse_filter({"this_card": True, "zone": ["used", "prep"]})
    assert f.zones == ("used", "prep") and f.zone == "any"
    with pytest.raises(AbilityError, match="not one of"):
        parse_filter({"zone": ["used", "attic"]})
    text = describe_effect(parse_effect({"do": "spin_up", "to": {"this_card": True}}))
    assert text == "spin this card's dice up 1 level"


def test_set_stats_with_only_attack_keeps_defense() -> None:
    effect = parse_effect({"do": "set_stats", "to": {"name": "Superman"}, "a": 0})
    assert effect.defense == KEEP
    assert describe_effect(effect) == "each Superman character die has 0A until end of turn"


def test_goes_instead_needs_both_zones_and_renders() -> None:
    rule = parse_effect({"do": "rule", "rule": "goes_instead", "instead_of": "used", "into": "prep",
                         "for": {"this": True}})
    assert "if this die would go to the Used Pile, Prep it instead" in describe_effect(rule)
    with pytest.raises(AbilityError, match="goes_instead"):
        parse_effect({"do": "rule", "rule": "goes_instead", "into": "prep"})


def test_an_ability_with_a_burst_upgrade_renders_whole() -> None:
    ability = parse_ability({"trigger": "attacks", "effects": [
        {"do": "damage", "to": {"owner": "opponent", "energy": "shield"}, "amount": 1},
        {"do": "damage", "to": {"owner": "opponent", "energy": "mask"}, "amount": 1, "if": [{"burst": True}]}]})
    assert render_ability(ability).endswith("Burst: also deal 1 damage to each opposing [mask] character die.")


def test_richer_die_filters_parse_and_read() -> None:
    f = parse_filter({"keyword": "overcrush", "name_contains": "Kryptonite", "has_affiliation": False,
                      "min_cost": 4, "kind": "any"})
    assert (f.keywords, f.name_contains, f.has_affiliation, f.min_cost) == (("overcrush",), "Kryptonite", False, 4)
    # A keyword the catalogue does not know is reported by the card check (keywords.yaml).
    assert keywords_named((parse_ability({"trigger": "fielded", "effects": [
        {"do": "ko", "to": {"keyword": ["founder", "flying"]}}]}),)) == {"founder", "flying"}
    text = describe_effect(parse_effect({"do": "ko", "to": {"keyword": "overcrush", "min_cost": 4}}))
    assert text == "KO each character die with Overcrush and costing 4 or more"
