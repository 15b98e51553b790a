"""Reading the ability language against a game: which dice a filter matches, what an
amount counts to, whether a condition holds. Everything is relative to a ``Context``: whose
ability it is (``controller``), which card (``slot``) and die (``source``) it belongs to, and
what the triggering event was about. "you"/"opponent" mean the controller and the other player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Amount, DieFilter
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.die_facts import (
    ZONE_OF,
    affiliations,
    card_tokens,
    die_cost,
    doomed,
    engaged,
    fewest_card_tokens,
    is_action_die,
    is_character_die,
    name_or_depends,
    reserve_energy,
    shares_team_affiliation,
    shown_energy,
    shows,
    sidekick_now,
    stat_of,
    titled,
)
from teambuilder.engine.game_state import Choice, ChoiceKind
from teambuilder.engine.state import Die, Zone

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

class Context:
    """Who is acting and why: the frame every selector, amount and condition reads (a plain class,
    not a dataclass: the compiled engine builds it before ``Game`` exists)."""

    def __init__(self, game: Game, controller: int, slot: int | None = None, source: Die | None = None,
                 event_die: Die | None = None, event_player: int | None = None, event_amount: int = 0,
                 combat: bool = False, kind: str = "ability", targets: list[Die] | None = None,
                 trigger: str = "", event_slot: int | None = None, event_kind: str = "",
                 event_by: int | None = None, bound: tuple[int, ...] = (),
                 instigator: Die | None = None, bursts: int = 0) -> None:
        self.game = game
        self.controller = controller
        self.slot = slot
        self.source = source
        self.event_die = event_die
        self.event_player = event_player
        self.event_amount = event_amount
        self.combat = combat
        self.kind = kind                  # ability | global | action: what targets come from
        self.targets: list[Die] = [] if targets is None else targets
        self.trigger = trigger            # the trigger of the resolving ability
        self.event_slot = event_slot      # the card the event is about (a global used...)
        self.event_kind = event_kind      # what caused the event: global, action, ability, combat, fielded
        self.event_by = event_by          # the player whose die or ability caused the event
        self.bound = bound                # dice the ability that switched this one on had chosen
        self.instigator = instigator      # the die that caused the event (targeting die, damage source)
        self.bursts = bursts              # the bursts an action die (or a copy of its effect) was used with
        self.it: list[Die] = []           # "it"/"those": the dice the ability's latest effect reached


def matches(ctx: Context, die: Die, f: DieFilter) -> bool:
    """Whether ``die`` is one of the dice ``f`` describes, from ``ctx``'s point of view."""
    game = ctx.game
    if f.zone != "any" and die.zone is not ZONE_OF[f.zone] and not (
            f.doomed is not None and f.zone == "field" and die.id in game.this_turn.kod_by_damage):
        return False          # (a field die's damage has KO'd it: still "the die that damage KOs")
    if f.zones and all(die.zone is not ZONE_OF[z] for z in f.zones):
        return False
    if f.it and all(d is not die for d in ctx.it) or f.not_it and any(d is die for d in ctx.it):
        return False
    face = die.spec.faces[die.face]
    if f.face and not shows(face.kind, face.burst, f.face, tuple(face.symbols)):
        return False
    if f.partly_spent is not None and die.partially_spent != f.partly_spent:
        return False
    if f.drawn is not None and (die.id in game.this_turn.drawn_in_step) != f.drawn:
        return False          # drawn in this turn's Clear and Draw Step
    if f.fielded is not None and (die.id in game.this_turn.fielded) != f.fielded or f.paid_for and (
            ctx.source is None or die.id not in game.this_turn.field_payments.get(ctx.source.id, ())):
        return False          # fielded this turn; spent to field this die (``paid_for``)
    if f.paid_for_event and (ctx.event_die is None or die.id not in game.this_turn.field_payments.get(
            ctx.event_die.id, ())):
        return False          # spent to field the event's die (``paid_for_event``)
    if f.stunned is not None and (die.slot is not None and game.bookkeeping.stuns.get(die.slot, 0) > 0) != f.stunned:
        return False          # a Stun token on its card (``stun``)
    if f.token is not None and die.token != f.token:
        return False
    if f.kind == "character":
        if not is_character_die(die):
            return False
        if die.zone is Zone.FIELD and face.kind != CHARACTER:
            return False
    elif f.kind == "action" and not is_action_die(die):
        return False
    if f.owner == "you" and die.owner != ctx.controller:
        return False
    if f.owner == "opponent" and (die.owner is None or die.owner == ctx.controller):
        return False
    if f.sidekick is not None and sidekick_now(game, die) != f.sidekick:
        return False
    card = game.card_of(die)
    name = card.card.name if card is not None else die.spec.name if die.token else "Sidekick"
    if game.bookkeeping.borrowed and f.names and ctx.slot in game.bookkeeping.borrowed:
        name = _borrowed_name(ctx, die, name)
    if f.names and name not in f.names and not (die.slot is not None and die.slot != ctx.slot
            and die.owner == ctx.controller and game.tables.aliases.get(die.slot) in f.names) or (
            f.not_names and name in f.not_names):
        return False          # (a name another card of yours counts it as: ``counts_as_name``)
    if f.affiliations or f.not_affiliations:
        own = affiliations(game, die)
        if f.affiliations and not own & set(f.affiliations):
            return False
        if own & set(f.not_affiliations):
            return False
    if f.keywords and not any(game.has_keyword(die, k) for k in f.keywords):
        return False
    if f.not_keywords and any(game.has_keyword(die, k) for k in f.not_keywords):
        return False
    if f.energy and not (card is not None and set(card.card.energy) & set(f.energy)
                         or set(f.energy) & game.granted_energy(die)) or (
            f.not_energy and card is not None and set(card.card.energy) & set(f.not_energy)):
        return False
    if f.not_energy and card is not None and set(card.card.energy) & set(f.not_energy):
        return False
    if f.not_energy and card is not None and set(card.card.energy) & set(f.not_energy):
        return False
    if f.energy_of_it and (card is None or not set(card.card.energy) & shown_energy(ctx.it)):
        return False
    if f.level is not None or f.min_level is not None or f.max_level is not None or f.below_own_level \
            or f.below_this_level:
        level = face.level if face.kind == CHARACTER else 0
        if f.below_this_level and (ctx.source is None or level >= ctx.source.spec.faces[ctx.source.face].level):
            return False        # "below its level": the die the ability is about (a static: each die it changes)
        if (f.level is not None and level != f.level) or (f.min_level is not None and level < f.min_level) \
                or (f.max_level is not None and level > f.max_level) or f.below_own_level and level >= max(
                    (d.spec.faces[d.face].level for d in game.field_characters(ctx.controller)), default=0):
            return False
    if f.max_cost is not None and die_cost(game, die) > f.max_cost or f.min_cost is not None and \
            die_cost(game, die) < f.min_cost or f.fielding is not None and (face.kind != CHARACTER
                                                                            or face.fielding != f.fielding):
        return False      # (``fielding``: the fielding cost its character face shows)
    # (a static bonus counting dice by A or D reads them without static bonuses: no loop)
    if f.stat_limits and not f.stats_fit(*game.stats(die, ctx.kind != "static")):
        return False
    if f.this and not _is_this(ctx, die):
        return False
    if f.other and die.slot is not None and die.slot == ctx.slot:
        return False
    if f.event is not None and (die is ctx.event_die) != f.event:
        return False
    if f.engaged and not engaged(ctx.source, die):
        return False
    if f.attacking is not None and die.attacking != f.attacking:
        return False
    if f.blocking is not None and (die.blocking is not None) != f.blocking:
        return False
    if f.blocked is not None and die.blocked != f.blocked:
        return False
    if f.attacked is not None and (die.id in game.this_turn.attacked) != f.attacked:
        return False
    if f.fought is not None and (die.id in game.this_turn.attacked or die.id in game.this_turn.blocked) != f.fought:
        return False
    if f.bound and die.id not in ctx.bound or f.instigator and die is not ctx.instigator:
        return False
    if f.partner and not _is_partner(ctx, die):
        return False
    if f.paired is not None and (die.id in game.bookkeeping.partners) != f.paired:
        return False
    if f.equipped and not _is_equipped(ctx, die):
        return False
    if f.this_card and (die.slot is None or die.slot != ctx.slot):
        return False
    if f.held and not _held_here(ctx, die, f.held):
        return False
    if f.other_die and die is ctx.source:
        return False
    if f.doomed is not None and doomed(game, die) != f.doomed:
        return False
    if f.name_contains and f.name_contains.lower() not in name.lower() or (f.title_contains or f.not_title_contains) \
            and not titled(name, card.card.subtitle if card else "", f):
        return False
    if f.has_affiliation is not None and bool(affiliations(game, die)) != f.has_affiliation:
        return False
    if (f.min_cost is not None and die_cost(game, die) < f.min_cost
            or f.fewest_card_tokens and not fewest_card_tokens(game, die)):
        return False
    if f.shares_team_affiliation and not shares_team_affiliation(game, die, ctx.controller) \
            or f.name_or_depends and not name_or_depends(game, die, f.name_or_depends):
        return False
    if f.hit and die.id not in game.this_turn.player_hits.get(
            ctx.controller if f.hit == "you" else 1 - ctx.controller, ()):
        return False
    if f.has_global is not None and (card is not None and any(a.is_global for a in card.abilities)) != f.has_global \
            or f.basic is not None and (card is not None and card.card.kind == "basic_action") != f.basic or \
            f.card_token is not None and (card_tokens(game, die.slot) > 0) != f.card_token:
        return False
    if (f.lowest or f.highest) and not _extreme(ctx, die, f):
        return False
    return f.named is None or _matches_choice(ctx, die, name) == f.named


