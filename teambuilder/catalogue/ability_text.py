"""Card text rendered from the ability language: the same data the engine executes, so the two cannot drift
apart. A scripted ability brings its own ``text``; everything else is rendered here, a clause per effect."""

from __future__ import annotations

from dataclasses import replace

from teambuilder.catalogue import ability_text_moves as refs
from teambuilder.catalogue import ability_words as wording
from teambuilder.catalogue.abilities import KEEP, Ability, Amount, Condition, Effect, Selector
from teambuilder.catalogue.ability_cost_text import amount_condition_words, amount_words, keep_words, priced
from teambuilder.catalogue.ability_dice_text import (
    AFFILIATION_NAMES,
    a_die,
    describe_dice,
    distinct_characters,
)
from teambuilder.catalogue.ability_rule_words import rule_sentences
from teambuilder.catalogue.ability_words import KEYWORD_LABELS, KEYWORD_PREFIXES, LABEL_IFS, TRIGGER_LABELS, ZONE_WORDS
from teambuilder.catalogue.ability_words import verb as _verb

__all__ = ["AFFILIATION_NAMES", "a_die", "describe_dice", "describe_effect", "render_ability", "render_card_text"]


def describe_selector(to: Selector) -> str:
    if to.player is not None:
        # An owner narrows a target player: "target opponent" (the engine offers only them).
        target = {"opponent": "target opponent", "you": "you"}.get(to.die.owner or "", "target player")
        return {"you": "you", "opponent": "your opponent", "each": "each player", "target": target,
                "active": "the active player", "event": "that player"}[to.player]
    if to.chosen and to.target_count is None:
        return refs.chosen(describe_dice(to.die, plural=to.target > 1 or to.die.owner == "you"), to.target, to.up_to)
    if to.target_count is not None:     # "X target dice"
        return f"as many {'of ' if to.chosen else 'target '}{describe_dice(to.die, plural=True)} as " \
            f"{describe_amount(to.target_count)}"
    if to.targets:
        text = describe_dice(to.die, plural=to.target > 1, target=to.target, up_to=to.up_to)
        text = refs.different(text) if to.different else text
        return text + (" or target player" if to.or_player else "")
    if to.die.this or to.die.event or to.die.engaged or to.die.this_card or to.die.partner or to.die.equipped \
            or to.die.it:
        return describe_dice(to.die)
    if to.die.owner == "you":
        return describe_dice(to.die, plural=True)
    return "each " + describe_dice(to.die) + keep_words(to.keep)


def describe_amount(amount: Amount) -> str:
    if amount.is_fixed:
        return str(amount.fixed)
    if amount.count is not None:
        what = {"dice": describe_dice(amount.count, plural=True),
                "cards": distinct_characters(amount.count),
                "affiliations": "different affiliations among " + describe_dice(amount.count, plural=True),
                "types": "different energy types among " + describe_dice(amount.count, plural=True),
                "sharing_affiliation": describe_dice(amount.count, plural=True) + " sharing one affiliation",
                }[amount.distinct]
        base = f"the number of {what}"
    elif amount.stat is not None and amount.highest is not None:
        stat = {"attack": "A", "defense": "D", "fielding": "fielding cost"}.get(amount.stat, amount.stat)
        base = f"the highest {stat} among {describe_dice(amount.highest, plural=True)}"
    elif amount.stat is not None:
        whose = {"this": "this die's", "event": "that die's", "target": "the target's", "it": "the total"}[amount.of]
        base = f"{whose} {'A' if amount.stat == 'attack' else 'D' if amount.stat == 'defense' else amount.stat}"
    elif amount.energy is not None:
        base = f"the [{amount.energy}] energy in {'your opponent’s' if amount.of != 'this' else 'your'} Reserve Pool"
    elif amount.reserve_types:
        base = "the different energy types in your Reserve Pool"
    else:
        base = amount_words(amount)
    base = refs.limited(amount, base)
    if (whole := refs.either(amount, base)) is not None:
        return whole
    if amount.times != 1:
        base = f"{amount.times} times {base}"
    if amount.plus:
        base += f" plus {amount.plus}" if amount.plus > 0 else f" minus {-amount.plus}"
    return base


def _per(amount: Amount) -> str:
    """ "+1A per X": a counted multiplier in words."""
    if amount.is_fixed:
        return ""
    text = describe_amount(amount)
    text = text.removeprefix("the number of ").removeprefix("the ")
    return " per " + text.replace("characters", "character").replace("energy types", "energy type")


