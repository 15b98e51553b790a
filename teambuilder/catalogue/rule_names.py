"""The names of the rules an ability may put in force (``do: rule``, ``rule: <name>``).

A ``Literal`` rather than plain strings, so that engine code asking whether a rule is in
force (``rules.in_force(game, "cant_attack")``) is checked by mypy: a misspelt rule name
is a type error, not a rule that silently never applies. The card-data checker accepts
exactly these names (``abilities.RULES``).
"""

from __future__ import annotations

from typing import Literal, get_args

RuleName = Literal[
    "purchase_cost", "field_cost", "global_cost", "action_cost",
    "cant_purchase", "cant_field", "cant_attack", "cant_block", "must_attack", "must_block",
    "unblockable", "min_blockers", "block_extra", "blockable_only_by",
    "cant_be_targeted", "prevent_damage", "prevent_player_damage", "no_combat_damage", "double_damage",
    "life_floor",
    "keyword", "affiliation", "draw_extra", "no_text", "no_field_triggers",
    "no_globals", "first_purchase_to_prep", "field_free", "max_attackers", "damage_to_player",
    "no_combat_ko", "choose_blocks", "energy_as", "block_together", "no_ko_while_blocking",
    "one_per_card", "reduce_first_to_one", "hits_all_attackers", "keyword_life_cost", "goes_instead",
    "cant_be_kod", "spin_instead_of_ko", "not_rolled", "also_damages_player", "cant_be_stunned", "cant_reroll",
    "spin_to_top", "max_damage_per_blocker", "one_damage_rerolls", "counts_as_name", "purchase_to", "lose_keyword",
    "min_attackers", "extra_attack_step", "damage_to_chosen",
    "reduce_damage", "max_combat_damage", "cant_spin_up", "cant_spin_down", "global_life_cost", "action_life_cost",
    "cant_turn_to_energy", "block_price", "energy_type", "fielding_unseen", "attack_equals_defense",
    "max_damage_per_turn", "first_point_prevented", "first_damage_instead",
    "ignore_opposing_effects",
]
RULE_NAMES: tuple[RuleName, ...] = get_args(RuleName)
