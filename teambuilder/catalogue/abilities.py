"""The ability language: a card's text as executable data.

A card lists ``abilities:``; each names *when* it happens (``trigger``), optional
conditions (``if``), and *what* happens (``effects``, each one primitive applied to a
selector). What data cannot say names a per-card ``script`` that the engine registers by
card code. Everything here is plain frozen values, parsed and checked at load time, so a
typo is a ``file:line`` error rather than an ability that silently does nothing. The
language is documented for card authors in docs/abilities.md; ``ability_text`` renders it
back into the words the app shows.

    abilities:
      - trigger: fielded
        effects:
          - {do: ko, to: {target: 1, owner: opponent, sidekick: true}}
          - {do: draw, amount: 1, into: prep, if_done: true}

The language is split by what each part is: its words (``ability_vocabulary``), its frozen
values (``ability_values``) and its parser (``ability_parser``). This module is where the
rest of the program imports all of them from; it re-exports every public name of the three
(``__all__``) and adds two queries over parsed abilities used by the schema's checks.
"""

from __future__ import annotations

from teambuilder.catalogue.ability_parser import parse_abilities, parse_ability, parse_effect
from teambuilder.catalogue.ability_parts import (
    CONDITION_KINDS,
    AbilityError,
    parse_amount,
    parse_condition,
    parse_cost,
    parse_filter,
    parse_price,
    parse_selector,
)
from teambuilder.catalogue.ability_values import (
    KEEP,
    Ability,
    Amount,
    Condition,
    Cost,
    DieFilter,
    Effect,
    Price,
    Selector,
)
from teambuilder.catalogue.ability_vocabulary import (
    ACTIVATED_TRIGGERS,
    CHOICES,
    DIE_KINDS,
    DISTINCT,
    DURATIONS,
    KEYWORD_NAMES,
    LEGACY_SELECTORS,
    LIMITS,
    OPS,
    OWNERS,
    PAYERS,
    PLAYER_CHOICES,
    REACTIONS,
    RULES,
    SELF_TRIGGERS,
    STAT_NAMES,
    STATIC_TRIGGERS,
    TRIGGERS,
    WATCH_TRIGGERS,
    ZONES,
)

__all__ = [
    # ability_vocabulary
    "ACTIVATED_TRIGGERS", "CHOICES", "DIE_KINDS", "DISTINCT", "DURATIONS", "KEYWORD_NAMES", "LEGACY_SELECTORS",
    "LIMITS", "OPS", "OWNERS", "PAYERS", "PLAYER_CHOICES", "REACTIONS", "RULES", "SELF_TRIGGERS", "STATIC_TRIGGERS",
    "STAT_NAMES", "TRIGGERS", "WATCH_TRIGGERS", "ZONES",
    # ability_values
    "KEEP", "Ability", "Amount", "Condition", "Cost", "DieFilter", "Effect", "Price", "Selector",
    # ability_parser
    "CONDITION_KINDS", "AbilityError", "parse_abilities", "parse_ability", "parse_amount", "parse_condition",
    "parse_cost", "parse_effect", "parse_filter", "parse_price", "parse_selector",
    # defined here
    "affiliations_named", "filters_of", "keywords_named",
]


def filters_of(abilities: tuple[Ability, ...]) -> list[DieFilter]:
    """Every die filter the abilities use (for vocabulary checks)."""
    found: list[DieFilter] = []
    for ability in abilities:
        if ability.when is not None:
            found.append(ability.when)
        found.extend(c.die for c in ability.conditions if c.die is not None)
        for effect in ability.effects + tuple(e for mode in ability.modes for e in mode):
            found.append(effect.to.die)
            found.extend(f for f in (effect.match, effect.applies_to, effect.amount.count) if f is not None)
    return found


def affiliations_named(abilities: tuple[Ability, ...]) -> set[str]:
    names = {effect.affiliation for ability in abilities for effect in ability.effects if effect.affiliation}
    for die_filter in filters_of(abilities):
        names.update(die_filter.affiliations)
        names.update(die_filter.not_affiliations)
    return names


def keywords_named(abilities: tuple[Ability, ...]) -> set[str]:
    """Every keyword the abilities' die filters look for (``keyword: founder``)."""
    return {k for die_filter in filters_of(abilities) for k in die_filter.keywords + die_filter.not_keywords}
