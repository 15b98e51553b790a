"""Issue 22: every ability of every card fires in a generated position without breaking the game.

One test per card with abilities (ids: card codes). For each ability (each mode of a
"choose one"), ``ability_smoke.smoke`` builds a legal position, fires the ability the way
the game does, answers what it asks, and checks the invariants after every answer; the
test then asks that it fired, and that it changed the game or the log says why not.
What the check cannot do is listed here, by card and ability, with the reason: never
skipped in silence. A new card whose ability the check cannot fire fails until it is
listed (or the check learns to fire it).
"""

from __future__ import annotations

from typing import Any

import pytest

from teambuilder.catalogue.abilities import ACTIVATED_TRIGGERS, STATIC_TRIGGERS, TRIGGERS
from teambuilder.catalogue.ability_vocabulary import EVENTS, LABEL_TRIGGERS
from teambuilder.catalogue.loader import load_catalogue
from teambuilder.catalogue.model import Card
from teambuilder.engine.scenario_cards import inline_card
from tests.conftest import CARDS_DIR
from tests.engine.ability_smoke import SmokeResult, abilities_to_fire, smoke

POOL: list[Card] = list(load_catalogue(CARDS_DIR).cards)
CARDS = {card.code: card for card in POOL if card.abilities}

# (card, ability number) -> why the smoke position cannot fire it. (An entry must name an
# ability the check really cannot fire.)
NOT_FIRED: dict[tuple[str, int], str] = {
    ("28dps", 1): "works only in a draft-format game; the smoke position's game is constructed "
                  "(tests/scenarios/cards/dps/28dps-draft-*.yaml fire it)",
    ("101ig", 2): "needs a Black Swan die showing its double burst blocking on the opponent's turn "
                  "(tests/scenarios/cards/ig/101ig-double-burst-block-rerolls.yaml)",
    ("87ig", 1): "needs a Star-Lord die drawn in its player's Clear and Draw Step; the smoke position draws none "
                 "(tests/scenarios/cards/ig/87ig-draw-gives-call-out-per-guardian.yaml fires it)",
    ("76ig", 1): "a reactive global offered only against 7 or more combat damage to you "
                 "(76ig-global-caps-big-combat-damage)",
    ("116ig", 2): "a reactive global offered only against 7 or more combat damage to you "
                  "(116ig-global-caps-big-combat-damage)",
    ("125ig", 1): "needs the opponent rolling 5 or more dice in their Roll and Reroll Step "
                  "(125ig-opponent-rolls-five-dice)",
    ("134ig", 2): "needs a die of its player rolled on [bolt][bolt]; the smoke position rolls none "
                  "(tests/scenarios/cards/ig/134ig-rolled-double-bolt-damages.yaml fires it)",
    ("142ig", 1): "needs an opposing die with Energize rolled on a double energy face; the smoke position rolls "
                  "none (tests/scenarios/cards/ig/142ig-copies-opposing-energize.yaml fires it)",
    ("137ig", 1): "needs a die with Energize spent as energy (out of its Reserve Pool); the smoke position spends "
                  "none (tests/scenarios/cards/ig/137ig-spent-energize-die-rolls-and-energizes.yaml fires it)",
    ("152ig", 2): "needs [mask] energy spent on a global or a fielding; the smoke position spends none "
                  "(tests/scenarios/cards/ig/152ig-mask-spent-*.yaml fire it)",
    ("66ig", 1): "needs [mask] spent to buy an action die while the card is active; the smoke position spends "
                 "none (tests/scenarios/cards/ig/66ig-mask-spent-on-action-purchase.yaml fires it)",
    ("66ig", 2): "needs [mask] spent to field a character die while the card is active; the smoke position fields "
                 "without energy (tests/scenarios/cards/ig/66ig-mask-spent-to-field-deals-damage.yaml fires it)",
    ("136ig", 1): "the smoke position fields the die without spending energy, so no [mask] was spent to field it "
                  "(tests/scenarios/cards/ig/136ig-fielded-rerolls-opposing.yaml fires it)",
    ("2dps", 2): "the global answers an opposing Collar die in the field; the smoke position's Collar dice are "
                 "its own player's (tests/scenarios/cards/dps/2dps-return-x-men-die-frees-collar.yaml uses it)",
    ("44dps", 1): "needs an opposing Continuous action die used; the smoke position's opponent uses none "
                  "(tests/scenarios/cards/dps/44dps-continuous-rerolled-*.yaml fire it)",
    ("119dps", 1): "needs the opponent to draw more than 4 dice in one Clear and Draw; the smoke position's draws "
                   "are 4 or fewer (tests/scenarios/cards/dps/119dps-*.yaml draw 6 and 4)",
    ("69dps", 1): "the smoke position KOs no opposing die with 3D or more by the player's own damage "
                  "(tests/scenarios/cards/dps/69dps-ko-high-defense-three-damage.yaml fires it)",
    ("9ig", 2): "the global needs less than 10 life; the smoke position's player who is behind has exactly 10 "
                "(tests/scenarios/cards/ig/9ig-global-*.yaml use it at 9 and refuse it at 10)",
    ("20ig", 1): "the smoke position blocks with Sidekicks; the ability needs a non-Sidekick, non-Avengers "
                 "blocker (tests/scenarios/cards/ig/20ig-blocked-*.yaml fire it and its unmet case)",
    ("34ig", 2): "a global offered only right after damage its player dealt (reactive: dealt), which the smoke "
                 "position never deals (tests/scenarios/cards/ig/34ig-global-after-action-damage.yaml uses it)",
    ("40ig", 1): "needs the opponent to draw more than 4 dice in one Clear and Draw; the smoke position's draws "
                 "are 4 or fewer (tests/scenarios/cards/ig/40ig-*.yaml draw 5 and 4)",
    ("44ig", 1): "the smoke position's opposing dice have no level 3 to field; the ability needs an opposing "
                 "level 3 die fielded (tests/scenarios/cards/ig/44ig-*.yaml fire it and its unmet case)",
    ("60ig", 1): "needs a Black Panther die that stays back while others attack; the smoke position attacks with "
                 "every die that may (tests/scenarios/cards/ig/60ig-*.yaml stay back and attack)",
    ("138msw", 1): "a character die fielded at level 3: the position's dice show level 1 "
                   "(tests/scenarios/cards/msw/138msw-* play it)",
    ("105msw", 1): "4 opposing character dice KO'd this turn before it ends: the position KOs none "
                   "(tests/scenarios/cards/msw/105msw-* play it)",
    ("139msw", 1): "6 different Fantastic Four characters attacking: the position has too few "
                   "(tests/scenarios/cards/msw/139msw-* play it)",
    ("56skc", 1): "a reactive global (reactive: targeted) offered only as an action die targets a character die "
                  "(tests/scenarios/cards/skc/56skc-global-*.yaml)",
    ("96skc", 2): "a reactive global (reactive: targeted) offered only as an action die targets a character die "
                  "(tests/scenarios/cards/skc/96skc-global-moves-action-target.yaml)",
    ("136skc", 2): "a reactive global (reactive: targeted) offered only as an action die targets a character die "
                   "(tests/scenarios/cards/skc/136skc-global-moves-action-target.yaml)",
    ("152skc", 3): "a reactive global (reactive: targeted) offered only as an action die targets a character die "
                   "(tests/scenarios/cards/skc/152skc-global-moves-action-target.yaml)",
    ("107skc", 1): "needs a character die spent as energy to field Darkseid; the smoke position pays his "
                   "fielding cost otherwise (tests/scenarios/cards/skc/107skc-*.yaml)",
    ("126skc", 2): "needs a die of the opposing character Poison Ivy chose attacking; the smoke position's "
                   "opponent attacks with no die of the chosen name (tests/scenarios/cards/skc/126skc-*.yaml)",
    ("126skc", 3): "needs a Plant token KO'd; the smoke position makes none "
                   "(tests/scenarios/cards/skc/126skc-chosen-attacks-plant-token.yaml)",
    ("87skc", 1): "needs the opponent's second global of the turn; the smoke position raises global_used once "
                  "(tests/scenarios/cards/skc/87skc-*.yaml)",
    ("85skc", 1): "needs a [shield] blocker; the smoke position blocks with Sidekicks "
                  "(tests/scenarios/cards/skc/85skc-*.yaml)",
    ("86skc", 1): "needs the opponent's third character die fielded in one turn; the position raises one "
                  "(tests/scenarios/cards/skc/86skc-*.yaml)",
    ("152skc", 1): "the opponent's copy of the card ignores opposing When fielded abilities, this one "
                   "included (tests/scenarios/cards/skc/152skc-*.yaml)",
    ("53skc", 1): "Superman: Last Son's while-active rule needs him in the field, and his other ability lets "
                  "him be fielded only beside 2 of his owner's Superman Family dice, which the position "
                  "(companions taken from the fired ability's filters) does not give; scenario "
                  "53skc-opponent-cant-target-lois covers it",
    ("33skc", 1): "Hawkgirl: Brilliant Tactician needs two [wild] faces rolled into its owner's Reserve Pool, "
                  "which the position's reserve (the energy the card's costs name) never shows; scenario "
                  "33skc-two-wilds-field-from-used covers it",
    ("51skc", 1): "Starro: Minions rerolls a die of its card rolled to its level 3 face; the position raises "
                  "die_rolled for dice as they are placed, none of them on a level 3 face; scenario "
                  "51skc-rolled-level-three-rerolled covers it",
    ("31dps", 1): "the smoke position fields the die without spending energy, so no [bolt] was spent to field it "
                  "(tests/scenarios/cards/dps/31dps-bolt-spent-preps-a-die.yaml fires it)",
    ("47dps", 1): "the smoke position fields the die without spending energy, so no X-Men die was spent to field it "
                  "(tests/scenarios/cards/dps/47dps-x-men-spent-preps-a-die.yaml fires it)",
    ("99msw", 1): "the smoke position fields the die without spending energy, so no [mask] was spent to field it "
                  "(tests/scenarios/cards/msw/99msw-mask-spent-to-field-2-damage.yaml fires it)",
    ("130msw", 3): "the global needs a die of yours rerolled or turned to energy this turn, which the smoke position "
                   "has not done (tests/scenarios/cards/msw/130msw-global-after-reroll-fields-used-die.yaml uses it)",
}
# (card, ability number) -> why it resolves without any visible change and no log line
# saying why, in the smoke position.
UNCHANGED: dict[tuple[str, int], str] = {}


