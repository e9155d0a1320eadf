"""What the action modules share: reading an entry's fields, naming places, paying action costs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract import Path, Problem
from games.pax.context import Context, Question
from games.pax_expanse import cards, queries
from games.pax_expanse.rules import RULES
from games.pax_expanse.state import GameState

Ctx = Context[GameState]


def rank(card: int) -> int:
    """The asset's rank (its stars): the strength of rank-modified actions."""
    return cards.assets()[card].rank


def name(card: int) -> str:
    """The asset's name."""
    return cards.assets()[card].name


def region_name(region: str) -> str:
    """A region's name as players read it."""
    return cards.board().region_names[region]


def listed(options: Sequence[Any]) -> str:
    """Options in a message: comma-separated, or 'none'."""
    return ", ".join(str(o) for o in options) or "none"


def list_problem(params: dict[str, Any], field: str, path: Path, most: int, example: str) -> list[Problem]:
    """A required list field of 1 to `most` items: what is wrong with it, if anything."""
    value = params.get(field)
    if not isinstance(value, list) or not 1 <= len(value) <= most:
        return [Problem((*path, field), f"{field} is a list of 1 to {most} items, e.g. {field}: {example}; "
                                        f"not {value!r}")]
    return []


def choose(ctx: Ctx, seat: str, field: Path, text: str, options: Sequence[Any], default: Any = None) -> Any:
    """One of `options`, as the entry gives it at `field` (under the entry's path) or as `seat` answers."""
    path = (*ctx.where, *field)
    key = ".".join(str(p) for p in path)
    return ctx.ask(Question(seat, key, "choice", text, tuple(options), path=path,
                            default=options[0] if default is None and options else default))


def pay(ctx: Ctx, seat: str, amount: int, what: str) -> None:
    """Pay an action cost to the market (rulebook "Action Costs") and report it."""
    if amount <= 0:
        return
    ctx.emit(f"{seat} pays {amount} influence to the market for {what}", kind="action-cost", seat=seat,
             amount=amount)
    RULES.pay_action_cost(ctx, seat, amount)


def afford(state: GameState, seat: str, amount: int, path: Path, what: str) -> list[Problem]:
    """A problem when `seat` cannot pay `amount` for `what`."""
    have = state.players[seat].influence
    if amount > have:
        return [Problem(path, f"{what} costs {amount} influence and you have {have}")]
    return []


def loyalty(state: GameState, seat: str) -> str:
    """The seat's faction (set for every seat once turns begin)."""
    faction = state.players[seat].loyalty
    assert faction is not None, f"{seat} has no loyalty yet"
    return faction


def borders(region: str) -> tuple[str, ...]:
    """The borders of `region`, in map order."""
    return queries.borders_of(region)
