"""A caretaker for a seat whose player dropped out: expected-value play from what that seat may see."""

from __future__ import annotations

import time
from itertools import product
from typing import Any

from engine.contract import Reason
from engine.rng import Rng
from games.expedition_5x.cards import ACTIONS, DIE_FACES, ROUNDS, cards
from games.expedition_5x.orders import bid_limit, playable
from games.expedition_5x.placing import best_placement, placement_value, ranked_market
from games.expedition_5x.scoring import crystal_points
from games.expedition_5x.stages import revealed
from games.expedition_5x.state import ALONE, BID, CONTESTED, State
from games.expedition_5x.tableau import active_crystals, active_improvements

#: The die's faces (rulebook: Components), and its mean.
DIE = DIE_FACES
DIE_MEAN = sum(DIE) / len(DIE)
DRILL = {1: 4, 2: 2, 3: 1}  # water per Drill player, by how many played it
PLUNDER = {1: 2, 2: 1}  # water stolen from each Excavate/Expand player, by how many plundered
#: Samples of the others' unseen choices per decision: enough for stable estimates, cheap in CPU.
SAMPLES = 48
#: A guess at another clan's water, which stays behind its screen.
GUESSED_WATER = 5


def _public_hand(state: State, seat: str) -> list[str]:
    """The cards another seat may hold: every action card but its face-up discards (the hand itself is hidden)."""
    return [a for a in ACTIONS if a not in state.players[seat].discards]


def _others_actions(state: State, seat: str, rng: Rng) -> dict[str, str]:
    """One sample of the other seats' cards: revealed ones as shown, the rest uniformly from their public hands."""
    shown = revealed(state)
    return {s: shown.get(s) or rng.choice(_public_hand(state, s)) for s in state.seats if s != seat}


def _tech_value(state: State, seat: str, card: str) -> float:
    """A technology's worth to this seat in water: the crystal points its best placement adds, plus its corners."""
    deck, tableau = cards(), state.players[seat].tableau
    after = placement_value(tableau, best_placement(tableau, card, deck), deck)[0]
    before = crystal_points(active_crystals(tableau, deck))
    # Two water make a VP; a new corner pays perhaps once every other round for the rounds left.
    return 2.0 * (after - before) + 0.5 * (ROUNDS - state.round)


def _win_alone(bid: int) -> float:
    """The chance a lone bid beats the die."""
    return sum(1 for face in DIE if bid > face) / len(DIE)


def _win_contested(bid: int, rivals: int, cards_on_offer: int) -> float:
    """The chance a bid takes a card against rivals bidding evenly from 1 to a guessed water: no tie, high enough."""
    wins = total = 0
    for bids in product(range(1, GUESSED_WATER + 1), repeat=rivals):
        total += 1
        if bid in bids:
            continue  # equal bids leave the auction
        # Bids tied among rivals drop out too; we take a card when fewer than cards_on_offer clean bids beat ours.
        clean = [b for b in bids if bids.count(b) == 1]
        wins += sum(1 for b in clean if b > bid) < cards_on_offer
    return wins / total


def _best_bid(gain: float, most: int, rivals: int, cards_on_offer: int) -> tuple[int, float]:
    """The bid with the best expected water, and that value: win the card for the bid, or lose 1 water."""
    best, best_value = 1, float("-inf")
    for bid in range(1, most + 1):
        win = _win_alone(bid) if rivals == 0 else _win_contested(bid, rivals, cards_on_offer)
        value = win * (gain - bid) - (1 - win) * 1
        if value > best_value:
            best, best_value = bid, value
    return best, best_value


def _improvement_gain(state: State, seat: str, action: str, played: dict[str, str]) -> float:
    """Expected water from this seat's visible improvements for the action, given everyone's cards."""
    gain = 0.0
    for _card, side in active_improvements(state.players[seat].tableau, cards()):
        if side.action != action:
            continue
        if side.improvement == "water":
            gain += 1
        elif side.improvement == "die":
            gain += DIE_MEAN
        elif side.improvement == "count":
            gain += sum(1 for a in played.values() if a == side.target)
        else:
            gain += sum(1 for s, a in played.items() if s != seat and a == side.target)
    return gain


