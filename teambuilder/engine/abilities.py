"""The ability language, as the engine imports it.

The language itself lives with the card data (``teambuilder.catalogue.abilities``) so the
catalogue can check card files; this module re-exports it for engine code and tests.
"""

from teambuilder.catalogue.abilities import (
    LIMITS,
    OPS,
    REACTIONS,
    TRIGGERS,
    Ability,
    AbilityError,
    Amount,
    Condition,
    Cost,
    DieFilter,
    Effect,
    Selector,
    parse_abilities,
    parse_ability,
    parse_cost,
    parse_effect,
)

__all__ = ["LIMITS", "OPS", "REACTIONS", "TRIGGERS", "Ability", "AbilityError", "Amount", "Condition",
           "Cost", "DieFilter", "Effect", "Selector", "parse_abilities", "parse_ability", "parse_cost",
           "parse_effect"]
