"""Radicalize, Wakhan's one core action: which market card she buys (specific instructions, the Dominance Check
logic, or the red and black arrows with their fall-backs), and her ambition to buy a Dominance Check she wins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.words import counted
from games.pax.market import COLUMNS, ROWS
from games.pax_pamir import cards, market, names, queries
from games.pax_pamir.core import LEVERAGE_RUPEES
from games.pax_pamir.dominance import dominant_coalition
from games.pax_pamir.rules import RULES
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.deck import Reading
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty, ruler, would_win_check
from games.pax_pamir.wakhan.priority import cheapest_then_highest

Slot = tuple[int, int]


@dataclass(frozen=True)
class Pick:
    """The market card she will buy, where it lies, and why, in words."""

    row: int
    column: int
    card: int
    reason: str


def is_check(number: int) -> bool:
    """True for a Dominance Check card."""
    return queries.is_event(number) and cards.event_cards()[number].dominance_check


def buyable(state: GameState, seat: str) -> dict[Slot, int]:
    """Market slots she may buy now, with their cost: those the rules let anyone buy (affordable, not paid a rupee
    this turn, never Public Withdrawal), but never a Dominance Check (she buys one only out of ambition)."""
    return {(row, column): RULES.purchase_cost(state, seat, row, column)
            for row, column in RULES.purchasable(state, seat) if not is_check(state.market[row][column] or 0)}


def ambition(state: GameState, seat: str) -> Pick | None:
    """A Dominance Check she can buy now and would score the most points from (or win the game with)."""
    pick, _ = weigh_ambition(state, seat)
    return pick


def weigh_ambition(state: GameState, seat: str) -> tuple[Pick | None, list[str]]:
    """Her ambition: the Dominance Check she buys, if any, and why each check in the market was passed over."""
    paid = state.turn.paid if state.turn else []
    passed = []
    for row, column in market.dominance_checks_in_market(state):
        number = state.market[row][column]
        assert number is not None
        where = f"the Dominance Check in {'top' if row == 0 else 'bottom'} row column {column + 1}"
        cost = RULES.purchase_cost(state, seat, row, column)
        if number in paid:
            passed.append(f"{where} has a rupee she paid onto it this turn")
            continue
        if cost > state.players[seat].rupees:
            passed.append(f"{where} costs {cost}, more than her {state.players[seat].rupees} rupees")
            continue
        final = market.dominance_checks_left(state) == 1
        wins, why = would_win_check(state, seat, final, state.market_rupees[row][column] - cost)
        if wins:
            return Pick(row, column, number, f"Wakhan's ambition: {why}"), passed
        passed.append(f"{where}: {why}, so she would neither score the most nor win")
    return None, passed


def _icons(number: int, kinds: tuple[str, ...]) -> int:
    if queries.is_event(number):
        return 0
    return sum(1 for icon in queries.court_card(number).impact if icon in kinds)


def _leverage(number: int | None) -> int:
    """Rupees a card's leverage icons bring when she plays it (2 each), 0 for events."""
    if number is None or queries.is_event(number):
        return 0
    return LEVERAGE_RUPEES * queries.court_card(number).impact.count("leverage")


def _court(number: int) -> bool:
    return not queries.is_event(number)


def _pick_best(state: GameState, options: dict[Slot, int], score: Callable[[int], int], why: str) -> Pick | None:
    """The card with the highest score, then the cheapest, then the highest number."""
    if not options:
        return None
    numbers: dict[int, Slot] = {}
    for row, column in options:
        number = state.market[row][column]
        assert number is not None
        numbers[number] = (row, column)
    top = max(score(n) for n in numbers)
    costs = {n: options[slot] for n, slot in numbers.items() if score(n) == top}
    chosen = cheapest_then_highest(costs)
    assert chosen is not None
    row, column = numbers[chosen]
    return Pick(row, column, chosen, f"{why}; the cheapest ({costs[chosen]} rupees), highest number on ties")


def _filtered(state: GameState, seat: str, keep: Callable[[int], bool]) -> dict[Slot, int]:
    return {slot: cost for slot, cost in buyable(state, seat).items()
            if keep(state.market[slot[0]][slot[1]])}  # type: ignore[arg-type]