_ONLY_BURST = (Condition("burst", value="true"),)


def describe_effect(effect: Effect) -> str:
    """One effect in words, with its own ``if:`` ("Burst: also ...") and its ``instead:``."""
    if effect.unless is not None or effect.pay is not None or effect.op == "choose":
        return priced(effect, describe_effect)
    text = _describe_effect(effect)
    if effect.chooser and effect.targets and effect.op != "pick":
        text += " (your opponent picks the target)"
    if effect.instead is not None:
        text += (f"; if {' and '.join(describe_condition(c) for c in effect.instead.conditions)}, "
                 f"{_describe_effect(effect.instead)} instead")
    if effect.conditions == _ONLY_BURST:
        return f"Burst: also {text}"
    if effect.conditions:
        return f"if {' and '.join(describe_condition(c) for c in effect.conditions)}, {text}"
    return text


def _describe_effect(effect: Effect) -> str:
    to = describe_selector(effect.to)
    amount = describe_amount(effect.amount)
    op = effect.op
    until = wording.DURATION_WORDS.get(effect.duration, "")
    if op == "script":
        return "the effect written on the card happens"      # (its words are the card's own text)
    if op in ("stun", "unstun"):
        return refs.stun_words(op, to)
    if op in ("field", "roll", "buy") or op == "draw" and (effect.all or effect.keep):
        return refs.move_effect(effect, to, amount, describe_dice)
    if op == "damage":
        if effect.split:
            among = describe_dice(effect.to.die, plural=True)
            return f"deal {amount} damage divided as you choose among target {among}"
        return f"deal {amount} damage to {to}"
    if op == "gain_life":
        return f"{'you gain' if to == 'you' else to + ' gains'} {amount} life"
    if op == "lose_life":        # (a counted amount may already say "life": "your opponent's life")
        return f"{'you lose' if to == 'you' else to + ' loses'} {amount}{'' if amount.endswith('life') else ' life'}"
    if op == "modify":
        parts = []
        if effect.attack:
            parts.append(f"{effect.attack:+d}A")
        if effect.defense:
            parts.append(f"{effect.defense:+d}D")
        per = _per(effect.amount) if not (effect.amount.is_fixed and effect.amount.fixed == 0 or effect.split) else ""
        return f"{_verb(to, 'gets', 'get')} {' and '.join(parts)}{per}{until}" if parts else f"choose {to}"
    if op == "set_stats" and effect.defense == KEEP:
        return f"{_verb(to, 'has', 'have')} {effect.attack}A{until}"
    if op == "set_stats":
        return f"{to} is {effect.attack}A and {effect.defense}D{until}"
    if op == "swap_stats":
        return f"swap the A and D of {to}{until}"
    if op == "prevent" and effect.next_die:
        return f"prevent {amount} of the next damage to one of your character dice this turn"
    if op == "redirect":
        return f"redirect that damage to {to}"
    if op == "pick":
        return f"choose {to}"
    if op == "swap" and effect.to.chosen and (effect.to.target <= 1 or effect.by == "same_level"):
        face = {"same_face": ", which takes the face the chosen die showed",
                "same_level": " (in the order chosen), each at the level of the die it replaces"}.get(effect.by, "")
        return f"swap the chosen {'dice' if effect.by == 'same_level' else 'die'} with {to}{face}"
    if op == "remember":
        return f"choose {to}, replacing any earlier choice"
    if op == "prevent":
        how_much = "all damage" if effect.all else f"{amount} damage"
        return f"prevent {how_much} to {to} this turn"
    if op in ("spin_up", "spin_down"):
        levels = "1 level" if amount in ("0", "1") else f"{amount} levels"
        return f"spin {to} {'up' if op == 'spin_up' else 'down'} {levels}"
    if op == "set_level":
        return f"spin {to} to level {effect.level}"
    if op == "ko":
        return f"KO {to}" + (f" (it goes to the {ZONE_WORDS[effect.into]})" if effect.into else "")
    if op == "reroll":
        return f"reroll {to}" + (f"; on an energy face it goes to the {ZONE_WORDS[effect.into]}" if effect.into else "")
    if op == "remove_damage":
        return f"remove all damage from {to}"
    if op == "cancel_global":
        return "cancel that Global Ability"
    if op in ("lock_global", "end_global_effects"):
        return ("it can't be used " + ("until the start of your next turn" if effect.duration == "until_your_next_turn"
                                       else "this turn")) if op == "lock_global" else \
            "end every ongoing effect of Global Abilities"
    if op in ("turn_to_energy", "turn_to_face", "double_printed", "back_to_card", "printed_attack_from", "energize"):
        return refs.face_words(effect, to)
    if op == "move" and effect.into == "held":
        return f"put {to} on this card"
    if op == "move":
        kept = effect.to.die.held     # dice kept on this card go back to their owners' zones
        level = f" at level {effect.level}" if effect.level else \
            " at the level it had" if kept and effect.into == "field" else ""
        whose = "its owner's " if kept else "the " if effect.into not in ("prep", "used", "bag") else (
            "your " if effect.to.die.owner == "you" or effect.to.die.this else "its owner's ")
        how_many = f"{amount} of " if not (effect.amount.is_fixed and effect.amount.fixed == 0) else ""
        return f"move {how_many}{to} to {whose}{ZONE_WORDS[effect.into]}{level}"
    if op == "draw":
        count = "1 die" if amount in ("0", "1") else (
            f"{amount} dice" if effect.amount.is_fixed else f"as many dice as {amount}")
        into = effect.into or "reserve"
        them = "it" if count == "1 die" else "them"
        at_level = f" at level {effect.level}" if effect.level else ""
        where = {"reserve": f" and roll {them} into your Reserve Pool",
                 "prep": f" and Prep {them}",
                 "field": f" and field {them}{at_level}",
                 "used": " into your Used Pile", "bag": ""}.get(into, f" into your {ZONE_WORDS[into]}")
        if effect.match is not None:
            other = effect.otherwise or "bag"
            each = describe_dice(effect.match).replace("character die in the Field Zone", "character die")
            return (f"draw {count} from your bag: each {each}"
                    f" goes to your {ZONE_WORDS[into]}, any other to your {ZONE_WORDS[other]}")
        return f"draw {count} from your bag{where}"
    if op == "energy":
        return f"gain {amount} generic energy"
    if op in ("must_attack", "must_block", "cant_block", "cant_attack", "unblockable", "cant_attack_or_block"):
        verb = {"must_attack": "must attack", "must_block": "must block if able", "cant_block": "can't block",
                "cant_attack": "can't attack", "unblockable": "can't be blocked",
                "cant_attack_or_block": "can't attack or block"}[op]
        return f"{to} {verb}{until or ' this turn'}"
    if op == "gain_keyword":
        return f"{_verb(to, 'gains', 'gain')} {wording.keyword_words(effect.keyword, effect.amount.fixed)}{until}"
    if op == "gain_affiliation":
        return f"{to} gains the {effect.affiliation.replace('_', ' ').title()} affiliation{until}"
    if op == "out_of_play" and effect.level:
        return f"put {to} out of play until end of turn; it then goes to the Field Zone at level {effect.level}"
    if op == "out_of_play":
        hurt = f" and takes {effect.amount.fixed} damage" if effect.amount.fixed else ""
        return f"remove {to} from the Field Zone{until or ' until end of turn'} (it returns at the same level{hurt})"
    if op == "leave_combat":
        return f"take {to} out of combat (it stays in the Field Zone)"
    if op == "use_effect" and effect.cards == "it":
        return "use its effect at once" + (" (with its bursts)" if effect.bursts else "")
    if op == "use_effect" and effect.cards in ("attacks", "fielded", "energized"):
        return "use a copy of the " + {"attacks": "“when attacks” abilities", "fielded": "“when fielded” abilities",
                                       "energized": "Energize abilities"}[effect.cards] + f" of {to}" \
            + (", as this die's" if effect.cards != "energized" else "")
    if op == "use_effect":
        return ("use a copy of that action die" + (" (with its bursts)" if effect.bursts else "")
                if effect.cards == "event" else "use the effect of each Basic Action Card in play, without bursts")
    if op == "borrow_text":
        return f"until end of turn this card's text is the text of the card of {to}" if effect.duration != "static" \
            else f"for the rest of the game this card's text is that of the card of {to}, with this card's name for its"
    if op in ("capture", "control", "copy", "swap", "take_stats", "retarget"):
        return {"capture": f"capture {to} until end of turn", "control": f"take control of {to} until end of turn",
                "retarget": "change that target to a character die of your choice",
                "copy": f"the first of {to} becomes a copy of the second", "swap": f"swap {to}",
                "take_stats": f"{to} take on the A and D of {a_die(effect.match) if effect.match else 'a die'}"}[op]
    if op == "token":
        named = f"{effect.name} " if effect.name else "character "
        attacking = ", attacking" if effect.by == "attacking" else ""
        return f"create {amount} {effect.attack}A/{effect.defense}D {named}token(s){attacking}"
    if op == "card_token":
        tokens = "a +1A/+1D token" if amount in ("0", "1") else f"{amount} +1A/+1D tokens"
        return f"put {tokens} on the card of {to}"
    if op == "rule":
        return describe_rule(effect) + wording.RULE_DURATION_WORDS.get(effect.duration, "")
    if op == "schedule":
        return f"ability {effect.ability} below applies {wording.SCHEDULE_WORDS[effect.duration == 'turn']}"
    return op


