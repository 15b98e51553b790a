"""The ``greedy`` agent: the simple AI that plays like a sensible beginner.

It looks one decision ahead with rules of thumb, never at hidden information (the order of
dice in a bag, future rolls), and never copies the game, so it is fast:

- Main Step: field the best character die it can afford, then buy the strongest die its
  energy allows (characters first, its own team's cards before basic actions), then use
  its action dice; it keeps a global only for a target that matters.
- Rerolls: keeps character faces and the energy its cards ask for, rerolls the rest.
- Attacks when it pays: with everything when the defender cannot stop lethal damage,
  otherwise with the dice no blocker can take for free (a blocker that KOs one is KO'd
  too and is worth as much); into an empty field with all of them,
  except that it keeps its sturdiest die home as a blocker when the opponent's next
  attack could finish it.
- Blocks to survive (chump-blocks the biggest attackers when the damage would kill it)
  and to make good trades (a blocker that KOs its attacker and survives, or trades up).
- Divides a die's damage to KO the most valuable dice it can (then as many as it can);
  with Overcrush, once they are all KO'd the rest goes through to the opponent.
- Targets: harmful effects at the opponent's best die (the opponent, when no opposing die
  can be chosen), helpful ones at its own best die (or itself); damage only at dice it
  does not already KO (counting the points of a split already aimed there).
"""

from __future__ import annotations

from teambuilder.ai import choices, combat_keywords, dice_costs, enlistment, payments
from teambuilder.ai.keeping import keep_pick
from teambuilder.ai.keyword_choices import keyword_answer
from teambuilder.ai.keyword_picks import keyword_pick
from teambuilder.ai.moves import choose_purchase
from teambuilder.ai.resolving import picked, resolving_is_harmful, resolving_op
from teambuilder.engine.actions import (
    Action,
    Choose,
    ChoosePlayer,
    ChooseTarget,
    ChooseTrigger,
    Decision,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Field,
    Pass,
    Purchase,
    Reroll,
    SplitDamage,
    Unstun,
    UseAction,
    UseGlobal,
)
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.game import Game
from teambuilder.engine.state import Die, Window, Zone

# The decisions greedy answers by reading the game alone (``GreedyAgent._by_reading``).
_READING_KINDS = frozenset({DecisionKind.PRIORITY, DecisionKind.REROLL, DecisionKind.ATTACKERS,
                            DecisionKind.BLOCKERS, DecisionKind.SPLIT, DecisionKind.TARGET,
                            DecisionKind.REDIRECT})


