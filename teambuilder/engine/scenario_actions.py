"""Reading a scenario's answers: the readable notation of docs/scenarios.md (die labels,
card names, ``pass``/``yes``, ``{buy: card, pay: [...]}``) turned into the engine's
actions, checked against what the engine offers now. ``scenario`` builds the position;
this module only reads what the player answers in it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from teambuilder.engine.actions import (
    Action,
    Choose,
    ChoosePlayer,
    ChooseTarget,
    ChooseTrigger,
    DeclareAttackers,
    DeclareBlockers,
    Fabricate,
    Field,
    Fuse,
    Pass,
    Purchase,
    Reroll,
    Ritual,
    SplitDamage,
    Unstun,
    UseAction,
    UseGlobal,
)
from teambuilder.engine.energy import Payment, Spend
from teambuilder.engine.game import Game
from teambuilder.engine.state import EngineCard, Zone

# The offers named by a card: buying its die, using its global, taking a Stun token off it.
OfferT = TypeVar("OfferT", Purchase, UseGlobal, Unstun)


class ScenarioError(ValueError):
    """The scenario file itself is wrong (not the rules it checks)."""


class NotOffered(ScenarioError):
    """A purchase, field or global the engine does not offer now."""


class ScenarioActions:
    """The answers of one scenario, read with its die labels and cards (the builder that
    placed the dice fills ``labels`` and resolves ``card``)."""

    labels: dict[str, int]
    # Tokens made during the game have no label: ``token:NAME`` names the first token of
    # that name in the field (``token:Plant``), read from the game being answered.
    tokens: dict[str, int]

    def card(self, ref: str) -> EngineCard:
        raise NotImplementedError

    def die(self, label: Any) -> int:
        if str(label) in self.tokens:
            return self.tokens[str(label)]
        if str(label) not in self.labels:
            raise ScenarioError(f"unknown die label {label!r}")
        return self.labels[str(label)]

    def slot(self, game: Game, ref: Any) -> int:
        """The slot of card ``ref`` that the deciding player may use (theirs, or in the middle)."""
        code = self.card(str(ref)).code
        player = game.decision.player if game.decision else game.active
        found = [s.index for s in game.slots if s.card.code == code and s.owner in (None, player)]
        if not found:
            raise ScenarioError(f"card {ref!r}: not on the table for this player")
        return found[0]

    def payment(self, game: Game, raw: Any) -> Payment | None:
        if raw is None:
            return None
        spends, virtual = [], 0
        for item in raw:
            text = str(item)
            if text.startswith("virtual"):
                virtual += int(text.split(":")[1]) if ":" in text else 1
                continue
            label, _, part = text.partition(":")
            die = game.dice[self.die(label)]
            face = die.spec.faces[die.face]
            if part.isdigit():
                spends.append(Spend(die.id, (), int(part)))
            elif part:
                spends.append(Spend(die.id, (part,), 0))
            else:
                spends.append(Spend(die.id, face.symbols, face.generic))
        return Payment(tuple(sorted(spends, key=lambda s: s.die_id)), virtual)

    def action(self, game: Game, raw: Any) -> Action:
        self.tokens = {}
        for die in game.dice:
            if die.token and die.zone is Zone.FIELD:
                self.tokens.setdefault(f"token:{die.spec.name}", die.id)
        # YAML reads a bare yes/no as true/false: both spellings mean the same here.
        if raw in ("pass", "no", "done") or raw is False:
            return Pass()
        if raw == "yes" or raw is True:
            return Choose(1)
        if not isinstance(raw, Mapping) or len(set(raw) - {"player", "pay"}) != 1:
            raise ScenarioError(f"action {raw!r}: expected one of pass, yes, no, done, reroll, buy, field, "
                                "use, global, attack, block, split, order, target, target_player, choose, "
                                "fabricate, ritual, fuse, unstun")
        key = next(k for k in raw if k not in ("player", "pay"))
        value = raw[key]
        payment = self.payment(game, raw.get("pay"))
        if key == "reroll":
            return Reroll(tuple(self.die(v) for v in value))
        if key == "attack":
            return DeclareAttackers(tuple(self.die(v) for v in value))
        if key == "block":
            # {blocker: attacker}, or {blocker: [attacker, attacker]} for a die that may block several
            pairs = [(b, a) for b, chosen in (value or {}).items()
                     for a in (chosen if isinstance(chosen, list) else [chosen])]
            return DeclareBlockers(tuple((self.die(b), self.die(a)) for b, a in pairs))
        if key == "split":
            return SplitDamage(self.die(value["attacker"]),
                               tuple((self.die(b), int(n)) for b, n in value["damage"].items()),
                               int(value.get("through", 0)))
        if key == "order":
            return ChooseTrigger(int(value))
        if key == "target":
            return ChooseTarget(self.die(value))
        if key == "target_player":
            names = [p.name for p in game.players]
            if value not in names:
                raise ScenarioError(f"target_player {value!r}: not a player ({', '.join(names)})")
            return ChoosePlayer(names.index(value))
        if key == "choose":
            return Choose(int(value))
        if key in ("fabricate", "fuse") and isinstance(value, Mapping):     # {card: golem, ko|move: [a, b]}
            slot = self.slot(game, value.get("card"))
            dice = tuple(self.die(v) for v in value.get("ko" if key == "fabricate" else "move") or ())
            return Fabricate(slot, dice) if key == "fabricate" else Fuse(slot, dice)
        if key == "ritual" and isinstance(value, Mapping):                   # {field: die, send: die}
            return Ritual(self.die(value.get("field")), self.die(value.get("send")))
        if key == "use":
            die_id = self.die(value)
            if payment is None:
                # When using actions costs energy (Oracle), take the engine's first payment.
                offered = [o for o in (game.decision.options if game.decision else ())
                           if isinstance(o, UseAction) and o.die == die_id]
                return offered[0] if offered else UseAction(die_id)
            return UseAction(die_id, payment)
        return self._paid(game, key, value, payment)

    def _offered_for(self, game: Game, options: tuple[Action, ...], kind: type[OfferT], card: Any,
                     refusal: str) -> OfferT:
        """The first offered action of ``kind`` on the card the scenario names (by label or code)."""
        code = self.card(str(card)).code
        offered = [o for o in options if isinstance(o, kind) and game.slots[o.slot].card.code == code]
        if not offered:
            raise NotOffered(refusal)
        return offered[0]

    def _paid(self, game: Game, key: str, value: Any, payment: Payment | None) -> Action:
        options = game.decision.options if game.decision else ()
        if key == "buy":
            buy = self._offered_for(game, options, Purchase, value, f"buy {value}: not a legal purchase now")
            return Purchase(buy.slot, payment or buy.payment)
        if key == "field":
            die_id = self.die(value)
            fields = [o for o in options if isinstance(o, Field)]
            if payment is None:
                same = [o for o in fields if o.die == die_id] or [
                    o for o in fields if game.dice[o.die].spec.faces[game.dice[o.die].face]
                    == game.dice[die_id].spec.faces[game.dice[die_id].face]]
                if not same:
                    raise NotOffered(f"field {value}: not a legal fielding now")
                payment = same[0].payment
            return Field(die_id, payment)
        if key == "global":
            use = self._offered_for(game, options, UseGlobal, value, f"global {value}: not usable now")
            return UseGlobal(use.slot, use.ability, payment or use.payment)
        if key == "unstun":
            offer = self._offered_for(game, options, Unstun, value,
                                      f"unstun {value}: no Stun token it may take off now")
            return Unstun(offer.slot, payment or offer.payment)
        raise ScenarioError(f"unknown action {key!r} (one of pass, reroll, buy, field, use, global, "
                            "unstun, attack, block, split, order, target)")
