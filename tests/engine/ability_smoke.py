"""A generated smoke check for every ability of every card: build a position, fire it, answer.

For each ability of a card (``abilities:`` in data/cards), ``smoke`` builds a small legal
position around the card (``smoke_position``), fires the ability the way the game does,
answers every decision it asks with a deterministic first legal answer (the ability's own
"choose one" mode, a target rather than none, "yes" to "you may"), checks the engine
invariants after every answer, and reports what happened: whether it fired (and why
not), whether it resolved, and whether the game changed or the log says why not.

Generic over the ability language, never per card: the position and the way to fire come
from the ability's trigger and filters alone.

- Player actions, as a player makes them: ``global`` (use it, with the energy its cost
  names in the reserve), ``action``/``burst``/``double_burst`` (use the die on that face),
  ``fielded`` and the static ``while_active`` (field the die), ``purchased`` and the
  static ``always`` (buy the die: cost rules apply to it), and combat: ``attacks``,
  ``attackers_declared``, ``blocked``, ``blocks``, ``blockers_declared``, ``engaged``
  (the die attacks and may be blocked, or blocks the opponent's attacker).
- Every other trigger is an event the engine raises from deep inside a step: the check
  makes it happen on a copy of the game (``Game.clone``) in each way the position allows
  until the ability triggers (``smoke_events``): a real KO, real damage, or the engine's
  event interface for draws, rolls, turn steps and the like.
- A ``scheduled`` ability is switched on first, as its scheduling ability would; an
  ability that needs what another of its card's abilities did first (a name chosen, a die
  set aside) is fired after that one.

It lives under tests/ because nothing but the tests use it: it places dice by hand and
raises events itself, which no game or player may do, so it stays out of the compiled,
shipped engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from teambuilder.catalogue.abilities import STATIC_TRIGGERS
from teambuilder.catalogue.model import Card
from teambuilder.engine import damage, events, legality
from teambuilder.engine.actions import (
    Action,
    Choose,
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
from teambuilder.engine.game import RESOLVERS, Game, IllegalAction
from teambuilder.engine.invariants import broken_invariants
from teambuilder.engine.state import Die, Zone
from tests.engine.smoke_events import triggered, ways
from tests.engine.smoke_position import ME, VARIANTS, Flow, Position, build, companions

MAX_ANSWERS = 80        # decisions answered for one ability before the check gives up
STATIC = STATIC_TRIGGERS
# The ways to fire each trigger a player's action fires (any other: Flow.EVENT).
FLOWS: dict[str, tuple[str, ...]] = {
    "global": (Flow.MAIN,), "action": (Flow.MAIN,), "burst": (Flow.MAIN,), "double_burst": (Flow.MAIN,),
    "fielded": (Flow.MAIN,), "while_active": (Flow.MAIN,), "purchased": (Flow.MAIN,), "always": (Flow.MAIN,),
    "attacks": (Flow.ATTACK,), "attackers_declared": (Flow.ATTACK, Flow.BLOCK),
    "blocked": (Flow.ATTACK_BLOCKED,), "blocks": (Flow.BLOCK,),
    "blockers_declared": (Flow.BLOCK, Flow.ATTACK_BLOCKED, Flow.ATTACK_UNBLOCKED),
    "engaged": (Flow.BLOCK, Flow.ATTACK_BLOCKED)}
# Decisions a resolving ability asks; at any other the ability has finished.
RESOLVING = frozenset({DecisionKind.ORDER, DecisionKind.OPTIONAL, DecisionKind.MODE, DecisionKind.TARGET,
                       DecisionKind.REACT, DecisionKind.REDIRECT, DecisionKind.SCRIPT, DecisionKind.SPLIT,
                       DecisionKind.PAY, DecisionKind.CHOICE, DecisionKind.ENLIST})
# Answers tried to the first question of the ability fired first (a number, a name...),
# when the later ability does not fire after the first answer.
MAX_BRANCHES = 16
# Log words that say why a resolved ability changed nothing.
WHY_NOT = ("no legal target", "does not happen", "no longer holds", "nothing happens", "no executable effect",
           "cannot", "has no ")


class SmokeFailure(AssertionError):
    """The ability broke the game: an invariant, or it never finished resolving."""


@dataclass
class SmokeResult:
    card: str
    ability: int                 # 1-based, as coverage names them
    trigger: str
    mode: int | None = None
    variant: str = VARIANTS[0]
    flow: str = Flow.EVENT
    after: int | None = None     # the card's other ability (1-based) fired first
    fired: bool = False          # the action was taken / the event raised, and it triggered
    resolved: bool = False       # the log says it resolved
    changed: bool = False        # the game differs from just before it resolved
    why_not: str = ""            # not fired: the reason; fired, nothing changed: the log line saying why
    log: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.card} ability {self.ability}" + (f" mode {self.mode + 1}" if self.mode is not None else "")

    @property
    def sound(self) -> bool:
        """Fired, and it changed the game or the log says why not (a static holds: it
        needs no change to show)."""
        return self.fired and (self.trigger in STATIC or self.changed or bool(self.why_not))


def abilities_to_fire(card: Card) -> list[tuple[int, int | None]]:
    """(ability index, mode index or None) for each way the card's abilities resolve."""
    return [(index, mode) for index, ability in enumerate(card.abilities)
            if ability.effects or ability.modes     # (not one written only as unsupported text)
            for mode in (range(len(ability.modes)) if ability.modes else (None,))]