def check(card: Card) -> list[str]:
    """What is wrong with the card's abilities in the smoke check (empty: nothing)."""
    problems = []
    for index, mode in abilities_to_fire(card):
        result = smoke(card, index, mode, POOL)
        key = (card.code, index + 1)
        if key in NOT_FIRED:
            if result.fired:
                problems.append(f"{result.name} fires now: remove it from NOT_FIRED")
        elif not result.fired:
            problems.append(f"{result.name} ({result.trigger}) did not fire: {result.why_not}")
        elif key in UNCHANGED:
            if result.changed:
                problems.append(f"{result.name} changes the game now: remove it from UNCHANGED")
        elif not result.sound:
            problems.append(f"{result.name} ({result.trigger}) resolved, changed nothing and the log does not say "
                            f"why: {result.log}")
    return problems


@pytest.mark.parametrize("code", sorted(CARDS), ids=sorted(CARDS))
def test_every_ability_fires_and_changes_the_game_or_says_why_not(code: str) -> None:
    assert check(CARDS[code]) == []


def test_the_exception_lists_name_real_abilities() -> None:
    for code, number in [*NOT_FIRED, *UNCHANGED]:
        assert code in CARDS and 1 <= number <= len(CARDS[code].abilities)


def test_the_check_covers_every_ability() -> None:
    # (At least the 392 abilities and modes of issue 22; more as cards are added.)
    assert sum(len(abilities_to_fire(card)) for card in CARDS.values()) >= 392


