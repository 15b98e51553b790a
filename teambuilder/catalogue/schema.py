"""The card file schema: raw YAML mappings in, typed cards and located problems out.

Every check runs and every problem is collected, so a contributor fixing a set file sees
all of its mistakes at once, each as ``file:line: card 5sww: field: message``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from teambuilder.catalogue.abilities import (
    Ability,
    AbilityError,
    affiliations_named,
    keywords_named,
    parse_abilities,
)
from teambuilder.catalogue.model import (
    ENERGY_TYPES,
    KINDS,
    PRODUCT_KINDS,
    RARITIES,
    Card,
    CardSet,
    EnergyFace,
    Level,
    Vocabulary,
    default_action_faces,
    default_energy_faces,
    parse_face,
)
from teambuilder.catalogue.yaml_source import LineMap

CARD_FIELDS = ("number", "name", "subtitle", "kind", "rarity", "cost", "energy",
               "affiliations", "max_dice", "levels", "energy_faces", "action_faces",
               "keywords", "text", "abilities")
REQUIRED_CARD_FIELDS = ("number", "name", "subtitle", "kind", "rarity", "cost", "energy",
                        "affiliations", "max_dice", "keywords", "text")
LEVEL_FIELDS = ("fielding", "attack", "defense", "burst")
MAX_STAT = 20


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a data file, located to the line."""

    path: str
    line: int
    message: str
    card: str = ""
    field: str = ""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}: "
        if self.card:
            where += f"card {self.card}: "
        if self.field:
            where += f"{self.field}: "
        return printable(where + self.message)


def printable(text: str) -> str:
    """``text`` on one line, whatever a hostile file put in it: control characters and
    the characters Python and terminals break lines at (\\x1c-\\x1e, \\x85, U+2028 ...)
    are shown escaped, as ``repr`` would show them."""
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


class _Checker:
    """Collects problems for one card while reading its fields."""

    def __init__(self, path: str, raw: LineMap, card: str) -> None:
        self.path, self.raw, self.card = path, raw, card
        self.problems: list[Problem] = []

    def fail(self, field: str, message: str, line: int | None = None) -> None:
        self.problems.append(Problem(self.path, line or self.raw.line_of(field), message,
                                     self.card, field))

    def integer(self, field: str, low: int, high: int, value: Any = None,
                line: int | None = None) -> int:
        value = self.raw.get(field) if value is None else value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(field, f"expected a whole number, got {_shown(value)}", line)
            return low
        if value < low:
            self.fail(field, f"must be at least {low}, got {value}", line)
        elif value > high:
            self.fail(field, f"must be at most {high}, got {value}", line)
        return value

    def text(self, field: str, allow_empty: bool = False) -> str:
        value = self.raw.get(field)
        if not isinstance(value, str):
            self.fail(field, f"expected text, got {_shown(value)}")
            return ""
        if not value.strip() and not allow_empty:
            self.fail(field, "must not be empty")
        return value.strip()

    def choice(self, field: str, allowed: tuple[str, ...] | list[str]) -> str:
        value = self.raw.get(field)
        if not isinstance(value, str) or value not in allowed:
            self.fail(field, f"unknown {field} {_shown(value)} (one of {', '.join(allowed)})")
            return str(value)
        return str(value)

    def names(self, field: str, allowed: dict[str, str] | tuple[str, ...], what: str) -> tuple[str, ...]:
        value = self.raw.get(field)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(field, f"expected a list, got {_shown(value)}")
            return ()
        seen: list[str] = []
        for item in value:
            if not isinstance(item, str) or item not in allowed:
                self.fail(field, f"unknown {what} {_shown(item)}" + _suggest(str(item)[:40], allowed))
            elif item in seen:
                self.fail(field, f"{what} {item!r} listed twice")
            else:
                seen.append(item)
        return tuple(seen)


