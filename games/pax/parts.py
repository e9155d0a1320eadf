"""The modules every Pax game's package holds under the same names, which the plumbing (games/pax/game.py) calls.

A game names its package once (`PaxGame.package`); the plumbing imports each module below from it when first
asked, so that `pbem status` loads neither the caretaker, the warnings' trial runs nor the drawing code (the turn
and the orders are loaded with the game anyway). Each
game states in its game.py, for mypy, that its modules are these parts (`Parts`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

from engine.contract import Order, Reason
from engine.rng import Rng
from engine.spelling import Vocabulary
from games.pax.context import Chooser, Question
from games.pax.turn import Outcome, Point

if TYPE_CHECKING:  # the drawing kit loads only when a picture is drawn
    from engine.draw.layout import Drawing

S_contra = TypeVar("S_contra", contravariant=True)


class Turn(Protocol[S_contra]):
    """`turn.py`: the game's whole turn of the rules (games.pax.turn.RunTurn), and the class of its turns in
    progress (`CONTEXT`, which a stored point is decoded into)."""

    @property
    def CONTEXT(self) -> Callable[..., Any]:  # noqa: N802 (a module's class, named as the module names it)
        """The game's Context class."""

    def run_turn(self, state: S_contra, seat: str, order: dict[str, Any], answers: dict[str, Any] | None = None,
                 chooser: Chooser | None = None, lenient: bool = False, *, point: Point | None = None,
                 until: int | None = None) -> Outcome:
        """Run `seat`'s turn from `state` (or on from `point`) until it ends, pauses on questions or ends the
        game (or reaches the start of part `until`)."""


class Orders(Protocol):
    """`orders.py`: how a paused turn stores its questions."""

    def question_to_data(self, question: Question) -> dict[str, Any]:
        """A question as plain data."""


class Caretaker(Protocol[S_contra]):
    """`caretaker.py`: the caretaker's order for a seat whose player left, and why it chose it."""

    def caretaker_order(self, game: Any, state: S_contra, seat: str, rng: Rng) -> Order | None:
        """An order meant to win, from what `seat` may see; None for a question (answered at random)."""

    def caretaker_reasons(self, state: S_contra, seat: str, order: Order) -> list[Reason]:
        """Why the caretaker chose `order`."""


class Template(Protocol[S_contra]):
    """`template.py`: the pre-filled order a seat gets with its report."""

    def order_template(self, state: S_contra, seat: str) -> str:
        """A YAML order body for `seat`, with the legal choices as comments."""


class Palette(Protocol):
    """`palette.py`: the colours of the game's pieces."""

    def palette(self) -> Mapping[str, str]:
        """The colours by `<kind>:<name>`."""


class Board(Protocol):
    """`board.py`: the board map."""

    def draw(self, view: Mapping[str, Any]) -> Drawing:
        """The board map of a view."""


class Warnings(Protocol[S_contra]):
    """`warnings.py`: what an accepted order sets in motion."""

    def warnings(self, state: S_contra, seat: str, order: Mapping[str, Any]) -> list[str]:
        """One sentence per consequence worth a word."""


class Spelling(Protocol[S_contra]):
    """`spelling.py`: the words of the game's orders."""

    def vocabulary(self, state: S_contra, seat: str) -> Vocabulary:
        """The words `seat`'s orders may hold now, canonical."""


class View(Protocol[S_contra]):
    """`view.py`: the report model."""

    def view(self, state: S_contra, seat: str | None) -> dict[str, Any]:
        """What `seat` may see."""


#: The parts in the order `Parts` lists them, by module name.
NAMES = ("turn", "orders", "caretaker", "template", "palette", "board", "warnings", "spelling", "view")

#: A game's own modules, in the order of NAMES, for the check in its game.py.
Parts: TypeAlias = tuple[Turn[S_contra], Orders, Caretaker[S_contra], Template[S_contra], Palette, Board,
                         Warnings[S_contra], Spelling[S_contra], View[S_contra]]
