"""Draft a set's card file from the community team builder's public card facts.

The community team builder (GitHub DiceCoalition/Teambuilder) keeps its catalogue in
``cards.php``: one JavaScript array per set, each entry a string whose first five
characters encode rarity, purchase cost, energy, affiliation and die limit, followed by
``Name|Subtitle|ability|ability...``; a ``dice`` object maps a character name (optionally
``SET@Name``) to per-level stats, four characters a level: fielding cost, attack, defense
(hexadecimal digits) and a burst marker.

This tool reads those *facts* (numbers, names, stats, which keywords a card has) and
writes a draft ``data/cards/<code>.yaml`` whose ``text`` fields are left empty: card text
in this project is always written by a person in our own words, never copied. It is a
one-off drafting aid, not part of the app; run it with the path of a local copy of
``cards.php``::

    python tools/import_reference.py cards.php sww --array sww --dice-set SWW \
        --affiliations "0=;V=villain;S=superman_family;J=justice_league" > draft.yaml
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field

ENERGY_CODES: dict[str, list[str]] = {
    "0": [],
    "1": ["mask"],
    "2": ["fist"],
    "3": ["bolt"],
    "4": ["shield"],
    "5": ["bolt", "fist"],
    "6": ["bolt", "mask"],
    "7": ["bolt", "shield"],
    "8": ["fist", "mask"],
    "9": ["fist", "shield"],
    "A": ["mask", "shield"],
    "B": ["mask", "fist", "bolt", "shield"],
}
RARITY_CODES = {"0": "starter", "1": "common", "2": "uncommon", "3": "rare",
                "4": "super_rare", "5": "promo"}
BASIC_ACTION_SUBTITLES = {"Basic Action Card", "Basic Action", "Epic Basic Action"}
# Keyword names as the rulebook glossaries spell them; a card "has" a keyword when one of
# its ability lines starts with the name (granting a keyword to others does not count).
KEYWORDS = ["Ally", "Attune", "Call Out", "Cleave", "Continuous", "Corrupt", "Crossover",
            "Deadly", "Energize", "Energy Drain", "Fast", "Immortal", "Impulse",
            "Infiltrate", "Intimidate", "Iron Will", "Overcrush", "Regenerate", "Suit Up",
            "Tag Out", "Underdog", "Vengeance"]


@dataclass
class DraftCard:
    number: int
    name: str
    subtitle: str
    kind: str
    rarity: str
    cost: int
    energy: list[str]
    affiliations: list[str]
    max_dice: int
    levels: list[tuple[int, int, int, int]] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)


def js_array(source: str, name: str) -> list[str]:
    match = re.search(r"var " + re.escape(name) + r" = \[(.*?)\n\s*\];", source, re.S)
    if not match:
        raise SystemExit(f"no array named {name!r}")
    entries = []
    for raw in match.group(1).split("\n"):
        raw = raw.strip()
        if raw.startswith(("'", '"')):
            quote = raw[0]
            body = raw[1:raw.rindex(quote)]
            entries.append(body.replace("\\'", "'").replace('\\"', '"'))
    return entries


def dice_table(source: str) -> dict[str, str]:
    match = re.search(r"var dice = \{(.*?)\n\s*\};", source, re.S)
    if not match:
        raise SystemExit("no dice table")
    string = r"""(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')"""
    table = {}
    for found in re.finditer(r"^\s*" + string + r"\s*:\s*" + string, match.group(1), re.M):
        key = (found.group(1) or found.group(2) or "").replace('\\"', '"').replace("\\'", "'")
        table[key] = found.group(3) or found.group(4) or ""
    return table


def parse_levels(stats: str) -> list[tuple[int, int, int, int]]:
    levels = []
    for start in range(0, len(stats), 4):
        chunk = stats[start:start + 4]
        if len(chunk) < 3:
            break
        burst = {"*": 1, "2": 2}.get(chunk[3] if len(chunk) > 3 else " ", 0)
        levels.append((int(chunk[0], 16), int(chunk[1], 16), int(chunk[2], 16), burst))
    return levels


def ability_keywords(abilities: list[str]) -> list[str]:
    found = []
    for line in abilities:
        text = re.sub(r"<[^>]+>", "", line).strip()
        for keyword in KEYWORDS:
            if re.match(re.escape(keyword) + r"\b", text, re.I) and keyword not in found:
                found.append(keyword)
    return [k.lower().replace(" ", "_") for k in found]


def draft(entry: str, number: int, dice: dict[str, str], dice_set: str,
          affiliations: dict[str, list[str]]) -> DraftCard:
    prefix, rest = entry[:5], entry[5:]
    parts = rest.split("|")
    name = parts[0].split("@")[0].replace("™", "").strip()
    subtitle = parts[1].lstrip("~").strip()
    stats = dice.get(f"{dice_set}@{name}") or dice.get(name)
    if subtitle in BASIC_ACTION_SUBTITLES:
        kind, stats = "basic_action", None
    elif stats:
        kind = "character"
    else:
        kind = "action"
    return DraftCard(
        number=number, name=name, subtitle=subtitle, kind=kind,
        rarity=RARITY_CODES[prefix[0]], cost=int(prefix[1], 16),
        energy=ENERGY_CODES[prefix[2]], affiliations=affiliations[prefix[3]],
        max_dice=int(prefix[4]), levels=parse_levels(stats) if stats else [],
        keywords=ability_keywords(parts[2:]),
    )


def quoted(value: str) -> str:
    yaml_words = {"yes", "no", "on", "off", "null", "true", "false"}
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 .,'!-]*", value) and value not in yaml_words:
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(code: str, cards: list[DraftCard]) -> str:
    out = [f"set: {{code: {code}}}", "cards:"]
    for card in cards:
        out.append(f"  - number: {card.number}")
        out.append(f"    name: {quoted(card.name)}")
        out.append(f"    subtitle: {quoted(card.subtitle)}")
        out.append(f"    kind: {card.kind}")
        out.append(f"    rarity: {card.rarity}")
        out.append(f"    cost: {card.cost}")
        out.append(f"    energy: [{', '.join(card.energy)}]")
        out.append(f"    affiliations: [{', '.join(card.affiliations)}]")
        out.append(f"    max_dice: {card.max_dice}")
        if card.levels:
            out.append("    levels:")
            for fielding, attack, defense, burst in card.levels:
                extra = f", burst: {burst}" if burst else ""
                out.append(f"      - {{fielding: {fielding}, attack: {attack}, defense: {defense}{extra}}}")
        out.append(f"    keywords: [{', '.join(card.keywords)}]")
        out.append('    text: ""')
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cards_php")
    parser.add_argument("code", help="our set code, e.g. sww")
    parser.add_argument("--array", required=True, help="JS array name in cards.php")
    parser.add_argument("--dice-set", required=True, help="set prefix in the dice table")
    parser.add_argument("--affiliations", required=True,
                        help="letter=key[+key];... mapping of the set's affiliation letters")
    args = parser.parse_args()
    with open(args.cards_php, encoding="utf-8-sig") as stream:
        source = stream.read()
    affiliations = {}
    for pair in args.affiliations.split(";"):
        letter, _, keys = pair.partition("=")
        affiliations[letter] = [k for k in keys.split("+") if k]
    dice = dice_table(source)
    cards = [draft(entry, number, dice, args.dice_set, affiliations)
             for number, entry in enumerate(js_array(source, args.array), start=1)]
    sys.stdout.write(render(args.code, cards))


if __name__ == "__main__":
    main()
