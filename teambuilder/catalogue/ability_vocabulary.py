"""The ability language's vocabulary: every name a card's ``abilities:`` may use.

Triggers, limits, zones, owners, durations, keywords, the rules ``do: rule`` adds, the effect
primitives with the fields each accepts, and the shorthand selector names. The values
(``ability_values``), the parser (``ability_parser``) and the engine all read these lists,
so they sit in a module of their own that depends on nothing. ``abilities`` re-exports
them: import them from there.
"""

from __future__ import annotations

from typing import Any

from teambuilder.catalogue.rule_names import RULE_NAMES

# When an ability happens. "self" triggers concern the card's own die; "watch" triggers
# fire while the card is active and something matching ``when`` happens anywhere.
SELF_TRIGGERS: tuple[str, ...] = (
    "fielded", "attacks", "blocks", "blocked", "engaged", "damaged", "ko", "purchased",
    "deals_damage", "kos", "energized",
) + ("spins_up", "rolled_from_prep") + ("leaves_field",) + ("ko_instead", "leaves_field_instead") \
    + ("attack_raised", "defense_raised")   # Awaken, Back for More; Aftershock; an effect raised its A / D
WATCH_TRIGGERS: tuple[str, ...] = (
    "any_fielded", "any_ko", "any_damaged", "you_damaged", "player_damaged", "any_purchased",
    "action_used", "global_used", "spun_up", "attackers_declared", "blockers_declared",
    "clear_and_draw", "rolled", "start_of_turn", "end_of_turn", "targeted", "drawn", "prepped",
    "energy_spent", "die_rolled", "moved", "prevented", "any_deals_damage", "paid",
    "any_ko_instead", "any_reroll_instead", "any_spin_instead", "any_energized",
) + ("burst_rolled",) + ("step_begins", "step_ends", "keyword_used")    # Spark; steps and keywords
ACTIVATED_TRIGGERS: tuple[str, ...] = ("global", "action", "burst", "double_burst")
STATIC_TRIGGERS: tuple[str, ...] = ("while_active", "always")
TRIGGERS: tuple[str, ...] = SELF_TRIGGERS + WATCH_TRIGGERS + ACTIVATED_TRIGGERS + STATIC_TRIGGERS

# The general event trigger ``on: {event: E, filter: F, of: this|any, player: you|opponent}``:
# event -> (the trigger when it is about the card's own die, the "whenever any ..." trigger).
# The trigger names above are shorthands for these, and run exactly as before.
EVENTS: dict[str, tuple[str | None, str | None]] = {
    "fielded": ("fielded", "any_fielded"), "ko": ("ko", "any_ko"), "damaged": ("damaged", "any_damaged"),
    "purchased": ("purchased", "any_purchased"), "attacks": ("attacks", None), "blocks": ("blocks", None),
    "blocked": ("blocked", None), "engaged": ("engaged", None), "deals_damage": ("deals_damage", "any_deals_damage"),
    "kos": ("kos", None), "energized": ("energized", "any_energized"), "spun_up": (None, "spun_up"),
    "action_used": (None, "action_used"), "global_used": (None, "global_used"),
    "player_damaged": (None, "player_damaged"), "drawn": (None, "drawn"), "prepped": (None, "prepped"),
    "targeted": (None, "targeted"), "turn_starts": (None, "start_of_turn"), "turn_ends": (None, "end_of_turn"),
    "clear_and_draw": (None, "clear_and_draw"), "roll_step": (None, "rolled"),
    "attackers_declared": (None, "attackers_declared"), "blockers_declared": (None, "blockers_declared"),
    "energy_spent": (None, "energy_spent"), "die_rolled": (None, "die_rolled"), "moved": (None, "moved"),
    "prevented": (None, "prevented"), "step_begins": (None, "step_begins"), "step_ends": (None, "step_ends"),
    "keyword_used": (None, "keyword_used"), "paid": (None, "paid"),
    "attack_raised": ("attack_raised", None), "defense_raised": ("defense_raised", None),
    "would_be_kod": ("ko_instead", "any_ko_instead"),     # a replacement: "if ... would be KO'd, ... instead"
    "would_be_rerolled": (None, "any_reroll_instead"),   # "if ... would be rerolled by an effect, ... instead"
    "would_be_spun": (None, "any_spin_instead"),   # "if ... would be spun to another level by an effect, ... instead"
    "would_leave_field": ("leaves_field_instead", None),   # "if this die would leave the Field Zone, ... instead"
}
# The steps of a turn, as a step event's filter names them (``on: {event: step_begins,
# filter: {step: main}}``); the engine's Step enum by name.
STEP_NAMES: tuple[str, ...] = ("start", "clear_and_draw", "roll_and_reroll", "main", "attack", "cleanup")

