"""A generated smoke check for every ability of every card: build a position, fire it, answer.

For each ability of a card (``abilities:`` in data/cards), ``smoke`` builds a small legal
position around the card, fires the ability the way the game does, answers every
decision it asks with a deterministic first legal answer (the ability's own "choose one"
mode, a target rather than none, "yes" to "you may"), checks the engine invariants after
every answer, and reports what happened: fired or not (and why not), and whether the game
changed or the log says why nothing did.

Generic over the ability language, never per card: the position and the way to fire come
from the ability's trigger alone.

- Player actions, as a player makes them: ``global`` (use it, with the energy its cost
  names in the reserve), ``action``/``burst``/``double_burst`` (use the die on that face),
  ``fielded`` and the statics ``while_active`` (field the die), ``purchased`` and the
  static ``always`` (buy the die: cost rules apply to it), ``attacks`` and
  ``attackers_declared`` (attack with the die), ``blocked`` (attack, the opponent blocks
  it), ``blocks``, ``blockers_declared`` and ``engaged`` (the opponent attacks, the die
  blocks).
- Every other trigger is an event the engine raises from deep inside a step (a KO, damage,
  a draw, a turn's start): the check raises that event through the engine's own event
  interface (``events.emit`` for the die's own triggers, ``events.watch`` for "whenever"
  triggers), trying each die and player of the position as the event's die and player
  until the ability's ``when:`` filter and ``if:`` conditions accept one.
- A ``scheduled`` ability is switched on first, as its scheduling ability would.

It lives under tests/ because nothing but the tests use it: it reaches into the engine's
event interface and places dice by hand, which no game or player may do, and so it stays
out of the compiled, shipped engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from functools import partial

from teambuilder.catalogue.abilities import Ability, DieFilter
from teambuilder.catalogue.model import Card
from teambuilder.engine import damage, effects, events
from teambuilder.engine.actions import (
    Action,
    Choose,
    ChoosePlayer,
    ChooseTarget,
    Decision,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Field,
    Pass,
    Purchase,
    Reroll,
    UseAction,
    UseGlobal,
)
from teambuilder.engine.dice import ACTION, CHARACTER, ENERGY
from teambuilder.engine.game import Game
from teambuilder.engine.game_state import PlayerSetup
from teambuilder.engine.invariants import broken_invariants
from teambuilder.engine.scenario import STEPS
from teambuilder.engine.setup import engine_card
from teambuilder.engine.state import DamageEvent, Die, Step, Task, TaskKind, Zone

ME, THEM = 0, 1
MAX_ANSWERS = 80        # decisions answered for one ability before the check gives up
# Triggers fired by the player action of the same name (see the module docstring).
ACTED = {"global": "use the global", "action": "use the action die", "burst": "use the action die on its burst",
         "double_burst": "use the action die on its double burst", "fielded": "field the die",
         "while_active": "field the die", "purchased": "buy the die", "always": "buy the die",
         "attacks": "attack with the die", "attackers_declared": "attack with the die",
         "blocked": "attack with the die; the opponent blocks it", "blocks": "block with the die",
         "blockers_declared": "block with the die", "engaged": "block with the die"}
STATIC = ("while_active", "always")
# Events a die raises about itself (``emit``); every other trigger is a "whenever" (``watch``).
OWN_EVENTS = frozenset({"fielded", "attacks", "blocks", "blocked", "damaged", "ko", "purchased", "deals_damage",
                        "energized", "kos", "engaged"})
# What an event says caused it (damage, targeting, draws), tried in this order.
EVENT_KINDS = ("combat", "ability", "global", "action", "fielded", "clear_and_draw", "effect")
# Decisions a resolving ability asks; at any other the ability has finished.
RESOLVING = frozenset({DecisionKind.ORDER, DecisionKind.OPTIONAL, DecisionKind.MODE, DecisionKind.TARGET,
                       DecisionKind.REACT, DecisionKind.REDIRECT, DecisionKind.SCRIPT, DecisionKind.SPLIT})
# Log words that say why an ability changed nothing.
WHY_NOT = ("no legal target", "does not happen", "no longer holds", "chooses not to", "nothing happens",
           "has no effect", "cannot", "no die", "no dice", "not ")


# Ways to vary the position when an ability's conditions fail in the first one.
VARIANTS = ("standard", "no own field characters", "ahead on life", "opponent's turn", "attacking")


class SmokeFailure(AssertionError):
    """The ability broke the game: an invariant, an illegal own answer, or no end."""


@dataclass
class SmokeResult:
    card: str
    ability: int                 # 1-based, as coverage names them
    trigger: str
    mode: int | None = None
    variant: str = VARIANTS[0]
    fired: bool = False
    why_not: str = ""            # when not fired: the reason
    changed: bool = False
    log: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.card} ability {self.ability}" + (f" mode {self.mode + 1}" if self.mode is not None else "")


def abilities_to_fire(card: Card) -> list[tuple[int, int | None]]:
    """(ability index, mode index or None) for each way the card's abilities resolve."""
    return [(index, mode) for index, ability in enumerate(card.abilities)
            for mode in (range(len(ability.modes)) if ability.modes else (None,))]