# -- answering ---------------------------------------------------------------------
def doomed(game: Game, die: Die) -> bool:
    return die.zone is Zone.FIELD and game.is_character(die) and die.damage > 0 and \
        die.damage >= game.stats(die)[1]


def answers(game: Game, decision: Decision, mode: int | None) -> list[Action]:
    """The answers the check gives, best first: the ability's own mode, a target rather
    than none, yes to "you may", paying a price, a named choice, enlisting; whoever is
    asked (a mode the opponent chooses, a price the opponent pays)."""
    options = decision.options
    if decision.kind is DecisionKind.MODE and mode is not None and Choose(mode) in options:
        return [Choose(mode)]
    chosen = [o for o in options if not isinstance(o, Pass)] if decision.kind in RESOLVING else list(options)
    # A die its damage KOs already is not picked again while another may be.
    fresh = [o for o in chosen if not (isinstance(o, ChooseTarget) and doomed(game, game.dice[o.target]))]
    return fresh or chosen or list(options)


def first_legal(game: Game, decision: Decision, mode: int | None) -> Action:
    """A deterministic answer: the first of ``answers``; no rerolls, no attackers, no
    blocks beyond those a rule requires."""
    if decision.options:
        return answers(game, decision, mode)[0]
    if decision.kind is DecisionKind.BLOCKERS:
        return DeclareBlockers(tuple((b, allowed[0]) for b, allowed in decision.assign
                                     if b in decision.required and allowed))
    required = tuple(d for d in decision.subset if d in decision.required)
    return Reroll(required) if decision.kind is DecisionKind.REROLL else \
        DeclareAttackers(decision.with_minimum(required))


def fingerprint(game: Game) -> tuple[object, ...]:
    """What an ability may change, as one comparable value."""
    dice = tuple((d.zone, d.owner, d.face, d.damage, tuple(sorted(d.flags)), d.attacking, d.blocking,
                  len(d.modifiers), d.home, d.copy_of, d.stats_of, d.under,
                  game.stats(d) if d.zone is Zone.FIELD and game.is_character(d) else None) for d in game.dice)
    marks, turn = game.bookkeeping, game.this_turn
    return (dice, tuple((p.life, p.virtual, repr(p.global_uses)) for p in game.players), len(game.turn_rules),
            tuple(game.scheduled), game.over, repr(game.script_state), repr(game.damage_splits),
            repr((marks.captured, marks.controlled, marks.set_aside, marks.choices, marks.borrowed)),
            repr((turn.purchases, turn.spent, turn.fielded, turn.attacked, turn.blocked, turn.hits, turn.player_hits,
                  turn.combat_damage, turn.deadly_marks, turn.call_outs, turn.cleaved, turn.iron_will, turn.shields)))


