"""The playtest board: a read-only picture of a game, redrawn from the engine after every
decision.

``show_game`` first reads the game into plain values (``DieView``, ``CardView``,
``PlayerView``: what each die shows, its stats now and as printed, where it is) and then
draws those, so the widgets and ``summary_text`` (the same board as text, for tests and
screen readers) always agree. The human's player sits at the bottom, the opponent at the
top, mirrored so both fields face the basic actions in the middle. Each die that is on
the table (prep, reserve, field, attack zone, used pile, out of play) is one small
``DieWidget`` named ``die<id>``; the widget of a die is kept across redraws and moved
between zones, so the window can hold on to it. Dice in bags and on cards are only counted:
the order of a bag is hidden and dice on a card are identical. Colours come from the
palette (light and dark themes) and the energy colours in ``symbols``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from teambuilder.engine.dice import ACTION, CHARACTER, ENERGY, Face
from teambuilder.engine.effects import purchase_cost
from teambuilder.engine.game import Game
from teambuilder.engine.state import Die, Zone
from teambuilder.ui.symbols import ENERGY_COLOURS, paint_symbol

DIE_SIZE = 46
MINI_SIZE = 28          # used pile and out of play: only which die it is matters there
CARD_SIZE = QSize(104, 40)
PAYMENT_COLOUR = "#ff8c00"
UP_COLOUR, DOWN_COLOUR = "#2e9e4f", "#d03b31"
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

    def facts(self) -> str:
        now = f" (now {self.cost_now})" if self.cost_now != self.cost else ""
        return f"cost {self.cost}{now}, {self.left} left"

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
                 if flag in ("captured", "set_aside"))
    return tuple(marks)


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


def _card_view(game: Game, slot: int, buyer: int, texts: dict[int, str]) -> CardView:
    card = game.slots[slot].card.card
    left = sum(1 for d in game.dice if d.slot == slot and d.zone is Zone.CARD)
    return CardView(slot, card.full_name, card.cost, purchase_cost(game, slot, buyer), left,
                    card.energy, _card_text(game, slot, texts))


def player_view(game: Game, player: int, views: dict[int, DieView],
                texts: dict[int, str]) -> PlayerView:
    """Read one player's side; ``views`` holds every die on the table (``table_views``)."""
    attacks = _attacks(game, player, views)
    in_combat = {a.attacker.id for a in attacks} | {
        b.id for a in _attacks(game, 1 - player, views) for b in a.blockers}
    zones = {key: tuple(views[d.id] for d in game.zone(player, zone) if d.id not in in_combat)
             for key, _, zone in BOXES if key != "attack"}
    cards = tuple(_card_view(game, s.index, player, texts) for s in game.slots if s.owner == player)
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


# -- widgets -----------------------------------------------------------------------------