def die_value(game: Game, die: Die) -> float:
    """What a die in the field is worth: its stats now, and what its card cost."""
    attack, defense = game.stats(die)
    card = game.card_of(die)
    return attack + defense + (card.card.cost if card is not None else 0) * 0.5


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed          # greedy is deterministic; the seed is kept for the protocol

    def choose(self, game: Game, decision: Decision) -> Action:
        if decision.kind is DecisionKind.OPTIONAL or decision.kind is DecisionKind.SCRIPT:
            answer = keyword_answer(game, decision, die_value)     # Flip, Heroic, Equip questions
            if answer is not None:
                return answer
        if decision.kind in _READING_KINDS:
            # Greedy only reads the game: inside a reading pass, static bonuses, active
            # cards and rules in force are worked out once per decision, not once per die.
            with game.reading():
                return self._by_reading(game, decision)
        if decision.kind == DecisionKind.ENLIST:
            return enlistment.answer(game, decision, die_value)   # KO a die only when the effect is worth more
        if decision.kind == DecisionKind.OPTIONAL:
            # "you may": yes (the ability was worth having), unless its price would end the game
            return Choose(1) if payments.affordable(game, decision) else Pass()
        if decision.kind == DecisionKind.PAY:
            return payments.answer(game, decision)
        if decision.kind == DecisionKind.CHOICE:
            return choices.answer(game, decision)
        if decision.kind == DecisionKind.SCRIPT and (bought := choose_purchase(game, decision)) is not None:
            return bought             # an ability offers a purchase: take it (ai/moves.py)
        return (combat_keywords.answer(game, decision) or keyword_pick(game, decision, die_value)
                or keep_pick(game, decision, die_value) or _default(decision))

    def _by_reading(self, game: Game, decision: Decision) -> Action:
        """The answer to a decision of ``_READING_KINDS`` (inside a reading pass). Tests, not
        a table of bound methods made per decision: compiled, these are direct calls (the
        table was about 3% of a greedy game's instructions)."""
        kind = decision.kind
        if kind is DecisionKind.PRIORITY:
            return self._priority(game, decision)
        if kind is DecisionKind.REROLL:
            return self._reroll(game, decision)
        if kind is DecisionKind.ATTACKERS:
            return self._attackers(game, decision)
        if kind is DecisionKind.BLOCKERS:
            return self._blockers(game, decision)
        if kind is DecisionKind.SPLIT:
            return self._split(game, decision)
        return self._target(game, decision)         # a target, or a new one (REDIRECT)

    # -- the Main Step and the attack step's windows ----------------------------------
    def _priority(self, game: Game, decision: Decision) -> Action:
        options = decision.options
        me = decision.player
        if game.window == Window.MAIN and me == game.active:
            fields = [o for o in options if isinstance(o, Field)]
            if fields:
                return max(fields, key=lambda o: self._field_score(game, o))
            paid_with_dice = dice_costs.pick(game, options, die_value) if game.tables.paid_with_dice else None
            if paid_with_dice is not None:
                return paid_with_dice        # Fabricate, Ritual, Fusion: when worth their dice
            actions = [o for o in options if isinstance(o, UseAction) and _action_has_targets(game, me, o.die)]
            if actions:
                return actions[0]
            unstuns = [o for o in options if isinstance(o, Unstun)
                       and any(d.zone is Zone.FIELD for d in game.slot_dice[o.slot])]
            if unstuns:
                return unstuns[0]            # free a stunned card whose dice could attack
            buys = [o for o in options if isinstance(o, Purchase)]
            if buys:
                return max(buys, key=lambda o: self._buy_score(game, me, o))
        actions = [o for o in options if isinstance(o, UseAction) and _action_has_targets(game, me, o.die)]
        if actions and me == game.active:
            return actions[0]
        useful = [o for o in options if isinstance(o, UseGlobal) and self._global_helps(game, me, o)]
        if useful:
            return useful[0]
        return Pass()

    @staticmethod
    def _field_score(game: Game, option: Field) -> float:
        die = game.dice[option.die]
        face = die.spec.faces[die.face]
        return face.attack + face.defense + face.level - option.payment.total * 0.1

    @staticmethod
    def _buy_score(game: Game, player: int, option: Purchase) -> float:
        slot = game.slots[option.slot]
        card = slot.card.card
        score = float(card.cost) * 2
        if card.kind == "character":
            top = max((lv.attack + lv.defense for lv in card.levels), default=0)
            score += top * 0.5 + 3
        else:
            score += 1
        if slot.owner is None:
            score -= 2            # basic actions: after the team's own cards
        # Spend typed energy wisely: a payment using wild or double faces costs a little.
        score -= 0.05 * sum(len(s.symbols) + s.generic for s in option.payment.spends)
        return score

    @staticmethod
    def _global_helps(game: Game, player: int, option: UseGlobal) -> bool:
        """Use a global only when it strikes an opposing die or player, and only with
        energy that would otherwise be wasted (the opponent's turn, or the attack step)."""
        ability = game.abilities_of(option.slot)[option.ability]
        if game.window == Window.MAIN and player == game.active:
            return False
        harmful = [e for e in ability.effects if e.op in ("damage", "ko")]
        if not harmful:
            return False
        return any(e.to.die.owner == "opponent" or e.to.player == "opponent" for e in harmful)

    # -- dice -------------------------------------------------------------------------
    @staticmethod
    def _reroll(game: Game, decision: Decision) -> Action:
        wanted = {t for slot in game.slots if slot.owner == decision.player for t in slot.card.card.energy}
        rerolls = []
        for die_id in decision.subset:
            face = game.dice[die_id].spec.faces[game.dice[die_id].face]
            unwanted_energy = face.kind == ENERGY and bool(face.symbols) and not set(face.symbols) & (wanted | {"wild"})
            needed_sidekick = (face.kind == CHARACTER and game.dice[die_id].is_sidekick
                               and _sidekick_energy_needed(game, decision))
            if unwanted_energy or needed_sidekick:
                rerolls.append(die_id)
        return Reroll(tuple(rerolls))

    # -- combat -----------------------------------------------------------------------
    @staticmethod
    def _attackers(game: Game, decision: Decision) -> Action:
        chosen = GreedyAgent._attack_with(game, decision)
        # "At least 1 opposing character die must attack" (min_attackers): the first others.
        return DeclareAttackers(decision.with_minimum(chosen.dice)) if decision.at_least else chosen

    @staticmethod
    def _attack_with(game: Game, decision: Decision) -> DeclareAttackers:
        me = decision.player
        mine = [game.dice[i] for i in decision.subset]
        theirs = game.field_characters(1 - me)
        if not theirs:
            if sum(game.stats(d)[0] for d in mine) >= game.players[1 - me].life:
                return DeclareAttackers(tuple(decision.subset))      # lethal: everything
            return DeclareAttackers(_keep_a_blocker(game, me, mine, decision.required))
        # Lethal: even if each of their dice blocks one of our biggest, the rest kills.
        by_attack = sorted(mine, key=lambda d: game.stats(d)[0], reverse=True)
        through = sum(game.stats(d)[0] for d in by_attack[len(theirs):])
        if through >= game.players[1 - me].life:
            return DeclareAttackers(tuple(decision.subset))
        sent = [d for d in mine if _worth_sending(game, d, theirs)]
        if len(sent) == len(mine):
            # Unblocked attackers go to the used pile: keep a blocker home if needed.
            kept = set(_keep_a_blocker(game, me, mine, decision.required))
            sent = [d for d in sent if d.id in kept]
        return DeclareAttackers(tuple(sorted({d.id for d in sent} | set(decision.required))))

    @staticmethod
    def _blockers(game: Game, decision: Decision) -> Action:
        me = decision.player
        allowed = dict(decision.assign)
        free = set(allowed)
        attackers = sorted({a for options in allowed.values() for a in options},
                           key=lambda a: game.stats(game.dice[a])[0], reverse=True)
        blocks: dict[int, int] = {}
        # Good trades first: a blocker that KOs the attacker and lives, else that trades up.
        for attacker_id in attackers:
            attacker = game.dice[attacker_id]
            a_attack, a_defense = game.stats(attacker)
            able = [game.dice[b] for b in free if attacker_id in allowed[b]]
            clean = [b for b in able if game.stats(b)[0] >= a_defense and game.stats(b)[1] > a_attack]
            trade = [b for b in able
                     if game.stats(b)[0] >= a_defense and die_value(game, b) < die_value(game, attacker)]
            pick = min(clean or trade, key=lambda b: die_value(game, b), default=None)
            if pick is not None:
                blocks[pick.id] = attacker_id
                free.discard(pick.id)
        # Survive: chump-block the biggest unblocked attackers while the rest would kill.
        life = game.players[me].life

        def incoming() -> int:
            blocked = set(blocks.values())
            return sum(game.stats(game.dice[a])[0] for a in attackers if a not in blocked)

        for attacker_id in attackers:
            if incoming() < life:
                break
            if attacker_id in blocks.values():
                continue
            able = [game.dice[b] for b in free if attacker_id in allowed[b]]
            pick = min(able, key=lambda b: die_value(game, b), default=None)
            if pick is not None:
                blocks[pick.id] = attacker_id
                free.discard(pick.id)
        for blocker in decision.required:      # dice that must block if able
            if blocker not in blocks and allowed.get(blocker):
                blocks[blocker] = allowed[blocker][0]
        return DeclareBlockers(tuple(sorted(blocks.items())))

    @staticmethod
    def _split(game: Game, decision: Decision) -> Action:
        def score(option: Action) -> tuple[float, int, int]:
            """What the division KOs (worth, then how many), then what goes through."""
            assert isinstance(option, SplitDamage)
            value, count = 0.0, 0
            for die_id, damage in option.split:
                die = game.dice[die_id]
                if die.damage + damage >= game.stats(die)[1]:
                    count += 1
                    value += die_value(game, die)
            return value, count, option.through
        return max(decision.options, key=score)

    # -- targets ----------------------------------------------------------------------
    @staticmethod
    def _target(game: Game, decision: Decision) -> Action:
        me = decision.player
        harmful = resolving_is_harmful(game)
        dice = [o for o in decision.options if isinstance(o, ChooseTarget)]
        players = [o for o in decision.options if isinstance(o, ChoosePlayer)]
        if harmful:
            if players and any(p.player != me for p in players):
                theirs_in_field = [o for o in dice if game.dice[o.target].owner != me]
                if not theirs_in_field:
                    return next(p for p in players if p.player != me)
            theirs = [o for o in dice if game.dice[o.target].owner not in (me, None)]
            if resolving_op(game) == "damage":
                # Damage to a die already KO'd by its damage is wasted (and two "when
                # damaged" dice hitting each other's doomed die would trade for ever).
                live = [o for o in theirs if _toughness_left(game, game.dice[o.target]) > picked(game, o.target)]
                if theirs and not live and Pass() in decision.options:
                    return Pass()
                theirs = live or theirs
            if theirs:
                return max(theirs, key=lambda o: _threat(game, game.dice[o.target]))
            if Pass() in decision.options:
                return Pass()
            if dice:    # only my own dice to hit
                if resolving_op(game) == "damage":
                    # The die most likely to live through it (the least valuable if tied):
                    # damage matters only when it KOs.
                    return max(dice, key=lambda o: (_toughness_left(game, game.dice[o.target]),
                                                    -die_value(game, game.dice[o.target])))
                return min(dice, key=lambda o: die_value(game, game.dice[o.target]))
        else:
            mine = [o for o in dice if game.dice[o.target].owner == me]
            if mine:
                return max(mine, key=lambda o: die_value(game, game.dice[o.target]))
            if players and any(p.player == me for p in players):
                return next(p for p in players if p.player == me)
        return _default(decision)


