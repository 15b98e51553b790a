"""Die filters in words, for the card text rendered from the ability language
(``ability_text``): "target opposing Sidekick die", "each of your Villain character dice",
"this card's dice in your Used Pile or Prep Area"."""

from __future__ import annotations

from dataclasses import replace

from teambuilder.catalogue.abilities import DieFilter
from teambuilder.catalogue.ability_text_moves import it_dice, zone_list
from teambuilder.catalogue.ability_words import ZONE_WORDS

# Display names of affiliations ("x_men" -> "X-Men"), filled from sets.yaml by the loader.
AFFILIATION_NAMES: dict[str, str] = {}


def affiliation_words(values: tuple[str, ...], joiner: str = " or ") -> str:
    return joiner.join(AFFILIATION_NAMES.get(v, v.replace("_", " ").title()) for v in values)


def a_die(f: DieFilter) -> str:
    """One die of a kind, with its article: "an opposing character die", "one of your
    Sidekick dice"."""
    if f.engaged:
        return "a die engaged with this one"
    if f.this_card:
        return "one of " + describe_dice(f)
    if f.owner == "you":
        return "one of your " + describe_dice(replace(f, owner=None), plural=True)
    text = describe_dice(f)
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def describe_dice(f: DieFilter, plural: bool = False, target: int = 0, up_to: bool = False) -> str:
    """``f`` in words: "target opposing Sidekick die", "each of your Villain character dice"."""
    words: list[str] = []
    # "target Sidekick die of yours" (not "target your Sidekick die").
    of_yours = " of yours" if target and f.owner == "you" else ""
    if f.it:
        return it_dice(f, plural)
    if f.this:
        return "this die"
    if f.event or f.partner or f.equipped:      # (partner: Heroic; equipped: Equip)
        return "that die" if f.event else "its partner" if f.partner else "the equipped character die"
    if f.engaged:
        return "each die engaged with this one" if not target else "target die engaged with this one"
    if f.this_card:
        return f"this card's {'other ' if f.other_die else ''}dice" + _extras(f, f.owner == "you")
    if f.owner == "you" and not of_yours:
        words.append("your")
    elif f.owner == "opponent":
        words.append("opposing")
    if f.bound:
        words.append("chosen")
    if f.other or f.other_die or f.event is False or f.not_it:
        words.append("other")
    if f.level is not None:
        words.append(f"level {f.level}")
    if f.affiliations:
        words.append(affiliation_words(f.affiliations))
    if f.not_affiliations:
        words.append("non-" + affiliation_words(f.not_affiliations, "/non-"))
    if f.energy:
        words.append("/".join(f"[{e}]" for e in f.energy))
    if f.not_energy:
        words.append("/".join(f"non-[{e}]" for e in f.not_energy))
    if f.names:
        words.append(" or ".join(f.names))
    if f.not_names:
        words.append("non-" + "/non-".join(f.not_names))
    if f.blocked is not None:
        words.append("blocked" if f.blocked else "unblocked")
    if f.attacking:
        words.append("attacking")
    if f.blocking:
        words.append("blocking")
    words += ["named"] if f.named else ["not-named"] if f.named is False else []
    if f.sidekick is True:
        noun = "Sidekick dice" if plural else "Sidekick die"
    elif f.kind == "action":
        noun = ("Basic Action dice" if f.basic else "action dice") if plural else (
            "Basic Action die" if f.basic else "action die")
    elif f.kind == "any":
        noun = "dice" if plural else "die"
    else:
        prefix = "non-Sidekick " if f.sidekick is False else ""
        noun = prefix + ("character dice" if plural else "character die")
    # Several zones are among the extras; the face a die shows and "fielded this turn" follow.
    phrase = " ".join(words + [noun]) + of_yours + _extras(f, f.owner == "you") + zone_list(replace(f, zones=()))
    if target:
        count = f"up to {target}" if up_to else ("" if target == 1 else str(target))
        return " ".join(x for x in ("target" if not up_to else "", count, phrase) if x).replace("  ", " ") \
            if not up_to else f"up to {target} target {phrase}"
    return phrase