def _shown(value: object) -> str:
    """A value as a message quotes it: short, whatever a hostile file put there."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _suggest(word: str, allowed: dict[str, str] | tuple[str, ...]) -> str:
    import difflib

    close = difflib.get_close_matches(word, list(allowed), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_card(path: str, raw: Any, set_code: str, index: int, vocab: Vocabulary,
               set_line: int) -> tuple[Card | None, list[Problem]]:
    """Check one card mapping; return the card (None when unusable) and its problems."""
    if not isinstance(raw, LineMap):
        return None, [Problem(path, set_line, f"card #{index}: expected a mapping of fields")]
    number = raw.get("number")
    label = f"{number}{set_code}" if isinstance(number, int) else f"#{index} of {set_code}"
    check = _Checker(path, raw, label)
    for key, line in raw.duplicate_keys:
        check.fail(key, "given twice", line)
    for key in raw:
        if key not in CARD_FIELDS:
            check.fail(key, "unknown field" + _suggest(str(key), CARD_FIELDS))
    missing = [f for f in REQUIRED_CARD_FIELDS if f not in raw]
    for key in missing:
        check.fail(key, "missing", raw.line)
    if missing:
        return None, check.problems

    number = check.integer("number", 1, 9999)
    name = check.text("name")
    subtitle = check.text("subtitle", allow_empty=True)
    kind = check.choice("kind", KINDS)
    rarity = check.choice("rarity", RARITIES)
    cost = check.integer("cost", 0, MAX_STAT)
    energy = check.names("energy", ENERGY_TYPES, "energy type")
    affiliations = check.names("affiliations", vocab.affiliations, "affiliation")
    max_dice = check.integer("max_dice", 1, 20)
    keywords = check.names("keywords", vocab.keywords, "keyword")
    text = check.text("text")
    if kind == "basic_action" and energy:
        check.fail("energy", "a basic action card has no energy type")
    # Equipment (D&D gear) and the Sidekick promo card are action cards with no energy
    # type; every character has one.
    if kind == "character" and raw.get("energy") == []:
        check.fail("energy", "a character card needs at least one energy type")
    levels = _levels(check, kind)
    faces = _energy_faces(check, kind, energy, len(levels))
    action_faces = _action_faces(check, kind)
    abilities = _abilities(check, vocab)
    card = Card(set_code=set_code, number=number, name=name, subtitle=subtitle, kind=kind,
                rarity=rarity, cost=cost, energy=energy, affiliations=affiliations,
                max_dice=max_dice, levels=levels, energy_faces=faces,
                action_faces=action_faces, keywords=keywords, text=text,
                source=f"{path}:{raw.line}", abilities=abilities,
                abilities_data=json.dumps(raw.get("abilities") or []))
    return (None if check.problems else card), check.problems


def _abilities(check: _Checker, vocab: Vocabulary) -> tuple[Ability, ...]:
    """Parse ``abilities:``; a mistake is reported at the line of the mapping it is in."""
    raw = check.raw.get("abilities")
    try:
        abilities = parse_abilities(raw)
    except AbilityError as error:
        check.fail("abilities", str(error), error.line or check.raw.line_of("abilities"))
        return ()
    for name in sorted(affiliations_named(abilities) - set(vocab.affiliations)):
        check.fail("abilities", f"unknown affiliation {name!r}" + _suggest(name, vocab.affiliations))
    for name in sorted(keywords_named(abilities) - set(vocab.keywords)):
        check.fail("abilities", f"unknown keyword {name!r}" + _suggest(name, vocab.keywords))
    return abilities


def _levels(check: _Checker, kind: str) -> tuple[Level, ...]:
    raw_levels = check.raw.get("levels")
    if kind != "character":
        if raw_levels:
            check.fail("levels", f"only character cards have levels, this is a {kind}")
        return ()
    if not isinstance(raw_levels, list) or not raw_levels:
        check.fail("levels", "a character needs its levels (fielding, attack, defense)")
        return ()
    if len(raw_levels) > 4:
        check.fail("levels", f"a die has at most 4 character faces, got {len(raw_levels)}")
    levels = []
    for number, raw in enumerate(raw_levels, start=1):
        if not isinstance(raw, LineMap):
            check.fail("levels", f"level {number}: expected fielding/attack/defense")
            continue
        for key in raw:
            if key not in LEVEL_FIELDS:
                check.fail("levels", f"level {number}: unknown stat {key!r}", raw.line)
        stats = {}
        for key in ("fielding", "attack", "defense"):
            if key not in raw:
                check.fail("levels", f"level {number}: {key} missing", raw.line)
                stats[key] = 0
                continue
            value = raw[key]
            if isinstance(value, int) and not isinstance(value, bool) and value < 0:
                check.fail("levels", f"level {number}: {key} must not be negative, got {value}",
                           raw.line)
                stats[key] = 0
            else:
                stats[key] = check.integer("levels", 0, MAX_STAT, value, raw.line)
        burst = raw.get("burst", 0)
        if burst not in (0, 1, 2):
            check.fail("levels", f"level {number}: burst must be 0, 1 or 2, got {_shown(burst)}", raw.line)
            burst = 0
        levels.append(Level(level=number, burst=burst, **stats))
    return tuple(levels)


def _energy_faces(check: _Checker, kind: str, energy: tuple[str, ...],
                  level_count: int) -> tuple[EnergyFace, ...]:
    raw = check.raw.get("energy_faces")
    if raw is None:
        return default_energy_faces(kind, energy, level_count)
    if not isinstance(raw, list):
        check.fail("energy_faces", f"expected a list of faces, got {_shown(raw)}")
        return ()
    faces = []
    for item in raw:
        try:
            faces.append(parse_face(str(item)))
        except ValueError as error:
            check.fail("energy_faces", str(error))
    action_count = len(check.raw.get("action_faces") or default_action_faces(kind))
    total = len(raw) + level_count + action_count
    if total != 6:
        check.fail("energy_faces", f"a die has 6 faces; {len(raw)} energy + {level_count} character"
                                   f" + {action_count} action faces make {total}")
    return tuple(faces)


def _action_faces(check: _Checker, kind: str) -> tuple[int, ...]:
    raw = check.raw.get("action_faces")
    if raw is None:
        return default_action_faces(kind)
    if kind == "character":
        check.fail("action_faces", "character dice have no action faces")
        return ()
    if not isinstance(raw, list) or any(item not in (0, 1, 2) for item in raw):
        check.fail("action_faces", f"expected a list of burst counts 0, 1 or 2, got {_shown(raw)}")
        return default_action_faces(kind)
    return tuple(raw)


def check_sets_file(path: str, raw: Any) -> tuple[dict[str, CardSet], dict[str, str], list[Problem]]:
    """Read sets.yaml: the set list and the affiliation display names."""
    problems: list[Problem] = []
    if not isinstance(raw, LineMap):
        return {}, {}, [Problem(path, 1, "expected 'affiliations:' and 'sets:'")]
    affiliations: dict[str, str] = {}
    raw_affiliations = raw.get("affiliations")
    if not isinstance(raw_affiliations, LineMap):
        problems.append(Problem(path, raw.line_of("affiliations"), "expected a mapping key: Display Name",
                                field="affiliations"))
    else:
        for key, display in raw_affiliations.items():
            if not isinstance(display, str) or not display.strip():
                problems.append(Problem(path, raw_affiliations.line_of(key), f"{key}: needs a display name",
                                        field="affiliations"))
            affiliations[str(key)] = str(display)
    sets: dict[str, CardSet] = {}
    raw_sets = raw.get("sets")
    if not isinstance(raw_sets, list):
        problems.append(Problem(path, raw.line_of("sets"), "expected a list of sets", field="sets"))
        return sets, affiliations, problems
    for position, entry in enumerate(raw_sets):
        if not isinstance(entry, LineMap):
            problems.append(Problem(path, raw.line_of("sets"), f"set #{position + 1}: expected a mapping",
                                    field="sets"))
            continue
        check = _Checker(path, entry, "")
        code = check.text("code")
        name = check.text("name")
        universe = check.text("universe")
        year = check.integer("year", 2014, 2030)
        kind = check.choice("kind", PRODUCT_KINDS)
        if code in sets:
            check.fail("code", f"set {code!r} listed twice")
        problems.extend(Problem(p.path, p.line, f"set {code}: {p.message}", field=p.field) for p in check.problems)
        sets[code] = CardSet(code=code, name=name, universe=universe, year=year, kind=kind,
                             position=position)
    return sets, affiliations, problems


def check_keywords_file(path: str, raw: Any) -> tuple[dict[str, str], list[Problem]]:
    """Read keywords.yaml: key -> display name (each with a summary in our words)."""
    if not isinstance(raw, LineMap) or not isinstance(raw.get("keywords"), LineMap):
        return {}, [Problem(path, 1, "expected 'keywords:' mapping key -> {name, summary}")]
    keywords: dict[str, str] = {}
    problems: list[Problem] = []
    table: LineMap = raw["keywords"]
    for key, entry in table.items():
        if not isinstance(entry, LineMap) or not entry.get("name") or not entry.get("summary"):
            problems.append(Problem(path, table.line_of(key), f"{key}: needs name and summary", field="keywords"))
            continue
        keywords[str(key)] = str(entry["name"])
    return keywords, problems
