"""Phases III and IV: improvements, then each basic action in activation order, then discards."""

from __future__ import annotations

from engine.contract import Event
from engine.rng import Rng
from games.expedition_5x.auction import hold_auction
from games.expedition_5x.cards import ACTIONS, DIE_FACES, Cards, Side
from games.expedition_5x.ledger import change, note
from games.expedition_5x.state import Choice, State
from games.expedition_5x.tableau import active_improvements

#: Drill: water for each driller by the number of players who played Drill (4 or more get nothing).
DRILL_TABLE: dict[int, int] = {1: 4, 2: 2, 3: 1}
#: Plunder: water taken from each Excavate and Expand player by the number of plunderers (3+: nothing).
PLUNDER_TABLE: dict[int, int] = {1: 2, 2: 1}


def _improve(state: State, seat: str, card: str, side: Side, played: dict[str, str], rng: Rng, deck: Cards,
             events: list[Event]) -> None:
    """Use one visible improvement of the action just played."""
    label = f"{seat}'s {deck.name(card)} ({card})"
    if side.improvement == "water":
        change(state, events, {seat: 1}, f"{label} gives 1 water.", "improve")
    elif side.improvement == "die":
        roll = rng.roll(DIE_FACES)
        change(state, events, {seat: roll}, f"{label} rolls {roll} and gives {roll} water.", "improve", roll=roll)
    elif side.improvement == "count":
        count = sum(1 for a in played.values() if a == side.target)
        change(state, events, {seat: count},
               f"{label} gives 1 water per {str(side.target).capitalize()} card played: {count}.", "improve")
    else:
        # Steals resolve one thief at a time in seating order; a player with no water has nothing to give.
        victims = [s for s in state.seats if played[s] == side.target and s != seat]
        note(events, f"{label} steals 1 water from each other {str(side.target).capitalize()} player: "
             f"{', '.join(victims) or 'there is none'}.", "steal")
        for victim in victims:
            taken = min(1, state.players[victim].water)
            text = f"{victim} gives {seat} 1 water." if taken else f"{victim} has no water for {seat} to steal."
            change(state, events, {victim: -taken, seat: taken}, text, "steal", to=(seat, victim))


def _drill(state: State, drillers: list[str], events: list[Event]) -> None:
    each = DRILL_TABLE.get(len(drillers), 0)
    for seat in drillers:
        change(state, events, {seat: each}, f"{seat} drills and takes {each} water "
               f"({len(drillers)} player{'s' if len(drillers) > 1 else ''} drilled).", "drill")


def _plunder(state: State, plunderers: list[str], played: dict[str, str], events: list[Event]) -> None:
    each = PLUNDER_TABLE.get(len(plunderers), 0)
    victims = [s for s in state.seats if played[s] in ("excavate", "expand")]
    for seat in plunderers:
        if not victims or not each:
            note(events, f"{seat} plunders but takes nothing "
                 f"({'no Excavate or Expand player' if not victims else f'{len(plunderers)} plunderers'}).", "plunder")
            continue
        for victim in victims:
            # The plunderer always gets the full amount; what the victim lacks comes from the supply.
            change(state, events, {seat: each}, f"{seat} plunders {each} water from {victim}.", "plunder")
            taken = min(each, state.players[victim].water)
            text = f"{victim} hands over {taken} water" + (
                f" and the supply adds {each - taken}." if taken < each else ".")
            change(state, events, {victim: -taken}, text, "plundered", to=(seat, victim))


def _scout(state: State, seat: str, rng: Rng, events: list[Event]) -> None:
    roll = rng.roll(DIE_FACES)
    change(state, events, {seat: roll}, f"{seat} scouts, rolls {roll} and takes {roll} water; "
           "next round they choose after the others.", "scout", roll=roll)


def resolve_round(state: State, choices: dict[str, Choice], rng: Rng, deck: Cards) -> list[Event]:
    """Reveal every card, perform the actions in activation order and discard; `state` is changed in place."""
    events: list[Event] = []
    played = {seat: choices[seat].action for seat in state.seats}
    note(events, f"Round {state.round}: the cards are revealed: "
         + ", ".join(f"{s} {played[s].capitalize()}" for s in state.seats) + ".", "played", played=dict(played))
    for seat in state.seats:
        state.players[seat].hand.remove(played[seat])
    won: set[str] = set()
    for action in ACTIONS:
        actors = [s for s in state.seats if played[s] == action]
        if not actors:
            continue
        for seat in actors:
            for card, side in active_improvements(state.players[seat].tableau, deck):
                if side.action == action:
                    _improve(state, seat, card, side, played, rng, deck, events)
        if action == "excavate":
            won = hold_auction(state, actors, choices, rng, deck, events)
        elif action == "drill":
            _drill(state, actors, events)
        elif action == "plunder":
            _plunder(state, actors, played, events)
        elif action == "scout":
            for seat in actors:
                _scout(state, seat, rng, events)
        else:
            for seat in actors:
                note(events, f"{seat} expands and takes back every discarded action card.", "expand")
    _discard(state, played, won)
    return events


def _discard(state: State, played: dict[str, str], won: set[str]) -> None:
    """Phase IV: played cards go to the discard pile, except Excavate without a win and Expand."""
    for seat in state.seats:
        player, action = state.players[seat], played[seat]
        if action == "expand":
            player.hand, player.discards = list(ACTIONS), []
        elif action == "excavate" and seat not in won:
            player.hand = [a for a in ACTIONS if a in (*player.hand, action)]
        else:
            player.discards.append(action)
        player.late = action == "scout"