class _Run:
    """One attempt: the position, the answers given, and the state before it resolved."""

    def __init__(self, position: Position, result: SmokeResult) -> None:
        self.position = position
        self.result = result
        self.before: tuple[object, ...] = fingerprint(position.game)
        self.branched = False

    @property
    def game(self) -> Game:
        return self.position.game

    def apply(self, action: Action, firing: bool = False) -> None:
        """``Game.apply``, split so that the state between the action and what it sets
        off resolving is seen (the "before" of the firing action)."""
        game = self.game
        decision = game.decision
        assert decision is not None
        problem = legality.check(game, decision, action)
        if problem:
            raise IllegalAction(f"{self.result.name}: {action}: {problem}")
        game.decision = None
        game.record.append(action)
        RESOLVERS[decision.kind](game, decision, action)
        if firing:
            self.before = fingerprint(game)
        game.advance()
        problems = broken_invariants(game, self.position.dice_count)
        if problems:
            raise SmokeFailure(f"{self.result.name}: after {action}: invariant broken: {problems[0]}")

    def settle(self, mode: int | None, branch: int = 0) -> None:
        """Answer decisions until the ability (and what it set off) has resolved; the first
        question with several answers gets its ``branch``-th (``self.branched``: it had one)."""
        game = self.game
        asked = False
        seen: list[Decision] = []     # (compared, not hashed: the compiled engine's values need not hash)
        for _ in range(MAX_ANSWERS):
            decision = game.decision
            if decision is None or decision.kind not in RESOLVING and not game.trigger_batches \
                    and game.resolving is None:
                return
            # A question asked again ("another pair to swap? pass: done") is answered "done".
            again = decision in seen and Pass() in decision.options
            seen.append(decision)
            answer = Pass() if again else first_legal(game, decision, mode)
            several = answers(game, decision, mode) if decision.kind in RESOLVING and decision.options else []
            if branch and not asked and len(several) > 1:
                asked = True
                self.branched = branch < len(several)
                answer = several[min(branch, len(several) - 1)]
            self.apply(answer)
        raise SmokeFailure(f"{self.result.name}: still resolving after {MAX_ANSWERS} answers")

    def offered(self, wanted: Callable[[Action], bool]) -> Action | None:
        decision = self.game.decision
        return next((o for o in decision.options if wanted(o)), None) if decision is not None else None

    # -- firing by a player's action --------------------------------------------------
    def act(self, trigger: str, index: int, flow: str) -> str:
        """Fire by a player's action; returns why not when the engine does not offer it."""
        game, slot, main = self.game, self.position.card_slot, self.position.main
        game.advance()
        action: Action | None = None
        if flow == Flow.MAIN:
            if trigger == "global":
                action = self.offered(lambda o: isinstance(o, UseGlobal) and o.slot == slot and o.ability == index)
            elif main is not None and (trigger in ("action", "burst", "double_burst") or trigger == "while_active"
                                       and not game.is_character(main)):   # (a Continuous action die)
                action = self.offered(lambda o: isinstance(o, UseAction) and o.die == main.id)
            elif main is not None and trigger in ("fielded", "while_active"):
                action = self.offered(lambda o: isinstance(o, Field) and o.die == main.id)
            elif trigger in ("purchased", "always"):
                action = self.offered(lambda o: isinstance(o, Purchase) and o.slot == slot)
            if action is None:
                return f"the engine does not offer it in the Main Step ({game.decision and game.decision.kind})"
            self.apply(action, firing=True)
            return ""
        if main is None:
            return "the card has no die in the field"
        decision = game.decision
        if flow == Flow.BLOCK:
            attackers = tuple(d.id for d in self.position.attackers)
            if decision is None or decision.kind is not DecisionKind.ATTACKERS:
                return "the opponent is not asked to attack"
            self.apply(DeclareAttackers(attackers), firing=trigger == "attackers_declared")
            if trigger == "attackers_declared":
                return ""
            self.settle(None)
            decision = game.decision
            if decision is None or decision.kind is not DecisionKind.BLOCKERS or \
                    not any(b == main.id for b, _ in decision.assign):
                return "the card's die may not block"
            self.apply(DeclareBlockers(((main.id, attackers[0]),)), firing=trigger != "attackers_declared")
            return ""
        # "After attackers are declared" needs some attacker, not the card's own die (a Basic
        # Action card's scheduled ability: its die is an action die).
        any_attacker = trigger == "attackers_declared" and bool(decision and decision.subset)
        if decision is None or decision.kind is not DecisionKind.ATTACKERS or \
                main.id not in decision.subset and not any_attacker:
            return "the card's die may not attack"
        # Every die that may attacks (the card's die among them): "if another ... attacks too".
        self.apply(DeclareAttackers(decision.subset), firing=flow == Flow.ATTACK)
        if flow == Flow.ATTACK_BLOCKED:
            self.settle(None)
            decision = game.decision
            if decision is None or decision.kind is not DecisionKind.BLOCKERS or \
                    not any(main.id in allowed for _, allowed in decision.assign):
                return "no die of the opponent may block it"
            # Each blocker blocks one attacker, the card's die first.
            blocks: list[tuple[int, int]] = []
            for blocker, allowed in decision.assign:
                free = sorted((a for a in allowed if a not in {b[1] for b in blocks}), key=lambda a: a != main.id)
                if free:
                    blocks.append((blocker, free[0]))
            self.apply(DeclareBlockers(tuple(blocks)), firing=True)
        elif flow == Flow.ATTACK_UNBLOCKED:            # ("if an attacker was not blocked")
            self.settle(None)
            if game.decision is None or game.decision.kind is not DecisionKind.BLOCKERS:
                return "the opponent is not asked to block"
            self.apply(DeclareBlockers(()), firing=True)
        return ""

    # -- firing by raising its event ---------------------------------------------------
    def raise_event(self, trigger: str, index: int, label: str) -> str:
        """Make the ability's event happen in the first way it accepts; the position
        moves on to the copy of the game where it did."""
        position = self.position
        for way in ways(position, trigger):
            copy = position.game.clone()
            copy.log = []
            if copy.decision is not None and copy.decision.kind is DecisionKind.PRIORITY:
                copy.decision = None        # (after an ability fired first: asked again below)
            way(copy)
            while copy.damage_queue and copy.decision is None and not copy.over:
                damage.process_damage(copy)
            if triggered(copy, position.card_slot, index, label):
                position.game = copy
                position.main = None if position.main is None else copy.dice[position.main.id]
                position.attackers = [copy.dice[d.id] for d in position.attackers]
                self.before = fingerprint(copy)
                if copy.decision is not None and copy.decision.kind is DecisionKind.PRIORITY:
                    copy.decision = None        # (asked again once the raised trigger has resolved)
                copy.advance()
                return ""
        return "no die or player of the position raises its event so that its when: filter and if: conditions hold"