_EXTREME_WORDS = {"attack": "A", "defense": "D", "level": "level", "cost": "purchase cost",
                  "fielding": "fielding cost", "printed_attack": "printed A"}


def _extras(f: DieFilter, yours: bool) -> str:
    """What follows the noun: "costing 3 or less and in your Used Pile"."""
    extras = []
    if f.fewest_card_tokens:
        extras.append("whose card has the fewest +1A/+1D tokens of its team")
    if f.shares_team_affiliation:
        extras.append("that shares a team affiliation with a character card on your team")
    if f.name_or_depends:
        name = f.name_or_depends
        extras.append(f"that is {name} or whose card has an ability that needs an active {name}")
    if f.max_cost is not None:
        extras.append(f"costing {f.max_cost} or less")
    for extreme, stat in (("lowest", f.lowest), ("highest", f.highest)):
        if stat:
            extras.append(f"with the {extreme} {_EXTREME_WORDS[stat]} among them (a tie: any of them)")
    if f.fielding is not None:
        extras.append(f"with fielding cost {f.fielding}")
    for value, words in ((f.min_attack, "or more A"), (f.max_attack, "or less A"), (f.min_defense, "or more D"),
                         (f.max_defense, "or less D")):
        if value is not None:
            extras.append(f"with {value} {words}")
    if f.paid_for:
        extras.append("spent to field this die")
    if f.paid_for_event:
        extras.append("spent to field that die")
    if f.below_own_level:
        extras.append("of a lower level than one of your character dice")
    if f.below_this_level:
        extras.append("of a lower level than that die")
    if f.min_level is not None:
        extras.append(f"of level {f.min_level} or more")
    if f.max_level is not None:
        extras.append(f"of level {f.max_level} or less")
    if f.card_token is not None:
        extras.append(f"whose card has {'a' if f.card_token else 'no'} +1A/+1D token")
    if f.has_global is True:
        extras.append("whose card has a global ability")
    if f.held:
        extras.append("on this card" if f.held == "any" else "put on this card on an earlier turn")
    if f.zone not in ("field", "any", "held"):
        extras.append(f"in {'the ' if f.zone != 'out_of_play' else ''}{ZONE_WORDS[f.zone]}")
    if f.zones:
        extras.append("in " + ("your " if yours else "the ") + " or ".join(ZONE_WORDS[z] for z in f.zones))
    if f.doomed is not None:
        extras.append("that its damage KOs" if f.doomed else "that survives its damage")
    if f.hit:
        extras.append(f"that damaged {'you' if f.hit == 'you' else 'your opponent'} this turn")
    if f.attacked:
        extras.append("that attacked this turn")
    if f.instigator:
        extras.append("that caused it")
    if f.keywords:
        extras.append("with " + " or ".join(k.replace("_", " ").title() for k in f.keywords))
    if f.not_keywords:
        extras.append("without " + " or ".join(k.replace("_", " ").title() for k in f.not_keywords))
    if f.name_contains:
        extras.append(f"whose name contains {f.name_contains}")
    if f.title_contains:
        extras.append(f"with {f.title_contains} in its name or subtitle")
    if f.not_title_contains:
        extras.append(f"without {f.not_title_contains} in its name or subtitle")
    if f.has_affiliation is not None:
        extras.append("with an affiliation" if f.has_affiliation else "with no affiliation")
    if f.min_cost is not None:
        extras.append(f"costing {f.min_cost} or more")
    return " " + " and ".join(extras) if extras else ""


def distinct_characters(f: DieFilter) -> str:
    """"different characters" counted by an amount (``distinct: cards``), in words."""
    kind = " ".join(x for x in (affiliation_words(f.affiliations) if f.affiliations else "",
                                "/".join(f"[{e}]" for e in f.energy), " or ".join(f.names)) if x)
    whose = {"you": " you have", "opponent": " your opponent has"}.get(f.owner or "", "")
    where = " active" if f.zone == "field" else ""
    extra = " whose cards have a global ability" if f.has_global else ""
    return f"different{where} {kind + ' ' if kind else ''}characters{whose}{extra}".replace("  ", " ")
