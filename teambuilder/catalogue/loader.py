"""Load a folder of card files: YAML -> typed cards, with every problem located.

``sets.yaml`` and ``keywords.yaml`` define the vocabulary; every other ``*.yaml`` file
except ``formats.yaml`` is one set's cards. A set file with any problem is skipped as a
whole (a half-loaded set would mislead a team builder) and listed in ``skipped`` with its
reasons; the other files still load.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from teambuilder import __version__
from teambuilder.catalogue.model import Card, CardSet, Vocabulary
from teambuilder.catalogue.schema import Problem, check_card, check_keywords_file, check_sets_file
from teambuilder.catalogue.yaml_source import LineMap, YamlSyntaxError, read_yaml

VOCABULARY_FILES = ("sets.yaml", "keywords.yaml")
NON_SET_FILES = VOCABULARY_FILES + ("formats.yaml",)


@dataclass(frozen=True)
class SkippedFile:
    path: str
    problems: tuple[Problem, ...]

    @property
    def reason(self) -> str:
        first = self.problems[0]
        more = len(self.problems) - 1
        return f"{first}" + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")


@dataclass
class LoadResult:
    vocabulary: Vocabulary
    cards: list[Card] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)
    loaded_files: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def set_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.glob("*.yaml") if p.name not in NON_SET_FILES)


@cache
def reader_fingerprint() -> bytes:
    """What reads the card files: the catalogue package's own source (or, where the app is
    frozen and its source is not at hand, its version). An index built by an older reader
    (one that skipped a set file a newer reader accepts) is then rebuilt, not trusted."""
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        try:
            digest.update(path.read_bytes())
        except OSError:
            continue
    return digest.digest()


def content_hash(directory: Path) -> str:
    """A hash of every YAML file's name and bytes, and of the reader: the catalogue index is
    rebuilt when either changes."""
    digest = hashlib.sha256(reader_fingerprint())
    for path in sorted(directory.glob("*.yaml")):
        digest.update(path.name.encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
        try:
            with path.open("rb") as stream:       # in blocks: a huge stray file costs no memory
                while block := stream.read(1 << 20):
                    digest.update(block)
        except OSError as error:                  # a folder or unreadable file: the loader says so
            digest.update(f"unreadable: {error.strerror}".encode())
        digest.update(b"\0")
    return digest.hexdigest()


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _read(path: Path, problems: list[Problem]) -> object:
    try:
        return read_yaml(path)
    except YamlSyntaxError as error:
        problems.append(Problem(_display(path), error.line, error.message))
    except OSError as error:
        problems.append(Problem(_display(path), 1, f"cannot read: {error.strerror}"))
    return None


def load_vocabulary(directory: Path) -> tuple[Vocabulary, list[Problem]]:
    problems: list[Problem] = []
    sets_path, keywords_path = directory / "sets.yaml", directory / "keywords.yaml"
    sets: dict[str, CardSet] = {}
    affiliations: dict[str, str] = {}
    keywords: dict[str, str] = {}
    for path in (sets_path, keywords_path):
        if not path.exists():
            problems.append(Problem(_display(path), 1, "missing: the card files cannot be checked without it"))
    if sets_path.exists():
        raw = _read(sets_path, problems)
        if raw is not None:
            sets, affiliations, found = check_sets_file(_display(sets_path), raw)
            problems.extend(found)
    if keywords_path.exists():
        raw = _read(keywords_path, problems)
        if raw is not None:
            keywords, found = check_keywords_file(_display(keywords_path), raw)
            problems.extend(found)
    from teambuilder.catalogue.ability_text import AFFILIATION_NAMES
    AFFILIATION_NAMES.update(affiliations)   # rendered card text uses the display names
    return Vocabulary(sets=sets, affiliations=affiliations, keywords=keywords), problems


def _load_set_file(path: Path, vocab: Vocabulary, seen_sets: dict[str, str]) -> tuple[list[Card], list[Problem]]:
    shown = _display(path)
    problems: list[Problem] = []
    raw = _read(path, problems)
    if raw is None:
        return [], problems
    if not isinstance(raw, LineMap) or "cards" not in raw or "set" not in raw:
        return [], [Problem(shown, 1, "expected 'set:' and 'cards:'")]
    header = raw["set"]
    code = header.get("code") if isinstance(header, LineMap) else None
    line = raw.line_of("set")
    if not isinstance(code, str):
        return [], [Problem(shown, line, f"set: expected {{code: SETCODE}}, got code {str(code)[:40]!r}",
                            field="set")]
    if code not in vocab.sets:
        problems.append(Problem(shown, line, f"set code {code!r} is not listed in sets.yaml", field="set"))
    elif path.stem != code:
        problems.append(Problem(shown, line, f"set {code!r} belongs in {code}.yaml", field="set"))
    elif code in seen_sets:
        problems.append(Problem(shown, line, f"set {code!r} is already defined in {seen_sets[code]}", field="set"))
    set_code = str(code)
    seen_sets.setdefault(set_code, shown)
    raw_cards = raw["cards"]
    if not isinstance(raw_cards, list):
        return [], problems + [Problem(shown, raw.line_of("cards"), "expected a list of cards", field="cards")]
    cards: list[Card] = []
    first_line: dict[str, int] = {}
    for index, raw_card in enumerate(raw_cards, start=1):
        card, found = check_card(shown, raw_card, set_code, index, vocab, raw.line_of("cards"))
        problems.extend(found)
        if isinstance(raw_card, LineMap) and isinstance(raw_card.get("number"), int):
            code = f"{raw_card['number']}{set_code}"
            if code in first_line:
                problems.append(Problem(shown, raw_card.line, f"duplicate code (first at line {first_line[code]})",
                                        code, "number"))
                continue
            first_line[code] = raw_card.line
        if card is not None:
            cards.append(card)
    return cards, problems


def load_catalogue(directory: Path) -> LoadResult:
    """Load and check every file in ``directory``; never raises for bad data."""
    vocabulary, problems = load_vocabulary(directory)
    result = LoadResult(vocabulary=vocabulary, problems=list(problems))
    if problems:
        # Without a sound vocabulary every card would report spurious problems.
        for path in set_files(directory):
            result.skipped.append(SkippedFile(_display(path), tuple(problems)))
        return result
    seen_sets: dict[str, str] = {}
    for path in set_files(directory):
        cards, found = _load_set_file(path, vocabulary, seen_sets)
        if found:
            result.problems.extend(found)
            result.skipped.append(SkippedFile(_display(path), tuple(found)))
        else:
            result.cards.extend(cards)
            result.loaded_files.append(_display(path))
    return result