def describe_rule(effect: Effect) -> str:
    who = describe_dice(effect.applies_to, plural=True) if effect.applies_to is not None else \
        describe_selector(effect.to) if effect.to.player is None else "dice"    # (to: a rule on the chosen dice)
    amount = describe_amount(effect.amount)
    match = describe_dice(effect.match, plural=True) if effect.match is not None else ""
    rule = effect.rule
    if rule in ("purchase_cost", "field_cost", "global_cost", "action_cost"):
        what = {"purchase_cost": f"purchasing {who}", "field_cost": f"fielding {who}",
                "global_cost": "using a global ability" + (" (your opponent)" if effect.by == "opponent" else ""),
                "action_cost": {"opponent": "each action die your opponent uses", "you": "each action die you use"}
                .get(effect.by, "using an action die")}[rule]
        if effect.amount.is_fixed:
            n = effect.amount.fixed
            return f"{what} costs {abs(n)} {'more' if n > 0 else 'less'}"
        step = abs(effect.amount.times)
        per = _per(Amount(count=effect.amount.count, distinct=effect.amount.distinct, stat=effect.amount.stat,
                          of=effect.amount.of, energy=effect.amount.energy, reserve_types=effect.amount.reserve_types))
        return f"{what} costs {step} {'less' if effect.amount.times < 0 else 'more'}{per}"
    by_whom = ("your opponent’s" if effect.by == "opponent_any"
               else effect.by.replace("opponent_", "your opponent’s ").replace("_", " ") if effect.by else "")
    words = rule_sentences(effect, who, amount, match, by_whom)
    return words.get(rule, rule.replace("_", " "))


