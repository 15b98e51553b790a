"""How completely the engine plays each card: ``full``, ``partial`` or ``none``.

Derived from the data, never declared by hand:

- ``full``: everything the card says executes: each ability parses into primitives the
  engine runs, each named script is registered, no ability is marked ``unsupported``, and
  every keyword it lists is an engine feature. A card whose text is only keywords (or "No
  ability.") needs no abilities.
- ``partial``: it has abilities, but something above is missing.
- ``none``: its text describes abilities and it has none: it plays on its stats only.

Separately, a card *needs a script* when any of its abilities runs a per-card Python
script (``script:`` or an effect ``do: script``): the count says how much of the card
pool the ability language cannot yet say by itself.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from teambuilder import __version__
from teambuilder.catalogue.engine_status import ENGINE_STATUSES
from teambuilder.catalogue.model import Card
from teambuilder.engine import scripts
from teambuilder.engine.keyword_abilities import IMPLEMENTED, READ_FROM_TEXT
from teambuilder.engine.primitives import HANDLERS

STATUSES = ENGINE_STATUSES     # the catalogue's engine: searches take the same words
SCRIPTED = "scripted"   # the count of cards that need a script, beside the statuses
# "Fast.", "Corrupt 2.", "Suit Up (Pepper Potts or Rescue).": a keyword, with its number or names
_KEYWORD_SENTENCE = re.compile(r"^[A-Z][a-z]+( [A-Z][a-z]+)?( \d+| \([^()]+\))?\.$")


@dataclass(frozen=True)
class CardCoverage:
    code: str
    name: str
    status: str
    missing: tuple[str, ...] = field(default=())
    scripted: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "name": self.name, "status": self.status, "missing": list(self.missing),
                "scripted": self.scripted}


def needs_script(card: Card) -> bool:
    """Whether any ability of the card runs a per-card script (``script:`` adds a
    ``script`` effect when parsed, so looking at the effects covers both spellings)."""
    return any(effect.op == "script" for ability in card.abilities
               for effect in ability.effects + tuple(e for mode in ability.modes for e in mode))


def needs_abilities(card: Card) -> bool:
    """Whether the written text says more than "No ability." and keyword names."""
    text = card.text.strip()
    if not text or text == "No ability.":
        return False
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", text) if s.strip()]
    return not all(_KEYWORD_SENTENCE.match(s) for s in sentences)


def coverage(card: Card) -> CardCoverage:
    missing: list[str] = []
    for keyword in card.keywords:
        if keyword not in IMPLEMENTED:
            missing.append(f"keyword {keyword}")
        elif keyword in READ_FROM_TEXT and READ_FROM_TEXT[keyword](card.text) is None or \
                keyword == "retaliation" and not card.affiliations:
            missing.append(f"keyword {keyword}: its text does not say what it needs")
    for index, ability in enumerate(card.abilities, start=1):
        if ability.unsupported:
            missing.append(f"ability {index}: {ability.unsupported}")
        for effect in ability.effects + tuple(e for mode in ability.modes for e in mode):
            if effect.op not in HANDLERS:
                missing.append(f"ability {index}: effect {effect.op}")
            if effect.op == "script" and not scripts.known(effect.name):
                missing.append(f"ability {index}: script {effect.name} is not registered")
    if not card.abilities and needs_abilities(card):
        return CardCoverage(card.code, card.full_name, "none", ("its abilities are not written as data yet",))
    return CardCoverage(card.code, card.full_name, "partial" if missing else "full", tuple(missing),
                        needs_script(card))


def _row(counts: Counter[str]) -> dict[str, object]:
    return {"cards": sum(counts[s] for s in STATUSES), **{s: counts.get(s, 0) for s in STATUSES},
            "scripted": counts.get(SCRIPTED, 0)}


def report(cards: list[Card]) -> dict[str, object]:
    """The stable JSON object of ``teambuilder cards coverage --json``: per set and in
    total, how many cards are full / partial / none and how many need a script."""
    entries = [coverage(card) for card in cards]
    sets: dict[str, Counter[str]] = {}
    total: Counter[str] = Counter()
    for card, entry in zip(cards, entries, strict=True):
        counts = sets.setdefault(card.set_code, Counter())
        for bucket in (counts, total):
            bucket[entry.status] += 1
            bucket[SCRIPTED] += entry.scripted
    return {
        "sets": [{"set": code, **_row(counts)} for code, counts in sets.items()],
        "total": _row(total),
        "cards": [entry.to_dict() for entry in entries],
    }


@cache
def coverage_fingerprint() -> str:
    """What decides coverage besides the card itself: the engine's source (its effect
    handlers, keywords and registered scripts), or its version where the source is not at
    hand. Read once per process."""
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(Path(__file__).parent.rglob("*.py")):
        try:
            digest.update(path.read_bytes())
        except OSError:
            continue
    return digest.hexdigest()


class CoverageRater:
    """The catalogue's :class:`~teambuilder.catalogue.engine_status.EngineRater`: rates
    cards by :func:`coverage`, keyed by :func:`coverage_fingerprint` so the cached
    statuses are rewritten whenever the engine changes."""

    @property
    def key(self) -> str:
        return coverage_fingerprint()

    def status(self, card: Card) -> str:
        return coverage(card).status
