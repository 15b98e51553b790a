"""The AI thinks in a worker thread, so the playtest window stays responsive.

The worker works on a copy of the game (``Game.clone`` keeps the generator's state, so the
answer is the one the AI would give on the game itself), and hands back the action; the
window applies it on the GUI thread, the only thread that changes the game. A thought
whose game has moved on (undo, restart, a loaded replay) is dropped by its generation
number.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QThread, Signal

from teambuilder.ai.agents import Agent
from teambuilder.engine.actions import Action, Decision
from teambuilder.engine.game import Game


class _Thought(QThread):
    """One call of ``agent.choose`` on a copy of the game; ``done(self)`` at the end."""

    done = Signal(object)

    def __init__(self, agent: Agent, game: Game, decision: Decision, generation: int,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.agent, self.game, self.decision, self.generation = agent, game.clone(), decision, generation
        self.answer: Action | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.answer = self.agent.choose(self.game, self.decision)
        except Exception as error:  # noqa: BLE001 - handed to the GUI thread, which reports it
            self.error = error
        self.done.emit(self)        # queued to the worker, which lives in the GUI thread


class AiWorker(QObject):
    """Runs one thought at a time; ``answered(generation, action)`` when it is done."""

    answered = Signal(int, object)
    failed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.generation = 0
        self._thought: _Thought | None = None

    @property
    def busy(self) -> bool:
        return self._thought is not None

    def think(self, agent: Agent, game: Game, decision: Decision) -> None:
        """Start thinking about ``decision`` (ignored while a thought is running)."""
        if self._thought is not None:
            return
        thought = _Thought(agent, game, decision, self.generation, self)
        thought.done.connect(self._done)
        self._thought = thought
        thought.start()

    def forget(self) -> None:
        """The game changed under the thought: its answer, when it comes, is dropped."""
        self.generation += 1

    def stop(self) -> None:
        """Wait for a running thought and drop it (the window is closing)."""
        self.forget()
        if self._thought is not None:
            self._thought.done.disconnect(self._done)
            self._thought.wait()
            self._thought = None

    def _done(self, thought: _Thought) -> None:
        if self._thought is thought:
            self._thought = None
        thought.wait()              # (run has returned; the thread is ending)
        thought.deleteLater()
        if thought.generation != self.generation:
            return
        if thought.error is not None:
            self.failed.emit(thought.error)
        else:
            self.answered.emit(thought.generation, thought.answer)
