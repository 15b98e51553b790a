"""The positions of the ability smoke check (``ability_smoke``): a small legal game around one card.

Both players have Sidekick dice in every zone; the card's dice sit where the way of firing
needs them (in the reserve to be fielded or used, on the card to be bought, in the field
otherwise; the others in the used pile and prep area, or still on the card); the reserve
holds the energy the card's costs name, plus virtual energy; the opponent has dice of the
same card (a target for filters by name, and a second set of the card's triggers); and
*companions*, cards of the names, affiliations, energy types and die kinds the ability's
filters look for, have dice in the field and used pile on both sides. A few variants
change what conditions commonly ask: no own field characters, life ahead or behind, the
opponent's turn, the middle of combat, a die bought and dice fielded this turn, an empty Prep Area.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, is_dataclass

from teambuilder.catalogue.abilities import Ability, DieFilter
from teambuilder.catalogue.model import Card
from teambuilder.engine.dice import ACTION, CHARACTER, ENERGY
from teambuilder.engine.game import Game
from teambuilder.engine.game_state import PlayerSetup
from teambuilder.engine.scenario import STEPS
from teambuilder.engine.setup import engine_card
from teambuilder.engine.state import Die, Step, Task, TaskKind, Zone

ME, THEM = 0, 1
# Ways to vary the position when an ability's conditions fail in the first one.
VARIANTS = ("standard", "no own field characters", "ahead on life", "opponent's turn", "attacking", "busy turn",
            "empty prep area")


class Flow:
    """How the ability is fired: by a Main Step action, by combat, or by raising its event."""

    MAIN = "main"                          # field, buy, use an action die or a global
    ATTACK = "attack"                      # the card's die attacks
    ATTACK_BLOCKED = "attack, blocked"     # ... and the opponent blocks it
    ATTACK_UNBLOCKED = "attack, unblocked"  # ... and the opponent declares no blocks
    BLOCK = "block"                        # the opponent attacks, the card's die blocks
    EVENT = "event"                        # the event is raised (``ability_smoke._events``)


@dataclass
class Position:
    game: Game
    card_slot: int
    main: Die | None             # the card's die the ability is about
    attackers: list[Die]         # the opponent's field Sidekicks (they attack in Flow.BLOCK)
    dice_count: int


def filters_of(value: object) -> list[DieFilter]:
    """Every die filter inside an ability (its ``when``, conditions, selectors, amounts)."""
    if isinstance(value, DieFilter):
        return [value]
    if isinstance(value, tuple):
        return [f for item in value for f in filters_of(item)]
    if is_dataclass(value) and not isinstance(value, type):
        return [f for item in fields(value) for f in filters_of(getattr(value, item.name))]
    return []


def fits(card: Card, wanted: DieFilter) -> bool:
    """Whether a die of ``card`` could match the card-level parts of a filter."""
    if wanted.kind == "character" and card.kind != "character":
        return False
    if wanted.kind == "action" and (card.kind == "character" or wanted.basic is not None
                                    and wanted.basic != (card.kind == "basic_action")):
        return False
    return (not wanted.names or card.name in wanted.names) and card.name not in wanted.not_names \
        and (not wanted.affiliations or bool(set(wanted.affiliations) & set(card.affiliations))) \
        and not set(wanted.not_affiliations) & set(card.affiliations) \
        and (not wanted.energy or bool(set(wanted.energy) & set(card.energy))) \
        and (not wanted.name_contains or wanted.name_contains.lower() in card.name.lower())


def companions(card: Card, ability: Ability, pool: Sequence[Card]) -> list[Card]:
    """Cards of the kinds, names, affiliations and energy types the ability's filters
    look for, so its counts, targets and ``when:`` filters find dice: plain cards (no
    abilities of their own to interfere) where there are some, else any."""
    found: list[Card] = []
    usable = [c for c in pool if c.code != card.code and (c.levels or c.kind != "character")]
    ordered = [c for c in usable if not c.abilities] + [c for c in usable if c.abilities]
    for wanted in filters_of(ability):
        if not (wanted.names or wanted.name_contains or wanted.affiliations or wanted.energy
                or wanted.kind != "character") or \
                wanted.this or any(fits(c, wanted) for c in found):
            continue
        match = next((c for c in ordered if fits(c, wanted)), None)
        if match is not None:
            found.append(match)
    return found[:4]


def face(die: Die, kind: str, burst: int = 0) -> int:
    """The first face of ``kind`` (an action face with ``burst`` bursts)."""
    for index, shown in enumerate(die.spec.faces):
        if shown.kind == kind and (kind != ACTION or shown.burst == burst):
            return index
    raise LookupError(f"{die.spec.name} has no {kind} face with {burst} bursts")


def energy_face(die: Die, symbol: str) -> int:
    for index, shown in enumerate(die.spec.faces):
        if shown.kind == ENERGY and shown.symbols == (symbol,):
            return index
    raise LookupError(f"{die.spec.name} has no {symbol} face")


def place(die: Die, owner: int, zone: Zone, shown: int = 0) -> None:
    die.owner = owner
    die.zone = zone
    die.face = shown


def build(card: Card, trigger: str, flow: str, variant: str = "standard", extra: Sequence[Card] = (),
          scheduled: int | None = None, back: bool = False) -> Position:
    """The position to fire an ability with ``trigger`` of ``card`` by ``flow`` (``back``: a
    Flip card showing its back side, for an ability written ``side: back``)."""
    playing = engine_card(card)
    character = card.kind == "character"
    dice = max(card.max_dice, 1)
    helpers = tuple((engine_card(c), 4) for c in extra if c.kind != "basic_action")
    basics = tuple(engine_card(c) for c in extra if c.kind == "basic_action")
    if card.kind == "basic_action":
        mine = PlayerSetup("Smoke", helpers, (playing, *basics), max(dice, 3))
        theirs = PlayerSetup("Rival", helpers, basics)
    else:
        mine = PlayerSetup("Smoke", ((playing, dice), *helpers), basics)
        theirs = PlayerSetup("Rival", (((playing, 2),) if character else ()) + helpers, basics)
    game = Game([mine, theirs], life=20, seed=0, first_player=ME, start=False)
    game.log = []
    # Behind on life ("while you have less life" holds), or ahead in that variant.
    game.players[ME if variant != "ahead on life" else THEM].life = 10
    bare = variant == "no own field characters"
    slots = [[s.index for s in game.slots if s.card.code == c.code] for c in (card, *extra)]
    slot = slots[0][0]
    if back:
        game.bookkeeping.flipped.add(slot)
    own = list(game.slot_dice[slot])
    main: Die | None = own[0]
    rest = own[1:]
    ready = trigger in ("fielded", "while_active", "action", "burst", "double_burst", "global")
    if trigger in ("purchased", "always"):
        main = None                      # it stays on its card until bought
    elif not character:
        burst = {"burst": 1, "double_burst": 2}.get(trigger, 0)
        place(own[0], ME, Zone.RESERVE if ready else Zone.FIELD, face(own[0], ACTION, burst))
        if rest and ready:
            # A second die in the field (continuous actions' globals need one there).
            place(rest[0], ME, Zone.FIELD, face(rest[0], ACTION))
            rest = rest[1:]
    else:
        place(own[0], ME, Zone.RESERVE if trigger in ("fielded", "while_active") else Zone.FIELD,
              face(own[0], CHARACTER))
    # (the others stay on the card: "if you have a die on this card" holds)
    for die, zone in zip(rest, (Zone.USED, Zone.PREP), strict=False):
        place(die, ME, zone)
    for helper, companion in zip(slots[1:], extra, strict=True):
        for player, dice_of in zip((ME, THEM), (game.slot_dice[i] for i in helper), strict=False):
            # (two in the field: "if you have 3 or more [bolt] characters" counts them)
            for die in dice_of[:2]:
                if companion.kind == "character":
                    place(die, player, Zone.USED if bare and player == ME else Zone.FIELD, face(die, CHARACTER))
                else:
                    place(die, player, Zone.RESERVE, face(die, ACTION))
            place(dice_of[2], player, Zone.USED)       # (and the fourth stays on its card)
    _sidekicks(game, card, bare)
    if variant == "busy turn":
        # A die bought and the field dice fielded this turn; the Prep Area empty (skc globals).
        game.this_turn.purchases[ME] = 1
        game.this_turn.kos[ME] = 4      # ("if 4 or more of your character dice were KO'd this turn", 139dps)
        game.this_turn.fielded.update(d.id for d in game.dice if d.owner == ME and d.zone is Zone.FIELD)
        for die in [d for d in game.dice if d.owner == ME and d.zone is Zone.PREP]:
            place(die, ME, Zone.USED)
    if character:
        rival = game.slot_dice[slots[0][1]]
        place(rival[0], THEM, Zone.FIELD, face(rival[0], CHARACTER))
        place(rival[1], THEM, Zone.USED)
    attackers = [d for d in game.dice if d.is_sidekick and d.owner == THEM and d.zone is Zone.FIELD]
    game.active = THEM if flow == Flow.BLOCK or variant == "opponent's turn" else ME
    game.turn_number = 2
    step = "attack" if flow in (Flow.ATTACK, Flow.ATTACK_BLOCKED, Flow.ATTACK_UNBLOCKED, Flow.BLOCK) else "main"
    game.step = Step.ATTACK if step == "attack" else Step.MAIN
    game.tasks = [Task(kind, game.active) for kind in reversed(STEPS[step])]
    if variant == "attacking" and flow in (Flow.MAIN, Flow.EVENT):
        _mid_combat(game, main, attackers)
    if variant == "empty prep area":
        # ("if you have no dice in your Prep Area"): the player's prep dice go to the used pile
        for die in game.dice:
            if die.owner == ME and die.zone is Zone.PREP:
                place(die, ME, Zone.USED)
    if scheduled is not None:
        # Switched on this turn by its card's other ability (``do: schedule``).
        game.scheduled.append((ME, slot, scheduled, 0, None if main is None else main.id, (), "ability"))
    return Position(game, slot, main, attackers, len([d for d in game.dice if not d.token]))


def _sidekicks(game: Game, card: Card, bare: bool) -> None:
    """Energy in the reserve (the types the card's costs name first), the rest spread out."""
    mine = [d for d in game.dice if d.is_sidekick and d.owner == ME]
    symbols = [t for a in card.abilities if a.cost is not None for t in a.cost.types] + list(card.energy)
    symbols = (symbols + ["wild", "fist", "mask", "bolt", "shield"])[:3]
    for die, symbol in zip(mine[:3], symbols, strict=True):
        place(die, ME, Zone.RESERVE, energy_face(die, symbol))
    own_field = Zone.USED if bare else Zone.FIELD
    for die, zone in zip(mine[3:], (own_field, own_field, Zone.USED, Zone.BAG, Zone.PREP), strict=True):
        place(die, ME, zone, face(die, CHARACTER) if zone is Zone.FIELD else 0)
    game.players[ME].virtual = max(8, card.cost or 0)     # (enough to buy a 12-cost card)
    theirs = [d for d in game.dice if d.is_sidekick and d.owner == THEM]
    for die, zone in zip(theirs, (Zone.FIELD, Zone.FIELD, Zone.RESERVE, Zone.BAG, Zone.BAG, Zone.USED,
                                  Zone.USED, Zone.PREP), strict=True):
        place(die, THEM, zone, face(die, CHARACTER) if zone is Zone.FIELD else energy_face(die, "fist"))


def _mid_combat(game: Game, main: Die | None, blockers: list[Die]) -> None:
    """The player's field characters attack, the opponent's Sidekicks block the first of
    them (the card's die first), and the attack step's priority window is open."""
    game.step = Step.ATTACK
    game.tasks = [Task(kind, game.active) for kind in reversed(
        (TaskKind.ATTACK_WINDOW, TaskKind.END_OF_TURN, TaskKind.CLEANUP, TaskKind.END_TURN))]
    own = sorted(game.field_characters(ME), key=lambda d: d is not main)
    for die, blocker in zip(own, [*blockers, *[None] * len(own)], strict=False):
        die.attacking = True
        game.this_turn.attacked.add(die.id)          # ("once a die has attacked this turn")
        if blocker is not None:
            die.blocked = True
            blocker.blocking = die.id