def probe(abilities: list[dict[str, Any]], kind: str = "character") -> Card:
    return inline_card("1probe", {"name": "Probe", "kind": kind, "levels": [[1, 2, 2], [2, 3, 3]],
                                  "energy": ["fist"], "affiliations": ["x_men"], "text": "A test card.",
                                  "abilities": abilities})


def fire(abilities: list[dict[str, Any]], kind: str = "character") -> SmokeResult:
    return smoke(probe(abilities, kind), 0, None, POOL)


def test_a_fielded_damage_fires_by_fielding_and_changes_life() -> None:
    result = fire([{"trigger": "fielded", "effects": [{"do": "damage", "to": "opponent", "amount": 1}]}])
    assert (result.fired, result.resolved, result.changed, result.sound) == (True, True, True, True)
    assert any("fields Probe" in line for line in result.log)
    assert any("Rival: takes 1 damage" in line for line in result.log)


def test_an_event_is_raised_until_the_when_filter_accepts_it() -> None:
    # "Whenever an opposing Sidekick is KO'd": a real KO of one of the opponent's Sidekicks.
    result = fire([{"trigger": "any_ko", "when": {"owner": "opponent", "sidekick": True},
                    "effects": [{"do": "gain_life", "to": "you", "amount": 1}]}])
    assert result.fired and result.changed
    assert any("Rival: Sidekick (level 1) is KO'd" in line for line in result.log)