class FlowLayout(QLayout):
    """Items left to right, wrapping onto new rows; its height follows its width."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._height = (-1, 0)      # (width, height) last measured
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        self.invalidate()
        return self._items.pop(index)

    def invalidate(self) -> None:
        self._height = (-1, 0)
        super().invalidate()

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        # Asked many times per relayout with the same width: remember the last answer.
        if self._height[0] != width:
            self._height = (width, self._arrange(QRect(0, 0, width, 0), apply=False))
        return self._height[1]

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize(0, 0)
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, apply: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, row = area.x(), area.y(), 0
        gap = self.spacing()
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if x + hint.width() > area.right() + 1 and row > 0:
                x, y, row = area.x(), y + row + gap, 0
            if apply:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            row = max(row, hint.height())
        return y + row - rect.y() + margins.bottom()


def _mix(base: QColor, tint: QColor, amount: float) -> QColor:
    return QColor.fromRgbF(*(b + (t - b) * amount for b, t in (
        (base.redF(), tint.redF()), (base.greenF(), tint.greenF()), (base.blueF(), tint.blueF()))))


def _pixel_font(font: QFont, pixels: float, bold: bool = False) -> QFont:
    sized = QFont(font)
    sized.setPixelSize(max(7, int(pixels)))
    sized.setBold(bold)
    return sized


class _Clickable(QWidget):
    """A small painted item that reports a left click (or Space/Enter when focused)."""

    clicked = Signal()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit()
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.clicked.emit()
            return
        super().keyPressEvent(event)


class DieWidget(_Clickable):
    """One die. Dynamic properties for tests and style sheets: ``dieId``, ``zone`` (the
    zone's value), ``player``, ``selectable``, ``selected``, ``payment``."""

    def __init__(self, die_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.die_id = die_id
        self.view: DieView | None = None
        self.owner = ""
        self.size_px = DIE_SIZE
        self.setObjectName(f"die{die_id}")
        self.setProperty("dieId", die_id)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.set_marks(False, False, False)

    def set_view(self, view: DieView, owner: str, mini: bool) -> None:
        if (view, owner, mini) == (self.view, self.owner, self.size_px == MINI_SIZE):
            return
        self.view, self.owner = view, owner
        self.size_px = MINI_SIZE if mini else DIE_SIZE
        self.setFixedSize(self.size_px, self.size_px)
        self.setProperty("zone", view.zone.value)
        self.setProperty("player", view.player)
        tip = view.tooltip(owner)
        self.setToolTip(tip)
        self.setAccessibleName(view.summary())
        self.setAccessibleDescription(tip)
        self.update()

    def set_marks(self, selectable: bool, selected: bool, payment: bool) -> None:
        marks = {"selectable": selectable, "selected": selected, "payment": payment}
        if all(self.property(name) is value for name, value in marks.items()):
            return
        self.setProperty("selectable", selectable)
        self.setProperty("selected", selected)
        self.setProperty("payment", payment)
        # Only dice the decision lets the user pick take keyboard focus.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if selectable else Qt.FocusPolicy.NoFocus)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(self.size_px, self.size_px)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.view is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        _DiePainter(painter, self, self.view).paint()
        painter.end()


class _DiePainter:
    """Draws a die: a rounded body tinted with its card's energy colour, the face showing,
    and the marks (selectable: dashed highlight ring; selected: solid ring and tint;
    spent by the proposed payment: orange ring and tint)."""

    def __init__(self, painter: QPainter, widget: DieWidget, view: DieView) -> None:
        self.p, self.w, self.view = painter, widget, view
        self.palette = widget.palette()
        self.s = float(widget.size_px)
        self.body = QRectF(3, 3, self.s - 6, self.s - 6)

    def colour(self, role: QPalette.ColorRole) -> QColor:
        return self.palette.color(role)

    def paint(self) -> None:
        self._body()
        face = self.view.face
        if face is None:
            self._name(self.body, centre=True)
        elif face.kind == ENERGY:
            self._energy(face)
        elif face.kind == ACTION:
            self._action(face)
        else:
            self._character(face)
        self._rings()

    def _body(self) -> None:
        base = self.colour(QPalette.ColorRole.Base)
        tint = QColor(ENERGY_COLOURS[self.view.energy[0]]) if self.view.energy else None
        fill = _mix(base, tint, 0.3) if tint is not None else base
        if self.w.property("payment"):
            fill = _mix(fill, QColor(PAYMENT_COLOUR), 0.45)
        elif self.w.property("selected"):
            fill = _mix(fill, self.colour(QPalette.ColorRole.Highlight), 0.45)
        self.p.setPen(QPen(self.colour(QPalette.ColorRole.Mid), 1.5))
        self.p.setBrush(fill)
        radius = self.body.width() * 0.18
        self.p.drawRoundedRect(self.body, radius, radius)

    def _rings(self) -> None:
        outer = QRectF(1.5, 1.5, self.s - 3, self.s - 3)
        radius = outer.width() * 0.2
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        highlight = self.colour(QPalette.ColorRole.Highlight)
        if self.w.property("selected"):
            self.p.setPen(QPen(highlight, 3))
            self.p.drawRoundedRect(outer, radius, radius)
        elif self.w.property("selectable"):
            self.p.setPen(QPen(highlight, 2.5, Qt.PenStyle.DashLine))
            self.p.drawRoundedRect(outer, radius, radius)
        if self.w.property("payment"):
            self.p.setPen(QPen(QColor(PAYMENT_COLOUR), 2.5))
            inner = self.body.adjusted(1.5, 1.5, -1.5, -1.5)
            self.p.drawRoundedRect(inner, radius, radius)
        if self.w.hasFocus():
            self.p.setPen(QPen(self.colour(QPalette.ColorRole.Text), 1, Qt.PenStyle.DotLine))
            self.p.drawRect(QRectF(0.5, 0.5, self.s - 1, self.s - 1))

    def _name(self, rect: QRectF, centre: bool = False) -> None:
        """The card's first word, as much as fits: which card the die belongs to."""
        font = _pixel_font(self.w.font(), self.s * (0.3 if centre else 0.22), bold=centre)
        text = self.view.name.split(":")[0].split()[0] if self.view.name else "?"
        metrics, room = QFontMetrics(font), int(rect.width()) - 2
        # Cut, not elided: on a small die "Sid" says more than "S…".
        while len(text) > 1 and metrics.horizontalAdvance(text) > room:
            text = text[:-1]
        self.p.setFont(font)
        self.p.setPen(self.colour(QPalette.ColorRole.Text))
        self.p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _symbols(self, names: list[str], centre: QPointF, size: float, amount: int | None = None) -> None:
        left = centre.x() - (len(names) * size + (len(names) - 1) * 2) / 2
        for index, name in enumerate(names):
            paint_symbol(self.p, name, QRectF(left + index * (size + 2), centre.y() - size / 2,
                                              size, size), amount)

    def _energy(self, face: Face) -> None:
        centre = self.body.center()
        if face.generic:
            self._symbols(["generic"], centre, self.s * 0.55, face.generic)
        else:
            size = self.s * (0.55 if len(face.symbols) == 1 else 0.36)
            self._symbols(list(face.symbols), centre, size)

    def _action(self, face: Face) -> None:
        """A four-pointed star over the card's name, burst marks beside it."""
        s, body = self.s, self.body
        centre = QPointF(body.center().x(), body.top() + s * 0.3)
        tip, waist = s * 0.17, s * 0.05
        steps = [(0, -tip), (waist, -waist), (tip, 0), (waist, waist),
                 (0, tip), (-waist, waist), (-tip, 0), (-waist, -waist)]
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(self.colour(QPalette.ColorRole.Text))
        self.p.drawPolygon(QPolygonF([centre + QPointF(dx, dy) for dx, dy in steps]))
        if face.burst:
            self._symbols(["burst"] * face.burst, QPointF(body.right() - s * 0.14, body.top() + s * 0.14),
                          s * 0.18)
        self._name(QRectF(body.left(), body.bottom() - s * 0.38, body.width(), s * 0.34))

    def _character(self, face: Face) -> None:
        """Level pips top right; fielding cost (before fielding) or damage (field) top left; the
        card's name in the middle; attack bottom left, defense bottom right."""
        s, body, view = self.s, self.body, self.view
        pip = s * 0.09
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(self.colour(QPalette.ColorRole.Text))
        for index in range(face.level):
            self.p.drawEllipse(QRectF(body.right() - 3 - (index + 1) * (pip + 2), body.top() + 3, pip, pip))
        corner = QRectF(body.left() + 1, body.top() + 1, s * 0.3, s * 0.3)
        if view.zone is not Zone.FIELD:
            paint_symbol(self.p, "generic", corner, face.fielding)
        elif view.damage:
            self.p.setBrush(QColor(DOWN_COLOUR))
            self.p.drawEllipse(corner)
            self.p.setFont(_pixel_font(self.w.font(), s * 0.2, bold=True))
            self.p.setPen(QColor("white"))
            self.p.drawText(corner, Qt.AlignmentFlag.AlignCenter, str(view.damage))
        if face.burst:
            self._symbols(["burst"] * face.burst, QPointF(body.center().x(), body.top() + s * 0.14),
                          s * 0.16)
        self._name(QRectF(body.left(), body.top() + s * 0.26, body.width(), s * 0.26))
        stats = QRectF(body.left() + 3, body.top(), body.width() - 6, body.height() - 1)
        self._stat(stats, view.attack, view.printed[0], Qt.AlignmentFlag.AlignLeft)
        self._stat(stats, view.defense, view.printed[1], Qt.AlignmentFlag.AlignRight)

    def _stat(self, rect: QRectF, now: int, printed: int, side: Qt.AlignmentFlag) -> None:
        """A stat: plain when as printed; green with a + or red with a - when not."""
        marker = "" if now == printed else ("+" if now > printed else "\u2212")
        colour = self.colour(QPalette.ColorRole.Text) if not marker else QColor(
            UP_COLOUR if now > printed else DOWN_COLOUR)
        self.p.setFont(_pixel_font(self.w.font(), self.s * 0.3, bold=True))
        self.p.setPen(colour)
        text = f"{now}{marker}" if side == Qt.AlignmentFlag.AlignLeft else f"{marker}{now}"
        self.p.drawText(rect, Qt.AlignmentFlag.AlignBottom | side, text)


class CardChip(_Clickable):
    """A card on the table: cost disc in its energy colours, name, dice left to buy."""

    def __init__(self, slot: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.slot = slot
        self.view: CardView | None = None
        self.setObjectName(f"card{slot}")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFixedSize(CARD_SIZE)

    def set_view(self, view: CardView) -> None:
        if view == self.view:
            return
        self.view = view
        self.setToolTip(view.tooltip())
        self.setAccessibleName(view.summary())
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        view = self.view
        if view is None:
            return
        palette = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        frame = QRectF(0.5, 0.5, self.width() - 1, self.height() - 1)
        colours = [QColor(ENERGY_COLOURS[e]) for e in view.energy] or [QColor(ENERGY_COLOURS["generic"])]
        base = palette.color(QPalette.ColorRole.Base)
        # A card with no dice left to buy fades: it no longer matters for purchases.
        painter.setOpacity(1.0 if view.left else 0.55)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(_mix(base, colours[0], 0.15))
        painter.drawRoundedRect(frame, 6, 6)
        disc = QRectF(4, (self.height() - 22) / 2, 22, 22)
        painter.setPen(Qt.PenStyle.NoPen)
        span = 360 * 16 // len(colours)
        for index, colour in enumerate(colours):
            painter.setBrush(colour)
            painter.drawPie(disc, 90 * 16 + index * span, span)
        painter.setPen(QColor("white"))
        painter.setFont(_pixel_font(self.font(), 12, bold=True))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, str(view.cost_now))
        text_rect = QRectF(disc.right() + 4, 3, self.width() - disc.right() - 8, self.height() - 6)
        name_font = _pixel_font(self.font(), 11, bold=True)
        name = QFontMetrics(name_font).elidedText(view.name.split(":")[0], Qt.TextElideMode.ElideRight,
                                                  int(text_rect.width()))
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.setFont(name_font)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft, name)
        painter.setFont(_pixel_font(self.font(), 10))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft,
                         f"{view.left} {'die' if view.left == 1 else 'dice'} left")
        painter.end()


