"""The loader reports every problem as file:line and skips only the broken files."""

from __future__ import annotations

from pathlib import Path

from teambuilder.catalogue.loader import load_catalogue

BROKEN_SET = """\
set: {code: sww}
cards:
  - number: 5
    name: Cheetah
    subtitle: Goddess of the Hunt
    kind: character
    rarity: starter
    cost: 4
    energy: [mask, plasma]
    affiliations: [villian]
    max_dice: 0
    levels:
      - {fielding: 1, attack: -4, defense: 2}
    keywords: [overcrushh]
    text: "On field: KO 1 target opposing Sidekick die."
  - number: 5
    name: Cheetah again
    subtitle: Duplicate
    kind: character
    rarity: starter
    cost: 4
    energy: [mask]
    affiliations: []
    max_dice: 4
    keywords: []
    text: "No ability."
    colour: red
"""


def test_real_catalogue_loads_cleanly(loaded) -> None:  # type: ignore[no-untyped-def]
    assert loaded.problems == []
    assert len(loaded.loaded_files) == len(loaded.vocabulary.sets) == 69
    assert sum(1 for card in loaded.cards if card.set_code == "sww") == 34
    assert len(loaded.cards) == 4079


def test_every_problem_is_reported_with_file_and_line(cards_copy: Path) -> None:
    (cards_copy / "sww.yaml").write_text(BROKEN_SET)
    result = load_catalogue(cards_copy)
    messages = [str(p).replace(str(cards_copy), "DIR") for p in result.problems]
    assert messages == [
        "DIR/sww.yaml:9: card 5sww: energy: unknown energy type 'plasma'",
        "DIR/sww.yaml:10: card 5sww: affiliations: unknown affiliation 'villian' (did you mean 'villain'?)",
        "DIR/sww.yaml:11: card 5sww: max_dice: must be at least 1, got 0",
        "DIR/sww.yaml:14: card 5sww: keywords: unknown keyword 'overcrushh' (did you mean 'overcrush'?)",
        "DIR/sww.yaml:13: card 5sww: levels: level 1: attack must not be negative, got -4",
        "DIR/sww.yaml:27: card 5sww: colour: unknown field",
        "DIR/sww.yaml:16: card 5sww: levels: a character needs its levels (fielding, attack, defense)",
        "DIR/sww.yaml:16: card 5sww: number: duplicate code (first at line 3)",
    ]


def test_broken_file_is_skipped_and_the_others_still_load(cards_copy: Path) -> None:
    (cards_copy / "sww.yaml").write_text(BROKEN_SET)
    (cards_copy / "wwe.yaml").write_text("set: {code: wwe}\ncards:\n  - number: 1\n    name: [unclosed\n")
    result = load_catalogue(cards_copy)
    skipped = sorted(Path(s.path).name for s in result.skipped)
    assert skipped == ["sww.yaml", "wwe.yaml"]
    codes = {card.set_code for card in result.cards}
    assert "sww" not in codes and "wwe" not in codes and {"wf", "xmf", "avx"} <= codes
    wwe = next(s for s in result.skipped if s.path.endswith("wwe.yaml"))
    assert wwe.reason.startswith(f"{cards_copy}/wwe.yaml:")
    assert "invalid YAML" in wwe.reason


def test_set_code_must_be_listed_and_match_the_file_name(cards_copy: Path) -> None:
    (cards_copy / "zzz.yaml").write_text("set: {code: zzz}\ncards: []\n")
    (cards_copy / "other.yaml").write_text("set: {code: sww}\ncards: []\n")
    messages = [str(p) for p in load_catalogue(cards_copy).problems]
    assert any("zzz.yaml:1: set: set code 'zzz' is not listed in sets.yaml" in m for m in messages)
    assert any("other.yaml:1: set: set 'sww' belongs in sww.yaml" in m for m in messages)


def test_missing_fields_and_kind_rules(cards_copy: Path) -> None:
    (cards_copy / "sww.yaml").write_text(
        "set: {code: sww}\ncards:\n"
        "  - {number: 1, name: A, subtitle: B, kind: basic_action, rarity: starter, cost: 3,"
        " energy: [fist], affiliations: [], max_dice: 3, keywords: [], text: x,"
        " levels: [{fielding: 1, attack: 1, defense: 1}]}\n"
        "  - {number: 2, name: C}\n")
    messages = [str(p).split(": ", 1)[1] for p in load_catalogue(cards_copy).problems]
    assert "card 1sww: energy: a basic action card has no energy type" in messages
    assert "card 1sww: levels: only character cards have levels, this is a basic_action" in messages
    assert "card 2sww: subtitle: missing" in messages
    assert "card 2sww: text: missing" in messages


def test_broken_vocabulary_skips_every_set_with_the_reason(cards_copy: Path) -> None:
    (cards_copy / "keywords.yaml").write_text("keywords:\n  fast: {name: Fast}\n")
    result = load_catalogue(cards_copy)
    assert result.cards == []
    assert len(result.skipped) == 69       # every set file
    assert "keywords.yaml:2: keywords: fast: needs name and summary" in result.skipped[0].reason


def test_energy_faces_are_checked_and_defaulted(cards_copy: Path, loaded) -> None:  # type: ignore[no-untyped-def]
    cheetah = next(c for c in loaded.cards if c.code == "5sww")
    assert [f.notation() for f in cheetah.energy_faces] == ["mask", "mask", "mask+mask"]
    basic = next(c for c in loaded.cards if c.kind == "basic_action")
    assert [f.notation() for f in basic.energy_faces] == ["1", "1", "2"]
    assert basic.action_faces == (0, 1, 2)
    text = (cards_copy / "sww.yaml").read_text()
    text = text.replace("    max_dice: 4\n", "    max_dice: 4\n    energy_faces: [mask, glitter]\n", 1)
    (cards_copy / "sww.yaml").write_text(text)
    messages = [str(p) for p in load_catalogue(cards_copy).problems]
    assert any("card 1sww: energy_faces: unknown energy symbol 'glitter'" in m for m in messages)
    assert any("a die has 6 faces; 2 energy + 3 character + 0 action faces make 5" in m for m in messages)


def test_a_field_name_with_control_characters_is_reported_on_one_line(cards_copy: Path) -> None:
    # Found by the card-file fuzzer: a key holding \x1e (a line break to Python's
    # splitlines) split the problem across two lines, the second without file or line.
    (cards_copy / "wko16m.yaml").write_bytes(b'cards:\n- {"\\x1E": null}\nset: {code: wko16m}\n')
    result = load_catalogue(cards_copy)
    lines = [str(p) for p in result.problems if "wko16m" in str(p)]
    assert lines and all(len(line.splitlines()) == 1 for line in lines)
    assert any("\\x1e: unknown field" in line for line in lines), lines