def _extreme(ctx: Context, die: Die, f: DieFilter) -> bool:
    """``lowest:`` / ``highest:``: the die's stat is the lowest / highest among the dice the
    rest of the filter matches (ties all match)."""
    values = [stat_of(ctx.game, d, f.lowest or f.highest) for d in select(ctx, replace(f, lowest="", highest=""))]
    mine = stat_of(ctx.game, die, f.lowest or f.highest)
    return bool(values) and (mine <= min(values) if f.lowest else mine >= max(values))


def _borrowed_name(ctx: Context, die: Die, name: str) -> str:
    """Text borrowed for the whole game with the borrower's name for the lender's (Moon Knight
    118ig): in it, the lender's name means the borrower's dice, not the lender's."""
    for lender, _, last, _ in ctx.game.bookkeeping.borrowed[ctx.slot or 0]:
        if last == -2 and die.slot == ctx.slot:
            return ctx.game.slots[lender].card.card.name
        if last == -2 and die.slot == lender:
            return ""
    return name


def chosen(game: Game, slot: int | None) -> Choice | None:
    """What the card in ``slot`` chose and still remembers (a "this turn" choice ends with the turn)."""
    choice = game.bookkeeping.choices.get(-1 if slot is None else slot)
    if choice is None or (choice.until_turn and game.turn_number > choice.until_turn):
        return None
    return choice


