"""The main window: the catalogue on the left, the card in the middle, the team on the right.

The window wires the panels together and owns the menus, the toolbar and the shortcuts.
The team being edited is saved to the library after every change (so nothing is lost on
a crash); files are only written when the user asks (Save As, Export). Splitter sizes,
window geometry and the theme are restored on start.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from teambuilder import __version__
from teambuilder.catalogue.model import Card
from teambuilder.teams.library import LibraryError
from teambuilder.teams.model import Team
from teambuilder.teams.validator import verdict
from teambuilder.ui import sheet_commands, team_io, themes, window_state
from teambuilder.ui.card_face import CardFace
from teambuilder.ui.catalogue_panel import CataloguePanel
from teambuilder.ui.context import AppContext
from teambuilder.ui.help_dialogs import AboutDialog, QueryHelpDialog, ShortcutSheet
from teambuilder.ui.library_dialog import LibraryDialog
from teambuilder.ui.main_actions import build_actions
from teambuilder.ui.main_menus import Shortcut, make_action
from teambuilder.ui.owned_editor import OwnedEditor
from teambuilder.ui.save_banner import SaveBanner
from teambuilder.ui.settings_dialog import SettingsDialog
from teambuilder.ui.team_document import TeamDocument
from teambuilder.ui.team_editor import TeamEditor

if TYPE_CHECKING:      # the engine loads when a playtest starts, not with the window
    from teambuilder.sim.playtest import PlaytestConfig

STATUS_MS = 6000
# The first window fits a 1366x768 screen with room for a panel and the title bar; the
# team panel shows a full team (8 cards, 2 basic actions) at 1280x720 and above.
DEFAULT_SIZE = (1340, 700)
# Keys the sheet lists that belong to widgets rather than window actions.
SHEET_EXTRAS = (("Add the selected catalogue card", "Enter, double-click"),
                ("From the search box to the results", "Down"))
DialogT = TypeVar("DialogT", bound=QDialog)


class MainWindow(QMainWindow):
    """Catalogue browser and team builder. Widgets tests drive have stable objectNames."""

    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.setObjectName("mainWindow")
        self.resize(*DEFAULT_SIZE)
        catalogue = context.catalogue

        self.catalogue_panel = CataloguePanel(catalogue)
        self.catalogue_panel.use_collection(context.collection)
        self.card_face = CardFace(catalogue.affiliations, catalogue.keywords)
        self.card_scroll = QScrollArea(objectName="cardDetailScroll")
        self.card_scroll.setWidgetResizable(True)
        self.card_scroll.setAccessibleName("Card details")
        self.card_scroll.setWidget(self.card_face)
        self.owned_editor = OwnedEditor(context.collection)
        card_pane = QWidget()
        card_pane.setObjectName("cardPane")
        card_layout = QVBoxLayout(card_pane)
        card_layout.setContentsMargins(0, 0, 0, 0)
        card_layout.addWidget(self.card_scroll, 1)
        card_layout.addWidget(self.owned_editor)
        basic_actions = catalogue.search("kind:basic_action")
        self.document = TeamDocument(context.lookup, parent=self)
        self.team_editor = TeamEditor(self.document, context.formats, basic_actions, catalogue.affiliations,
                                      context.collection)

        self.splitter = QSplitter(objectName="mainSplitter")
        self.splitter.addWidget(self.catalogue_panel)
        self.splitter.addWidget(card_pane)
        self.splitter.addWidget(self.team_editor)
        self.splitter.setSizes([640, 330, 430])
        self.splitter.setChildrenCollapsible(False)
        self.save_banner = SaveBanner(self.autosave, self.save_as)
        self.setCentralWidget(self.save_banner.wrap(self.splitter))

        self.catalogue_panel.card_selected.connect(self.card_face.show_card)
        self.catalogue_panel.card_selected.connect(self.owned_editor.show_card)
        self.result_count = QLabel(objectName="statusResultCount")
        self.statusBar().addPermanentWidget(self.result_count)
        self.catalogue_panel.count_changed.connect(lambda count: self.result_count.setText(f"{count:,} cards found"))
        self.result_count.setText(f"{self.catalogue_panel.last_count:,} cards found")
        self.catalogue_panel.card_activated.connect(self.add_card)
        self.team_editor.card_chosen.connect(self.card_face.show_card)
        self.team_editor.card_chosen.connect(self.owned_editor.show_card)
        self.team_editor.playtest_button.setToolTip("Play this team against an AI opponent (Ctrl+G)")
        self.team_editor.playtest_button.clicked.connect(lambda _checked=False: self.playtest())
        self.playtest_windows: list[QMainWindow] = []
        self.document.changed.connect(self._team_changed)
        # A bound method, not a lambda: Qt drops it with the window (the stack's destructor
        # still signals while the window is being torn down).
        self.document.undo_stack.cleanChanged.connect(self._clean_changed)
        self._loading = False

        self._build_actions()
        self._restore_state()
        self._report_skipped()
        self._open_last_team()          # (after: its message, if any, must stay in view)
        if self.catalogue_panel.proxy.rowCount():
            self.catalogue_panel.view.selectRow(0)

    # -- actions and menus ----------------------------------------------------------------
    def _action(self, text: str, slot: object, shortcut: Shortcut = None, name: str = "", tip: str = "") -> QAction:
        return make_action(self, text, slot, shortcut, name, tip)

    def _build_actions(self) -> None:
        self.undo_action, self.redo_action, self.actions_by_name = build_actions(self)

    # -- the team --------------------------------------------------------------------------
    def add_card(self, card: Card) -> None:
        self.status(self.document.add_card(card))
        self.team_editor.select_code(card.code)

    def add_current_card(self) -> None:
        card = self.catalogue_panel.current_card()
        if card is not None:
            self.add_card(card)

    def new_team(self) -> None:
        self.load_team(Team(name="New team", format=self._new_team_format()), None)
        self.status("New team: add cards from the catalogue (Enter, double-click or drag).")

    def load_team(self, team: Team, library_id: int | None, file_path: str | None = None) -> None:
        self._loading = True
        try:
            self.document.load(team, library_id, file_path)
        finally:
            self._loading = False
        self.context.settings.last_team = library_id
        self._update_title()

    def _team_changed(self) -> None:
        fmt = self.context.formats.get(self.document.team.format)
        self.catalogue_panel.set_format(fmt.key if fmt else "", fmt.name if fmt else "")
        if not self._loading:
            self.autosave()
        self._update_title()

    def autosave(self) -> bool:
        """Save the team to the library now. A failure shows the save banner until a save
        works (it retries); the edits stay in the document meanwhile."""
        try:
            self.document.library_id = self.context.library.save(self.document.team, self.document.library_id)
        except LibraryError as error:
            self.save_banner.failed(str(error))
            return False
        self.save_banner.succeeded()
        self.context.settings.last_team = self.document.library_id
        return True

    def _open_last_team(self) -> None:
        last = self.context.settings.last_team
        try:
            if last is not None:
                return self.load_team(self.context.library.load(last), last)
        except LibraryError as error:   # purged or damaged: say so (the library lists it), start anew
            self.statusBar().showMessage(f"Could not open your last team: {error}", 0)
        self.load_team(Team(name="New team"), None)

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        where = f" \u2014 {Path(self.document.file_path).name}" if self.document.file_path else ""
        self.setWindowTitle(f"{self.document.team.name}{where} \u2014 Dice Masters Team Builder {__version__}")

    # -- files, library, import and export ------------------------------------------------
    def save(self) -> None:
        saved = self.autosave()
        if self.document.file_path:
            self._write_file(Path(self.document.file_path))
        if not saved:
            return          # the banner says why; nothing may claim the team is saved
        self.document.undo_stack.setClean()
        self.status(f"Saved {self.document.team.name} in the library"
                    + (f" and to {self.document.file_path}" if self.document.file_path else "") + ".")

    def save_as(self) -> bool:
        suggested = self.document.file_path or f"{self.document.team.name}.yaml"
        path, _ = QFileDialog.getSaveFileName(self, "Save team as", suggested, "YAML team (*.yaml *.yml)")
        if not path or not self._write_file(Path(path)):
            return False
        self.document.file_path = path
        self._update_title()
        return True

    def _write_file(self, path: Path) -> bool:
        try:
            team_io.export_to_file(self.document.team, "yaml", self.context.lookup, path)
        except team_io.TeamIOError as error:
            QMessageBox.warning(self, "Could not save", str(error))
            return False
        self.status(f"Wrote {path}.")
        return True

    def open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open team", "", team_io.IMPORT_FILTER)
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path) -> bool:
        """Open a team file as a new team in the library (the file is remembered for Save)."""
        try:
            team = team_io.import_from_file(path, self.context.lookup)
        except team_io.TeamIOError as error:
            QMessageBox.warning(self, "Could not open the team", str(error))
            return False
        added = self._add_imported(team, str(path) if path.suffix in (".yaml", ".yml") else None)
        self.status(f"Opened {path.name}: {len(team.cards)} cards{self._renamed(team, added)}.")
        return True

    def _add_imported(self, team: Team, file_path: str | None = None) -> Team:
        """Open an imported team as a new library team, numbered ("Test (2)") when the
        library has its name already; the team as opened."""
        try:
            library_id, team = self.context.library.add_new(team)
        except LibraryError:          # the save banner says why, and retries
            self.load_team(team, None, file_path)
            self.autosave()
            return team
        self.load_team(team, library_id, file_path)
        self.save_banner.succeeded()
        return team

    @staticmethod
    def _renamed(imported: Team, added: Team) -> str:
        return "" if added.name == imported.name else \
            f", saved as {added.name!r} (the library has a {imported.name!r} already)"

    def open_library(self) -> None:
        context = self.context
        dialog = LibraryDialog(context.library, self, lambda team: verdict(team, context.formats, context.lookup))
        if dialog.exec() and dialog.chosen is not None:
            self.load_team(self.context.library.load(dialog.chosen), dialog.chosen)

    def import_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import team", "", team_io.IMPORT_FILTER)
        if path:
            self.open_path(Path(path))

    def import_clipboard(self) -> bool:
        """Import the clipboard (a link, list, JSON or YAML) as a new team in the library."""
        text = QGuiApplication.clipboard().text()
        try:
            team = team_io.import_from_text(text, self.context.lookup)
        except team_io.TeamIOError as error:
            self.status(f"Nothing imported: {error}")
            return False
        added = self._add_imported(team)
        self.status(f"Imported {team.name} from the clipboard: {len(team.cards)} cards{self._renamed(team, added)}.")
        return True

    def export_dialog(self, to: str) -> None:
        name = f"{self.document.team.name}{team_io.EXPORT_SUFFIXES[to]}"
        path, _ = QFileDialog.getSaveFileName(self, f"Export as {team_io.EXPORT_LABELS[to]}", name)
        if path:
            try:
                team_io.export_to_file(self.document.team, to, self.context.lookup, Path(path))
            except team_io.TeamIOError as error:
                QMessageBox.warning(self, "Could not export", str(error))
                return
            self.status(f"Exported {team_io.EXPORT_LABELS[to]} to {path}.")

    def copy_export(self, to: str) -> None:
        text = team_io.export_text(self.document.team, to, self.context.lookup)
        QGuiApplication.clipboard().setText(text.strip())
        self.status(f"Copied the {team_io.EXPORT_LABELS[to].lower()} to the clipboard.")

    def print_preview(self) -> team_io.TeamSheetPreview | None:
        return sheet_commands.print_preview(self, self)

    def export_pdf_dialog(self) -> None:
        sheet_commands.export_pdf(self, self)

    # -- playtest ----------------------------------------------------------------------------
    def playtest(self, opponent: Team | None = None, config: PlaytestConfig | None = None) -> QMainWindow | None:
        """Open a playtest window for this team; without ``opponent`` and ``config`` a
        dialog asks for them (the opponent, the AI, who goes first, seed, life)."""
        from teambuilder.sim.playtest import PlaytestError
        from teambuilder.ui.playtest.launch import PlaytestSetupDialog, make_session
        from teambuilder.ui.playtest.window import PlaytestWindow

        team = self.document.team
        if not team.cards:
            self.status("Add cards to the team before playtesting it.")
            return None
        if opponent is None or config is None:
            dialog = PlaytestSetupDialog(team, self.context.formats.get(team.format), self.context.library, self,
                                         default_ai=self.context.settings.ai, catalogue=self.context.catalogue)
            if not dialog.exec():
                return None
        try:
            if opponent is None or config is None:
                opponent, config = dialog.opponent_team(), dialog.config()
            session = make_session(team, opponent, self.context.catalogue, config)
        except (PlaytestError, LibraryError, ValueError) as error:
            QMessageBox.warning(self, "Cannot start the playtest", str(error))
            return None
        settings = self.context.settings
        window = PlaytestWindow(session, self.context.catalogue, pace_ms=settings.ai_pace_ms,
                                stops=settings.playtest_stops)
        self.playtest_windows.append(window)
        window.show()
        return window

    # -- look and state ----------------------------------------------------------------------
    def toggle_theme(self) -> None:
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        theme = "light" if themes.current_theme(app) == "dark" else "dark"
        self.set_theme(theme)

    def set_theme(self, theme: str) -> None:
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        themes.apply_theme(app, theme)
        self.actions_by_name["dark"].setChecked(theme == "dark")
        self.context.settings.theme = theme

    def _restore_state(self) -> None:
        window_state.restore(self, self.context.settings, {"main": self.splitter, "team": self.team_editor.splitter})
        self.actions_by_name["dark"].setChecked(self.context.settings.theme == "dark")

    def save_state(self) -> None:
        window_state.save(self, self.context.settings, {"main": self.splitter, "team": self.team_editor.splitter})

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.save_banner.may_close(self):    # the library could not take the last edits
            event.ignore()
            return
        self.save_state()
        super().closeEvent(event)

    def _new_team_format(self) -> str:
        wanted = self.context.settings.default_format
        return wanted if wanted in self.context.formats else Team(name="").format

    def about_qt(self) -> None:
        QMessageBox.aboutQt(self, "About Qt")

    def about(self) -> AboutDialog:
        return self._show_dialog(AboutDialog(self.context.catalogue.count(), self))

    def shortcut_sheet(self) -> ShortcutSheet:
        return self._show_dialog(ShortcutSheet(self.actions_by_name_in_menu_order(), SHEET_EXTRAS, self))

    def query_help(self) -> QueryHelpDialog:
        return self._show_dialog(QueryHelpDialog(self))

    def settings_dialog(self) -> SettingsDialog:
        dialog = SettingsDialog(self.context.settings, self.context.formats, self)
        dialog.accepted.connect(lambda: self.set_theme(self.context.settings.theme))
        return self._show_dialog(dialog)

    def _show_dialog(self, dialog: DialogT) -> DialogT:
        """Open a dialog window-modal; it deletes itself when closed."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def actions_by_name_in_menu_order(self) -> list[QAction]:
        return [self.undo_action, self.redo_action, *self.actions_by_name.values()]

    def status(self, message: str) -> None:
        self.statusBar().showMessage(message, STATUS_MS)

    def _report_skipped(self) -> None:
        skipped = "; ".join(f"{path}: {reason}" for path, reason in self.context.catalogue.skipped)
        self.statusBar().showMessage(f"Skipped card files - {skipped}" if skipped else  # stays
                                     f"{self.context.catalogue.count()} cards in the catalogue.",
                                     0 if skipped else STATUS_MS)

    # -- for tests and tools ---------------------------------------------------------------------
    def show_card(self, card: Card) -> None:
        self.card_face.show_card(card)
        self.owned_editor.show_card(card)
