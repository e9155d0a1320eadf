"""Mobilise (rulebook "Mobilise"): as many moves as the asset's rank, each moving one loyal fleet, supporter or
agent of yours.

* a loyal fleet to an adjacent region, each fleet once per action;
* an agent to an adjacent asset around the ring of Networks (under Cold War, also any asset of the same region);
* a supporter to an adjacent region across a loyal transport on their border, each transport once per action
  (a supporter may take several moves, over a different transport each time).

Entry: `{action: mobilise, card: N, moves: [{fleet: belt, to: tycho}, {agent: 12, to: 40}, {supporter: belt,
to: mars}]}`. Open Docks, Old Acquaintances, Well-Connected and Belter Pride widen the moves as they say.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import article, counted
from games.pax.actions import Offer
from games.pax.pieces import Counts, bump
from games.pax.template import named
from games.pax_expanse import abilities, cards, queries
from games.pax_expanse.actions.common import Ctx, list_problem, listed, loyalty, name, rank, region_name
from games.pax_expanse.pieces import carry_placed_mark
from games.pax_expanse.state import GameState, nested_bump

FIELDS: tuple[str, ...] = ("moves",)
PIECES = ("fleet", "supporter", "agent")


@dataclass
class Memo:
    """What one Mobilise action has used so far: fleets that moved (by region reached), supporters that moved like
    fleets, transports crossed (by border), and borders crossed without a transport (Open Docks)."""

    fleets_moved: Counts = field(default_factory=dict)
    supporters_moved: Counts = field(default_factory=dict)
    transports_used: Counts = field(default_factory=dict)
    docks_crossed: set[str] = field(default_factory=set)


def _fleets_free(state: GameState, seat: str, region: str, memo: Memo) -> int:
    return state.fleets.get(region, {}).get(loyalty(state, seat), 0) - memo.fleets_moved.get(region, 0)


def supporter_route(state: GameState, seat: str, start: str, end: str, memo: Memo) -> str | None:
    """How a supporter may cross from `start` to the adjacent `end` now: "transport", "docks" (Open Docks) or
    "fleet" (Belter Pride); None when it may not."""
    if end not in cards.board().neighbours[start]:
        return None
    border = cards.border(start, end)
    if state.transports.get(border, {}).get(loyalty(state, seat), 0) > memo.transports_used.get(border, 0):
        return "transport"
    if abilities.holds(state, seat, "open_docks") and border not in memo.docks_crossed:
        return "docks"
    free = state.supporters.get(start, {}).get(seat, 0) - memo.supporters_moved.get(start, 0)
    if queries.in_force(state, "supporters_count_as_fleets", seat) and free > 0:
        return "fleet"
    return None


def agent_targets(state: GameState, seat: str, start: int) -> list[int]:
    """The assets an agent of `seat` on asset `start` may move to: the adjacent ones, and those Old Acquaintances
    (same region) and Well-Connected (two around the ring) add; in ring order."""
    line = queries.ring(state)
    found = set(queries.adjacent_assets(state, start))
    if start in line and abilities.holds(state, seat, "old_acquaintances"):
        here = queries.asset_region(state, start)
        found |= {n for n in line if queries.asset_region(state, n) == here}
    if start in line and abilities.holds(state, seat, "well_connected") and len(line) > 2:
        index = line.index(start)
        found |= {line[index - 2], line[(index + 2) % len(line)]}
    found.discard(start)
    return [n for n in line if n in found]


def legal_moves(state: GameState, seat: str, memo: Memo) -> list[dict[str, Any]]:
    """Every single move the seat may make now within this action."""
    moves: list[dict[str, Any]] = []
    neighbours = cards.board().neighbours
    for region in cards.board().regions:
        if _fleets_free(state, seat, region, memo) > 0:
            moves += [{"fleet": region, "to": n} for n in neighbours[region]]
    for region, here in state.supporters.items():
        if here.get(seat, 0):
            moves += [{"supporter": region, "to": n} for n in neighbours[region]
                      if supporter_route(state, seat, region, n, memo) is not None]
    for where, here in state.agents.items():
        if here.get(seat, 0):
            moves += [{"agent": int(where), "to": n} for n in agent_targets(state, seat, int(where))]
    return moves


def describe(move: dict[str, Any]) -> str:
    """A move as an order would write it."""
    piece = next(p for p in PIECES if p in move)
    return f"{{{piece}: {move[piece]}, to: {move['to']}}}"


def _shape(move: Any) -> str | None:
    """What is wrong with the form of one move, or None."""
    if not isinstance(move, dict) or "to" not in move or len(move) != 2 or not any(p in move for p in PIECES):
        return "each move is a mapping with one of fleet, supporter, agent (where the piece is) and to"
    if not all(isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in move.values()):
        # 12.0 == 12 would pass the legality test and then put the agent on an asset named "12.0".
        return "a move names regions by name and assets by whole number, e.g. {agent: 12, to: 40}"
    return None


def apply(state: GameState, seat: str, move: dict[str, Any], memo: Memo) -> str:
    """Make one legal move on `state`, remembering what it used; returns how a supporter crossed (or "")."""
    piece = next(p for p in PIECES if p in move)
    start, end = move[piece], move["to"]
    if piece == "fleet":
        faction = loyalty(state, seat)
        nested_bump(state.fleets, start, faction, -1)
        nested_bump(state.fleets, end, faction, 1)
        carry_placed_mark(state, "fleet", start, end, faction, state.fleets.get(start, {}).get(faction, 0))
        bump(memo.fleets_moved, end, 1)
        return ""
    if piece == "agent":
        nested_bump(state.agents, str(start), seat, -1)
        nested_bump(state.agents, str(end), seat, 1)
        carry_placed_mark(state, "agent", str(start), str(end), seat, state.agents.get(str(start), {}).get(seat, 0))
        return ""
    route = supporter_route(state, seat, start, end, memo)
    border = cards.border(start, end)
    if route == "transport":
        bump(memo.transports_used, border, 1)
    elif route == "docks":
        memo.docks_crossed.add(border)
    else:
        bump(memo.supporters_moved, end, 1)
    nested_bump(state.supporters, start, seat, -1)
    nested_bump(state.supporters, end, seat, 1)
    carry_placed_mark(state, "supporter", start, end, seat, state.supporters.get(start, {}).get(seat, 0))
    return str(route)


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """A moves list of the wrong size or form (each move's legality is checked as it is made)."""
    found = list_problem(params, "moves", path, rank(card), "[{fleet: belt, to: tycho}]")
    if found:
        return found
    for index, move in enumerate(params["moves"]):
        wrong = _shape(move)
        if wrong:
            return [Problem((*path, "moves", index), wrong)]
    return []


def perform(ctx: Ctx, seat: str, card: int, params: dict[str, Any]) -> None:
    """Make the moves in order, each checked against the position it meets."""
    state, memo = ctx.state, Memo()
    for index, move in enumerate(params["moves"]):
        legal = legal_moves(state, seat, memo)
        if move not in legal:
            ctx.fail((*ctx.where, "moves", index), f"{describe(move)} is not a move you can make now; moves now: "
                     f"{listed([describe(m) for m in legal])}")
        piece = next(p for p in PIECES if p in move)
        route = apply(state, seat, move, memo)
        if piece == "agent":
            text = f"{seat} moves an agent from {name(move['agent'])} to {name(move['to'])}"
        else:
            short = cards.board().faction(loyalty(state, seat)).short
            what = f"{article(short)} {short} fleet" if piece == "fleet" \
                else "a supporter"
            how = {"transport": " across a loyal transport", "docks": " across the border (Open Docks)",
                   "fleet": " as a fleet (Belter Pride)"}.get(route, "")
            text = f"{seat} moves {what} from {region_name(move[piece])} to {region_name(move['to'])}{how}"
        ctx.emit(text, kind="move", seat=seat, piece=piece, start=move[piece], end=move["to"], card=card)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """One to rank random legal moves, made one after the other on a copy; None when no move is possible."""
    work, memo = state.clone(), Memo()
    moves: list[dict[str, Any]] = []
    for _ in range(rng.randint(1, rank(card))):
        legal = legal_moves(work, seat, memo)
        if not legal:
            break
        move = rng.choice(legal)
        apply(work, seat, move, memo)
        moves.append(move)
    return {"moves": moves} if moves else None


def offer(state: GameState, seat: str, card: int) -> Offer:
    """The first moves possible now, for the template."""
    legal = legal_moves(state, seat, Memo())
    if not legal:
        return Offer("none of your fleets, supporters or agents can move")
    return Offer(f"up to {counted(rank(card), 'move')}, one moves: item each; first moves now: "
                 f"{named([_words(m) for m in legal])}", ({"moves": [legal[0]]},))


def _words(move: dict[str, Any]) -> str:
    """A move in a sentence: "fleet earth to mars"."""
    piece = next(p for p in PIECES if p in move)
    return f"{piece} {move[piece]} to {move['to']}"