# -- the position ------------------------------------------------------------------
def _face(die: Die, kind: str, burst: int = 0) -> int:
    for index, face in enumerate(die.spec.faces):
        if face.kind == kind and (kind != ACTION or face.burst == burst) and (kind != CHARACTER or index == min(
                i for i, f in enumerate(die.spec.faces) if f.kind == CHARACTER)):
            return index
    raise LookupError(f"{die.spec.name} has no {kind} face with {burst} bursts")


def _energy_face(die: Die, symbol: str) -> int:
    for index, face in enumerate(die.spec.faces):
        if face.kind == ENERGY and face.symbols == (symbol,):
            return index
    raise LookupError(f"{die.spec.name} has no {symbol} face")


def _place(die: Die, owner: int, zone: Zone, face: int = 0) -> None:
    die.owner = owner
    die.zone = zone
    die.face = face


@dataclass
class Position:
    game: Game
    card_slot: int
    main: Die | None             # the card's die the ability is about
    attackers: list[Die]         # the opponent's dice that attack (blocks fires)
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


def _kind_fits(card: Card, wanted: DieFilter) -> bool:
    if wanted.kind == "character":
        return card.kind == "character"
    if wanted.kind == "action":
        return card.kind != "character" and (wanted.basic is None or wanted.basic == (card.kind == "basic_action"))
    return True


def companions(card: Card, ability: Ability, pool: Sequence[Card]) -> list[Card]:
    """Plain cards (no abilities of their own to interfere) of the kinds, names,
    affiliations and energy types the ability's filters look for, so its counts, targets
    and ``when:`` filters find dice."""
    found: list[Card] = []
    plain = [c for c in pool if not c.abilities and c.code != card.code and (c.levels or c.kind != "character")]
    for wanted in filters_of(ability):
        tests: list[Callable[[Card], bool]] = [
            *(partial(lambda n, c: c.name == n, n) for n in wanted.names),
            *(partial(lambda a, c: a in c.affiliations, a) for a in wanted.affiliations),
            *(partial(lambda e, c: e in c.energy, e) for e in wanted.energy)]
        if wanted.kind != "character" and not tests:
            tests.append(lambda c: True)
        for test in tests:
            if any(test(c) and _kind_fits(c, wanted) for c in found):
                continue
            match = next((c for c in plain if test(c) and _kind_fits(c, wanted)), None)
            if match is not None and match not in found:
                found.append(match)
    return found[:4]


