"""The contract every game implements, and the small values that cross it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from engine.rng import Rng

if TYPE_CHECKING:  # only named in annotations: a command that draws nothing does not load the font table
    from engine.draw.layout import Drawing

#: A game's state is plain JSON-compatible data owned by the game (see Game.encode).
State = Any
#: An order is the plain data of one seat's YAML document, without the header keys.
Order = dict[str, Any]
#: Where in an order a problem lies: keys and list indexes from the document root.
Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Prompt:
    """A decision a seat owes now: answered by that seat's order for the next step."""

    seat: str
    kind: str
    text: str


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an order, located by its path in the order document."""

    path: Path
    message: str


@dataclass(frozen=True)
class Event:
    """Something that happened; `to` names the seats that may see it (None: everyone)."""

    text: str
    to: tuple[str, ...] | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def visible_to(self, seat: str | None) -> bool:
        """True when `seat` (None: the public) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)


@dataclass(frozen=True)
class Reason:
    """One line of why a caretaker decided as it did; `public` when it tells nothing its seat keeps from the others
    (its hand, the cards it keeps or discards, a sealed bid, a secret loyalty or standing order)."""

    text: str
    public: bool = False


@dataclass(frozen=True)
class Step:
    """The outcome of resolving one step: the new state and what happened."""

    state: State
    events: list[Event]


@dataclass(frozen=True)
class Result:
    """The end of a game: each seat's score and the winners (several on a shared victory)."""

    scores: Mapping[str, int]
    winners: tuple[str, ...]
    detail: Mapping[str, Any] = field(default_factory=dict)


class RejectedOrder(Exception):
    """Raised by apply() when an order it was handed fails check(); pbem never lets this happen."""

    def __init__(self, seat: str, problems: Sequence[Problem]):
        super().__init__(f"{seat}: " + "; ".join(p.message for p in problems))
        self.seat = seat
        self.problems = list(problems)


@runtime_checkable
class Game(Protocol):
    """A board game as pure rules: no I/O, every random draw from the Rng it is handed.

    The life of a game: `setup` makes state 0. While `result(state)` is None, `prompts(state)` says which
    seats owe a decision; once every prompted seat has an order that `check` accepts, `apply` resolves the
    step and returns the next state. `view` is the one gate through which state reaches a player.
    """

    id: str
    title: str
    player_counts: range

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """How many seats a game with these options takes (options may add automated seats)."""

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> State:
        """The state after setup, for these seats in seating order; ValueError for options it refuses."""

    def prompts(self, state: State) -> list[Prompt]:
        """The decisions owed right now, at most one per seat; empty once the game is over."""

    def check(self, state: State, seat: str, order: Order) -> list[Problem]:
        """Every problem with `seat`'s order against `state`; empty when it may be applied."""

    def apply(self, state: State, orders: Mapping[str, Order], rng: Rng) -> Step:
        """Resolve one step with an accepted order for every prompted seat."""

    def default_order(self, state: State, seat: str) -> Order:
        """The order used for a prompted seat that missed the deadline (documented per game)."""

    def random_order(self, state: State, seat: str, rng: Rng) -> Order:
        """A random legal order for a prompted seat: what robots play."""

    def template(self, state: State, seat: str) -> str:
        """A pre-filled YAML order body for `seat`'s next order, with the legal choices as comments."""

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """All that `seat` may see of `state` (None: what anyone may see)."""

    def label(self, state: State) -> str:
        """A short human name for where the game stands ("round 3", "Anna's turn 12")."""

    def scores(self, state: State) -> dict[str, int]:
        """Each seat's public score so far."""

    def result(self, state: State) -> Result | None:
        """The final result, or None while the game goes on."""

    def encode(self, state: State) -> dict[str, Any]:
        """State as canonical JSON-compatible data."""

    def decode(self, data: Mapping[str, Any]) -> State:
        """The inverse of encode: decode(encode(s)) == s."""


