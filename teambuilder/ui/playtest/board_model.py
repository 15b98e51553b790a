"""The playtest board's reading of a game: plain values, no Qt.

``table_views``, ``player_view`` and ``card_view`` turn the engine's ``Game`` into frozen
values (``DieView``, ``AttackView``, ``CardView``, ``PlayerView``): what each die shows, its
stats now and as printed, where it is, what it is doing; ``header_text`` and ``board_text``
say the same in words. Keeping this apart from the widgets means the text the board gives
tests and screen readers and the pictures it paints come from one reading, and that reading
can be checked without a display.
"""

from __future__ import annotations

from dataclasses import dataclass

from teambuilder.engine.dice import ACTION, CHARACTER, ENERGY, Face
from teambuilder.engine.game import Game
from teambuilder.engine.purchase_costs import purchase_cost
from teambuilder.engine.state import Die, Mark, Zone

TEXT_LIMIT = 240        # characters of card text a tooltip shows
# Zones drawn as boxes of dice: key (object names start with it), title, zone. The attack
# zone is the attacking dice of the field, each with the dice that block it.
BOXES = (("prep", "Prep area", Zone.PREP), ("reserve", "Reserve pool", Zone.RESERVE),
         ("field", "Field", Zone.FIELD), ("attack", "Attack zone", Zone.FIELD),
         ("used", "Used pile", Zone.USED), ("out", "Out of play", Zone.OUT_OF_PLAY))
_WHERE = {Zone.PREP: "prep area", Zone.RESERVE: "reserve pool", Zone.FIELD: "field",
          Zone.USED: "used pile", Zone.OUT_OF_PLAY: "out of play"}


# -- the game read into plain values ------------------------------------------------------

@dataclass(frozen=True)
class DieView:
    """One die as the board draws it. ``face`` is None where the face means nothing (used
    pile, out of play, prep area outside the roll); stats are the face's, now and as
    printed."""

    id: int
    player: int | None
    zone: Zone
    name: str                   # the card's full name, "Sidekick" or "Token"
    label: str                  # the game's name for the die (with its level in play)
    energy: tuple[str, ...]     # the card's energy types (the die's tint)
    face: Face | None
    attack: int = 0
    defense: int = 0
    printed: tuple[int, int] = (0, 0)
    damage: int = 0
    marks: tuple[str, ...] = ()  # attacking, blocked, captured, controlled ...
    text: str = ""

    @property
    def is_character(self) -> bool:
        return self.face is not None and self.face.kind == CHARACTER

    def details(self) -> str:
        """What the die shows, in words: ``double mask``; ``field 2, A 3 / D 4``;
        ``A 5 (printed 4) / D 4, 1 damage``."""
        parts = []
        if self.face is not None and self.face.kind == ENERGY:
            parts.append(face_words(self.face))
        elif self.face is not None and self.face.kind == ACTION:
            parts.append("action" + (", burst" * self.face.burst))
        elif self.is_character:
            assert self.face is not None
            attack = _stat_words("A", self.attack, self.printed[0])
            defense = _stat_words("D", self.defense, self.printed[1])
            cost = f"field {self.face.fielding}, " if self.zone is not Zone.FIELD else ""
            parts.append(f"{cost}{attack} / {defense}")
            if self.damage:
                parts.append(f"{self.damage} damage")
        parts.extend(m for m in self.marks if m not in ("attacking", "blocking"))
        return ", ".join(parts)

    def summary(self) -> str:
        details = self.details()
        return f"{self.label}: {details}" if details else self.label

    def tooltip(self, owner: str) -> str:
        where = f"{owner}'s {_WHERE.get(self.zone, self.zone.value)}"
        lines = [self.name, f"{where}: {self.details()}" if self.details() else where]
        if self.text:
            lines.append(self.text)
        return "\n".join(lines)


@dataclass(frozen=True)
class AttackView:
    """An attacker and the dice blocking it; ``shared`` are blockers drawn beside an
    earlier attacker (a die that blocks several attackers is drawn once)."""

    attacker: DieView
    blockers: tuple[DieView, ...]
    shared: tuple[DieView, ...]
    blocked: bool

    def summary(self) -> str:
        blockers = self.blockers + self.shared
        if blockers:
            said = " and ".join(b.summary() for b in blockers)
            return f"{self.attacker.summary()} <- blocked by {said}"
        return f"{self.attacker.summary()} <- {'blocked' if self.blocked else 'unblocked'}"