LIMITS: tuple[str, ...] = ("once_per_turn", "your_turn", "opponent_turn", "once_on_your_turn",
                           "once_per_turn_shared")     # (shared: once a turn for all such abilities of the card)
REACTIONS: tuple[str, ...] = ("damaged", "targeted", "dealt")
ZONES: tuple[str, ...] = ("card", "bag", "prep", "reserve", "field", "out_of_play", "used", "held", "any")
DIE_KINDS: tuple[str, ...] = ("character", "action", "any")
OWNERS: tuple[str, ...] = ("you", "opponent")
PAYERS: tuple[str, ...] = ("you", "opponent")     # who pays an effect's ``unless`` or ``pay`` price
PLAYER_CHOICES: tuple[str, ...] = ("you", "opponent", "each", "target", "active", "event")
FACE_KINDS: tuple[str, ...] = ("character", "energy", "action", "burst")
# A double energy face of one type, as a die filter's ``face:`` names it ("rolled [bolt][bolt]").
DOUBLE_FACES: tuple[str, ...] = ("mask+mask", "fist+fist", "bolt+bolt", "shield+shield")
STAT_NAMES: tuple[str, ...] = ("attack", "defense", "level", "cost", "fielding", "energy")
DISTINCT: tuple[str, ...] = ("dice", "cards", "affiliations", "types", "sharing_affiliation")
DURATIONS: tuple[str, ...] = ("turn", "static", "until_your_next_turn", "while_attacking", "once", "until_used",
                              "next_turn", "until_opponent_turn_ends")
KEYWORD_NAMES: tuple[str, ...] = (
    "ally", "attune", "call_out", "cleave", "continuous", "corrupt", "crossover", "deadly",
    "energize", "energy_drain", "fast", "immortal", "impulse", "infiltrate", "intimidate",
    "iron_will", "overcrush", "prep", "regenerate", "suit_up", "tag_out", "underdog",
    "vengeance", "flip", "heroic", "equip", "trap", "experience",
    "crosspulse", "enlistment", "synergy", "teamwork", "turtle_power", "zombie",
) + ("amplify", "awaken", "back_for_more", "boomerang", "gadgeteer", "gate", "obscure", "recruit", "rush",
     "spark", "swarm", "teamwatch") + (
    "aftershock", "anti_breath_weapon", "breath_weapon", "common_ground", "frag", "range", "resistance",
    "retaliation", "strike")
# Keywords that label one of the card's own written abilities and say when it happens: an
# ability with the keyword takes this trigger (Teamwatch: whenever you field a character
# die sharing an affiliation with it; Awaken: this die spins up; Back for More: this die,
# in your Prep Area since the turn began, is rolled in your Roll and Reroll Step; Spark:
# a burst face was rolled, once at the end of the step).
LABEL_TRIGGERS: dict[str, str] = {
    "teamwatch": "any_fielded", "awaken": "spins_up", "back_for_more": "rolled_from_prep", "spark": "burst_rolled",
    "aftershock": "leaves_field",   # Aftershock: this die left the Field Zone (because of the opponent)
}
# Labels whose ability is a "you may" (the others must happen).
OPTIONAL_LABELS: tuple[str, ...] = ("awaken",)

# Rules that ``do: rule`` adds while its card is active (or for the turn). The engine asks
# for them where the rule matters: costs when paying, targeting when choosing targets...
# The rules a ``do: rule`` effect may put in force (typed for the engine in rule_names).
RULES: tuple[str, ...] = RULE_NAMES

