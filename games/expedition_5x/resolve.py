"""Phases III and IV: improvements, then each basic action in activation order, then discards."""

from __future__ import annotations

from engine.contract import Event
from engine.rng import Rng
from engine.words import counted
from games.expedition_5x.auction import hold_auction
from games.expedition_5x.cards import ACTIONS, DIE_FACES, ROUNDS, Cards, Side
from games.expedition_5x.ledger import change, note
from games.expedition_5x.state import Choice, State
from games.expedition_5x.tableau import active_improvements

#: Drill: water for each driller by the number of players who played Drill (4 or more get nothing).
DRILL_TABLE: dict[int, int] = {1: 4, 2: 2, 3: 1}
#: Plunder: water taken from each Excavate and Expand player by the number of plunderers (3+: nothing).
PLUNDER_TABLE: dict[int, int] = {1: 2, 2: 1}


def _improve(state: State, seat: str, card: str, side: Side, played: dict[str, str], rng: Rng, deck: Cards,
             events: list[Event]) -> None:
    """Use one visible improvement that takes water from the supply (every type but steal)."""
    label = f"{seat}'s {deck.name(card)} ({card})"
    if side.improvement == "water":
        change(state, events, {seat: 1}, f"{label} gives 1 water.", "improve")
    elif side.improvement == "die":
        roll = rng.roll(DIE_FACES)
        change(state, events, {seat: roll}, f"{label} rolls {roll} and gives {roll} water.", "improve", roll=roll)
    else:
        count = sum(1 for a in played.values() if a == side.target)
        change(state, events, {seat: count},
               f"{label} gives 1 water per {str(side.target).capitalize()} card played: {count}.", "improve")


def _steal(state: State, thefts: list[tuple[str, str, Side]], played: dict[str, str], rng: Rng, deck: Cards,
           events: list[Event]) -> None:
    """Resolve every steal improvement of one action at once, on the water as it stood before any of them."""
    # The thieves act simultaneously, so no seat is favoured: a victim who can pay every claim pays them all;
    # one who cannot pays what they have to thieves drawn by lot (the rulebook's "in turn, in any order").
    claims: dict[str, list[str]] = {}
    for thief, card, side in thefts:
        victims = [s for s in state.seats if played[s] == side.target and s != thief]
        note(events, f"{thief}'s {deck.name(card)} ({card}) steals 1 water from each other "
             f"{str(side.target).capitalize()} player: {', '.join(victims) or 'there is none'}.", "steal")
        for victim in victims:
            claims.setdefault(victim, []).append(thief)
    payments: list[tuple[str, str, int]] = []
    for victim in state.seats:
        thieves = claims.get(victim, [])
        water = state.players[victim].water
        if len(thieves) > water:
            thieves = list(thieves)
            rng.shuffle(thieves)  # a lot decides who is paid when there is not enough for everyone
        payments += [(victim, thief, 1 if index < water else 0) for index, thief in enumerate(thieves)]
    for victim, thief, taken in payments:
        text = f"{victim} gives {thief} 1 water." if taken else f"{victim} has no water left for {thief} to steal."
        change(state, events, {victim: -taken, thief: taken}, text, "steal", to=(thief, victim))


def _drill(state: State, drillers: list[str], events: list[Event]) -> None:
    each = DRILL_TABLE.get(len(drillers), 0)
    for seat in drillers:
        change(state, events, {seat: each}, f"{seat} drills and takes {each} water "
               f"({counted(len(drillers), 'player')} drilled).", "drill")


def _plunder(state: State, plunderers: list[str], played: dict[str, str], events: list[Event]) -> None:
    """Every plunderer receives the table's amount from each Excavate and Expand player, all at once."""
    each = PLUNDER_TABLE.get(len(plunderers), 0)
    victims = [s for s in state.seats if played[s] in ("excavate", "expand")]
    if not victims or not each:
        why = "no Excavate or Expand player" if not victims else counted(len(plunderers), "plunderer")
        for seat in plunderers:
            note(events, f"{seat} plunders but takes nothing ({why}).", "plunder")
        return
    for seat in plunderers:
        for victim in victims:
            change(state, events, {seat: each}, f"{seat} plunders {each} water from {victim}.", "plunder")
    for victim in victims:
        # The plunderers always get the full amount; what the victim lacks comes from the supply. One total
        # per victim, so the outcome does not depend on the seating order of the plunderers.
        owed = each * len(plunderers)
        taken = min(owed, state.players[victim].water)
        text = (f"{victim} hands over {taken} of the {owed} water plundered and the supply adds {owed - taken}."
                if taken < owed else f"{victim} hands over all {owed} water plundered.")
        change(state, events, {victim: -taken}, text, "plundered", to=(*plunderers, victim))


def _scout(state: State, seat: str, rng: Rng, events: list[Event]) -> None:
    roll = rng.roll(DIE_FACES)
    later = "next round they choose after the others" if state.round < ROUNDS else "there is no next round"
    change(state, events, {seat: roll}, f"{seat} scouts, rolls {roll} and takes {roll} water; {later}.", "scout",
           roll=roll)


def _use_improvements(state: State, action: str, actors: list[str], played: dict[str, str], rng: Rng, deck: Cards,
                      events: list[Event]) -> None:
    """Phase III/I for one action card: its players use their visible improvements simultaneously."""
    thefts: list[tuple[str, str, Side]] = []
    for seat in actors:
        for card, side in active_improvements(state.players[seat].tableau, deck):
            if side.action != action:
                continue
            if side.improvement == "steal":
                thefts.append((seat, card, side))
            else:
                _improve(state, seat, card, side, played, rng, deck, events)
    if thefts:
        _steal(state, thefts, played, rng, deck, events)


def reveal_cards(state: State, choices: dict[str, Choice], rng: Rng, deck: Cards) -> list[Event]:
    """Reveal every card and use the Excavate improvements, which come before the auction's bids."""
    events: list[Event] = []
    played = {seat: choices[seat].action for seat in state.seats}
    note(events, f"Round {state.round}: the cards are revealed: "
         + ", ".join(f"{s} {played[s].capitalize()}" for s in state.seats) + ".", "played", played=dict(played))
    for seat in state.seats:
        state.players[seat].hand.remove(played[seat])
    excavators = [s for s in state.seats if played[s] == "excavate"]
    if excavators:
        _use_improvements(state, "excavate", excavators, played, rng, deck, events)
    return events


def finish_round(state: State, choices: dict[str, Choice], rng: Rng, deck: Cards) -> list[Event]:
    """After the reveal: the auction (every bid known), the other actions in activation order, the discards."""
    events: list[Event] = []
    played = {seat: choices[seat].action for seat in state.seats}
    won: set[str] = set()
    for action in ACTIONS:
        actors = [s for s in state.seats if played[s] == action]
        if not actors:
            continue
        if action == "excavate":  # its improvements were used at the reveal, before the bids
            won = hold_auction(state, actors, choices, rng, deck, events)
            continue
        # Improvements come before the basic action; the players of one card use theirs simultaneously.
        _use_improvements(state, action, actors, played, rng, deck, events)
        if action == "drill":
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