@dataclass(frozen=True)
class CardView:
    slot: int
    name: str
    cost: int
    cost_now: int
    left: int                   # dice still on the card, to buy
    energy: tuple[str, ...]
    text: str
    # Dice kept on this card by an effect (the engine's held zone, Doctor Fate: Tower of
    # Fate), each as "<name> (level N)": they come back later, so the player must see them.
    held: tuple[str, ...] = ()

    def facts(self) -> str:
        now = f" (now {self.cost_now})" if self.cost_now != self.cost else ""
        kept = f", holding {'; '.join(self.held)}" if self.held else ""
        return f"cost {self.cost}{now}, {self.left} left{kept}"

    def summary(self) -> str:
        return f"{self.name} ({self.facts()})"

    def tooltip(self) -> str:
        return "\n".join(line for line in (self.name, self.facts(), self.text) if line)


@dataclass(frozen=True)
class PlayerView:
    index: int
    name: str
    life: int
    bag: int
    zones: dict[str, tuple[DieView, ...]]   # BOXES keys except "attack"
    attacks: tuple[AttackView, ...]
    cards: tuple[CardView, ...]

    def counts(self) -> str:
        return (f"life {self.life} · bag {self.bag} · used {len(self.zones['used'])} · "
                f"out of play {len(self.zones['out'])}")


def face_words(face: Face) -> str:
    """An energy face as a player says it: ``fist``, ``double fist``, ``2 generic``."""
    if face.generic:
        return f"{face.generic} generic"
    if len(face.symbols) == 2 and face.symbols[0] == face.symbols[1]:
        return f"double {face.symbols[0]}"
    return " and ".join(face.symbols)


def _stat_words(letter: str, now: int, printed: int) -> str:
    return f"{letter} {now}" if now == printed else f"{letter} {now} (printed {printed})"


def _card_text(game: Game, slot: int, cache: dict[int, str]) -> str:
    # Rendering a card's text from its abilities is not free: once per card per game.
    if slot not in cache:
        text = " ".join(game.slots[slot].card.card.display_text.split())
        cache[slot] = text if len(text) <= TEXT_LIMIT else text[:TEXT_LIMIT - 1].rstrip() + "…"
    return cache[slot]


def _printed(game: Game, die: Die) -> tuple[int, int]:
    """The printed stats the die's stats now are compared with: its own face's, or for a die
    copying another card, that card's at the same level."""
    face = die.spec.faces[die.face]
    lender = die.copy_of if die.copy_of is not None else die.stats_of
    if lender is not None:
        spec = game.slots[lender].spec
        index = spec.level_face(face.level)
        if index is not None:
            face = spec.faces[index]
    return face.attack, face.defense


def _marks(game: Game, die: Die) -> tuple[str, ...]:
    marks = []
    if die.attacking:
        marks.append("attacking")
    if die.blocking is not None or die.also_blocking:
        marks.append("blocking")
    if die.copy_of is not None:
        marks.append(f"copying {game.slots[die.copy_of].card.card.full_name}")
    if die.home is not None:
        marks.append(f"controlled (belongs to {game.players[die.home].name})")
    marks.extend(flag.replace("_", " ") for flag in sorted(die.flags)
                 if flag in (Mark.CAPTURED, Mark.SET_ASIDE))
    marks.extend(_keyword_marks(game, die))
    return tuple(marks)


def _keyword_marks(game: Game, die: Die) -> list[str]:
    """Experience tokens, a Flip card's side, a Gear's attachment, a Heroic pair."""
    keeping = game.bookkeeping
    marks = []
    tokens = keeping.experience.get(die.slot, 0) if die.slot is not None else 0
    if tokens:
        marks.append(f"{tokens} Experience token{'s' if tokens > 1 else ''}")
    extra = keeping.card_tokens.get(die.slot, 0) if die.slot is not None else 0
    if extra:
        marks.append(f"{extra} +1A/+1D token{'s' if extra > 1 else ''}")
    if die.slot is not None and die.slot in keeping.flipped:
        marks.append("back side up")
    if die.id in keeping.equipped:
        marks.append(f"equipped to {game.die_name(game.dice[keeping.equipped[die.id]])}")
    if die.id in keeping.partners:
        marks.append(f"paired with {game.die_name(game.dice[keeping.partners[die.id][0]])}")
    return marks