def _top_of_suit(state: GameState, seat: str, suit: str) -> Pick | None:
    options = _filtered(state, seat, lambda n: _court(n) and queries.court_card(n).suit == suit)
    return _pick_best(state, options, lambda n: queries.court_card(n).rank, f"the {suit} card of highest rank")


def gains_rule(state: GameState, seat: str, number: int, reading: Reading) -> bool:
    """True when playing court card `number` would make her the ruler of its region (she does not rule it now)."""
    card = queries.court_card(number)
    region = card.region
    if ruler(state, region) == seat:
        return False
    tribes = {s: state.tribes.get(region, {}).get(s, 0) for s in state.seats}
    tribes[seat] += card.impact.count("tribe")
    armies = dict(state.armies.get(region, {}))
    coalition = pragmatic_loyalty(state, reading, seat)
    armies[coalition] = armies.get(coalition, 0) + card.impact.count("army")
    if not tribes[seat]:
        return False
    mine = tribes[seat] + max(armies.values(), default=0)
    for other in state.seats:
        if other == seat:
            continue
        loyalty = state.players[other].loyalty
        if tribes[other] + (armies.get(loyalty, 0) if loyalty else 0) >= mine:
            return False
    return True


def unmet(state: GameState, seat: str, code: str) -> str | None:
    """Why a conditional radicalize code's condition does not hold now, or None when it holds (or has none)."""
    player = state.players[seat]
    if code == "radicalize_top_military_if_military_favored" and state.favored != "military":
        return f"military is not the favored suit ({state.favored} is)"
    if code == "radicalize_top_economic_if_political_favored" and state.favored != "political":
        return f"political is not the favored suit ({state.favored} is)"
    if code == "radicalize_top_political_if_court_full" and len(player.court) < queries.court_limit(state, seat):
        return f"her court holds {len(player.court)} of {queries.court_limit(state, seat)} cards, so it is not full"
    if code == "radicalize_top_intelligence_if_outspied":
        mine = sum(c.get(seat, 0) for c in state.spies.values())
        if not any(sum(c.get(s, 0) for c in state.spies.values()) > mine for s in state.seats if s != seat):
            return f"nobody has more spies in play than her {mine}"
    if code == "radicalize_richest_if_short_of_rupees" and player.rupees >= 2:
        return f"she holds {counted(player.rupees, 'rupee')}, not under two"
    if code == "radicalize_most_cylinders_if_no_dominance" and dominant_coalition(state) is not None:
        return f"the {names.coalition(dominant_coalition(state))} coalition is dominant"
    if code == "radicalize_move_card_if_none" and any("move" in queries.court_card(n).actions for n in player.court):
        return "her court already has a card with the move action"
    if code == "radicalize_dominant_patriot" and dominant_coalition(state) is None:
        return "no coalition is dominant"
    return None


def by_code(state: GameState, seat: str, code: str, reading: Reading) -> Pick | None:
    """The card a radicalize action code names, or None when its condition fails or no card fits."""
    if unmet(state, seat, code) is not None:
        return None
    if code == "radicalize_top_military_if_military_favored":
        return _top_of_suit(state, seat, "military")
    if code == "radicalize_top_economic_if_political_favored":
        return _top_of_suit(state, seat, "economic")
    if code in ("radicalize_top_political", "radicalize_top_political_if_court_full"):
        return _top_of_suit(state, seat, "political")
    if code in ("radicalize_top_intelligence", "radicalize_top_intelligence_if_outspied"):
        return _top_of_suit(state, seat, "intelligence")
    if code == "radicalize_richest_if_short_of_rupees":
        gain = {slot: state.market_rupees[slot[0]][slot[1]] - cost + _leverage(state.market[slot[0]][slot[1]])
                for slot, cost in buyable(state, seat).items()}
        options = {slot: cost for slot, cost in buyable(state, seat).items() if gain[slot] > 0}
        net = {state.market[r][c]: gain[(r, c)] for (r, c) in options}
        return _pick_best(state, options, lambda n: net[n], "the card bringing her the most rupees")
    if code == "radicalize_to_gain_rule":
        options = _filtered(state, seat, lambda n: _court(n) and gains_rule(state, seat, n, reading))
        return _pick_best(state, options, lambda n: 0, "a card whose play makes her the ruler of its region")
    if code == "radicalize_intelligence":
        options = _filtered(state, seat, lambda n: _court(n) and queries.court_card(n).suit == "intelligence")
        return _pick_best(state, options, lambda n: 0, "an intelligence card")
    if code == "radicalize_most_blocks":
        options = _filtered(state, seat, lambda n: _icons(n, ("army", "road")) > 0)
        return _pick_best(state, options, lambda n: _icons(n, ("army", "road")), "the most army and road icons")
    if code == "radicalize_most_cylinders_if_no_dominance":
        options = _filtered(state, seat, lambda n: _icons(n, ("spy", "tribe")) > 0)
        return _pick_best(state, options, lambda n: _icons(n, ("spy", "tribe")), "the most spy and tribe icons")
    if code == "radicalize_move_card_if_none":
        options = _filtered(state, seat, lambda n: _court(n) and "move" in queries.court_card(n).actions)
        return _pick_best(state, options, lambda n: 0, "she has no move card; a card with the move action")
    if code == "radicalize_dominant_patriot":
        dominant = dominant_coalition(state)
        options = _filtered(state, seat, lambda n: _court(n) and queries.court_card(n).patriot == dominant)
        return _pick_best(state, options, lambda n: 0, f"a patriot of the dominant {dominant} coalition")
    if code == "radicalize":
        return default_pick(state, seat, reading)
    raise ValueError(f"not a radicalize code: {code}")