def describe_condition(condition: Condition) -> str:
    kind = condition.kind
    if kind == "count":
        assert condition.die is not None
        if condition.die.it:
            return refs.it_condition(condition.die, condition.at_least, describe_dice)
        what = describe_dice(condition.die, plural=True)
        if condition.die.this:
            where = "anywhere" if condition.die.zone == "any" else "in the " + ZONE_WORDS[condition.die.zone]
            return f"this die is {where}" if condition.at_least else f"this die is not {where}"
        if condition.at_least is not None and condition.at_most is None:
            if condition.at_least == 1:
                return f"there is {a_die(condition.die)}"
            return f"you have {condition.at_least} or more {what}"
        if condition.at_most == 0:
            if condition.die.owner == "you":
                return "you have no " + describe_dice(replace(condition.die, owner=None), plural=True)
            return f"there are no {what}"
        if condition.at_least == condition.at_most:
            return f"there are exactly {condition.at_most} {what}"
        return f"the number of {what} is between {condition.at_least or 0} and {condition.at_most}"
    if kind == "event":
        assert condition.die is not None
        return f"that die is a {describe_dice(condition.die)}"
    return (LABEL_IFS.get(kind) or wording.condition_words(kind, condition.value)
            or amount_condition_words(condition, describe_amount))


def render_ability(ability: Ability) -> str:
    """One ability as a line of card text."""
    if ability.text:
        body = ability.text
        for label in wording.WRITTEN_LABELS:   # the label is rendered from the trigger, not repeated
            if body.startswith(label):
                body = body[len(label):].strip()
                body = body[:1].upper() + body[1:]
        if not body.endswith((".", "!", "?", ")", '"', "”")):
            body += "."                     # (a written sentence is a sentence on the card too)
    else:
        clauses = [describe_effect(e) for e in ability.effects if e.op != "script"]
        if ability.modes:
            clauses.append(("your opponent chooses one: " if ability.chooser else "choose one: ") + "; or ".join(
                ", then ".join(describe_effect(e) for e in mode) for mode in ability.modes))
        body = ", then ".join(c for c in clauses if c)
        if not body:
            body = "the effect written on the card happens"     # (a script with no text of its own)
        if ability.effects and ability.effects[0].if_done is False and len(ability.effects) > 1:
            body = "; ".join(_join_if_done(ability.effects)) or body   # (scripts alone: keep the default)
        if ability.chooser and not ability.modes:   # the opponent picks the dice it reaches
            body = "your opponent chooses the dice: " + body
        if ability.optional and not body.startswith("you may"):
            body = "you may " + (body[4:] if body.startswith("you ") else body)    # (not "you may you gain")
        if conditions := [c for c in ability.conditions if c.kind not in wording.LABELLED_CONDITIONS]:
            body = "if " + " and ".join(describe_condition(c) for c in conditions) + ", " + body
        body = body[:1].upper() + body[1:] + (" instead." if ability.trigger in wording.INSTEAD_TRIGGERS else ".")
    side = next((f" ({c.value} side)" for c in ability.conditions if c.kind == "side"), "")
    return f"{_label(ability)}{side}: {body}"