def _worth_sending(game: Game, attacker: Die, blockers: list[Die]) -> bool:
    """No blocker takes ``attacker`` for free: every blocker that would KO it is KO'd too
    and is worth at least as much (an even trade or better). Sending only dice no blocker
    can KO stalls boards where both sides hold back."""
    attack, defense = game.stats(attacker)
    value = die_value(game, attacker)
    for blocker in blockers:
        blocker_attack, blocker_defense = game.stats(blocker)
        if blocker_attack >= defense and (attack < blocker_defense or die_value(game, blocker) < value):
            return False
    return True


def _keep_a_blocker(game: Game, me: int, mine: list[Die], required: tuple[int, ...]) -> tuple[int, ...]:
    """Attackers into an empty field, keeping the sturdiest die home when the opponent's
    next attack could finish us: unblocked attackers go to the used pile, so a player who
    always attacks with everything never has a blocker on the opponent's turn."""
    everyone = tuple(sorted(d.id for d in mine))
    if len(mine) < 2 or game.players[me].life > _next_turn_threat(game, 1 - me):
        return everyone
    home = max((d for d in mine if d.id not in required),
               key=lambda d: (game.stats(d)[1], -game.stats(d)[0], -d.id), default=None)
    return tuple(i for i in everyone if home is None or i != home.id)


