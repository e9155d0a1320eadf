"""Assets leaving a Network (rulebook "Agents on Discarded Assets") and changing loyalty ("Loyalty and
Reputation")."""

from __future__ import annotations

from engine.words import counted
from games.pax.context import Context, Question
from games.pax_expanse import cards, queries
from games.pax_expanse.context import AGENT_MOVE
from games.pax_expanse.pieces import carry_placed_mark
from games.pax_expanse.state import GameState, nested_bump

Ctx = Context[GameState]


def discard_asset(ctx: Ctx, number: int, why: str) -> None:
    """Take an asset out of its Network to the discard pile; the agents on it move to adjacent assets, their
    owners choosing in player order from the current player (an agent with nowhere to go returns to supply)."""
    state = ctx.state
    seat = queries.owner(state, number)
    if seat is None:
        raise ValueError(f"asset {number} is in no Network")
    around = queries.adjacent_assets(state, number)
    player = state.players[seat]
    player.network.remove(number)
    if number in player.exhausted:
        player.exhausted.remove(number)
    state.discard.append(number)
    name = cards.assets()[number].name
    ctx.emit(f"{seat} discards {name} from their Network ({why})", kind="discard-asset", seat=seat, card=number)
    agents = state.agents.pop(str(number), {})
    first = state.turn.seat if state.turn is not None else state.current
    for owner in queries.seats_in_order(state, first):
        for moved in range(1, agents.get(owner, 0) + 1):
            if not around:
                ctx.emit(f"{owner}'s agent on {name} has no adjacent asset to go to and returns to supply",
                         kind="agent-home", seat=owner, card=number)
                continue
            target = ctx.ask(Question(owner, ctx.serial("agent-moves"), AGENT_MOVE,
                                      f"{name} leaves play: move your agent on it to an adjacent asset",
                                      tuple(around), default=around[0]))
            nested_bump(state.agents, str(target), owner, 1)
            carry_placed_mark(state, "agent", str(number), str(target), owner, agents[owner] - moved)
            ctx.emit(f"{owner}'s agent moves from {name} to {cards.assets()[target].name}", kind="agent-moves",
                     seat=owner, card=number, target=target)


def change_loyalty(ctx: Ctx, seat: str, faction: str) -> None:
    """Change `seat`'s loyalty to `faction`: favours go back to supply, and the loyalists and rewards of the old
    loyalty are discarded, except as many as the seat has economic stars, which it chooses to keep."""
    state = ctx.state
    player = state.players[seat]
    old = player.loyalty
    if old == faction:
        return
    if old is not None:
        keep_count = queries.stars(state, seat, "economics")
        candidates = [f"loyalist:{n}" for n in queries.loyalists(state, seat, old)]
        candidates += [f"reward:{n}" for n in queries.rewards(state, seat, old)]
        kept: list[str] = []
        if keep_count and candidates:
            count = min(keep_count, len(candidates))
            kept = ctx.ask(Question(seat, ctx.serial("keep"), "choice",
                                    f"you change loyalty: keep {count} of your old loyalists and rewards "
                                    f"(your economic stars)", tuple(candidates), count=count,
                                    default=candidates[:count]))
        if player.favours:
            ctx.emit(f"{seat} returns {counted(player.favours, 'favour')} to supply", kind="favours-lost", seat=seat,
                     count=player.favours)
            player.favours = 0
        for item in candidates:
            if item in kept:
                continue
            kind, number = item.split(":")
            if kind == "loyalist":
                discard_asset(ctx, int(number), "loyalty changed")
            else:
                player.rewards.remove(int(number))
                state.discard.append(int(number))
                ctx.emit(f"{seat} discards the reward {cards.assets()[int(number)].name}", kind="discard-reward",
                         seat=seat, card=int(number))
    player.loyalty = faction
    ctx.emit(f"{seat} is now loyal to the {cards.board().faction(faction).name}", kind="loyalty", seat=seat,
             faction=faction)
