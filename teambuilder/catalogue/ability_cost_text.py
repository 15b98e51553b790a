"""Card text for the prices and choices of the ability language: "unless your opponent
pays 2 life", "you may pay [1]; if you do, ...". ``ability_text`` renders an effect and
hands its words here when the effect carries a price."""

from __future__ import annotations

from teambuilder.catalogue.ability_values import Effect, Price


def describe_price(price: Price) -> str:
    """``[mask]``, ``[1]``, ``2 life``, ``[1] and 2 life``."""
    parts = []
    if price.energy is not None:
        parts.append("".join(f"[{part}]" for part in price.energy.notation().split("+")))
    if price.life:
        parts.append(f"{price.life} life")
    return " and ".join(parts)


def priced(effect: Effect, text: str) -> str:
    """``text`` (the effect's words) with its ``unless`` or ``pay`` price around it."""
    if effect.unless is not None:
        who = "you pay" if effect.unless.payer == "you" else "your opponent pays"
        return f"{text}, unless {who} {describe_price(effect.unless)}"
    if effect.pay is not None:
        who, they = ("you", "you") if effect.pay.payer == "you" else ("your opponent", "they")
        return f"{who} may pay {describe_price(effect.pay)}; if {they} do, {text}"
    return text