def _matches_choice(ctx: Context, die: Die, name: str) -> bool:
    """``named: true``: the die has the name, energy type or affiliation the card chose."""
    choice = chosen(ctx.game, ctx.slot)
    if choice is None:
        return False
    if choice.kind is ChoiceKind.NAME:
        return name == choice.text
    if choice.kind is ChoiceKind.DICE:
        return die.id in choice.dice
    if choice.kind is ChoiceKind.ENERGY:
        card = ctx.game.card_of(die)
        return card is not None and choice.text in card.card.energy
    return choice.kind is ChoiceKind.AFFILIATION and choice.text in affiliations(ctx.game, die)


def _held_here(ctx: Context, die: Die, when: str) -> bool:
    """``held: any``: the die is kept on this ability's card; ``held: earlier``: and was put
    there on an earlier turn."""
    kept = ctx.game.bookkeeping.held.get(die.id)
    return kept is not None and kept[0] == ctx.slot and (when == "any" or kept[2] < ctx.game.turn_number)


def _is_this(ctx: Context, die: Die) -> bool:
    if ctx.source is not None:
        return die is ctx.source
    # A static ability without a source die speaks of every die of its card.
    return die.slot is not None and die.slot == ctx.slot


def _own_dice(ctx: Context) -> list[Die]:
    """The ability's own die, or (a static without one) every die of its card."""
    if ctx.source is not None:
        return [ctx.source]
    return ctx.game.slot_dice[ctx.slot] if ctx.slot is not None else []


def _is_partner(ctx: Context, die: Die) -> bool:
    partners = ctx.game.bookkeeping.partners
    return any(partners[d.id][0] == die.id for d in _own_dice(ctx) if d.id in partners)


def _is_equipped(ctx: Context, die: Die) -> bool:
    equipped = ctx.game.bookkeeping.equipped
    return any(equipped.get(d.id) == die.id for d in _own_dice(ctx) if d.zone is Zone.FIELD)


