"""Card text for moving and rolling dice and for references (``ability_text`` uses these).

"it"/"those dice" (the dice an earlier effect of the ability reached), dice chosen rather
than targeted ("1 of your Batman dice"), dice in one of several zones, the faces a rolled
die shows, amounts halved or kept between limits, and the ``field`` and ``roll`` effects.
Pure functions of the parsed values and of words already rendered, so ``ability_text``
can call them without either module importing the other's internals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from teambuilder.catalogue.ability_values import Amount, DieFilter, Effect
from teambuilder.catalogue.ability_words import ZONE_WORDS

FACE_WORDS = {"character": "a character face", "energy": "an energy face", "action": "an action face",
              "burst": "a burst", "mask": "[mask] energy", "fist": "[fist] energy", "bolt": "[bolt] energy",
              "shield": "[shield] energy", "mask+mask": "[mask][mask]", "fist+fist": "[fist][fist]",
              "bolt+bolt": "[bolt][bolt]", "shield+shield": "[shield][shield]"}


def zone_list(f: DieFilter) -> str:
    """ " in your Used Pile or Prep Area" for a die in one of several zones ("" otherwise)."""
    face = (f" showing {FACE_WORDS[f.face]}" if f.face and not f.it else "") + (
        " of the energy type it shows" if f.energy_of_it else "") + (" fielded this turn" if f.fielded else "") + (
        " drawn in this turn's Clear and Draw Step" if f.drawn else "") + (
        "" if f.stunned is None else " whose card has a Stun token" if f.stunned else " whose card has no Stun token"
    ) + ("" if f.token is None else " that is a token" if f.token else " that is not a token")
    if not f.zones:
        return face
    whose = "your " if f.owner == "you" else "the "
    return " in " + whose + " or ".join(ZONE_WORDS[z] for z in f.zones) + face


def it_dice(f: DieFilter, plural: bool) -> str:
    """ "it", or "those dice" (with what narrows them: "those dice in the Used Pile")."""
    where = f" in the {ZONE_WORDS[f.zone]}" if f.zone not in ("field", "any") else ""
    face = f" showing {FACE_WORDS[f.face]}" if f.face else ""
    return ("those dice" if plural else "it") + where + face


def it_condition(f: DieFilter, at_least: int | None, dice_words: Callable[[DieFilter], str]) -> str:
    """A condition on "it": "it is a Villain die", "it shows an energy face"."""
    if f.face:
        return f"it shows {FACE_WORDS[f.face]}"
    described = dice_words(replace(f, it=False, zone="field", zones=())).replace(" character die", " die")
    plain = dice_words(replace(f, it=False, zone="field", zones=(), doomed=None)).replace(" character die", " die")
    if f.doomed is not None and plain in ("die", "character die"):     # "if that damage KOs it"
        return "that damage KOs it" if bool(at_least) == f.doomed else "that damage does not KO it"
    zones = f.zones or ((f.zone,) if f.zone not in ("field", "any") else ())
    if zones and described in ("die", "character die"):     # only where it is now: "it is in the Used Pile"
        where = " or ".join(ZONE_WORDS[z] for z in zones)
        return f"it is now in the {where}" if at_least else f"it is not in the {where}"
    if at_least is None or at_least == 0:
        return "none of them is " + described
    return "it is " + ("an " if described[:1].lower() in "aeiou" else "a ") + described


def chosen(phrase: str, count: int, up_to: bool) -> str:
    """Dice chosen, not targeted: "1 of your Batman dice", "up to 2 Sidekick dice"."""
    how_many = f"up to {count}" if up_to else str(count)
    return f"{how_many} {phrase}" if not phrase.startswith(("your ", "those ")) else f"{how_many} of {phrase}"


def limited(amount: Amount, base: str) -> str:
    """An amount halved or kept between limits, in words ("those dice" totalled)."""
    if amount.stat is not None and amount.of == "it":
        base += " of those dice"
    if amount.half:
        base = f"half {base}, rounded {amount.half}"
    if amount.at_most is not None:
        base += f" (at most {amount.at_most})"
    if amount.at_least is not None:
        base += f" (at least {amount.at_least})"
    return base


def plain(effect: Effect) -> Effect:
    """The effect without its own conditions (rendered after "if ...")."""
    return replace(effect, conditions=())


def either(amount: Amount, base: str) -> str | None:
    """ "2 if there are any of your X dice (else 1)": a count kept at most 1, plus a number."""
    if amount.at_most != 1 or amount.count is None or amount.half or amount.times != 1:
        return None
    what = base.removeprefix("the number of ").removesuffix(" (at most 1)").replace("your ", "of your ", 1)
    return f"{amount.plus + 1} if there are any {what} (else {amount.plus})"


def move_effect(effect: Effect, to: str, amount: str, dice_words: Callable[[DieFilter], str]) -> str:
    """The ``field``, ``roll`` and ``buy`` effects, and a draw kept only when every die
    matches, in words."""
    if effect.op == "buy":
        return _buy(effect)
    if effect.op == "draw" and effect.keep:
        return _draw_and_keep(effect, amount)
    if effect.op == "draw":
        each = dice_words(replace(effect.match or DieFilter(kind="any"), zone="field")).replace(" die", " dice")
        where = "roll them into your Reserve Pool" if effect.into in ("", "reserve") else \
            "field them for free" if effect.into == "field" else f"put them in your {ZONE_WORDS[effect.into]}"
        many = "that many" if amount == "the chosen number" else amount
        return (f"draw {many} dice from your bag: if all of them are {each}, {where}; otherwise"
                f" put them in your {ZONE_WORDS[effect.otherwise or 'bag']}")
    how_many = f"{amount} of " if not (effect.amount.is_fixed and effect.amount.fixed == 0) else ""
    if effect.op == "field":
        level = f" at level {effect.level}" if effect.level else ""
        return f"field {how_many}{to}{level} for free"
    into = f" and put {'it' if to == 'it' or effect.to.target == 1 else 'them'} in your {ZONE_WORDS[effect.into]}" \
        if effect.into else ""
    return f"roll {how_many}{to}{into}"


def _buy(effect: Effect) -> str:
    """ "you may buy a Dick Grayson die for 3 energy ([mask] among it) and put it in your
    Prep Area"."""
    f = effect.to.die
    what = f"a {' or '.join(f.names)} die" if f.names else "a die of this card" if f.this else "a die"
    if effect.cost is not None and effect.cost.amount:
        types = "".join(f"[{t}]" for t in effect.cost.types)
        price = f" for {effect.cost.amount} energy" + (f" ({types} among it)" if types else "")
    elif effect.cost is not None:
        price = ""      # the ability's own cost paid for it
    else:
        price = f" for {effect.less} less than its cost (minimum 1)"
    into = f" and put it in your {ZONE_WORDS[effect.into]}" if effect.into else ""
    return f"{'you may ' if effect.optional else ''}buy {what}{price}{into}"


