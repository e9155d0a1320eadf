"""Read-only questions about the state: stars, influence, the favored suit, abilities and effects in force."""

from __future__ import annotations

from games.pax_pamir import cards
from games.pax_pamir.cards import CourtCard
from games.pax_pamir.seats import seat_rules
from games.pax_pamir.state import BLOCKS, CYLINDERS, GameState

#: Abilities that make their own card count as being of the favored suit.
ALWAYS_FAVORED = ("savvy_operator", "irregulars")


def court_card(number: int) -> CourtCard:
    """The court card with this number."""
    found = cards.court_cards()[number]
    return found


def is_event(number: int) -> bool:
    """True for the 16 event cards."""
    return number in cards.event_cards()


def has_ability(state: GameState, seat: str, ability: str) -> bool:
    """True when a card with `ability` is in `seat`'s court (abilities are never held hostage)."""
    return any(court_card(n).ability == ability for n in state.players[seat].court)


def effect(state: GameState, effect_id: str, seat: str | None = None) -> bool:
    """True when a persistent event effect is in force (bought by `seat`, when given)."""
    return any(e.id == effect_id and (seat is None or e.seat == seat) for e in state.effects)


def is_favored(state: GameState, seat: str, number: int) -> bool:
    """True when this card of `seat`'s court counts as the favored suit (bonus action)."""
    card = court_card(number)
    if card.suit == state.favored or card.ability in ALWAYS_FAVORED:
        return True
    # New Tactics: the buyer's military cards count as favored until the next Dominance Check.
    return card.suit == "military" and effect(state, "new_tactics", seat)


def stars(state: GameState, seat: str, suit: str) -> int:
    """Sum of the ranks of `seat`'s court cards of `suit`."""
    return sum(court_card(n).rank for n in state.players[seat].court if court_card(n).suit == suit)


def court_limit(state: GameState, seat: str) -> int:
    """Three plus the political stars in `seat`'s court."""
    return 3 + stars(state, seat, "political")


def hand_limit(state: GameState, seat: str) -> int:
    """Two plus the intelligence stars in `seat`'s court."""
    return 2 + stars(state, seat, "intelligence")


def tax_shelter(state: GameState, seat: str) -> int:
    """Rupees `seat` keeps safe from the Tax action: the economic stars in their court."""
    return stars(state, seat, "economic")


def patriots(state: GameState, seat: str) -> list[int]:
    """The patriots in `seat`'s court."""
    return [n for n in state.players[seat].court if court_card(n).patriot is not None]


def influence(state: GameState, seat: str, coalition: str | None = None) -> int:
    """One, plus patriots in court, prizes and gifts, as changed by event effects in force.

    With `coalition` given, a seat loyal to several coalitions (Wakhan) counts only its patriots and prizes of
    that coalition (seats.SeatRules.counts_toward); gifts count for all.
    """
    player = state.players[seat]
    gift_value = 1
    if effect(state, "embarrassment_of_riches"):
        gift_value = 0
    elif effect(state, "koh_i_noor_recovered", seat):
        gift_value = 2
    rules = seat_rules(state, seat)
    patriot_count = sum(1 for n in patriots(state, seat) if rules.counts_toward(court_card(n).patriot, coalition))
    prize_count = sum(1 for n in player.prizes if rules.counts_toward(court_card(n).prize, coalition))
    if any(e.id == "rumor" and e.target == seat for e in state.effects):
        patriot_count = 0
    return 1 + patriot_count + prize_count + gift_value * len(player.gifts)


def cylinders_in_supply(state: GameState, seat: str) -> int:
    """`seat`'s cylinders not in play (tribes, spies and gifts are in play)."""
    return CYLINDERS - cylinders_in_play(state, seat)


def cylinders_in_play(state: GameState, seat: str) -> int:
    """`seat`'s tribes, spies and gifts."""
    tribes = sum(c.get(seat, 0) for c in state.tribes.values())
    spies = sum(c.get(seat, 0) for c in state.spies.values())
    return tribes + spies + len(state.players[seat].gifts)


def blocks_in_play(state: GameState, coalition: str) -> int:
    """Armies and roads of `coalition` on the map."""
    armies = sum(c.get(coalition, 0) for c in state.armies.values())
    roads = sum(c.get(coalition, 0) for c in state.roads.values())
    return armies + roads


def blocks_in_supply(state: GameState, coalition: str) -> int:
    """Blocks of `coalition` still in the supply."""
    return BLOCKS - blocks_in_play(state, coalition)


def spies_on(state: GameState, number: int) -> dict[str, int]:
    """Spies on a court card, by seat."""
    return state.spies.get(str(number), {})


def owner_of(state: GameState, number: int) -> str | None:
    """The seat whose court holds this card, if any."""
    for seat in state.seats:
        if number in state.players[seat].court:
            return seat
    return None


def courts_in_order(state: GameState) -> list[int]:
    """Every court card around the table, seat by seat in seating order, each court left to right.

    Spies travel along this track as if it were one continuous loop.
    """
    return [n for seat in state.seats for n in state.players[seat].court]


def bribes_waived(state: GameState, payer: str, kind: str) -> bool:
    """True when `payer` owes no bribe of this kind ("play" or "hostage") because of an ability or event."""
    if effect(state, "disregard_for_customs"):
        return True
    if kind == "play":
        return has_ability(state, payer, "charismatic_courtiers")
    return has_ability(state, payer, "civil_service_reforms")


def may_decline_bribes(state: GameState, payer: str) -> bool:
    """True when `payer`'s Courtly Manners lets them decline a bribe and act as if it were paid (their choice)."""
    return effect(state, "courtly_manners", payer)