@dataclass(frozen=True)
class Demo:
    """How `make demo` plays a game: the folder it is created in, its seed, its seat count, which steps get reports.

    A game whose step is one seat's turn may render the last step only (`every_step_reports=False`), so the demo
    stays short; `pbem run` renders every step in real play.
    """

    #: The game's folder under the demo's games; None: the game's id.
    folder: str | None = None
    seed: str = "2026"
    #: None: four where the game allows it, else its largest seat count.
    seats: int | None = None
    every_step_reports: bool = True


@dataclass(frozen=True)
class Reference:
    """Another engine of the same rules that `make bench` measures this one against: a Rally the Troops module
    (its `rules.js`, played under Node), where to get it, and its setup (scenario) for each seat count."""

    repository: str
    scenarios: Mapping[int, str]


@dataclass(frozen=True)
class Bench:
    """The figures measured on one game that a game offers to stand for; each goes to the first game by id that
    offers it, else to the first installed game."""

    #: `make bench`: report rendering (model, HTML, text, PDF) of one step.
    reports: bool = False
    #: `make bench`: fetching and checking order mails from a local IMAP server.
    mail_intake: bool = False
    #: `python -m pbem.mail.volume`: the mail one robot game sends, per player.
    mail_volume: bool = False
    #: `make bench`, for every game that offers it: prompts and steps per turn of seeded robot games at this many
    #: seats whose turn orders answer nothing in advance (GameBase.unanswered_order), under the rules of games
    #: made before `new_options` and under those options; 0: not measured.
    prompts: int = 0
    #: `make bench`: the kinds of prompt that open a seat's turn, by which the engine figures count turns.
    turn_kinds: frozenset[str] = frozenset({"turn"})
    #: `make bench REFERENCE=DIR`: the engine it measures this game's random games against (DIR: a checkout).
    reference: Reference | None = None


class GameBase:
    """The optional capabilities of a game, with their defaults: a game subclasses this and overrides what it has.

    pbem reads these as plain attributes and methods, never by probing, so a game without a capability
    simply keeps the default here.
    """

    id: str
    #: True when each step is one seat's turn: pbem then mails a seat by default only when it owes orders.
    turn_steps: bool = False
    #: Named seat line-ups robots may play besides the default one (engine.simulate).
    robot_variants: Mapping[str, Mapping[str, Any]] = {}
    #: The names of the automated opponents the game seats itself (seats whose orders it computes).
    automata: tuple[str, ...] = ()
    #: How `make demo` plays the game.
    demo: Demo = Demo()
    #: Which one-game figures of the bench the game stands for.
    bench: Bench = Bench()
    #: Options a game made now records unless they are given: rules a later version changed, which games made
    #: before it (without the option) keep playing by, so their archives replay as they were.
    new_options: Mapping[str, Any] = {}

    @property
    def palette(self) -> Mapping[str, str]:
        """The colours that tell the game's pieces apart, as CSS, by `<kind>:<name>` ("seat:1", "coalition:afghan");
        `ground:<name>` names a background pieces stand on. Pieces of one kind must stay distinct under the common
        colour-vision deficiencies and contrast with every ground (tests/reports/test_palettes.py). Default: none.
        """
        return {}

    @property
    def template_packages(self) -> Mapping[str, str]:
        """The Python packages holding the game's report templates, by the prefix its templates name them with.

        Each package holds a folder `templates/`, and `{% include "<prefix>/x.j2" %}` reads
        `<package>/templates/x.j2`; pbem names a game's partials `<game.id>/report.html.j2`. Default: {game.id: the
        package of the game's class}; a game whose templates use a family's macros overrides it with a mapping.
        """
        package = _package_of(self)
        return {self.id: package} if package else {}

    def warnings(self, state: State, seat: str, order: Order) -> list[str]:
        """One sentence per consequence of `seat`'s accepted order worth a word; none by default.

        Read from the rules, the public state and `seat`'s own orders only, never another seat's secrets.
        """
        return []

    def unanswered_order(self, state: State, seat: str, rng: Rng) -> Order:
        """A robot's order that answers in advance nothing the game could ask in a prompt (Bench.prompts)."""
        raise NotImplementedError(f"{type(self).__name__} offers no order that leaves its questions to prompts")

    def caretaker_order(self, state: State, seat: str, rng: Rng) -> Order | None:
        """The order a caretaker plays for a prompted `seat` whose player left: one meant to win, or None (the
        default) when the game has no caretaker.

        It is handed the whole state but must decide from what `seat` may see only: other hands, the deck's order,
        sealed bids and secret loyalties are sampled from `rng`, never read, so that changing them never changes
        the order (tests/leaks/test_caretaker.py). It answers in advance what it can, so the seat is seldom asked.
        """
        return None

    def caretaker_reasons(self, state: State, seat: str, order: Order) -> list[Reason]:
        """One line per decision of the caretaker's `order` for `seat` from `state`, saying why, each told whether
        other seats may read it; none by default."""
        return []

    @property
    def has_caretaker(self) -> bool:
        """True when the game offers a caretaker (it overrides caretaker_order)."""
        return type(self).caretaker_order is not GameBase.caretaker_order

    def board(self, view: Mapping[str, Any]) -> Drawing | None:
        """The board as a drawing, from a view (what `view` returned); None for a game without one."""
        return None

    def pictures(self) -> Mapping[str, Picture]:
        """Drawings report templates may call by name (each becomes an SVG-returning template global)."""
        return {}


