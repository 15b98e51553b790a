"""What the card face says, as text: the words for a card's cost, faces, levels and rules.

``card_plain_text`` is everything the face shows, one item a line, in reading order (for
tests and screen readers); the painter (``card_face_painter``) takes its rules text, meta
line and engine line from the same functions, so what is read and what is seen agree. No
Qt here: these are plain functions of a catalogue card, kept apart from the painting.
``card_face`` re-exports the public names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from teambuilder.catalogue.model import Card, EnergyFace, Level
from teambuilder.engine.coverage import coverage

PLACEHOLDER = "Select a card"
# The card text's symbol tokens: energy types and wild, and generic energy ("[2]").
_SYMBOL_TOKEN = re.compile(r"\[(mask|fist|bolt|shield|wild|\d{1,2})\]")


@dataclass(frozen=True)
class TextSymbol:
    """A symbol standing in the card text: ``name`` is a symbols.SYMBOLS name; ``amount``
    is the number on a generic energy symbol."""

    name: str
    amount: int | None = None


def text_with_symbols(text: str) -> list[str | TextSymbol]:
    """``text`` cut at its symbol tokens: "Pay [fist] or [2]" -> ["Pay ", fist, " or ",
    generic 2]. The face draws the symbols as icons; a reader hears the words."""
    parts: list[str | TextSymbol] = []
    position = 0
    for token in _SYMBOL_TOKEN.finditer(text):
        if token.start() > position:
            parts.append(text[position:token.start()])
        word = token.group(1)
        parts.append(TextSymbol("generic", int(word)) if word.isdigit() else TextSymbol(word))
        position = token.end()
    if position < len(text):
        parts.append(text[position:])
    return parts
_BURST_WORDS = {0: "", 1: "burst", 2: "double burst"}


def face_text(face: EnergyFace) -> str:
    """An energy face as a player says it: ``fist``, ``double fist``, ``mask and bolt``,
    ``wild``, ``2 generic``."""
    if face.generic:
        return f"{face.generic} generic"
    if len(face.symbols) == 2 and face.symbols[0] == face.symbols[1]:
        return f"double {face.symbols[0]}"
    return " and ".join(face.symbols)


def level_text(level: Level) -> str:
    """A character face: ``Level 1: field 2, A 1, D 2`` plus ``burst``/``double burst``."""
    text = f"Level {level.level}: field {level.fielding}, A {level.attack}, D {level.defense}"
    burst = _BURST_WORDS.get(level.burst, f"{level.burst} bursts")
    return f"{text}, {burst}" if burst else text


def action_face_text(bursts: int) -> str:
    return _BURST_WORDS.get(bursts, f"{bursts} bursts") or "action"


def cost_text(card: Card) -> str:
    """``Cost 4, Mask``; a basic action has no energy type, so just ``Cost 3``."""
    types = " and ".join(name.title() for name in card.energy)
    return f"Cost {card.cost}, {types}" if types else f"Cost {card.cost}"


def rules_text(card: Card, keyword_names: dict[str, str]) -> str:
    """The card's rules text without the keyword sentence the text starts with, since the
    face already shows the keywords in bold above it."""
    text = card.display_text.strip()
    if not card.keywords:
        return text
    first, _, rest = text.partition("\n")
    said = [part.strip().lower() for part in first.rstrip(".").split(". ")]
    names = [[keyword_names.get(k, k).lower() for k in card.keywords],
             [k.replace("_", " ").lower() for k in card.keywords]]
    return rest.strip() if said in names else text


def card_plain_text(card: Card | None, affiliation_names: dict[str, str],
                    keyword_names: dict[str, str]) -> str:
    """Everything the card face shows, one item a line, in reading order."""
    if card is None:
        return PLACEHOLDER
    lines = [card.name]
    if card.subtitle:
        lines.append(card.subtitle)
    lines.append(cost_text(card))
    if card.affiliations:
        lines.append(", ".join(affiliation_names.get(a, a) for a in card.affiliations))
    lines.append(meta_line(card))
    if card.keywords:
        lines.append(", ".join(keyword_names.get(k, k) for k in card.keywords))
    text = rules_text(card, keyword_names)
    if text:
        lines.append(text)
    lines.append(f"Max dice {card.max_dice}")
    lines.extend(level_text(level) for level in card.levels)
    if card.action_faces:
        lines.append("Action faces: " + ", ".join(action_face_text(b) for b in card.action_faces))
    if card.energy_faces:
        lines.append("Energy faces: " + ", ".join(face_text(f) for f in card.energy_faces))
    lines.append(engine_line(card))
    return "\n".join(lines)


def meta_line(card: Card) -> str:
    kind = card.kind.replace("_", " ").capitalize()
    return f"{card.code} · {kind} · {card.rarity.replace('_', ' ').title()}"


def engine_line(card: Card) -> str:
    engine = coverage(card)
    missing = f": {'; '.join(engine.missing)}" if engine.missing else ""
    return f"Rules engine: {engine.status}{missing}"