def _action_value(state: State, seat: str, action: str, played: dict[str, str], tech: float) -> float:
    """The water this action is worth in one sample of everyone's cards."""
    count = {a: sum(1 for x in played.values() if x == a) for a in ACTIONS}
    player = state.players[seat]
    value = _improvement_gain(state, seat, action, played)
    if action in ("excavate", "expand"):
        value -= count["plunder"] * PLUNDER.get(count["plunder"], 0)
    if action == "drill":
        value += DRILL.get(count["drill"], 0)
    elif action == "plunder":
        value += PLUNDER.get(count["plunder"], 0) * sum(
            1 for s, a in played.items() if s != seat and a in ("excavate", "expand"))
    elif action == "scout":
        value += DIE_MEAN + (0.5 if state.round < ROUNDS else 0.0)  # choosing last next round is worth a little
    elif action == "expand":
        # Cards back in hand are options for the rounds left; with few rounds left they are worth little.
        value += 0.9 * len(player.discards) * min(1.0, (ROUNDS - state.round) / 3)
    elif action == "excavate" and state.market:
        most = min(bid_limit(state, seat), max(1, int(tech)))
        value += _best_bid(tech, max(1, most), count["excavate"] - 1, len(state.market))[1]
    if action != "expand" and action != "excavate":
        value -= 0.3 * (ROUNDS - state.round > 0)  # a card spent until the next Expand
    return value


def _market_gain(state: State, seat: str) -> tuple[list[str], float]:
    """The market ranked for this seat, and the worth of its best card in water."""
    deck = cards()
    ranked = ranked_market(state.players[seat].tableau, state.market, deck)
    return ranked, (_tech_value(state, seat, ranked[0]) if ranked else 0.0)


def caretaker_decision(state: State, seat: str, rng: Rng) -> tuple[dict[str, Any], list[Reason]]:
    """The caretaker's order for the prompted seat, with one line per decision saying why.

    Every line is private: a bid is sealed, the action's line weighs the cards left in the hand against each other,
    and the worth of each counts the water behind the seat's screen.
    """
    ranked, tech = _market_gain(state, seat)
    if state.stage == BID:
        # The improvements have been used by now: the bid is at most the water behind the screen (and at least 1).
        most = max(1, state.players[seat].water)
        rivals = sum(1 for s, a in revealed(state).items() if s != seat and a == "excavate")
        bid, _value = _best_bid(tech, max(1, min(most, int(tech) or 1)), rivals, len(state.market))
        bid = max(1, min(bid, most))
        return {"bid": bid}, [Reason(f"Bid {bid}: the best market card is worth about {tech:.1f} water to us.")]
    most = bid_limit(state, seat)
    choices = playable(state, seat)
    samples = [_others_actions(state, seat, rng) for _ in range(SAMPLES)]
    totals = {a: sum(_action_value(state, seat, a, {**o, seat: a}, tech) for o in samples) / SAMPLES
              for a in choices}
    action = max(choices, key=lambda a: (totals[a], -ACTIONS.index(a)))
    reasons = [Reason(f"{action.capitalize()}: worth about {totals[action]:.1f} water against the others' likely "
                      f"cards ({', '.join(f'{a} {totals[a]:.1f}' for a in choices if a != action)}).")]
    order: dict[str, Any] = {"action": action}
    if action == "excavate":
        cap = max(1, min(most, int(tech) or 1))
        alone = max(1, min(_best_bid(tech, cap, 0, len(state.market))[0], most))
        contested = max(1, min(_best_bid(tech, cap, 1, len(state.market))[0], most))
        # Both cases bid in advance, so this seat is never asked after the reveal.
        order["bid"] = {ALONE: alone, CONTESTED: contested}
        order["wishes"] = list(ranked)
        reasons.append(Reason(f"Bids {alone} alone, {contested} contested; wants {', '.join(ranked)} in that order."))
    return order, reasons


def caretaker_order(state: State, seat: str, rng: Rng) -> dict[str, Any]:
    """The caretaker's order for the prompted seat."""
    return caretaker_decision(state, seat, rng)[0]


def caretaker_reasons(state: State, seat: str, rng: Rng) -> list[Reason]:
    """One line per decision saying why the caretaker's order is what it is."""
    return caretaker_decision(state, seat, rng)[1]


def caretaker_match(games: int, seats: tuple[str, ...] = ("anna", "ben", "cleo", "dan")) -> tuple[float, float]:
    """One caretaker seat against random robots over seeded games: its win rate (ties split), CPU s per decision."""
    from games.expedition_5x.game import Expedition5X

    game, wins, spent, decisions = Expedition5X(), 0.0, 0.0, 0
    for number in range(games):
        seed = f"caretaker-{number}"
        hero = seats[number % len(seats)]  # the caretaker sits in every position in turn
        state = game.setup(list(seats), {}, Rng.for_step(seed, 0))
        step = 0
        while (result := game.result(state)) is None:
            step += 1
            orders: dict[str, Any] = {}
            for prompt in game.prompts(state):
                rng = Rng.for_robot(seed, step, prompt.seat)
                if prompt.seat == hero:
                    began = time.process_time()
                    orders[hero] = caretaker_order(state, hero, rng)
                    spent, decisions = spent + time.process_time() - began, decisions + 1
                else:
                    orders[prompt.seat] = game.random_order(state, prompt.seat, rng)
            state = game.apply(state, orders, Rng.for_step(seed, step)).state
        if hero in result.winners:
            wins += 1 / len(result.winners)
    return wins / games, spent / max(1, decisions)