def test_a_global_is_used_and_paid() -> None:
    result = fire([{"trigger": "global", "cost": "fist+fist",
                    "effects": [{"do": "damage", "to": "opponent", "amount": 1}]}])
    assert result.fired and result.changed
    assert any("uses the global of Probe" in line for line in result.log)


def test_an_ability_that_cannot_trigger_is_reported_not_fired() -> None:
    result = fire([{"trigger": "fielded", "if": [{"count": {"owner": "you"}, "at_least": 99}],
                    "effects": [{"do": "gain_life", "to": "you", "amount": 1}]}])
    assert not result.fired and not result.sound
    assert result.why_not


def test_an_ability_that_finds_nothing_to_do_is_sound_because_the_log_says_so() -> None:
    # Spinning down the opponent's dice when they are all at level 1 changes nothing.
    result = fire([{"trigger": "fielded", "effects": [{"do": "spin_down", "to": {"owner": "opponent",
                                                                                  "sidekick": True}}]}])
    assert result.fired and not result.changed and result.sound
    assert result.why_not.endswith("Probe (fielded) changes nothing.")


def test_the_check_reports_each_card_it_could_not_fire() -> None:
    card = probe([{"trigger": "fielded", "if": [{"count": {"owner": "you"}, "at_least": 99}],
                   "effects": [{"do": "gain_life", "to": "you", "amount": 1}]}])
    assert check(card) == [f"{card.code} ability 1 (fielded) did not fire: {smoke(card, 0, None, POOL).why_not}"]


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_every_trigger_of_the_language_can_be_fired(trigger: str) -> None:
    # A new trigger the check does not know how to fire fails here first, not on a card.
    ability: dict[str, Any] = {"trigger": trigger}
    if trigger in STATIC_TRIGGERS:
        ability["effects"] = [{"do": "modify", "a": 1, "to": {"this": True}}]
    else:
        ability["effects"] = [{"do": "damage", "to": "opponent", "amount": 1}]
    if trigger == "global":
        ability["cost"] = "1"
    kind = "basic_action" if trigger in ACTIVATED_TRIGGERS and trigger != "global" else "character"
    result = fire([ability], kind)
    assert result.fired, result.why_not
    assert result.sound
    if trigger not in STATIC_TRIGGERS:
        assert result.resolved and any("Rival: takes 1 damage" in line for line in result.log)