def _next_turn_threat(game: Game, player: int) -> int:
    """A rough bound on what ``player`` can hit for next turn: the top attack of their two
    strongest character dice, plus a Sidekick (which dice they draw is hidden)."""
    tops = sorted((max((f.attack for f in d.spec.faces if f.kind == CHARACTER), default=0)
                   for d in game.dice if d.owner == player and d.slot is not None
                   and d.zone is not Zone.CARD and d.spec.kind == "character"), reverse=True)
    return sum(tops[:2]) + 1


def _action_has_targets(game: Game, player: int, die_id: int) -> bool:
    """An action die is worth using when each of its targeting effects has a target now
    (a +3A with no character in the field is wasted)."""
    from teambuilder.engine.selectors import Context, select
    die = game.dice[die_id]
    if die.slot is None:
        return False
    ctx = Context(game, player, die.slot, die, kind="action")
    for ability in game.abilities_of(die.slot):
        if ability.trigger != "action":
            continue
        for effect in ability.effects:
            if effect.targets and effect.to.player is None and not effect.to.up_to and not select(ctx, effect.to.die):
                return False
    return True


def _threat(game: Game, die: Die) -> float:
    """How much an opposing die matters: attackers now, else its value."""
    return die_value(game, die) + (5 if die.attacking or die.blocking is not None else 0)


def _toughness_left(game: Game, die: Die) -> int:
    return game.stats(die)[1] - die.damage


def _sidekick_energy_needed(game: Game, decision: Decision) -> bool:
    """A Sidekick character face is worth rerolling while the team still has dice to buy."""
    return any(d.slot is not None and game.slots[d.slot].owner == decision.player
               for d in game.zone_index.everyone_in(Zone.CARD))


def _default(decision: Decision) -> Action:
    """Anything else: the first mode, order, choice or option (Pass when offered first)."""
    options = decision.options
    for option in options:
        if isinstance(option, (Choose, ChooseTrigger, ChooseTarget, ChoosePlayer)):
            return option
    return options[0] if options else Pass()