# Effect primitives and the fields each accepts besides ``do``, ``to`` and ``if_done``.
OPS: dict[str, tuple[str, ...]] = {
    "damage": ("amount", "split"),
    "gain_life": ("amount",),
    "lose_life": ("amount",),
    "modify": ("a", "d", "amount", "duration", "split"),
    "set_stats": ("a", "d", "duration"),
    "take_stats": ("match",),     # (a while_active static: the dice take on the A and D of the die ``match`` reaches)
    "swap_stats": ("duration",),
    "prevent": ("amount", "all", "duration", "next"),
    "redirect": (),
    "retarget": (),
    "remember": (),
    "spin_up": ("amount",),
    "spin_down": ("amount",),
    "set_level": ("level",),
    "ko": ("into",),
    "reroll": ("into",),
    "move": ("into", "level", "amount"),
    "draw": ("amount", "into", "match", "otherwise", "roll", "all", "level", "keep", "keep_up_to"),
    "field": ("amount", "level"),
    "roll": ("amount", "into"),
    "buy": ("into", "cost", "less", "optional"),
    "energy": ("amount", "types"),
    "must_attack": ("duration",),
    "must_block": ("duration",),
    "cant_block": ("duration",),
    "pick": (),                     # choose dice, nothing more: "it" for the later effects
    "cant_attack": ("duration",),
    "cant_attack_or_block": ("duration",),
    "unblockable": ("duration",),
    "gain_keyword": ("keyword", "duration", "amount"),
    "gain_affiliation": ("affiliation", "duration"),
    "rule": ("rule", "amount", "by", "keyword", "affiliation", "duration", "for", "match", "types", "instead_of",
             "into", "name"),
    "capture": (),
    "control": ("duration",),
    "copy": (),
    "swap": ("by",),
    "token": ("amount", "a", "d", "name", "by"),
    "card_token": ("amount",),
    "out_of_play": ("duration", "level", "amount"),
    "leave_combat": (),
    "stun": (),
    "unstun": (),
    "script": ("name", "amount", "level", "into", "a", "d", "keyword", "affiliation", "duration"),
    "schedule": ("ability", "duration"),
    "use_effect": ("cards", "bursts"),
    "borrow_text": ("duration",),      # duration: static: for the rest of the game, with this card's name for theirs
    "choose": ("choice", "amount", "match", "duration", "from"),
    "turn_to_energy": ("by", "amount"),   # "turn it to an energy face you pick" (by: opponent: they pick;
    #                                       amount: 1, only its single energy faces)
    "turn_to_face": ("level", "face"),   # "turn it to its level 1 character face" / "to its [fist] face"
    "double_printed": (),                # "its printed A is doubled until end of turn"
    "remove_damage": (),                 # "remove all damage from it"
    "lock_global": ("duration",),        # the Global Ability the card chose ("choose", choice: global) can't be used
    "end_global_effects": (),            # every ongoing effect of a Global Ability ends
    "cancel_global": (),                 # the Global Ability just used (global_used's) does not resolve
    "back_to_card": (),                  # the dice go back to their card at end of turn or as they leave the field
    "energize": (),                      # the dice reached use their Energize (as on a double energy face)
    "printed_attack_from": (),           # "it" has the printed A of the reached die's card on every level (this turn)
}

# What ``do: choose`` asks for; the card remembers the answer (``named: true`` filters and
# ``{chosen: true}`` amounts read it).
CHOICES: tuple[str, ...] = ("number", "name", "energy", "affiliation", "global")

# The selector names of the first engine version, kept as shorthands.
LEGACY_SELECTORS: dict[str, dict[str, Any]] = {
    "self": {"this": True},
    "target_character": {"target": 1},
    "target_opposing": {"target": 1, "owner": "opponent"},
    "target_own": {"target": 1, "owner": "you"},
    "each_opposing": {"owner": "opponent"},
    "each_own": {"owner": "you"},
    "each_other_own": {"owner": "you", "other": True},
    "each_character": {},
    "damaged_die": {"event": True},
    "event_die": {"event": True},
    "attacker_blocked": {"engaged": True},
    "you": {"player": "you"},
    "opponent": {"player": "opponent"},
    "each_player": {"player": "each"},
    "target_player": {"player": "target"},
}