@dataclass(frozen=True)
class Picture:
    """A drawing a template calls by name: `draw` makes it from the template's arguments, `css` classes the SVG."""

    draw: Callable[..., Drawing]
    css: str


def _package_of(game: object) -> str | None:
    """The package of the module that defines the game's class ("" or None for a module outside any package)."""
    module = sys.modules.get(type(game).__module__)
    return module.__package__ if module is not None else None


def turn_steps(game: Game) -> bool:
    """True when each of a game's steps is one seat's turn (GameBase.turn_steps)."""
    return bool(game.turn_steps) if isinstance(game, GameBase) else False


def template_packages(game: Game) -> dict[str, str]:
    """The packages holding a game's report templates, by prefix (GameBase.template_packages)."""
    if isinstance(game, GameBase):
        return dict(game.template_packages)
    package = _package_of(game)
    return {game.id: package} if package else {}


def automata(game: Game) -> tuple[str, ...]:
    """The names of a game's automated opponents (GameBase.automata)."""
    return tuple(game.automata) if isinstance(game, GameBase) else ()


def demo(game: Game) -> Demo:
    """How `make demo` plays a game (GameBase.demo)."""
    return game.demo if isinstance(game, GameBase) else Demo()


def new_options(game: Game) -> dict[str, Any]:
    """The options a game made now records unless given (GameBase.new_options)."""
    return dict(game.new_options) if isinstance(game, GameBase) else {}


def unanswered_order(game: Game, state: State, seat: str, rng: Rng) -> Order:
    """A robot's order of `game` that leaves every question it could to a prompt (GameBase.unanswered_order)."""
    if not isinstance(game, GameBase):
        raise NotImplementedError(f"{game.id} offers no order that leaves its questions to prompts")
    return game.unanswered_order(state, seat, rng)


def bench(game: Game) -> Bench:
    """Which one-game bench figures a game stands for (GameBase.bench)."""
    return game.bench if isinstance(game, GameBase) else Bench()


def has_caretaker(game: Game) -> bool:
    """True when a game offers a caretaker (GameBase.caretaker_order)."""
    return isinstance(game, GameBase) and game.has_caretaker


def caretaker_choice(game: Game, state: State, seat: str, rng: Rng) -> Order | None:
    """The caretaker's own order for `seat` (GameBase.caretaker_order), or None where it has none to give."""
    return game.caretaker_order(state, seat, rng) if isinstance(game, GameBase) else None


def caretaker_order(game: Game, state: State, seat: str, rng: Rng) -> Order:
    """The caretaker's order for `seat`; a game without a caretaker, or one with nothing to say here, plays the random
    robot's order from the same stream instead."""
    order = caretaker_choice(game, state, seat, rng)
    return order if order is not None else game.random_order(state, seat, rng)


def caretaker_reasons(game: Game, state: State, seat: str, order: Order) -> list[Reason]:
    """Why the caretaker chose `order` (GameBase.caretaker_reasons), one line per decision."""
    return game.caretaker_reasons(state, seat, order) if isinstance(game, GameBase) else []
