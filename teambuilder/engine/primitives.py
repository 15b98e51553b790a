"""Effect primitives: what each ``do:`` of the ability language does to the dice and players its selector reached.
``apply`` runs one and returns whether anything happened (for ``if_done``). Damage is only queued (a DamageEvent), so
prevention and redirection act before it lands; moves, spins, KOs, stats: ``effects``; fielding/rolling: ``moves``."""

from __future__ import annotations

from teambuilder.catalogue.abilities import KEEP, RULES, Effect
from teambuilder.engine import borrowing, choices, keeping, keywords, ko_instead, moves, rules, scripts, selectors, stun
from teambuilder.engine.die_facts import ZONE_OF
from teambuilder.engine.effects import EVERYTHING, ko, move, reroll_fielded
from teambuilder.engine.events import stats_raised
from teambuilder.engine.face_turning import (
    double_printed,
    printed_attack_from,
    set_level,
    turn_to_energy,
    turn_to_face,
)
from teambuilder.engine.global_targets import cancel_global, end_global_effects, lock_global, origin
from teambuilder.engine.references import counted, explained
from teambuilder.engine.rolling import draw, roll
from teambuilder.engine.selectors import Context
from teambuilder.engine.stat_taking import take_stats_now
from teambuilder.engine.state import (
    AFFILIATION_MARK,
    KEYWORD_MARK,
    DamageEvent,
    Die,
    StatModifier,
    Zone,
    affiliation_mark,
    keyword_mark,
)
from teambuilder.engine.targets import picked_times, retarget_unanswered

ENDLESS = 10 ** 9       # a penalty no bonus outweighs


def players_of(ctx: Context, who: str | None, chosen: list[int] | None = None) -> list[int]:
    me = ctx.controller
    if who in ("you", "opponent"):
        return [me] if who == "you" else [1 - me]
    if who == "each":
        return [ctx.game.active, ctx.game.inactive]
    if who in ("active", "event"):
        return [ctx.game.active] if who == "active" else [] if ctx.event_player is None else [ctx.event_player]
    return list(chosen or [])


def _some(results: list[bool]) -> bool:
    """Whether any die was affected; takes a full list so every die is processed."""
    return any(results)


def value(ctx: Context, effect: Effect) -> int: return selectors.amount(ctx, effect.amount)  # noqa: E704


# Effects whose "it" is the dice they moved (a KO that Iron Will stopped moved nothing).
_MOVING = frozenset(("ko", "move", "field"))


