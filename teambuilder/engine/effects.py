"""Effect primitives, selectors, stats and KOs.

Stats: printed face values plus applied modifiers (this turn) plus static modifiers
(while a card is active), all added together before the floor at 0. A die whose damage
reaches its defense is KO'd to its owner's prep area; defense 0 means KO even unhurt.
Damage is never dealt here directly: it is queued as a DamageEvent so prevention and
redirection can interrupt before it lands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine.abilities import Ability, Effect
from teambuilder.engine.dice import CHARACTER
from teambuilder.engine.state import DamageEvent, Die, StatModifier, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game
    from teambuilder.engine.triggers import PendingTrigger


StaticBonuses = dict[int, tuple[int, int]]


def static_bonuses(game: Game) -> StaticBonuses:
    """Die id -> (attack, defense) added by the "while active" modifiers of active cards.

    Computed once for all dice: a card counts once however many of its dice are active."""
    bonuses: StaticBonuses = {}
    for slot in game.static_slots:
        if not game.is_active_card(slot.index):
            continue
        owner = slot.owner if slot.owner is not None else slot.brought_by
        for ability in slot.card.abilities:
            if ability.trigger != "while_active":
                continue
            for effect in ability.effects:
                if effect.op != "modify":
                    continue
                for die in select_dice(game, owner, effect.to, source_slot=slot.index):
                    attack, defense = bonuses.get(die.id, (0, 0))
                    bonuses[die.id] = (attack + effect.attack, defense + effect.defense)
    return bonuses


def stats(game: Game, die: Die, bonuses: StaticBonuses | None = None) -> tuple[int, int]:
    """Attack and defense now; pass ``bonuses`` when asking about many dice at once."""
    face = die.spec.faces[die.face]
    attack = face.attack + sum(m.attack for m in die.modifiers)
    defense = face.defense + sum(m.defense for m in die.modifiers)
    if die.zone is Zone.FIELD and game.static_slots:
        extra_attack, extra_defense = (static_bonuses(game) if bonuses is None else bonuses).get(die.id, (0, 0))
        attack += extra_attack
        defense += extra_defense
    return max(0, attack), max(0, defense)


def select_dice(game: Game, controller: int, selector: str, source: Die | None = None,
                source_slot: int | None = None, event_die: Die | None = None) -> list[Die]:
    """The character dice in the field a non-targeting selector reaches."""
    field = game.field_characters()
    if selector == "self":
        if source is None and source_slot is not None:
            # A static ("while active") ability of a card speaks of that card's own dice.
            return [d for d in field if d.slot == source_slot]
        return [source] if source is not None and source in field else []
    if selector in ("each_opposing", "target_opposing"):
        return [d for d in field if d.owner != controller]
    if selector in ("each_own", "target_own"):
        return [d for d in field if d.owner == controller]
    if selector == "each_other_own":
        slot = source.slot if source is not None else source_slot
        return [d for d in field if d.owner == controller and (d.slot != slot or d.slot is None)]
    if selector == "target_character":
        return field
    if selector == "damaged_die":
        return [event_die] if event_die is not None and event_die in field else []
    if selector == "attacker_blocked":
        blocked = source.blocking if source is not None else None
        return [d for d in field if d.id == blocked]
    return []


def target_candidates(game: Game, controller: int, effect: Effect) -> list[Die]:
    """Legal targets: character dice in the field only (sorted, so choices are stable)."""
    return sorted(select_dice(game, controller, effect.to), key=lambda d: d.id)


def players_of(controller: int, selector: str) -> list[int]:
    return {"you": [controller], "opponent": [1 - controller],
            "each_player": [controller, 1 - controller]}.get(selector, [])


def execute(game: Game, trigger: PendingTrigger, ability: Ability, targets: list[int | None]) -> None:
    """Apply every effect of a resolving ability to its chosen or selected dice/players."""
    source = None if trigger.source is None else game.dice[trigger.source]
    event_die = None if trigger.event_die is None else game.dice[trigger.event_die]
    game.say(f"resolves {trigger.label(game)}.", trigger.controller)
    for effect, target in zip(ability.effects, targets):
        if effect.targets:
            dice = [game.dice[target]] if target is not None else []
            if not dice:
                game.say(f"{effect.op} has no legal target and does not happen.", trigger.controller)
                continue
        else:
            dice = select_dice(game, trigger.controller, effect.to, source, trigger.slot, event_die)
        apply_effect(game, trigger.controller, effect, dice, source)
        if game.over:
            return


def apply_effect(game: Game, controller: int, effect: Effect, dice: list[Die], source: Die | None) -> None:
    players = players_of(controller, effect.to)
    amount = effect.amount
    op = effect.op
    if op == "damage":
        for player in players:
            game.damage_queue.append(DamageEvent(amount, None if source is None else source.id, player=player))
        for die in dice:
            game.damage_queue.append(DamageEvent(amount, None if source is None else source.id, die=die.id))
    elif op == "gain_life":
        for player in players:
            game.gain_life(player, amount)
    elif op == "lose_life":
        for player in players:
            game.lose_life(player, amount)
    elif op == "energy":
        game.players[controller].virtual += amount
        game.say(f"gains {amount} generic virtual energy.", controller)
    elif op == "draw":
        from teambuilder.engine.turn import draw, roll
        for player in players:
            for die in draw(game, player, max(amount, 1)):
                roll(game, die)
                die.zone = Zone.RESERVE
                game.say(f"draws and rolls {die.spec.name}: {die.spec.faces[die.face].describe()}.", player)
    elif op == "prevent":
        for player in players:
            game.shields[("player", player)] = game.shields.get(("player", player), 0) + amount
        for die in dice:
            game.shields[("die", die.id)] = game.shields.get(("die", die.id), 0) + amount
    else:
        for die in dice:
            _apply_to_die(game, effect, die)


def _apply_to_die(game: Game, effect: Effect, die: Die) -> None:
    op = effect.op
    name = game.die_name(die)
    if op == "modify":
        die.modifiers.append(StatModifier(effect.attack, effect.defense, "effect"))
        game.say(f"{name} gets {effect.attack:+d}A {effect.defense:+d}D this turn.", die.owner)
    elif op in ("must_attack", "cant_block"):
        die.flags.add(op)
        game.say(f"{name}: {op.replace('_', ' ')} this turn.", die.owner)
    elif op in ("spin_up", "spin_down"):
        spin(game, die, max(effect.amount, 1) * (1 if op == "spin_up" else -1))
    elif op == "ko":
        ko(game, die)
    elif op == "reroll":
        reroll_fielded(game, die)


def spin(game: Game, die: Die, levels: int) -> None:
    """Spin a character die up or down; it stops at its highest level and at level 1."""
    face = die.spec.faces[die.face]
    if face.kind != CHARACTER:
        return
    target = max(1, min(die.spec.max_level, face.level + levels))
    index = die.spec.level_face(target)
    if index is not None and target != face.level:
        die.face = index
        game.say(f"{die.spec.name} spins to level {target}.", die.owner)


def reroll_fielded(game: Game, die: Die) -> None:
    """A rerolled field die stays on a character face; on any other face it goes to the
    reserve pool and loses the effects it had been given."""
    from teambuilder.engine.turn import roll
    roll(game, die)
    if die.spec.faces[die.face].kind == CHARACTER or (
            die.zone is Zone.FIELD and die.spec.faces[die.face].kind == "action"):
        game.say(f"{die.spec.name} is rerolled and stays in the field: {die.spec.faces[die.face].describe()}.",
                 die.owner)
        return
    die.zone = Zone.RESERVE
    die.reset()
    game.say(f"{die.spec.name} is rerolled to {die.spec.faces[die.face].describe()} and moves to the reserve pool.",
             die.owner)


def ko(game: Game, die: Die) -> None:
    """KO: the die goes to its owner's prep area and loses damage and effects."""
    if die.zone is not Zone.FIELD:
        return
    from teambuilder.engine import triggers
    game.say(f"{game.die_name(die)} is KO'd and goes to the prep area.", die.owner)
    triggers.emit(game, "ko", die)
    die.zone = Zone.PREP
    die.reset()


def state_based_kos(game: Game) -> bool:
    """KO every field character die whose damage has reached its defense."""
    bonuses = static_bonuses(game)
    doomed = [d for d in game.field_characters() if d.damage >= stats(game, d, bonuses)[1]]
    for die in doomed:
        ko(game, die)
    return bool(doomed)


def purchase_cost(game: Game, slot: int) -> int:
    """A card's purchase cost; reductions never go below 1 or its number of types."""
    card = game.slots[slot].card.card
    return max(card.cost, 1, len(card.energy))