def build(card: Card, ability: Ability, trigger: str, variant: str = "standard",
          extra: Sequence[Card] = ()) -> Position:
    """Both players with Sidekicks in every zone, the card's dice where the trigger needs
    them, the companions' dice in the field and used pile, the opponent with a die of
    the same card (a target for filters by name), and the energy the card's costs name
    in the reserve."""
    playing = engine_card(card)
    character = card.kind == "character"
    dice = max(card.max_dice, 1)
    helpers = tuple((engine_card(c), 3) for c in extra if c.kind != "basic_action")
    basics = tuple(engine_card(c) for c in extra if c.kind == "basic_action")
    if card.kind == "basic_action":
        mine = PlayerSetup("Smoke", helpers, (playing, *basics), max(dice, 3))
        theirs = PlayerSetup("Rival", helpers, basics)
    else:
        mine = PlayerSetup("Smoke", ((playing, dice), *helpers), basics)
        theirs = PlayerSetup("Rival", (((playing, 2),) if character else ()) + helpers, basics)
    game = Game([mine, theirs], life=20, seed=0, first_player=ME, start=False)
    # Behind on life ("while you have less life" holds), or ahead in the third variant.
    game.players[ME if variant != "ahead on life" else THEM].life = 10
    bare = variant == "no own field characters"
    slots = [[s.index for s in game.slots if s.card.code == c.code] for c in (card, *extra)]
    slot = slots[0][0]
    own = list(game.slot_dice[slot])
    blocking = trigger in ("blocks", "blockers_declared", "engaged")
    main: Die | None = own[0]
    rest = own[1:]
    if trigger in ("purchased", "always"):
        main = None                      # it stays on its card until bought
    elif not character:
        burst = {"burst": 1, "double_burst": 2}.get(trigger, 0)
        zone = Zone.RESERVE if trigger in ("action", "burst", "double_burst", "global") else Zone.FIELD
        _place(own[0], ME, zone, _face(own[0], ACTION, burst))
        if rest and zone is Zone.RESERVE:
            # A second die in the field (continuous actions' globals need one there).
            _place(rest[0], ME, Zone.FIELD, _face(rest[0], ACTION))
            rest = rest[1:]
    else:
        zone = Zone.RESERVE if trigger in ("fielded", "while_active") else Zone.FIELD
        _place(own[0], ME, zone, _face(own[0], CHARACTER))
    # (the others stay on the card: "if you have a die on this card" holds)
    for die, zone in zip(rest, (Zone.USED, Zone.PREP), strict=False):
        _place(die, ME, zone, 0)
    for helper, companion in zip(slots[1:], extra, strict=True):
        for player, dice_of in zip((ME, THEM), (game.slot_dice[i] for i in helper), strict=False):
            if companion.kind == "character":
                _place(dice_of[0], player, Zone.USED if bare and player == ME else Zone.FIELD,
                       _face(dice_of[0], CHARACTER))
            else:
                _place(dice_of[0], player, Zone.RESERVE, _face(dice_of[0], ACTION))
            _place(dice_of[1], player, Zone.USED, 0)
    sidekicks = [d for d in game.dice if d.is_sidekick and d.owner == ME]
    symbols = [t for a in card.abilities if a.cost is not None for t in a.cost.types] + list(card.energy)
    symbols = (symbols + ["wild", "fist", "mask", "bolt", "shield"])[:3]
    for die, symbol in zip(sidekicks[:3], symbols, strict=True):
        _place(die, ME, Zone.RESERVE, _energy_face(die, symbol))
    own_field = Zone.USED if bare else Zone.FIELD
    for die, zone in zip(sidekicks[3:], (own_field, own_field, Zone.USED, Zone.BAG, Zone.PREP), strict=True):
        _place(die, ME, zone, _face(die, CHARACTER) if zone is Zone.FIELD else 0)
    game.players[ME].virtual = 8
    theirs_dice = [d for d in game.dice if d.is_sidekick and d.owner == THEM]
    for die, zone in zip(theirs_dice, (Zone.FIELD, Zone.FIELD, Zone.RESERVE, Zone.BAG, Zone.BAG, Zone.USED,
                                       Zone.USED, Zone.PREP), strict=True):
        _place(die, THEM, zone, _face(die, CHARACTER) if zone is Zone.FIELD else _energy_face(die, "fist"))
    if character:
        rival = game.slot_dice[slots[0][1]]
        _place(rival[0], THEM, Zone.FIELD, _face(rival[0], CHARACTER))
        _place(rival[1], THEM, Zone.USED, 0)
    attackers = [d for d in theirs_dice if d.zone is Zone.FIELD]
    step = "attack" if trigger in ACTED and "attack" in ACTED[trigger] or blocking else "main"
    game.active = THEM if blocking or variant == "opponent's turn" else ME
    game.turn_number = 2
    game.step = Step.ATTACK if step == "attack" else Step.MAIN
    game.tasks = [Task(kind, game.active) for kind in reversed(STEPS[step])]
    if variant == "attacking":
        # Mid-combat: the player's field characters attack, the opponent's first die
        # blocks the card's die, and the attack step's priority window is open.
        game.step = Step.ATTACK
        game.tasks = [Task(kind, game.active) for kind in reversed(
            (TaskKind.ATTACK_WINDOW, TaskKind.END_OF_TURN, TaskKind.CLEANUP, TaskKind.END_TURN))]
        for die in game.field_characters(ME):
            die.attacking = True
        if main is not None and main.zone is Zone.FIELD and game.is_character(main):
            main.blocked = True
            attackers[0].blocking = main.id
    if ability.scheduled:
        # Switched on this turn by its card's other ability (``do: schedule``).
        index = card.abilities.index(ability)
        game.scheduled.append((ME, slot, index, 0, None if main is None else main.id, (), "ability"))
    return Position(game, slot, main, attackers, len([d for d in game.dice if not d.token]))


