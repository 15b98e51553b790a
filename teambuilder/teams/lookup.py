"""Resolve card references (codes or "Name: Subtitle") against the catalogue."""

from __future__ import annotations

import difflib
import re
from typing import Protocol

from teambuilder.catalogue.model import Card

_CODE = re.compile(r"^\d+[a-z][a-z0-9]*$", re.IGNORECASE)


class CardSource(Protocol):
    """What the teams layer needs from a catalogue."""

    def get(self, code: str) -> Card | None: ...

    def search(self, query: str) -> list[Card]: ...


class CardLookup:
    """Code and full-name lookup with "did you mean" suggestions."""

    def __init__(self, source: CardSource) -> None:
        self.source = source
        self._by_name: dict[str, Card] | None = None

    def _names(self) -> dict[str, Card]:
        if self._by_name is None:
            self._by_name = {}
            for card in self.source.search(""):
                self._by_name.setdefault(_norm(card.full_name), card)
        return self._by_name

    def resolve(self, ref: str) -> Card | None:
        ref = ref.strip()
        if _CODE.match(ref):
            return self.source.get(ref)
        return self._names().get(_norm(ref))

    def suggestions(self, ref: str, limit: int = 3) -> list[str]:
        names = self._names()
        close = difflib.get_close_matches(_norm(ref), list(names), n=limit, cutoff=0.6)
        if not close and ":" not in ref:
            # A bare name: offer every version of it.
            close = [key for key in names if key.split(": ")[0] == _norm(ref)][:limit]
        return [names[key].full_name + f" ({names[key].code})" for key in close]


def _norm(text: str) -> str:
    return " ".join(text.replace("™", "").lower().split())
