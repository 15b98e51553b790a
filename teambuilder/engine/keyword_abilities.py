"""The keywords that are abilities, and the table of every keyword the engine implements.

Keywords that are plain triggered abilities (Attune, Intimidate, Suit Up) are added to a
card's abilities when the card enters the engine (``printed_abilities``; Suit Up's from the
characters its text names), in the same ability language cards use. Tag Out, Infiltrate
and Cleave are raised by the engine for any die that has the keyword, printed or given
(``events.raise_keyword``). ``IMPLEMENTED`` says how each claimed keyword is carried out.

This is data about abilities: it sits at the bottom of the engine and imports no engine
module, so every layer may read it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum

from teambuilder.catalogue.abilities import Ability, Condition, parse_ability
from teambuilder.engine.keyword_params import gate_kind, recruit_kind, rush_kind

# -- keywords that are abilities ---------------------------------------------------------

KEYWORD_ABILITIES: dict[str, Ability] = {
    "attune": parse_ability({
        "trigger": "action_used", "keyword": "attune", "when": {"owner": "you", "kind": "action", "zone": "any"},
        "effects": [{"do": "damage", "to": {"target": 1, "or_player": True}, "amount": 1}]}),
    "intimidate": parse_ability({
        "trigger": "fielded", "keyword": "intimidate",
        "effects": [{"do": "out_of_play", "to": {"target": 1}}]}),
    "call_out": parse_ability({
        "trigger": "attacks", "keyword": "call_out",
        "effects": [{"do": "script", "to": {"target": 1, "owner": "opponent"}, "name": "keyword:call_out"}]}),
    "tag_out": parse_ability({
        "trigger": "blockers_declared", "keyword": "tag_out", "optional": True,
        "effects": [{"do": "move", "to": {"this": True}, "into": "prep"},
                    {"do": "modify", "to": {"target": 1}, "a": 2, "d": 2}]}),
    "infiltrate": parse_ability({
        "trigger": "blockers_declared", "keyword": "infiltrate", "optional": True,
        "if": {"count": {"this": True, "attacking": True, "blocked": False}, "at_least": 1},
        "effects": [{"do": "script", "to": {"this": True}, "name": "keyword:infiltrate"}]}),
    "cleave": parse_ability({
        "trigger": "kos", "keyword": "cleave",
        "effects": [{"do": "script", "to": {"target": 1, "owner": "opponent"}, "name": "keyword:cleave"}]}),
    # Gadgeteer: on attack, you may roll a Continuous action die from your Used Pile.
    "gadgeteer": parse_ability({
        "trigger": "attacks", "keyword": "gadgeteer", "optional": True,
        "text": "You may roll a Continuous action die from your Used Pile: on a non-energy face it goes into your "
                "Field Zone.",
        "if": {"count": {"owner": "you", "kind": "action", "zone": "used"}, "at_least": 1},
        "effects": [{"do": "script", "to": {"player": "you"}, "name": "keyword:gadgeteer"}]}),
    # Amplify and Obscure: raised for each of your dice with them when you use an action die.
    "amplify": parse_ability({
        "trigger": "action_used", "keyword": "amplify",
        "text": "Each time you use an action die, spin this die up 1 level.",
        "effects": [{"do": "spin_up", "to": {"this": True}, "amount": 1}]}),
    "obscure": parse_ability({
        "trigger": "action_used", "keyword": "obscure",
        "text": "Each time you use an action die, this die cannot be blocked this turn.",
        "effects": [{"do": "unblockable", "to": {"this": True}, "duration": "turn"}]}),
    # Boomerang: raised for the action die itself once its effect has resolved.
    "boomerang": parse_ability({
        "trigger": "action_used", "keyword": "boomerang",
        "text": "After this action die is used, roll it: on an action face it goes to your Prep Area.",
        "effects": [{"do": "script", "to": {"player": "you"}, "name": "keyword:boomerang"}]}),
    # Flip: at the start of each of your turns you may turn the card over (a card's side
    # is kept however its dice move: the ability works from anywhere).
    "flip": parse_ability({
        "trigger": "start_of_turn", "keyword": "flip", "optional": True, "anywhere": True,
        "if": [{"turn": "yours"}],
        "effects": [{"do": "script", "to": {"player": "you"}, "name": "keyword:flip"}]}),
    # Heroic: when fielded, this die may pair with a die of a different Heroic character.
    "heroic": parse_ability({
        "trigger": "fielded", "keyword": "heroic",
        "effects": [{"do": "script", "to": {"this": True}, "name": "keyword:heroic"}]}),
    # Equip: when the Gear die is used (raised) and at the start of every turn while it is
    # in the field, it may be attached (or moved) to a character die showing the Gear icon.
    "equip": parse_ability({
        "trigger": "start_of_turn", "keyword": "equip",
        "effects": [{"do": "script", "to": {"player": "you"}, "name": "keyword:equip"}]}),
    # Range, Breath Weapon and Frag choose and deal their damage in their scripts
    # (scripts/keyword_combat.py); ``keyword_combat`` raises them.
    "range": parse_ability({
        "trigger": "attackers_declared", "keyword": "range",
        "text": "When Range dice attack, each active Range die of both players deals its Range value to a target "
                "opposing character die, the attacking player's dice first.",
        "effects": [{"do": "script", "to": {"this": True}, "name": "keyword:range"}]}),
    "breath_weapon": parse_ability({
        "trigger": "attacks", "keyword": "breath_weapon",
        "text": "You may pay its Breath Weapon value X: X damage to your opponent and each of their character dice "
                "(once per character).",
        "effects": [{"do": "script", "to": {"this": True}, "name": "keyword:breath_weapon"}]}),
    "frag": parse_ability({
        "trigger": "kos", "keyword": "frag",
        "text": "When its combat damage KOs a blocker, each opposing character die that did not block this turn "
                "takes 1 damage.",
        "effects": [{"do": "script", "to": {"this": True}, "name": "keyword:frag"}]}),
}
# Keyword abilities the engine raises itself, for any die that has the keyword (printed
# or given): their index in a PendingTrigger is -1 - position here.
RAISED: tuple[str, ...] = ("tag_out", "infiltrate", "cleave", "equip", "amplify", "obscure", "boomerang",
                           "range", "breath_weapon", "frag")
PRINTED: tuple[str, ...] = ("attune", "intimidate", "call_out", "flip", "heroic", "equip", "gadgeteer")
# Keywords whose ability is added even to a card that labels its own abilities with the
# keyword: there the label names what the keyword gives ("Heroic: while paired up, ..."),
# not a version of the keyword's own ability.
ALWAYS_ADDED: tuple[str, ...] = ("flip", "heroic", "equip")


def suit_up(text: str) -> Ability | None:
    """Suit Up (names): when you buy the die you may KO a character die you control of a
    named character; if you do, the bought die moves to the field at level 2 (moving is
    not fielding: no fielding cost, no "when fielded"). The names are the card's own, as
    its text gives them: "Suit Up (Pepper Potts or Rescue)." (SWW lexicon "Suit Up")."""
    found = re.search(r"Suit Up \(([^)]*)\)", text)
    names = [n.strip() for n in re.split(r",| or ", found.group(1)) if n.strip()] if found else []
    if not names:
        return None
    mine = {"owner": "you", "name": names}
    return parse_ability({
        "trigger": "purchased", "keyword": "suit_up", "optional": True, "if": [{"count": mine, "at_least": 1}],
        "effects": [{"do": "ko", "to": {"target": 1, **mine}},
                    {"do": "move", "to": {"this": True, "zone": "any"}, "into": "field", "level": 2, "if_done": True}]})


def gate(text: str) -> Ability | None:
    """Gate (X): when fielded you may roll an unbought die of X from your cards; a character
    face puts it in your Prep Area (the script, which reads X from the card again)."""
    if gate_kind(text, "") is None:
        return None
    return parse_ability({
        "trigger": "fielded", "keyword": "gate", "optional": True,
        "text": "You may roll an unbought die the Gate names: on a character face it goes to your Prep Area.",
        "effects": [{"do": "script", "to": {"player": "you"}, "name": "keyword:gate"}]})


def recruit(text: str) -> Ability | None:
    """Recruit X: when this die deals combat damage to the opponent you may field a die of X
    from your Used Pile, Reserve Pool or Prep Area at level 1 (the script reads X)."""
    if recruit_kind(text) is None:
        return None
    return parse_ability({
        "trigger": "deals_damage", "keyword": "recruit", "optional": True,
        "text": "When it deals combat damage to your opponent, you may put a die the Recruit names into your "
                "Field Zone at level 1.",
        "if": [{"combat": True}, {"count": {"event": True, "kind": "any", "zone": "any"}, "at_most": 0}],
        "effects": [{"do": "script", "to": {"player": "you"}, "name": "keyword:recruit"}]})


def retaliation(affiliations: tuple[str, ...]) -> Ability | None:
    """Retaliation: while active, whenever a character die you control that shares an
    affiliation with this card is KO'd, an opponent takes 1 damage (DCDM1), if another die
    of the card is still active (the KO'd one cannot retaliate for itself)."""
    if not affiliations:
        return None
    ability = parse_ability({
        "trigger": "any_ko", "keyword": "retaliation", "when": {"owner": "you", "affiliation": list(affiliations)},
        "text": "Deal 1 damage to your opponent, if another die of this card is active.",
        "effects": [{"do": "script", "to": {"player": "opponent"}, "name": "keyword:retaliation"}]})
    return replace(ability, conditions=(LABEL_CONDITIONS["retaliation"],))   # checked again as it resolves


# Keywords that take their number from the card's text ("Range 2.", "Breath Weapon 3: ...").
NUMBERED: dict[str, str] = {
    "range": "Range", "breath_weapon": "Breath Weapon", "anti_breath_weapon": "Anti-Breath Weapon"}


def keyword_number(keyword: str, text: str) -> int | None:
    """The number a card's text gives its keyword (Range X, Breath Weapon X), or None."""
    found = re.search(rf"(?<![\w-]){re.escape(NUMBERED[keyword])} (\d+)", text)
    return int(found.group(1)) if found else None


def range_number(text: str) -> int | None:
    return keyword_number("range", text)


def breath_weapon_number(text: str) -> int | None:
    return keyword_number("breath_weapon", text)


def zombie(text: str) -> Ability | None:
    """Zombie: when this die is fielded, every die in either Field Zone of the character
    its text names ("non-Zombie Magneto") that is not a Zombie version (a die without the
    Zombie affiliation) is KO'd (scans aou139, aou140)."""
    found = re.search(r"non-Zombie (.+?) di(?:e|ce)\b", text)
    if not found:
        return None
    return parse_ability({
        "trigger": "fielded", "keyword": "zombie",
        "effects": [{"do": "ko", "to": {"name": found.group(1).strip(), "not_affiliation": "zombie"}}]})


def turtle_power(text: str) -> Ability | None:
    """Turtle Power (TMNT1 glossary): while this character is active, your other character
    dice with the Turtle Power affiliation cost 1 less to buy, once per different active
    character with the keyword (one rule per card), never below 1. A card that only names
    the keyword ("Turtle Power.") or writes out that discount gets it; a card that labels
    another ability with it (Leonardo: Leo) does not."""
    if not re.search(r"Turtle Power(\.|: While active, other Turtle Power character dice cost 1 less)", text):
        return None
    return parse_ability({
        "trigger": "while_active", "keyword": "turtle_power",
        "effects": [{"do": "rule", "rule": "purchase_cost", "amount": -1,
                     "for": {"owner": "you", "affiliation": "turtle_power", "other": True, "zone": "any"}}]})


# Keyword abilities built from the card that lists the keyword (its text names what they need).
BUILT: dict[str, Callable[[str], Ability | None]] = {"suit_up": suit_up, "gate": gate, "recruit": recruit,
                                                     "zombie": zombie, "turtle_power": turtle_power}
# ... and from the card's affiliations.
BUILT_FROM_AFFILIATIONS: dict[str, Callable[[tuple[str, ...]], Ability | None]] = {"retaliation": retaliation}
# Keywords the rules carry out with a value the card's text gives (None: the text does not say).
MEASURED: dict[str, Callable[[str], object | None]] = {
    "rush": rush_kind, "range": range_number, "breath_weapon": breath_weapon_number}

# Keywords that stay on a die while its card's text is ignored (Founder: "can't be ignored").
UNIGNORABLE: frozenset[str] = frozenset({"founder"})

# Keywords paid for with dice instead of energy: Fabricate (buy), Ritual (field), Fusion
# (move the die from its card to the prep area); ``keyword_costs`` offers and settles them.
DICE_COST_KEYWORDS: tuple[str, ...] = ("fabricate", "ritual", "fusion")


def fabricate_terms(text: str) -> tuple[int, int, str] | None:
    """Fabricate X-Y from the card's text: KO exactly X character dice whose purchase costs
    add up to Y or more; and the name part at least one of them must have, when the text
    asks for one ('at least 1 of the dice KO'd must be a character with "Kree" in its name'),
    else ""."""
    found = re.search(r"Fabricate (\d+)-(\d+)", text)
    if not found:
        return None
    named = re.search(r'must be a character with "([^"]+)" in its name', text)
    return int(found.group(1)), int(found.group(2)), named.group(1) if named else ""


def fusion_terms(text: str) -> tuple[int, str] | None:
    """Fusion from the card's text ("Uses 2 different Thousand Dragon Fusion character dice"):
    how many dice of different characters, and the affiliation (key) they must have."""
    found = re.search(r"Uses (\d+) different (.+?) character dice", text)
    if not found:
        return None
    return int(found.group(1)), found.group(2).strip().lower().replace(" ", "_").replace("-", "_")


# Keywords whose numbers or names come from the card's text: a card whose text does not
# give them plays the keyword not at all (coverage: partial).
READ_FROM_TEXT: dict[str, Callable[[str], object]] = {
    **BUILT, **MEASURED, "fabricate": fabricate_terms, "fusion": fusion_terms}

# The condition a keyword label adds to the ability it labels (checked when it would
# trigger and again when it resolves): Crosspulse only when the purchase was paid wholly
# with the card's own energy types; Teamwork only when two or more of your active
# character dice share an affiliation (unless the ability writes its own condition).
LABEL_CONDITIONS: dict[str, Condition] = {
    "crosspulse": Condition("paid_own_types", value="true"),
    "teamwork": Condition("teamwork", value="true"),
    # Common Ground: attacking together with a Villain die; Resistance: a character die of
    # yours was KO'd this turn; Aftershock: the opponent made this die leave the field;
    # Retaliation (a card printing its own): another die of the card is active.
    "common_ground": Condition("common_ground", value="true"),
    "resistance": Condition("resistance", value="true"),
    "aftershock": Condition("by", value="opponent"),
    "retaliation": Condition("retaliation", value="true"),
}


def labelled(abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """``abilities`` with the conditions their keyword labels imply added."""
    out = []
    for ability in abilities:
        implied = LABEL_CONDITIONS.get(ability.keyword or "")
        if implied is not None and not (ability.keyword == "teamwork" and ability.conditions):
            ability = replace(ability, conditions=(*ability.conditions, implied))
        out.append(ability)
    return tuple(out)


class Carried(StrEnum):
    """How the engine carries out a keyword it claims to implement."""

    RULE = "rule"          # the rules ask for it by name where they run (Fast: the damage steps)
    ABILITY = "ability"    # it stands for an ability the engine adds or raises (KEYWORD_ABILITIES)
    EFFECT = "effect"      # cards write it as an effect: Prep (into: prep), Corrupt X (keyword:corrupt)
    LABEL = "label"        # it names one of the card's own written abilities (Vengeance)
    ENERGY = "energy"      # it restates what the card's energy types do (Crossover: one of each)


# The keywords the engine implements, and how: the coverage report trusts this table, and
# tests/engine/test_keyword_claims.py checks each entry has code and a scenario behind it.
IMPLEMENTED: dict[str, Carried] = {
    "ally": Carried.RULE, "attune": Carried.ABILITY, "call_out": Carried.ABILITY, "cleave": Carried.ABILITY,
    "continuous": Carried.RULE, "corrupt": Carried.EFFECT, "crossover": Carried.ENERGY, "deadly": Carried.RULE,
    "energize": Carried.LABEL, "energy_drain": Carried.RULE, "equip": Carried.ABILITY, "experience": Carried.RULE,
    "fast": Carried.RULE, "flip": Carried.ABILITY, "heroic": Carried.ABILITY, "immortal": Carried.RULE,
    "impulse": Carried.LABEL, "infiltrate": Carried.ABILITY, "intimidate": Carried.ABILITY,
    "iron_will": Carried.RULE, "overcrush": Carried.RULE, "prep": Carried.EFFECT, "regenerate": Carried.RULE,
    "suit_up": Carried.ABILITY, "tag_out": Carried.ABILITY, "trap": Carried.LABEL, "underdog": Carried.RULE,
    "vengeance": Carried.LABEL,
    "swarm": Carried.RULE, "rush": Carried.RULE, "back_for_more": Carried.LABEL, "spark": Carried.LABEL,
    "awaken": Carried.LABEL, "teamwatch": Carried.LABEL, "amplify": Carried.ABILITY, "obscure": Carried.ABILITY,
    "boomerang": Carried.ABILITY, "gadgeteer": Carried.ABILITY, "gate": Carried.ABILITY, "recruit": Carried.ABILITY,
    "crosspulse": Carried.LABEL, "enlistment": Carried.LABEL, "fabricate": Carried.RULE, "founder": Carried.RULE,
    "fusion": Carried.RULE, "ritual": Carried.RULE, "synergy": Carried.LABEL, "teamwork": Carried.LABEL,
    "turtle_power": Carried.ABILITY, "zombie": Carried.ABILITY,
    "aftershock": Carried.LABEL, "anti_breath_weapon": Carried.RULE, "breath_weapon": Carried.ABILITY,
    "common_ground": Carried.LABEL, "frag": Carried.ABILITY, "range": Carried.ABILITY, "resistance": Carried.LABEL,
    "retaliation": Carried.ABILITY, "strike": Carried.RULE,
}


def printed_abilities(keywords: tuple[str, ...], text: str = "",
                      affiliations: tuple[str, ...] = ()) -> tuple[Ability, ...]:
    """The abilities a card gains from the trigger-shaped keywords it lists (``text``: the
    card's text, for those built from it; ``affiliations``: the card's, for Retaliation)."""
    built = [BUILT[k](text) for k in keywords if k in BUILT]
    built += [BUILT_FROM_AFFILIATIONS[k](affiliations) for k in keywords if k in BUILT_FROM_AFFILIATIONS]
    return tuple(KEYWORD_ABILITIES[k] for k in keywords if k in PRINTED) + tuple(a for a in built if a is not None)


def raised_ability(index: int) -> Ability:
    return KEYWORD_ABILITIES[RAISED[-1 - index]]