def select(ctx: Context, f: DieFilter) -> list[Die]:
    """Every die ``f`` matches, in a stable order."""
    game = ctx.game
    if f.this:
        # "This" is the source die, or (a static ability) the dice of the ability's card.
        source = ctx.source
        if source is not None:
            dice = [source] if source.id < len(game.dice) and game.dice[source.id] is source else []
        else:
            dice = game.slot_dice[ctx.slot] if ctx.slot is not None else []
    elif f.this_card:
        dice = game.slot_dice[ctx.slot] if ctx.slot is not None else []
    elif f.it:
        dice = ctx.it
    else:
        zone = ZONE_OF.get(f.zone)
        # The zone test first, inline: most dice are elsewhere, and a call per die is dear.
        dice = game.dice if zone is None else game.zone_index.everyone_in(zone)
    return [d for d in dice if matches(ctx, d, f)]


def distinct_count(ctx: Context, dice: Iterable[Die], distinct: str) -> int:
    dice = list(dice)
    if distinct == "cards":
        return len({d.slot if d.slot is not None else -1 for d in dice})
    if distinct == "affiliations":
        return len(set().union(*(affiliations(ctx.game, d) for d in dice)))
    if distinct == "types":
        return len({t for d in dice if (c := ctx.game.card_of(d)) is not None for t in c.card.energy})
    if distinct == "sharing_affiliation":      # the most of them sharing one affiliation (16dps)
        shared: dict[str, int] = {}
        for die in dice:
            for name in affiliations(ctx.game, die):
                shared[name] = shared.get(name, 0) + 1
        return max(shared.values(), default=0)
    return len(dice)


def amount(ctx: Context, value: Amount) -> int:
    """The number an amount stands for, now."""
    if value.is_fixed:
        return value.fixed
    game, base = ctx.game, 0
    if value.count is not None:
        base = distinct_count(ctx, select(ctx, value.count), value.distinct)
    elif value.stat is not None and value.highest is not None:    # the highest among the dice reached
        base = max((stat_of(game, die, value.stat) for die in select(ctx, value.highest)), default=0)
    elif value.stat is not None:
        dice = ctx.it if value.of == "it" else [{"this": ctx.source, "event": ctx.event_die,
                                                 "target": ctx.targets[0] if ctx.targets else None}[value.of]]
        base = sum(stat_of(game, die, value.stat) for die in dice if die is not None)
    elif value.energy is not None:
        base = sum(f.symbols.count(value.energy)
                   for f in reserve_energy(game, ctx.controller ^ (value.of == "opponent")))   # of: opponent
    elif value.reserve_types:
        base = len({s for f in reserve_energy(game, ctx.controller) for s in f.symbols if s != "wild"})
    elif value.event_amount:
        base = ctx.event_amount
    elif value.purchases:       # dice that player bought this turn (or game)
        bought = game.bookkeeping.bought if value.this_game else game.this_turn.purchases
        base = bought.get(ctx.controller ^ (value.purchases == "opponent"), 0)
    elif value.chosen:
        choice = chosen(game, ctx.slot)
        base = choice.number if choice is not None and choice.kind is ChoiceKind.NUMBER else 0
    elif value.prep_energy:
        faces = [d.spec.faces[d.face] for d in game.zone(ctx.controller, Zone.PREP)]
        base = sum(f.energy_amount for f in faces if f.kind == ENERGY)
    elif value.kos or value.life is not None:   # that player's dice KO'd this turn, or life total
        whose = ctx.controller if (value.kos or value.life) == "you" else 1 - ctx.controller
        base = game.this_turn.kos.get(whose, 0) if value.kos else game.players[whose].life
    elif value.card_tokens:
        base = card_tokens(game, ctx.slot, ctx.controller, value.card_tokens)
    elif value.globals_used:    # global abilities that player used this turn (cleared as each turn starts)
        uses = game.players[ctx.controller ^ (value.globals_used == "opponent")].global_uses
        base = sum(n for (slot, index), n in uses.items()     # (Synergy is not a Global Ability)
                   if index < len(game.abilities_of(slot)) and game.abilities_of(slot)[index].is_global_ability)
    return _adjusted(value, base) * value.times + value.plus


def _adjusted(value: Amount, number: int) -> int:
    """The counted number halved (rounded down or up), then kept between ``at_least`` and
    ``at_most``; ``times`` and ``plus`` apply after ("1, or 2 if you have one": at most 1, plus 1)."""
    if value.half:
        number = (number + (1 if value.half == "up" else 0)) // 2
    if value.at_most is not None:
        number = min(number, value.at_most)
    if value.at_least is not None:
        number = max(number, value.at_least)
    return number