def die_view(game: Game, die: Die, texts: dict[int, str]) -> DieView:
    """Read one die; ``texts`` caches card texts by slot."""
    own = game.slots[die.slot].card.card if die.slot is not None else None
    # Faces matter in the reserve and the field, and in the prep area while they are rolled
    # there (the reroll decision); elsewhere a face is just where the die happened to stop.
    shows = die.zone in (Zone.RESERVE, Zone.FIELD) or (
        die.zone is Zone.PREP and game.step == "roll and reroll" and die.owner == game.active)
    face = die.spec.faces[die.face] if shows else None
    attack, defense = game.stats(die) if face is not None and face.kind == CHARACTER else (0, 0)
    return DieView(
        id=die.id, player=die.owner, zone=die.zone, name=own.full_name if own else die.spec.name,
        label=game.die_name(die), energy=own.energy if own else (), face=face,
        attack=attack, defense=defense, printed=_printed(game, die) if shows else (0, 0),
        damage=die.damage if die.zone is Zone.FIELD else 0, marks=_marks(game, die),
        text=_card_text(game, die.slot, texts) if die.slot is not None else "")


def _attacks(game: Game, player: int, views: dict[int, DieView]) -> tuple[AttackView, ...]:
    attackers = [d for d in game.zone(player, Zone.FIELD) if d.attacking]
    defenders = game.zone(1 - player, Zone.FIELD)
    drawn: set[int] = set()
    result = []
    for attacker in attackers:
        blockers = [d for d in defenders if d.blocks(attacker.id)]
        result.append(AttackView(
            views[attacker.id], tuple(views[d.id] for d in blockers if d.id not in drawn),
            tuple(views[d.id] for d in blockers if d.id in drawn), attacker.blocked))
        drawn.update(d.id for d in blockers)
    return tuple(result)


def card_view(game: Game, slot: int, buyer: int, texts: dict[int, str]) -> CardView:
    """Read one card; ``buyer`` is who its cost now is worked out for."""
    card = game.slots[slot].card.card
    left = sum(1 for d in game.dice if d.slot == slot and d.zone is Zone.CARD)
    held = tuple(f"{game.dice[die_id].spec.name} (level {level})"
                 for die_id, (holder, level, _) in sorted(game.bookkeeping.held.items()) if holder == slot)
    return CardView(slot, card.full_name, card.cost, purchase_cost(game, slot, buyer), left,
                    card.energy, _card_text(game, slot, texts), held)


def player_view(game: Game, player: int, views: dict[int, DieView],
                texts: dict[int, str]) -> PlayerView:
    """Read one player's side; ``views`` holds every die on the table (``table_views``)."""
    attacks = _attacks(game, player, views)
    in_combat = {a.attacker.id for a in attacks} | {
        b.id for a in _attacks(game, 1 - player, views) for b in a.blockers}
    zones = {key: tuple(views[d.id] for d in game.zone(player, zone) if d.id not in in_combat)
             for key, _, zone in BOXES if key != "attack"}
    cards = tuple(card_view(game, s.index, player, texts) for s in game.slots if s.owner == player)
    return PlayerView(player, game.players[player].name, game.players[player].life,
                      len(game.zone(player, Zone.BAG)), zones, attacks, cards)


def table_views(game: Game, texts: dict[int, str]) -> dict[int, DieView]:
    """Every die the board draws (owned, and in a zone other than bag and card), by id."""
    with game.reading():
        return {d.id: die_view(game, d, texts) for d in game.dice
                if d.zone in _WHERE and d.owner is not None}


def header_text(game: Game) -> str:
    """Turn, whose turn, step and who acts; or how the game ended."""
    if game.over:
        return f"Game over: {'a ' if game.winner is None else ''}{game.result or 'tie'}"
    parts = [f"Turn {game.turn_number}", f"{game.players[game.active].name}'s turn",
             f"{game.step} step"]
    if game.window:
        parts.append(f"priority: {game.players[game.priority].name}")
    elif game.decision is not None:
        parts.append(f"{game.players[game.decision.player].name} to decide")
    return " · ".join(parts)


def board_text(header: str, players: list[PlayerView], roles: tuple[str, str],
               middle: tuple[CardView, ...]) -> str:
    """The board as plain text, top to bottom: header, the first player, basic actions,
    then the player whose role is "You"."""
    lines = [header]
    for view, role in zip(players, roles, strict=True):
        if role == "You":
            lines.append("Basic actions: " + "; ".join(c.summary() for c in middle))
        lines.append(f"{view.name} ({role.lower()}): {view.counts()}")
        lines.append("  Cards: " + "; ".join(c.summary() for c in view.cards))
        for key, title, _ in BOXES:
            items = [a.summary() for a in view.attacks] if key == "attack" else [d.summary() for d in view.zones[key]]
            lines.append(f"  {title} ({len(items)}): " + "; ".join(items))
    return "\n".join(line.rstrip() for line in lines)
