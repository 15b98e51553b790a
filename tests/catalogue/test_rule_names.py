"""The typed rule names the engine asks about are exactly the rules card data may write."""

from teambuilder.catalogue.abilities import RULES
from teambuilder.catalogue.rule_names import RULE_NAMES


def test_rule_names_match_the_rules_card_data_accepts() -> None:
    assert sorted(RULE_NAMES) == sorted(RULES)
    assert len(set(RULE_NAMES)) == len(RULE_NAMES)
