"""The Rocinante's turn after every round (rulebook "The Rocinante"; ROCINANTE.md "Its turn"): the face-up AI
card, its actions, movement unless damaged, discard (and reshuffle), repair. Every decision is reported with its
reason. The crew asks nobody anything; only an asset it discards asks the owners of the agents on it where they go
(rulebook "Agents on Discarded Assets"), and the turn then pauses and replays from its start once they answer.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Event
from engine.rng import Rng
from games.pax.context import Context, Pause
from games.pax.paused import hold
from games.pax.turn import Outcome
from games.pax_expanse import cards, context, orders
from games.pax_expanse.model import AiCard, CrewAction
from games.pax_expanse.rocinante.effects import apply_plan, move_rocinante
from games.pax_expanse.rocinante.orderings import Standing, describe_standing, standing, why_ahead
from games.pax_expanse.rocinante.planner import Plan, Unresolvable, plan, region_name
from games.pax_expanse.state import ROCINANTE, GameState

Ctx = Context[GameState]


def describe_card(number: int) -> str:
    """An AI card as players read it: number, crew member, actions top first, location."""
    card = cards.rocinante().ai_cards[number]
    crew = cards.rocinante().crew[card.crew]
    titles = " / ".join(cards.rocinante().actions[a].title for a in card.actions)
    return f"AI card {number} ({crew.name}: {titles}; to {region_name(card.location)})"


def take_turn(state: GameState, rng: Rng) -> list[Event]:
    """Resolve the Rocinante's turn on `state` in place and return what happened, each decision with its reason.

    When owners of agents on an asset it discards must say where they go, the turn stops there: `state` is left as
    the turn stands, with `state.paused` holding what the kernel's resume needs to replay it once they answer.
    """
    ctx = _context(state, {})
    if not state.rocinante.deck:
        _reshuffle(ctx, rng)  # before the snapshot: a replayed turn draws nothing before its questions
    start = state.encode()
    outcome = replay(state, {}, rng)
    return ctx.events + hold(outcome, ROCINANTE, 0, [orders.question_to_data(q) for q in outcome.questions],
                             lambda: start)


def replay(state: GameState, answers: dict[str, Any], rng: Rng) -> Outcome:
    """Run the turn on `state` itself, from the face-up card on, with `answers` (question key -> answer); it
    stops at the first question still open."""
    ctx = _context(state, answers)
    try:
        _turn(ctx, rng)
    except Pause as pause:
        return Outcome(ctx, pause.questions)
    return Outcome(ctx)


def _context(state: GameState, answers: dict[str, Any]) -> Ctx:
    """The crew's context: nobody's order; its questions keyed under `rocinante.`."""
    ctx = context.Context(state, ROCINANTE, {}, dict(answers))
    ctx.where = ("rocinante",)
    return ctx


def _turn(ctx: Ctx, rng: Rng) -> None:
    state = ctx.state
    ai = state.rocinante
    card = cards.rocinante().ai_cards[ai.deck[0]]
    ctx.emit(f"The Rocinante resolves its face-up {describe_card(card.number)} in {region_name(ai.region)}",
             kind="rocinante-card", card=card.number, region=ai.region)
    ranking = standing(state)
    ctx.emit(f"Standing: {describe_standing(state, ranking)}. The leader is {ranking.leader} "
             f"({why_ahead(state, ranking.seats[:2])}); the trailing player is {ranking.trailing} "
             f"({why_ahead(state, ranking.seats[-2:])})", kind="rocinante-standing", standing=list(ranking.seats),
             leader=ranking.leader, trailing=ranking.trailing)
    perform_actions(ctx, card, ranking)
    move_rocinante(ctx, card.location, f"the location of AI card {card.number}")
    ai.deck.pop(0)
    ai.discard.append(card.number)
    if not ai.deck:
        _reshuffle(ctx, rng)  # after every question: the step that finishes the turn draws it
    ctx.emit(f"The new face-up AI card is {describe_card(ai.deck[0])}", kind="rocinante-face-up", card=ai.deck[0])
    if ai.damaged:
        ai.damaged = False
        ctx.emit("The Rocinante is repaired: its token turns back to its undamaged side", kind="rocinante-repaired")


def perform_actions(ctx: Ctx, card: AiCard, ranking: Standing) -> None:
    """James Holden's cards: every action, top to bottom, each skipped if it cannot be resolved. Every other card:
    the top action, and the bottom one only if the top cannot be resolved."""
    crew = cards.rocinante().crew[card.crew]
    shown = [cards.rocinante().actions[a] for a in card.actions]
    if crew.both_actions:
        for position, action in zip(("top", "bottom"), shown, strict=False):
            decided = plan(ctx.state, action, ranking)
            if isinstance(decided, Unresolvable):
                ctx.emit(f"{crew.name} cannot resolve the {position} action, {action.title}: {decided.reason}",
                         kind="rocinante-skip", action=action.id)
            else:
                _perform(ctx, crew.name, decided, f"the {position} action (both are performed on {crew.name}'s cards)")
        return
    top = plan(ctx.state, shown[0], ranking)
    if isinstance(top, Plan):
        _perform(ctx, crew.name, top, "the top action")
        return
    if len(shown) == 1:
        ctx.emit(f"Nothing happens: {crew.name} cannot resolve {shown[0].title}, the card's only action: "
                 f"{top.reason}", kind="rocinante-skip", action=shown[0].id)
        return
    bottom = plan(ctx.state, shown[1], ranking)
    if isinstance(bottom, Plan):
        _perform(ctx, crew.name, bottom, f"the bottom action, as the top one ({shown[0].title}) cannot be resolved: "
                 f"{top.reason}")
        return
    ctx.emit(f"Nothing happens: {crew.name} can resolve neither {shown[0].title} ({top.reason}) nor "
             f"{shown[1].title} ({bottom.reason})", kind="rocinante-skip", action=shown[1].id)


def _perform(ctx: Ctx, crew_name: str, decided: Plan, which: str) -> None:
    action: CrewAction = decided.action
    moves = [{"op": m.op, "piece": m.piece, "where": m.where, "owner": m.owner, "count": m.count}
             for m in decided.moves]
    ctx.emit(f"{crew_name} performs {action.title}, {which}: {decided.reason}", kind="rocinante-action",
             action=action.id, whom=decided.whom, moves=moves)
    apply_plan(ctx, decided, f"{crew_name}: {action.title}")


def _reshuffle(ctx: Ctx, rng: Rng) -> None:
    """The AI deck is empty: shuffle the whole discard pile with the step's random stream into a new deck."""
    ai = ctx.state.rocinante
    ai.deck = sorted(ai.discard)  # sorted first, so the new order depends on the random stream alone
    ai.discard = []
    rng.shuffle(ai.deck)
    ctx.emit(f"The AI deck is empty: its {len(ai.deck)} discarded cards are shuffled into a new deck",
             kind="rocinante-reshuffle", count=len(ai.deck))
