"""The team validator: every tournament rule, every violation at once, each explained.

A :class:`Violation` names its rule (a stable id for ``--json`` and the GUI), the cards
involved, what is wrong and what would fix it. Warnings are legal but notable.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from teambuilder.catalogue.model import Card
from teambuilder.teams.formats import Format
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.model import Team

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True)
class Violation:
    rule: str
    severity: str
    message: str
    fix: str
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.severity}: [{self.rule}] {self.message} Fix: {self.fix}"

    def to_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "severity": self.severity, "message": self.message,
                "fix": self.fix, "cards": list(self.cards)}


def _label(card: Card) -> str:
    return f"{card.full_name} ({card.code})"


def validate(team: Team, fmt: Format, lookup: CardLookup) -> list[Violation]:
    """All violations and warnings of ``team`` under ``fmt``; errors first."""
    found: list[Violation] = []
    add = found.append
    resolved: list[tuple[str, int, Card]] = []
    for entry in team.cards:
        card = lookup.resolve(entry.ref)
        if card is None:
            hints = lookup.suggestions(entry.ref)
            add(Violation("unknown-card", ERROR, f"Unknown card {entry.ref!r}.",
                          f"did you mean {' or '.join(hints)}?" if hints else "check the code or name.",
                          (entry.ref,)))
            continue
        resolved.append((entry.ref, entry.dice, card))
        if card.kind == "basic_action":
            add(Violation("basic-action-in-cards", ERROR,
                          f"{_label(card)} is a basic action card listed among the team cards.",
                          "move it to the basic actions.", (card.code,)))
        if entry.dice < 1:
            add(Violation("zero-dice", ERROR, f"{_label(card)} has {entry.dice} dice.",
                          "give it at least 1 die or remove the card.", (card.code,)))
        elif card.kind != "basic_action" and entry.dice > card.max_dice:
            add(Violation("over-max-dice", ERROR,
                          f"{_label(card)} has {entry.dice} dice; its limit is {card.max_dice}.",
                          f"reduce it to {card.max_dice}.", (card.code,)))
        _check_pool(card, fmt, add)

    if len(team.cards) > fmt.max_cards:
        add(Violation("too-many-cards", ERROR,
                      f"The team has {len(team.cards)} cards; {fmt.name} allows {fmt.max_cards}.",
                      f"remove {len(team.cards) - fmt.max_cards} card(s).",
                      tuple(c.ref for c in team.cards)))
    total = team.total_dice
    if fmt.max_dice is not None and total > fmt.max_dice:
        add(Violation("too-many-dice", ERROR,
                      f"The team has {total} dice; {fmt.name} allows {fmt.max_dice}.",
                      f"remove {total - fmt.max_dice} dice.", tuple(c.ref for c in team.cards)))

    by_name: dict[str, list[Card]] = defaultdict(list)
    for _ref, _dice, card in resolved:
        by_name[card.name.lower()].append(card)
    for cards in by_name.values():
        if len(cards) > 1:
            add(Violation("duplicate-name", ERROR,
                          f"{len(cards)} cards share the name {cards[0].name}: "
                          + ", ".join(_label(c) for c in cards) + ".",
                          f"keep only one {cards[0].name} card (subtitles do not matter).",
                          tuple(c.code for c in cards)))

    _check_basic_actions(team, fmt, lookup, add)

    if len(team.cards) < fmt.max_cards:
        add(Violation("fewer-cards", WARNING,
                      f"The team has {len(team.cards)} of {fmt.max_cards} cards.",
                      "add cards if you want the full allowance."))
    if fmt.max_dice is not None and total < fmt.max_dice:
        add(Violation("fewer-dice", WARNING, f"The team has {total} of {fmt.max_dice} dice.",
                      "add dice if you want the full allowance."))
    found.sort(key=lambda v: v.severity != ERROR)
    return found


def _check_pool(card: Card, fmt: Format, add: Callable[[Violation], None]) -> None:
    if fmt.sets is not None and card.set_code not in fmt.sets:
        add(Violation("not-in-pool", ERROR, f"{_label(card)} is from set {card.set_code}, "
                      f"which {fmt.name} does not allow.", "replace it with a card from a legal set.",
                      (card.code,)))
    if card.code in fmt.banned:
        add(Violation("banned", ERROR, f"{_label(card)} is banned in {fmt.name}.",
                      "replace it.", (card.code,)))


def _check_basic_actions(team: Team, fmt: Format, lookup: CardLookup,
                         add: Callable[[Violation], None]) -> None:
    count = len(team.basic_actions)
    if not fmt.min_basic_actions <= count <= fmt.max_basic_actions:
        wanted = (str(fmt.min_basic_actions) if fmt.min_basic_actions == fmt.max_basic_actions
                  else f"{fmt.min_basic_actions} to {fmt.max_basic_actions}")
        add(Violation("basic-action-count", ERROR,
                      f"The team has {count} basic action card(s); {fmt.name} needs {wanted}.",
                      "add or remove basic actions.", tuple(team.basic_actions)))
    seen: dict[str, str] = {}
    for ref in team.basic_actions:
        card = lookup.resolve(ref)
        if card is None:
            hints = lookup.suggestions(ref)
            add(Violation("unknown-card", ERROR, f"Unknown basic action {ref!r}.",
                          f"did you mean {' or '.join(hints)}?" if hints else "check the code or name.",
                          (ref,)))
            continue
        if card.kind != "basic_action":
            add(Violation("not-basic-action", ERROR,
                          f"{_label(card)} is a {card.kind.replace('_', ' ')}, not a basic action card.",
                          "move it to the team cards.", (card.code,)))
        key = card.name.lower()
        if key in seen:
            add(Violation("duplicate-basic-action", ERROR,
                          f"{card.name} is chosen twice as a basic action.",
                          "choose two different basic action cards.", (seen[key], card.code)))
        seen[key] = card.code
        _check_pool(card, fmt, add)


@dataclass(frozen=True)
class Verdict:
    """Whether a team is legal in its own format, and the first reason when it is not (a
    one-line summary for lists such as the team library)."""

    legal: bool
    format_name: str
    reason: str = ""


def verdict(team: Team, formats: dict[str, Format], lookup: CardLookup) -> Verdict:
    """``team`` judged by its own format; an unknown format makes it illegal."""
    fmt = formats.get(team.format)
    if fmt is None:
        return Verdict(False, team.format, f"Unknown format {team.format!r}.")
    errors = [v for v in validate(team, fmt, lookup) if v.severity == ERROR]
    return Verdict(not errors, fmt.name, f"{errors[0].message} Fix: {errors[0].fix}" if errors else "")