def _join_if_done(effects: tuple[Effect, ...]) -> list[str]:
    parts: list[str] = []
    for effect in effects:
        if effect.op == "script":
            continue
        text = describe_effect(effect)
        if effect.if_done and parts:
            parts[-1] += f". If you did, {text}"
        elif effect.if_not_done and parts:
            parts[-1] += f". If it could not, {text}"
        else:
            parts.append(text)
    return parts


def _label(ability: Ability) -> str:
    if ability.trigger == "global":
        cost = "".join(f"[{part}]" for part in (ability.cost.notation().split("+") if ability.cost else []))
        limit = {"once_per_turn": ", once per turn", "your_turn": ", only on your turn", "opponent_turn":
                 ", only on your opponent's turn", "once_on_your_turn": ", once per turn, only on your turn"}.get(
            ability.limit or "", "")
        reactive = {"damaged": ", when damage would be dealt",
                    "targeted": ", when an action die targets a character die",
                    "dealt": ", right after something you control deals damage"}.get(ability.reactive or "", "")
        if ability.owner_only:      # the owner's own card ability, used as a global is (not a Global Ability)
            own = ", ".join(p for p in (cost if cost != "[0]" else "", limit[2:], "when you could use a global") if p)
            return f"Your ability ({own})"
        life = f", {ability.life_cost} life" if ability.life_cost else ""
        return f"{'Synergy' if ability.keyword == 'synergy' else 'Global'} ({cost}{life}{limit}{reactive})"
    if ability.trigger == "action" and (ability.usable or ability.limit):     # when the die may be used
        when = [f"usable only if {' and '.join(map(describe_condition, ability.usable))}"] * bool(ability.usable)
        when += ["one die of this card a turn"] * (ability.limit == "once_per_turn")
        return f"{TRIGGER_LABELS.get('action', 'Action')} ({'; '.join(when)})"
    if ability.keyword in KEYWORD_LABELS:
        return KEYWORD_LABELS[ability.keyword]
    label = TRIGGER_LABELS.get(ability.trigger, ability.trigger)
    if "{when}" in label:
        label = label.replace("{when}", a_die(ability.when) if ability.when else "a die")
    if "{" in label:        # a step or keyword event: the step or keyword its filter names
        named = {c.kind: c.value for c in ability.conditions}
        step = wording.STEP_WORDS.get(named.get("event_step", ""))
        keyword = named.get("event_keyword", "")
        label = label.replace("{step}", f"each {step}" if step else "each step").replace(
            "{keyword}", keyword.replace("_", " ").title() if keyword else "a keyword")
    if ability.anywhere and not ability.scheduled:      # (it works while the card is not active too)
        label = label.replace("While active, whenever", "Whenever").replace("While active, at", "At")
    if ability.limit in ("once_per_turn", "once_per_turn_shared") and not ability.scheduled:
        label += f" (the first time each turn{' for any of these' * (ability.limit != 'once_per_turn')})"
    if ability.scheduled:
        label = (label.replace("While active, whenever", "This turn, whenever")
                 .replace("While active, at the end of each turn", "At the end of this turn")
                 .replace("While active", "This turn"))
    return f"{KEYWORD_PREFIXES[ability.keyword]} - {label}" if ability.keyword in KEYWORD_PREFIXES else label


def render_card_text(abilities: tuple[Ability, ...], keywords: tuple[str, ...], keyword_names: dict[str, str],
                     fallback: str) -> str:
    """The card's text: its keywords, then one line per ability; ``fallback`` when it has no structured ones."""
    if not abilities:
        return fallback
    named = [". ".join(keyword_names.get(k, k.replace("_", " ").title()) for k in keywords) + "."] if keywords else []
    return "\n".join(named + [render_ability(a) for a in abilities])