def apply(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Run one primitive; True when it did something (for ``if_done``). The dice it
    reached (moved, for a moving effect; drawn, for a draw) become "it" for the ability's
    later effects."""
    handler = HANDLERS.get(effect.op)
    if handler is None:
        raise ValueError(f"effect {effect.op!r} has no handler")
    acting = ctx.game.this_turn.acting
    acting.append(ctx.controller)            # who moves dice now (Aftershock)
    try:
        if effect.op in _MOVING:
            before = [d.zone for d in dice]
            done = handler(ctx, effect, dice, players)
            ctx.it = [d for i, d in enumerate(dice) if d.zone is not before[i]]
            return done
        done = handler(ctx, effect, dice, players)
    finally:
        acting.pop()
    if dice:
        ctx.it = list(dice)
    return done


def _damage(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    amount = value(ctx, effect)
    if explained(effect.amount) and not effect.split and ctx.slot is not None:
        # A counted amount: the log says what it came to, and from what.
        ctx.game.say(f"{ctx.game.slots[ctx.slot].card.card.name} deals {amount} damage "
                     f"({counted(ctx, effect.amount)}).", ctx.controller)
    if amount <= 0 and not effect.amount.is_fixed:
        return False        # a count that came to nothing deals no damage
    if effect.split:
        # Split damage: each pick of the same die is 1 damage to it.
        amount = 1
    source = None if ctx.source is None else ctx.source.id
    # Damage remembers what dealt it: a global, an action, a "when fielded" ability...
    kind = "fielded" if ctx.trigger == "fielded" else ctx.kind
    queue, by, slot = ctx.game.damage_queue, ctx.controller, ctx.slot
    queue += [DamageEvent(amount, source, player=p, kind=kind, by=by, slot=slot) for p in players]
    queue += [DamageEvent(amount, source, die=d.id, kind=kind, by=by, slot=slot) for d in dice]
    return bool(amount and (players or dice))


def _gain_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    for player in players:
        ctx.game.gain_life(player, value(ctx, effect))
    return bool(players)


def _lose_life(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    amount = value(ctx, effect)
    ctx.game.lose_life({player: amount for player in players})   # together: one effect
    return bool(players) and amount > 0


def _energy(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    amount = value(ctx, effect)
    ctx.game.players[ctx.controller].virtual += amount
    ctx.game.say(f"gains {amount} generic virtual energy.", ctx.controller)
    return amount > 0


def _modify(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    times = 1 if effect.amount.is_fixed and not effect.amount.fixed or effect.split else value(ctx, effect)
    kind = "while_attacking" if effect.duration == "while_attacking" else "add"
    for die, picks in picked_times(dice):       # (split: a die picked in k groups gets k times the bonus)
        a, d = effect.attack * times * picks, effect.defense * times * picks
        die.modifiers.append(StatModifier(a, d, origin(ctx), kind))
        ctx.game.say(f"{ctx.game.die_name(die)} gets {a:+d}A {d:+d}D{' while attacking' * (kind != 'add')} this turn.",
                     die.owner)
        stats_raised(ctx.game, die, a, d)        # "each time an effect raises its A or D" (Corsair 64dps)
    return bool(dice)


def _set_stats(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    for die in dice:
        if effect.defense == KEEP:      # only A is set: 0 is an endless penalty, N overrides A alone
            die.modifiers.append(StatModifier(effect.attack, 0, "effect", "set_attack") if effect.attack
                                 else StatModifier(-ENDLESS, 0, "effect"))
            ctx.game.say(f"{ctx.game.die_name(die)} has {effect.attack}A this turn.", die.owner)
            continue
        die.modifiers.append(StatModifier(effect.attack, effect.defense, "effect", "set"))
        ctx.game.say(f"{ctx.game.die_name(die)} is {effect.attack}A {effect.defense}D this turn.", die.owner)
    return bool(dice)


def _swap_stats(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    for die in dice:
        die.modifiers.append(StatModifier(0, 0, "effect", "swap"))
        ctx.game.say(f"{ctx.game.die_name(die)} swaps its A and D this turn.", die.owner)
    return bool(dice)


def _prevent(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    amount = EVERYTHING if effect.all else value(ctx, effect)
    shields = ctx.game.this_turn.shields
    if effect.next_die:
        # "When a character die you control would next take damage this turn": one shield,
        # used up by the first damage to any of them (``damage``).
        key = ("next_die", ctx.controller)
        shields[key] = shields.get(key, 0) + amount
        ctx.game.say(f"will prevent {amount} of the next damage to one of their character dice this turn.",
                     ctx.controller)
        return True
    for player in players:
        shields[("player", player)] = shields.get(("player", player), 0) + amount
    for die in dice:
        shields[("die", die.id)] = shields.get(("die", die.id), 0) + amount
    return bool(players or dice)


def _spin(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    levels = max(value(ctx, effect), 1) * (1 if effect.op == "spin_up" else -1)
    dice = rules.stopped(ctx.game, dice, ctx.controller, ctx.kind, *rules.SPIN_RULES[levels > 0]) if dice else dice
    return _some([ko_instead.spin_unless_held(ctx.game, die, ctx.controller, levels=levels) for die in dice])


def _ko(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    into = ZONE_OF[effect.into] if effect.into else Zone.PREP
    return _some([ko(ctx.game, die, into, by=ctx.controller) for die in dice])


def _reroll(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    for die in (dice := rules.rerollable(ctx.game, dice, ctx.controller, ctx.kind)):     # cant_reroll holds some back
        if not ko_instead.hold_reroll(ctx.game, die, into := ZONE_OF.get(effect.into, Zone.RESERVE), ctx.controller):
            reroll_fielded(ctx.game, die, into)
    return bool(dice)


def _move(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    if not effect.amount.is_fixed or effect.amount.fixed:
        dice = dice[:value(ctx, effect)]
    for die in (dice if effect.into != "held" else []):
        die.owner = ctx.controller if die.zone is Zone.CARD and die.owner is None else die.owner   # (off its card)
        move(ctx.game, die, ZONE_OF[effect.into], effect.level or None)
    return moves.hold(ctx, dice) if effect.into == "held" else bool(dice)


def _draw(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Draw; each drawn die goes ``into`` when it ``match``es (with ``all``: when every
    drawn die matches, all of them do), else ``otherwise``. The drawn dice become "it"."""
    count = max(value(ctx, effect), 1)
    if effect.keep:
        return keeping.draw_and_keep(ctx, effect, count, players)
    drawn_any = False
    ctx.it = []
    for player in players:
        drawn = draw(ctx.game, player, count)
        drawn_any = drawn_any or bool(drawn)
        if len(drawn) > 1 and (effect.into or "reserve") == "reserve" and effect.match is None:
            ctx.game.say(f"draws and rolls {len(drawn)} dice.", player)
        ctx.it += drawn
        every = effect.all and len(drawn) == count and all(
            effect.match is None or selectors.matches(ctx, d, effect.match) for d in drawn)
        for die in drawn:
            fits = every if effect.all else effect.match is None or selectors.matches(ctx, die, effect.match)
            into = effect.into or "reserve"
            if not fits:
                into = effect.otherwise or "bag"
            if into == "field" and not effect.roll:
                ctx.game.say(f"draws {die.spec.name}.", player)
                moves.field(ctx, Effect("field", level=effect.level), [die], [])
                if die.zone is not Zone.FIELD:
                    move(ctx.game, die, ZONE_OF[effect.otherwise or "used"])
                continue
            if into == "reserve" or into == "field" or effect.roll and fits:
                roll(ctx.game, die)
                ctx.game.say(f"draws and rolls {die.spec.name}: {die.spec.faces[die.face].describe()}.", player)
            else:
                ctx.game.say(f"draws {die.spec.name}.", player)
            if into == "reserve":
                die.zone = Zone.RESERVE
            else:
                move(ctx.game, die, ZONE_OF[into], effect.level if into == "field" and effect.level else None)
            if fits:
                ctx.targets.append(die)
    return drawn_any


def _mark(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """must_attack, must_block, cant_block, cant_attack (or both: cant_attack_or_block),
    unblockable, gain keyword or affiliation: a mark on the die for this turn, or a rule on
    it for longer."""
    ops = ("cant_attack", "cant_block") if effect.op == "cant_attack_or_block" else (effect.op,)
    for die in dice:
        for op in ops:
            mark = {"gain_keyword": keyword_mark(effect.keyword),
                    "gain_affiliation": affiliation_mark(effect.affiliation)}.get(op, op)
            if effect.duration in ("until_your_next_turn", "next_turn") or effect.amount.fixed:   # Range 2
                rule_effect = Effect("rule", rule=op if op in RULES else "keyword", keyword=effect.keyword,
                                     amount=effect.amount)
                ctx.game.turn_rules.append(rules.ActiveRule(
                    ctx.controller, ctx.slot, rule_effect, dice=(die.id,), until_turn=_until(ctx, effect.duration)))
            else:
                die.flags.add(mark)
                ctx.game.this_turn.global_marks.update([(die.id, mark)] * (ctx.kind == "global"))
        shown = "cannot attack or block" if effect.op == "cant_attack_or_block" else \
            mark.replace(KEYWORD_MARK, "").replace(AFFILIATION_MARK, "now ").replace("_", " ")
        when = " during the next turn" if effect.duration == "next_turn" else " this turn"
        ctx.game.say(f"{ctx.game.die_name(die)}: {shown}{when}.", die.owner)
    return bool(dice)


def _next_own_turn(ctx: Context) -> int:
    """The turn number before the controller's next turn starts."""
    return ctx.game.turn_number + (1 if ctx.game.active == ctx.controller else 0)


def _until(ctx: Context, duration: str) -> int:
    """The last turn a rule of this duration holds in (0: this turn only). ``next_turn``
    is "during the next turn" (whoever's it is): it holds through the next turn too."""
    if duration == "until_your_next_turn":
        return _next_own_turn(ctx)
    if duration in ("next_turn", "until_used"):     # ("until_used": over turns, until a purchase uses it)
        return ctx.game.turn_number + (1 if duration == "next_turn" else 1 << 30)
    return 0


def _rule(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """A rule for a while: this turn, until your next turn, or ``once`` (ended by the first purchase it changes)."""
    until = _until(ctx, effect.duration)
    if effect.rule == "no_text" and effect.by != "die":
        # A card loses its text: the rule is on the cards of the chosen dice, wherever they go.
        slots = tuple(sorted({d.copy_of if d.copy_of is not None else d.slot for d in dice if d.slot is not None}))
        ctx.game.turn_rules.append(rules.ActiveRule(ctx.controller, ctx.slot, effect, slots=slots, until_turn=until))
        for slot in slots:
            ctx.game.say(f"{ctx.game.slots[slot].card.card.full_name} loses its text"
                         f"{' this turn' if until == 0 else ' until your next turn'}.", ctx.controller)
        return bool(slots)
    for die in dice if effect.rule == "no_text" else ():   # (by: die) only these dice: their card keeps its globals
        ctx.game.say(f"{ctx.game.die_name(die)} loses its text this turn.", ctx.controller)
    if effect.rule == "goes_instead" and not dice:
        return False        # a replacement for the chosen dice, and none was found
    # A rule on dice in the field ends when they leave it; on dice elsewhere (a die in the reserve
    # that costs less to field) it lasts its time. A replacement follows its dice wherever they go.
    ctx.game.turn_rules.append(rules.ActiveRule(
        ctx.controller, ctx.slot, effect, None if ctx.source is None else ctx.source.id,
        dice=tuple(d.id for d in dice), until_turn=until,
        bound_to_field=effect.rule != "goes_instead" and all(d.zone is Zone.FIELD for d in dice)))
    if effect.rule in ("field_cost", "purchase_cost") and dice:
        change = value(ctx, effect)
        what = "to field" if effect.rule == "field_cost" else "to purchase"
        for die in dice:
            ctx.game.say(f"{ctx.game.die_name(die)} costs {abs(change)} {'less' if change < 0 else 'more'} {what}"
                         f" this turn.", ctx.controller)
    if effect.rule == "double_damage":
        for die in dice:
            ctx.game.say(f"damage dealt by {die.spec.name} is doubled.", ctx.controller)
    return True


def _schedule(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Switch on one of the card's ``scheduled`` abilities ("this turn, whenever ...")
    for the controller, until end of turn (or until their next turn)."""
    if ctx.slot is None:
        return False
    until = {"turn": 0, "until_your_next_turn": _next_own_turn(ctx)}.get(effect.duration, 0)
    ctx.game.scheduled.append((ctx.controller, ctx.slot, effect.ability - 1, until,
                               None if ctx.source is None else ctx.source.id,
                               tuple(d.id for d in ctx.targets), ctx.kind))
    return True


def _script(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    return scripts.run(effect.name, ctx, effect, dice, players)


def _choose(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """A named choice with nothing to ask (one option, or none); ``triggers`` asks the rest."""
    return choices.choose_only(ctx, effect)


def _capture(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    return _some([keywords.capture(ctx.game, ctx.source, die) for die in dice])


def _control(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    return _some([keywords.take_control(ctx.game, ctx.controller, ctx.source, die) for die in dice])


def _copy(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    if len(dice) < 2:
        return False
    return keywords.copy_die(ctx.game, dice[0], dice[1])


def _swap(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    return keywords.swap_by(ctx.game, ctx.it, dice, effect.by)


def _token(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    ctx.it = keywords.make_tokens(ctx.game, ctx.controller, effect, max(value(ctx, effect), 1))
    return True


def _out_of_play(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Remove dice from the field until end of turn (Intimidate, Mr. Freeze...): they come
    back to their owner's field at the same level at the end of the turn."""
    duration = effect.duration
    if duration == "until_opponent_turn_ends":
        # This turn if it is the opponent's, else through their next turn.
        duration = "until_your_next_turn" if ctx.game.active == ctx.controller else "turn"
    return _some([keywords.set_aside(ctx.game, d, duration, effect.level or None, value(ctx, effect)) for d in dice])


def _borrow_text(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    return borrowing.borrow_text(ctx, dice, effect.duration)


def _leave_combat(ctx: Context, effect: Effect, dice: list[Die], players: list[int]) -> bool:
    """Take dice out of combat: they stay in the field, and no combat damage passes between
    them and the dice they were engaged with (a blocker of several keeps blocking the others)."""
    for die in dice:
        for blocker in ctx.game.field_characters():
            if blocker.blocking == die.id:
                blocker.blocking = blocker.also_blocking.pop(0) if blocker.also_blocking else None
            elif die.id in blocker.also_blocking:
                blocker.also_blocking.remove(die.id)
        die.leave_combat()
        ctx.game.say(f"{ctx.game.die_name(die)} is taken out of combat.", die.owner)
    return bool(dice)


HANDLERS = {
    "damage": _damage, "gain_life": _gain_life, "lose_life": _lose_life, "energy": _energy, "modify": _modify,
    "set_stats": _set_stats, "swap_stats": _swap_stats, "prevent": _prevent, "spin_up": _spin, "spin_down": _spin,
    "set_level": set_level, "ko": _ko, "reroll": _reroll, "move": _move, "draw": _draw, "must_attack": _mark,
    "must_block": _mark, "cant_block": _mark, "cant_attack": _mark, "cant_attack_or_block": _mark, "unblockable": _mark,
    "gain_keyword": _mark, "gain_affiliation": _mark, "stun": stun.put_effect, "unstun": stun.take_off_effect,
    "rule": _rule, "script": _script, "capture": _capture, "control": _control, "copy": _copy, "swap": _swap,
    "token": _token, "out_of_play": _out_of_play, "schedule": _schedule, "choose": _choose,
    "borrow_text": _borrow_text, "leave_combat": _leave_combat, "field": moves.field, "roll": moves.roll_dice,
    "buy": moves.buy_dice, "turn_to_energy": turn_to_energy, "turn_to_face": turn_to_face, "lock_global": lock_global,
    "double_printed": double_printed, "card_token": moves.card_token, "retarget": retarget_unanswered,
    "remember": choices.remember_dice, "pick": moves.pick, "remove_damage": ko_instead.remove_damage,
    "end_global_effects": end_global_effects, "cancel_global": cancel_global, "back_to_card": moves.back_to_card,
    "printed_attack_from": printed_attack_from, "use_effect": borrowing.use_effect, "energize": moves.energize,
    "take_stats": take_stats_now,
}
