"""Expedition to 5X as an engine.contract.Game: setup, prompts, check, apply, view and the final count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import (
    Bench,
    Demo,
    Event,
    GameBase,
    Order,
    Picture,
    Problem,
    Prompt,
    Reason,
    RejectedOrder,
    Result,
    Step,
)
from engine.rng import Rng
from engine.spelling import reading_lines
from games.expedition_5x import spelling
from games.expedition_5x.cards import ACTIONS, ROUNDS, STARTING_WATER, Cards, cards
from games.expedition_5x.ledger import note
from games.expedition_5x.market import reveal_technology
from games.expedition_5x.order_template import order_template
from games.expedition_5x.orders import auction_words, check_order
from games.expedition_5x.resolve import finish_round, reveal_cards
from games.expedition_5x.robots import default_order, random_order
from games.expedition_5x.scoring import crystal_points, water_points
from games.expedition_5x.stages import due_seats, has_scout_stage, unbid
from games.expedition_5x.state import (
    BID,
    CHOOSE,
    OVER,
    SCOUT,
    Choice,
    Group,
    Player,
    State,
    decode_state,
    encode_state,
)
from games.expedition_5x.tableau import active_crystals
from games.expedition_5x.views import build_view, label


class Expedition5X(GameBase):
    """The rules of Expedition to 5X for 3 to 5 clans over 15 rounds."""

    id = "expedition-5x"
    title = "Expedition to 5X"
    player_counts = range(3, 6)
    #: Every seat acts every step, so the demo renders (and mails) every step of a 4-player game.
    demo = Demo(folder="expedition", seats=4)
    #: Every seat owes orders at once: the report bench reads four reports a step, the mail bench mails every seat.
    bench = Bench(reports=True, mail_intake=True, turn_kinds=frozenset({"action"}))

    def __init__(self) -> None:
        #: The caretaker's last order for each seat (as repr) with its reasons, until they are asked for.
        self._reasons: dict[str, tuple[str, list[Reason]]] = {}

    @property
    def palette(self) -> Mapping[str, str]:
        """The crystals' and cards' colours (games.expedition_5x.palette)."""
        from games.expedition_5x import palette

        return palette.palette()

    def pictures(self) -> Mapping[str, Picture]:
        """A card on its own and a group of a play area, as report templates draw them."""
        from games.expedition_5x import draw  # drawing code is loaded only when a report draws

        return {"x5_card_svg": Picture(draw.single, "x5-svg"), "x5_group_svg": Picture(draw.group, "x5-svg x5-group")}

    def seat_counts(self, options: Mapping[str, Any]) -> range:
        """Options change nothing here: always player_counts."""
        return self.player_counts

    def setup(self, seats: Sequence[str], options: Mapping[str, Any], rng: Rng) -> State:
        """Deal action cards, water and a random settlement each; shuffle the face-up deck; reveal round 1."""
        seats = [str(s) for s in seats]
        if len(seats) not in self.player_counts or len(set(seats)) != len(seats):
            raise ValueError(f"Expedition to 5X needs 3 to 5 distinct seats, not {seats}")
        deck = cards()
        technologies = sorted(deck.technologies)
        rng.shuffle(technologies)
        settlements = rng.sample(sorted(deck.settlements), len(seats))
        players = {
            seat: Player(STARTING_WATER, list(ACTIONS), [], settlement, [Group([settlement])])
            for seat, settlement in zip(seats, settlements, strict=True)
        }
        state = State(seats, 1, CHOOSE, technologies, [], [], players)
        reveal_technology(state, deck, [])
        return state

    def prompts(self, state: State) -> list[Prompt]:
        """The decisions owed now: everyone's card (or the non-scouts', then the scouts'), then missing bids."""
        if state.stage == BID:
            return [Prompt(seat, "bid", f"Round {state.round}: the cards are revealed and {auction_words(state, seat)}."
                           f" Your order gave no bid for this auction: send bid: N, from 1 to your "
                           f"{state.players[seat].water} water.") for seat in due_seats(state)]
        if state.stage == SCOUT:
            shown = ", ".join(f"{s} {c.action.capitalize()}" for s, c in state.pending.items())
            text = f"Round {state.round}: you scouted, so you choose now that the others have revealed: {shown}."
            return [Prompt(seat, "scout", text) for seat in due_seats(state)]
        return [Prompt(seat, "action", f"Round {state.round}: choose your action card.") for seat in due_seats(state)]

    def check(self, state: State, seat: str, order: Order) -> list[Problem]:
        """Every problem with the order (empty when it is good)."""
        return check_order(state, seat, order)[0]

    def warnings(self, state: State, seat: str, order: Order) -> list[str]:
        """How the order's words were read ("`Drill` is read as `drill`.")."""
        return reading_lines(spelling.read(order)[1])

    def _choices(self, state: State, orders: Mapping[str, Order]) -> dict[str, Choice]:
        due = due_seats(state)
        for seat in orders:
            if seat not in due:
                raise RejectedOrder(seat, [Problem((), "this seat owes no order now")])
        choices = {}
        for seat in due:
            if seat not in orders:
                raise RejectedOrder(seat, [Problem((), "no order was handed in for this seat")])
            problems, choice = check_order(state, seat, orders[seat])
            if problems or choice is None:
                raise RejectedOrder(seat, problems)
            choices[seat] = choice
        return choices

    def apply(self, state: State, orders: Mapping[str, Order], rng: Rng) -> Step:
        """Resolve one step: hold choices for the scouts, ask the bids left open, or resolve the whole round."""
        if state.stage == BID:
            return self._bid(state, orders, rng)
        choices = self._choices(state, orders)
        new, deck = state.clone(), cards()
        if new.stage == CHOOSE and has_scout_stage(new):
            new.pending, new.stage = choices, SCOUT
            shown = ", ".join(f"{s} {c.action.capitalize()}" for s, c in choices.items())
            scouts = ", ".join(s for s in new.seats if s not in choices)
            events: list[Event] = []
            note(events, f"Round {new.round}: revealed so far: {shown}. Last round's scouts ({scouts}) choose now.",
                 "revealed", played={s: c.action for s, c in choices.items()})
            return Step(new, events)
        everyone = {**new.pending, **choices}
        events = reveal_cards(new, everyone, rng, deck)
        waiting = unbid(new.seats, everyone)
        if waiting:
            # The bids come after the reveal: whoever left this auction's case open is asked now.
            new.pending, new.stage = everyone, BID
            note(events, f"Round {new.round}: the Excavate players bid now; waiting for {', '.join(waiting)}.",
                 "bidding", seats=waiting)
            return Step(new, events)
        return Step(new, events + self._finish(new, everyone, rng, deck))

    def _bid(self, state: State, orders: Mapping[str, Order], rng: Rng) -> Step:
        """The bid stage: the missing bids complete the held choices, and the round goes on from the auction."""
        choices = self._choices(state, orders)
        new, deck = state.clone(), cards()
        everyone = {**new.pending, **choices}
        return Step(new, self._finish(new, everyone, rng, deck))

    def _finish(self, new: State, everyone: dict[str, Choice], rng: Rng, deck: Cards) -> list[Event]:
        """From the auction to the end of the round, then the next round's reveal or the final count."""
        events = finish_round(new, everyone, rng, deck)
        new.pending = {}
        new.last_played = {s: everyone[s].action for s in new.seats}
        if new.round >= ROUNDS:
            new.stage = OVER
            for player in new.players.values():
                player.late = False  # there is no next round to choose late in
            final = self.result(new)
            assert final is not None
            note(events, "The game is over. " + "; ".join(
                f"{s}: {final.scores[s]} VP ({final.detail[s]['crystal_points']} for crystals, "
                f"{new.players[s].water} water)" for s in new.seats) + f". Winner: {', '.join(final.winners)}.",
                "end", scores=dict(final.scores), winners=list(final.winners))
        else:
            new.round += 1
            new.stage = CHOOSE
            reveal_technology(new, deck, events)
        return events

    def default_order(self, state: State, seat: str) -> Order:
        """Drill when it is in hand, otherwise Expand; a missed bid bids 1: the safe choices for a missed deadline."""
        return default_order(state, seat)

    def random_order(self, state: State, seat: str, rng: Rng) -> Order:
        """A random legal order."""
        return random_order(state, seat, rng)

    def caretaker_order(self, state: State, seat: str, rng: Rng) -> Order | None:
        """An order meant to win, from what `seat` may see (caretaker.py)."""
        from games.expedition_5x import caretaker

        order, reasons = caretaker.caretaker_decision(state, seat, rng)
        # The reasons come from the same samples as the order; keep them for the caretaker_reasons call that
        # follows, since they cannot be told again from the order alone without the stream that made it.
        self._reasons[seat] = (repr(order), reasons)
        return order

    def caretaker_reasons(self, state: State, seat: str, order: Order) -> list[Reason]:
        """Why the caretaker chose `order` (kept by caretaker_order); none for an order it did not make."""
        made, reasons = self._reasons.pop(seat, ("", []))
        return reasons if made == repr(order) else []

    def template(self, state: State, seat: str) -> str:
        """The pre-filled YAML order body."""
        return order_template(state, seat)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """What this seat may see."""
        final = self.result(state)
        detail = None if final is None else {
            "scores": dict(final.scores), "winners": list(final.winners), "detail": dict(final.detail)}
        return build_view(state, seat, cards(), detail)

    def label(self, state: State) -> str:
        """"round 3", "round 3, scouts choose", "round 3, bids" or "game over"."""
        return label(state)

    def scores(self, state: State) -> dict[str, int]:
        """Crystal points so far (water is behind the screens); the final totals once the game is over."""
        final = self.result(state)
        if final is not None:
            return dict(final.scores)
        return {s: crystal_points(active_crystals(state.players[s].tableau, cards())) for s in state.seats}

    def result(self, state: State) -> Result | None:
        """Crystals plus a point per 2 water; ties go to the most water, then the victory is shared."""
        if state.stage != OVER:
            return None
        detail: dict[str, Any] = {}
        scores: dict[str, int] = {}
        for seat in state.seats:
            player = state.players[seat]
            crystals = active_crystals(player.tableau, cards())
            detail[seat] = {"crystal_points": crystal_points(crystals), "crystals": sorted(crystals),
                            "water": player.water, "water_points": water_points(player.water)}
            scores[seat] = detail[seat]["crystal_points"] + detail[seat]["water_points"]
        best = max((scores[s], state.players[s].water) for s in state.seats)
        winners = tuple(s for s in state.seats if (scores[s], state.players[s].water) == best)
        return Result(scores, winners, detail)

    def encode(self, state: State) -> dict[str, Any]:
        """Canonical JSON-compatible data."""
        return encode_state(state)

    def decode(self, data: Mapping[str, Any]) -> State:
        """The state from encoded data."""
        return decode_state(data)
