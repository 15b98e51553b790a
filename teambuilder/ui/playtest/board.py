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
palette (light and dark themes) and the energy colours in ``symbols``. This module lays
the board out (zone boxes, player panels, ``BoardWidget``); the reading of the game is in
``board_model`` and the painted dice and cards in ``board_widgets``.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QLayout, QVBoxLayout, QWidget

from teambuilder.engine.game import Game
from teambuilder.ui.playtest.board_model import (
    BOXES,
    AttackView,
    CardView,
    DieView,
    PlayerView,
    board_text,
    card_view,
    header_text,
    player_view,
    table_views,
)
from teambuilder.ui.playtest.board_widgets import (
    CAPTION_HEIGHT,
    DOWN_COLOUR,
    MINI_SIZE,
    PAYMENT_COLOUR,
    DieWidget,
    FlowLayout,
    pixel_font,
)
from teambuilder.ui.playtest.card_chip import CardChip

# The colours and the die widget are imported from here by the board's tests.
__all__ = ["DOWN_COLOUR", "PAYMENT_COLOUR", "BoardWidget", "DieWidget"]


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
        self.caption.setFont(pixel_font(self.font(), 11, bold=True))
        self.caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(self.caption)
        self.flow = FlowLayout(spacing=3)
        layout.addLayout(self.flow, 1)
        self.setMinimumHeight(MINI_SIZE + CAPTION_HEIGHT + 26)

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
        self.name.setFont(pixel_font(self.font(), 14, bold=True))
        self.name.setWordWrap(True)     # team names are often longer than the column
        self.role = QLabel()
        self.role.setWordWrap(True)
        self.life = QLabel()
        self.life.setFont(pixel_font(self.font(), 34, bold=True))
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
    report clicks (``die_clicked(die id)``, ``card_clicked(slot index)``, ``global_clicked(slot
index)``). The marks set by
    ``set_selectable``, ``set_selected`` and ``set_highlight_payment`` stay until they are
    set again (an empty set clears them), across redraws."""

    die_clicked = Signal(int)
    card_clicked = Signal(int)
    global_clicked = Signal(int)

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
        self._card_marks: tuple[set[int], set[int], int | None] = (set(), set(), None)
        self._summary = "No game"
        self.header = QLabel("No game")
        self.header.setObjectName("boardHeader")
        self.header.setFont(pixel_font(self.font(), 14, bold=True))
        self.header.setWordWrap(True)
        self.panels = (_PlayerPanel(top=True), _PlayerPanel(top=False))
        middle = QFrame()
        middle.setObjectName("basicActions")
        middle_layout = QHBoxLayout(middle)
        middle_layout.setContentsMargins(6, 2, 6, 2)
        caption = QLabel("Basic actions")
        caption.setFont(pixel_font(self.font(), 11, bold=True))
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
        middle_cards = tuple(card_view(game, s.index, me, self._texts)
                             for s in game.slots if s.owner is None)
        self._set_items(self.middle, [self._chip(card) for card in middle_cards])
        self._summary = board_text(header, players, roles, middle_cards)
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
            chip.global_clicked.connect(lambda slot=card.slot: self.global_clicked.emit(slot))
            self._cards[card.slot] = chip
        chip.set_view(card)
        self._mark_card(chip)
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

    def set_card_marks(self, buyable: set[int], global_usable: set[int], picked: int | None) -> None:
        """Cards that can be bought now (dashed ring), whose global can be used now (a "G"
        badge), and the card the picked answer is about (solid ring)."""
        self._card_marks = (set(buyable), set(global_usable), picked)
        for chip in self._cards.values():
            self._mark_card(chip)

    def _mark_card(self, chip: CardChip) -> None:
        buyable, usable, picked = self._card_marks
        chip.set_marks(chip.slot in buyable, chip.slot in usable, chip.slot == picked)

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
