"""The team being edited: one immutable Team value, changed only through undoable commands.

Every edit (add or remove a card, change dice, basic actions, format, name, or replace the
whole team on import) is a QUndoCommand that swaps one Team value for another, so undo and
redo are exact and every view redraws from the same ``changed`` signal. Consecutive dice
changes to the same card merge into one undo step (holding "+" is one step back).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from teambuilder.catalogue.model import Card
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import MAX_NAME_LENGTH, Team, TeamCard, clean_text

DICE_MERGE_ID = 1001


class _SwapTeam(QUndoCommand):
    """Replace the document's team by ``after``; undo puts ``before`` back."""

    def __init__(self, document: TeamDocument, before: Team, after: Team, text: str,
                 merge_key: tuple[str, int] | None = None,
                 merged_text: Callable[[Team, Team], str] | None = None) -> None:
        super().__init__(text)
        self.document, self.before, self.after, self.merge_key = document, before, after, merge_key
        # How to say the change again once later presses merge into it (from ``before`` to
        # the latest ``after``), so "Undo ..." names the state it returns to.
        self.merged_text = merged_text

    def redo(self) -> None:
        self.document._set(self.after)

    def undo(self) -> None:
        self.document._set(self.before)

    def id(self) -> int:
        return DICE_MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, _SwapTeam) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        if self.merged_text is not None:
            self.setText(self.merged_text(self.before, self.after))
        return True


class TeamDocument(QObject):
    """The current team, its undo stack and where it is kept (library id, file)."""

    changed = Signal()

    def __init__(self, lookup: CardLookup, team: Team | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lookup = lookup
        self.team = team or Team(name="New team")
        self.undo_stack = QUndoStack(self)
        self.library_id: int | None = None
        self.file_path: str | None = None

    # -- reading -----------------------------------------------------------------------
    def card(self, row: int) -> Card | None:
        return self.lookup.resolve(self.team.cards[row].ref)

    def row_of(self, code: str) -> int | None:
        """The row of a card in the team, by code or reference."""
        for row, entry in enumerate(self.team.cards):
            card = self.lookup.resolve(entry.ref)
            if entry.ref == code or (card is not None and card.code == code):
                return row
        return None

    # -- editing (each call is one undo step) -------------------------------------------
    def add_card(self, card: Card) -> str:
        """Add a card (basic actions go to a free basic-action slot); returns what
        happened, for the status bar. A card already in the team gets one more die."""
        if card.kind == "basic_action":
            if card.code in self.team.basic_actions:
                return f"{card.full_name} is already one of the basic actions."
            after = replace(self.team, basic_actions=(*self.team.basic_actions, card.code))
            self._push(after, f"Add basic action {card.full_name}")
            return f"Added basic action {card.full_name}."
        row = self.row_of(card.code)
        if row is not None:
            dice = self.team.cards[row].dice
            if dice >= card.max_dice:
                return f"{card.full_name} already has its maximum of {card.max_dice} dice."
            self.set_dice(row, dice + 1)
            return f"{card.full_name}: {dice + 1} dice."
        after = replace(self.team, cards=(*self.team.cards, TeamCard(card.code, 1)))
        self._push(after, f"Add {card.full_name}")
        return f"Added {card.full_name} with 1 die."

    def remove_card(self, row: int) -> None:
        entry = self.team.cards[row]
        card = self.lookup.resolve(entry.ref)
        cards = self.team.cards[:row] + self.team.cards[row + 1:]
        self._push(replace(self.team, cards=cards), f"Remove {card.full_name if card else entry.ref}")

    def set_dice(self, row: int, dice: int) -> None:
        entry = self.team.cards[row]
        card = self.lookup.resolve(entry.ref)
        limit = card.max_dice if card is not None else dice
        dice = max(1, min(dice, limit))
        if dice == entry.dice:
            return
        cards = list(self.team.cards)
        cards[row] = TeamCard(entry.ref, dice)
        name = card.full_name if card else entry.ref

        def says(before: Team, after: Team) -> str:
            return f"{name}: {before.cards[row].dice} \u2192 {after.cards[row].dice} dice"

        after = replace(self.team, cards=tuple(cards))
        self._push(after, says(self.team, after), ("dice", row), says)

    def set_basic_action(self, slot: int, code: str | None) -> None:
        """Put a basic action card in slot ``slot`` (None empties the slot)."""
        actions = list(self.team.basic_actions)
        if slot < len(actions):
            if code is None:
                del actions[slot]
            else:
                actions[slot] = code
        elif code is not None:
            actions.append(code)
        if tuple(actions) != self.team.basic_actions:
            self._push(replace(self.team, basic_actions=tuple(actions)), "Change basic actions")

    def remove_basic_action(self, code: str) -> None:
        actions = tuple(a for a in self.team.basic_actions if a != code)
        if actions != self.team.basic_actions:
            self._push(replace(self.team, basic_actions=actions), "Remove basic action")

    def set_format(self, key: str) -> None:
        if key != self.team.format:
            self._push(replace(self.team, format=key), f"Format: {key}")

    def rename(self, name: str) -> None:
        # One line of plain text (a pasted tab or control character would not survive a file).
        name = clean_text(name)[:MAX_NAME_LENGTH] or "Untitled team"
        if name != self.team.name:
            self._push(replace(self.team, name=name), f"Rename to {name}")

    def replace_team(self, team: Team, text: str = "Replace team") -> None:
        """Import into the current document (undoable), e.g. a pasted link."""
        if team != self.team:
            self._push(team, text)

    def load(self, team: Team, library_id: int | None, file_path: str | None = None) -> None:
        """Start editing another team: a fresh undo history."""
        self.undo_stack.clear()
        self.library_id, self.file_path = library_id, file_path
        self._set(team)

    # -- internals ---------------------------------------------------------------------
    def _push(self, after: Team, text: str, merge_key: tuple[str, int] | None = None,
              merged_text: Callable[[Team, Team], str] | None = None) -> None:
        self.undo_stack.push(_SwapTeam(self, self.team, after, text, merge_key, merged_text))

    def _set(self, team: Team) -> None:
        self.team = team
        self.changed.emit()
