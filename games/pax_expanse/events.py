"""The 16 events: the effect on top, for the buyer, and the one at the bottom, when cleanup discards the card
(data/events.yaml; each effect's `kind` is dispatched here, model.EFFECT_KINDS lists them)."""

from __future__ import annotations

from games.pax.context import Context, Question
from games.pax_expanse import cards, dominance, pieces
from games.pax_expanse.model import CLIMATES, REGIONS, Effect
from games.pax_expanse.state import Effect as InForce
from games.pax_expanse.state import GameState

Ctx = Context[GameState]

#: Order fields a purchase entry may hold to answer an event's choice in advance, by effect kind.
CHOICE_FIELDS = {"loyalists_worthless": "target", "swap_hands": "target", "choose_climate_freeze_icons": "climate",
                 "clear_chosen_region": "region"}


def move_climate(ctx: Ctx, steps: int, why: str) -> None:
    """Move the climate marker `steps` spaces towards War (positive) or Prosperity (negative), within the track."""
    state = ctx.state
    index = max(0, min(len(CLIMATES) - 1, CLIMATES.index(state.climate) + steps))
    set_climate(ctx, CLIMATES[index], why)


def set_climate(ctx: Ctx, climate: str, why: str) -> None:
    """Put the climate marker on `climate`."""
    state = ctx.state
    if state.climate == climate:
        ctx.emit(f"The political climate stays at {_climate_name(climate)} ({why})", kind="climate", climate=climate)
        return
    state.climate = climate
    ctx.emit(f"The political climate moves to {_climate_name(climate)} ({why})", kind="climate", climate=climate)


def _climate_name(climate: str) -> str:
    return next(c.name for c in cards.board().climate if c.id == climate)


def resolve_purchased(ctx: Ctx, seat: str, number: int) -> None:
    """The top effect of event `number`, bought by `seat` (the card is no longer in the market)."""
    event = cards.events()[number]
    ctx.emit(f"{seat} buys the event {event.title}: {event.purchased.text}", kind="event", seat=seat, card=number,
             half="purchased")
    if event.dominance is not None:
        ctx.state.discard.append(number)
        dominance.resolve(ctx.state, ctx, event.dominance.check)
        return
    _resolve(ctx, number, event.purchased, seat)


def resolve_discarded(ctx: Ctx, number: int) -> None:
    """The bottom effect of event `number`, discarded from the market by cleanup; it affects every player."""
    event = cards.events()[number]
    ctx.emit(f"Cleanup discards the event {event.title}: {event.discarded.title}. {event.discarded.text}",
             kind="event", card=number, half="discarded")
    if event.dominance is not None:
        ctx.state.discard.append(number)
        dominance.resolve(ctx.state, ctx, event.dominance.check)
        return
    _resolve(ctx, number, event.discarded, None)


def _resolve(ctx: Ctx, number: int, effect: Effect, seat: str | None) -> None:
    """Carry out one effect; `seat` is its buyer (None for a discarded card's effect, which affects everyone)."""
    state = ctx.state
    params = effect.params
    target: str | None = None
    kind = effect.kind
    if kind == "climate_set":
        set_climate(ctx, str(params["climate"]), effect.title)
    elif kind == "gain_influence" and seat is not None:
        amount = int(str(params["amount"]))
        state.players[seat].influence += amount
        ctx.emit(f"{seat} takes {amount} influence from the bank", kind="influence", seat=seat, amount=amount)
    elif kind == "place_supporter" and seat is not None:
        pieces.place_marker(ctx, seat, "supporter", str(params["region"]))
    elif kind == "clear_region":
        pieces.clear_region(ctx, str(params["region"]), effect.title)
    elif kind == "clear_chosen_region" and seat is not None:
        target = _choose(ctx, seat, kind, "choose the region to clear of every fleet and supporter", REGIONS)
        pieces.clear_region(ctx, target, effect.title)
    elif kind == "discard_rewards":
        for owner in state.order:
            for reward in list(state.players[owner].rewards):
                state.players[owner].rewards.remove(reward)
                state.discard.append(reward)
                ctx.emit(f"{owner} discards the reward {cards.assets()[reward].name}", kind="discard-reward",
                         seat=owner, card=reward)
    elif kind == "discard_from_hand":
        _everyone_discards(ctx, int(str(params["count"])), effect.title)
    elif kind == "swap_hands" and seat is not None:
        others = tuple(s for s in state.order if s != seat)
        target = _choose(ctx, seat, kind, "choose the opponent whose hand you take in exchange for yours", others)
        mine, theirs = state.players[seat], state.players[target]
        mine.hand, theirs.hand = theirs.hand, mine.hand
        ctx.emit(f"{seat} and {target} swap hands ({len(theirs.hand)} and {len(mine.hand)} cards)", kind="swap-hands",
                 seat=seat, target=target)
        for who, hand in ((seat, mine.hand), (target, theirs.hand)):
            ctx.emit(f"{who} now holds {', '.join(cards.assets()[n].name for n in hand) or 'no cards'}", to=[who],
                     kind="hand", seat=who, cards=list(hand))
    elif kind == "loyalists_worthless" and seat is not None:
        target = _choose(ctx, seat, kind, "choose the player whose loyalists add nothing to their reputation",
                         tuple(state.order))
    elif kind == "choose_climate_freeze_icons" and seat is not None:
        climate = _choose(ctx, seat, kind, "choose the space to put the political climate marker on", CLIMATES)
        set_climate(ctx, climate, effect.title)
    if effect.lasts is not None:
        state.effects.append(InForce(number, effect.id, kind, effect.lasts, seat, target))
        held = f"{seat} keeps it below their Network" if seat else "it lies by the map"
        ctx.emit(f"{effect.title} is in force ({held})", kind="effect-in-force", card=number, seat=seat,
                 target=target)
    else:
        state.discard.append(number)


def _choose(ctx: Ctx, seat: str, kind: str, text: str, options: tuple[str, ...]) -> str:
    """The buyer's choice for an event, answerable in advance at the purchase entry's field."""
    return str(ctx.ask(Question(seat, ctx.key(CHOICE_FIELDS[kind]), "choice", text, options,
                                path=(*ctx.where, CHOICE_FIELDS[kind]), default=options[0])))


def _everyone_discards(ctx: Ctx, count: int, why: str) -> None:
    """Every player holding cards gives up `count` of their choice, all asked at once."""
    state = ctx.state
    holders = [s for s in state.order if state.players[s].hand]
    questions = [Question(s, f"cleanup.{why.lower().replace(' ', '-')}.{s}", "discard",
                          f"{why}: discard {min(count, len(state.players[s].hand))} card(s) from your hand",
                          tuple(state.players[s].hand), count=min(count, len(state.players[s].hand)),
                          default=list(state.players[s].hand[:count])) for s in holders]
    answers = ctx.ask_all(questions)
    for seat, chosen in zip(holders, answers, strict=True):
        for number in chosen:
            state.players[seat].hand.remove(number)
            state.discard.append(number)
            ctx.emit(f"{seat} discards {cards.assets()[number].name} from their hand ({why})", kind="discard-hand",
                     seat=seat, card=number)
