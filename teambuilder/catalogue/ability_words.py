"""The words card text is rendered with (``ability_text``): what each trigger, ability
label and zone of the ability language is called on a card."""

from __future__ import annotations

# The replacement triggers ("if ... would be KO'd, ... instead"): their text ends "instead".
INSTEAD_TRIGGERS = frozenset({"ko_instead", "any_ko_instead", "any_reroll_instead", "any_spin_instead",
                              "leaves_field_instead"})
TRIGGER_LABELS = {
    "fielded": "When fielded", "attacks": "When this die attacks", "blocks": "When this die blocks",
    "blocked": "When this die is blocked", "engaged": "When this die is engaged",
    "damaged": "When this die is damaged", "ko": "When this die is KO'd", "purchased": "When purchased",
    "deals_damage": "When this die deals damage", "kos": "When this die KOs {when}",
    "any_deals_damage": "While active, whenever {when} deals damage",
    "energized": "Energize", "leaves_field": "When this die leaves the Field Zone",
    "any_fielded": "While active, whenever {when} is fielded",
    "any_ko": "While active, whenever {when} is KO'd", "any_damaged": "While active, whenever {when} is damaged",
    "any_purchased": "While active, whenever {when} is purchased",
    "you_damaged": "While active, whenever you are dealt damage",
    "player_damaged": "While active, whenever a player is dealt damage",
    "action_used": "While active, whenever {when} is used",
    "global_used": "While active, whenever a global ability is used",
    "spun_up": "While active, whenever {when} spins up",
    "attackers_declared": "While active, after attackers are declared",
    "blockers_declared": "While active, after blockers are declared",
    "clear_and_draw": "While active, before each Clear and Draw step", "rolled": "While active, after the first roll",
    "start_of_turn": "While active, at the start of each turn", "end_of_turn": "While active, at the end of each turn",
    "targeted": "While active, whenever {when} is targeted", "drawn": "While active, whenever a player draws",
    "prepped": "While active, whenever {when} is prepped",
    "energy_spent": "While active, whenever {when} is spent as energy",
    "paid": "While active, whenever a player spends energy on something",
    "any_energized": "While active, whenever {when} is rolled on a double energy face (Energize)",
    "die_rolled": "While active, whenever {when} is rolled", "moved": "While active, whenever {when} is moved there",
    "prevented": "While active, whenever damage to {when} is prevented",
    "while_active": "While active", "always": "At all times", "action": "Action", "burst": "Burst",
    "double_burst": "Double burst",
    "spins_up": "When this die spins up", "rolled_from_prep": "When rolled from the Prep Area",
    "attack_raised": "Each time an effect raises this die's A",
    "defense_raised": "Each time an effect raises this die's D",
    "burst_rolled": "While active, at the end of a step in which you rolled a burst",
    "step_begins": "While active, at the start of {step}", "step_ends": "While active, at the end of {step}",
    "keyword_used": "While active, whenever {when} uses {keyword}",
    "ko_instead": "If this die would be KO'd", "any_ko_instead": "While active, if {when} would be KO'd",
    "leaves_field_instead": "If this die would leave the Field Zone",
    "any_reroll_instead": "While active, if {when} would be rerolled by an effect",
    "any_spin_instead": "While active, if {when} would be spun to another level by an effect",
}
# Conditions the label of a step or keyword event says (not repeated after it as an "if").
LABELLED_CONDITIONS = ("side", "event_step", "event_keyword")
KEYWORD_LABELS = {"vengeance": "Vengeance", "underdog": "Underdog", "impulse": "Impulse", "energize": "Energize",
                  "teamwatch": "Teamwatch", "awaken": "Awaken", "back_for_more": "Back for More", "spark": "Spark",
                  "amplify": "Amplify", "obscure": "Obscure", "boomerang": "Boomerang", "gadgeteer": "Gadgeteer",
                  "gate": "Gate", "recruit": "Recruit", "heroic": "Heroic", "equip": "Equip", "trap": "Trap",
                  "crosspulse": "Crosspulse (when bought with only its own energy types)",
                  "teamwork": "Teamwork",
                  "zombie": "Zombie", "turtle_power": "Turtle Power", "aftershock": "Aftershock"}
# Labels written before the trigger's own ("Enlistment (...) - On field: ...").
KEYWORD_PREFIXES = {"enlistment": "Enlistment (unless the opponent KOs one of their character dice)",
                    "common_ground": "Common Ground", "resistance": "Resistance", "retaliation": "Retaliation"}
# The conditions the Common Ground, Resistance and Retaliation labels add, in words.
LABEL_IFS = {"retaliation": "another die of this card is active",
             "resistance": "one of your character dice was KO'd this turn",
             "common_ground": "this die attacks together with a Villain character die"}
ZONE_WORDS = {"bag": "bag", "prep": "Prep Area", "reserve": "Reserve Pool", "field": "Field Zone",
              "out_of_play": "out of play", "used": "Used Pile", "card": "card", "any": "anywhere",
              "held": "this card"}