# -- answering ---------------------------------------------------------------------
def doomed(game: Game, die: Die) -> bool:
    return die.zone is Zone.FIELD and game.is_character(die) and die.damage > 0 and \
        die.damage >= game.stats(die)[1]


def first_legal(game: Game, decision: Decision, mode: int | None) -> Action:
    """A deterministic answer: the ability's own mode, a target rather than none, yes to
    "you may"; no rerolls, no attackers, no blocks beyond those a rule requires."""
    options = decision.options
    if decision.kind is DecisionKind.MODE and mode is not None and Choose(mode) in options:
        return Choose(mode)
    if options:
        chosen = [o for o in options if not isinstance(o, Pass)] if decision.kind in RESOLVING else list(options)
        # A die its damage KOs already is not picked again (two "when damaged" dice would
        # otherwise trade damage for ever: see the report of issue 22).
        fresh = [o for o in chosen if not (isinstance(o, ChooseTarget) and doomed(game, game.dice[o.target]))]
        return (fresh or chosen or list(options))[0]
    if decision.kind is DecisionKind.BLOCKERS:
        return DeclareBlockers(tuple((b, allowed[0]) for b, allowed in decision.assign
                                     if b in decision.required and allowed))
    required = tuple(d for d in decision.subset if d in decision.required)
    return Reroll(required) if decision.kind is DecisionKind.REROLL else DeclareAttackers(required)


def _apply(position: Position, action: Action, result: SmokeResult) -> None:
    game = position.game
    game.apply(action)
    problems = broken_invariants(game, position.dice_count)
    if problems:
        raise SmokeFailure(f"{result.name}: after {action}: invariant broken: {problems[0]}")


def _settle(position: Position, mode: int | None, result: SmokeResult) -> None:
    """Answer decisions until the ability (and what it set off) has resolved."""
    game = position.game
    for _ in range(MAX_ANSWERS):
        if game.decision is None or game.decision.kind not in RESOLVING and not game.trigger_batches \
                and game.resolving is None:
            return
        _apply(position, first_legal(game, game.decision, mode), result)
    raise SmokeFailure(f"{result.name}: still resolving after {MAX_ANSWERS} answers")


def _offered(game: Game, wanted: Callable[[Action], bool]) -> Action | None:
    decision = game.decision
    return next((o for o in decision.options if wanted(o)), None) if decision is not None else None


