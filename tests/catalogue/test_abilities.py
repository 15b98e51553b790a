"""Abilities in card files: checked at load time, rendered into the text players read."""

from __future__ import annotations

from pathlib import Path

import pytest

from teambuilder.catalogue.abilities import AbilityError, parse_abilities
from teambuilder.catalogue.ability_text import render_card_text
from teambuilder.catalogue.loader import load_catalogue

CARD = """\
set: {{code: sww}}
cards:
  - number: 5
    name: Cheetah
    subtitle: Goddess of the Hunt
    kind: character
    rarity: starter
    cost: 4
    energy: [mask]
    affiliations: [villain]
    max_dice: 4
    levels:
      - {{fielding: 1, attack: 4, defense: 2}}
      - {{fielding: 1, attack: 4, defense: 4}}
      - {{fielding: 1, attack: 5, defense: 5}}
    keywords: []
    text: "On field: KO an opposing Sidekick."
    abilities:
      - trigger: fielded
        effects:
{effects}
"""


def _load(cards_copy: Path, effects: str) -> list[str]:
    for other in cards_copy.glob("*.yaml"):
        if other.name not in ("sets.yaml", "keywords.yaml", "formats.yaml"):
            other.unlink()
    (cards_copy / "sww.yaml").write_text(CARD.format(effects=effects))
    result = load_catalogue(cards_copy)
    return [str(p).replace(str(cards_copy), "DIR") for p in result.problems]


def test_a_good_ability_loads_and_executes_as_data(cards_copy: Path) -> None:
    assert _load(cards_copy, "          - {do: ko, to: {target: 1, owner: opponent, sidekick: true}}") == []


@pytest.mark.parametrize(("effects", "message"), [
    ("          - {do: kayo, to: self}",
     "DIR/sww.yaml:21: card 5sww: abilities: do: 'kayo' is not one of"),
    ("          - {do: ko, to: {target: 1, ownr: opponent}}",
     "DIR/sww.yaml:21: card 5sww: abilities: to: unknown field 'ownr'"),
    ("          - {do: damage, to: opponent, amount: lots}",
     "DIR/sww.yaml:21: card 5sww: abilities: amount: expected a number or a mapping, got 'lots'"),
    ("          - {do: ko, to: {target: 1, affiliation: villian}}",
     "DIR/sww.yaml:18: card 5sww: abilities: unknown affiliation 'villian' (did you mean 'villain'?)"),
])
def test_a_bad_ability_is_a_located_one_line_error(cards_copy: Path, effects: str, message: str) -> None:
    problems = _load(cards_copy, effects)
    assert len(problems) == 1
    assert problems[0].startswith(message)


def test_globals_need_a_cost_and_names_must_be_known() -> None:
    with pytest.raises(AbilityError, match="a global needs an energy cost"):
        parse_abilities([{"trigger": "global", "effects": [{"do": "gain_life", "amount": 1}]}])
    with pytest.raises(AbilityError, match="trigger: 'on_field'"):
        parse_abilities([{"trigger": "on_field", "effects": [{"do": "gain_life", "amount": 1}]}])


def test_text_is_rendered_from_the_abilities() -> None:
    abilities = parse_abilities([
        {"trigger": "fielded", "effects": [
            {"do": "ko", "to": {"target": 1, "owner": "opponent", "sidekick": True}},
            {"do": "draw", "amount": 1, "into": "prep", "if_done": True}]},
        {"trigger": "global", "cost": "fist", "effects": [{"do": "modify", "to": {"target": 1}, "a": 1}]},
        {"trigger": "while_active", "effects": [{"do": "modify", "to": {"owner": "you", "sidekick": True},
                                                 "a": 1, "d": 1}]},
    ])
    assert render_card_text(abilities, ("overcrush",), {}, "unused").splitlines() == [
        "Overcrush.",
        "When fielded: KO target opposing Sidekick die. If you did, draw 1 die from your bag and Prep it.",
        "Global ([fist]): Target character die gets +1A until end of turn.",
        "While active: Your Sidekick dice get +1A and +1D.",
    ]


def test_target_player_reads_as_the_players_the_engine_offers() -> None:
    # "target player" is either player; with an owner it is only the opponent, and says so.
    abilities = parse_abilities([
        {"trigger": "fielded", "effects": [{"do": "damage", "to": {"player": "target"}, "amount": 1}]},
        {"trigger": "attacks", "effects": [{"do": "damage", "to": {"player": "target", "owner": "opponent"},
                                            "amount": 2}]},
        {"trigger": "blocks", "effects": [{"do": "damage", "to": {"target": 1, "or_player": True}, "amount": 1}]},
    ])
    assert render_card_text(abilities, (), {}, "unused").splitlines() == [
        "When fielded: Deal 1 damage to target player.",
        "When this die attacks: Deal 2 damage to target opponent.",
        "When this die blocks: Deal 1 damage to target character die or target player.",
    ]


def test_a_card_without_abilities_shows_its_written_text() -> None:
    assert render_card_text((), (), {}, "No ability.") == "No ability."


def test_real_cards_render_and_round_trip(loaded) -> None:  # type: ignore[no-untyped-def]
    from teambuilder.catalogue.model import Card
    cheetah = next(c for c in loaded.cards if c.code == "5sww")
    assert cheetah.display_text.startswith("When fielded: KO target opposing Sidekick die.")
    assert Card.from_dict(cheetah.to_dict()).abilities == cheetah.abilities
