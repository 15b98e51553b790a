"""The ability language's moving, rolling and references: how they parse (checked at load
time) and how they read on a card."""

from __future__ import annotations

from dataclasses import replace

import pytest

from teambuilder.catalogue.abilities import AbilityError, parse_abilities, parse_effect
from teambuilder.catalogue.ability_text import render_ability


def _render(raw: list[dict[str, object]]) -> str:
    return render_ability(replace(parse_abilities(raw)[0], text=""))


def test_zone_lists_it_and_choose_parse_into_filters_and_selectors() -> None:
    effect = parse_effect({"do": "field", "to": {"choose_up_to": 1, "owner": "you", "name": "Superman",
                                                 "zone": ["used", "prep"]}, "level": 2})
    assert (effect.to.chosen, effect.to.up_to, effect.to.target) == (True, True, 1)
    assert (effect.to.die.zone, effect.to.die.zones, effect.level) == ("any", ("used", "prep"), 2)
    it = parse_effect({"do": "move", "to": {"it": True}, "into": "field"}).to.die
    assert (it.it, it.zone, it.kind) == (True, "any", "any")       # "it" is wherever it went
    those = parse_effect({"do": "gain_life", "amount": {"count": {"those": True, "zone": "used"}}}).amount
    assert those.count is not None and (those.count.it, those.count.zone) == (True, "used")


def test_amounts_halve_and_keep_within_limits() -> None:
    amount = parse_effect({"do": "damage", "to": "opponent",
                           "amount": {"stat": "attack", "of": "event", "half": "up", "at_least": 1}}).amount
    assert (amount.half, amount.at_least, amount.at_most) == ("up", 1, None)
    with pytest.raises(AbilityError, match="half"):
        parse_effect({"do": "damage", "amount": {"stat": "attack", "half": "sideways"}})


def test_an_effect_may_have_its_own_condition_and_a_face_must_be_known() -> None:
    effect = parse_effect({"do": "damage", "to": "opponent", "amount": 2,
                           "if": [{"count": {"it": True, "face": "energy"}, "at_least": 1}]})
    assert effect.conditions[0].die is not None and effect.conditions[0].die.face == "energy"
    with pytest.raises(AbilityError, match="face"):
        parse_effect({"do": "roll", "to": {"it": True, "face": "blank"}})
    with pytest.raises(AbilityError, match="unknown field 'keep'"):
        parse_effect({"do": "field", "to": "self", "keep": 1})


def test_moving_rolling_and_buying_read_as_card_text() -> None:
    assert _render([{"trigger": "ko", "effects": [
        {"do": "ko", "to": {"choose": 1, "owner": "you", "name": "Batman"}},
        {"do": "move", "to": {"it": True}, "into": "field", "level": 2, "if_done": True}]}]) == (
        "When this die is KO'd: KO 1 of your Batman character dice. If you did, move it to the Field Zone at level 2.")
    assert _render([{"trigger": "action", "effects": [
        {"do": "roll", "to": {"choose": 1, "owner": "you", "kind": "any", "zone": "used"}, "into": "reserve"}]}]) == (
        "Action: Roll 1 of your dice in the Used Pile and put it in your Reserve Pool.")
    assert _render([{"trigger": "attacks", "effects": [
        {"do": "draw", "amount": 1, "into": "prep"},
        {"do": "damage", "to": "opponent", "amount": 2,
         "if": [{"count": {"it": True, "affiliation": "villain"}, "at_least": 1}]}]}]) == (
        "When this die attacks: Draw 1 die from your bag and Prep it; if it is a Villain die, deal 2 damage to"
        " your opponent.")
    assert _render([{"trigger": "fielded", "effects": [
        {"do": "field", "to": {"owner": "you", "name": "Krypto", "zone": ["used", "prep"]}, "amount": 1,
         "level": 1}]}]) == (
        "When fielded: Field 1 of your Krypto character dice in your Used Pile or Prep Area at level 1 for free.")
    assert _render([{"trigger": "fielded", "effects": [
        {"do": "draw", "amount": 2, "match": {"sidekick": True, "kind": "any", "zone": "any"}, "all": True,
         "into": "reserve", "otherwise": "bag"}]}]) == (
        "When fielded: Draw 2 dice from your bag: if all of them are Sidekick dice, roll them into your Reserve"
        " Pool; otherwise put them in your bag.")
    assert _render([{"trigger": "ko", "effects": [
        {"do": "buy", "to": {"owner": "you", "name": "Dick Grayson", "zone": "card"}, "cost": "mask+2",
         "into": "prep", "optional": True}]}]) == (
        "When this die is KO'd: You may buy a Dick Grayson die for 3 energy ([mask] among it) and put it in your"
        " Prep Area.")


def test_counted_amounts_read_with_their_halves_and_totals() -> None:
    assert _render([{"trigger": "kos", "effects": [
        {"do": "damage", "to": "opponent", "amount": {"stat": "attack", "of": "event", "half": "down"}}]}]) == (
        "When this die KOs a die: Deal half that die's A, rounded down damage to your opponent.")
    assert _render([{"trigger": "fielded", "effects": [
        {"do": "ko", "to": {"owner": "opponent", "affiliation": "villain"}},
        {"do": "damage", "to": "opponent", "amount": {"stat": "level", "of": "it"}, "if_done": True}]}]) == (
        "When fielded: KO each opposing Villain character die. If you did, deal the total level of those dice"
        " damage to your opponent.")
