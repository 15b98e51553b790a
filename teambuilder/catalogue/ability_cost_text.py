"""Card text for the prices and choices of the ability language: "unless your opponent
pays 2 life", "you may pay [1]; if you do, ...". ``ability_text`` renders an effect and
hands its words here when the effect carries a price."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from teambuilder.catalogue.ability_values import Amount, Condition, Effect, Price
from teambuilder.catalogue.ability_words import ZONE_WORDS


def describe_price(price: Price) -> str:
    """``[mask]``, ``[1]``, ``2 life``, ``[1] and 2 life``."""
    parts = []
    if price.energy is not None:
        parts.append("".join(f"[{part}]" for part in price.energy.notation().split("+")))
    if price.life:
        parts.append(f"{price.life} life")
    return " and ".join(parts)


def priced(effect: Effect, describe: Callable[[Effect], str]) -> str:
    """The effect's words (``describe`` of it without its price) with its ``unless`` or
    ``pay`` price around them; a ``choose`` effect in its own words."""
    if effect.op == "choose":
        return chosen_words(effect)
    text = describe(replace(effect, unless=None, pay=None))
    if effect.unless is not None:
        who = "you pay" if effect.unless.payer == "you" else "your opponent pays"
        return f"{text}, unless {who} {describe_price(effect.unless)}"
    if effect.pay is not None and effect.pay.free and effect.rule in ("one_damage_rerolls", "field_free"):
        return describe(replace(effect, pay=None, optional=True))     # "when ... would be dealt, you may ..."
    if effect.pay is not None and effect.pay.free:     # "if that KOs it, you may ...": the "may" after the "if"
        bare = describe(replace(effect, unless=None, pay=None, conditions=()))
        who = "you" if effect.pay.payer == "you" else "your opponent"
        if text != bare and text.endswith(bare):
            return f"{text[:-len(bare)]}{who} may {bare}"
        return f"{who} may {text}"
    if effect.pay is not None and effect.rule == "ignore_opposing_effects":     # the price inside the rule's words
        return text.replace("you may pay", f"you may pay {describe_price(effect.pay)}", 1)
    if effect.pay is not None and effect.pay.times == "chosen":     # "for each [fist] spent, ..."
        return f"pay {describe_price(effect.pay)} that many times; each time, {text}"
    if effect.pay is not None:
        who, they = ("you", "you") if effect.pay.payer == "you" else ("your opponent", "they")
        return f"{who} may pay {describe_price(effect.pay)}; if {they} do, {text}"
    return text


def chosen_words(effect: Effect) -> str:
    """``do: choose``: "name an energy type, replacing any earlier choice"."""
    number = "choose a number"
    if effect.lowest and effect.amount.is_fixed:       # "choose 1, 2 or 3"
        number = f"choose {', '.join(map(str, range(effect.lowest, effect.amount.fixed)))} or {effect.amount.fixed}"
    what = {"number": number, "name": "name a character die", "energy": "name an energy type",
            "affiliation": "name an affiliation", "global": "target a Global Ability"}[effect.choice]
    if effect.choice == "global":
        return what
    if effect.match is not None and effect.choice in ("name", "affiliation") and effect.match.zone in ZONE_WORDS:
        whose = "your " if effect.match.owner == "you" else "the "
        what += f" among the dice in {whose}{ZONE_WORDS[effect.match.zone]}"
    if effect.to.player == "opponent":
        what = "your opponent must " + what
    return what + (" for this turn" if effect.duration == "turn" else ", replacing any earlier choice")


def amount_words(amount: Amount) -> str:
    """The amounts that read a choice or a roll (``describe_amount`` has the rest)."""
    if amount.chosen:
        return "the chosen number"
    if amount.prep_energy:
        return "the energy of your first roll (counting energy, not faces)"
    if amount.kos:
        whose = "your" if amount.kos == "you" else "your opponent's"
        return f"the number of {whose} character dice KO'd this turn"
    if amount.life is not None:
        return "your life" if amount.life == "you" else "your opponent's life"
    if amount.card_tokens:
        return {"this": "the +1A/+1D tokens on this card", "you": "the +1A/+1D tokens on your team's cards",
                "opponent": "the +1A/+1D tokens on your opponent's cards"}[amount.card_tokens]
    if amount.purchases:
        return "the number of dice " + ("you" if amount.purchases == "you" else "your opponent") + (
            " bought this game" if amount.this_game else " bought this turn")
    if amount.globals_used:
        return ("the number of global abilities " + ("you" if amount.globals_used == "you" else "your opponent")
                + " used this turn")
    return "that much"


def amount_condition_words(condition: Condition, describe: Callable[[Amount], str]) -> str:
    """``{amount: ..., equals: ...}``: "the energy of your first roll is the chosen number"."""
    if condition.kind != "amount" or condition.amount is None:
        return condition.kind
    parts = [f"is {describe(condition.equals)}"] if condition.equals is not None else []
    parts += [f"is less than {describe(condition.below)}"] if condition.below is not None else []
    parts += [f"is more than {describe(condition.above)}"] if condition.above is not None else []
    if condition.at_least is not None:
        parts.append(f"is at least {condition.at_least}")
    if condition.at_most is not None:
        parts.append(f"is at most {condition.at_most}")
    return f"{describe(condition.amount)} {' and '.join(parts)}"


def keep_words(keep: int) -> str:
    """``to: {keep: N}``: each die "but 1 of each player's own, of their choice"."""
    return f" but {keep} of each player's own, of their choice" if keep else ""
