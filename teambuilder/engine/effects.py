"""Stats, moving dice, spinning and KOs: what the effect primitives (``primitives``) and the rules of the turn
do to a die. Stats: printed face values plus applied modifiers (this turn) plus static modifiers (while a card is
active), all added together before the floor at 0; a "set" modifier overrides everything ("set_attack" only A) and
a "swap" exchanges the totals. A die whose damage reaches its defense is KO'd to its owner's prep area; defense 0
means KO even unhurt, unless Iron Will or Regenerate replaces the KO (``replace_ko``). Damage is never dealt here
directly: it is queued as a DamageEvent so prevention and redirection can interrupt before it lands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.engine import (
    combat_rules,
    conditions,
    die_facts,
    events,
    keyword_experience,
    keywords,
    replacement,
    rules,
    selectors,
    stat_taking,
    text_loss,
)
from teambuilder.engine.dice import ACTION, CHARACTER
from teambuilder.engine.die_facts import copied_stats, printed_attack
from teambuilder.engine.keyword_survival import iron_will_holds, keyword_paid, regenerate
from teambuilder.engine.rolling import roll
from teambuilder.engine.selectors import Context
from teambuilder.engine.state import Die, Step, Zone

_FIELD = Zone.FIELD   # a module name: cheaper than the enum attribute in per-die loops
if TYPE_CHECKING:
    from teambuilder.engine.game import Game

StaticBonuses = dict[int, tuple[int, int]]
EVERYTHING = 999   # "prevent all": more than any damage a game can deal


def static_bonuses(game: Game) -> StaticBonuses:
    """Die id -> (attack, defense) added by the "while active" modifiers of active cards, computed once
    for all dice (a card counts once however many of its dice are active). A static's condition that
    reads stats sees them without the static bonuses (no endless loop)."""
    if (id(game), 0) in rules.READING:
        return {}
    return game.remembered("bonuses", lambda: _static_bonuses(game))


def _static_bonuses(game: Game) -> StaticBonuses:
    rules.READING.add((id(game), 0))
    try:
        return _bonuses(game)
    finally:
        rules.READING.discard((id(game), 0))


def _bonuses(game: Game) -> StaticBonuses:
    bonuses: StaticBonuses = {}
    active = game.active_slots()
    slots = game.tables.static_slots if not game.bookkeeping.borrowed else list(dict.fromkeys(
        game.tables.static_slots + [game.slots[s] for s in game.bookkeeping.borrowed]))
    quiet = text_loss.dice_lose_text(game)
    for slot in slots:
        if text_loss.card_text_blank(game, slot.index):
            continue
        holders = die_facts.holders(game, slot.index)       # (a basic action's: whoever fielded it)
        for owner, ability in ((o, a) for a in game.abilities_of(slot.index) for o in holders):
            if not ability.is_static or ability.trigger == "while_active" and (
                    slot.index not in active or not text_loss.speaks(game, slot.index)):
                continue
            ctx = Context(game, owner, slot.index, kind="static")
            if ability.conditions and not conditions.all_hold(ctx, ability.conditions):
                continue
            for effect in ability.effects:
                if effect.op == "double_printed":     # "have their printed A doubled" while it holds
                    for die in selectors.select(ctx, effect.to.die):
                        attack, defense = bonuses.get(die.id, (0, 0))
                        bonuses[die.id] = (attack + printed_attack(game, die), defense)
                    continue
                if effect.op != "modify":
                    continue
                fixed_zero = effect.amount.is_fixed and not effect.amount.fixed
                times = 1 if fixed_zero else selectors.amount(ctx, effect.amount)
                each = effect.amount.count is not None and effect.amount.count.below_this_level  # counted for each die
                for die in selectors.select(ctx, effect.to.die):
                    if effect.duration == "while_attacking" and not die.attacking or quiet and die.slot == slot.index \
                            and text_loss.die_text_blank(game, die):
                        continue        # (a die that lost its own text gets nothing from its card)
                    attack, defense = bonuses.get(die.id, (0, 0))
                    n = selectors.amount(Context(game, owner, slot.index, die, kind="static"), effect.amount) \
                        if each else times
                    bonuses[die.id] = (attack + effect.attack * n, defense + effect.defense * n)
    return bonuses


def stats(game: Game, die: Die, bonuses: StaticBonuses | None = None) -> tuple[int, int]:
    """Attack and defense now; pass ``bonuses`` when asking about many dice at once."""
    face = die.spec.faces[die.face]
    attack, defense = face.attack, face.defense
    if die.copy_of is not None or die.stats_of is not None:
        attack, defense = copied_stats(game, die)
    for mod in die.modifiers:   # its printed A replaced by another card's (``printed_attack_from``)
        if mod.kind == "printed_of":
            attack = copied_stats(game, die, mod.slot)[0]
    if game.tables.stat_takers and die.zone is _FIELD and (lender := stat_taking.lender_of(game, die)) is not None:
        attack, defense = stats(game, lender)       # "copy her A and D" (Raven 127skc): hers as they are now
    swap, printed = False, attack
    for mod in die.modifiers:
        if mod.kind == "add" or mod.kind == "while_attacking" and die.attacking:
            attack += mod.attack
            defense += mod.defense
        elif mod.kind == "printed":      # "its printed A doubled": the A its face prints, once more
            attack += printed
        elif mod.kind == "swap":
            swap = not swap
    if die.zone is Zone.FIELD and game.tables.static_slots:
        extra_attack, extra_defense = (static_bonuses(game) if bonuses is None else bonuses).get(die.id, (0, 0))
        attack += extra_attack
        defense += extra_defense
    if game.bookkeeping.experience or game.bookkeeping.card_tokens:
        tokens = keyword_experience.bonus(game, die)
        attack += tokens
        defense += tokens
    attack, defense = (defense, attack) if swap else (attack, defense)
    for mod in die.modifiers:     # overrides, in the order they came: "set" both, "set_attack" A only
        if mod.kind == "set":
            attack, defense = mod.attack, mod.defense
        elif mod.kind == "set_attack":
            attack = mod.attack
    if game.has_rules and die.zone is Zone.FIELD and combat_rules.die_has(game, die, "attack_equals_defense"):
        attack = defense          # "his A equals his D" (Iceman 142dps): whatever his D is now
    return max(0, attack), max(0, defense)


# -- die movement ----------------------------------------------------------------------

def spin(game: Game, die: Die, levels: int) -> bool:
    """Spin a character die up or down; it stops at its highest level and at level 1."""
    face = die.spec.faces[die.face]
    if face.kind != CHARACTER or die.zone is not Zone.FIELD or die.token:
        return False
    return spin_to(game, die, max(1, min(die.spec.max_level, face.level + levels)))


def spin_to(game: Game, die: Die, level: int) -> bool:
    face = die.spec.faces[die.face]
    if face.kind != CHARACTER or die.token:
        return False
    if level > face.level and game.has_rules and rules.spins_to_top(game, die):
        level = die.spec.max_level      # "whenever Loki would spin up, he spins to level 3" (37ig)
    index = die.spec.level_face(max(1, min(die.spec.max_level, level)))
    if index is None or index == die.face:
        return False
    went_up = die.spec.faces[index].level > face.level
    die.face = index
    game.say(f"{die.spec.name} spins to level {die.spec.faces[index].level}.", die.owner)
    if went_up:
        events.watch(game, "spun_up", die)
        if "spins_up" in game.tables.watched:
            events.emit(game, "spins_up", die)      # Awaken: this die spun up
    return True


def move(game: Game, die: Die, zone: Zone, level: int | None = None, quiet: bool = False,
         by_ko: bool = False, cause: int | None = None) -> None:
    """Move a die to ``zone`` (not fielding: no "when fielded"). A die leaving the field forgets its damage
    and effects and goes back to its real owner; a die placed in the field shows ``level`` (or level 1 when it
    was not on a character face; a die off a card, its old level). A die leaving the field raises "leaves_field",
    saying which player made it leave (``cause``, else the player whose ability is being applied): Aftershock."""
    if die.zone is Zone.FIELD and zone is not Zone.FIELD and not by_ko and game.tables.ko_replaced \
            and events.hold_leave(game, die, zone):
        return          # "if it would leave the Field Zone, ... instead" is asked first (Doomsday, 69skc)
    level = keywords.off_card(game, die, level) if die.zone is Zone.HELD else level
    leaving = die.zone is Zone.FIELD and zone is not Zone.FIELD and "leaves_field" in game.tables.watched
    if leaving and cause is None:
        acting = game.this_turn.acting
        cause = acting[-1] if acting else None
    if die.zone is Zone.FIELD and zone is not Zone.FIELD:
        keywords.leaving_field(game, die)
        game.this_turn.hits.pop(die.id, None)
        _forget_borrowed(game, die)
        game.this_turn.combat_damage.pop(die.id, None)
        if die.token or zone is Zone.RESERVE:
            die.reset()                 # (to the reserve too: a die leaving the field loses damage and effects)
        if die.token:
            die.zone = Zone.GONE
            return
    if zone is not Zone.FIELD and zone is not Zone.RESERVE:
        die.reset()
        if die.home is not None:
            die.owner, die.home = die.home, None
        if zone is Zone.USED:
            zone = replacement.destination(game, die, zone)     # Immortal, "goes ... instead"
    die.zone = zone
    if zone is Zone.FIELD:
        face = die.spec.faces[die.face]
        wanted = level or (face.level if face.kind == CHARACTER else 1)
        index = die.spec.level_face(wanted)
        if index is not None:
            die.face = index
    names = {Zone.PREP: "the prep area", Zone.USED: "the used pile", Zone.BAG: "the bag",
             Zone.FIELD: "the field", Zone.RESERVE: "the reserve pool", Zone.OUT_OF_PLAY: "out of play",
             Zone.CARD: "its card", Zone.HELD: "a character's card"}
    if not quiet:
        game.say(f"{game.die_name(die)} moves to {names[zone]}.", die.owner)
    if "moved" in game.tables.watched:
        events.watch(game, "moved", die, player=die.owner)
    if zone is Zone.PREP and game.step != Step.CLEAR_AND_DRAW and not by_ko:   # a KO is not a Prep
        events.watch(game, "prepped", die, player=die.owner)
    if leaving and cause is not None and die.owner is not None:
        events.emit(game, "leaves_field", die, by=cause)


def _forget_borrowed(game: Game, die: Die) -> None:
    """Text a die borrowed for itself (Mystique's burst) ends when it leaves the field."""
    for slot in [s for s, entries in game.bookkeeping.borrowed.items() if any(e[3] == die.id for e in entries)]:
        game.bookkeeping.borrowed[slot] = [e for e in game.bookkeeping.borrowed[slot] if e[3] != die.id]
        if not game.bookkeeping.borrowed[slot]:
            del game.bookkeeping.borrowed[slot]


def reroll_fielded(game: Game, die: Die, energy_zone: Zone = Zone.RESERVE) -> None:
    """Reroll a field die: on a character face it stays; else to the reserve (or ``energy_zone``), its effects gone."""
    if die.token:
        return
    game.this_turn.turned_or_rerolled.update([die.owner] if die.owner is not None else [])
    roll(game, die)
    kind = die.spec.faces[die.face].kind
    if kind == CHARACTER or (die.zone is Zone.FIELD and kind == ACTION):
        game.say(f"{die.spec.name} is rerolled and stays in the field: {die.spec.faces[die.face].describe()}.",
                 die.owner)
        return
    where = "the reserve pool" if energy_zone is Zone.RESERVE else "the used pile"
    game.say(f"{die.spec.name} is rerolled to {die.spec.faces[die.face].describe()} and moves to {where}.",
             die.owner)
    if die.zone is Zone.FIELD:
        keywords.leaving_field(game, die)
    die.reset()
    if energy_zone is not Zone.RESERVE:
        move(game, die, energy_zone, quiet=True)
    else:
        die.zone = Zone.RESERVE


def ko(game: Game, die: Die, into: Zone = Zone.PREP, by: int | None = None) -> bool:
    """KO: the die goes to its owner's prep area and loses damage and effects. Keywords
    (Iron Will, Regenerate) may stop or replace it. ``by``: the player whose ability KOs it."""
    return bool(ko_all(game, [die], into, by=by))


def ko_all(game: Game, dice: list[Die], into: Zone = Zone.PREP, combat: bool = False,
           by_damage: bool = False, by: int | None = None, ask: bool = True) -> list[Die]:
    """KO dice at the same moment: every "when KO'd" / "whenever ... is KO'd" /
    "when this die KOs" trigger sees all of them before any leaves the field. Returns the
    dice actually KO'd. ``by``: the player whose ability KOs them (None: combat, damage).
    A KO an ability may replace is held while it is asked (``ask``: not yet asked)."""
    doomed = [d for d in dice if d.zone is Zone.FIELD and game.is_character(d)
              and not (combat and game.has_rules and combat_rules.die_has(game, d, "no_combat_ko"))
              and not (d.blocking is not None and game.has_rules
                       and combat_rules.die_has(game, d, "no_ko_while_blocking"))
              and not (by_damage and replacement.spared(game, d)) and not replace_ko(game, d)
              and not (ask and game.tables.ko_replaced and not d.token and events.hold_ko(
                  game, d, into, combat, by_damage, by if by is not None else replacement.culprit(game, d, by_damage)))]
    keyword_experience.note_kos(game, doomed, by)
    if by_damage:
        game.this_turn.kod_by_damage.update(d.id for d in doomed)
    for die in doomed:
        game.say(f"{game.die_name(die)} is KO'd.", die.owner)
        if die.owner is not None:
            game.this_turn.lost_dice.add(die.owner)     # Resistance: a die of theirs was KO'd
            game.this_turn.kos[die.owner] = game.this_turn.kos.get(die.owner, 0) + 1
        # The dice whose damage KO'd it (this combat, or this turn's ability damage); the
        # first of them is the KO's instigator ("if a Sidekick die KO'd this die").
        killers = replacement.killers(game, die, by_damage)
        instigator = killers[0] if killers else None
        # Who KO'd it (``{by: you}``): the player whose ability KOs it, else whose damage did.
        culprit = by if by is not None else None if instigator is None else instigator.owner
        events.emit(game, "ko", die, combat=combat, instigator=instigator, by=culprit)
        events.watch(game, "any_ko", die, combat=combat, instigator=instigator, by=culprit)
        for killer in killers:
            events.emit(game, "kos", killer, die, combat=combat)
    # Where each goes is settled as they are KO'd together, before any of them leaves.
    destinations = [replacement.destination(game, d, into) if into is Zone.PREP and not d.token else into
                    for d in doomed]
    for die, destination in zip(doomed, destinations):  # noqa: B905 (same lengths; see triggers)
        if die.token:
            keywords.leaving_field(game, die)
            die.reset()
            die.zone = Zone.GONE          # a token that leaves the field no longer exists
        else:
            move(game, die, destination, by_ko=True, cause=_ko_cause(game, die, by_damage) if by is None else by)
    return doomed


def _ko_cause(game: Game, die: Die, by_damage: bool) -> int | None:
    """Who KO'd ``die``: with damage, its opponent if their damage is on it (else its owner); else who KOs it."""
    if not by_damage or die.owner is None or "leaves_field" not in game.tables.watched:
        return None
    harmed_by = game.this_turn.harmed_by.get(die.id, set())
    return 1 - die.owner if 1 - die.owner in harmed_by else die.owner


def replace_ko(game: Game, die: Die) -> bool:
    """Iron Will and Regenerate, checked when ``die`` would be KO'd; True when the KO does not happen."""
    if die.token:
        return False
    if replacement.cant_be_kod(game, die):
        return True         # (asked at every check while its damage is lethal: no log line each time)
    if game.has_keyword(die, "iron_will") and iron_will_holds(game, die):
        return True
    if game.has_keyword(die, "regenerate"):
        if not keyword_paid(game, die, "regenerate"):
            return False
        events.keyword_used(game, "regenerate", die)
        return regenerate(game, die)
    levels = replacement.spin_instead_of_ko(game, die)
    if levels:
        # Spun down instead: its damage is cleared (it is a new die at the lower level).
        spin(game, die, -levels)
        die.damage = 0
        game.say(f"{game.die_name(die)} spins down instead of being KO'd.", die.owner)
        return True
    return False


def state_based_kos(game: Game, held: bool = False) -> bool:
    """KO every field character die whose damage has reached its defense. ``held``: in the
    combat damage step, before its "when damaged" abilities have resolved, a die stays in
    the field for its combat damage; only the damage abilities dealt it since, if that
    alone is enough, KOs it now (so two dice dealing each other damage when damaged run
    out of targets instead of trading damage for ever). First, borrowed dice off the field go back to their card."""
    if game.bookkeeping.to_card and keywords.back_to_card(game):
        return True
    if game.tables.static_lowers_defense or game.bookkeeping.borrowed:
        field = game.field_characters()
    else:
        # Nothing lowers defense from outside the die: only these dice can be at risk (one
        # pass over the dice: this runs before every step of the game).
        field = [d for d in game.zone_index.everyone_in(_FIELD)
                 if (d.damage or d.modifiers or d.copy_of is not None or d.stats_of is not None
                      or d.spec.faces[d.face].defense <= 0) and d.spec.faces[d.face].kind == CHARACTER]
    if not field:
        return False
    bonuses = static_bonuses(game)
    doomed = [d for d in field if d.damage >= stats(game, d, bonuses)[1]
              and not _spared_combat(game, d, stats(game, d, bonuses)[1])
              and not (held and d.damage - game.this_turn.combat_damage.get(d.id, 0) < stats(game, d, bonuses)[1])]
    return bool(doomed) and bool(ko_all(game, doomed, by_damage=True))


def _spared_combat(game: Game, die: Die, defense: int) -> bool:
    """A die that combat damage cannot KO (Bat-Mite), or that cannot be KO'd while it
    blocks (Dual Defense: the damage it took blocking), survives while its other damage
    alone is not enough."""
    combat = game.this_turn.combat_damage.get(die.id, 0)
    if not combat or not game.has_rules or die.damage - combat >= defense:
        return False
    return combat_rules.die_has(game, die, "no_combat_ko") or (
        die.id in game.this_turn.blocked and combat_rules.die_has(game, die, "no_ko_while_blocking"))