def _draw_and_keep(effect: Effect, amount: str) -> str:
    """"draw 2 dice, roll 1 of them into your Reserve Pool and return the other to your bag"."""
    kept = ("up to " if effect.keep_up_to else "") + ("1 of them" if effect.keep == 1 else f"{effect.keep} of them")
    at_level = f" at level {effect.level}" if effect.level else ""
    where = {"": f"roll {kept} into your Reserve Pool", "reserve": f"roll {kept} into your Reserve Pool",
             "prep": f"Prep {kept}", "field": f"field {kept}{at_level} for free"}.get(
        effect.into, f"put {kept} in your {ZONE_WORDS[effect.into]}")
    rest = "the other" if not effect.keep_up_to and amount.isdigit() and int(amount) - effect.keep == 1 else "the rest"
    other = effect.otherwise or "bag"
    back = f"return {rest} to your bag" if other == "bag" else (
        f"Prep {rest}" if other == "prep" else f"roll {rest} into your Reserve Pool" if other == "reserve"
        else f"put {rest} in your {ZONE_WORDS[other]}")
    return f"draw {amount} dice from your bag, {where} (your choice) and {back}"


def stun_words(op: str, to: str) -> str:
    """Stun tokens go on (or come off) the card of the dice reached."""
    if op == "stun":
        return f"put a Stun token on the card of {to} (a stunned card's dice can't attack or block; its owner may " \
               "pay [2] whenever they could use a global to remove a token)"
    return f"remove a Stun token from the card of {to}"


def different(text: str) -> str:
    """"a different target": "1 target character die" -> "a different target character die"."""
    if text.startswith(("1 target", "target")):
        return "a different " + text.removeprefix("1 ")
    return "different " + text


def face_words(effect: Effect, to: str) -> str:
    """turn_to_energy, turn_to_face and double_printed (ig 77-152)."""
    their = "their" if to.endswith(" dice") else "its"
    if effect.op == "turn_to_energy":   # "turn ... to an energy face you pick" / "energy faces your opponent picks"
        one = effect.to.target <= 1 and effect.to.target_count is None
        single = effect.amount.is_fixed and effect.amount.fixed == 1     # "single energy faces" only
        face = ('a single energy face' if single else 'an energy face') if one else \
            ('single energy faces' if single else 'energy faces')
        return (f"turn {to} to {face} "
                f"{'your opponent picks' if effect.by == 'opponent' else 'you pick'}")
    if effect.op == "turn_to_face":
        face = f"level {effect.level} character face" if effect.level else f"[{effect.face}] face"
        return f"turn {to} to {their} {face}"
    if effect.op == "energize":
        return f"{to} {'use their' if to.endswith(' dice') else 'uses its'} Energize"
    if effect.op == "printed_attack_from":
        return f"until end of turn the die picked has, on every level, the printed A of the card of {to}"
    if effect.op == "back_to_card":
        plural = to.endswith(" dice")
        return f"{to} {'go' if plural else 'goes'} back to {'their' if plural else 'its'} card at the end of " \
            f"the turn or when {'they leave' if plural else 'it leaves'} the Field Zone"
    if effect.duration == "static":     # a "while active" one: for as long as it holds
        return f"{to} {'have' if to.endswith(' dice') else 'has'} {their} printed A doubled, on every level"
    return f"double the printed A of {to} until end of turn"
