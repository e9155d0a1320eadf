"""Betray: for two rupees, discard a court card (in any court, yours too) carrying one of your spies.

Order entry: `{action: betray, card: 15, target: 57, prize: accept}` -- `target` is the card to discard. Spies
on it go home, a leveraged card is repaid by its owner, and losing a region's last political card removes the
owner's tribes there. Bodyguards: political cards of a court holding it cannot be betrayed. If the target shows a
prize, `prize: accept` tucks it behind your loyalty dial (a prize of another coalition first changes your
loyalty: gifts, prizes and patriots of the old one are lost) and `prize: refuse` discards it. Without `prize` you
are asked; a deadline accepts a prize of your own coalition and refuses any other. Robots: `random_params` picks
a target and a prize answer; `offer` lists the targets.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Path, Problem
from engine.rng import Rng
from engine.words import article
from games.pax.actions import Offer
from games.pax.context import Question
from games.pax.template import named
from games.pax_pamir import names, queries
from games.pax_pamir.actions._common import card_name, cost_problem, is_int, listing, loyalty, problem
from games.pax_pamir.context import Context
from games.pax_pamir.court import change_loyalty, discard_court_card
from games.pax_pamir.rules import RULES
from games.pax_pamir.seats import report, seat_rules
from games.pax_pamir.state import GameState

FIELDS: tuple[str, ...] = ("target", "prize")

#: What a Betray always costs.
COST = 2
PRIZE_ANSWERS = ("accept", "refuse")


def protected(state: GameState, number: int) -> bool:
    """True when Bodyguards in the card's court protect it: a political card there cannot be betrayed."""
    owner = queries.owner_of(state, number)
    return (owner is not None and queries.court_card(number).suit == "political"
            and queries.has_ability(state, owner, "bodyguards"))


def targets(state: GameState, seat: str) -> list[int]:
    """Court cards `seat` may betray: those carrying one of its spies and not protected, in track order."""
    return [n for n in queries.courts_in_order(state)
            if queries.spies_on(state, n).get(seat, 0) and not protected(state, n)]


def default_prize(state: GameState, seat: str, number: int) -> str:
    """The prize answer a deadline gives: accept a prize of the seat's own coalition, refuse any other."""
    return "accept" if queries.court_card(number).prize == loyalty(state, seat) else "refuse"


def problems(state: GameState, seat: str, card: int, params: dict[str, Any], path: Path) -> list[Problem]:
    """Everything wrong with betraying with `card` and these params."""
    found = cost_problem(state, seat, path, COST, "Betray")
    legal = targets(state, seat)
    target = params.get("target")
    choices_text = f"cards you may betray: {listing(legal)}"
    if target is None:
        return found + [problem(path, "target", message=f"say which card to betray; {choices_text}")]
    if not is_int(target) or queries.owner_of(state, target) is None:
        return found + [problem(path, "target", message=f"card {target!r} is in nobody's court; {choices_text}")]
    if not queries.spies_on(state, target).get(seat, 0):
        found.append(problem(path, "target", message=f"you have no spy on {card_name(target)}; {choices_text}"))
    elif protected(state, target):
        owner = queries.owner_of(state, target)
        found.append(problem(path, "target", message=f"{owner}'s Bodyguards protect their political cards from "
                                                      f"betrayal; {choices_text}"))
    prize = params.get("prize")
    if prize is not None:
        if prize not in PRIZE_ANSWERS:
            found.append(problem(path, "prize", message=f"prize must be accept or refuse, not {prize!r}"))
        elif prize == "accept" and queries.court_card(target).prize is None:
            found.append(problem(path, "prize", message=f"{card_name(target)} shows no prize to accept"))
    return found


def perform(ctx: Context, seat: str, card: int, params: dict[str, Any]) -> None:
    """Pay two rupees, discard the target from its court, then take it as a prize or let it go."""
    state = ctx.state
    target: int = params["target"]
    owner = queries.owner_of(state, target)
    assert owner is not None
    RULES.pay_action_cost(ctx, seat, COST)
    report(ctx, f"{seat} betrays {card_name(target)} in {owner}'s court with {card_name(card)}.", kind="betray",
           seat=seat, target=target, owner=owner)
    discard_court_card(ctx, owner, target, f"betrayed by {seat}", keep=True)
    coalition = queries.court_card(target).prize
    if coalition is None:
        state.discard.append(target)
        return
    if seat_rules(state, seat).loyal_to_every_coalition(state, seat):
        # Loyal to every coalition (Wakhan): the prize is kept, and no loyalty changes.
        state.players[seat].prizes.append(target)
        report(ctx, f"{seat} takes {card_name(target)} as {names.a_coalition(coalition)} prize.", kind="prize",
               seat=seat, card=target, taken=True)
        return
    answer = ctx.ask(Question(seat, ctx.key("prize"), "choice",
                              f"take {card_name(target)} as {article(coalition)} {coalition} prize, or refuse it",
                              PRIZE_ANSWERS, path=(*ctx.where, "prize"), default=default_prize(state, seat, target)))
    if answer == "refuse":
        state.discard.append(target)
        ctx.emit(f"{seat} refuses {card_name(target)} as a prize; it is discarded.", kind="prize", seat=seat,
                 card=target, taken=False)
        return
    if coalition != state.players[seat].loyalty:
        change_loyalty(ctx, seat, coalition)
    state.players[seat].prizes.append(target)
    ctx.emit(f"{seat} takes {card_name(target)} as {names.a_coalition(coalition)} prize.", kind="prize", seat=seat,
             card=target, taken=True)


def random_params(state: GameState, seat: str, card: int, rng: Rng) -> dict[str, Any] | None:
    """A random target and prize answer, or None when no card can be betrayed or two rupees are missing."""
    legal = targets(state, seat)
    if not legal or state.players[seat].rupees < COST:
        return None
    target = rng.choice(legal)
    params: dict[str, Any] = {"target": target}
    if queries.court_card(target).prize is not None:
        params["prize"] = rng.choice(PRIZE_ANSWERS)
    return params


def offer(state: GameState, seat: str, card: int) -> Offer:
    """The cards `seat` may betray and their prizes, for the template."""
    legal = targets(state, seat)
    if not legal:
        return Offer("none of your spies is on a card you may betray")
    if state.players[seat].rupees < COST:
        return Offer(f"Betray costs {COST} rupees and you have {state.players[seat].rupees}")
    listed = named([f"{n} in {queries.owner_of(state, n)}'s court" + (
        f" (prize {queries.court_card(n).prize}; prize: accept or refuse)" if queries.court_card(n).prize else "")
        for n in legal])
    return Offer(f"costs {COST} rupees; target: {listed}", tuple({"target": n} for n in legal))
