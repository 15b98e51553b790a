"""The Game: state, one seeded random generator, and the loop that runs until a decision.

The turn is a stack of small tasks (``Task``): each step of the turn is one task, and
a task that needs a player's choice leaves a ``Decision`` and waits. Because the state is
plain data (no generators or callbacks), a game can be copied for look-ahead. Before the
next task runs, the engine always empties, in order: pending damage (where prevention and
redirection may interrupt), new triggers (batched once an ability that paused for its
damage has finished), the trigger queue, and KOs from damage >= defense (also between two
abilities of the queue: ``effects.state_based_kos``). A player at 0 life ends the game at
once (``end_game``): nothing pending happens after that.
Invariant: ``decision`` is None only when the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import TypeVar

from teambuilder.catalogue.abilities import Ability
from teambuilder.engine import combat, damage, effects, events, legality, rules, scripts, triggers, turn, windows
from teambuilder.engine.actions import Action, Decision, DecisionKind, SplitDamage
from teambuilder.engine.dice import CHARACTER, SIDEKICK_SPEC, shared_die_spec
from teambuilder.engine.energy import EnergySource, Hand
from teambuilder.engine.game_state import Bookkeeping, GameTables, PlayerSetup, TurnMemory
from teambuilder.engine.keyword_abilities import UNIGNORABLE
from teambuilder.engine.resolution import Resolution
from teambuilder.engine.state import (
    DamageEvent,
    Die,
    EngineCard,
    Player,
    ReadingPass,
    Resolver,
    Runner,
    Slot,
    Step,
    Task,
    TaskKind,
    Window,
    Zone,
    ZoneIndex,
    index_dice,
    keyword_mark,
)
from teambuilder.engine.text_loss import die_text_blank

T = TypeVar("T")
SIDEKICKS_PER_PLAYER = 8
# The field zone as a plain module name: the filters below run over every die many
# times a game, and a global name is several times cheaper than ``Zone.FIELD`` there.
_FIELD = Zone.FIELD
_RESERVE = Zone.RESERVE


class IllegalAction(ValueError):
    """An action that does not answer the current decision legally."""


class Game:
    """One game between two players. Drive it with ``decision`` and ``apply``."""

    def __init__(self, players: Sequence[PlayerSetup], life: int = 20, seed: int = 0,
                 first_player: int | None = None, max_turns: int = 200, start: bool = True,
                 blank: bool = False) -> None:
        if blank:
            return      # an empty shell that ``clone`` fills (a compiled class must be constructed)
        if len(players) != 2:
            raise ValueError("a game needs exactly two players")
        self.seed = seed
        self.rng = random.Random(seed)
        self.max_turns = max_turns
        self.draft = any(setup.draft for setup in players)     # a draft-format game (Rainbow Draft)
        self.players = [Player(i, setup.name, life, life) for i, setup in enumerate(players)]
        self.slots: list[Slot] = []
        self.dice: list[Die] = []
        self._build_table(players)
        self.zone_index = index_dice(self.dice)
        # Each card's dice, in die order: a die never changes card ("this card's dice").
        self.slot_dice: list[list[Die]] = [[d for d in self.dice if d.slot == s.index] for s in self.slots]
        self.turn_rules: list[rules.ActiveRule] = []
        self.tables = GameTables(self.slots, rules.rule_index)
        self.this_turn = TurnMemory()
        self.bookkeeping = Bookkeeping()
        # Abilities switched on for a while by another ability ("this turn, whenever ..."):
        # (controller, slot, ability index, last turn number (0: this turn), source die).
        # (the kind of the scheduling ability is kept: an action's later effect is still an
        # action's, for "cannot be targeted by action dice")
        self.scheduled: list[tuple[int, int, int, int, int | None, tuple[int, ...], str]] = []
        self.damage_taken = [0, 0]               # damage each player has been dealt this game
        self.leaving_after_damage: list[int] = []   # unblocked attackers a sweeping blocker hits
        scripts.load_all()   # scripts register hooks (Regenerate prices...) as they import
        self.last_payment: object = None
        self.script_state: dict[str, object] = {}
        # Answers to pure queries (active cards, static bonuses, rules in force) while a
        # read-only pass such as listing priority options runs; None otherwise.
        self.query_cache: dict[Hashable, object] | None = None
        self.log: list[str] = []
        self.record: list[Action] = []
        self.tasks: list[Task] = []
        self.decision: Decision | None = None
        self.damage_queue: list[DamageEvent] = []
        self.new_triggers: list[events.PendingTrigger] = []
        self.trigger_batches: list[list[events.PendingTrigger]] = []
        self.resolving: Resolution | None = None
        self.hold_kos = False
        self.window = Window.NONE
        self.priority = 0
        self.inactive_passed = False
        # The active player's answers when they last passed priority, offered again when
        # the inactive player passes too (see windows.resolve_priority).
        self.options_after_pass: tuple[Action, ...] | None = None
        self.step = Step.SETUP
        self.turn_number = 0
        # Always draw the coin toss, so a given first player does not shift the random stream.
        toss = self.rng.randrange(2)
        self.first_player = toss if first_player is None else first_player
        self.active = self.first_player
        self.over = False
        self.winner: int | None = None
        self.result = ""
        self.damage_splits: dict[int, SplitDamage] = {}   # die -> how its player divided its damage
        self.pending_event = 0
        # Loaded dice for rule scenarios: die id -> faces its next rolls show. Empty in play.
        self.forced_rolls: dict[int, list[int]] = {}
        # Scenarios may freeze the game just before a task of this kind runs ("next_turn"
        # for the start of the next turn) to look at a position mid-turn.
        self.stop_before: TaskKind | None = None
        self.stop_turn: int | None = None        # ... only in this turn (None: the first time)
        self.say(f"{self.players[self.first_player].name} goes first; both start at {life} life.",
                 turn_tag=False)
        if start:
            self.advance()

    # -- table -----------------------------------------------------------------------
    def _build_table(self, players: Sequence[PlayerSetup]) -> None:
        for index, setup in enumerate(players):
            for card, count in setup.cards:
                self._add_slot(card, index, index, count)
        for index, setup in enumerate(players):
            for card in setup.basic_actions:
                self._add_slot(card, None, index, setup.basic_action_dice)
        for index in range(len(players)):
            for _ in range(SIDEKICKS_PER_PLAYER):
                self.dice.append(Die(len(self.dice), SIDEKICK_SPEC, None, index, Zone.BAG))

    def _add_slot(self, card: EngineCard, owner: int | None, brought_by: int, count: int) -> None:
        slot = Slot(len(self.slots), card, shared_die_spec(card.card), owner, brought_by)
        self.slots.append(slot)
        for _ in range(count):
            self.dice.append(Die(len(self.dice), slot.spec, slot.index, owner, Zone.CARD))

    def clone(self, seed: int | None = None) -> Game:
        """A copy to look ahead in. Cards, die specs and rule indexes are shared (they never
        change); everything that changes is copied. With ``seed`` the copy's future rolls
        and draws come from a fresh generator: a player looking ahead cannot know them.
        (Written out rather than ``deepcopy``: several times faster, and the compiled engine
        cannot deep-copy its classes. ``CLONE_PLAN`` lists every attribute; a test checks
        that nothing is left out.)"""
        copy = Game((), blank=True)
        for name in _SHARED + _VALUES:
            setattr(copy, name, getattr(self, name))
        copy.zone_index = ZoneIndex()
        copy.dice = [die.copy(copy.zone_index) for die in self.dice]
        copy.slot_dice = [[copy.dice[d.id] for d in dice] for dice in self.slot_dice]
        copy.players = [replace(p, global_uses=dict(p.global_uses)) for p in self.players]
        if seed is None:
            copy.rng = random.Random()
            copy.rng.setstate(self.rng.getstate())
            copy.forced_rolls = {die: list(faces) for die, faces in self.forced_rolls.items()}
        else:
            copy.rng = random.Random(seed)
            copy.forced_rolls = {}
        copy.log, copy.record = [], []       # the look-ahead needs neither
        copy.query_cache = None
        for name in _LISTS:
            setattr(copy, name, list(getattr(self, name)))
        for name in _DICTS:
            setattr(copy, name, dict(getattr(self, name)))
        copy.this_turn = self.this_turn.copy()
        copy.bookkeeping = self.bookkeeping.copy()
        copy.trigger_batches = [list(batch) for batch in self.trigger_batches]
        copy.damage_queue = [replace(event, offered=set(event.offered)) for event in self.damage_queue]
        resolving = self.resolving
        copy.resolving = None if resolving is None else replace(
            resolving, targets=[list(t) for t in resolving.targets], picking=list(resolving.picking),
            carried=list(resolving.carried), carried_it=list(resolving.carried_it), answers=dict(resolving.answers))
        return copy

    # -- queries -----------------------------------------------------------------------
    @property
    def inactive(self) -> int:
        return 1 - self.active

    def zone(self, player: int | None, zone: Zone) -> list[Die]:
        return list(self.zone_index.of(zone, player))

    def field_characters(self, player: int | None = None) -> list[Die]:
        field = self.zone_index.everyone_in(_FIELD) if player is None else self.zone_index.of(_FIELD, player)
        return [d for d in field if d.spec.faces[d.face].kind == CHARACTER]

    def is_character(self, die: Die) -> bool:
        return die.spec.faces[die.face].kind == CHARACTER

    def card_of(self, die: Die) -> EngineCard | None:
        """The card a die plays as: its own, or the one it copies."""
        if die.slot is None:
            return None
        return self.slots[die.copy_of if die.copy_of is not None else die.slot].card

    def die_name(self, die: Die) -> str:
        face = die.spec.faces[die.face]
        level = f" (level {face.level})" if face.kind == CHARACTER and die.zone in (
            Zone.FIELD, Zone.RESERVE) else ""
        return f"{die.spec.name}{level}"

    def energy_sources(self, player: int) -> list[EnergySource]:
        """The energy faces in ``player``'s reserve pool (a new list: callers may keep it)."""
        return list(self.hand(player).sources)

    def hand(self, player: int) -> Hand:
        """The energy ``player`` holds now, as a Hand (the same pool gives the same Hand)."""
        return self.tables.hand(self.zone_index.of(_RESERVE, player))

    def stats(self, die: Die, statics: bool = True) -> tuple[int, int]:   # (statics: False leaves out
        return effects.stats(self, die, None if statics else {})            # "while active" bonuses)

    @property
    def has_rules(self) -> bool:
        return bool(self.turn_rules or self.tables.rule_slots)

    def has_keyword(self, die: Die, keyword: str) -> bool:
        """A die's keywords: its card's, plus any given to it by effects or rules, less lost ones."""
        if self.has_rules and rules.keyword_lost(self, die, keyword):
            return False
        card = self.card_of(die)
        if card is not None and keyword in card.card.keywords and (
                keyword in UNIGNORABLE or not die_text_blank(self, die)):
            return True
        if keyword_mark(keyword) in die.flags:
            return True
        if self.bookkeeping.borrowed and die.slot is not None and keyword in self.borrowed_keywords(die.slot):
            return True
        return self.has_rules and keyword in rules.granted_keywords(self, die)

    def granted_affiliations(self, die: Die) -> set[str]:
        """Affiliations rules in force give ``die`` (for ``selectors``, below ``rules``)."""
        return rules.granted_affiliations(self, die)

    def granted_energy(self, die: Die) -> set[str]:
        return rules.granted_energy(self, die) if self.turn_rules or self.tables.rule_slots else set()

    def is_active_card(self, slot: int) -> bool:
        return any(d.slot == slot and d.zone is _FIELD for d in self.dice)

    def abilities_of(self, slot: int) -> tuple[Ability, ...]:
        """A card's abilities now: its own, plus (or instead of) those it borrows (Hope Summers)."""
        own = self.slots[slot].card.abilities
        if not self.bookkeeping.borrowed:
            return own          # the common case: no card borrows text this game
        entries = [e for e in self.bookkeeping.borrowed.get(slot, ())
                   if e[3] is None or self.dice[e[3]].zone is Zone.FIELD]
        if not entries:
            return own
        result = () if any(replace for _, replace, _, _ in entries) else own
        for other, _, _, _ in entries:
            result += self.slots[other].card.abilities
        return result

    def borrowed_keywords(self, slot: int) -> set[str]:
        return {k for other, _, _, die in self.bookkeeping.borrowed.get(slot, ())
                if die is None or self.dice[die].zone is Zone.FIELD
                for k in self.slots[other].card.card.keywords}

    def active_slots(self) -> set[int]:
        """The cards with a die in the field (one pass over the dice)."""
        return self.remembered("active", lambda: {d.slot for d in self.zone_index.everyone_in(_FIELD)
                                                  if d.slot is not None})

    def remembered(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, once per ``key`` inside a reading pass (shared: do not change it)."""
        cache = self.query_cache
        if cache is None:
            return compute()
        if key not in cache:
            cache[key] = compute()
        return cache[key]  # type: ignore[return-value]

    def reading(self) -> ReadingPass:
        """A read-only pass over the state (``with game.reading():``): pure queries are
        answered once and remembered until it ends. Nothing may change the game inside it."""
        return ReadingPass(self)

    # -- log -------------------------------------------------------------------------
    def say(self, text: str, player: int | None = None, turn_tag: bool = True) -> None:
        who = self.players[self.active if player is None else player].name
        self.log.append(f"T{self.turn_number} {who}: {text}" if turn_tag else text)

    # -- flow --------------------------------------------------------------------------
    def advance(self) -> None:
        """Run rules until a player must decide or the game is over."""
        while not self.over and self.decision is None:
            if self.damage_queue or self.this_turn.dealers and damage.after_damage_due(self):
                damage.process_damage(self)     # (or "right after your damage", once its triggers resolved)
            elif self.new_triggers and not (self.resolving and self.resolving.applying):
                triggers.batch_new(self)    # (an ability part-way through its effects first finishes)
            elif self.trigger_batches or self.resolving:
                if self.resolving is None and effects.state_based_kos(self, held=self.hold_kos):
                    continue
                triggers.step(self)
            elif not self.hold_kos and effects.state_based_kos(self):
                continue
            elif (self.tasks[-1].kind if self.tasks else TaskKind.NEXT_TURN) == self.stop_before and \
                    self.stop_turn in (None, self.turn_number):
                return
            elif self.tasks:
                self._run(self.tasks[-1])
            else:
                turn.start_next_turn(self)

    def _run(self, task: Task) -> None:
        handler = RUNNERS.get(task.kind)
        if handler is None:
            raise RuntimeError(f"unknown task {task.kind!r}")
        handler(self, task)

    def apply(self, action: Action) -> None:
        """Answer the current decision; raises IllegalAction when the answer is not legal."""
        decision = self.decision
        if decision is None:
            raise IllegalAction("the game is over; there is nothing to decide")
        problem = legality.check(self, decision, action)
        if problem:
            raise IllegalAction(problem)
        self.decision = None
        self.record.append(action)
        RESOLVERS[decision.kind](self, decision, action)
        self.advance()

    def end_game(self) -> bool:
        """End the game the moment a player is at 0 life (both through one effect: a tie).
        Nothing pending happens any more: queued damage, triggers, the rest of an ability."""
        down = [p.index for p in self.players if p.life <= 0]
        if self.over or not down:
            return self.over
        self.over = True
        self.decision, self.resolving = None, None
        self.tasks.clear()
        self.damage_queue.clear()
        self.new_triggers.clear()
        self.trigger_batches.clear()
        if len(down) == 2:
            self.winner, self.result = None, "tie"
            self.say("Both players reach 0 life at once: the game is a tie.")
        else:
            self.winner = 1 - down[0]
            self.result = f"{self.players[self.winner].name} wins"
            self.say(f"{self.players[down[0]].name} has no life left. {self.result}.")
        return True

    def lose_life(self, losses: dict[int, int]) -> None:
        """Players lose life (player -> amount) all at once, as one effect makes them: both
        at 0 is a tie. Losing life is not damage: nothing that reacts to damage sees it."""
        if self.over:
            return
        for player, amount in losses.items():
            if amount > 0:
                self.players[player].life -= amount
                self.say(f"loses {amount} life ({self.players[player].life} left).", player)
        self.end_game()

    def gain_life(self, player: int, amount: int) -> None:
        target = self.players[player]
        gained = max(0, min(amount, target.start_life - target.life))
        target.life += gained
        self.say(f"gains {gained} life ({target.life})." if gained == amount
                 else f"gains {gained} of {amount} life (never above {target.start_life}).", player)


# How ``clone`` copies each attribute of a Game (see ``CLONE_PLAN``).
# Never changed once the game is set up: shared with the copy.
_SHARED = ("slots", "tables", "seed", "max_turns", "first_player", "draft")
# Immutable values (numbers, strings, frozen records, tuples of them): shared.
_VALUES = ("turn_number", "step", "window", "priority", "inactive_passed", "over", "winner", "result",
           "pending_event", "stop_before", "stop_turn", "hold_kos", "active", "decision",
           "last_payment", "options_after_pass")
# Containers of immutable values: a new container each.
_LISTS = ("turn_rules", "scheduled", "damage_taken", "leaving_after_damage", "tasks", "new_triggers")
# (script_state holds only immutable values: ints, strings, tuples, frozen records)
_DICTS = ("damage_splits", "script_state")
# Copied one by one in ``clone``.
_BY_HAND = ("zone_index", "dice", "slot_dice", "players", "rng", "forced_rolls", "log", "record",
            "query_cache", "this_turn", "bookkeeping", "trigger_batches", "damage_queue", "resolving")
CLONE_PLAN = frozenset(_SHARED + _VALUES + _LISTS + _DICTS + _BY_HAND)


RUNNERS: dict[TaskKind, Runner] = {**turn.RUNNERS, **combat.RUNNERS, **windows.RUNNERS}
RESOLVERS: dict[DecisionKind, Resolver] = {**turn.RESOLVERS, **combat.RESOLVERS, **damage.RESOLVERS,
                                            **windows.RESOLVERS, **triggers.RESOLVERS, **scripts.RESOLVERS}
