"""Card text rendered from the ability language reads as English: no raw keys, identifiers
or Python values, no empty clauses, sentences that start with a capital and end with a
full stop. Checked on every ability of every card in the catalogue (both the text a
player sees and the text generated from the data alone), and on every trigger and
condition of the vocabulary, so a new construct without words fails here."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from teambuilder.catalogue.abilities import (
    CONDITION_KINDS,
    TRIGGERS,
    Ability,
    Amount,
    Condition,
    Cost,
    DieFilter,
    Effect,
)
from teambuilder.catalogue.ability_text import render_ability, render_card_text
from teambuilder.catalogue.ability_vocabulary import KEYWORD_NAMES, STEP_NAMES

# What never belongs in card text, wherever it comes from.
RAW = {
    "an identifier with an underscore": re.compile(r"[A-Za-z]_[A-Za-z]"),
    "a brace": re.compile(r"[{}]"),
    "a Python value": re.compile(r"\b(None|True|False)\b|DieFilter|Amount\(|Selector\(|Effect\(|\(\)"),
    "a doubled space": re.compile(r"  "),
    "an empty clause": re.compile(r",\s*[,.;]|:\s*[.,;]|;\s*[;.]|\s[,.;:](?!\d)|\.\.(?!\.)"),
}
# What only generated text is held to (written text may name "Dum Dum Dugan" or "M.O.D.O.K.").
GENERATED = {
    "a sentence starting in lower case": re.compile(r"^[^:]*: [a-z]|(?<![A-Z.])\. [a-z]"),
    "a doubled word": re.compile(r"\b(\w+) \1\b"),
    "a doubled article": re.compile(r"\b(a|an|the) (a|an|the)\b"),
    "a script's name": re.compile(r"\bscript\b"),
    "a possessive after target": re.compile(r"\btarget (your|their|its)\b"),
}
ENDINGS = (".", "!", "?", ")", '"', "”")


def faults(text: str, generated: bool) -> list[str]:
    found = [name for name, pattern in RAW.items() if pattern.search(text)]
    if generated:
        found += [name for name, pattern in GENERATED.items() if pattern.search(text)]
    if not text.rstrip().endswith(ENDINGS):
        found.append("no full stop")
    return found


def test_the_checks_catch_what_they_are_for() -> None:
    assert faults("When fielded: Deal 2 damage to your opponent.", True) == []
    assert "an identifier with an underscore" in faults("Global ([1]): prevent all opponent_global damage.", True)
    assert "an empty clause" in faults("Action: .", True)
    assert "a Python value" in faults("When fielded: Deal None damage.", True)
    assert "no full stop" in faults("When fielded: Deal 2 damage", True)
    assert "a sentence starting in lower case" in faults("When fielded: deal 2 damage.", True)


def test_every_card_reads_naturally(loaded) -> None:  # type: ignore[no-untyped-def]
    problems = []
    for card in loaded.cards:
        for line in render_card_text(card.abilities, card.keywords, {}, card.text).splitlines():
            if card.abilities and (found := faults(line, False)):
                problems.append(f"{card.code}: {line!r}: {', '.join(found)}")
        for ability in card.abilities:
            generated = render_ability(replace(ability, text=""))
            if found := faults(generated, True):
                problems.append(f"{card.code} (from the data): {generated!r}: {', '.join(found)}")
    assert problems == [], "\n".join(problems[:40])


GAIN = (Effect("gain_life", amount=Amount(fixed=1)),)


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_every_trigger_has_words(trigger: str) -> None:
    cost = Cost(amount=1) if trigger == "global" else None
    text = render_ability(Ability(trigger=trigger, effects=GAIN, cost=cost))
    assert faults(text, True) == [], text


SAMPLES: dict[str, tuple[str, ...]] = {
    "life": ("below_opponent", "above_opponent", "not_above_opponent"), "underdog": ("true",),
    "turn": ("yours", "opponent"), "step": ("attack", "main"), "combat": ("true", "false"), "named": ("true",),
    "only_attacker": ("true",), "paired": ("true",), "burst": ("true", "false", "double"),
    "source": ("global", "action", "ability", "combat", "fielded", "clear_and_draw", "effect", "shield",
               "next_damage"),
    "by": ("you", "opponent"), "side": ("front", "back"), "event_player": ("you", "opponent"),
    "event_card": ("you", "opponent"), "event_step": STEP_NAMES, "event_keyword": KEYWORD_NAMES,
    "kod_this_turn": ("you", "any", "none"), "turned_this_turn": ("you",), "draft": ("true", "false"),
    "spent": ("mask", "wild"),
}


@pytest.mark.parametrize("kind", CONDITION_KINDS)
def test_every_condition_has_words(kind: str) -> None:
    if kind in ("count", "event"):
        conditions = [Condition(kind, die=DieFilter(owner="you"), at_least=1)]
    elif kind == "amount":
        conditions = [Condition(kind, amount=Amount(fixed=2), at_least=1)]
    else:
        conditions = [Condition(kind, value=value) for value in SAMPLES[kind]]
    for condition in conditions:
        text = render_ability(Ability(trigger="fielded", effects=GAIN, conditions=(condition,)))
        assert faults(text, True) == [], text


@pytest.mark.parametrize("event", ("step_begins", "step_ends", "keyword_used"))
def test_step_and_keyword_events_say_which(event: str) -> None:
    kind = "event_keyword" if event == "keyword_used" else "event_step"
    value = "tag_out" if event == "keyword_used" else "clear_and_draw"
    text = render_ability(Ability(trigger=event, effects=GAIN, conditions=(Condition(kind, value=value),)))
    assert ("Tag Out" if event == "keyword_used" else "Clear and Draw Step") in text
    assert " If " not in text and faults(text, True) == [], text
