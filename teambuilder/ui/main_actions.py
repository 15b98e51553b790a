"""The main window's actions: every menu entry, its shortcut and the slot it runs.

Split out of the main window so that file keeps to panels and slots. Undo and Redo come
from the team's undo stack; their menu entries say what they will do ("Undo Beast: dice
1 -> 3"), while the toolbar shows short fixed labels, so a long label never pushes other
toolbar buttons into the overflow menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence, QUndoStack

from teambuilder.ui import team_io
from teambuilder.ui.collection_page import open_collection_page
from teambuilder.ui.format_import import import_format_list
from teambuilder.ui.main_menus import build_menus, make_action
from teambuilder.ui.matchups import open_matchups

if TYPE_CHECKING:
    from teambuilder.ui.main_window import MainWindow

# Redo answers both conventions: Ctrl+Shift+Z (Linux, macOS) and Ctrl+Y (Windows). Set
# explicitly, once each: the platform's Redo key list may already hold one of them, and Qt
# ignores a shortcut bound twice as ambiguous.
REDO_KEYS = ("Ctrl+Shift+Z", "Ctrl+Y")


def _undo_redo(window: MainWindow) -> tuple[QAction, QAction]:
    stack = window.document.undo_stack
    undo = stack.createUndoAction(window, "&Undo")
    undo.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
    undo.setObjectName("actionUndo")
    redo = stack.createRedoAction(window, "&Redo")
    redo.setShortcuts([QKeySequence(keys) for keys in REDO_KEYS])
    redo.setObjectName("actionRedo")
    window.addAction(undo)
    window.addAction(redo)
    return undo, redo


class ToolbarTwin(QAction):
    """A toolbar button with a short fixed label for the undo stack's Undo or Redo: it
    follows the stack's enabled state, and its tooltip is the full text ("Undo Beast: dice
    1 -> 3"). It listens to the stack itself, with bound methods (Qt drops them with the
    twin; the stack still signals while the window is torn down)."""

    def __init__(self, window: MainWindow, stack: QUndoStack, redo: bool) -> None:
        super().__init__("Redo" if redo else "Undo", window)
        self.verb, self.keys = ("Redo", ", ".join(REDO_KEYS)) if redo else ("Undo", "Ctrl+Z")
        self.setObjectName("actionRedoToolbar" if redo else "actionUndoToolbar")
        self.triggered.connect(stack.redo if redo else stack.undo)
        (stack.canRedoChanged if redo else stack.canUndoChanged).connect(self.setEnabled)
        (stack.redoTextChanged if redo else stack.undoTextChanged).connect(self.follow_text)
        self.setEnabled(stack.canRedo() if redo else stack.canUndo())
        self.follow_text(stack.redoText() if redo else stack.undoText())

    def follow_text(self, text: str) -> None:
        self.setToolTip(f"{self.verb} {text} ({self.keys})" if text else f"{self.verb} ({self.keys})")


def build_actions(window: MainWindow) -> tuple[QAction, QAction, dict[str, QAction]]:
    """Make the window's actions, lay out its menus and toolbar; (undo, redo, by name)."""
    key = QKeySequence.StandardKey
    undo, redo = _undo_redo(window)
    panel, editor = window.catalogue_panel, window.team_editor

    def act(text: str, slot: object, shortcut: object = None, name: str = "", tip: str = "") -> QAction:
        return make_action(window, text, slot, shortcut, name, tip)  # type: ignore[arg-type]

    actions = {
        "new": act("&New team", window.new_team, key.New, "actionNew"),
        "open": act("&Open team file\u2026", window.open_file, key.Open, "actionOpen"),
        "library": act("Team &library\u2026", window.open_library, "Ctrl+L", "actionLibrary"),
        "save": act("&Save", window.save, key.Save, "actionSave",
                    "Save now (the library also saves every change by itself)"),
        "save_as": act("Save &as file\u2026", window.save_as, "Ctrl+Shift+S", "actionSaveAs"),
        "import_file": act("Import from &file\u2026", window.import_file, "Ctrl+I", "actionImportFile"),
        "import_clipboard": act("Import from &clipboard", window.import_clipboard, "Ctrl+Shift+V",
                                "actionImportClipboard",
                                "Import a team link, text list, JSON or YAML from the clipboard"),
        "import_formats": act("Import &format list\u2026", lambda _checked=False: import_format_list(window),
                              "Ctrl+Shift+I", "actionImportFormats",
                              "Install a format list (a league's rules, a new ban list) from a file"),
        "copy_link": act("&Copy team link", lambda: window.copy_export("link"), "Ctrl+Shift+C", "actionCopyLink"),
        "print": act("&Print preview\u2026", window.print_preview, key.Print, "actionPrint"),
        "pdf": act("Export team sheet as P&DF\u2026", window.export_pdf_dialog, "Ctrl+E", "actionPdf"),
        "settings": act("Se&ttings\u2026", window.settings_dialog, "Ctrl+,", "actionSettings"),
        "quit": act("&Quit", window.close, key.Quit, "actionQuit"),
        "find": act("&Find cards", panel.focus_search, key.Find, "actionFind"),
        "add": act("&Add card to team", window.add_current_card, "Ctrl+Return", "actionAdd",
                   "Add the selected catalogue card (Enter or a double-click in the catalogue)"),
        "remove": act("&Remove card", editor.remove_selected, key.Delete, "actionRemove"),
        "more": act("One die &more", lambda: editor.change_dice(1), "+", "actionMoreDice"),
        "less": act("One die &fewer", lambda: editor.change_dice(-1), "-", "actionLessDice"),
        "filters": act("Clear &filters", panel.filters.clear, "Ctrl+Shift+F", "actionClearFilters"),
        "collection_page": act("My &collection\u2026", lambda _checked=False: open_collection_page(window),
                               "Ctrl+Shift+O", "actionCollectionPage",
                               "Completion per set and the wants list"),
        "my_collection": act("Only &my collection", lambda _checked=False: panel.filters.owned_check.toggle(),
                             "Ctrl+Shift+M", "actionMyCollection", "Show only the cards you own (owned>0)"),
        "playtest": act("&Playtest against the AI\u2026", lambda _checked=False: window.playtest(),
                        "Ctrl+G", "actionPlaytest"),
        "matchups": act("&Matchups against a field\u2026", lambda _checked=False: open_matchups(window),
                        "Ctrl+Shift+G", "actionMatchups"),
        "dark": act("&Dark theme", window.toggle_theme, "Ctrl+Shift+T", "actionDarkTheme"),
        "shortcuts": act("&Keyboard shortcuts", window.shortcut_sheet, "F1", "actionShortcuts"),
        "query_help": act("&Search syntax", window.query_help, None, "actionQueryHelp"),
        "about": act("&About", window.about, None, "actionAbout"),
        "about_qt": act("About &Qt", window.about_qt, None, "actionAboutQt"),
    }
    actions["more"].setShortcuts([QKeySequence("+"), QKeySequence("=")])
    actions["dark"].setCheckable(True)
    export_actions = [act(f"Export as {label}\u2026", lambda _checked=False, to=to: window.export_dialog(to),
                          None, f"actionExport_{to}") for to, label in team_io.EXPORT_LABELS.items()]
    build_menus(window, actions, undo, redo, export_actions,
                ToolbarTwin(window, window.document.undo_stack, redo=False),
                ToolbarTwin(window, window.document.undo_stack, redo=True))
    return undo, redo, actions