# -- firing ------------------------------------------------------------------------
def _act(position: Position, trigger: str, index: int, result: SmokeResult) -> str:
    """Fire by a player's action; returns why not when the engine does not offer it."""
    game, slot, main = position.game, position.card_slot, position.main
    game.advance()
    if trigger == "global":
        action = _offered(game, lambda o: isinstance(o, UseGlobal) and o.slot == slot and o.ability == index)
    elif trigger in ("action", "burst", "double_burst"):
        action = _offered(game, lambda o: isinstance(o, UseAction) and main is not None and o.die == main.id)
    elif trigger in ("fielded", "while_active"):
        action = _offered(game, lambda o: isinstance(o, Field) and main is not None and o.die == main.id)
    elif trigger in ("purchased", "always"):
        action = _offered(game, lambda o: isinstance(o, Purchase) and o.slot == slot)
    elif trigger in ("attacks", "attackers_declared", "blocked"):
        decision = game.decision
        action = DeclareAttackers((main.id,)) if decision is not None and main is not None and \
            decision.kind is DecisionKind.ATTACKERS and main.id in decision.subset else None
    else:
        attackers = tuple(d.id for d in position.attackers)
        decision = game.decision
        if decision is None or decision.kind is not DecisionKind.ATTACKERS:
            return f"the opponent is not asked to attack ({decision})"
        _apply(position, DeclareAttackers(attackers), result)
        _settle(position, None, result)
        decision = game.decision
        action = DeclareBlockers(((main.id, attackers[0]),)) if decision is not None and main is not None and \
            decision.kind is DecisionKind.BLOCKERS and any(b == main.id for b, _ in decision.assign) else None
    if action is None:
        return f"the engine does not offer to {ACTED[trigger]} ({game.decision and game.decision.kind})"
    _apply(position, action, result)
    if trigger == "blocked":
        _settle(position, None, result)
        decision = game.decision
        if decision is None or decision.kind is not DecisionKind.BLOCKERS or main is None:
            return "the opponent is not asked to block"
        blocker = next((b for b, allowed in decision.assign if main.id in allowed), None)
        if blocker is None:
            return "no die of the opponent may block it"
        _apply(position, DeclareBlockers(((blocker, main.id),)), result)
    return ""


KO_EVENTS = ("ko", "any_ko", "kos")
DAMAGE_EVENTS = ("damaged", "any_damaged", "deals_damage", "you_damaged", "player_damaged")


def _ours(game: Game, slot: int, index: int, label: str) -> bool:
    """Whether the ability triggered: queued, resolving, or already in the log."""
    queued = [t for batch in game.trigger_batches for t in batch] + game.new_triggers
    if any(t.slot == slot and t.ability == index and t.controller == ME for t in queued):
        return True
    resolving = game.resolving
    if resolving is not None and (resolving.trigger.slot, resolving.trigger.ability) == (slot, index):
        return True
    mine = f"{game.players[ME].name}: "
    return any(mine in line and label in line for line in game.log)


def _engage(game: Game, attacker: Die, blocker: Die) -> None:
    """Combat marks, as if ``blocker`` blocks ``attacker`` (for "when it KOs a blocker")."""
    attacker.attacking = attacker.blocked = True
    blocker.blocking = attacker.id


def _events(position: Position, trigger: str) -> Iterator[Callable[[Game], None]]:
    """Each way to raise the trigger's event in the position, most likely first. Each
    acts on a copy of the game (``Game.clone``): a way the ability does not accept is
    thrown away."""
    game, main = position.game, position.main
    ordered = sorted(game.dice, key=lambda d: (d.zone is not Zone.FIELD, d.owner != THEM, d.id))
    in_field = [d.id for d in ordered if d.zone is Zone.FIELD and game.is_character(d)]
    foes = [d for d in in_field if game.dice[d].owner == THEM]
    me = None if main is None else main.id

    def ko(victim: int, killer: int | None, combat: bool) -> Callable[[Game], None]:
        def run(copy: Game) -> None:
            if killer is not None:
                copy.this_turn.hits.setdefault(victim, set()).add(killer)
                if combat:
                    _engage(copy, copy.dice[killer], copy.dice[victim])
            effects.ko_all(copy, [copy.dice[victim]], combat=combat, by_damage=killer is not None)
        return run

    def hurt(source: int | None, die: int | None, player: int | None, kind: str) -> Callable[[Game], None]:
        def run(copy: Game) -> None:
            by = copy.dice[source].owner if source is not None else THEM if die == me or player == ME else ME
            if kind == "combat" and source is not None and die is not None:
                _engage(copy, copy.dice[source], copy.dice[die])
            copy.damage_queue.append(DamageEvent(1, source, die, player, kind == "combat", kind, by))
        return run

    def raised(die: int | None, player: int, kind: str, by: int) -> Callable[[Game], None]:
        def run(copy: Game) -> None:
            event_die = None if die is None else copy.dice[die]
            if trigger in OWN_EVENTS:
                assert me is not None
                events.emit(copy, trigger, copy.dice[me], event_die, player=player, amount=1,
                            combat=kind == "combat")
            else:
                events.watch(copy, trigger, event_die, player=player, amount=1, combat=kind == "combat",
                             event_slot=position.card_slot, kind=kind, by=by,
                             instigator=copy.dice[foes[0]] if foes else None)
        return run

    kinds = ("combat", "ability")
    if trigger == "ko" and me is not None:
        yield from (ko(me, killer, combat) for killer in [None, *foes] for combat in (False, True))
    elif trigger == "any_ko":
        yield from (ko(victim, None, combat) for victim in in_field for combat in (False, True))
    elif trigger == "kos" and me is not None:
        yield from (ko(victim, me, combat) for victim in foes for combat in (False, True))
    elif trigger == "damaged" and me is not None:
        yield from (hurt(source, me, None, kind) for source in [*foes, None] for kind in kinds)
    elif trigger == "any_damaged":
        yield from (hurt(source, die, None, kind) for die in in_field for source in foes[:1] for kind in kinds)
    elif trigger == "deals_damage" and me is not None:
        yield from (hurt(me, die, player, kind) for die, player in [(None, THEM), *((d, None) for d in foes)]
                    for kind in kinds)
    elif trigger in ("you_damaged", "player_damaged"):
        yield from (hurt(source, None, player, kind) for player in (ME, THEM) for source in [*foes[:1], None]
                    for kind in EVENT_KINDS if kind != "combat" or source is not None)
    elif trigger not in KO_EVENTS + DAMAGE_EVENTS:
        yield from (raised(die, player, kind, by) for die in [None, *(d.id for d in ordered)]
                    for player in (ME, THEM) for kind in EVENT_KINDS for by in (THEM, ME))


