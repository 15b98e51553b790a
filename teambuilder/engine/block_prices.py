"""A price per die in a block (``rule: block_price``): "your opponent pays [2] for each of
your Fantastic Four dice they block" (Molecule Man 120msw), "each blocker they declare costs
them [1] or 1 life" (Black Panther 100ig).

Once blockers are declared, each die of a block that a ``block_price`` rule is on (an
attacker blocked, or a blocker) costs the blocking player the rule's ``amount`` of generic
energy (``by: energy_or_life``: or as much life), a rule counting only in blocks its
controller's opponent declares. The dice are settled one at a time, lowest id first, each a
``DecisionKind.PAY`` question: a way to pay, or pass; a die not paid for (passed, or no way
to pay) takes no part in any block, and its blocks do not happen. The blocks wait in the
``BLOCK_PRICES`` task's data until every die is settled (``combat`` then declares them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from teambuilder.catalogue.abilities import Price
from teambuilder.engine import costs, rules
from teambuilder.engine.actions import Action, Choose, Decision, DecisionKind, Pass
from teambuilder.engine.energy import Payment
from teambuilder.engine.state import Task, TaskKind

if TYPE_CHECKING:
    from teambuilder.engine.game import Game

Blocks = tuple[tuple[int, int], ...]
OR_LIFE = "energy_or_life"


def priced(game: Game, blocks: Blocks) -> list[int]:
    """The dice of ``blocks`` that carry a price now, lowest id first."""
    if not game.has_rules or not blocks or not rules.in_force(game, "block_price"):
        return []
    dice = sorted({b for b, _ in blocks} | {a for _, a in blocks})
    return [d for d in dice if _price(game, d) is not None]


def _price(game: Game, die_id: int) -> tuple[int, bool] | None:
    """What die ``die_id`` costs the blocking player: (amount, whether life may pay it)."""
    held = [r for r in rules.in_force(game, "block_price")
            if r.controller != game.inactive and rules.applies(game, r, game.dice[die_id])]
    if not held:
        return None
    return sum(max(rules.amount(game, r), 1) for r in held), all(r.effect.by == OR_LIFE for r in held)


def _ways(game: Game, player: int, amount: int, or_life: bool) -> list[tuple[Payment | None, int]]:
    """Energy ways first (least wasteful first), then life (never the payer's last life)."""
    found: list[tuple[Payment | None, int]] = [
        (way, 0) for way in costs.ways(game, player, Price(costs.cost_of(amount), 0))]
    if or_life and game.players[player].life > amount:
        found.append((None, amount))
    return found


def wait(game: Game, blocks: Blocks) -> bool:
    """Hold ``blocks`` while their prices are asked (True), or False when nothing is priced."""
    if not priced(game, blocks):
        return False
    game.tasks.append(Task(TaskKind.BLOCK_PRICES, game.inactive, _pack((), blocks)))
    return True


def _pack(settled: tuple[int, ...], blocks: Blocks) -> tuple[int, ...]:
    return (len(settled), *settled, *(x for pair in blocks for x in pair))


def _unpack(data: tuple[int, ...]) -> tuple[tuple[int, ...], Blocks]:
    count = data[0]
    rest = data[1 + count:]
    return data[1:1 + count], tuple((rest[i], rest[i + 1]) for i in range(0, len(rest), 2))


def next_unsettled(game: Game, task: Task) -> tuple[int | None, tuple[int, ...], Blocks]:
    settled, blocks = _unpack(task.data)
    waiting = [d for d in priced(game, blocks) if d not in settled]
    return (waiting[0] if waiting else None), settled, blocks


def ask(game: Game, task: Task) -> Blocks | None:
    """Ask about the next die not yet paid for; the blocks that stand once all are settled."""
    while True:
        die_id, settled, blocks = next_unsettled(game, task)
        if die_id is None:
            return blocks
        price = _price(game, die_id)
        assert price is not None
        ways = _ways(game, game.inactive, *price)
        if ways:
            break
        game.say(f"cannot pay {_notation(*price)} for {game.die_name(game.dice[die_id])}: "
                 "its block does not happen.", game.inactive)
        task = _replace(game, task, settled, _without(blocks, die_id))
    prompt = (f"Pay {_notation(*price)} for {game.die_name(game.dice[die_id])} in a block? "
              "(pass: its block does not happen; energy first, the least wasteful way first"
              + (", then life)" if ways[-1][1] else ")"))
    options: tuple[Action, ...] = (Pass(),) + tuple(Choose(i) for i in range(len(ways)))
    game.decision = Decision(game.inactive, DecisionKind.PAY, prompt, options=options)
    return None


def answer(game: Game, action: Action) -> None:
    """The blocking player's answer for the die asked about: pay the chosen way, or drop it."""
    task = game.tasks[-1]
    die_id, settled, blocks = next_unsettled(game, task)
    assert die_id is not None
    price = _price(game, die_id)
    assert price is not None
    name = game.die_name(game.dice[die_id])
    if isinstance(action, Choose):
        way, life = _ways(game, game.inactive, *price)[action.index]
        if life:
            game.lose_life({game.inactive: life})
            paid = f"{life} life"
        else:
            assert way is not None
            paid = costs.spend(game, game.inactive, way, costs.cost_of(price[0]))
        game.say(f"pays {paid} for {name} in a block.", game.inactive)
        _replace(game, task, (*settled, die_id), blocks)
    else:
        game.say(f"does not pay for {name}: its block does not happen.", game.inactive)
        _replace(game, task, settled, _without(blocks, die_id))


def _without(blocks: Blocks, die_id: int) -> Blocks:
    return tuple(pair for pair in blocks if die_id not in pair)


def _replace(game: Game, task: Task, settled: tuple[int, ...], blocks: Blocks) -> Task:
    new = Task(TaskKind.BLOCK_PRICES, task.player, _pack(settled, blocks))
    game.tasks[-1] = new
    return new


def _notation(amount: int, or_life: bool) -> str:
    return f"[{amount}]" + (f" or {amount} life" if or_life else "")


def paying(game: Game) -> bool:
    """Whether the PAY question now is a block's price (not an effect's)."""
    return game.resolving is None and bool(game.tasks) and game.tasks[-1].kind is TaskKind.BLOCK_PRICES