DURATION_WORDS = {"turn": " until end of turn", "static": "", "until_your_next_turn": " until your next turn",
                  "while_attacking": " while attacking this turn", "next_turn": " during the next turn",
                  "until_opponent_turn_ends": " until the end of your opponent's turn",
                  "until_used": " (the next time only, whenever that is)"}
RULE_DURATION_WORDS = {"until_used": " (the next time only, this turn or later)"}   # rules' own words
SCHEDULE_WORDS = {True: "this turn", False: "until your next turn"}   # a schedule's duration is "turn" or not
# Labels a card file's written text may start with: the rendered label replaces them.
WRITTEN_LABELS = ("On field:", "On attack:", "On block:", "On KO:", "When damaged:", "While active:",
                  "Static:", "Action:", "Burst:", "Double burst:", "Start of turn:") + tuple(
    f"{name}:" for name in (*KEYWORD_LABELS.values(), *KEYWORD_PREFIXES.values()))   # Vengeance:, Spark:...


STEP_WORDS = {"start": "Start Step", "clear_and_draw": "Clear and Draw Step", "roll_and_reroll": "Roll and Reroll Step",
              "main": "Main Step", "attack": "attack step", "cleanup": "Cleanup Step"}
# What caused an event (``source:``), in words.
SOURCE_WORDS = {"global": "a global ability did it", "action": "an action die did it", "ability": "an ability did it",
                "combat": "combat did it", "fielded": "fielding a die did it", "purchase": "a purchase did it",
                "clear_and_draw": "it happened in the Clear and Draw Step", "effect": "an effect did it",
                "shield": "a shield stopped it", "next_damage": "a shield on the next damage stopped it"}


def condition_words(kind: str, value: str) -> str:
    """A condition that names no dice, in words ("it is your turn"); "" when ``kind`` names dice."""
    yours = value == "you"
    return {"life": {"below_opponent": "your opponent has more life than you",
                     "above_opponent": "you have more life than your opponent",
                     "not_above_opponent": "you don't have more life than your opponent"}.get(value, ""),
            "underdog": "your opponent has more character dice in the Field Zone than you",
            "turn": "it is your turn" if value == "yours" else "it is your opponent's turn",
            "step": "it is the attack step" if value == "attack" else "it is your Main Step",
            "combat": "combat damage did it" if value == "true" else "it was not combat damage",
            "named": "this card has made its choice" if value != "false" else "this card has made no choice yet",
            "only_attacker": "this is your only attacker", "paired": "it is paired up",
            "draft": "the game is played in a draft format" if value != "false" else "the game is not a draft game",
            "burst": {"true": "this die shows a burst", "false": "this die shows no burst",
                      "double": "this die shows a double burst"}.get(value, ""),
            "event_player": "that player is " + ("you" if yours else "your opponent"),
            "by": "you caused it" if yours else "your opponent caused it",
            "event_card": "the card it is about is " + ("yours" if yours else "your opponent's"),
            "source": " or ".join(SOURCE_WORDS.get(v, "") for v in value.split(",")),
            "spent": f"[{value}] energy was spent",
            "event_step": f"it is the {STEP_WORDS.get(value, '')}",
            "event_keyword": f"the keyword is {value.replace('_', ' ').title()}",
            "side": f"its {value} side faces up",
            "paid_own_types": "it was bought with only its own energy types",
            "teamwork": "two of your active character dice share an affiliation",
            "turned_this_turn": "one of your character dice was turned to an energy face or rerolled this turn",
            "kod_this_turn": {"you": "one of your character dice was KO'd this turn",
                              "any": "a character die was KO'd this turn",
                              "none": "no character die was KO'd this turn"}.get(value, ""),
            }.get(kind, "")


def keyword_words(keyword: str, amount: int | None) -> str:
    """A keyword as a card names it: "Overcrush", or with its number, "Range 2"."""
    name = keyword.replace("_", " ").title()
    return f"{name} {amount}" if amount else name


def suppressed_words(by: str) -> str:
    """``no_field_triggers``: "abilities that trigger when fielded or attacks have no effect";
    with ``opponent_`` kinds, only your opponent's."""
    kinds = by.split(",")
    whose = "your opponent's " if all(k.startswith("opponent_") for k in kinds) else ""
    when = " or ".join(k.removeprefix("opponent_") for k in kinds)
    return f"{whose}abilities that trigger when {when} have no effect"
def purchase_to_words(once: bool, among: str, into: str) -> str:
    """``rule: purchase_to``: "the next die you buy (among ...) goes into your bag"."""
    which = "the next die you buy this turn" if once else "each die you buy"
    return f"{which}{f' among {among}' if among else ''} goes into your {'bag' if into == 'bag' else 'Prep Area'}"


def verb(subject: str, singular: str, plural: str) -> str:
    """Subject-verb agreement: "your Sidekick dice get", "each opposing die gets"."""
    return f"{subject} {plural if subject.endswith(' dice') and not subject.startswith('each ') else singular}"