class _ZoneBox(QFrame):
    """A titled box of dice (or, for the attack zone, of attacker/blocker groups)."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 4)
        layout.setSpacing(2)
        self.caption = QLabel(title)
        self.caption.setFont(_pixel_font(self.font(), 11, bold=True))
        self.caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(self.caption)
        self.flow = FlowLayout(spacing=3)
        layout.addLayout(self.flow, 1)
        self.setMinimumHeight(MINI_SIZE + 26)

    def set_count(self, count: int) -> None:
        self.caption.setText(f"{self.title} ({count})")


class _PlayerPanel(QFrame):
    """One player's side. The top (opponent's) panel is mirrored: its cards at the top and
    its field at the bottom, so both fields face the middle of the table."""

    ROWS = (("field", 3), ("attack", 2)), (("reserve", 3), ("prep", 2), ("used", 2), ("out", 1))

    def __init__(self, top: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.top = top
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.name = QLabel()
        self.name.setFont(_pixel_font(self.font(), 14, bold=True))
        self.name.setWordWrap(True)     # team names are often longer than the column
        self.role = QLabel()
        self.role.setWordWrap(True)
        self.life = QLabel()
        self.life.setFont(_pixel_font(self.font(), 34, bold=True))
        self.life.setToolTip("Life")
        self.counts = {key: QLabel() for key in ("bag", "used", "out")}
        info = QVBoxLayout()
        for widget in (self.name, self.role, self.life, *self.counts.values()):
            info.addWidget(widget)
        info.addStretch(1)
        info_box = QWidget()
        info_box.setLayout(info)
        info_box.setFixedWidth(132)
        titles = {key: title for key, title, _ in BOXES}
        self.boxes = {key: _ZoneBox(titles[key]) for key, _, _ in BOXES}
        zones = QVBoxLayout()
        for row in (self.ROWS[::-1] if top else self.ROWS):
            line = QHBoxLayout()
            for key, stretch in row:
                line.addWidget(self.boxes[key], stretch)
            zones.addLayout(line)
        table = QHBoxLayout()
        table.addWidget(info_box)
        table.addLayout(zones, 1)
        self.cards = FlowLayout(spacing=4)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        for part in ((self.cards, table) if top else (table, self.cards)):
            outer.addLayout(part)

    def show_player(self, view: PlayerView, role: str) -> None:
        """Object names follow the player shown: ``playerPanel1``, ``life1``, ``field1`` ..."""
        index = view.index
        self.setObjectName(f"playerPanel{index}")
        self.name.setText(view.name)
        self.name.setObjectName(f"name{index}")
        self.role.setText(role)
        self.life.setText(str(view.life))
        self.life.setObjectName(f"life{index}")
        self.life.setAccessibleName(f"{view.name}'s life: {view.life}")
        said = {"bag": f"Bag: {view.bag}", "used": f"Used pile: {len(view.zones['used'])}",
                "out": f"Out of play: {len(view.zones['out'])}"}
        for key, label in self.counts.items():
            label.setText(said[key])
            label.setObjectName(f"{key}Count{index}")
        for key, box in self.boxes.items():
            box.setObjectName(f"{key}{index}")
            box.set_count(len(view.attacks) if key == "attack" else len(view.zones[key]))


class BoardWidget(QWidget):
    """The game board, read-only. Call ``show_game`` after every decision; dice and cards
    report clicks (``die_clicked(die id)``, ``card_clicked(slot index)``). The marks set by
    ``set_selectable``, ``set_selected`` and ``set_highlight_payment`` stay until they are
    set again (an empty set clears them), across redraws."""

    die_clicked = Signal(int)
    card_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestBoard")
        self.setAccessibleName("Playtest board")
        self._game: Game | None = None
        self._texts: dict[int, str] = {}
        self._dice: dict[int, DieWidget] = {}
        self._cards: dict[int, CardChip] = {}
        self._shown: set[int] = set()
        self._selectable: set[int] = set()
        self._selected: set[int] = set()
        self._payment: set[int] = set()
        self._summary = "No game"
        self.header = QLabel("No game")
        self.header.setObjectName("boardHeader")
        self.header.setFont(_pixel_font(self.font(), 14, bold=True))
        self.header.setWordWrap(True)
        self.panels = (_PlayerPanel(top=True), _PlayerPanel(top=False))
        middle = QFrame()
        middle.setObjectName("basicActions")
        middle_layout = QHBoxLayout(middle)
        middle_layout.setContentsMargins(6, 2, 6, 2)
        caption = QLabel("Basic actions")
        caption.setFont(_pixel_font(self.font(), 11, bold=True))
        middle_layout.addWidget(caption)
        self.middle = FlowLayout(spacing=4)
        middle_layout.addLayout(self.middle, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.header)
        layout.addWidget(self.panels[0])
        layout.addWidget(middle)
        layout.addWidget(self.panels[1])
        layout.addStretch(1)
        self.setMinimumWidth(760)

    # -- drawing the game --------------------------------------------------------------
    def show_game(self, game: Game, me: int) -> None:
        """Redraw everything from ``game``; ``me`` (the human's player index) sits at the
        bottom."""
        if game is not self._game:
            self._forget_game()
            self._game = game
        views = table_views(game, self._texts)
        players = [player_view(game, index, views, self._texts) for index in (1 - me, me)]
        header = header_text(game)
        self.header.setText(header)
        self._shown.clear()
        roles = ("Opponent", "You")
        for panel, view, role in zip(self.panels, players, roles, strict=True):
            active = " · active player" if not game.over and view.index == game.active else ""
            panel.show_player(view, role + active)
            self._fill_panel(panel, view)
        middle_cards = tuple(_card_view(game, s.index, me, self._texts)
                             for s in game.slots if s.owner is None)
        self._set_items(self.middle, [self._chip(card) for card in middle_cards])
        self._summary = _summary(header, players, roles, middle_cards)
        self.setAccessibleDescription(self._summary)
        for die_id, widget in self._dice.items():
            if die_id not in self._shown:
                widget.hide()

    def _forget_game(self) -> None:
        for widget in (*self._dice.values(), *self._cards.values()):
            widget.setParent(None)
            widget.deleteLater()
        self._dice.clear()
        self._cards.clear()
        self._texts.clear()

    def _fill_panel(self, panel: _PlayerPanel, view: PlayerView) -> None:
        for key, box in panel.boxes.items():
            if key == "attack":
                # Attacks are short-lived: their groups are rebuilt on every redraw.
                self._clear(box.flow)
                for attack in view.attacks:
                    group = self._attack_group(attack, view.index)
                    box.flow.addWidget(group)
                    group.show()        # now, not when the event loop next runs
            else:
                mini = key in ("used", "out")
                self._set_items(box.flow, [self._die(d, view.name, mini) for d in view.zones[key]])
        self._set_items(panel.cards, [self._chip(card) for card in view.cards])

    def _attack_group(self, attack: AttackView, player: int) -> QWidget:
        """An attacker, then the dice blocking it (or "unblocked")."""
        group = QFrame()
        group.setObjectName(f"attackGroup{attack.attacker.id}")
        group.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(group)
        row.setContentsMargins(2, 2, 2, 2)
        row.setSpacing(3)
        names = [p.name for p in self._game.players] if self._game else ["", ""]
        row.addWidget(self._die(attack.attacker, names[player], mini=False))
        words = "blocked by" if attack.blockers or attack.shared else (
            "blocked" if attack.blocked else "unblocked")
        if attack.shared:
            words += " " + ", ".join(b.label for b in attack.shared) + (" and" if attack.blockers else "")
        label = QLabel(words)
        label.setWordWrap(True)
        label.setMaximumWidth(90)
        row.addWidget(label)
        for blocker in attack.blockers:
            row.addWidget(self._die(blocker, names[1 - player], mini=False))
        for widget in group.findChildren(DieWidget):
            widget.show()
        return group

    def _die(self, view: DieView, owner: str, mini: bool) -> DieWidget:
        """The die's widget (made the first time the die is on the table), brought up to date."""
        widget = self._dice.get(view.id)
        if widget is None:
            widget = DieWidget(view.id, self)
            widget.clicked.connect(lambda die_id=view.id: self.die_clicked.emit(die_id))
            self._dice[view.id] = widget
        widget.set_view(view, owner, mini)
        self._mark(widget)
        self._shown.add(view.id)
        return widget

    def _chip(self, card: CardView) -> CardChip:
        chip = self._cards.get(card.slot)
        if chip is None:
            chip = CardChip(card.slot, self)
            chip.clicked.connect(lambda slot=card.slot: self.card_clicked.emit(slot))
            self._cards[card.slot] = chip
        chip.set_view(card)
        return chip

    def _set_items(self, layout: FlowLayout, widgets: list[DieWidget] | list[CardChip]) -> None:
        """Make ``layout`` hold ``widgets`` in order; untouched when it already does (most
        zones do not change between two decisions, and relayouts are what cost time)."""
        current = [layout.itemAt(i).widget() for i in range(layout.count())]  # type: ignore[union-attr]
        if current != widgets:
            self._clear(layout)
            for widget in widgets:
                layout.addWidget(widget)
        for widget in widgets:
            widget.show()

    def _clear(self, layout: QLayout) -> None:
        """Empty ``layout``. Die and card widgets stay (a die that left the table is hidden
        at the end of ``show_game``); attack groups and their labels are thrown away, after
        their dice are taken out of them."""
        while (item := layout.takeAt(0)) is not None:
            widget = item.widget()
            if widget is None or isinstance(widget, DieWidget | CardChip):
                continue
            for die in widget.findChildren(DieWidget):
                die.hide()
                die.setParent(self)
            widget.setParent(None)
            widget.deleteLater()

    # -- marks -------------------------------------------------------------------------
    def set_selectable(self, die_ids: set[int]) -> None:
        """Dice the current decision lets the user pick: a dashed highlight ring."""
        self._selectable = set(die_ids)
        self._remark()

    def set_selected(self, die_ids: set[int]) -> None:
        """Dice the user has picked: a solid highlight ring and tint."""
        self._selected = set(die_ids)
        self._remark()

    def set_highlight_payment(self, die_ids: set[int]) -> None:
        """Dice a proposed payment would spend: an orange ring and tint."""
        self._payment = set(die_ids)
        self._remark()

    def _remark(self) -> None:
        for widget in self._dice.values():
            self._mark(widget)

    def _mark(self, widget: DieWidget) -> None:
        die_id = widget.die_id
        widget.set_marks(die_id in self._selectable, die_id in self._selected, die_id in self._payment)

    # -- queries -----------------------------------------------------------------------
    def die_widget(self, die_id: int) -> QWidget | None:
        """The widget of a die on the table; None for a die in a bag, on its card or gone."""
        return self._dice.get(die_id) if die_id in self._shown else None

    def card_widget(self, slot: int) -> QWidget | None:
        return self._cards.get(slot)

    def summary_text(self) -> str:
        """The board as plain text, top to bottom: header, opponent, basic actions, you."""
        return self._summary


def _summary(header: str, players: list[PlayerView], roles: tuple[str, str],
             middle: tuple[CardView, ...]) -> str:
    lines = [header]
    for view, role in zip(players, roles, strict=True):
        if role == "You":
            lines.append("Basic actions: " + "; ".join(c.summary() for c in middle))
        lines.append(f"{view.name} ({role.lower()}): {view.counts()}")
        lines.append("  Cards: " + "; ".join(c.summary() for c in view.cards))
        for key, title, _ in BOXES:
            if key == "attack":
                items = [a.summary() for a in view.attacks]
            else:
                items = [d.summary() for d in view.zones[key]]
            lines.append(f"  {title} ({len(items)}): " + "; ".join(items))
    return "\n".join(line.rstrip() for line in lines)
