"""The sentence each rule (``do: rule``) reads as in rendered card text: "Sidekick dice
can't attack", "purchasing your [fist] dice costs 1 less". Split from ``ability_text``,
which works out the rule's subject (``who``), amount and the dice it names, and asks here
for the words."""

from __future__ import annotations

from teambuilder.catalogue import ability_words as wording
from teambuilder.catalogue.abilities import Effect
from teambuilder.catalogue.ability_dice_text import affiliation_words
from teambuilder.catalogue.ability_words import ZONE_WORDS
from teambuilder.catalogue.ability_words import verb as _verb

# Where prevented damage comes from (``prevent_damage``'s ``by``).
_SOURCES = {"opponent_global": "your opponent’s global abilities", "global": "global abilities",
            "opponent_fielded": "your opponent’s “when fielded” abilities", "fielded": "“when fielded” abilities"}


# Where reduced damage comes from (``reduce_damage``'s ``by``).
_REDUCED = {"opponent_ability": "opposing character cards' abilities", "ability": "character cards' abilities",
            **_SOURCES}
_PAYER = {"opponent": "your opponent", "you": "you"}     # whose uses a life cost taxes
_BY = {"opponent_ability": " by opposing character abilities", "opponent_any": " by opposing effects",
       "team": "the affiliations of all your character cards"}



