"""Collection files: our CSV and JSON, and the CSV the prep-area app exports.

Our CSV has a header and one card a row: ``code,name,cards,dice,foils,want`` (``name`` is
for people; ``code`` says which card). ``dice`` is the dice of the card's die, which its
sibling cards share, so every sibling row carries the same number. Our JSON is
``{"collection": 1, "cards": [{code, name, cards, dice, foils, want}, ...]}``.

prep-area (E-Bloomer/prep-area) exports ``Set, Character, Card Name, Cards Owned, Foils
Owned, Dice Owned`` with the set's name rather than a code; its rows are matched to our
cards by character name and subtitle, the set's name breaking ties.

Reading never stops at the first bad row: every problem is reported as ``file:line:
what``, and the good rows are still returned, so the caller can refuse the whole file (the
command does) with every problem listed at once.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from teambuilder.catalogue.model import Card
from teambuilder.safe_io import COLLECTION_FILE_LIMIT, InputError, parse_json, read_text
from teambuilder.teams.collection import MAX_COUNT, Holding

HEADER = ("code", "name", "cards", "dice", "foils", "want")
PREP_AREA_HEADER = ("set", "character", "card name", "cards owned", "foils owned", "dice owned")
MAX_ROWS = 200_000

Row = tuple[str, int | None, int | None, int | None, int | None]    # code, cards, dice, foils, want


@dataclass
class ReadResult:
    rows: list[Row] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _count(text: object, where: str, column: str, problems: list[str]) -> int | None:
    """A count cell: blank is "not given" (None); anything but 0..MAX_COUNT is a problem."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    value: int | None = None
    if isinstance(text, bool):
        value = None
    elif isinstance(text, int):
        value = text
    elif isinstance(text, str) and re.fullmatch(r"\s*\d{1,7}\s*", text):
        value = int(text)
    if value is None or not 0 <= value <= MAX_COUNT:
        shown = repr(text)[:40]
        problems.append(f"{where}: {column}: expected a whole number from 0 to {MAX_COUNT}, got {shown}")
        return None
    return value


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


class CollectionReader:
    """Reads a collection file against the catalogue's cards (``cards``) and set names."""

    def __init__(self, cards: Iterable[Card], set_names: Mapping[str, str]) -> None:
        self.codes = {card.code for card in cards}
        self.by_title: dict[tuple[str, str], list[Card]] = {}
        self.set_names = {code: _norm(name) for code, name in set_names.items()}
        for card in cards:
            self.by_title.setdefault((_norm(card.name), _norm(card.subtitle)), []).append(card)

    def read(self, path: Path) -> ReadResult:
        text = read_text(path, COLLECTION_FILE_LIMIT, "collection file")
        if path.suffix.lower() == ".json" or text.lstrip().startswith(("{", "[")):
            return self._json(text, str(path))
        return self._csv(text, str(path))

    # -- our JSON ------------------------------------------------------------------------
    def _json(self, text: str, where: str) -> ReadResult:
        data = parse_json(text, where)
        result = ReadResult()
        if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            raise InputError(where, "expected an object with a \"cards\" list (a teambuilder collection file)")
        if len(data["cards"]) > MAX_ROWS:
            raise InputError(where, f"more than {MAX_ROWS} cards; split the file")
        for index, entry in enumerate(data["cards"], 1):
            place = f"{where}: cards[{index}]"
            if not isinstance(entry, dict) or not isinstance(entry.get("code"), str):
                result.problems.append(f"{place}: expected an object with a \"code\"")
                continue
            self._row(entry["code"], entry, place, result)
        return result

    # -- CSV (ours and prep-area's) -----------------------------------------------------------
    def _csv(self, text: str, where: str) -> ReadResult:
        result = ReadResult()
        reader = csv.reader(io.StringIO(text, newline=""))
        try:
            header = [cell.strip().lower() for cell in next(reader, [])]
        except csv.Error as error:
            raise InputError(where, str(error), 1) from error
        prep_area = tuple(header[:6]) == PREP_AREA_HEADER
        if not prep_area and tuple(header[:2]) != HEADER[:2]:
            raise InputError(where, f"expected the header {','.join(HEADER)} (or prep-area's "
                             f"{', '.join(h.title() for h in PREP_AREA_HEADER)})", 1)
        columns = {name: header.index(name) for name in header if name}
        try:
            for number, cells in enumerate(reader, 2):
                if number > MAX_ROWS + 1:
                    raise InputError(where, f"more than {MAX_ROWS} rows; split the file", number)
                if not any(cell.strip() for cell in cells):
                    continue
                values = {name: cells[i] if i < len(cells) else "" for name, i in columns.items()}
                place = f"{where}:{number}"
                if prep_area:
                    self._prep_area_row(values, place, result)
                else:
                    self._row(values["code"], values, place, result)
        except csv.Error as error:
            raise InputError(where, str(error), reader.line_num) from error
        return result

    def _row(self, code: str, values: Mapping[str, object], place: str, result: ReadResult) -> None:
        code = code.strip().lower()
        if code not in self.codes:
            result.problems.append(f"{place}: unknown card code {code[:40]!r}")
            return
        counts = [_count(values.get(name), place, name, result.problems) for name in ("cards", "dice", "foils", "want")]
        result.rows.append((code, counts[0], counts[1], counts[2], counts[3]))

    def _prep_area_row(self, values: Mapping[str, str], place: str, result: ReadResult) -> None:
        matches = self.by_title.get((_norm(values["character"]), _norm(values["card name"])), [])
        if len(matches) > 1:
            named = _norm(values["set"])
            matches = [card for card in matches if self.set_names.get(card.set_code) == named] or matches
        if len(matches) != 1:
            what = "no card" if not matches else f"{len(matches)} cards"
            result.problems.append(f"{place}: {what} named {values['character'][:40]!r}: "
                                   f"{values['card name'][:40]!r} in set {values['set'][:40]!r}")
            return
        counts = [_count(values.get(name), place, name, result.problems)
                  for name in ("cards owned", "dice owned", "foils owned")]
        result.rows.append((matches[0].code, counts[0], counts[1], counts[2], None))


def to_csv(holdings: Iterable[Holding], names: Mapping[str, str]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for h in holdings:
        writer.writerow((h.code, names.get(h.code, ""), h.cards, h.dice, h.foils, h.want))
    return out.getvalue()


def to_json(holdings: Iterable[Holding], names: Mapping[str, str]) -> str:
    cards = [{"code": h.code, "name": names.get(h.code, ""), "cards": h.cards, "dice": h.dice,
              "foils": h.foils, "want": h.want} for h in holdings]
    return json.dumps({"collection": 1, "cards": cards}, indent=2, ensure_ascii=False) + "\n"
