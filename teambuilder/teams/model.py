"""The team a player brings: cards with dice counts and basic actions, named by reference.

A reference is what the user wrote: a card code (``5sww``) or ``Name: Subtitle``. Teams
keep references as written so an unknown card survives a load/save round trip and the
validator can say what it did not recognise.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

DEFAULT_FORMAT = "standard"
# Bounds on what a team may hold. Far above any legal team (8 cards of at most 5 dice), they
# only stop a hostile file from making the engine build millions of dice.
MAX_DICE_PER_CARD = 99
MAX_ENTRIES = 200
MAX_NAME_LENGTH = 200

# Characters a text file cannot carry as text: controls, lone surrogates and Unicode's
# noncharacters (U+FDD0..U+FDEF and the last two code points of every plane).
_NOT_TEXT = re.compile("[\ud800-\udfff\ufdd0-\ufdef]|[\ufffe\uffff]")


def clean_text(value: str) -> str:
    """A name or reference as we store it: one line of printable text. Line breaks and tabs
    become spaces; other control characters and noncharacters are dropped; spaces collapse."""
    kept = []
    for character in value:
        if character in "\t\n\r\v\f\x85\u2028\u2029":
            kept.append(" ")
        elif unicodedata.category(character) == "Cc" or _NOT_TEXT.match(character) \
                or (ord(character) & 0xFFFE) == 0xFFFE:
            continue
        else:
            kept.append(character)
    return " ".join("".join(kept).split())


@dataclass(frozen=True)
class TeamCard:
    ref: str
    dice: int


@dataclass(frozen=True)
class Team:
    name: str
    format: str = DEFAULT_FORMAT
    cards: tuple[TeamCard, ...] = ()
    basic_actions: tuple[str, ...] = ()
    source: str = field(default="", compare=False)

    @property
    def total_dice(self) -> int:
        return sum(card.dice for card in self.cards)
