"""The playtest board shows real games as the engine has them: every die on the table once,
in its zone, with what it shows; life and pile counts; attack pairings; who is to act; and it
reports clicks and draws the marks the decision panel sets."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage, QPalette
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from teambuilder.ai.agents import make_agent
from teambuilder.engine.actions import DeclareBlockers
from teambuilder.engine.dice import CHARACTER, ENERGY
from teambuilder.engine.game import Game
from teambuilder.engine.state import Die, Zone
from teambuilder.ui.playtest.board import DOWN_COLOUR, PAYMENT_COLOUR, BoardWidget, DieWidget
from teambuilder.ui.playtest.board_widgets import CAPTION_HEIGHT, pixel_font

HIDDEN = (Zone.BAG, Zone.CARD, Zone.GONE)
BOX_KEYS = {Zone.PREP: "prep", Zone.RESERVE: "reserve", Zone.USED: "used", Zone.OUT_OF_PLAY: "out"}
BOX_NAME = re.compile(r"^(prep|reserve|field|attack|used|out)\d$")
# Matches where greedy play reaches blocks, and modified stats, early (the engine's seeds
# are deterministic, so each is tried in order until one shows what a test needs).
BLOCKING_GAMES = [("wwe-demo-first", "wwe-demo-second", s) for s in range(4)] + [
    ("standard-x-men", "standard-wwe", 0), ("xmf-demo-first", "xmf-demo-second", 1)]
BOOSTED_GAMES = [("standard-bat-family", "standard-x-men", 1),
                 ("standard-superman-family", "standard-villains", 0),
                 ("standard-bat-family", "standard-villains", 1)]


def new_game(setups, first: str, second: str, seed: int) -> Game:  # type: ignore[no-untyped-def]
    (a, life), (b, _) = setups(first, "Alice"), setups(second, "Bob")
    return Game([a, b], life=life, seed=seed)


def greedy_steps(game: Game) -> Iterator[Game]:
    """Play greedy moves for both players, yielding the game after each one."""
    agents = [make_agent("greedy", 1), make_agent("greedy", 2)]
    while game.decision is not None:
        game.apply(agents[game.decision.player].choose(game, game.decision))
        yield game


def play_until(game: Game, stop: Callable[[Game], bool]) -> Game:
    if not stop(game):
        for _ in greedy_steps(game):
            if stop(game):
                break
    return game


def main_step(game: Game, turn: int) -> bool:
    return game.decision is not None and game.decision.kind == "priority" and \
        game.window == "main" and game.turn_number >= turn


@pytest.fixture
def board(qtbot: QtBot) -> BoardWidget:
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def box_of(widget: QWidget) -> str:
    """The zone box (``reserve0``, ``attack1`` ...) a die widget is drawn in."""
    parent = widget.parentWidget()
    while parent is not None and not BOX_NAME.match(parent.objectName()):
        parent = parent.parentWidget()
    return parent.objectName() if parent is not None else ""


def expected_box(game: Game, die: Die) -> str:
    assert die.owner is not None
    if die.zone is not Zone.FIELD:
        return f"{BOX_KEYS[die.zone]}{die.owner}"
    if die.attacking:
        return f"attack{die.owner}"
    attackers = [d for d in game.zone(1 - die.owner, Zone.FIELD) if d.attacking and die.blocks(d.id)]
    return f"attack{1 - die.owner}" if attackers else f"field{die.owner}"


def label(board: BoardWidget, name: str) -> str:
    found = board.findChild(QLabel, name)
    assert found is not None, name
    return found.text()


def check_board_matches(board: BoardWidget, game: Game) -> set[str]:
    """Every die on the table drawn once, in its box; counts and life as the game has them.
    Returns the boxes that held a die."""
    drawn = {w.die_id for w in board.findChildren(DieWidget) if w.isVisible()}
    on_table = {d.id for d in game.dice if d.zone not in HIDDEN and d.owner is not None}
    assert drawn == on_table
    used_boxes = set()
    for die in game.dice:
        widget = board.die_widget(die.id)
        if die.id not in on_table:
            assert widget is None
            continue
        assert widget is not None and widget.objectName() == f"die{die.id}"
        assert widget.property("zone") == die.zone.value
        box = box_of(widget)
        assert box == expected_box(game, die), (die, box)
        used_boxes.add(box)
    lines = board.summary_text().splitlines()
    for player in game.players:
        p = player.index
        bag, used, out = (len(game.zone(p, z)) for z in (Zone.BAG, Zone.USED, Zone.OUT_OF_PLAY))
        assert label(board, f"life{p}") == str(player.life)
        assert label(board, f"bagCount{p}") == f"Bag: {bag}"
        assert label(board, f"usedCount{p}") == f"Used pile: {used}"
        assert label(board, f"outCount{p}") == f"Out of play: {out}"
        assert any(line.startswith(f"{player.name} (") and line.endswith(
            f"life {player.life} · bag {bag} · used {used} · out of play {out}") for line in lines)
    return used_boxes


@pytest.mark.parametrize("match", [("standard-x-men", "standard-wwe", 0),
                                   ("wwe-demo-first", "wwe-demo-second", 0)])
def test_every_die_on_the_table_is_drawn_once_in_its_zone_all_game(
        board: BoardWidget, setups, match: tuple[str, str, int]) -> None:  # type: ignore[no-untyped-def]
    game = new_game(setups, *match)
    seen: set[str] = set()
    board.show_game(game, 0)
    seen |= check_board_matches(board, game)
    for now in greedy_steps(game):
        board.show_game(now, 0)
        seen |= check_board_matches(board, now)
    # The game went through every zone for both players, so the checks above meant something.
    assert {f"{key}{p}" for key in ("prep", "reserve", "field", "attack", "used", "out")
            for p in (0, 1)} <= seen


def test_summary_lists_zones_with_dice_names_and_faces(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3),
                      lambda g: main_step(g, 3) and len(g.zone(g.active, Zone.RESERVE)) >= 2)
    board.show_game(game, 0)
    text = board.summary_text()
    lines = text.splitlines()
    me, them = game.players[0], game.players[1]
    # Reading order: the opponent at the top, the basic actions, then the human's side.
    assert text.index(f"{them.name} (opponent)") < text.index("Basic actions:") \
        < text.index(f"{me.name} (you)")
    active = game.active
    reserve_lines = [line for line in lines if line.strip().startswith("Reserve pool")]
    line = reserve_lines[0 if active == 1 else 1]
    reserve = game.zone(active, Zone.RESERVE)
    assert line.strip().startswith(f"Reserve pool ({len(reserve)}):")
    for die in reserve:
        face = die.spec.faces[die.face]
        assert game.die_name(die) in line
        if face.kind == ENERGY and len(face.symbols) == 1 and not face.generic:
            assert f"{die.spec.name}: {face.symbols[0]}" in line
        if face.kind == CHARACTER:
            assert f"field {face.fielding}, A {face.attack} / D {face.defense}" in line
    for slot in game.slots:
        left = sum(1 for d in game.dice if d.slot == slot.index and d.zone is Zone.CARD)
        card = slot.card.card
        said = re.search(re.escape(card.full_name) + r" \(cost (\d+)(?: \(now \d+\))?, (\d+) left\)", text)
        assert said is not None, card.full_name
        assert (int(said[1]), int(said[2])) == (card.cost, left)


def test_header_says_turn_active_player_step_and_priority(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3), lambda g: main_step(g, 2))
    board.show_game(game, 0)
    header = label(board, "boardHeader")
    active = game.players[game.active].name
    assert header == (f"Turn {game.turn_number} · {active}'s turn · main step · "
                      f"priority: {game.players[game.priority].name}")
    assert board.summary_text().splitlines()[0] == header


def test_the_human_sits_at_the_bottom(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3), lambda g: main_step(g, 2))
    for me in (0, 1):
        board.show_game(game, me)
        mine = board.findChild(QWidget, f"playerPanel{me}")
        theirs = board.findChild(QWidget, f"playerPanel{1 - me}")
        assert mine is not None and theirs is not None
        assert theirs.geometry().bottom() < mine.geometry().top()
        text = board.summary_text()
        assert text.index("Basic actions") < text.index(f"{game.players[me].name} (you)")
        assert text.index(f"{game.players[1 - me].name} (opponent)") < text.index("Basic actions")
        check_board_matches(board, game)


def test_game_over_header_names_the_winner(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "sww-demo-first", "sww-demo-second", 0), lambda g: g.over)
    assert game.over and game.winner is not None
    board.show_game(game, 0)
    assert label(board, "boardHeader") == f"Game over: {game.players[game.winner].name} wins"
    loser = game.players[1 - game.winner]
    assert label(board, f"life{loser.index}") == str(loser.life)
    assert loser.life <= 0


def test_a_game_stopped_at_the_turn_limit_is_a_tie(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    (a, life), (b, _) = setups("sww-demo-first", "Alice"), setups("sww-demo-second", "Bob")
    game = play_until(Game([a, b], life=life, seed=0, max_turns=2), lambda g: g.over)
    assert game.winner is None
    board.show_game(game, 1)
    assert label(board, "boardHeader") == "Game over: a tie (turn limit of 2 reached)"


def test_a_die_tooltip_names_its_card_and_state(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3),
                      lambda g: main_step(g, 3) and any(
                          d.slot is not None for d in g.zone(g.active, Zone.RESERVE)))
    board.show_game(game, 0)
    die = next(d for d in game.zone(game.active, Zone.RESERVE) if d.slot is not None)
    card = game.slots[die.slot].card.card   # type: ignore[index]
    widget = board.die_widget(die.id)
    assert widget is not None
    tip = widget.toolTip().splitlines()
    assert tip[0] == card.full_name
    assert tip[1].startswith(f"{game.players[game.active].name}'s reserve pool")
    # The card's text, in short: its first words at least.
    assert tip[2].split()[:3] == card.display_text.split()[:3]
    sidekick = next(d for d in game.dice if d.is_sidekick and board.die_widget(d.id) is not None)
    sidekick_widget = board.die_widget(sidekick.id)
    assert sidekick_widget is not None
    assert sidekick_widget.toolTip().splitlines()[0] == "Sidekick"


def test_clicking_a_die_or_a_card_reports_it(board: BoardWidget, qtbot: QtBot, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3), lambda g: main_step(g, 3))
    board.show_game(game, 0)
    die = game.zone(game.active, Zone.RESERVE)[0]
    widget = board.die_widget(die.id)
    assert widget is not None
    with qtbot.waitSignal(board.die_clicked) as clicked:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    assert clicked.args == [die.id]
    for slot in (game.slots[0], next(s for s in game.slots if s.owner is None)):
        chip = board.card_widget(slot.index)
        assert chip is not None and chip.isVisible()
        assert chip.toolTip().startswith(slot.card.card.full_name)
        with qtbot.waitSignal(board.card_clicked) as chosen:
            qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
        assert chosen.args == [slot.index]


def pixels_near(image: QImage, colour: QColor, tolerance: int = 16) -> int:
    rgb = image.convertToFormat(QImage.Format.Format_RGB32)
    count = 0
    for y in range(rgb.height()):
        for x in range(rgb.width()):
            pixel = QColor(rgb.pixel(x, y))
            if max(abs(pixel.red() - colour.red()), abs(pixel.green() - colour.green()),
                   abs(pixel.blue() - colour.blue())) <= tolerance:
                count += 1
    return count


def test_selectable_selected_and_payment_marks_are_drawn(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3),
                      lambda g: main_step(g, 3) and len(g.zone(g.active, Zone.RESERVE)) >= 2)
    board.show_game(game, 0)
    first, second = game.zone(game.active, Zone.RESERVE)[:2]
    widget, other = board.die_widget(first.id), board.die_widget(second.id)
    assert widget is not None and other is not None
    highlight = board.palette().color(QPalette.ColorRole.Highlight)
    plain = widget.grab().toImage()
    plain_other = other.grab().toImage()

    board.set_selectable({first.id, second.id})
    selectable = widget.grab().toImage()
    assert widget.property("selectable") is True
    assert pixels_near(selectable, highlight) > pixels_near(plain, highlight) + 20

    board.set_selected({first.id})
    selected = widget.grab().toImage()
    assert widget.property("selected") is True and other.property("selected") is False
    assert selected != selectable
    assert pixels_near(selected, highlight) > pixels_near(selectable, highlight)

    board.set_highlight_payment({second.id})
    paid = other.grab().toImage()
    assert other.property("payment") is True
    orange = QColor(PAYMENT_COLOUR)
    assert pixels_near(paid, orange) > pixels_near(plain_other, orange) + 20

    # The marks last through a redraw, and an empty set clears them.
    board.show_game(game, 0)
    assert widget.property("selected") is True and other.property("payment") is True
    for clear in (board.set_selectable, board.set_selected, board.set_highlight_payment):
        clear(set())
    assert widget.grab().toImage() == plain
    assert other.grab().toImage() == plain_other


def test_dice_follow_the_palette(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3), lambda g: main_step(g, 2))
    board.show_game(game, 0)
    sidekick = next(d for d in game.dice if d.is_sidekick and board.die_widget(d.id) is not None)
    widget = board.die_widget(sidekick.id)
    assert widget is not None
    for base in ("#fafafa", "#1f2023"):
        palette = QPalette(board.palette())
        palette.setColor(QPalette.ColorRole.Base, QColor(base))
        board.setPalette(palette)
        size = widget.size_px                   # the die's square, above its name
        image = widget.grab().toImage().copy((widget.width() - size) // 2, 0, size, size)
        # A Sidekick die has no energy tint: its body is the palette's base colour.
        assert pixels_near(image, QColor(base), 6) > image.width() * image.height() // 4


def test_changed_stats_show_next_to_the_printed_ones(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    def boosted(game: Game) -> Die | None:
        for die in game.field_characters():
            face = die.spec.faces[die.face]
            if game.stats(die) != (face.attack, face.defense) and die.copy_of is None \
                    and die.stats_of is None:
                return die
        return None

    for match in BOOSTED_GAMES:
        game = play_until(new_game(setups, *match), lambda g: g.over or boosted(g) is not None)
        die = boosted(game)
        if die is not None:
            break
    assert die is not None, "no game reached a die with changed stats"
    board.show_game(game, 0)
    face = die.spec.faces[die.face]
    attack, defense = game.stats(die)
    expected = [f"A {attack} (printed {face.attack})" if attack != face.attack else f"A {attack}",
                f"D {defense} (printed {face.defense})" if defense != face.defense else f"D {defense}"]
    widget = board.die_widget(die.id)
    assert widget is not None
    words = f"{expected[0]} / {expected[1]}"
    assert words in widget.toolTip()
    assert f"{game.die_name(die)}: {words}" in board.summary_text()


def test_attack_pairings_show_blockers_beside_their_attackers(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    blocked: list[tuple[int, int]] = []
    for match in BLOCKING_GAMES:
        game = play_until(new_game(setups, *match),
                          lambda g: g.over or (g.decision is not None and g.decision.kind == "blockers"))
        if game.over:
            continue
        assert game.decision is not None
        # The human's answer: every die that may block takes the first attacker it may.
        blocks = tuple((blocker, allowed[0]) for blocker, allowed in game.decision.assign if allowed)
        game.apply(DeclareBlockers(blocks))
        blocked = [(b, a) for b, a in blocks
                   if game.dice[a].attacking and game.dice[b].blocks(a)]
        if blocked:
            break
    assert blocked, "no game reached a block"
    board.show_game(game, 0)
    check_board_matches(board, game)
    attack_lines = [line for line in board.summary_text().splitlines()
                    if line.strip().startswith("Attack zone") and "<-" in line]
    assert len(attack_lines) == 1
    pairings = attack_lines[0].split(": ", 1)[1].split("; ")
    for blocker_id, attacker_id in blocked:
        blocker, attacker = board.die_widget(blocker_id), board.die_widget(attacker_id)
        assert blocker is not None and attacker is not None
        # Drawn side by side, in the attacker's group.
        assert blocker.parentWidget() is attacker.parentWidget()
        assert attacker.parentWidget().objectName() == f"attackGroup{attacker_id}"
        assert blocker.geometry().left() > attacker.geometry().right()
        said = [p for p in pairings if p.startswith(game.die_name(game.dice[attacker_id]) + ":")]
        assert any(game.die_name(game.dice[blocker_id]) + ":" in p.split(" <- blocked by ")[1]
                   for p in said if " <- blocked by " in p)


def test_rolled_dice_show_their_faces_while_the_player_may_reroll(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3),
                      lambda g: g.turn_number >= 3 and g.decision is not None
                      and g.decision.kind == "reroll")
    board.show_game(game, 0)
    prep = game.zone(game.active, Zone.PREP)
    assert prep
    lines = [line.strip() for line in board.summary_text().splitlines()
             if line.strip().startswith("Prep area")]
    line = lines[0 if game.active == 1 else 1]
    for die in prep:
        face = die.spec.faces[die.face]
        if face.kind == ENERGY and face.generic:
            shows = f"{face.generic} generic"
        elif face.kind == ENERGY:
            shows = face.symbols[0] if len(face.symbols) == 1 else " and ".join(face.symbols)
            shows = f"double {face.symbols[0]}" if face.symbols == (face.symbols[0],) * 2 else shows
        elif face.kind == CHARACTER:
            shows = f"field {face.fielding}, A {game.stats(die)[0]}"
        else:
            shows = "action"
        assert f"{game.die_name(die)}: {shows}" in line
        widget = board.die_widget(die.id)
        assert widget is not None
        assert widget.toolTip().splitlines()[1].startswith(
            f"{game.players[game.active].name}'s prep area: {shows}")


def test_damage_on_a_field_die_is_marked(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    def damaged(game: Game) -> Die | None:
        return next((d for d in game.field_characters() if d.damage > 0), None)

    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 0),
                      lambda g: g.over or damaged(g) is not None)
    die = damaged(game)
    assert die is not None
    board.show_game(game, 0)
    assert f"{game.die_name(die)}: " in board.summary_text()
    said = board.summary_text().split(f"{game.die_name(die)}: ", 1)[1].split(";")[0]
    assert f"{die.damage} damage" in said
    widget = board.die_widget(die.id)
    assert widget is not None and f"{die.damage} damage" in widget.toolTip()
    # A red badge with the amount in a corner.
    assert pixels_near(widget.grab().toImage(), QColor(DOWN_COLOUR)) > 40


def test_every_die_is_labelled_with_its_cards_whole_name(board: BoardWidget, setups) -> None:  # type: ignore[no-untyped-def]
    game = play_until(new_game(setups, "standard-bat-family", "standard-x-men", 3), lambda g: main_step(g, 4))
    board.show_game(game, 0)
    shown = [d for d in game.dice if board.die_widget(d.id) is not None]
    assert any(d.is_sidekick for d in shown) and any(not d.is_sidekick for d in shown)
    for die in shown:
        widget = board.die_widget(die.id)
        name = "Sidekick" if die.is_sidekick else game.slots[die.slot].card.card.full_name.split(":")[0]
        assert widget.caption == name
        if len(name) <= 10:           # "Sidekick", "Batgirl": whole, never cut to "Sidekic"
            metrics = QFontMetrics(pixel_font(widget.font(), CAPTION_HEIGHT - 3))
            assert metrics.horizontalAdvance(name) <= widget.width(), (name, widget.width())