ON_EVENTS = [(event, of) for event, forms in EVENTS.items() for of, trigger in zip(("this", "any"), forms, strict=True)
             if trigger is not None]


@pytest.mark.parametrize(("event", "of"), ON_EVENTS, ids=[f"{e}-{o}" for e, o in ON_EVENTS])
def test_every_event_of_the_general_on_trigger_can_be_fired(event: str, of: str) -> None:
    result = fire([{"on": {"event": event, "of": of}, "effects": [{"do": "damage", "to": "opponent", "amount": 1}]}])
    assert result.fired, result.why_not
    assert result.resolved and any("Rival: takes 1 damage" in line for line in result.log)


@pytest.mark.parametrize("label", sorted(LABEL_TRIGGERS))
def test_every_keyword_label_that_sets_a_trigger_can_be_fired(label: str) -> None:
    # Teamwatch, Awaken, Back for More, Spark: the keyword says when the ability happens.
    result = fire([{"keyword": label, "effects": [{"do": "damage", "to": "opponent", "amount": 1}]}])
    assert result.fired, result.why_not
    assert result.resolved and any("Rival: takes 1 damage" in line for line in result.log)


# -- the newer language: prices, named choices, who chooses, Flip sides ------------------
def test_a_price_the_opponent_may_pay_is_answered_and_the_ability_resolves() -> None:
    # "unless the opponent pays 2 life": the PAY decision is answered (paying), then resolved.
    result = fire([{"trigger": "fielded", "effects": [{"do": "damage", "to": "opponent", "amount": 3,
                                                        "unless": {"life": 2}}]}])
    assert result.fired and result.resolved and result.changed
    assert any("Rival: pays 2 life" in line for line in result.log)


def test_a_named_choice_is_answered_and_read_by_a_later_ability() -> None:
    # A number chosen by one ability, compared by the next: the check tries the first
    # ability's other answers until the chosen number matches (the first roll shows 1).
    result = smoke(probe([{"trigger": "fielded", "effects": [{"do": "choose", "choice": "number",
                                                               "amount": 5, "duration": "turn"}]},
                          {"trigger": "rolled", "if": [{"amount": {"prep_energy": True}, "equals": {"chosen": True}}],
                           "effects": [{"do": "damage", "to": "opponent", "amount": 1}]}]), 1, None, POOL)
    assert result.fired and result.resolved and result.after == 1
    assert any("Rival: takes 1 damage" in line for line in result.log)


def test_a_mode_the_opponent_chooses_is_answered() -> None:
    result = smoke(probe([{"trigger": "fielded", "chooser": "opponent",
                           "modes": [[{"do": "damage", "to": "opponent", "amount": 1}],
                                     [{"do": "gain_life", "to": "you", "amount": 1}]]}]), 0, 1, POOL)
    assert result.fired and result.resolved and result.changed


def test_a_flip_cards_back_side_ability_fires_with_that_side_up() -> None:
    result = fire([{"trigger": "fielded", "side": "back", "effects": [{"do": "damage", "to": "opponent",
                                                                       "amount": 1}]}])
    assert result.fired and result.resolved
    assert any("Rival: takes 1 damage" in line for line in result.log)


def test_an_enlistment_question_is_answered() -> None:
    # The opponent is asked whether to KO one of their character dice to stop it: the
    # check answers by enlisting (a die of theirs is KO'd), so the game changes either way.
    result = fire([{"trigger": "fielded", "keyword": "enlistment",
                    "effects": [{"do": "damage", "to": "opponent", "amount": 1}]}])
    assert result.fired and result.resolved and result.changed
    assert any("Rival: KOs Probe (level 1) to stop Probe (Enlistment)" in line for line in result.log)