def default_pick(state: GameState, seat: str, reading: Reading) -> Pick | None:
    """Radicalize without instructions: the Dominance Check logic when a check is in the market, else the arrows."""
    if market.dominance_checks_in_market(state):
        return by_dominance_logic(state, seat)
    return by_arrows(state, seat, reading)


def by_dominance_logic(state: GameState, seat: str) -> Pick | None:
    """With a Dominance Check in the market: the cheapest patriot of the dominant coalition, else the most army and
    road icons; with no dominant coalition, the most spy and tribe icons."""
    dominant = dominant_coalition(state)
    if dominant is not None:
        patriots = _filtered(state, seat, lambda n: _court(n) and queries.court_card(n).patriot == dominant)
        if patriots:
            return _pick_best(state, patriots, lambda n: 0,
                              f"a Dominance Check is in the market: a patriot of the dominant {dominant} coalition")
        return _pick_best(state, buyable(state, seat), lambda n: _icons(n, ("army", "road")),
                          f"a Dominance Check is in the market and {dominant} is dominant: the most army and road "
                          "icons")
    return _pick_best(state, buyable(state, seat), lambda n: _icons(n, ("spy", "tribe")),
                      "a Dominance Check is in the market and no coalition is dominant: the most spy and tribe icons")


def by_arrows(state: GameState, seat: str, reading: Reading) -> Pick | None:
    """The red arrow's row and black arrow's column; else the next valid card to the left; else the same column
    of the other row and leftwards from there."""
    options = buyable(state, seat)
    start_row, column = reading.row, reading.column
    row_name = ("top", "bottom")
    skipped: list[str] = []
    for row in (start_row, 1 - start_row):
        for col in range(column, -1, -1):
            if (row, col) in options:
                number = state.market[row][col]
                assert number is not None
                why = (f"the red arrow points to the {row_name[start_row]} row, the black arrow to {column} "
                       f"(column {column + 1})")
                if skipped:
                    why += f"; {'; '.join(skipped)}; so she took {row_name[row]} row column {col + 1}"
                return Pick(row, col, number, why)
            number = state.market[row][col]
            what = f" ({market_title(number)})" if number is not None else ""
            skipped.append(f"{row_name[row]} row column {col + 1}{what} {_why_not(state, seat, row, col)}")
    return None


def market_title(number: int) -> str:
    """A market card's name, or an event's title."""
    return f"the event {cards.title(number)}" if queries.is_event(number) else cards.title(number)


def _why_not(state: GameState, seat: str, row: int, column: int) -> str:
    number = state.market[row][column]
    if number is None:
        return "was empty"
    if state.turn and number in state.turn.paid:
        return "had a rupee she paid onto it this turn, so she may not buy it"
    if market.is_public_withdrawal(number):
        return "may never be bought"
    if is_check(number):
        return "was a Dominance Check, which she buys only when she would score the most from it or win by it"
    return f"cost {RULES.purchase_cost(state, seat, row, column)}, more than her {state.players[seat].rupees} rupees"


assert ROWS == 2 and COLUMNS == 6  # the arrows are printed for a two-row, six-column market