def rule_sentences(effect: Effect, who: str, amount: str, match: str, by_whom: str) -> dict[str, str]:
    """Every rule's sentence for this effect, by rule name."""
    return {
        "cant_purchase": f"{who} can't be purchased", "cant_field": f"{who} can't be fielded",
        "cant_attack": f"{who} can't attack", "cant_block": f"{who} can't block",
        "must_attack": f"{who} must attack if able", "must_block": f"{who} must block if able",
        "unblockable": f"{who} can't be blocked" + (f" by {match}" if match else ""),
        "min_blockers": f"{who} can be blocked only by {amount} or more character dice",
        "min_attackers": f"each turn, at least {amount} of {who} must attack if able",
        "damage_to_chosen": f"{who} deal their combat damage to the chosen die instead of to their blockers",
        "extra_attack_step": f"you have a second Attack Step each turn, in which only {who} may attack",
        "block_extra": f"{who} may each block {amount} more attacker(s)",
        "blockable_only_by": f"{who} can be blocked only by {match}",
        "cant_be_targeted": f"{who} can't be targeted" + (f" by {by_whom} abilities" if effect.by else ""),
        "prevent_damage": (f"prevent all damage{' from ' + _SOURCES.get(effect.by, by_whom) if effect.by else ''}"
                           + (f" from {match}" if match else "")
                           + (f" to {who}" if effect.applies_to is not None else "")),
        "no_combat_damage": f"{_verb(who, 'deals', 'deal')} no combat damage",
        "double_damage": f"{who} deal double damage",
        "keyword": f"{_verb(who, 'has', 'have')} {wording.keyword_words(effect.keyword, effect.amount.fixed)}",
        "affiliation": f"{_verb(who, 'has', 'have')} "
                       + _BY.get(effect.by, f"the {affiliation_words((effect.affiliation,))} affiliation"),
        "energy_type": f"{who} also count as {'/'.join('[' + t + ']' for t in effect.types)} character dice",
        "draw_extra": (f"{'each player draws' if effect.by == 'each' else 'you draw'} {amount} extra die"
                       " in the Clear and Draw step"),
        "no_text": (f"{_verb(who, 'loses its', 'lose their')} text" if effect.by == "die" else
                    f"the cards of {who} lose their text" + " (not their globals)" * (effect.by == "keep_globals")),
        "no_field_triggers": wording.suppressed_words(effect.by),
        "no_globals": "no player may use global abilities" + " of character cards" * (effect.by != "all"),
        "first_purchase_to_prep": "the first die you purchase this turn goes to your Prep Area",
        "field_free": ("once per turn, " * (effect.duration == "once") + f"you may field 1 of {who} for free"
                       + " by KOing every die in your Field Zone" * (effect.by == "ko_field") if effect.optional
                       else f"{who} cost nothing to field"),
        "cant_reroll": f"{who} can't be rerolled{_BY.get(effect.by, '')}",
        "cant_spin_up": f"{who} can't be spun up{_BY.get(effect.by, '')}",
        "cant_turn_to_energy": f"{who} can't be turned to an energy face{_BY.get(effect.by, '')}",
        "global_life_cost": f"{_PAYER.get(effect.by, 'each player')} must pay {amount} life to use a Global Ability",
        "action_life_cost": f"{_PAYER.get(effect.by, 'each player')} must pay {amount} life to use an action die",
        "cant_spin_down": f"{who} can't be spun down{_BY.get(effect.by, '')}",
        "block_price": (f"blocks your opponent declares cost them [{amount}]"
                        + (f" or {amount} life" if effect.by == "energy_or_life" else "")
                        + f" for each die among {who} in them"),
        "fielding_unseen": f"fielding {who} doesn't trigger opposing abilities",
        "max_damage_per_turn": f"you take no more than {amount} damage during each of your opponent's turns",
        "attack_equals_defense": _verb(who, "has A equal to its D", "have A equal to their D"),
        "spin_to_top": f"whenever {who} would spin up, they spin to their highest level",
        "purchase_to": wording.purchase_to_words(effect.duration == "once", who if effect.applies_to else "",
                                                 effect.by),
        "lose_keyword": f"{who} can't use {effect.keyword.replace('_', ' ').title()}",
        "goes_instead": (f"if {who} would go to the {ZONE_WORDS.get(effect.instead_of, '')}, "
                         + ("Prep it" if effect.into == "prep" else "it goes to the " + ZONE_WORDS.get(effect.into, ""))
                         + " instead"),
        "cant_be_kod": f"{who} can't be KO'd", "cant_be_stunned": f"Stun tokens can't be put on the cards of {who}",
        "max_damage_per_blocker": f"{who} take at most {amount} damage from each blocker",
        "one_damage_rerolls": (f"when {'exactly 1' if amount in ('0', '1') else amount + ' or less'} damage would be "
                               f"dealt to {who}, {'you may ' if effect.optional else ''}prevent it and reroll that "
                               "die instead"),
        "counts_as_name": f"{who} count as {effect.name} for the effects of your other cards",
        "damage_to_player": f"{who} deal their combat damage to your opponent, even when blocked",
        "also_damages_player": (f"have {who} also deal damage equal to {'its' if effect.to.die.this else 'their'}"
                                " A to your opponent, besides damaging blockers"),
        "not_rolled": (f"choose {who}: it stays in the Prep Area and isn't rolled this turn" if effect.to.chosen
                       else f"{_verb(who, 'stays', 'stay')} in the Prep Area, not rolled this turn"),
        "hits_all_attackers": (f"{_verb(who, 'deals', 'deal')} combat damage to every attacking character, not only"
                               " the one blocked"),
        "spin_instead_of_ko": f"if {who} would be KO'd, spin it down {amount} level(s) instead",
        "max_combat_damage": f"{who} take at most {amount} combat damage this turn",
        "ignore_opposing_effects": (f"when an opposing effect targets {who}, you may pay to have every opposing "
                                    "effect targeting it ignored until end of turn (that one too)"),
        "first_damage_instead": ("the first time each turn one of " + who + " would take damage, you may "
                                 + ("prevent that damage" if effect.by == "prevent" else "have this die take it")
                                 + " instead"),
        "first_point_prevented": "the first point of combat damage each attacking character die would deal you "
                                 "each turn is prevented",
        "reduce_damage": (f"reduce damage{' from ' + _REDUCED.get(effect.by, by_whom) if effect.by else ''}"
                          f"{' to ' + who if effect.applies_to is not None else ''} by {amount}"),
        "keyword_life_cost": (f"{who} can use {effect.keyword.replace('_', ' ').title()} only by paying "
                              f"{amount} life"),
    }