# -- the check -----------------------------------------------------------------------
def smoke(card: Card, index: int, mode: int | None = None, pool: Sequence[Card] = ()) -> SmokeResult:
    """Fire ability ``index`` (0-based) of ``card`` (its ``mode``, for "choose one") with
    companions from ``pool``: in each variant of the position and each way of firing,
    then after each other ability of the card, until it resolves. Returns the first
    attempt that resolved, else the first that fired, else the first; raises SmokeFailure
    (or the engine's own error) when it breaks the game."""
    ability = card.abilities[index]
    extra = companions(card, ability, pool)
    flows = FLOWS.get(ability.trigger, (Flow.EVENT,))
    others = [None, *(i for i, a in enumerate(card.abilities) if i != index and a.trigger not in STATIC
                      and not a.scheduled)]
    results: list[SmokeResult] = []
    for after in others:
        for branch in range(MAX_BRANCHES if after is not None else 1):
            branched = False
            for variant in VARIANTS:
                for flow in flows:
                    result, more = _attempt(card, index, mode, variant, flow, extra, after, branch)
                    if result.resolved:
                        return result
                    branched = branched or more
                    results.append(result)
            if branch and not branched:
                break
    return next((r for r in results if r.fired), results[0])


def _attempt(card: Card, index: int, mode: int | None, variant: str, flow: str, extra: Sequence[Card],
             after: int | None, branch: int = 0) -> tuple[SmokeResult, bool]:
    """One attempt, and whether the ability fired first had a ``branch``-th answer."""
    ability = card.abilities[index]
    result = SmokeResult(card.code, index + 1, ability.trigger, mode, variant, flow,
                         None if after is None else after + 1)
    scheduled = index if ability.scheduled else None
    back = any(c.kind == "side" and c.value == "back" for c in ability.conditions)
    branched = False
    if after is None:
        position = build(card, ability.trigger, flow, variant, extra, scheduled, back)
    else:
        first = card.abilities[after]
        first_flow = FLOWS.get(first.trigger, (Flow.EVENT,))[0]
        position = build(card, first.trigger, first_flow, variant, extra, scheduled, back)
        prelude = _Run(position, SmokeResult(card.code, after + 1, first.trigger))
        prelude.result.why_not = _fire(prelude, card, after, first_flow)
        if prelude.result.why_not:
            result.why_not = f"ability {after + 1} first: {prelude.result.why_not}"
            return result, False
        prelude.settle(None, branch)
        branched = prelude.branched
        if position.main is not None and position.main.zone is not Zone.FIELD:
            position.main = None
        position.game.log = []
    run = _Run(position, result)
    # (read before it fires: an ability that borrows another card's text changes the card's abilities)
    label = events.PendingTrigger(ME, position.card_slot, index).label(position.game)
    result.why_not = _fire(run, card, index, flow)
    if result.why_not:
        return result, branched
    run.settle(mode)
    game = run.game
    result.log = list(game.log)
    result.fired = ability.trigger in STATIC or triggered(game, position.card_slot, index, label)
    if not result.fired:
        result.why_not = f"the {flow} did not trigger it"
        return result, branched
    mine = f"{game.players[ME].name}: "
    # (an ability the opponent stopped by Enlistment has finished too)
    result.resolved = ability.trigger in STATIC or any(mine in line and f"resolves {label}" in line
                                                       or f"{label} is stopped" in line for line in game.log)
    result.changed = fingerprint(game) != run.before
    if not result.changed:
        result.why_not = _why_nothing(game.log, f"{mine}resolves {label}")
    return result, branched


def _why_nothing(log: list[str], resolves: str) -> str:
    """The log line that says what an ability did when nothing changed: a line its
    resolution wrote, or one saying why it did not resolve."""
    start = next((i for i, line in enumerate(log) if resolves in line), None)
    if start is None:
        return next((line for line in log if any(w in line for w in WHY_NOT)), "")
    return next((line for line in log[start + 1:] if ": resolves " not in line), "")


def _fire(run: _Run, card: Card, index: int, flow: str) -> str:
    trigger = card.abilities[index].trigger
    if flow != Flow.EVENT:
        return run.act(trigger, index, flow)
    label = events.PendingTrigger(ME, run.position.card_slot, index).label(run.game)
    return run.raise_event(trigger, index, label)