def _raise(position: Position, trigger: str, index: int, label: str, result: SmokeResult) -> str:
    """Raise the ability's event in the first way that it accepts; ``position`` moves on
    to the copy where it did."""
    for way in _events(position, trigger):
        copy = position.game.clone()
        copy.log = []
        way(copy)
        while copy.damage_queue and copy.decision is None and not copy.over:
            damage.process_damage(copy)
        if _ours(copy, position.card_slot, index, label):
            position.game = copy
            return ""
    return "no die or player of the position raises its event so that its when: filter and if: conditions hold"


def fingerprint(game: Game) -> tuple[object, ...]:
    dice = tuple((d.zone, d.owner, d.face, d.damage, tuple(sorted(d.flags)), d.attacking, d.blocking,
                  len(d.modifiers), d.home, d.copy_of, d.stats_of) for d in game.dice)
    players = tuple((p.life, p.virtual) for p in game.players)
    return (dice, players, len(game.turn_rules), len(game.scheduled), len(game.dice), game.over,
            tuple(sorted(game.script_state)))


def smoke(card: Card, index: int, mode: int | None = None, pool: Sequence[Card] = ()) -> SmokeResult:
    """Fire ability ``index`` (0-based) of ``card`` (its ``mode``, for "choose one"), in
    each variant of the position until it fires, with companions from ``pool``; raises
    SmokeFailure (or the engine's own error) when it breaks the game."""
    extra = companions(card, card.abilities[index], pool)
    results = [_attempt(card, index, mode, variant, extra) for variant in VARIANTS[:1]]
    for variant in VARIANTS[1:]:
        if results[-1].fired:
            break
        results.append(_attempt(card, index, mode, variant, extra))
    return results[-1] if results[-1].fired else results[0]


def _attempt(card: Card, index: int, mode: int | None, variant: str, extra: Sequence[Card]) -> SmokeResult:
    ability = card.abilities[index]
    trigger = ability.trigger
    result = SmokeResult(card.code, index + 1, trigger, mode, variant=variant)
    position = build(card, ability, trigger, variant, extra)
    game = position.game
    before = fingerprint(game)
    start = len(game.log)
    if trigger in ACTED:
        result.why_not = _act(position, trigger, index, result)
    else:
        label = events.PendingTrigger(ME, position.card_slot, index).label(game)
        result.why_not = _raise(position, trigger, index, label, result)
        if not result.why_not:
            start = 0
            game = position.game
            if game.decision is None:
                game.advance()
    if not result.why_not:
        _settle(position, mode, result)
        result.fired = True
    result.log = game.log[start:]
    result.changed = fingerprint(game) != before
    return result
